package hunt

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene"
	"sweepdbg/scene/engine"
	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
)

// The shapes the capsule and box hunts put into the floor scene.
var (
	huntCapsule = sweep.CapsuleShape(sweep.Capsule{Radius: 0.4, HalfSegment: mgl64.Vec3{0, 0.5, 0}})
	huntBox     = sweep.BoxShape(sweep.Box{Axes: [3]mgl64.Vec3{{0.5, 0, 0}, {0, 0.3, 0}, {0, 0, 0.4}}})
)

// shapeScene is the built-in floor scene with shape s in place of its
// ellipsoid.
func shapeScene(t *testing.T, s sweep.Shape) *scene.Scene {
	t.Helper()
	sc := floorScene(t)
	sc.Name = "floor-" + s.Kind.String()
	sc.Shape = s
	if err := sc.Validate(); err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestEllipsoidCasesUnchanged: the cases of ellipsoid scenes are what they
// were before the hunter learnt capsules and boxes (the digest of cases
// 0 .. 2999 of seed 7 in three scenes, taken from the ellipsoid-only
// generator), so ellipsoid hunts find what they found.
func TestEllipsoidCasesUnchanged(t *testing.T) {
	h := sha256.New()
	for _, name := range []string{"wall-ramp", "crease", "floor"} {
		s, err := scene.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		g := newGenerator(s)
		for k := range uint64(3000) {
			c := g.at(7, k).next()
			fmt.Fprintf(h, "%v %v %v %v\n", c.Ellipsoid, c.Start, c.End, c.Kind)
		}
	}
	const want = "4790143df820afc312846781d4419bf06d8590fe21137a0e99b38985cf785265"
	if got := hex.EncodeToString(h.Sum(nil)); got != want {
		t.Errorf("digest of the ellipsoid cases %s, want %s: the ellipsoid's random stream changed", got, want)
	}
}

// TestShapeCases: a capsule scene's cases are capsules and a box scene's
// boxes, all valid; a third or so are the scene's own shape, the others
// vary its sizes (by at most a factor 10 either way) and orientation; a
// capsule's segment keeps the scene's direction in some cases and turns
// in others.
func TestShapeCases(t *testing.T) {
	for _, base := range []sweep.Shape{huntCapsule, huntBox} {
		g := newGenerator(shapeScene(t, base))
		const n = 600
		own, turned, kept := 0, 0, 0
		for k := range uint64(n) {
			c := g.at(3, k).next()
			if c.Kind != base.Kind || c.Shape.Validate() != nil {
				t.Fatalf("%v case %d: shape %+v, want a valid %v", base.Kind, k, c.Shape, base.Kind)
			}
			if c.Shape == base {
				own++
				continue
			}
			if r := shapeSize(c.Shape) / shapeSize(base); r < 0.1 || r > 10 {
				t.Errorf("%v case %d: size %g times the scene's", base.Kind, k, r)
			}
			dir := mgl64.Vec3{0, 1, 0} // the scene's segment, and its box's second axis
			if base.Kind == sweep.KindCapsule {
				dir = geom.Scale(dir, math.Copysign(1, c.Capsule.HalfSegment[1]))
				if geom.Normalize(c.Capsule.HalfSegment).ApproxEqual(dir) {
					kept++
				} else {
					turned++
				}
			} else if !geom.Normalize(c.Box.Axes[1]).ApproxEqual(dir) {
				turned++
			}
		}
		if own < n/5 || own > n/2 || turned < n/4 || base.Kind == sweep.KindCapsule && kept < n/8 {
			t.Errorf("%v: %d of %d cases the scene's own shape, %d turned, %d kept its direction", base.Kind, own, n, turned, kept)
		}
	}
}

// TestShapePlacement: a capsule or a box placed by its frame touching a
// point of the floor from above (n = +y) is at shape distance exactly 1
// from the floor, and 1 + gap when placed gap off: the face of the box,
// the lower cap of the capsule, and for a box turned about y still its
// face.
func TestShapePlacement(t *testing.T) {
	turn := mgl64.Rotate3DY(0.3)
	box := sweep.BoxShape(sweep.Box{Axes: [3]mgl64.Vec3{geom.MulVec3(turn, huntBox.Box.Axes[0]), huntBox.Box.Axes[1], geom.MulVec3(turn, huntBox.Box.Axes[2])}})
	p := mgl64.Vec3{1, 0, 2}
	for _, s := range []sweep.Shape{huntCapsule, huntBox, box} {
		geo := judge.NewGeometry(s, floorTris)
		f := frameOf(s)
		for _, gap := range []float64{0, 1e-3, -1e-3} {
			c := f.center(p, mgl64.Vec3{0, 1, 0}, gap)
			if d, _ := geo.Dist(c); math.Abs(d-(1+gap)) > 1e-12 {
				t.Errorf("%v gap %g: center %v at shape distance %.15g, want %g", s.Kind, gap, c, d, 1+gap)
			}
		}
	}
}

// TestShrinkShapes runs the shrinker with made-up failures on a capsule
// and a box, as TestShrink does on an ellipsoid: a capsule that fails
// whatever its segment becomes a sphere of its radius rounded (0.3456 to
// 0.5: grids 10 .. 1 give 0); one that fails only with a segment longer
// than 0.2 keeps it, turned onto the world axis of its largest component
// and rounded with its radius on one grid ((0.31, 0.42, 0.1) to
// (0, 0.5, 0): grid 1 would take the radius to 0); a turned box that fails
// whatever its extents becomes an axis-aligned cube of its mean half
// extent rounded (0.6 to 1); one that fails only while it is long (its
// first half extent under half its third) is put axis-aligned and
// rounded as far as that holds (0.3, 0.6, 0.9 to 0.25, 0.5, 1).
func TestShrinkShapes(t *testing.T) {
	turn := mgl64.Rotate3DZ(0.1).Mul3(mgl64.Rotate3DX(0.1))
	box := sweep.Box{}
	for i, l := range []float64{0.3, 0.6, 0.9} {
		box.Axes[i] = geom.Scale(turn.Col(i), l)
	}
	capsule := sweep.Capsule{Radius: 0.3456, HalfSegment: mgl64.Vec3{0.31, 0.42, 0.1}}
	long := func(s sweep.Shape) bool { return geom.Len(s.Box.Axes[0]) < geom.Len(s.Box.Axes[2])/2 }
	for _, tc := range []struct {
		name  string
		shape sweep.Shape
		keep  func(sweep.Shape) bool
		want  sweep.Shape
	}{
		{"capsule", sweep.CapsuleShape(capsule), nil, sweep.CapsuleShape(sweep.Capsule{Radius: 0.5})},
		{"capsule with a segment", sweep.CapsuleShape(capsule), func(s sweep.Shape) bool { return geom.Len(s.Capsule.HalfSegment) > 0.2 },
			sweep.CapsuleShape(sweep.Capsule{Radius: 0.5, HalfSegment: mgl64.Vec3{0, 0.5, 0}})},
		{"box", sweep.BoxShape(box), nil, sweep.BoxShape(sweep.Box{Axes: [3]mgl64.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}})},
		{"long box", sweep.BoxShape(box), long, sweep.BoxShape(sweep.Box{Axes: [3]mgl64.Vec3{{0.25, 0, 0}, {0, 0.5, 0}, {0, 0, 1}}})},
	} {
		fails := func(c Case) bool {
			return len(c.Tris) > 0 && c.Shape.Validate() == nil && (tc.keep == nil || tc.keep(c.Shape))
		}
		c := Case{Tris: floorTris, Motion: sweep.Motion{Shape: tc.shape, Start: mgl64.Vec3{0.3, 2, 0.1}, End: mgl64.Vec3{0.3, -1, 0.1}}}
		got := (&shrinker{fails: fails}).shrink(c)
		if got.Shape != tc.want {
			t.Errorf("%s: shrunk to %+v, want %+v", tc.name, got.Shape, tc.want)
		}
	}
}

