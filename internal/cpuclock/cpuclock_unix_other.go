//go:build unix && !linux

package cpuclock

import "time"

// thread: getrusage has no per-thread form outside Linux.
func thread() (time.Duration, bool) { return 0, false }
