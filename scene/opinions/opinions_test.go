package opinions

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene"
	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
)

// TestBuiltinsAgree: the three algorithms agree on every built-in
// ellipsoid scene, and agree with the scene's hand-checked expectation
// where it has one. The unit-space method sweeps only ellipsoids; the
// capsule and box scenes are checked by the core, package convex and the
// oracle in scene's TestBuiltinShapesThreeAgree.
func TestBuiltinsAgree(t *testing.T) {
	for _, name := range scene.Builtins() {
		s, err := scene.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		r, err := CompareScene(s)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !r.Agree() {
			t.Errorf("%s: the opinions disagree:\n%s", name, r)
		}
		if s.Expect != nil && s.Expect.T != nil {
			for _, o := range r.Opinions {
				if !o.OK || math.Abs(o.Hit.T-*s.Expect.T) > 1e-6 {
					t.Errorf("%s: %s gives %v %v, the fixture expects T %v", name, o.Algorithm, o.OK, o.Hit.T, *s.Expect.T)
				}
			}
		}
		second := UnitSpace
		if s.Kind != sweep.KindEllipsoid {
			second = Convex
		}
		if len(r.Opinions) != 3 || r.Opinions[0].Algorithm != Rouwe || r.Opinions[1].Algorithm != second || r.Opinions[2].Algorithm != Oracle {
			t.Errorf("%s: opinions %+v", name, r.Opinions)
		}
	}
}

// floorCase is the triangle y = 0, 0 <= x, z, x + z <= 4, with a unit
// sphere falling on (1, ., 1) from y = 3 by 5: first contact when the
// center reaches y = 1, at T = 0.4, point (1, 0, 1), normal +y (derived by
// hand).
func floorCase() (*judge.Geometry, mgl64.Vec3, mgl64.Vec3, sweep.Hit) {
	tris := []geom.Triangle{{{0, 0, 0}, {4, 0, 0}, {0, 0, 4}}}
	g := judge.NewGeometry(sweep.EllipsoidShape(sweep.Sphere(1)), tris)
	return g, mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -5, 0}, sweep.Hit{T: 0.4, Point: mgl64.Vec3{1, 0, 1}, Normal: mgl64.Vec3{0, 1, 0}}
}

// TestJudge plants one wrong answer at a time and checks that exactly the
// expected kind of disagreement is reported against the right algorithm.
func TestJudge(t *testing.T) {
	g, begin, delta, right := floorCase()
	cases := []struct {
		name  string
		bad   func(h sweep.Hit) (sweep.Hit, bool)
		field string
		diff  float64 // expected Diff, NaN: not checked
	}{
		{"right", func(h sweep.Hit) (sweep.Hit, bool) { return h, true }, "", 0},
		// 1e-3 of a motion 5 long in unit space: the sphere is 5e-3 deep.
		{"late", func(h sweep.Hit) (sweep.Hit, bool) { h.T += 1e-3; return h, true }, "t", 5e-3},
		// Early: 5e-3 short of touching.
		{"early", func(h sweep.Hit) (sweep.Hit, bool) { h.T -= 1e-3; return h, true }, "t", 5e-3},
		// A miss while the center passes through the triangle: distance 0,
		// 1 deep.
		{"miss", func(h sweep.Hit) (sweep.Hit, bool) { return sweep.Hit{}, false }, "hit", 1},
		{"point", func(h sweep.Hit) (sweep.Hit, bool) { h.Point[0] += 1e-3; return h, true }, "point", math.NaN()},
		{"normal", func(h sweep.Hit) (sweep.Hit, bool) {
			h.Normal = geom.Normalize(mgl64.Vec3{0.01, 1, 0})
			return h, true
		}, "normal", math.NaN()},
		{"nan", func(h sweep.Hit) (sweep.Hit, bool) { h.T = math.NaN(); return h, true }, "nonfinite", math.Inf(1)},
	}
	for _, c := range cases {
		bad, ok := c.bad(right)
		r := compare(g, motionOf(g, begin, delta), judge.Exact, []Opinion{{Algorithm: Rouwe, OK: ok, Hit: bad}, {Algorithm: UnitSpace, OK: true, Hit: right}, {Algorithm: Oracle, OK: true, Hit: right}}, true)
		if c.field == "" {
			if !r.Agree() {
				t.Errorf("%s: %v", c.name, r.Disagreements)
			}
			continue
		}
		if len(r.Disagreements) == 0 {
			t.Errorf("%s: no disagreement", c.name)
			continue
		}
		seen := false
		for _, d := range r.Disagreements {
			if d.A != Rouwe {
				t.Errorf("%s: disagreement %v does not blame %s", c.name, d, Rouwe)
			}
			if d.Field != c.field {
				continue // e.g. a moved point also makes its normal inconsistent
			}
			seen = true
			if !math.IsNaN(c.diff) && math.Abs(d.Diff-c.diff) > 1e-9 && !(math.IsInf(c.diff, 1) && math.IsInf(d.Diff, 1)) {
				t.Errorf("%s: %v, want diff %g", c.name, d, c.diff)
			}
		}
		if !seen {
			t.Errorf("%s: no %s disagreement in %v", c.name, c.field, r.Disagreements)
		}
		if !strings.Contains(r.String(), "DISAGREE "+c.field) {
			t.Errorf("%s: report does not say so:\n%s", c.name, r)
		}
	}
}

