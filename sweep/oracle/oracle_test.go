package oracle

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

var (
	floor = geom.Triangle{{0, 0, 0}, {4, 0, 0}, {0, 0, 4}}
	unit  = [3]mgl64.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	flat  = [3]mgl64.Vec3{{0.5, 0, 0}, {0, 2, 0}, {0, 0, 0.5}}
)

func TestUnitDistance(t *testing.T) {
	var far geom.Triangle
	for i := range far {
		far[i] = floor[i].Add(mgl64.Vec3{1e5, 1e5, 1e5})
	}
	for _, tc := range []struct {
		axes   [3]mgl64.Vec3
		center mgl64.Vec3
		tri    geom.Triangle
		want   float64
	}{
		{unit, mgl64.Vec3{1, 3, 1}, floor, 3},                                          // above the face
		{flat, mgl64.Vec3{1, 3, 1}, floor, 1.5},                                        // y semi-axis 2
		{unit, mgl64.Vec3{-3, 0, -4}, floor, 5},                                        // vertex region
		{flat, mgl64.Vec3{-3, 0, -4}, floor, 10},                                       // scaled by 2 in x and z
		{unit, mgl64.Vec3{2, -1, -1}, floor, math.Sqrt2},                               // edge region
		{unit, mgl64.Vec3{1e5 + 1, 1e5 + 3, 1e5 + 1}, far, 3},                          // far from the origin
		{unit, mgl64.Vec3{3, 1, 0}, geom.Triangle{{0, 0, 0}, {2, 0, 0}, {4, 0, 0}}, 1}, // collinear
	} {
		if got := UnitDistance(tc.axes, tc.center, tc.tri); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("UnitDistance(%v, %v) = %v, want %v", tc.axes, tc.center, got, tc.want)
		}
	}
	if got := UnitDistance([3]mgl64.Vec3{}, mgl64.Vec3{}, floor); !math.IsInf(got, 1) {
		t.Errorf("singular axes: %v, want +Inf", got)
	}
}

func TestFirstContact(t *testing.T) {
	// Face: from y = 3 by -4 with y semi-axis 2: contact at y = 2, t = 1/4.
	c, ok := FirstContact(flat, mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -4, 0}, floor)
	if !ok || math.Abs(c.T-0.25) > 1e-12 || geom.Len(c.Point.Sub(mgl64.Vec3{1, 0, 1})) > 1e-9 ||
		geom.Len(c.Normal.Sub(mgl64.Vec3{0, 1, 0})) > 1e-9 || c.Feature != "face" || math.Abs(c.Dist-1) > 1e-12 {
		t.Errorf("face: %+v, %v", c, ok)
	}
	// Vertex: from (-2,-2,-2) by (2,2,2): t = 1 - 1/(2√3).
	c, ok = FirstContact(unit, mgl64.Vec3{-2, -2, -2}, mgl64.Vec3{2, 2, 2}, floor)
	if want := 1 - 1/(2*math.Sqrt(3)); !ok || math.Abs(c.T-want) > 1e-12 || c.Feature != "vertex" {
		t.Errorf("vertex: %+v, %v; want T=%v", c, ok, want)
	}
	// Overlapping at the start: T = 0, distance < 1.
	c, ok = FirstContact(unit, mgl64.Vec3{1, 0.5, 1}, mgl64.Vec3{0, 4, 0}, floor)
	if !ok || c.T != 0 || math.Abs(c.Dist-0.5) > 1e-15 {
		t.Errorf("overlap: %+v, %v", c, ok)
	}
	// Passing at distance 1.001 (parallel to an edge, outside): no contact,
	// and MinDistance reports how close it came.
	begin, delta := mgl64.Vec3{-5, 0, -1.001}, mgl64.Vec3{10, 0, 0}
	if c, ok := FirstContact(unit, begin, delta, floor); ok {
		t.Errorf("grazing miss reported %+v", c)
	}
	if _, d := MinDistance(unit, begin, delta, floor, 0, 1); math.Abs(d-1.001) > 1e-12 {
		t.Errorf("MinDistance = %v, want 1.001", d)
	}
	// Zero motion, no contact.
	if _, ok := FirstContact(unit, mgl64.Vec3{1, 3, 1}, mgl64.Vec3{}, floor); ok {
		t.Error("zero motion at distance 3 reported a contact")
	}
	if _, ok := FirstContact([3]mgl64.Vec3{}, mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -4, 0}, floor); ok {
		t.Error("singular axes reported a contact")
	}
}

func TestClosest(t *testing.T) {
	p, d, n := Closest(flat, mgl64.Vec3{-1, 0, -1}, floor)
	// Unit space: center (-2, 0, -2), closest vertex 0 at distance 2√2; the
	// unit normal -(1,0,1)/√2 maps to (M⁻¹)ᵀn ∝ -(2, 0, 2): -(1,0,1)/√2.
	if p != (mgl64.Vec3{}) || math.Abs(d-2*math.Sqrt2) > 1e-12 || geom.Len(n.Sub(geom.Normalize(mgl64.Vec3{-1, 0, -1}))) > 1e-12 {
		t.Errorf("Closest = %v, %v, %v", p, d, n)
	}
}

// A motion that passes through the triangle and ends exactly touching its
// far side first touches at the near side: ellipsoid (0.5, 1, 0.5) from
// y = 3 to y = -1 over the floor y = 0 touches at t = 0.5 (center y = 1),
// not at t = 1 where it touches again from below (found by the bug hunter).
func TestFirstContactEndsTouchingFarSide(t *testing.T) {
	axes := [3]mgl64.Vec3{{0.5, 0, 0}, {0, 1, 0}, {0, 0, 0.5}}
	tri := geom.Triangle{{0, 0, 0}, {4, 0, 0}, {0, 0, 4}}
	c, ok := FirstContact(axes, mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -4, 0}, tri)
	if !ok || math.Abs(c.T-0.5) > 1e-9 || geom.Len(c.Normal.Sub(mgl64.Vec3{0, 1, 0})) > 1e-6 {
		t.Fatalf("FirstContact = %+v, %v; want T = 0.5 with normal +y", c, ok)
	}
}

// TestFirstContactSlidingInContact: a unit sphere sliding at height exactly
// 1 over the face, coming from beside it, first touches where its center
// passes x = 0 (t = 3/8), although the distance stays 1 over a whole
// stretch after that. (The distance sqrt(1 + x²) rounds to 1 for
// |x| < 1.5e-8, so T may come 2e-9 early.)
func TestFirstContactSlidingInContact(t *testing.T) {
	c, ok := FirstContact(unit, mgl64.Vec3{-3, 1, 1}, mgl64.Vec3{8, 0, 0}, floor)
	if !ok || math.Abs(c.T-3.0/8) > 1e-8 || c.Feature == "vertex" {
		t.Fatalf("FirstContact = %+v, %v; want T = 3/8", c, ok)
	}
}
