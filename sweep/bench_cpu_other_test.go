//go:build !linux

package sweep

import "time"

// threadCPU reports false: per-thread CPU time is read on Linux only.
func threadCPU() (time.Duration, bool) { return 0, false }

func lockThread() func() { return func() {} }
