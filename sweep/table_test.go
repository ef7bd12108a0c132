package sweep_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// floor is the triangle of the fixture example in docs/fixture-format.md, in the plane y = 0.
var floor = geom.Triangle{{0, 0, 0}, {4, 0, 0}, {0, 0, 4}}

var s3 = math.Sqrt(3)
var s2 = math.Sqrt2

// tableCase is a hand-derived expectation.
type tableCase struct {
	name         string
	e            sweep.Ellipsoid
	begin, delta mgl64.Vec3
	tri          geom.Triangle
	hit          bool
	t            float64
	point        mgl64.Vec3
	normal       mgl64.Vec3
	feature      sweep.Feature
}

// tableCases walks through the cases of sections 3 and 5 by hand.
var tableCases = []tableCase{
	// 3.1 + 3.3, face: the unit sphere drops from y = 3 by 4; it touches
	// the plane when its center is at y = 1, at t = (3-1)/4, above (1, 0, 1),
	// which is inside the triangle.
	{"face", sweep.Sphere(1), mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -4, 0}, floor,
		true, 0.5, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, 1, 0}, sweep.Face},
	// Section 4, face: the fixture example's ellipsoid (y semi-axis 1) gives
	// the same contact as the unit sphere.
	{"face ellipsoid", sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{0.5, 0, 0}, {0, 1, 0}, {0, 0, 0.5}}},
		mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -4, 0}, floor,
		true, 0.5, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, 1, 0}, sweep.Face},
	// Face from below (two-sided): same time, normal flipped.
	{"face from below", sweep.Sphere(1), mgl64.Vec3{1, -3, 1}, mgl64.Vec3{0, 4, 0}, floor,
		true, 0.5, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, -1, 0}, sweep.Face},
	// 3.4, vertex: from (-2,-2,-2) toward the origin by (2,2,2); the center
	// is in vertex 0's region throughout and at distance (1-t)·2√3, which is
	// 1 at t = 1 - 1/(2√3).
	{"vertex", sweep.Sphere(1), mgl64.Vec3{-2, -2, -2}, mgl64.Vec3{2, 2, 2}, floor,
		true, 1 - 1/(2*s3), mgl64.Vec3{}, mgl64.Vec3{-1 / s3, -1 / s3, -1 / s3}, sweep.Vertex},
	// The same in unit-sphere space for the ellipsoid with x semi-axis 2:
	// world begin (-4,-2,-2) maps to (-2,-2,-2). The unit-space normal
	// -(1,1,1)/√3 maps to (M⁻¹)ᵀn ∝ -(1/2, 1, 1), i.e. -(1/3, 2/3, 2/3).
	{"vertex ellipsoid", sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{2, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
		mgl64.Vec3{-4, -2, -2}, mgl64.Vec3{4, 2, 2}, floor,
		true, 1 - 1/(2*s3), mgl64.Vec3{}, mgl64.Vec3{-1. / 3, -2. / 3, -2. / 3}, sweep.Vertex},
	// 3.5, edge: toward the edge (0,0,0)-(4,0,0) from below and behind, at
	// distance (1-t)·2√2 from its line, 1 at t = 1 - 1/(2√2), at x = 2.
	{"edge", sweep.Sphere(1), mgl64.Vec3{2, -2, -2}, mgl64.Vec3{0, 2, 2}, floor,
		true, 1 - 1/(2*s2), mgl64.Vec3{2, 0, 0}, mgl64.Vec3{0, -1 / s2, -1 / s2}, sweep.Edge},
	// 3.1 with D·N = 0, outside the slab: never touches the plane.
	{"parallel above", sweep.Sphere(1), mgl64.Vec3{-3, 2, 1}, mgl64.Vec3{8, 0, 0}, floor,
		false, 0, mgl64.Vec3{}, mgl64.Vec3{}, 0},
	// D·N = 0 inside the slab (height 0.5), sliding in from x = -3 toward
	// the edge x = 0: distance to that edge's line sqrt(x² + 0.25) = 1 at
	// x = -√0.75, t = (3 - √0.75)/4; normal (x, 0.5, 0).
	{"parallel in slab", sweep.Sphere(1), mgl64.Vec3{-3, 0.5, 1}, mgl64.Vec3{4, 0, 0}, floor,
		true, (3 - math.Sqrt(0.75)) / 4, mgl64.Vec3{0, 0, 1}, mgl64.Vec3{-math.Sqrt(0.75), 0.5, 0}, sweep.Edge},
	// D·N = 0 at height exactly 1 over the face: touching from the start.
	{"parallel sliding", sweep.Sphere(1), mgl64.Vec3{1, 1, 1}, mgl64.Vec3{1, 0, 0}, floor,
		true, 0, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, 1, 0}, sweep.Face},
	// Start overlapping (3.1: t1 = 0; 3.3: the center's projection is
	// inside): T = 0 at the closest point.
	{"start overlapping", sweep.Sphere(1), mgl64.Vec3{1, 0.5, 1}, mgl64.Vec3{0, 5, 0}, floor,
		true, 0, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, 1, 0}, sweep.Face},
	// Start overlapping a vertex, outside the face, moving in (the case
	// the published lowest root tunnels through): T = 0.
	{"start on vertex", sweep.Sphere(1), mgl64.Vec3{-0.5, 0, -0.5}, mgl64.Vec3{2, 0, 2}, floor,
		true, 0, mgl64.Vec3{}, mgl64.Vec3{-1 / s2, 0, -1 / s2}, sweep.Vertex},
	// The center on the triangle: the face normal against the motion.
	{"center on face", sweep.Sphere(1), mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, -1, 0}, floor,
		true, 0, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, 1, 0}, sweep.Face},
	// ... and with no motion the triangle's own normal ((B-A)x(C-A) = -y).
	{"center on face, still", sweep.Sphere(1), mgl64.Vec3{1, 0, 1}, mgl64.Vec3{}, floor,
		true, 0, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, -1, 0}, sweep.Face},
	// A degenerate triangle (a segment along x) is its edges: from y = 3 by
	// -4 onto (1,0,0) at t = 0.5.
	{"collinear", sweep.Sphere(1), mgl64.Vec3{1, 3, 0}, mgl64.Vec3{0, -4, 0},
		geom.Triangle{{0, 0, 0}, {2, 0, 0}, {4, 0, 0}},
		true, 0.5, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 1, 0}, sweep.Edge},
	// All three vertices in one point: a vertex, reached at 2/6.
	{"point", sweep.Sphere(1), mgl64.Vec3{1, 4, 1}, mgl64.Vec3{0, -6, 0},
		geom.Triangle{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}},
		true, 2.0 / 6, mgl64.Vec3{1, 1, 1}, mgl64.Vec3{0, 1, 0}, sweep.Vertex},
	// Far from the origin: the face case moved by 1e5.
	{"face far away", sweep.Sphere(1), mgl64.Vec3{1e5 + 1, 1e5 + 3, 1e5 + 1}, mgl64.Vec3{0, -4, 0},
		geom.Triangle{{1e5, 1e5, 1e5}, {1e5 + 4, 1e5, 1e5}, {1e5, 1e5, 1e5 + 4}},
		true, 0.5, mgl64.Vec3{1e5 + 1, 1e5, 1e5 + 1}, mgl64.Vec3{0, 1, 0}, sweep.Face},
	// Passing beside the triangle: no contact.
	{"miss", sweep.Sphere(1), mgl64.Vec3{10, 3, 10}, mgl64.Vec3{0, -6, 0}, floor,
		false, 0, mgl64.Vec3{}, mgl64.Vec3{}, 0},
}

