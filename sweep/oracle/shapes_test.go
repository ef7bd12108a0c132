package oracle

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// Hand-derived values for the capsule and box oracles. floor is y = 0 with
// legs of 4 along +x and +z; its hypotenuse is x + z = 4.

var (
	line  = geom.Triangle{{0, 0, 0}, {2, 0, 0}, {4, 0, 0}} // collinear
	c45   = 1 / math.Sqrt2
	cube  = [3]mgl64.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	edgeY = [3]mgl64.Vec3{{c45, c45, 0}, {-c45, c45, 0}, {0, 0, 1}} // a bottom edge along z, √2 below the center
)

func far(tri geom.Triangle, o float64) geom.Triangle {
	for i := range tri {
		tri[i] = tri[i].Add(mgl64.Vec3{o, o, o})
	}
	return tri
}

func TestCapsuleDistance(t *testing.T) {
	o := mgl64.Vec3{1e5, 1e5, 1e5}
	for _, tc := range []struct {
		name        string
		r           float64
		seg, center mgl64.Vec3
		tri         geom.Triangle
		want        float64
	}{
		// Lying flat at height 2 over the face: distance 2, 4 radii, gap 3.
		{"lying", 0.5, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{1, 2, 1}, floor, 3},
		// Standing: lower end at y = 2.
		{"standing", 0.5, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{1, 3, 1}, floor, 3},
		// Through the face: the segment meets the triangle, gap -1.
		{"pierced", 0.1, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{1, 0, 1}, floor, -1},
		// Beside vertex 0: every point of the segment (-3, y, -4) is 5 away or more.
		{"vertex", 1, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{-3, 0, -4}, floor, 4},
		// Vertical through (3, 0, 3): the hypotenuse's closest point (2,0,2)
		// is √2 away, between both segments' ends: 2√2 radii of 0.5.
		{"skew edges", 0.5, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{3, 0, 3}, floor, 2*math.Sqrt2 - 1},
		// Collinear triangle: the segment x = 2, y = 3, z in [-1, 1] is 3 away.
		{"collinear", 1, mgl64.Vec3{0, 0, 1}, mgl64.Vec3{2, 3, 0}, line, 2},
		// A sphere (zero half segment) far from the origin.
		{"far sphere", 1, mgl64.Vec3{}, mgl64.Vec3{1, 3, 1}.Add(o), far(floor, 1e5), 2},
	} {
		if got := CapsuleDistance(tc.r, tc.seg, tc.center, tc.tri); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%s: CapsuleDistance = %v, want %v", tc.name, got, tc.want)
		}
	}
	for _, r := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		if got := CapsuleDistance(r, mgl64.Vec3{}, mgl64.Vec3{1, 3, 1}, floor); !math.IsInf(got, 1) {
			t.Errorf("radius %v: %v, want +Inf", r, got)
		}
	}
	if got := CapsuleDistance(1, mgl64.Vec3{math.NaN(), 0, 0}, mgl64.Vec3{1, 3, 1}, floor); !math.IsInf(got, 1) {
		t.Errorf("NaN half segment: %v, want +Inf", got)
	}
}

func TestCapsuleFirstContact(t *testing.T) {
	// Standing, radius 0.5, lower end from y = 2 down by 4: touches when it
	// is at y = 0.5, t = 1.5/4.
	c, ok := CapsuleFirstContact(0.5, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -4, 0}, floor)
	if !ok || math.Abs(c.T-0.375) > 1e-12 || geom.Len(c.Point.Sub(mgl64.Vec3{1, 0, 1})) > 1e-12 ||
		geom.Len(c.Normal.Sub(mgl64.Vec3{0, 1, 0})) > 1e-12 || c.Feature != "face" || math.Abs(c.Dist) > 1e-14 {
		t.Errorf("standing: %+v, %v", c, ok)
	}
	// Lying along edge 0 (x axis) at z = -3, radius 1, moving +z by 4:
	// touches at z = -1, t = 0.5, anywhere along x in [1, 3] of the edge.
	c, ok = CapsuleFirstContact(1, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{2, 0, -3}, mgl64.Vec3{0, 0, 4}, floor)
	if !ok || math.Abs(c.T-0.5) > 1e-12 || math.Abs(c.Point[1])+math.Abs(c.Point[2]) > 1e-12 ||
		c.Point[0] < 1-1e-12 || c.Point[0] > 3+1e-12 || geom.Len(c.Normal.Sub(mgl64.Vec3{0, 0, -1})) > 1e-12 || c.Feature != "edge" {
		t.Errorf("along an edge: %+v, %v", c, ok)
	}
	// Overlapping start.
	if c, ok := CapsuleFirstContact(0.1, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, 1, 0}, floor); !ok || c.T != 0 || c.Dist != -1 {
		t.Errorf("overlap: %+v, %v", c, ok)
	}
	// Passing vertex 0 (x from -5 to 5 at z = -2.001, y = 0) with a radius 2
	// sphere: closest 2.001, a gap of 0.0005 radii, no contact.
	begin, delta := mgl64.Vec3{-5, 0, -2.001}, mgl64.Vec3{10, 0, 0}
	if c, ok := CapsuleFirstContact(2, mgl64.Vec3{}, begin, delta, floor); ok {
		t.Errorf("grazing miss reported %+v", c)
	}
	if tm, g := CapsuleMinDistance(2, mgl64.Vec3{}, begin, delta, floor, 0, 1); math.Abs(g-0.0005) > 1e-12 || tm < 0.5-1e-9 || tm > 0.9+1e-9 {
		t.Errorf("CapsuleMinDistance = %v at %v, want 0.0005 in [0.5, 0.9]", g, tm)
	}
	if _, ok := CapsuleFirstContact(1, mgl64.Vec3{}, mgl64.Vec3{1, 3, 1}, mgl64.Vec3{}, floor); ok {
		t.Error("zero motion at gap 2 reported a contact")
	}
	if _, ok := CapsuleFirstContact(0, mgl64.Vec3{}, mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -4, 0}, floor); ok {
		t.Error("zero radius reported a contact")
	}
}

