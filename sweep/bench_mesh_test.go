package sweep

import (
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/internal/cpuclock"

	"sweepdbg/geom"
)

// The mesh benchmarks on the generated terrain of 1,002,528
// triangles (708 x 708 cells). Sweep and Slide benchmarks time each of
// 2000 fixed queries and report the median and 90th percentile per query
// (ns/op is the time of the whole batch of 2000).

const benchCells = 708

var benchTerrain = sync.OnceValues(func() ([]geom.Triangle, *Mesh) {
	tris := terrain(benchCells)
	return tris, NewMesh(tris)
})

func terrainHeight(x, z float64) float64 {
	return float64(math.Sin(float64(0.05*x))*6) + float64(math.Cos(float64(0.07*z))*4) + float64(math.Sin(float64(0.3*(x+z)))*0.8)
}

type benchQuery struct{ begin, delta mgl64.Vec3 }

// benchQueries returns the 2000 queries: starting 1.5-3.5 above the
// ground, moving down 3-5 and sideways up to 3 (seed fixed).
func benchQueries() []benchQuery { return terrainQueries(benchCells) }

// terrainQueries returns benchQueries' 2000 queries over a terrain of
// cells x cells.
func terrainQueries(cells int) []benchQuery {
	rng := rand.New(rand.NewPCG(2026, 3))
	qs := make([]benchQuery, 2000)
	for i := range qs {
		x, z := 10+float64(rng.Float64()*float64(cells-20)), 10+float64(rng.Float64()*float64(cells-20))
		y := terrainHeight(x, z) + 1.5 + float64(2*float64(rng.Float64()))
		a, s := float64(2*math.Pi*rng.Float64()), float64(3*rng.Float64())
		qs[i] = benchQuery{mgl64.Vec3{x, y, z}, mgl64.Vec3{float64(s * math.Cos(a)), -3 - float64(2*float64(rng.Float64())), float64(s * math.Sin(a))}}
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
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	times := make([]time.Duration, 0, len(qs)*max(b.N, 1))
	cpu0, cpuOK := cpuclock.Thread()
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		for _, q := range qs {
			t0 := time.Now()
			f(q)
			times = append(times, time.Since(t0))
		}
	}
	b.StopTimer()
	cpu1, _ := cpuclock.Thread()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds())/1e3, "median-us")
	b.ReportMetric(float64(times[len(times)*9/10].Nanoseconds())/1e3, "p90-us")
	if cpuOK {
		b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(len(times))/1e3, "cpu-us/query")
	}
}

func BenchmarkNewMeshTerrain(b *testing.B) {
	tris := terrain(benchCells)
	cpu0, _ := cpuclock.Process()
	b.ResetTimer()
	var m *Mesh
	for n := 0; n < b.N; n++ {
		m = NewMesh(tris)
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "build-ms")
	reportProcessCPU(b, cpu0, time.Millisecond, "cpu-ms")
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

// BenchmarkNewMeshIntegerCoords builds the same level-like mesh (a
// 300 x 300 grid of unit cells with integer heights, 180,000 triangles)
// with integer coordinates and shifted by a non-integer offset. Integer
// floats have all-zero low mantissa bits, so a vertex hash whose low bits
// do not depend on the high ones clusters them and linear probing
// degrades; the two builds should take about the same time.
func BenchmarkNewMeshIntegerCoords(b *testing.B) {
	grid := integerGrid(300)
	shifted := make([]geom.Triangle, len(grid))
	off := mgl64.Vec3{0.3183, 0.2718, 0.5772}
	for i, t := range grid {
		shifted[i] = geom.Triangle{t[0].Add(off), t[1].Add(off), t[2].Add(off)}
	}
	for _, c := range []struct {
		name string
		tris []geom.Triangle
	}{{"integer", grid}, {"shifted", shifted}} {
		b.Run(c.name, func(b *testing.B) {
			for n := 0; n < b.N; n++ {
				NewMesh(c.tris)
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1e3/float64(b.N), "build-ms")
		})
	}
}

// integerGrid returns n x n cells of two triangles each whose corners have
// integer coordinates (heights from a fixed integer pattern), like a
// level exported from a grid-snapped editor.
func integerGrid(n int) []geom.Triangle {
	h := func(x, z int) float64 { return float64((x*7 + z*13) % 5) }
	v := func(x, z int) mgl64.Vec3 {
		return mgl64.Vec3{float64(float64(x) * 16), float64(h(x, z) * 8), float64(float64(z) * 16)}
	}
	tris := make([]geom.Triangle, 0, 2*n*n)
	for x := 0; x < n; x++ {
		for z := 0; z < n; z++ {
			tris = append(tris, geom.Triangle{v(x, z), v(x+1, z), v(x, z+1)}, geom.Triangle{v(x+1, z), v(x+1, z+1), v(x, z+1)})
		}
	}
	return tris
}

// reportProcessCPU reports the process CPU time per iteration since
// cpu0 (a cpuclock.Process reading) in units of unit, as metric; nothing
// where the system has no CPU clock.
func reportProcessCPU(b *testing.B, cpu0 time.Duration, unit time.Duration, metric string) {
	if cpu1, ok := cpuclock.Process(); ok {
		b.ReportMetric(float64(cpu1-cpu0)/float64(unit)/float64(b.N), metric)
	}
}
