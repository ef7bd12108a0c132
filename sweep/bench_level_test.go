package sweep

import (
	"math"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"sweepdbg/geom"
	"sweepdbg/internal/cpuclock"
)

// Benchmarks on level-like meshes (level_gen_test.go): the Quake-like
// block level and the dense scanned map, with 2000 player-sized casts on
// each. Per query: median and 90th percentile wall time and mean thread
// CPU time (timeQueries); per build: wall and process CPU milliseconds and
// the built mesh's bytes per triangle.

type benchLevel struct {
	name   string
	tris   []geom.Triangle
	mesh   *Mesh
	player Ellipsoid
	casts  []benchQuery
}

const levelCastCount = 2000

var benchLevels = sync.OnceValue(func() []benchLevel {
	block, rooms := blockLevel()
	dense := denseMap()
	return []benchLevel{
		{"block", block, NewMesh(block), levelPlayer, levelCasts(rooms, levelCastCount)},
		{"dense", dense, NewMesh(dense), densePlayer, denseCasts(levelCastCount)},
	}
})

func BenchmarkNewMeshLevel(b *testing.B) {
	for _, lv := range benchLevels() {
		b.Run(lv.name, func(b *testing.B) {
			cpu0, _ := cpuclock.Process()
			b.ResetTimer()
			var m *Mesh
			for n := 0; n < b.N; n++ {
				m = NewMesh(lv.tris)
			}
			b.StopTimer()
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1e3/float64(b.N), "build-ms")
			reportProcessCPU(b, cpu0, time.Millisecond, "cpu-ms")
			b.ReportMetric(m.BytesPerTriangle(), "bytes/tri")
			b.ReportMetric(float64(len(lv.tris)), "tris")
		})
	}
}

func BenchmarkSweepLevel(b *testing.B) {
	for _, lv := range benchLevels() {
		b.Run(lv.name, func(b *testing.B) {
			hits := 0
			timeQueries(b, lv.casts, func(q benchQuery) {
				if _, ok := lv.mesh.Sweep(lv.player, q.begin, q.delta); ok {
					hits++
				}
			})
			b.ReportMetric(float64(hits)/float64(len(lv.casts)*b.N), "hit-rate")
		})
	}
}

// BenchmarkCastLevel is BenchmarkSweepLevel for the three shapes on the
// same casts: the ellipsoid (Mesh.Cast, which is Sweep), the capsule of
// the same height whose radius is the ellipsoid's smallest semi-axis
// (playerCapsule) and the box of the ellipsoid's extents (playerBox).
func BenchmarkCastLevel(b *testing.B) {
	for _, lv := range benchLevels() {
		shapes := levelShapes(lv)
		for _, s := range shapes {
			b.Run(lv.name+"/"+s.Kind.String(), func(b *testing.B) {
				hits := 0
				timeQueries(b, lv.casts, func(q benchQuery) {
					if _, ok := lv.mesh.Cast(s, q.begin, q.delta); ok {
						hits++
					}
				})
				b.ReportMetric(float64(hits)/float64(len(lv.casts)*b.N), "hit-rate")
			})
		}
	}
}

// BenchmarkCastLevelMix is BenchmarkCastLevel with the three shapes
// interleaved cast by cast (the order rotating from one cast to the next,
// so that none always finds the caches the others warmed), each cast timed
// on its own: the shapes' medians are taken under the same load, which on
// a shared machine steadies their ratios (capsule/ellipsoid and
// box/ellipsoid, reported as x-capsule and x-box) far more than separate
// runs do.
func BenchmarkCastLevelMix(b *testing.B) { benchInterleaved(b, 1) }

// warmRepeats is how many times in a row BenchmarkCastLevelWarm casts a
// shape on one query, keeping the fastest.
const warmRepeats = 9