func TestCapsulePointDistance(t *testing.T) {
	for _, tc := range []struct {
		x    mgl64.Vec3
		want float64
	}{
		{mgl64.Vec3{0, 3, 0}, 0},    // beyond the end (0, 1, 0): 2 away, on the surface
		{mgl64.Vec3{4, 0.5, 0}, 1},  // beside the segment: 4 away
		{mgl64.Vec3{1, 0, 0}, -0.5}, // inside: 1 away
	} {
		if got := CapsulePointDistance(2, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{}, tc.x); math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("CapsulePointDistance(%v) = %v, want %v", tc.x, got, tc.want)
		}
	}
	if got := CapsulePointDistance(0, mgl64.Vec3{}, mgl64.Vec3{}, mgl64.Vec3{1, 0, 0}); !math.IsInf(got, 1) {
		t.Errorf("zero radius: %v", got)
	}
}

func TestBoxDistance(t *testing.T) {
	for _, tc := range []struct {
		name   string
		axes   [3]mgl64.Vec3
		center mgl64.Vec3
		tri    geom.Triangle
		want   float64
	}{
		{"over the face", cube, mgl64.Vec3{1, 3, 1}, floor, 2},
		{"edge down", edgeY, mgl64.Vec3{1, 3, 1}, floor, 3 - math.Sqrt2},
		// Corner (-1,-1,-1) to vertex 0.
		{"corner to vertex", cube, mgl64.Vec3{-2, -2, -2}, floor, math.Sqrt(3)},
		// Bottom half in the floor: pushed up by 0.5 it touches.
		{"overlap", cube, mgl64.Vec3{1, 0.5, 1}, floor, -0.5},
		// The edge along z rotated 45° about z... here about x: the box's top
		// edge (y = -2+√2, z = 0, x in [1, 3]) runs along edge 0.
		{"parallel edges", [3]mgl64.Vec3{{1, 0, 0}, {0, c45, c45}, {0, -c45, c45}}, mgl64.Vec3{2, -2, 0}, floor, 2 - math.Sqrt2},
		{"collinear", cube, mgl64.Vec3{2, 3, 0}, line, 2},
		{"far", edgeY, mgl64.Vec3{1e5 + 1, 1e5 + 3, 1e5 + 1}, far(floor, 1e5), 3 - math.Sqrt2},
		// Half extents 2, 0.5, 0.5: unit 0.5; 1 above the face is 2 units.
		{"units", [3]mgl64.Vec3{{2, 0, 0}, {0, 0.5, 0}, {0, 0, 0.5}}, mgl64.Vec3{1, 1.5, 1}, floor, 2},
	} {
		if got := BoxDistance(tc.axes, tc.center, tc.tri); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%s: BoxDistance = %v, want %v", tc.name, got, tc.want)
		}
	}
	for _, axes := range [][3]mgl64.Vec3{{}, {{1, 0, 0}, {1, 0, 0}, {0, 0, 1}}, {{math.NaN(), 0, 0}, {0, 1, 0}, {0, 0, 1}}} {
		if got := BoxDistance(axes, mgl64.Vec3{1, 3, 1}, floor); !math.IsInf(got, 1) {
			t.Errorf("axes %v: %v, want +Inf", axes, got)
		}
	}
}

