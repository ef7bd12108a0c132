// Package cpuclock reads CPU time for benchmarks. On a machine shared with
// other work the wall clock counts the time spent waiting for a core; CPU
// time does not, so benchmarks report both. Each reading says whether the
// system could give it: a benchmark skips the CPU figure where it cannot.
package cpuclock

import "time"

// Process returns the CPU time (user + system, summed over threads) the
// process has used so far, and false where the system cannot say.
func Process() (time.Duration, bool) { return process() }

// Thread returns the CPU time the calling OS thread has used so far, and
// false where the system cannot say (only Linux can). The caller locks its
// goroutine to the thread (runtime.LockOSThread) so that the difference of
// two readings is the CPU time of the code in between.
func Thread() (time.Duration, bool) { return thread() }
