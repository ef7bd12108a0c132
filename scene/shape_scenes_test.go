package scene

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// The player shapes the shape scenes compare: the same size, 1 x 2 x 1
// (half extents 0.5, 1, 0.5), upright.
var (
	playerCapsule = sweep.CapsuleShape(sweep.Capsule{Radius: 0.5, HalfSegment: mgl64.Vec3{0, 0.5, 0}})
	playerBox     = sweep.BoxShape(sweep.Box{Axes: [3]mgl64.Vec3{{0.5, 0, 0}, {0, 1, 0}, {0, 0, 0.5}}})
)

// byHand is a first contact and slide derived by hand for a built-in
// scene, with its own shape or the one it is contrasted with.
type byHand struct {
	scene   string
	shape   sweep.Shape
	t       float64
	point   geom.AABB // where the contact point may be: one point, or the segment or area of a non-unique contact
	normal  mgl64.Vec3
	feature string // "" when the contact is not unique (any feature of it is right)
	final   mgl64.Vec3
}

// pt is the AABB holding only p.
func pt(x, y, z float64) geom.AABB {
	return geom.AABB{Min: mgl64.Vec3{x, y, z}, Max: mgl64.Vec3{x, y, z}}
}

// slideOnce is the hand derivation of a slide with one contact: the
// center backs off from the contact pose c along the motion's direction u
// until it is skin away from the contact plane (skin / -(u·n)), then the
// rest of the motion to end, without its part along n, is added.
func slideOnce(c, end, u, n mgl64.Vec3, skin float64) mgl64.Vec3 {
	u = geom.Normalize(u)
	resume := c.Sub(geom.Scale(u, skin/-geom.Dot(u, n)))
	rest := end.Sub(resume)
	return resume.Add(rest.Sub(geom.Scale(n, geom.Dot(rest, n))))
}

// shapeScenesByHand derives each shape scene's contact, and the contrasting
// shape's, from the geometry (the derivations are also in each fixture's
// "derivation" field). The skin is 0.001 in every one.
func shapeScenesByHand() []byHand {
	const skin = 0.001
	// capsule-slope: the slope y = 0.75x has normal n = (-0.6, 0.8, 0).
	// The capsule falls from y 4.125 to -1.875 at x = 0, z = 0.5. Its lower
	// cap's centre c - (0, 0.5, 0) is 0.5 from the plane when 0.8(c.y -
	// 0.5) = 0.5: c.y = 1.125, t = 3/6; the point is the cap's centre less
	// 0.5n = (0.3, 0.225, 0.5), inside triangle 1 (z > x/2). The box of the
	// same size touches with its uphill bottom edge x = 0.5, y = c.y - 1:
	// -0.3 + 0.8(c.y - 1) = 0, c.y = 1.375, t = 2.75/6, anywhere on that
	// edge (z in [0, 1]). The ellipsoid of semi-axes (0.5, 1, 0.5) reaches
	// |M·n| = sqrt(0.3² + 0.8²) = sqrt(0.73) along -n: c.y = sqrt(0.73)/0.8,
	// touching at c - M·M·n/sqrt(0.73), the lowest of the three.
	nSlope := mgl64.Vec3{-0.6, 0.8, 0}
	ellY, ellR := math.Sqrt(0.73)/0.8, math.Sqrt(0.73)
	playerEllipsoid := sweep.EllipsoidShape(sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{0.5, 0, 0}, {0, 1, 0}, {0, 0, 0.5}}})
	slopeEnd, down := mgl64.Vec3{0, -1.875, 0.5}, mgl64.Vec3{0, -1, 0}
	// box-ledge: the ledge's top is y = 0 for x <= 0; the box moves from
	// (-0.5, 2, 0) by (2.2, -3.3, 0). Its bottom y = c.y - 1 reaches 0 at
	// t = 1/3.3 = 10/33, c.x = 1/6, lying on the ledge over x in [-1/3,
	// 0]. The capsule's lower cap centre moves on the line through
	// (0.1, 0.6) along (1, -1.5): p = (x, 0.75 - 1.5x), and |p|² = 0.25
	// is 3.25x² - 2.25x + 0.3125 = 0, x = (2.25 ± 1)/6.5; the first root
	// x = 5/26 gives p = (5/26, 6/13) = 0.5·(5/13, 12/13), the normal,
	// leaning off the ledge; t = (5/26 + 0.5)/2.2 = 45/143.
	ledgeEnd, ledgeDir := mgl64.Vec3{1.7, -1.3, 0}, mgl64.Vec3{1, -1.5, 0}
	nCorner := mgl64.Vec3{5.0 / 13, 12.0 / 13, 0}
	// capsule-step: the capsule moves along x at y 1.1 (lower cap centre
	// at 0.6) into a step of height 0.3 at x = 1: the cap meets the edge
	// (1, 0.3) at horizontal distance sqrt(0.25 - 0.09) = 0.4, c.x = 0.6,
	// t = 2/4, normal (-0.4, 0.3)/0.5. The box's bottom is at 0.1, below
	// the step's top: its face x = c.x + 0.5 meets the riser at c.x = 0.5,
	// t = 1.9/4, anywhere on x = 1, y in [0.1, 0.3], z in [0, 1], and the
	// rest of the motion is all along the normal: it stops.
	nEdge := mgl64.Vec3{-0.8, 0.6, 0}
	stepEnd, along := mgl64.Vec3{2.6, 1.1, 0.5}, mgl64.Vec3{1, 0, 0}
	return []byHand{
		{"capsule-slope", playerCapsule, 0.5, pt(0.3, 0.225, 0.5), nSlope, "face",
			slideOnce(mgl64.Vec3{0, 1.125, 0.5}, slopeEnd, down, nSlope, skin)},
		{"capsule-slope", playerBox, 2.75 / 6, geom.AABB{Min: mgl64.Vec3{0.5, 0.375, 0}, Max: mgl64.Vec3{0.5, 0.375, 1}}, nSlope, "",
			slideOnce(mgl64.Vec3{0, 1.375, 0.5}, slopeEnd, down, nSlope, skin)},
		{"capsule-slope", playerEllipsoid, (4.125 - ellY) / 6, pt(0.25*0.6/ellR, ellY-0.8/ellR, 0.5), nSlope, "face",
			slideOnce(mgl64.Vec3{0, ellY, 0.5}, slopeEnd, down, nSlope, skin)},
		{"box-ledge", playerBox, 10.0 / 33, geom.AABB{Min: mgl64.Vec3{-1.0 / 3, 0, -0.5}, Max: mgl64.Vec3{0, 0, 0.5}}, mgl64.Vec3{0, 1, 0}, "",
			mgl64.Vec3{1.7, 1 + skin, 0}},
		{"box-ledge", playerCapsule, 45.0 / 143, pt(0, 0, 0), nCorner, "edge",
			slideOnce(mgl64.Vec3{5.0 / 26, 6.0/13 + 0.5, 0}, ledgeEnd, ledgeDir, nCorner, skin)},
		{"capsule-step", playerCapsule, 0.5, pt(1, 0.3, 0.5), nEdge, "edge",
			slideOnce(mgl64.Vec3{0.6, 1.1, 0.5}, stepEnd, along, nEdge, skin)},
		{"capsule-step", playerBox, 1.9 / 4, geom.AABB{Min: mgl64.Vec3{1, 0.1, 0}, Max: mgl64.Vec3{1, 0.3, 1}}, mgl64.Vec3{-1, 0, 0}, "",
			mgl64.Vec3{0.5 - skin, 1.1, 0.5}},
	}
}

