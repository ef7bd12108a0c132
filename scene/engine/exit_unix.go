//go:build unix

package engine

import (
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// signalName is the name of the signal that killed the process, e.g.
// "SIGSEGV"; "" when it exited.
func signalName(ps *os.ProcessState) string {
	ws, ok := ps.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return ""
	}
	if name := unix.SignalName(ws.Signal()); name != "" {
		return name
	}
	return ws.Signal().String()
}