// TestGrazing: a sphere passing 1 + 1e-9 above an edge may be called a
// hit (at its closest) or a miss; neither is a disagreement.
func TestGrazing(t *testing.T) {
	g := judge.NewGeometry(sweep.EllipsoidShape(sweep.Sphere(1)), []geom.Triangle{{{0, 0, 0}, {4, 0, 0}, {0, 0, 4}}})
	// Center (2, 1+1e-9, -3+4t)... passes over edge z = 0 at height 1+1e-9
	// only if it stays beyond the edge: use a path along x beside the edge.
	begin, delta := mgl64.Vec3{-2, 0, -1 - 1e-9}, mgl64.Vec3{8, 0, 0}
	graze := sweep.Hit{T: 0.5, Point: mgl64.Vec3{2, 0, 0}, Normal: mgl64.Vec3{0, 0, -1}}
	r := compare(g, motionOf(g, begin, delta), judge.Exact, []Opinion{{Algorithm: Rouwe, OK: true, Hit: graze}, {Algorithm: UnitSpace}, {Algorithm: Oracle}}, true)
	if !r.Agree() {
		t.Errorf("grazing: %v", r.Disagreements)
	}
}

// TestCompareFloor runs the real algorithms on the hand-derived case.
func TestCompareFloor(t *testing.T) {
	g, begin, delta, right := floorCase()
	r := Compare(g, sweep.NewMesh(g.Tris), motionOf(g, begin, delta), judge.Exact)
	if !r.Agree() {
		t.Fatalf("%s", r)
	}
	for _, o := range r.Opinions {
		if !o.OK || math.Abs(o.Hit.T-right.T) > 1e-12 || geom.Len(o.Hit.Point.Sub(right.Point)) > 1e-12 || o.Err > 1e-12 {
			t.Errorf("%s: %+v, want %+v", o.Algorithm, o, right)
		}
	}
	if len(r.Candidates) != 7 || r.Candidates[0].Reason != "winner" {
		t.Errorf("candidates %+v", r.Candidates)
	}
}

func TestCompareSceneInvalid(t *testing.T) {
	s, err := scene.Builtin(scene.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	s.Ellipsoid.Axes[1] = mgl64.Vec3{}
	if _, err := CompareScene(s); err == nil {
		t.Fatal("no error for a zero axis")
	}
}

// coincident is n copies of floorCase's triangle.
func coincident(n int) []geom.Triangle {
	g, _, _, _ := floorCase()
	tris := make([]geom.Triangle, n)
	for i := range tris {
		tris[i] = g.Tris[0]
	}
	return tris
}

// TestCoincident: a pile of 200k coincident triangles is looked at as one
// (the lowest index), and the opinions still agree on it.
func TestCoincident(t *testing.T) {
	tris := coincident(200_000)
	g := judge.NewGeometry(sweep.EllipsoidShape(sweep.Sphere(1)), tris)
	_, begin, delta, right := floorCase()
	if near := g.Near(begin, delta, 0); len(near) != 1 || near[0] != 0 {
		t.Fatalf("near: %d triangles, want triangle 0 only", len(near))
	}
	r := Compare(g, sweep.NewMesh(tris), motionOf(g, begin, delta), judge.Exact)
	if !r.Agree() || math.Abs(r.Opinions[2].Hit.T-right.T) > 1e-9 {
		t.Fatalf("coincident:\n%s", r)
	}
}

func BenchmarkCoincident200k(b *testing.B) {
	tris := coincident(200_000)
	g := judge.NewGeometry(sweep.EllipsoidShape(sweep.Sphere(1)), tris)
	m := sweep.NewMesh(tris)
	_, begin, delta, _ := floorCase()
	for b.Loop() {
		Compare(g, m, motionOf(g, begin, delta), judge.Exact)
	}
}
