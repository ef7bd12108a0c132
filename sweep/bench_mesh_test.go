package sweep

import (
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// The benchmarks on the generated terrain of 1,002,528
// triangles (708 x 708 cells). Sweep and Slide benchmarks time each of
// 2000 fixed queries and report the median and 90th percentile per query
// (ns/op is the time of the whole batch of 2000).

const benchCells = 708

var benchTerrain = sync.OnceValues(func() ([]geom.Triangle, *Mesh) {
	tris := terrain(benchCells)
	return tris, NewMesh(tris)
})

func terrainHeight(x, z float64) float64 {
	return math.Sin(0.05*x)*6 + math.Cos(0.07*z)*4 + math.Sin(0.3*(x+z))*0.8
}

type benchQuery struct{ begin, delta mgl64.Vec3 }

// benchQueries returns the 2000 queries: starting 1.5-3.5 above the
// ground, moving down 3-5 and sideways up to 3 (seed fixed).
func benchQueries() []benchQuery {
	rng := rand.New(rand.NewPCG(2026, 3))
	qs := make([]benchQuery, 2000)
	for i := range qs {
		x, z := 10+rng.Float64()*(benchCells-20), 10+rng.Float64()*(benchCells-20)
		y := terrainHeight(x, z) + 1.5 + 2*rng.Float64()
		a, s := 2*math.Pi*rng.Float64(), 3*rng.Float64()
		qs[i] = benchQuery{mgl64.Vec3{x, y, z}, mgl64.Vec3{s * math.Cos(a), -3 - 2*rng.Float64(), s * math.Sin(a)}}
	}
	return qs
}

var benchShapes = []struct {
	name string
	e    Ellipsoid
}{
	{"sphere0.5", Sphere(0.5)},
	{"ellipsoid0.4x0.9x0.4", Ellipsoid{Axes: [3]mgl64.Vec3{{0.4, 0, 0}, {0, 0.9, 0}, {0, 0, 0.4}}}},
}

// timeQueries runs f on every query b.N times and reports the median and
// 90th percentile of the per-query wall times, and the mean CPU time of
// the benchmark's thread per query (steadier on a shared machine).
func timeQueries(b *testing.B, qs []benchQuery, f func(q benchQuery)) {
	defer lockThread()()
	times := make([]time.Duration, 0, len(qs)*max(b.N, 1))
	cpu0, cpuOK := threadCPU()
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		for _, q := range qs {
			t0 := time.Now()
			f(q)
			times = append(times, time.Since(t0))
		}
	}
	b.StopTimer()
	cpu1, _ := threadCPU()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds())/1e3, "median-us")
	b.ReportMetric(float64(times[len(times)*9/10].Nanoseconds())/1e3, "p90-us")
	if cpuOK {
		b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(len(times))/1e3, "cpu-us/query")
	}
}

func BenchmarkNewMeshTerrain(b *testing.B) {
	tris := terrain(benchCells)
	var r0, r1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &r0)
	b.ResetTimer()
	var m *Mesh
	for n := 0; n < b.N; n++ {
		m = NewMesh(tris)
	}
	b.StopTimer()
	syscall.Getrusage(syscall.RUSAGE_SELF, &r1)
	cpu := time.Duration(r1.Utime.Nano() - r0.Utime.Nano() + r1.Stime.Nano() - r0.Stime.Nano())
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "build-ms")
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms")
	b.ReportMetric(m.BytesPerTriangle(), "bytes/tri")
}

func BenchmarkSweepTerrain(b *testing.B) {
	_, m := benchTerrain()
	qs := benchQueries()
	for _, s := range benchShapes {
		b.Run(s.name, func(b *testing.B) {
			hits := 0
			timeQueries(b, qs, func(q benchQuery) {
				if _, ok := m.Sweep(s.e, q.begin, q.delta); ok {
					hits++
				}
			})
			b.ReportMetric(float64(hits)/float64(len(qs)*b.N), "hit-rate")
		})
	}
}

func BenchmarkSlideTerrain(b *testing.B) {
	_, m := benchTerrain()
	qs := benchQueries()
	for _, s := range benchShapes {
		b.Run(s.name, func(b *testing.B) {
			timeQueries(b, qs, func(q benchQuery) {
				m.Slide(s.e, q.begin, q.begin.Add(q.delta), SlideOptions{})
			})
		})
	}
}

// BenchmarkBruteForceRatio times brute force over every triangle on the
// first 10 queries against Mesh.Sweep on the same queries and reports the
// ratio of the medians.
func BenchmarkBruteForceRatio(b *testing.B) {
	tris, m := benchTerrain()
	qs := benchQueries()[:10]
	e := Sphere(0.5)
	med := func(f func(q benchQuery)) time.Duration {
		var ts []time.Duration
		for _, q := range qs {
			t0 := time.Now()
			f(q)
			ts = append(ts, time.Since(t0))
		}
		slices.Sort(ts)
		return ts[len(ts)/2]
	}
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		brute := med(func(q benchQuery) { bruteSweep(tris, e, q.begin, q.delta) })
		bvh := med(func(q benchQuery) { m.Sweep(e, q.begin, q.delta) })
		b.ReportMetric(float64(brute)/float64(max(bvh, 1)), "brute/bvh")
		b.ReportMetric(float64(brute.Microseconds()), "brute-median-us")
	}
}
