//go:build linux

package sweep

import (
	"runtime"
	"syscall"
	"time"
)

// rusageThread is RUSAGE_THREAD: the calling thread's usage (Linux).
const rusageThread = 1

// threadCPU returns the CPU time the calling OS thread has used, and true.
// Benchmarks lock their goroutine to its thread (lockThread) so that the
// difference of two readings is the CPU time of the code in between,
// which on a busy shared machine is steadier than wall time.
func threadCPU() (time.Duration, bool) {
	var u syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &u); err != nil {
		return 0, false
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano()), true
}

func lockThread() func() {
	runtime.LockOSThread()
	return runtime.UnlockOSThread
}
