package judge

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
	"sweepdbg/sweep/oracle"
)

// measure is the oracle's distance between one shape and a triangle, in
// shape units, shifted so that 1 is touching (docs/contract.md, "Shapes"):
// for the ellipsoid the distance in the space where it is a unit sphere;
// for the capsule the distance from its segment divided by its radius;
// for the box 1 plus its signed distance (minus the penetration depth when
// they overlap) divided by its smallest half extent. Each is a convex
// function of the center along a straight motion (the signed distance
// between two convex sets under translation), which is what the oracle's
// searches rely on. Less than 1 is overlapping.
type measure struct {
	s   sweep.Shape
	inv mgl64.Mat3 // world to shape units: M⁻¹ for the ellipsoid, I/Unit otherwise
	// slack bounds how far the shape reaches beyond its unit ball, in
	// shape units, for lowerBound: a center at shape distance c from a
	// triangle is at measure at least c - slack (0 for the ellipsoid, |s|/r
	// for the capsule, R/u - 1 for the box whose corners are R from its
	// center).
	slack float64
}

// newMeasure prepares s. A singular or invalid shape makes every distance
// +Inf (oracle's convention: nothing is ever touched).
func newMeasure(s sweep.Shape) measure {
	m := measure{s: s}
	switch s.Kind {
	case sweep.KindEllipsoid:
		m.inv = worldToUnit(s.Ellipsoid)
		return m
	case sweep.KindCapsule:
		m.slack = geom.Len(s.Capsule.HalfSegment) / s.Capsule.Radius
	case sweep.KindBox:
		a := s.Box.Axes
		m.slack = math.Sqrt(geom.LenSq(a[0])+geom.LenSq(a[1])+geom.LenSq(a[2]))/s.Unit() - 1
	}
	if u := s.Unit(); u > 0 && !math.IsInf(u, 0) && s.Validate() == nil {
		m.inv = mgl64.Ident3().Mul(1 / u)
	}
	return m
}

// valid reports whether the shape can be measured (its map to shape units
// is not the zero matrix).
func (m *measure) valid() bool { return m.inv != (mgl64.Mat3{}) }

// dist is the measure of the shape centered at center against tri.
func (m *measure) dist(center mgl64.Vec3, tri geom.Triangle) float64 {
	if !m.valid() {
		return math.Inf(1)
	}
	switch s := &m.s; s.Kind {
	case sweep.KindCapsule:
		return 1 + oracle.CapsuleDistance(s.Capsule.Radius, s.Capsule.HalfSegment, center, tri)
	case sweep.KindBox:
		return 1 + oracle.BoxDistance(s.Box.Axes, center, tri)
	}
	return oracle.UnitDistance(m.s.Ellipsoid.Axes, center, tri)
}

// minDist is the smallest measure against tri while the center moves from
// begin+lo·delta to begin+hi·delta, and the time where it occurs.
func (m *measure) minDist(begin, delta mgl64.Vec3, tri geom.Triangle, lo, hi float64) (t, d float64) {
	if !m.valid() {
		return math.NaN(), math.Inf(1)
	}
	switch s := &m.s; s.Kind {
	case sweep.KindCapsule:
		t, gap := oracle.CapsuleMinDistance(s.Capsule.Radius, s.Capsule.HalfSegment, begin, delta, tri, lo, hi)
		return t, 1 + gap
	case sweep.KindBox:
		t, gap := oracle.BoxMinDistance(s.Box.Axes, begin, delta, tri, lo, hi)
		return t, 1 + gap
	}
	return oracle.MinDistance(m.s.Ellipsoid.Axes, begin, delta, tri, lo, hi)
}

// firstContact is the oracle's first contact with tri (Triangle unset).
func (m *measure) firstContact(begin, delta mgl64.Vec3, tri geom.Triangle) (sweep.Hit, bool) {
	if !m.valid() {
		return sweep.Hit{}, false
	}
	var c oracle.Contact
	var ok bool
	switch s := &m.s; s.Kind {
	case sweep.KindCapsule:
		c, ok = oracle.CapsuleFirstContact(s.Capsule.Radius, s.Capsule.HalfSegment, begin, delta, tri)
	case sweep.KindBox:
		c, ok = oracle.BoxFirstContact(s.Box.Axes, begin, delta, tri)
	default:
		c, ok = oracle.FirstContact(m.s.Ellipsoid.Axes, begin, delta, tri)
	}
	return sweep.Hit{T: c.T, Point: c.Point, Normal: c.Normal, Feature: FeatureOf(c.Feature)}, ok
}

// pointDist is the distance from the point x to tri in shape units (the
// unit-space distance for the ellipsoid).
func (m *measure) pointDist(x mgl64.Vec3, tri geom.Triangle) float64 {
	if m.s.Kind == sweep.KindEllipsoid {
		return oracle.UnitDistance(m.s.Ellipsoid.Axes, x, tri)
	}
	q, _, _ := geom.ClosestPointTriangle(x, tri)
	return geom.Len(geom.MulVec3(m.inv, x.Sub(q)))
}

// surfaceGap is the signed distance, in shape units, from the surface of
// the shape centered at center to the point x: 0 on it, negative inside.
func (m *measure) surfaceGap(center, x mgl64.Vec3) float64 {
	switch s := &m.s; s.Kind {
	case sweep.KindCapsule:
		return oracle.CapsulePointDistance(s.Capsule.Radius, s.Capsule.HalfSegment, center, x)
	case sweep.KindBox:
		return oracle.BoxPointDistance(s.Box.Axes, center, x)
	}
	return geom.Len(geom.MulVec3(m.inv, x.Sub(center))) - 1
}

// support is the shape's extent along the unit vector n from its center
// (h(n) = max over the shape of n·(x - center)), in world units.
func (m *measure) support(n mgl64.Vec3) float64 {
	switch s := &m.s; s.Kind {
	case sweep.KindCapsule:
		return math.Abs(geom.Dot(s.Capsule.HalfSegment, n)) + s.Capsule.Radius
	case sweep.KindBox:
		a := s.Box.Axes
		return math.Abs(geom.Dot(a[0], n)) + math.Abs(geom.Dot(a[1], n)) + math.Abs(geom.Dot(a[2], n))
	}
	// The ellipsoid x = M u, |u| <= 1: h(n) = |Mᵀn|.
	a := m.s.Ellipsoid.Axes
	return geom.Len(mgl64.Vec3{geom.Dot(a[0], n), geom.Dot(a[1], n), geom.Dot(a[2], n)})
}
