package engine

import "golang.org/x/sys/windows"

// groupGone reports whether the engine process pid has exited (its job's
// other processes die with it: JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE).
func groupGone(pid int) bool {
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		return true // no such process
	}
	defer windows.CloseHandle(h)
	var code uint32
	if windows.GetExitCodeProcess(h, &code) != nil {
		return false
	}
	const stillActive = 259 // STILL_ACTIVE
	return code != stillActive
}
