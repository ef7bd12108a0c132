//go:build !unix && !windows

package cpuclock

import "time"

// process and thread: no CPU clock here (js/wasm, plan9, ...).
func process() (time.Duration, bool) { return 0, false }
func thread() (time.Duration, bool)  { return 0, false }