// shapeCases is how many cases the shape hunts try: the oracle's box
// distances are slow (about 20 cases a second on a busy machine).
func shapeCases(s sweep.Shape) int {
	n := 400
	if s.Kind == sweep.KindBox {
		n = 60
	}
	if !testing.Short() {
		n *= 4
	}
	return n
}

// TestShapesHuntClean: hunting the exact core with a capsule and with a
// box in the floor scene, for a case budget, tries every case of the
// budget and finds no problem.
func TestShapesHuntClean(t *testing.T) {
	for _, s := range []sweep.Shape{huntCapsule, huntBox} {
		sc := shapeScene(t, s)
		n := shapeCases(s)
		sum, err := Run(t.Context(), Config{Scene: sc, Cases: n, Seed: 1, Out: t.TempDir()}, nil)
		if err != nil || sum.Cases != n {
			t.Fatalf("%s: %d cases, %v; want %d", sc.Name, sum.Cases, err, n)
		}
		t.Logf("%s: %d cases, %d kinds of finding", sc.Name, sum.Cases, len(sum.Findings))
		for _, f := range sum.Findings {
			data, _ := os.ReadFile(f.Fixture)
			t.Errorf("%s: %s: %d cases, worst %.3g, %d triangles, %s\n%s\n%s", sc.Name, f.Kind, f.Count, f.Worst, f.Triangles, f.Fixture, f.Detail, data)
		}
	}
}