func TestEllipsoidTriangleTable(t *testing.T) {
	for _, tc := range tableCases {
		h, ok := sweep.EllipsoidTriangle(tc.e, tc.begin, tc.delta, tc.tri)
		if ok != tc.hit {
			t.Errorf("%s: hit = %v, want %v (%+v)", tc.name, ok, tc.hit, h)
			continue
		}
		if !ok {
			continue
		}
		if math.Abs(h.T-tc.t) > 1e-12 || h.Point.Sub(tc.point).Len() > 1e-9 ||
			h.Normal.Sub(tc.normal).Len() > 1e-12 || h.Feature != tc.feature || h.Triangle != 0 {
			t.Errorf("%s: got T=%v point=%v normal=%v %v; want T=%v point=%v normal=%v %v",
				tc.name, h.T, h.Point, h.Normal, h.Feature, tc.t, tc.point, tc.normal, tc.feature)
		}
		// The prepared path agrees exactly.
		q := sweep.NewQuery(tc.e, tc.begin, tc.delta)
		if h2, ok2 := q.Triangle(tc.tri, 1); !ok2 || h2 != h {
			t.Errorf("%s: Query.Triangle = %+v, %v; EllipsoidTriangle = %+v", tc.name, h2, ok2, h)
		}
		// maxT below the contact hides it.
		if tc.t > 0 {
			if _, ok := q.Triangle(tc.tri, tc.t*0.999); ok {
				t.Errorf("%s: a hit with maxT < T", tc.name)
			}
		}
	}
}

