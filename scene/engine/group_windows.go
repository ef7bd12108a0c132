package engine

import (
	"fmt"
	"os/exec"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// group is a Windows Job object holding the engine and every process it
// starts (children join their parent's job), so that kill ends them all,
// as a process group does on Unix. The job is made to kill its processes
// when its last handle closes, so engines die with the debugger even if
// it crashes. See docs/platforms.md.
//
// The child is assigned to the job just after it starts; a process it
// creates in that first instant escapes the job (os/exec cannot start a
// child suspended). An engine adapter does not fork before reading its
// first request, so this is reasoned safe, not tested here.
type group struct {
	cmd *exec.Cmd
	job windows.Handle
}

// prepare starts cmd without a console window of its own (the engine
// talks through pipes; a GUI debugger would otherwise flash one).
func (g *group) prepare(cmd *exec.Cmd) {
	g.cmd = cmd
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: windows.CREATE_NO_WINDOW}
}

// started puts the running child into a new kill-on-close job.
func (g *group) started() error {
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return fmt.Errorf("create job object: %w", err)
	}
	info := windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION{}
	info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	if _, err := windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		windows.CloseHandle(job)
		return fmt.Errorf("set job object limits: %w", err)
	}
	h, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, uint32(g.cmd.Process.Pid))
	if err == nil {
		err = windows.AssignProcessToJobObject(job, h)
		windows.CloseHandle(h)
	}
	if err != nil {
		windows.CloseHandle(job)
		return fmt.Errorf("assign the engine to its job object: %w", err)
	}
	g.job = job
	return nil
}

// kill ends every process in the job (or the child alone when it never
// joined one).
func (g *group) kill() {
	if g.job != 0 {
		_ = windows.TerminateJobObject(g.job, 1)
		_ = windows.CloseHandle(g.job)
		g.job = 0
	}
	if g.cmd != nil && g.cmd.Process != nil {
		_ = g.cmd.Process.Kill() // already gone when the job held it
	}
}
