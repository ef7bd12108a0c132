package sweep_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
	"sweepdbg/sweep/internal/handcases"
)

// floor is handcases.Floor, the triangle of the fixture example in
// docs/fixture-format.md, in the plane y = 0.
var floor = handcases.Floor

// tableCases is the hand-derived table shared with sweep/unitspace.
var tableCases = handcases.Cases

func TestEllipsoidTriangleTable(t *testing.T) {
	for _, tc := range tableCases {
		h, ok := sweep.EllipsoidTriangle(tc.E, tc.Begin, tc.Delta, tc.Tri)
		if ok != tc.Hit {
			t.Errorf("%s: hit = %v, want %v (%+v)", tc.Name, ok, tc.Hit, h)
			continue
		}
		if !ok {
			continue
		}
		if math.Abs(h.T-tc.T) > 1e-12 || geom.Len(h.Point.Sub(tc.Point)) > 1e-9 ||
			geom.Len(h.Normal.Sub(tc.Normal)) > 1e-12 || h.Feature != tc.Feature || h.Triangle != 0 {
			t.Errorf("%s: got T=%v point=%v normal=%v %v; want T=%v point=%v normal=%v %v",
				tc.Name, h.T, h.Point, h.Normal, h.Feature, tc.T, tc.Point, tc.Normal, tc.Feature)
		}
		// The prepared path agrees exactly.
		q := sweep.NewQuery(tc.E, tc.Begin, tc.Delta)
		if h2, ok2 := q.Triangle(tc.Tri, 1); !ok2 || h2 != h {
			t.Errorf("%s: Query.Triangle = %+v, %v; EllipsoidTriangle = %+v", tc.Name, h2, ok2, h)
		}
		// maxT below the contact hides it.
		if tc.T > 0 {
			if _, ok := q.Triangle(tc.Tri, float64(tc.T*0.999)); ok {
				t.Errorf("%s: a hit with maxT < T", tc.Name)
			}
		}
	}
}

// TestEllipsoidPolygonTable runs the table through section 4 of Rouwé,
// "Collision Detection with Swept Spheres and Ellipsoids" (polygon stored
// as plane + 2D vertices) wherever the triangle has a plane.
func TestEllipsoidPolygonTable(t *testing.T) {
	for _, tc := range tableCases {
		poly, err := geom.NewPolygon(tc.Tri[:])
		if err != nil {
			continue // degenerate: no plane
		}
		h, ok := sweep.EllipsoidPolygon(tc.E, tc.Begin, tc.Delta, &poly)
		if ok != tc.Hit {
			t.Errorf("%s: hit = %v, want %v", tc.Name, ok, tc.Hit)
			continue
		}
		if !ok {
			continue
		}
		// Stored as plane + 2D vertices, a polygon 1e5 from the origin has
		// its vertices rounded to ~1e-11 (2D coordinates and plane constant
		// of that size), hence the looser tolerance here.
		if math.Abs(h.T-tc.T) > 1e-10 || geom.Len(h.Point.Sub(tc.Point)) > 1e-9 || h.Feature != tc.Feature {
			t.Errorf("%s: got T=%v point=%v %v; want T=%v point=%v %v", tc.Name, h.T, h.Point, h.Feature, tc.T, tc.Point, tc.Feature)
		}
		// The normal's sign is fixed by the polygon's plane when the center
		// lies on it with no motion; elsewhere it must match.
		if tc.Delta != (mgl64.Vec3{}) && geom.Len(h.Normal.Sub(tc.Normal)) > 1e-10 {
			t.Errorf("%s: normal %v, want %v", tc.Name, h.Normal, tc.Normal)
		}
	}
}

// TestSpherePolygon is section 3 (of the same paper) on a square (a polygon no triangle test
// covers): a radius-2 sphere dropping onto the unit square at z = 0
// touches at t = (5-2)/6 above (0.5, 0.5); beside it, it hits the edge
// x = 1 where sqrt((x-1)² + z²) = 2.
func TestSpherePolygon(t *testing.T) {
	sq, err := geom.NewPolygon([]mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}})
	if err != nil {
		t.Fatal(err)
	}
	h, ok := sweep.SpherePolygon(&sq, mgl64.Vec3{0.5, 0.5, 5}, mgl64.Vec3{0, 0, -6}, 2)
	if !ok || math.Abs(h.T-0.5) > 1e-12 || geom.Len(h.Point.Sub(mgl64.Vec3{0.5, 0.5, 0})) > 1e-12 || h.Feature != sweep.Face {
		t.Errorf("face: %+v, %v", h, ok)
	}
	// Center at x = 2.5 dropping at y = 0.5: the edge x = 1 is at horizontal
	// distance 1.5, touched when z = sqrt(4 - 2.25) = √1.75.
	h, ok = sweep.SpherePolygon(&sq, mgl64.Vec3{2.5, 0.5, 5}, mgl64.Vec3{0, 0, -6}, 2)
	if want := (5 - math.Sqrt(1.75)) / 6; !ok || math.Abs(h.T-want) > 1e-12 || h.Feature != sweep.Edge ||
		geom.Len(h.Point.Sub(mgl64.Vec3{1, 0.5, 0})) > 1e-12 {
		t.Errorf("edge: %+v, %v; want T=%v", h, ok, want)
	}
}
