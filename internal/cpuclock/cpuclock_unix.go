//go:build unix

package cpuclock

import (
	"syscall"
	"time"
)

// usage reads getrusage(2) for who (RUSAGE_SELF, or Linux's RUSAGE_THREAD).
func usage(who int) (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(who, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

func process() (time.Duration, bool) { return usage(syscall.RUSAGE_SELF) }
