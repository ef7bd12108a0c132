package engine

// Helpers only the tests use (no caller outside the tests).

// Pgid returns the engine's process group id (its pid), 0 when it never
// started.
func (p *Process) Pgid() int {
	if p.cmd == nil || p.cmd.Process == nil {
		return 0
	}
	return p.cmd.Process.Pid
}
