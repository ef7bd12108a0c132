package cpuclock

import (
	"runtime"
	"testing"
	"time"
)

// spin burns about d of CPU time on the calling thread.
func spin(d time.Duration) {
	for end := time.Now().Add(d); time.Now().Before(end); {
	}
}

// TestClocksAdvance checks that both clocks, where the system has them,
// count a busy loop: at least a quarter of its wall time (the machine may
// be shared) and never go backwards.
func TestClocksAdvance(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for name, clock := range map[string]func() (time.Duration, bool){"Process": Process, "Thread": Thread} {
		c0, ok := clock()
		if !ok {
			if name == "Process" && (runtime.GOOS == "linux" || runtime.GOOS == "darwin" || runtime.GOOS == "windows") {
				t.Errorf("%s: no reading on %s", name, runtime.GOOS)
			}
			continue
		}
		spin(50 * time.Millisecond)
		c1, _ := clock()
		if c1-c0 < 50*time.Millisecond/4 {
			t.Errorf("%s advanced %v over a 50ms busy loop", name, c1-c0)
		}
	}
}
