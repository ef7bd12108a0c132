//go:build unix

package engine

import (
	"os/exec"
	"syscall"
)

// group is the engine's process group: the child leads a group of its own,
// so that kill reaches everything it starts (a shell and its children, a
// language runtime's helpers). See docs/platforms.md.
type group struct{ cmd *exec.Cmd }

// prepare makes cmd, not yet started, the leader of a new process group.
func (g *group) prepare(cmd *exec.Cmd) {
	g.cmd = cmd
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// started does nothing: the group exists from the child's first
// instruction.
func (g *group) started() error { return nil }

// kill kills the whole process group.
func (g *group) kill() {
	if g.cmd != nil && g.cmd.Process != nil {
		_ = syscall.Kill(-g.cmd.Process.Pid, syscall.SIGKILL) // ESRCH: already gone
	}
}