func TestBoxFirstContact(t *testing.T) {
	// Falling flat from y = 3 by 4: the bottom face lands at t = 0.5.
	c, ok := BoxFirstContact(cube, mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -4, 0}, floor)
	if !ok || math.Abs(c.T-0.5) > 1e-12 || geom.Len(c.Normal.Sub(mgl64.Vec3{0, 1, 0})) > 1e-12 || c.Feature != "face" ||
		math.Abs(c.Point[1]) > 1e-12 || c.Point[0] < -1e-12 || c.Point[0] > 2+1e-12 || c.Point[2] < -1e-12 || c.Point[2] > 2+1e-12 {
		t.Errorf("flat: %+v, %v", c, ok)
	}
	// Edge down: lands when the center is √2 up, t = (3 - √2)/4, on the
	// line x = 1, y = 0, z in [0, 2]: the face or, at z = 0, edge 0.
	c, ok = BoxFirstContact(edgeY, mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -4, 0}, floor)
	if want := (3 - math.Sqrt2) / 4; !ok || math.Abs(c.T-want) > 1e-12 || math.Abs(c.Point[0]-1) > 1e-9 || math.Abs(c.Point[1]) > 1e-12 ||
		c.Point[2] < -1e-12 || c.Point[2] > 2+1e-12 || geom.Len(c.Normal.Sub(mgl64.Vec3{0, 1, 0})) > 1e-12 ||
		c.Feature != "face" && !(c.Feature == "edge" && math.Abs(c.Point[2]) < 1e-9) {
		t.Errorf("edge down: %+v, %v; want T=%v", c, ok, want)
	}
	// Corner first, toward vertex 0 along (1,1,1): the corner (-1,-1,-1)
	// from (-3,-3,-3) reaches the origin at t = 2/3 of delta (3,3,3).
	c, ok = BoxFirstContact(cube, mgl64.Vec3{-3, -3, -3}, mgl64.Vec3{3, 3, 3}, floor)
	if !ok || math.Abs(c.T-2.0/3) > 1e-12 || geom.Len(c.Point) > 1e-9 || c.Feature != "vertex" {
		t.Errorf("corner: %+v, %v", c, ok)
	}
	// The box moving +y under the floor: its top face (y = center + 1) meets
	// the face from below at t = 0.25; the normal points down (toward the box).
	c, ok = BoxFirstContact(cube, mgl64.Vec3{1, -2, 1}, mgl64.Vec3{0, 4, 0}, floor)
	if !ok || math.Abs(c.T-0.25) > 1e-12 || geom.Len(c.Normal.Sub(mgl64.Vec3{0, -1, 0})) > 1e-12 {
		t.Errorf("from below: %+v, %v", c, ok)
	}
	// Overlap: T = 0, depth 0.5, normal up (least penetration).
	c, ok = BoxFirstContact(cube, mgl64.Vec3{1, 0.5, 1}, mgl64.Vec3{5, 5, 5}, floor)
	if !ok || c.T != 0 || math.Abs(c.Dist+0.5) > 1e-15 || geom.Len(c.Normal.Sub(mgl64.Vec3{0, 1, 0})) > 1e-15 || math.Abs(c.Point[1]) > 1e-15 {
		t.Errorf("overlap: %+v, %v", c, ok)
	}
	// Sliding over the face at height exactly 1 (touching all along): T = 0.
	if c, ok := BoxFirstContact(cube, mgl64.Vec3{1, 1, 1}, mgl64.Vec3{1, 0, 0}, floor); !ok || c.T != 0 {
		t.Errorf("sliding in contact: %+v, %v", c, ok)
	}
	// Passing at 1e-3 above the face: no contact; BoxMinDistance says 1e-3.
	begin, delta := mgl64.Vec3{-5, 1.001, 1}, mgl64.Vec3{10, 0, 0}
	if c, ok := BoxFirstContact(cube, begin, delta, floor); ok {
		t.Errorf("grazing: %+v", c)
	}
	if _, d := BoxMinDistance(cube, begin, delta, floor, 0, 1); math.Abs(d-1e-3) > 1e-12 {
		t.Errorf("BoxMinDistance = %v, want 1e-3", d)
	}
}