// TestOverlapNormal: a capsule whose center starts on the floor gets the
// floor's normal (either side) from the core, and the judge accepts it: no
// plane separates a shape from a triangle it overlaps, so any normal is
// right there (judge.Judge.Contact). The hunter used to report every
// algorithm's normal as wrong at such starts.
func TestOverlapNormal(t *testing.T) {
	mo := sweep.Motion{Shape: huntCapsule, Start: mgl64.Vec3{-5, 0, 5}, End: mgl64.Vec3{-10, 0, 0}}
	g := judge.NewGeometry(mo.Shape, floorTris)
	a := sweep.NewMesh(floorTris).Answer(mo)
	if !a.Hit || a.First.T != 0 || math.Abs(a.First.Normal[1]) != 1 {
		t.Fatalf("the core: %+v, want a hit at T 0 with the floor's normal", a.First)
	}
	if v := (judge.Judge{Tol: judge.Exact}).Contact(g, mo, a); v.State != judge.Agrees {
		t.Errorf("the judge says %v of the floor's normal at an overlapping start, want agrees", v)
	}
}

// TestShapesHuntEngineFinds: a late engine answering capsules is found
// out in the capsule scene; its finding shrinks to at most 4 triangles and
// a version-2 fixture holding the capsule, whose expectation the core
// passes and the engine's answer fails, and which the judge calls wrong.
func TestShapesHuntEngineFinds(t *testing.T) {
	eng := lateEngine{engine.Core()}
	sum, err := Run(t.Context(), Config{Scene: shapeScene(t, huntCapsule), Cases: 200, Seed: 1, Out: t.TempDir(), StopAfter: 1,
		Engines: [][]engine.Engine{{eng}}}, nil)
	if err != nil || len(sum.Findings) != 1 {
		t.Fatalf("%v, %d cases, findings %+v: want one", err, sum.Cases, sum.Findings)
	}
	f := sum.Findings[0]
	t.Logf("%q after %d cases, %d triangles: %s", f.Kind, sum.Cases, f.Triangles, f.Detail)
	if !strings.HasPrefix(f.Kind, "late: ") || f.Triangles > maxFixtureTris || f.Fixture == "" {
		t.Fatalf("finding %+v: want kind late: RULE, at most 4 triangles, a fixture", f)
	}
	data, err := os.ReadFile(f.Fixture)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"version": 2`) || !strings.Contains(string(data), `"capsule": {"radius"`) {
		t.Errorf("fixture %s:\n%s\nwant version 2 with the capsule", f.Fixture, data)
	}
	s, err := scene.Load(f.Fixture)
	if err != nil {
		t.Fatal(err)
	}
	if s.Kind != sweep.KindCapsule || s.Shape != f.Case.Shape {
		t.Fatalf("the fixture's shape %+v, want the shrunk case's capsule %+v", s.Shape, f.Case.Shape)
	}
	r, err := scene.Replay(s)
	if err != nil || !r.Pass() {
		t.Fatalf("the core on the fixture: %v %+v, want a pass", err, r)
	}
	q := engine.Query{Mesh: engine.NewMesh(s.Mesh.Tris()), Motion: s.Motion}
	got, err := eng.Sweep(t.Context(), q)
	if err != nil {
		t.Fatal(err)
	}
	if ms := s.Expect.Check(sweep.Answer{Hit: got.Hit, First: got.First, Has: got.Has, Slid: true, Slide: r.Answer.Slide}); len(ms) == 0 {
		t.Errorf("the late engine's answer %+v passes the fixture", got)
	}
	if v := q.Judge(judge.Judge{}, engine.OpSweep, r.Answer, got); v.State != judge.Wrong {
		t.Errorf("the judge on the late engine's answer: %+v, want wrong", v)
	}
}

// TestShapesHuntSatOut: an engine that answers ellipsoids only sits out a
// capsule hunt. Alone, the hunt does not start: a *NothingToHuntError
// naming it and the shape (engine.SatOut holds for it). Beside the core,
// every one of its sweeps is counted as sat out in the summary, none is a
// finding, and the core's are judged.
func TestShapesHuntSatOut(t *testing.T) {
	sc := shapeScene(t, huntCapsule)
	_, err := Run(t.Context(), Config{Scene: sc, Cases: 10, Seed: 1, Out: t.TempDir(), Engines: [][]engine.Engine{{engine.UnitSpace()}}}, nil)
	var nothing *NothingToHuntError
	if !errors.As(err, &nothing) || !engine.SatOut(err) || nothing.Shape != sweep.KindCapsule ||
		err.Error() != `hunt: engine "unitspace" sits out capsules (it answers ellipsoid): nothing to hunt` {
		t.Errorf("unitspace alone: %v, want a *NothingToHuntError for capsules", err)
	}
	const n = 40
	var last Progress
	sum, err := Run(t.Context(), Config{Scene: sc, Cases: n, Seed: 1, Out: t.TempDir(), Engines: [][]engine.Engine{{engine.Core(), engine.UnitSpace()}}},
		func(p Progress) { last = p })
	if err != nil || sum.Cases != n || len(sum.Findings) != 0 {
		t.Fatalf("core and unitspace: %v, %d cases, findings %+v; want %d cases, none", err, sum.Cases, sum.Findings, n)
	}
	want := []SatOut{{Engine: "unitspace", Shape: sweep.KindCapsule, Shapes: engine.EllipsoidOnly, Queries: n}}
	if fmt.Sprint(sum.SatOut) != fmt.Sprint(want) || last.SatOut != n || last.Queries == 0 || last.Unanswered != 0 {
		t.Errorf("sat out %+v, last progress %+v; want %+v, %d sat out, queries answered, none unanswered", sum.SatOut, last, want, n)
	}
}

// TestShapeGeneratorEmptyMesh: a capsule or a box scene without triangles
// still gives valid cases of its kind.
func TestShapeGeneratorEmptyMesh(t *testing.T) {
	for _, s := range []sweep.Shape{huntCapsule, huntBox} {
		g := &generator{base: &scene.Scene{Motion: sweep.Motion{Shape: s}}, bounds: geom.EmptyAABB(), size: shapeSize(s)}
		if c := g.at(1, 0).next(); c.Kind != s.Kind || c.Shape.Validate() != nil || !geom.IsFinite(c.Start) {
			t.Errorf("%v: %+v", s.Kind, c)
		}
	}
}

// TestRoundVecGridDecimals: a grid with two decimals (0.25) keeps both
// when printed, so 0.3 rounds to 0.25, not to 0.2.
func TestRoundVecGridDecimals(t *testing.T) {
	if got := roundVec(mgl64.Vec3{0.3, 0.6, -0.9}, 0.25); got != (mgl64.Vec3{0.25, 0.5, -1}) {
		t.Errorf("roundVec on 0.25 = %v, want [0.25 0.5 -1]", got)
	}
}
