package sweep_test

import (
	"context"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/internal/castfile"
	"sweepdbg/internal/levelcasts"
	"sweepdbg/scene/meshfile"
	"sweepdbg/sweep"
	"sweepdbg/ui/editor"
)

// Benchmarks and tests on real game levels (docs/performance.md, "Real
// levels against native Jolt"). The levels are not in the repository
// (their licences and sizes keep them out): SWEEPDBG_REAL_LEVELS names a
// folder holding them as .obj, .gltf or .glb files (in it or one folder
// down); without it these skip. Each level is loaded and sized as the
// window does (editor.FitLevel: upright, the player guessed from its
// scale), and gets 2000 character casts (levelcasts.Character) of that
// ellipsoid and 2000 of the sphere of its horizontal radius (the same
// draws, the poses placed for the sphere: what another engine can cast).

const realLevelsEnv = "SWEEPDBG_REAL_LEVELS"

const realCastCount = 2000

type realLevel struct {
	name       string
	tris       []geom.Triangle
	mesh       *sweep.Mesh
	buildMS    float64
	player     sweep.Ellipsoid // the guessed player
	ball       sweep.Ellipsoid // the sphere of its horizontal radius
	casts      []levelcasts.Cast
	ballCasts  []levelcasts.Cast
	guessed    string // what FitLevel guessed
	begins     []mgl64.Vec3
	deltas     []mgl64.Vec3
	ballBegins []mgl64.Vec3
	ballDeltas []mgl64.Vec3
}

// realShape is one of a level's two shapes with its casts.
type realShape struct {
	name           string
	e              sweep.Ellipsoid
	begins, deltas []mgl64.Vec3
	casts          []levelcasts.Cast // the same casts, with their kinds
}

// shapes returns the level's player ellipsoid and the sphere of its
// horizontal radius, each with its own casts.
func (lv *realLevel) shapes() []realShape {
	return []realShape{{"ellipsoid", lv.player, lv.begins, lv.deltas, lv.casts}, {"sphere", lv.ball, lv.ballBegins, lv.ballDeltas, lv.ballCasts}}
}

// playerShapes returns the player of lv as the three shapes it can be:
// the guessed ellipsoid, the capsule as tall whose radius is its smallest
// semi-axis (its segment along the up axis, Axes[1]), and the box of its
// semi-axes, as the level benchmarks' playerCapsule and playerBox make
// them.
func (lv *realLevel) playerShapes() []sweep.Shape {
	e := lv.player
	r := min(geom.Len(e.Axes[0]), geom.Len(e.Axes[1]), geom.Len(e.Axes[2]))
	up := e.Axes[1]
	s := geom.Scale(up, max(geom.Len(up)-r, 0)/geom.Len(up))
	return []sweep.Shape{sweep.EllipsoidShape(e), sweep.CapsuleShape(sweep.Capsule{Radius: r, HalfSegment: s}), sweep.BoxShape(sweep.Box{Axes: e.Axes})}
}

var (
	realOnce sync.Once
	realLvls []realLevel
	realErr  error
)

// realLevels returns the levels of $SWEEPDBG_REAL_LEVELS, loaded once,
// and skips tb when it is not set.
func realLevels(tb testing.TB) []realLevel {
	tb.Helper()
	dir := os.Getenv(realLevelsEnv)
	if dir == "" {
		tb.Skipf("set %s to a folder of real levels (.obj, .gltf, .glb; docs/performance.md names them and where to get them)", realLevelsEnv)
	}
	realOnce.Do(func() { realLvls, realErr = loadRealLevels(dir) })
	if realErr != nil {
		tb.Fatal(realErr)
	}
	if len(realLvls) == 0 {
		tb.Fatalf("%s=%s holds no .obj, .gltf or .glb level", realLevelsEnv, dir)
	}
	return realLvls
}

