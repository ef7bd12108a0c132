package sweep_test

import (
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
	"time"

	"sweepdbg/internal/cpuclock"
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

// cpuClock reports, besides Go's wall-clock ns/op, "cpu-ns/op": the CPU
// time of the benchmarking thread per operation. On a machine shared with
// other work the wall clock counts time spent waiting for a core; the
// thread's CPU time does not. It locks the goroutine to its thread and
// returns the function that stops it.
func cpuClock(b *testing.B) func() {
	runtime.LockOSThread()
	start, _ := cpuclock.Thread()
	return func() {
		b.StopTimer()
		if now, ok := cpuclock.Thread(); ok && now > start {
			d := now - start
			b.ReportMetric(float64(d.Nanoseconds())/float64(b.N), "cpu-ns/op")
		}
		runtime.UnlockOSThread()
	}
}

// cursor walks the case indices 0, 1, ..., n-1, 0, ... without a division
// (the harness should cost nothing next to the code it times).
type cursor struct{ j, n int }

func (c *cursor) next() int {
	j := c.j
	if c.j++; c.j == c.n {
		c.j = 0
	}
	return j
}

// startTimers resets the timers, reports allocations and starts the CPU
// clock; call the function it returns when done.
func startTimers(b *testing.B) func() {
	b.ReportAllocs()
	b.ResetTimer()
	return cpuClock(b)
}

// BenchmarkEllipsoidTriangle is the whole single-triangle query:
// NewQuery + Triangle per case (EllipsoidTriangle), cycling through the
// 200k cases in order, one call a case.
//
// The arguments come from two named variables, x and y, which take turns:
// each is refilled from the slice right after the call that used it, a
// whole call before it is used again, as a caller's own variables are
// written before it makes the call. The call copies each case into the
// argument area once; the refill is a second copy of it, off the call's
// path. Passing the slice's element directly (c := &cs[j], then c.e, ...)
// makes the compiler copy each argument into a temporary first (an
// expression through a pointer may panic, so it is evaluated before the
// arguments are marshalled) and the argument area's loads then straddle
// the temporaries' overlapping 16-byte stores, which the CPU cannot
// forward: those stalls, just before the box test whose branch most
// mispredictions hang on, cost about 10 ns a case. See docs/performance.md,
// "The narrow phase against the fair listing, fourth round". Besides the
// mean over all calls it reports the best full pass over the cases
// (bestPass), the listing's measure.
func BenchmarkEllipsoidTriangle(b *testing.B) {
	cs := benchCases()
	cur, hits := cursor{n: len(cs)}, 0
	x, y := cs[cur.next()], cs[cur.next()]
	defer startTimers(b)()
	var best bestPass
	best.start()
	// Passes over the cases, each timed (bestPass); the calls run as one
	// loop would, the variables taking turns across the passes.
	for done := 0; done < b.N; {
		m := min(b.N-done, len(cs))
		for i := 0; i < m; i++ {
			if _, ok := sweep.EllipsoidTriangle(x.e, x.begin, x.delta, x.tri); ok {
				hits++
			}
			x = cs[cur.next()]
			if i++; i == m {
				break
			}
			if _, ok := sweep.EllipsoidTriangle(y.e, y.begin, y.delta, y.tri); ok {
				hits++
			}
			y = cs[cur.next()]
		}
		best.lap(m == len(cs))
		done += m
	}
	best.report(b, len(cs))
	sinkHits = hits
}

// bestPass keeps the least thread CPU time of a full pass over a
// benchmark's cases, reported as "best-pass-cpu-ns/op": the counterpart
// of the listing's figure, the best of its passes over the same cases
// (sweep/testdata/rouwe_ref.cpp). The machine this runs on changes speed
// from one tenth of a second to the next: cpu-ns/op, the mean over all
// passes, mixes its states, the best pass does not (see
// docs/performance.md, "The narrow phase, sixth round (`narrow6`,
// 2026-11-27)").
type bestPass struct {
	last, best time.Duration
	ok         bool
}

// start reads the clock at the start of the first pass.
func (p *bestPass) start() {
	p.last, p.ok = cpuclock.Thread()
	p.best = math.MaxInt64
}

// lap reads the clock at the end of a pass, and keeps its time if the
// pass was a full one.
func (p *bestPass) lap(full bool) {
	now, _ := cpuclock.Thread()
	if full {
		p.best = min(p.best, now-p.last)
	}
	p.last = now
}

// report reports the best full pass over n cases, if there was one.
func (p *bestPass) report(b *testing.B, n int) {
	if p.ok && p.best < math.MaxInt64 {
		b.ReportMetric(float64(p.best.Nanoseconds())/float64(n), "best-pass-cpu-ns/op")
	}
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
	cur, hits := cursor{n: len(cs)}, 0
	defer startTimers(b)()
	for i := 0; i < b.N; i++ {
		j := cur.next()
		if _, ok := qs[j/200].Triangle(cs[j].tri, 1); ok {
			hits++
		}
	}
	sinkHits = hits
}