// BenchmarkCastLevelWarm is BenchmarkCastLevelMix with each shape cast
// warmRepeats times in a row on each query and only the fastest kept:
// the cast's own cost with its code and data in the caches, as when a
// controller casts the same shape frame after frame, with the time the
// scheduler takes from a cast (on a loaded machine, most of the spread)
// filtered out. Its medians and ratios (x-capsule, x-box) repeat within a
// few per cent at loads where the others' move by 10%.
func BenchmarkCastLevelWarm(b *testing.B) { benchInterleaved(b, warmRepeats) }

// benchInterleaved casts the three shapes (levelShapes) on each level's
// queries interleaved cast by cast, the order rotating from one query to
// the next, each shape repeats times in a row on a query with the fastest
// kept, and reports the shapes' medians (reportShapeMedians).
func benchInterleaved(b *testing.B, repeats int) {
	for _, lv := range benchLevels() {
		shapes := levelShapes(lv)
		b.Run(lv.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var times [3][]time.Duration
			b.ResetTimer()
			for n := 0; n < b.N; n++ {
				for i, q := range lv.casts {
					for j := range shapes {
						k := (i + j) % len(shapes)
						best := time.Duration(math.MaxInt64)
						for range repeats {
							t0 := time.Now()
							sinkHit, _ = lv.mesh.Cast(shapes[k], q.begin, q.delta)
							best = min(best, time.Since(t0))
						}
						times[k] = append(times[k], best)
					}
				}
			}
			b.StopTimer()
			reportShapeMedians(b, shapes, &times)
		})
	}
}

// levelShapes is the level's player as the three shapes: the ellipsoid,
// its capsule (playerCapsule) and its box (playerBox).
func levelShapes(lv benchLevel) []Shape {
	return []Shape{EllipsoidShape(lv.player), CapsuleShape(playerCapsule(lv.player)), BoxShape(playerBox(lv.player))}
}

// reportShapeMedians reports the median of each shape's times (µs) and
// the capsule's and box's ratios to the ellipsoid's (x-capsule, x-box);
// times is in levelShapes' order.
func reportShapeMedians(b *testing.B, shapes []Shape, times *[3][]time.Duration) {
	var med [3]float64
	for k := range times {
		slices.Sort(times[k])
		med[k] = float64(times[k][len(times[k])/2].Nanoseconds()) / 1e3
		b.ReportMetric(med[k], shapes[k].Kind.String()+"-median-us")
	}
	b.ReportMetric(med[1]/med[0], "x-capsule")
	b.ReportMetric(med[2]/med[0], "x-box")
}

func BenchmarkSlideLevel(b *testing.B) {
	for _, lv := range benchLevels() {
		b.Run(lv.name, func(b *testing.B) {
			timeQueries(b, lv.casts, func(q benchQuery) {
				lv.mesh.Slide(lv.player, q.begin, q.begin.Add(q.delta), SlideOptions{})
			})
		})
	}
}

// sinkHit keeps the profiled loop's results alive.
var sinkHit Hit

// BenchmarkSweepLevelLoop is BenchmarkSweepLevel without per-query
// timing, for profiles (-cpuprofile): one op is one cast.
func BenchmarkSweepLevelLoop(b *testing.B) {
	for _, lv := range benchLevels() {
		b.Run(lv.name, func(b *testing.B) {
			cur := 0
			for n := 0; n < b.N; n++ {
				q := lv.casts[cur]
				sinkHit, _ = lv.mesh.Sweep(lv.player, q.begin, q.delta)
				if cur++; cur == len(lv.casts) {
					cur = 0
				}
			}
		})
	}
}

// BenchmarkCastLevelLoop is BenchmarkCastLevel without per-query timing,
// for profiles: one op is one cast.
func BenchmarkCastLevelLoop(b *testing.B) {
	for _, lv := range benchLevels() {
		shapes := levelShapes(lv)
		for _, s := range shapes {
			b.Run(lv.name+"/"+s.Kind.String(), func(b *testing.B) {
				cur := 0
				for n := 0; n < b.N; n++ {
					q := lv.casts[cur]
					sinkHit, _ = lv.mesh.Cast(s, q.begin, q.delta)
					if cur++; cur == len(lv.casts) {
						cur = 0
					}
				}
			})
		}
	}
}
