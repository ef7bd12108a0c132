package geom_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep/oracle"
)

var identity = [3]mgl64.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}

func TestClosestPointTriangleRegions(t *testing.T) {
	tri := geom.Triangle{{0, 0, 0}, {4, 0, 0}, {0, 0, 4}}
	for _, tc := range []struct {
		p      mgl64.Vec3
		q      mgl64.Vec3
		region geom.Region
		index  int
	}{
		{mgl64.Vec3{1, 3, 1}, mgl64.Vec3{1, 0, 1}, geom.RegionFace, 0},
		{mgl64.Vec3{-1, 1, -1}, mgl64.Vec3{0, 0, 0}, geom.RegionVertex, 0},
		{mgl64.Vec3{6, -1, -1}, mgl64.Vec3{4, 0, 0}, geom.RegionVertex, 1},
		{mgl64.Vec3{-1, 0, 7}, mgl64.Vec3{0, 0, 4}, geom.RegionVertex, 2},
		{mgl64.Vec3{2, 5, -3}, mgl64.Vec3{2, 0, 0}, geom.RegionEdge, 0},
		{mgl64.Vec3{3, 1, 3}, mgl64.Vec3{2, 0, 2}, geom.RegionEdge, 1},
		{mgl64.Vec3{-2, 0, 1}, mgl64.Vec3{0, 0, 1}, geom.RegionEdge, 2},
	} {
		q, reg, idx := geom.ClosestPointTriangle(tc.p, tri)
		if geom.Len(q.Sub(tc.q)) > 1e-15 || reg != tc.region || idx != tc.index {
			t.Errorf("ClosestPointTriangle(%v) = %v, %v, %d; want %v, %v, %d", tc.p, q, reg, idx, tc.q, tc.region, tc.index)
		}
	}
	// A segment (collinear) and a point.
	seg := geom.Triangle{{0, 0, 0}, {2, 0, 0}, {4, 0, 0}}
	if q, reg, _ := geom.ClosestPointTriangle(mgl64.Vec3{3, 1, 0}, seg); geom.Len(q.Sub(mgl64.Vec3{3, 0, 0})) > 1e-15 || reg != geom.RegionEdge {
		t.Errorf("segment: %v %v", q, reg)
	}
	pt := geom.Triangle{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}}
	if q, reg, _ := geom.ClosestPointTriangle(mgl64.Vec3{3, 1, 0}, pt); q != pt[0] || reg != geom.RegionVertex {
		t.Errorf("point: %v %v", q, reg)
	}
}

// TestClosestPointTriangleVsOracle compares Ericson's region tests with the
// oracle's different method (projection inside the triangle, else the
// closest of the three segments), on ordinary, sliver and degenerate
// triangles, near and far from the origin.
func TestClosestPointTriangleVsOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	n := 100000
	if testing.Short() {
		n = 5000
	}
	for i := 0; i < n; i++ {
		tri := geom.Triangle{randVec(r, 5), randVec(r, 5), randVec(r, 5)}
		switch r.IntN(4) {
		case 0: // collinear
			tri[2] = tri[0].Add(geom.Scale(tri[1].Sub(tri[0]), float64(3*r.Float64())-1))
		case 1: // sliver
			tri[2] = tri[0].Add(geom.Scale(tri[1].Sub(tri[0]), float64(r.Float64()))).Add(geom.Scale(randUnit(r), math.Pow(10, -3-float64(12*r.Float64()))))
		}
		off := []float64{0, 1e4, 1e5}[r.IntN(3)]
		for j := range tri {
			tri[j] = tri[j].Add(mgl64.Vec3{off, -off, off})
		}
		p := tri[r.IntN(3)].Add(randVec(r, 4))
		q, _, _ := geom.ClosestPointTriangle(p, tri)
		if !geom.IsFinite(q) {
			t.Fatalf("non-finite closest point for %v, %v", p, tri)
		}
		want, d, _ := oracle.Closest(identity, p, tri)
		tol := float64(1e-9 * (1 + float64(off*1e-4)))
		if got := geom.Len(q.Sub(p)); math.Abs(got-d) > tol || geom.Len(q.Sub(want)) > math.Sqrt(tol) {
			t.Fatalf("p=%v tri=%v: got %v at %v, oracle %v at %v", p, tri, q, got, want, d)
		}
		if od := oracle.UnitDistance(identity, q, tri); od > tol {
			t.Fatalf("closest point %v is %v off the triangle", q, od)
		}
	}
}

func TestClosestPointSegment(t *testing.T) {
	a, b := mgl64.Vec3{0, 0, 0}, mgl64.Vec3{2, 0, 0}
	for _, tc := range []struct {
		p, q mgl64.Vec3
		s    float64
	}{
		{mgl64.Vec3{1, 1, 0}, mgl64.Vec3{1, 0, 0}, 0.5},
		{mgl64.Vec3{-1, 1, 0}, a, 0},
		{mgl64.Vec3{3, 1, 0}, b, 1},
	} {
		if q, s := geom.ClosestPointSegment(tc.p, a, b); q != tc.q || s != tc.s {
			t.Errorf("ClosestPointSegment(%v) = %v, %v", tc.p, q, s)
		}
	}
	if q, s := geom.ClosestPointSegment(mgl64.Vec3{5, 5, 5}, a, a); q != a || s != 0 {
		t.Errorf("zero-length segment: %v, %v", q, s)
	}
}
