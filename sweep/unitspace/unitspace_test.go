package unitspace_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
	"sweepdbg/sweep/internal/handcases"
	"sweepdbg/sweep/unitspace"
)

// floor is the triangle most hand-derived cases use: in the plane y = 0,
// legs of length 4 along +x and +z.
var floor = handcases.Floor

// TestHandDerived runs the hand-derived table shared with package sweep.
func TestHandDerived(t *testing.T) {
	for _, c := range handcases.Cases {
		h, ok := unitspace.EllipsoidTriangle(c.E, c.Begin, c.Delta, c.Tri)
		if ok != c.Hit {
			t.Errorf("%s: hit = %v, want %v (%+v)", c.Name, ok, c.Hit, h)
			continue
		}
		if !ok {
			continue
		}
		if math.Abs(h.T-c.T) > 1e-12 || !near(h.Point, c.Point, 1e-12) || !near(h.Normal, c.Normal, 1e-12) || h.Feature != c.Feature {
			t.Errorf("%s: got %+v, want T %v point %v normal %v %v", c.Name, h, c.T, c.Point, c.Normal, c.Feature)
		}
	}
}

func near(a, b mgl64.Vec3, tol float64) bool { return geom.Len(a.Sub(b)) <= tol }

// TestExplain checks each candidate's verdict in the hand-derived edge and
// vertex cases.
func TestExplain(t *testing.T) {
	type want struct {
		reason string
		t      float64 // NaN: not checked
	}
	nan := math.NaN()
	cases := []struct {
		name         string
		begin, delta mgl64.Vec3
		want         [7]want
	}{
		// Edge case: the face plane is already within reach (the center is
		// in the plane) but (2, -3) is outside the triangle; edge 0 wins;
		// edge 1 (the hypotenuse x + z = 4, at distance |z - 2|/√2 from
		// the center (2, 0, z)) is reached later at z = 2 - √2, inside its
		// ends; edge 2 (x = 0) is parallel to the motion.
		{"edge", mgl64.Vec3{2, 0, -3}, mgl64.Vec3{0, 0, 4}, [7]want{
			{unitspace.ReasonOutsideTriangle, 0}, {unitspace.ReasonWinner, 0.5},
			{unitspace.ReasonBeyond, (5 - math.Sqrt2) / 4}, {unitspace.ReasonParallel, nan},
			{unitspace.ReasonMisses, nan}, {unitspace.ReasonMisses, nan}, {unitspace.ReasonMisses, nan}}},
		// Vertex case: both adjacent edges' cylinders are entered at
		// t = 0.5 beyond their ends; the hypotenuse's line is reached only
		// after the motion.
		{"vertex", mgl64.Vec3{-3, 0, -3}, mgl64.Vec3{4, 0, 4}, [7]want{
			{unitspace.ReasonOutsideTriangle, 0}, {unitspace.ReasonOutsideEdge, 0.5},
			{unitspace.ReasonAfter, nan}, {unitspace.ReasonOutsideEdge, 0.5},
			{unitspace.ReasonWinner, (3 - 1/math.Sqrt2) / 4}, {unitspace.ReasonMisses, nan}, {unitspace.ReasonMisses, nan}}},
		// Moving away from the plane: the face root is negative; the
		// center (1, 2+3t, 1) is at distance √((2+3t)² + 1) from the lines
		// of edges 0 and 2, whose cylinders it grazes at t = -2/3.
		{"away", mgl64.Vec3{1, 2, 1}, mgl64.Vec3{0, 3, 0}, [7]want{
			{unitspace.ReasonNegative, -1.0 / 3}, {unitspace.ReasonNegative, -2.0 / 3}, {unitspace.ReasonMisses, nan},
			{unitspace.ReasonNegative, -2.0 / 3}, {unitspace.ReasonMisses, nan}, {unitspace.ReasonMisses, nan}, {unitspace.ReasonMisses, nan}}},
		// Parallel to the plane and to edge 0 (the x axis).
		{"parallel", mgl64.Vec3{-3, 2, 1}, mgl64.Vec3{10, 0, 0}, [7]want{
			{unitspace.ReasonParallel, nan}, {unitspace.ReasonParallel, nan}, {unitspace.ReasonMisses, nan},
			{unitspace.ReasonMisses, nan}, {unitspace.ReasonMisses, nan}, {unitspace.ReasonMisses, nan}, {unitspace.ReasonMisses, nan}}},
	}
	for _, c := range cases {
		got := unitspace.Explain(sweep.Sphere(1), c.begin, c.delta, floor)
		if len(got) != 7 {
			t.Fatalf("%s: %d candidates, want 7", c.name, len(got))
		}
		for i, w := range c.want {
			g := got[i]
			if g.Reason != w.reason || (!math.IsNaN(w.t) && math.Abs(g.T-w.t) > 1e-12) {
				t.Errorf("%s: candidate %d (%v %d) = %q T %v, want %q T %v", c.name, i, g.Feature, g.Index, g.Reason, g.T, w.reason, w.t)
			}
			if g.Valid != (w.reason == unitspace.ReasonWinner || w.reason == unitspace.ReasonBeyond) {
				t.Errorf("%s: candidate %d Valid = %v with reason %q", c.name, i, g.Valid, g.Reason)
			}
		}
	}
}

