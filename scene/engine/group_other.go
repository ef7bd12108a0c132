//go:build !unix && !windows

package engine

import "os/exec"

// group is the engine process alone where there are neither process
// groups nor job objects.
type group struct{ cmd *exec.Cmd }

func (g *group) prepare(cmd *exec.Cmd) { g.cmd = cmd }
func (g *group) started() error        { return nil }

// kill kills the child (only it).
func (g *group) kill() {
	if g.cmd != nil && g.cmd.Process != nil {
		_ = g.cmd.Process.Kill()
	}
}