func loadRealLevels(dir string) ([]realLevel, error) {
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if strings.Count(strings.TrimPrefix(p, dir), string(filepath.Separator)) > 1 {
				return filepath.SkipDir
			}
			return nil
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".obj", ".gltf", ".glb":
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(paths)
	var lvs []realLevel
	for _, p := range paths {
		s, err := meshfile.Open(context.Background(), p, nil)
		if err != nil {
			return nil, err
		}
		_, guess := editor.FitLevel(s, editor.UpAuto)
		rel, _ := filepath.Rel(dir, p)
		lv := realLevel{name: strings.TrimSuffix(filepath.ToSlash(rel), filepath.Ext(rel)), tris: s.Mesh.Tris(), guessed: guess}
		lv.player = s.Shape.Ellipsoid
		half := s.Shape.Extent()
		lv.ball = sweep.Sphere(half[0])
		t0 := time.Now()
		lv.mesh = sweep.NewMesh(lv.tris)
		lv.buildMS = float64(time.Since(t0).Microseconds()) / 1e3
		lv.casts = levelcasts.Character(lv.tris, half, realCastCount)
		lv.ballCasts = levelcasts.Character(lv.tris, mgl64.Vec3{half[0], half[0], half[0]}, realCastCount)
		lv.begins, lv.deltas = split(lv.casts)
		lv.ballBegins, lv.ballDeltas = split(lv.ballCasts)
		lvs = append(lvs, lv)
	}
	return lvs, nil
}

func split(cs []levelcasts.Cast) (begins, deltas []mgl64.Vec3) {
	for _, c := range cs {
		begins, deltas = append(begins, c.Begin), append(deltas, c.Delta)
	}
	return begins, deltas
}

// BenchmarkRealLevel times, per level, the mesh build and the character
// casts of the guessed player (ellipsoid) and of the sphere of its
// horizontal radius: median and p90 µs per cast, CPU µs per cast, hit
// rate; the build's wall ms and bytes per triangle.
func BenchmarkRealLevel(b *testing.B) {
	for _, lv := range realLevels(b) {
		b.Run(lv.name+"/build", func(b *testing.B) {
			var m *sweep.Mesh
			for n := 0; n < b.N; n++ {
				m = sweep.NewMesh(lv.tris)
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1e3/float64(b.N), "build-ms")
			b.ReportMetric(m.BytesPerTriangle(), "bytes/tri")
			b.ReportMetric(float64(len(lv.tris)), "tris")
		})
		for _, c := range lv.shapes() {
			b.Run(lv.name+"/"+c.name, func(b *testing.B) {
				timeHits(b, c.begins, c.deltas, func(begin, delta mgl64.Vec3) (sweep.Hit, bool) {
					return lv.mesh.Sweep(c.e, begin, delta)
				})
			})
		}
	}
}

// BenchmarkRealLevelShape casts the player's three shapes (playerShapes)
// on the ellipsoid's 2000 character casts of each level (Mesh.Cast):
// median and p90 µs per cast, CPU µs per cast, hit rate.
func BenchmarkRealLevelShape(b *testing.B) {
	for _, lv := range realLevels(b) {
		for _, s := range lv.playerShapes() {
			b.Run(lv.name+"/"+s.Kind.String(), func(b *testing.B) {
				timeHits(b, lv.begins, lv.deltas, func(begin, delta mgl64.Vec3) (sweep.Hit, bool) {
					return lv.mesh.Cast(s, begin, delta)
				})
			})
		}
	}
}

// timeHits times cast on every (begin, delta) pair (TimeQueries) and
// reports the share of casts that hit.
func timeHits(b *testing.B, begins, deltas []mgl64.Vec3, cast func(begin, delta mgl64.Vec3) (sweep.Hit, bool)) {
	hits := 0
	sweep.TimeQueries(b, begins, deltas, func(begin, delta mgl64.Vec3) {
		if _, ok := cast(begin, delta); ok {
			hits++
		}
	})
	b.ReportMetric(float64(hits)/float64(len(begins)*b.N), "hit-rate")
}

// BenchmarkRealLevelShapeLoop is BenchmarkRealLevelShape without
// per-cast timing, for profiles: one op is one cast.
func BenchmarkRealLevelShapeLoop(b *testing.B) {
	for _, lv := range realLevels(b) {
		for _, s := range lv.playerShapes() {
			b.Run(lv.name+"/"+s.Kind.String(), func(b *testing.B) {
				cur := 0
				for n := 0; n < b.N; n++ {
					sinkRealHit, _ = lv.mesh.Cast(s, lv.begins[cur], lv.deltas[cur])
					if cur++; cur == len(lv.begins) {
						cur = 0
					}
				}
			})
		}
	}
}

