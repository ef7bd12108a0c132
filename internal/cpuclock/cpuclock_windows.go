package cpuclock

import (
	"syscall"
	"time"
)

// process reads GetProcessTimes: kernel and user time in 100 ns units.
func process() (time.Duration, bool) {
	h, err := syscall.GetCurrentProcess()
	if err != nil {
		return 0, false
	}
	var created, exited, kernel, user syscall.Filetime
	if err := syscall.GetProcessTimes(h, &created, &exited, &kernel, &user); err != nil {
		return 0, false
	}
	return time.Duration(kernel.Nanoseconds() + user.Nanoseconds()), true
}

// thread is not read on Windows (benchmarks there report wall time only).
func thread() (time.Duration, bool) { return 0, false }
