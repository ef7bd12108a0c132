package cpuclock

import (
	"syscall"
	"time"
	"unsafe"
)

// clockThreadCPUTime is Linux's CLOCK_THREAD_CPUTIME_ID: the calling
// thread's CPU time, brought up to date when read. getrusage(RUSAGE_THREAD)
// scales its user and system times to the total the scheduler last
// stored, which for a thread that runs without sleeping is at timer
// ticks: 2 ms of work read that way came out anywhere from 31 µs to 2.1
// ms, and a benchmark pass of a few milliseconds cannot be timed with it
// (see docs/performance.md, "The narrow phase, sixth round (`narrow6`,
// 2026-11-27)").
const clockThreadCPUTime = 3

func thread() (time.Duration, bool) {
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