// TestInvalid: singular axes and non-finite input give no hit and no NaN.
func TestInvalid(t *testing.T) {
	flat := sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{1, 0, 0}, {0, 1, 0}, {1, 1, 0}}}
	inf := math.Inf(1)
	cases := []struct {
		name         string
		e            sweep.Ellipsoid
		begin, delta mgl64.Vec3
		tri          geom.Triangle
	}{
		{"coplanar axes", flat, mgl64.Vec3{1, 0.5, 1}, mgl64.Vec3{0, -1, 0}, floor},
		{"zero axes", sweep.Ellipsoid{}, mgl64.Vec3{1, 0.5, 1}, mgl64.Vec3{0, -1, 0}, floor},
		{"NaN begin", sweep.Sphere(1), mgl64.Vec3{math.NaN(), 0, 0}, mgl64.Vec3{0, -1, 0}, floor},
		{"Inf delta", sweep.Sphere(1), mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -inf, 0}, floor},
		{"Inf vertex", sweep.Sphere(1), mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -4, 0}, geom.Triangle{{0, 0, 0}, {inf, 0, 0}, {0, 0, 4}}},
	}
	for _, c := range cases {
		if h, ok := unitspace.EllipsoidTriangle(c.e, c.begin, c.delta, c.tri); ok {
			t.Errorf("%s: hit %+v, want none", c.name, h)
		}
		for _, cand := range unitspace.Explain(c.e, c.begin, c.delta, c.tri) {
			if cand.Valid || cand.Reason != unitspace.ReasonInvalid {
				t.Errorf("%s: candidate %+v, want invalid", c.name, cand)
			}
		}
	}
}

// A motion 1e8 long that passes far from a triangle does not touch it:
// the vertex and edge quadratics keep their discriminant exact however
// far the start is (the unit sphere's "-1" is not lost in |w|²).
func TestLongMotionFarMiss(t *testing.T) {
	e := sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{0.5, 0, 0}, {0, 0.9, 0}, {0, 0, 0.5}}}
	tri := geom.Triangle{{0, 0, 2}, {6, 0, 2}, {6, 3, 2}}
	end := mgl64.Vec3{4, 0.8, 3}
	for _, x := range []float64{1e6, 1e8, 1e9, 1e12} {
		begin := mgl64.Vec3{x, 1.2, -1}
		if h, ok := unitspace.EllipsoidTriangle(e, begin, end.Sub(begin), tri); ok {
			t.Errorf("start x %g: hit %+v, want none (the end is more than a radius away)", x, h)
		}
	}
}