// TestRealLevelShapesMatchBruteForce requires the same answer, bit for
// bit, from Mesh.Cast of the player's capsule and box (playerShapes) and
// from their triangle functions on every triangle, for the first 300 of
// each level's character casts (60 with -short).
func TestRealLevelShapesMatchBruteForce(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	for _, lv := range realLevels(t) {
		for _, s := range lv.playerShapes()[1:] {
			hits := 0
			for i, q := range lv.casts[:min(n, len(lv.casts))] {
				want, wantOK := sweep.BruteCast(lv.tris, s, q.Begin, q.Delta)
				got, gotOK := lv.mesh.Cast(s, q.Begin, q.Delta)
				if gotOK != wantOK || got != want {
					t.Fatalf("%s %v cast %d (%v, begin %v, delta %v): Cast %v %+v, brute force %v %+v",
						lv.name, s.Kind, i, q.Kind, q.Begin, q.Delta, gotOK, got, wantOK, want)
				}
				if gotOK {
					hits++
				}
			}
			t.Logf("%s %v: %d casts, %d hits", lv.name, s.Kind, min(n, len(lv.casts)), hits)
			if hits == 0 {
				t.Fatalf("%s %v: no cast hits anything", lv.name, s.Kind)
			}
		}
	}
}

// TestRealLevelSlidesMatchReference requires SlideShape to give the
// reference slide's answer (SlideReference: a full cast a step) bit for
// bit on each level, for the player's three shapes (playerShapes) and
// the sphere of its horizontal radius, from the first 300 of each
// level's character casts (60 with -short) to their ends, and from each
// step's contact (touching the level) along its projected move.
func TestRealLevelSlidesMatchReference(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	for _, lv := range realLevels(t) {
		shapes := append(lv.playerShapes(), sweep.EllipsoidShape(lv.ball))
		steps := 0
		for _, s := range shapes {
			check := func(from, to mgl64.Vec3) sweep.SlideResult {
				t.Helper()
				got, want := lv.mesh.SlideShape(s, from, to, sweep.SlideOptions{}), lv.mesh.SlideReference(s, from, to, sweep.SlideOptions{})
				if !sweep.SameSlide(got, want) {
					t.Fatalf("%s %v from %v to %v:\n got %+v\nwant %+v", lv.name, s.Kind, from, to, got, want)
				}
				steps += len(got.Steps)
				return got
			}
			for _, q := range lv.casts[:min(n, len(lv.casts))] {
				for _, st := range check(q.Begin, q.Begin.Add(q.Delta)).Steps {
					check(st.Contact, st.Contact.Add(st.Projected))
				}
			}
		}
		t.Logf("%s: %d steps compared", lv.name, steps)
		if steps == 0 {
			t.Fatalf("%s: no slide touches the level", lv.name)
		}
	}
}

// BenchmarkRealLevelKind is BenchmarkRealLevel's casts by kind (walk,
// fall, wall), and three variants made from them: the walks moved
// horizontally only (walk-flat: the vertical component 0, as a real
// controller's ground move), the falls straight down (fall-down: the
// horizontal components 0) and the wall casts tilted down by 1e-9 of the
// player's height (wall-tilt: no zero component). The variants' answers
// are not checked against brute force here.
func BenchmarkRealLevelKind(b *testing.B) {
	for _, lv := range realLevels(b) {
		for _, c := range lv.shapes() {
			h := float64(2 * geom.Len(lv.player.Axes[1]))
			for _, k := range []struct {
				name string
				kind levelcasts.Kind
				edit func(d mgl64.Vec3) mgl64.Vec3
			}{
				{"walk", levelcasts.KindWalk, nil},
				{"walk-flat", levelcasts.KindWalk, func(d mgl64.Vec3) mgl64.Vec3 { d[1] = 0; return d }},
				{"fall", levelcasts.KindFall, nil},
				{"fall-down", levelcasts.KindFall, func(d mgl64.Vec3) mgl64.Vec3 { d[0], d[2] = 0, 0; return d }},
				{"wall", levelcasts.KindWall, nil},
				{"wall-tilt", levelcasts.KindWall, func(d mgl64.Vec3) mgl64.Vec3 { d[1] = float64(-1e-9 * h); return d }},
			} {
				var begins, deltas []mgl64.Vec3
				for _, q := range c.casts {
					if q.Kind != k.kind {
						continue
					}
					d := q.Delta
					if k.edit != nil {
						d = k.edit(d)
					}
					begins, deltas = append(begins, q.Begin), append(deltas, d)
				}
				b.Run(lv.name+"/"+c.name+"/"+k.name, func(b *testing.B) {
					sweep.TimeQueries(b, begins, deltas, func(begin, delta mgl64.Vec3) {
						sinkRealHit, _ = lv.mesh.Sweep(c.e, begin, delta)
					})
				})
			}
		}
	}
}

