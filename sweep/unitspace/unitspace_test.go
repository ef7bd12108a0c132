package unitspace_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
	"sweepdbg/sweep/unitspace"
)

// floor is the triangle used by the hand-derived cases: in the plane y = 0,
// legs of length 4 along +x and +z.
var floor = geom.Triangle{{0, 0, 0}, {4, 0, 0}, {0, 0, 4}}

// squashed has semi-axes 0.5, 2 and 0.5 along x, y and z.
var squashed = sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{0.5, 0, 0}, {0, 2, 0}, {0, 0, 0.5}}}

// stretchedZ has semi-axes 1, 1 and 2.
var stretchedZ = sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 2}}}

type handCase struct {
	name         string
	e            sweep.Ellipsoid
	tri          geom.Triangle
	begin, delta mgl64.Vec3
	hit          bool
	t            float64
	point        mgl64.Vec3
	normal       mgl64.Vec3
	feature      sweep.Feature
}

// handCases are derived by hand (the reasoning is in each comment).
var handCases = []handCase{
	// Unit sphere falling from y = 3 by 4: the plane y = 0 is met when the
	// center reaches y = 1, halfway; (0.25, 0.25) is inside the triangle.
	{"face", sweep.Sphere(1), floor, mgl64.Vec3{0.25, 3, 0.25}, mgl64.Vec3{0, -4, 0}, true, 0.5, mgl64.Vec3{0.25, 0, 0.25}, mgl64.Vec3{0, 1, 0}, sweep.Face},
	// The y semi-axis is 2: contact when the center reaches y = 2, a
	// quarter of the way.
	{"face, ellipsoid", squashed, floor, mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -4, 0}, true, 0.25, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, 1, 0}, sweep.Face},
	// Two-sided: the same from below meets the plane at y = -1.
	{"face from below", sweep.Sphere(1), floor, mgl64.Vec3{0.25, -3, 0.25}, mgl64.Vec3{0, 4, 0}, true, 0.5, mgl64.Vec3{0.25, 0, 0.25}, mgl64.Vec3{0, -1, 0}, sweep.Face},
	// Moving along +z in the plane toward the edge z = 0 (vertex 0 to 1):
	// the cylinder of radius 1 is entered at z = -1, halfway, at x = 2.
	{"edge", sweep.Sphere(1), floor, mgl64.Vec3{2, 0, -3}, mgl64.Vec3{0, 0, 4}, true, 0.5, mgl64.Vec3{2, 0, 0}, mgl64.Vec3{0, 0, -1}, sweep.Edge},
	// With a z semi-axis of 2 the edge is met at z = -2, a quarter of the way.
	{"edge, ellipsoid", stretchedZ, floor, mgl64.Vec3{2, 0, -3}, mgl64.Vec3{0, 0, 4}, true, 0.25, mgl64.Vec3{2, 0, 0}, mgl64.Vec3{0, 0, -1}, sweep.Edge},
	// Along the diagonal (1, 0, 1) toward vertex 0 from (-3, 0, -3): the
	// distance to the origin is √2·|4t - 3| = 1 at t = (3 - 1/√2)/4.
	{"vertex", sweep.Sphere(1), floor, mgl64.Vec3{-3, 0, -3}, mgl64.Vec3{4, 0, 4}, true, (3 - 1/math.Sqrt2) / 4, mgl64.Vec3{0, 0, 0}, mgl64.Vec3{-1 / math.Sqrt2, 0, -1 / math.Sqrt2}, sweep.Vertex},
	// Parallel to the plane, 2 above it: never touches.
	{"parallel", sweep.Sphere(1), floor, mgl64.Vec3{-3, 2, 1}, mgl64.Vec3{10, 0, 0}, false, 0, mgl64.Vec3{}, mgl64.Vec3{}, 0},
	// Moving away from the plane.
	{"away", sweep.Sphere(1), floor, mgl64.Vec3{1, 2, 1}, mgl64.Vec3{0, 3, 0}, false, 0, mgl64.Vec3{}, mgl64.Vec3{}, 0},
	// Stops 0.5 short of the plane.
	{"short", sweep.Sphere(1), floor, mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -1.5, 0}, false, 0, mgl64.Vec3{}, mgl64.Vec3{}, 0},
	// Starts overlapping the face (center 0.5 above it): T = 0 at the
	// center's projection.
	{"start overlapping", sweep.Sphere(1), floor, mgl64.Vec3{1, 0.5, 1}, mgl64.Vec3{3, 0, 0}, true, 0, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, 1, 0}, sweep.Face},
	// Starts exactly touching, moving away: still T = 0.
	{"start touching", sweep.Sphere(1), floor, mgl64.Vec3{1, 1, 1}, mgl64.Vec3{0, 1, 0}, true, 0, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, 1, 0}, sweep.Face},
	// Starts with the center on the triangle, moving down: the normal is
	// the plane's, facing against the motion.
	{"start on the triangle", sweep.Sphere(1), floor, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, -1, 0}, true, 0, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, 1, 0}, sweep.Face},
	// Starts overlapping edge 0 from outside the triangle (0.5 beyond it).
	{"start overlapping an edge", sweep.Sphere(1), floor, mgl64.Vec3{2, 0, -0.5}, mgl64.Vec3{0, 0, -1}, true, 0, mgl64.Vec3{2, 0, 0}, mgl64.Vec3{0, 0, -1}, sweep.Edge},
	// A collinear triangle is its segment: falling onto (1, 0, 0) from
	// y = 3 meets it at y = 1, halfway.
	{"collinear", sweep.Sphere(1), geom.Triangle{{0, 0, 0}, {2, 0, 0}, {4, 0, 0}}, mgl64.Vec3{1, 3, 0}, mgl64.Vec3{0, -4, 0}, true, 0.5, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 1, 0}, sweep.Edge},
	// A triangle collapsed to a point is that vertex.
	{"point", sweep.Sphere(1), geom.Triangle{{1, 0, 0}, {1, 0, 0}, {1, 0, 0}}, mgl64.Vec3{1, 3, 0}, mgl64.Vec3{0, -4, 0}, true, 0.5, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 1, 0}, sweep.Vertex},
	// No motion, not touching: no hit.
	{"no motion", sweep.Sphere(1), floor, mgl64.Vec3{1, 3, 1}, mgl64.Vec3{}, false, 0, mgl64.Vec3{}, mgl64.Vec3{}, 0},
}

func TestHandDerived(t *testing.T) {
	for _, c := range handCases {
		h, ok := unitspace.EllipsoidTriangle(c.e, c.begin, c.delta, c.tri)
		if ok != c.hit {
			t.Errorf("%s: hit = %v, want %v (%+v)", c.name, ok, c.hit, h)
			continue
		}
		if !ok {
			continue
		}
		if math.Abs(h.T-c.t) > 1e-12 || !near(h.Point, c.point, 1e-12) || !near(h.Normal, c.normal, 1e-12) || h.Feature != c.feature {
			t.Errorf("%s: got %+v, want T %v point %v normal %v %v", c.name, h, c.t, c.point, c.normal, c.feature)
		}
	}
}

func near(a, b mgl64.Vec3, tol float64) bool { return a.Sub(b).Len() <= tol }

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
