package hunt

import (
	"fmt"
	"testing"

	"sweepdbg/scene"
)

// BenchmarkHuntJobs hunts the default scene (the core checked against
// the other two algorithms, no engines) with 1 and 2 jobs and reports
// cases per second: on an otherwise idle machine with two cores, two jobs
// should do close to twice as many.
func BenchmarkHuntJobs(b *testing.B) {
	s, err := scene.Builtin(scene.DefaultName)
	if err != nil {
		b.Fatal(err)
	}
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprintf("jobs=%d", jobs), func(b *testing.B) {
			const cases = 2000
			out := b.TempDir()
			for b.Loop() {
				if _, err := Run(b.Context(), Config{Scene: s, Cases: cases, Seed: 1, Jobs: jobs, Out: out}, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cases*b.N)/b.Elapsed().Seconds(), "cases/s")
		})
	}
}
