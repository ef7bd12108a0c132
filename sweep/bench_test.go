package sweep_test

import (
	"math/rand/v2"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"

	"sweepdbg/sweep"
)

// benchCases is the documented workload (genUniform): 200k cases with
// triangle vertices uniform in [-5,5]³, start uniform in [-8,8]³, motion a
// uniform random direction times uniform [0,10], and an ellipsoid in a
// uniform random rotation with radii uniform in [0.5,2]. The published C++
// listing takes 125-160 ns per case on it.
var benchCases = sync.OnceValue(func() []sweepCase {
	r := rand.New(rand.NewPCG(2024, 11))
	cs := make([]sweepCase, 200000)
	for i := range cs {
		cs[i] = genUniform(r)
	}
	return cs
})

var sinkHits int

// threadCPU returns the CPU time used so far by the calling OS thread
// (RUSAGE_THREAD, Linux), or 0 where that is unavailable.
func threadCPU() time.Duration {
	const rusageThread = 1
	var ru syscall.Rusage
	if syscall.Getrusage(rusageThread, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuClock reports, besides Go's wall-clock ns/op, "cpu-ns/op": the CPU
// time of the benchmarking thread per operation. On a machine shared with
// other work the wall clock counts time spent waiting for a core; the
// thread's CPU time does not. It locks the goroutine to its thread and
// returns the function that stops it.
func cpuClock(b *testing.B) func() {
	runtime.LockOSThread()
	start := threadCPU()
	return func() {
		b.StopTimer()
		if d := threadCPU() - start; d > 0 {
			b.ReportMetric(float64(d.Nanoseconds())/float64(b.N), "cpu-ns/op")
		}
		runtime.UnlockOSThread()
	}
}

// BenchmarkEllipsoidTriangle is the whole single-triangle query:
// NewQuery + Triangle per case.
func BenchmarkEllipsoidTriangle(b *testing.B) {
	cs := benchCases()
	hits := 0
	b.ReportAllocs()
	b.ResetTimer()
	defer cpuClock(b)()
	for i := 0; i < b.N; i++ {
		c := &cs[i%len(cs)]
		if _, ok := sweep.EllipsoidTriangle(c.e, c.begin, c.delta, c.tri); ok {
			hits++
		}
	}
	sinkHits = hits
}

// BenchmarkQueryTriangle is the prepared path the mesh uses: one query
// (unit-sphere transform, motion in unit space) is built per 200 triangles,
// as a mesh sweep would, and only Triangle is timed. The triangles are the
// workload's, the queries its first 1000 cases.
func BenchmarkQueryTriangle(b *testing.B) {
	cs := benchCases()
	qs := make([]sweep.Query, 1000)
	for i := range qs {
		qs[i] = sweep.NewQuery(cs[i].e, cs[i].begin, cs[i].delta)
	}
	hits := 0
	b.ReportAllocs()
	b.ResetTimer()
	defer cpuClock(b)()
	for i := 0; i < b.N; i++ {
		q := &qs[(i/200)%len(qs)]
		if _, ok := q.Triangle(cs[i%len(cs)].tri, 1); ok {
			hits++
		}
	}
	sinkHits = hits
}