// sinkRealHit keeps the profiled loop's results alive.
var sinkRealHit sweep.Hit

// BenchmarkRealLevelLoop is BenchmarkRealLevel's casts without per-cast
// timing, for profiles (-cpuprofile): one op is one cast.
func BenchmarkRealLevelLoop(b *testing.B) {
	for _, lv := range realLevels(b) {
		for _, c := range lv.shapes() {
			b.Run(lv.name+"/"+c.name, func(b *testing.B) {
				cur := 0
				for n := 0; n < b.N; n++ {
					sinkRealHit, _ = lv.mesh.Sweep(c.e, c.begins[cur], c.deltas[cur])
					if cur++; cur == len(c.begins) {
						cur = 0
					}
				}
			})
		}
	}
}

// TestRealLevelSweepsMatchBruteForce requires the same answer, bit for
// bit, from Mesh.Sweep and from the reference narrow phase on every
// triangle, for every cast of the ellipsoid and of the sphere (the first
// 300 of each with -short), and logs a digest of the answers per level.
func TestRealLevelSweepsMatchBruteForce(t *testing.T) {
	n := realCastCount
	if testing.Short() {
		n = 300
	}
	for _, lv := range realLevels(t) {
		for _, c := range lv.shapes() {
			h := fnv.New64a()
			hits, start := 0, 0
			for i, q := range c.casts[:min(n, len(c.casts))] {
				want, wantOK := sweep.QueryBrute(lv.tris, c.e, q.Begin, q.Delta)
				got, gotOK := lv.mesh.Sweep(c.e, q.Begin, q.Delta)
				if gotOK != wantOK || got != want {
					t.Fatalf("%s %s cast %d (%v, begin %v, delta %v): Sweep %v %+v, brute force %v %+v",
						lv.name, c.name, i, q.Kind, q.Begin, q.Delta, gotOK, got, wantOK, want)
				}
				if gotOK {
					hits++
					if got.T == 0 {
						start++
					}
					sweep.HashHit(h, got)
				}
			}
			t.Logf("%s %s: %d triangles, %d casts, %d hits (%d at T = 0), answers digest %016x",
				lv.name, c.name, len(lv.tris), min(n, len(c.casts)), hits, start, h.Sum64())
		}
	}
}

// TestRealLevelStats logs what a level is made of and what its casts
// meet (docs/performance.md compares them with the generated levels):
// the triangles' longest edge and aspect (longest edge squared over twice
// the area: 1.15 for an equilateral triangle) in quantiles, in units of
// the player's height; the tree's leaf occupancy; and per cast kind, how
// many casts start touching (a hit at T = 0), and per cast the leaves
// and triangles the walk reaches against the triangles the exact test
// finds touching along the motion (CastCounts). It runs the same on the
// generated levels' meshes when given SWEEPDBG_STATS_GENERATED (a folder
// of cast files: tools/joltbench's export), so both read alike. The
// sphere of the player's horizontal radius, on its own casts, is logged
// after the player: the ratio of the two shapes' triangles touched along
// the motion is how much more of the level the taller ellipsoid must test
// (docs/performance.md, "The ellipsoid against the sphere on jungle").
func TestRealLevelStats(t *testing.T) {
	for _, lv := range realLevels(t) {
		logLevelStats(t, lv.name, lv.tris, lv.mesh, lv.player, lv.casts)
		logLevelStats(t, lv.name+" (sphere)", lv.tris, lv.mesh, lv.ball, lv.ballCasts)
	}
}