// TestEllipsoidPolygonTable runs the table through section 4 (polygon
// stored as plane + 2D vertices) wherever the triangle has a plane.
func TestEllipsoidPolygonTable(t *testing.T) {
	for _, tc := range tableCases {
		poly, err := geom.NewPolygon(tc.tri[:])
		if err != nil {
			continue // degenerate: no plane
		}
		h, ok := sweep.EllipsoidPolygon(tc.e, tc.begin, tc.delta, &poly)
		if ok != tc.hit {
			t.Errorf("%s: hit = %v, want %v", tc.name, ok, tc.hit)
			continue
		}
		if !ok {
			continue
		}
		// Stored as plane + 2D vertices, a polygon 1e5 from the origin has
		// its vertices rounded to ~1e-11 (2D coordinates and plane constant
		// of that size), hence the looser tolerance here.
		if math.Abs(h.T-tc.t) > 1e-10 || h.Point.Sub(tc.point).Len() > 1e-9 || h.Feature != tc.feature {
			t.Errorf("%s: got T=%v point=%v %v; want T=%v point=%v %v", tc.name, h.T, h.Point, h.Feature, tc.t, tc.point, tc.feature)
		}
		// The normal's sign is fixed by the polygon's plane when the center
		// lies on it with no motion; elsewhere it must match.
		if tc.delta != (mgl64.Vec3{}) && h.Normal.Sub(tc.normal).Len() > 1e-10 {
			t.Errorf("%s: normal %v, want %v", tc.name, h.Normal, tc.normal)
		}
	}
}

// TestSpherePolygon is section 3 on a square (a polygon no triangle test
// covers): a radius-2 sphere dropping onto the unit square at z = 0
// touches at t = (5-2)/6 above (0.5, 0.5); beside it, it hits the edge
// x = 1 where sqrt((x-1)² + z²) = 2.
func TestSpherePolygon(t *testing.T) {
	sq, err := geom.NewPolygon([]mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}})
	if err != nil {
		t.Fatal(err)
	}
	h, ok := sweep.SpherePolygon(&sq, mgl64.Vec3{0.5, 0.5, 5}, mgl64.Vec3{0, 0, -6}, 2)
	if !ok || math.Abs(h.T-0.5) > 1e-12 || h.Point.Sub(mgl64.Vec3{0.5, 0.5, 0}).Len() > 1e-12 || h.Feature != sweep.Face {
		t.Errorf("face: %+v, %v", h, ok)
	}
	// Center at x = 2.5 dropping at y = 0.5: the edge x = 1 is at horizontal
	// distance 1.5, touched when z = sqrt(4 - 2.25) = √1.75.
	h, ok = sweep.SpherePolygon(&sq, mgl64.Vec3{2.5, 0.5, 5}, mgl64.Vec3{0, 0, -6}, 2)
	if want := (5 - math.Sqrt(1.75)) / 6; !ok || math.Abs(h.T-want) > 1e-12 || h.Feature != sweep.Edge ||
		h.Point.Sub(mgl64.Vec3{1, 0.5, 0}).Len() > 1e-12 {
		t.Errorf("edge: %+v, %v; want T=%v", h, ok, want)
	}
}
