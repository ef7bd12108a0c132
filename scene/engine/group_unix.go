//go:build unix

package engine

import (
	"os/exec"
	"syscall"
)

// ownGroup makes the child the leader of its own process group, so that
// killGroup reaches everything it starts.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the child's whole process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // ESRCH: already gone
	}
}
