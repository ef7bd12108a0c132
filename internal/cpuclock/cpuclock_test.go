package cpuclock

import (
	"runtime"
	"testing"
	"time"
)

// spinUntil burns CPU on the calling thread until clock has advanced by d
// from c0, or until the wall clock has advanced by limit, and returns the
// clock's last reading and the wall time spent. Spinning on the clock
// itself rather than on the wall clock keeps the test honest on a loaded
// machine, where the thread may get only a small share of a core: it then
// takes longer, not less CPU.
func spinUntil(clock func() (time.Duration, bool), c0, d, limit time.Duration) (time.Duration, time.Duration) {
	start := time.Now()
	for {
		c, _ := clock()
		if c-c0 >= d || time.Since(start) >= limit {
			return c, time.Since(start)
		}
	}
}

// TestClocksAdvance checks that both clocks, where the system has them,
// count a busy loop: 50 ms of CPU on the clock within 20 s of wall time
// (however loaded the machine), and the thread's clock no faster than the
// wall clock (a thread runs on one core at a time; 10 ms allows for the
// clock's granularity).
func TestClocksAdvance(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	const d, limit, grain = 50 * time.Millisecond, 20 * time.Second, 10 * time.Millisecond
	for name, clock := range map[string]func() (time.Duration, bool){"Process": Process, "Thread": Thread} {
		c0, ok := clock()
		if !ok {
			if name == "Process" && (runtime.GOOS == "linux" || runtime.GOOS == "darwin" || runtime.GOOS == "windows") {
				t.Errorf("%s: no reading on %s", name, runtime.GOOS)
			}
			continue
		}
		c1, wall := spinUntil(clock, c0, d, limit)
		if c1-c0 < d {
			t.Errorf("%s advanced %v over %v of busy loop", name, c1-c0, wall)
		}
		if name == "Thread" && c1-c0 > wall+grain {
			t.Errorf("Thread advanced %v over %v of wall time", c1-c0, wall)
		}
	}
}
