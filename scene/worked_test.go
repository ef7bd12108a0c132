package scene

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// The worked cases of docs/contract.md and docs/engine-protocol.md
// ("Shapes"), over the floor y = 0 (one large triangle), falling from
// (0, 5, 0) to (0, -5, 0):
//
//   - capsule radius 0.5, half segment (0, 1, 0): its lowest point is
//     1.5 below the center, so it touches when the center is at y = 1.5,
//     t = (5 - 1.5)/10 = 0.35, at (0, 0, 0) below the lower cap, normal
//     (0, 1, 0); unit (tolerances) 0.5.
//   - box with half extents (0.3, 0.4, 0), (-0.8, 0.6, 0), (0, 0, 0.25)
//     (0.5, 1 and 0.25 long, turned about z): the lowest points are
//     0.4 + 0.6 = 1 below the center, along the edge center - a0 - a1 ±
//     a2, so it touches at y = 1, t = 0.4; any point of the edge from
//     (0.5, 0, -0.25) to (0.5, 0, 0.25) is right, normal (0, 1, 0); unit
//     0.25.
var (
	workedFloor    = []geom.Triangle{{{-10, 0, -10}, {10, 0, -10}, {0, 0, 10}}}
	workedStart    = mgl64.Vec3{0, 5, 0}
	workedEnd      = mgl64.Vec3{0, -5, 0}
	workedCapsule  = sweep.CapsuleShape(sweep.Capsule{Radius: 0.5, HalfSegment: mgl64.Vec3{0, 1, 0}})
	workedBox      = sweep.BoxShape(sweep.Box{Axes: [3]mgl64.Vec3{{0.3, 0.4, 0}, {-0.8, 0.6, 0}, {0, 0, 0.25}}})
	workedCapsuleT = 0.35
	workedBoxT     = 0.4
)

// lowest is the independent computation: the smallest height of the shape
// centered at c, from its extreme points (the capsule's segment ends less
// the radius, the box's eight corners).
func lowest(s sweep.Shape, c mgl64.Vec3) float64 {
	y := math.Inf(1)
	if s.Kind == sweep.KindCapsule {
		for _, sign := range []float64{-1, 1} {
			y = min(y, c.Add(geom.Scale(s.Capsule.HalfSegment, sign))[1]-s.Capsule.Radius)
		}
		return y
	}
	a := s.Box.Axes
	for _, u := range []float64{-1, 1} {
		for _, v := range []float64{-1, 1} {
			for _, w := range []float64{-1, 1} {
				y = min(y, c.Add(geom.Scale(a[0], u)).Add(geom.Scale(a[1], v)).Add(geom.Scale(a[2], w))[1])
			}
		}
	}
	return y
}

// firstTouch bisects the fraction of the fall at which the shape's lowest
// point reaches the floor y = 0.
func firstTouch(s sweep.Shape) float64 {
	lo, hi := 0.0, 1.0
	for range 200 {
		mid := float64((lo + hi) / 2)
		if lowest(s, workedStart.Add(geom.Scale(workedEnd.Sub(workedStart), mid))) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi
}

// TestWorkedShapeCases checks the documents' hand-derived numbers with the
// independent computation above, then, where the core already casts the
// shape, the core's own answer within the documented tolerance (1e-6 of
// the shape's unit).
func TestWorkedShapeCases(t *testing.T) {
	for _, c := range []struct {
		shape sweep.Shape
		t     float64
		unit  float64
		point func(p mgl64.Vec3) bool // a valid contact point
	}{
		{workedCapsule, workedCapsuleT, 0.5, func(p mgl64.Vec3) bool { return p.ApproxEqualThreshold(mgl64.Vec3{0, 0, 0}, 1e-6) }},
		{workedBox, workedBoxT, 0.25, func(p mgl64.Vec3) bool {
			return math.Abs(p[0]-0.5) <= 1e-6 && math.Abs(p[1]) <= 1e-6 && math.Abs(p[2]) <= 0.25+1e-6
		}},
	} {
		name := c.shape.Kind.String()
		if got := firstTouch(c.shape); math.Abs(got-c.t) > 1e-12 {
			t.Errorf("%s: the fall touches at t = %v, the documents say %v", name, got, c.t)
		}
		if u := c.shape.Unit(); u != c.unit {
			t.Errorf("%s: unit %v, the documents say %v", name, u, c.unit)
		}
		t.Run(name+"/core", func(t *testing.T) {
			h, ok := sweep.NewMesh(workedFloor).Cast(c.shape, workedStart, workedEnd.Sub(workedStart))
			if !ok {
				t.Skipf("the core does not cast a %s yet", name)
			}
			tol := float64(1e-6 * c.unit)
			if math.Abs(h.T-c.t)*10 > tol || !c.point(h.Point) || !h.Normal.ApproxEqualThreshold(mgl64.Vec3{0, 1, 0}, 1e-6) {
				t.Errorf("core: t %v point %v normal %v; want t %v, a point of the documented contact, normal (0, 1, 0)", h.T, h.Point, h.Normal, c.t)
			}
		})
	}
}