func TestBoxPointDistance(t *testing.T) {
	long := [3]mgl64.Vec3{{2, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	skew := [3]mgl64.Vec3{{1, 0, 0}, {1, 1, 0}, {0, 0, 1}} // a parallelepiped, unit 1
	for _, tc := range []struct {
		axes [3]mgl64.Vec3
		x    mgl64.Vec3
		want float64
	}{
		{long, mgl64.Vec3{}, -1},
		{long, mgl64.Vec3{3, 0, 0}, 1},
		{long, mgl64.Vec3{3, 2, 0}, math.Sqrt2},
		{skew, mgl64.Vec3{0, 2, 0}, 1},                   // above the face y = 1, over its corner (0, 1, 0)
		{skew, mgl64.Vec3{0.5, 0, 0}, -0.5 / math.Sqrt2}, // inside, 0.5/√2 from the plane x - y = 1
	} {
		if got := BoxPointDistance(tc.axes, mgl64.Vec3{}, tc.x); math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("BoxPointDistance(%v, %v) = %v, want %v", tc.axes, tc.x, got, tc.want)
		}
	}
}

// TestBoxDistanceOnFacePlane: a triangle vertex on a box face to rounding
// has distance 0. (Found by sweep/convex: pointGap once skipped the face
// triangles the point was "behind" by rounding, and measured 0.016 from the
// wrong half of the face.)
func TestBoxDistanceOnFacePlane(t *testing.T) {
	axes := [3]mgl64.Vec3{{0.4297236665544753, -0.3792830167002432, 0.23021689452274274}, {0.7920846907953186, 0.47197628645703066, -0.7009257428580697}, {-0.3278584507507079, -1.0085595378920023, -1.0496230912460098}}
	begin := mgl64.Vec3{-8.090604666432068, 4.416481840125233, 1.3459736120981387}
	delta := mgl64.Vec3{5.531716302991276, -4.656294678727791, 2.314179412972914}
	tri := geom.Triangle{{-4.757039544065486, 1.6010310547174322, 2.7244277961897048}, {-0.27383345644201285, -1.3306499317507372, -2.493167240090848}, {2.097255197111883, -3.892974661815379, 0.6612822264846532}}
	if d := BoxDistance(axes, begin.Add(geom.Scale(delta, 0.521006967963259)), tri); math.Abs(d) > 1e-12 {
		t.Errorf("BoxDistance = %v, want 0", d)
	}
}

// The oracle's cost per query on a hit (the standing capsule, the cube
// falling flat) and a miss (grazing by 1e-3).
func BenchmarkCapsuleFirstContact(b *testing.B) {
	for range b.N {
		CapsuleFirstContact(0.5, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -4, 0}, floor)
		CapsuleFirstContact(2, mgl64.Vec3{}, mgl64.Vec3{-5, 0, -2.001}, mgl64.Vec3{10, 0, 0}, floor)
	}
}

func BenchmarkBoxFirstContact(b *testing.B) {
	for range b.N {
		BoxFirstContact(cube, mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -4, 0}, floor)
		BoxFirstContact(cube, mgl64.Vec3{-5, 1.001, 1}, mgl64.Vec3{10, 0, 0}, floor)
	}
}

// TestShapesNonFinite: non-finite points, motions or triangles give no
// contact and +Inf distances, never NaN.
func TestShapesNonFinite(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	bad := []mgl64.Vec3{{nan, 0, 0}, {0, inf, 0}, {0, 0, -inf}}
	for _, v := range bad {
		if _, ok := CapsuleFirstContact(1, mgl64.Vec3{}, v, mgl64.Vec3{0, -4, 0}, floor); ok {
			t.Errorf("capsule begin %v: contact", v)
		}
		if _, ok := CapsuleFirstContact(1, mgl64.Vec3{}, mgl64.Vec3{1, 3, 1}, v, floor); ok {
			t.Errorf("capsule delta %v: contact", v)
		}
		if _, ok := BoxFirstContact(cube, v, mgl64.Vec3{0, -4, 0}, floor); ok {
			t.Errorf("box begin %v: contact", v)
		}
		if _, ok := BoxFirstContact(cube, mgl64.Vec3{1, 3, 1}, v, floor); ok {
			t.Errorf("box delta %v: contact", v)
		}
		tri := geom.Triangle{floor[0], v, floor[2]}
		if d := CapsuleDistance(1, mgl64.Vec3{}, mgl64.Vec3{1, 3, 1}, tri); !math.IsInf(d, 1) {
			t.Errorf("capsule triangle %v: %v", tri, d)
		}
		if d := BoxDistance(cube, mgl64.Vec3{1, 3, 1}, tri); !math.IsInf(d, 1) {
			t.Errorf("box triangle %v: %v", tri, d)
		}
		if d := BoxPointDistance(cube, mgl64.Vec3{}, v); !math.IsInf(d, 1) {
			t.Errorf("box point %v: %v", v, d)
		}
		if d := CapsulePointDistance(1, mgl64.Vec3{}, mgl64.Vec3{}, v); !math.IsInf(d, 1) {
			t.Errorf("capsule point %v: %v", v, d)
		}
	}
}