func logLevelStats(t *testing.T, name string, tris []geom.Triangle, mesh *sweep.Mesh, player sweep.Ellipsoid, casts []levelcasts.Cast) {
	h := float64(2 * geom.Len(player.Axes[1]))
	var longest, aspect []float64
	degenerate := 0
	for _, tr := range tris {
		e := max(geom.Len(tr[1].Sub(tr[0])), geom.Len(tr[2].Sub(tr[1])), geom.Len(tr[0].Sub(tr[2])))
		a := geom.Len(geom.Cross(tr[1].Sub(tr[0]), tr[2].Sub(tr[0])))
		if !(a > 0) {
			degenerate++
			continue
		}
		longest = append(longest, e/h)
		aspect = append(aspect, e*e/a)
	}
	q := func(xs []float64) string {
		slices.Sort(xs)
		var parts []string
		for _, p := range []float64{0.1, 0.5, 0.9, 0.99} {
			parts = append(parts, fmt.Sprintf("p%g %.3g", float64(100*p), xs[int(p*float64(len(xs)-1))]))
		}
		return strings.Join(parts, ", ")
	}
	t.Logf("%s: %d triangles (%d degenerate), player height %.4g", name, len(tris), degenerate, h)
	t.Logf("%s: longest edge / player height: %s", name, q(longest))
	t.Logf("%s: aspect (longest edge² / 2 area): %s", name, q(aspect))
	sizes := mesh.LeafSizes()
	leaves, inLeaves := 0, 0
	for k, c := range sizes {
		leaves += c
		inLeaves += k * c
	}
	t.Logf("%s: %d leaves, %.2f triangles a leaf, sizes %v", name, leaves, float64(inLeaves)/float64(leaves), sizes[1:])
	type agg struct{ n, start, hits, leaves, tris, contacts, touching int }
	kinds := map[levelcasts.Kind]*agg{}
	var all agg
	for _, c := range casts {
		a := kinds[c.Kind]
		if a == nil {
			a = &agg{}
			kinds[c.Kind] = a
		}
		hit, ok := mesh.Sweep(player, c.Begin, c.Delta)
		l, tr, co := mesh.CastCounts(player, c.Begin, c.Delta)
		touching := 0
		for i := range tris {
			if _, ok := sweep.EllipsoidTriangle(player, c.Begin, c.Delta, tris[i]); ok {
				touching++
			}
		}
		for _, x := range []*agg{a, &all} {
			x.n++
			if ok {
				x.hits++
				if hit.T == 0 {
					x.start++
				}
			}
			x.leaves += l
			x.tris += tr
			x.contacts += co
			x.touching += touching
		}
	}
	line := func(k string, a *agg) {
		f := float64(a.n)
		t.Logf("%s %s: %d casts, %.0f%% hit, %.0f%% start touching; per cast %.1f leaves, %.1f triangles reached, %.2f contacts found, %.2f triangles touched along the whole motion",
			name, k, a.n, 100*float64(a.hits)/f, 100*float64(a.start)/f, float64(a.leaves)/f, float64(a.tris)/f, float64(a.contacts)/f, float64(a.touching)/f)
	}
	for _, k := range []levelcasts.Kind{levelcasts.KindWalk, levelcasts.KindFall, levelcasts.KindWall, levelcasts.KindRandom} {
		if a := kinds[k]; a != nil {
			line(k.String(), a)
		}
	}
	line("all", &all)
}

// TestGeneratedLevelStats is TestRealLevelStats on the cast files of
// $SWEEPDBG_STATS_GENERATED (block.json and dense.json as tools/joltbench
// exports them: the generated levels, their casts of the sphere), for
// comparison; it skips without it.
func TestGeneratedLevelStats(t *testing.T) {
	dir := os.Getenv("SWEEPDBG_STATS_GENERATED")
	if dir == "" {
		t.Skip("set SWEEPDBG_STATS_GENERATED to a folder of the generated levels' cast files")
	}
	for _, name := range []string{"block", "dense"} {
		f, err := castfile.Read(filepath.Join(dir, name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		tris := f.Tris()
		var casts []levelcasts.Cast
		for _, c := range f.CastList() {
			casts = append(casts, levelcasts.Cast{Begin: c.Begin, Delta: c.Delta, Kind: levelcasts.KindRandom})
		}
		logLevelStats(t, name, tris, sweep.NewMesh(tris), sweep.Sphere(f.Radius), casts)
	}
}

// TestRealLevelBytes logs where each real level's bytes a triangle go
// (bytesParts), the breakdown of docs/performance.md's "mem3".
func TestRealLevelBytes(t *testing.T) {
	for _, lv := range realLevels(t) {
		t.Logf("%s: %s", lv.name, sweep.BytesParts(lv.mesh))
	}
}