// TestShapeScenesByHand holds the core to the hand-derived contacts and
// slides of the shape scenes, with the scene's own shape (which is also
// what the fixture expects) and with the shape it is contrasted with:
// on the slope the capsule settles 0.25 lower than the box and the
// ellipsoid 0.057 lower still; off the ledge
// the box lands flat (normal up) and slides on level, the capsule touches
// the corner with a tilted normal and dips; at the step the capsule's
// slide climbs, the box's stops against the riser.
func TestShapeScenesByHand(t *testing.T) {
	const tol = 1e-9
	for _, c := range shapeScenesByHand() {
		s, err := Builtin(c.scene)
		if err != nil {
			t.Fatal(err)
		}
		own := s.Shape == c.shape
		mo := s.Motion
		mo.Shape = c.shape
		a := sweep.NewMesh(s.Mesh.Tris()).Answer(mo)
		h := a.First
		what := c.scene + " with a " + c.shape.Kind.String()
		if !a.Hit || math.Abs(h.T-c.t) > tol || geom.Len(h.Normal.Sub(c.normal)) > tol {
			t.Errorf("%s: hit %v t %v normal %v, want t %v normal %v", what, a.Hit, h.T, h.Normal, c.t, c.normal)
		}
		if !c.point.Expand(mgl64.Vec3{tol, tol, tol}).Contains(h.Point) {
			t.Errorf("%s: point %v, want within %v", what, h.Point, c.point)
		}
		if c.feature != "" && h.Feature.String() != c.feature {
			t.Errorf("%s: feature %v, want %s", what, h.Feature, c.feature)
		}
		if d := geom.Len(a.Slide.Final.Sub(c.final)); d > tol {
			t.Errorf("%s: final %v, want %v (off by %.3g)", what, a.Slide.Final, c.final, d)
		}
		if own && (math.Abs(*s.Expect.T-c.t) > DefaultTolerance || geom.Len(s.Expect.Final.Sub(c.final)) > DefaultTolerance) {
			t.Errorf("%s: the fixture expects t %v, final %v; by hand t %v, final %v", what, *s.Expect.T, *s.Expect.Final, c.t, c.final)
		}
	}
}
