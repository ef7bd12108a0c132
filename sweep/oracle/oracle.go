// Package oracle is an independent numeric reference for the first contact
// of a swept ellipsoid, capsule or box with a triangle. It shares no code
// with package sweep (it imports only geom and mgl64) and uses none of the
// core's algebra: it relies only on the fact that the distance between a
// translating convex shape and a triangle is a convex function of t (for
// the ellipsoid, the distance from the moving center to the triangle in the
// space where the ellipsoid is a unit sphere; for the capsule, from its
// segment to the triangle; for the box, the signed distance of the two
// polytopes). It minimises that function by golden-section search and
// brackets the first t where it reaches contact (search.go).
//
// The capsule's distance is Ericson's segment-triangle closest points
// (capsule.go); the box's is the separating-axis theorem when they overlap
// and the minimum over vertex-face and edge-edge pairs when apart (box.go).
//
// It is slow (a hundred or so distance evaluations per query: a few
// microseconds for the ellipsoid, tens to a hundred for the capsule, about
// a millisecond for the box, see BenchmarkBoxFirstContact) and exact to
// about 1e-12 in shape units. Tests of the core, the
// built-in scene checks and the debugger's "third opinion" use it.
//
// Conventions match the core's contract (docs/contract.md): triangles are
// two-sided; contact means unit-space distance exactly 1; a start at
// distance <= 1 is a contact at T = 0. Axes need not be orthogonal, only
// non-singular; with singular or non-finite axes every function reports no
// contact (distances are +Inf).
package oracle

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// Contact is a first contact found by FirstContact, CapsuleFirstContact or
// BoxFirstContact.
type Contact struct {
	T       float64    // first time in [0, 1] at which the unit-space distance is <= 1
	Center  mgl64.Vec3 // the shape's center at T, world space
	Point   mgl64.Vec3 // a point of the triangle where the shape touches it at T (ellipsoid: closest in unit space to the center), world space
	Normal  mgl64.Vec3 // unit world normal of a separating (tangent) plane there, from the triangle toward the shape; zero if the ellipsoid's center or the capsule's segment lies on the triangle
	Feature string     // "face", "edge" or "vertex": where Point lies
	Dist    float64    // ellipsoid: unit-space distance at T, 1 (to ~1e-14) for T > 0, <= 1 for T = 0; capsule and box: signed gap in shape units, 0 (to ~1e-14) for T > 0, <= 0 for T = 0
}

// frame is one triangle and one ellipsoid in unit-sphere space, relative to
// the triangle's first vertex (so that precision does not depend on the
// distance from the world origin).
type frame struct {
	axes   [3]mgl64.Vec3
	inv    mgl64.Mat3
	origin mgl64.Vec3
	triangle
	ok bool
}

// triangle is a triangle in some frame's coordinates with its unnormalised
// normal.
type triangle struct {
	p [3]mgl64.Vec3 // vertices (in a frame, p[0] = 0)
	n mgl64.Vec3    // (p1-p0) x (p2-p0), zero for a collinear triangle
}

// newTriangle returns the triangle abc with its normal computed by
// geom.Cross (accurate for slivers).
func newTriangle(a, b, c mgl64.Vec3) triangle {
	return triangle{p: [3]mgl64.Vec3{a, b, c}, n: geom.Cross(b.Sub(a), c.Sub(a))}
}

func newFrame(axes [3]mgl64.Vec3, tri geom.Triangle) frame {
	f := frame{axes: axes, origin: tri[0]}
	inv, ok := geom.Invert(mgl64.Mat3FromCols(axes[0], axes[1], axes[2]))
	if !ok {
		return f
	}
	f.inv = inv
	f.triangle = newTriangle(mgl64.Vec3{}, geom.MulVec3(f.inv, tri[1].Sub(tri[0])), geom.MulVec3(f.inv, tri[2].Sub(tri[0])))
	f.ok = geom.IsFinite(f.p[1]) && geom.IsFinite(f.p[2]) && geom.IsFinite(f.n)
	return f
}

// unit maps a world point to unit space relative to the frame's origin.
func (f *frame) unit(w mgl64.Vec3) mgl64.Vec3 { return geom.MulVec3(f.inv, w.Sub(f.origin)) }

// world maps a unit-space point (relative to the origin) back to world space.
func (f *frame) world(u mgl64.Vec3) mgl64.Vec3 {
	return geom.Scale(f.axes[0], u[0]).Add(geom.Scale(f.axes[1], u[1])).Add(geom.Scale(f.axes[2], u[2])).Add(f.origin)
}

// closest returns the point of the triangle closest to x, the distance,
// and the feature. If the projection of x on the triangle's plane lies
// inside the triangle (three orientation tests), it is the answer;
// otherwise the answer lies on the boundary: the closest of the three
// segments. A collinear triangle is just its segments.
func (f *triangle) closest(x mgl64.Vec3) (mgl64.Vec3, float64, string) {
	if nn := geom.Dot(f.n, f.n); nn > 0 && f.inside(x) {
		h := geom.Dot(x.Sub(f.p[0]), f.n) / nn
		q := x.Sub(geom.Scale(f.n, h))
		return q, float64(math.Abs(h) * math.Sqrt(nn)), "face"
	}
	best, bestD, feat := mgl64.Vec3{}, math.Inf(1), ""
	for i := 0; i < 3; i++ {
		q, s := segment(x, f.p[i], f.p[(i+1)%3])
		if d := geom.Len(q.Sub(x)); d < bestD {
			best, bestD, feat = q, d, "edge"
			if s == 0 || s == 1 {
				feat = "vertex"
			}
		}
	}
	return best, bestD, feat
}

// inside reports whether the projection of x along the normal lies in the
// (non-collinear) triangle: x is on the inner side of all three edges.
func (f *triangle) inside(x mgl64.Vec3) bool {
	for i := 0; i < 3; i++ {
		a, b := f.p[i], f.p[(i+1)%3]
		if geom.Dot(geom.PlainCross(b.Sub(a), x.Sub(a)), f.n) < 0 {
			return false
		}
	}
	return true
}

// segment returns the point of segment ab closest to x and its parameter.
func segment(x, a, b mgl64.Vec3) (mgl64.Vec3, float64) {
	ab := b.Sub(a)
	l := geom.Dot(ab, ab)
	if !(l > 0) {
		return a, 0
	}
	s := math.Max(0, math.Min(1, geom.Dot(x.Sub(a), ab)/l))
	return a.Add(geom.Scale(ab, s)), s
}

// UnitDistance returns the distance, in the space where the ellipsoid with
// semi-axes axes is a unit sphere, from the center to the triangle. The
// ellipsoid centered at center touches the triangle when it is 1 and
// overlaps it when it is less. It is +Inf for singular or non-finite axes
// and NaN for non-finite points.
func UnitDistance(axes [3]mgl64.Vec3, center mgl64.Vec3, tri geom.Triangle) float64 {
	f := newFrame(axes, tri)
	if !f.ok {
		return math.Inf(1)
	}
	_, d, _ := f.closest(f.unit(center))
	return d
}

// Closest returns the point of the triangle closest to center in unit-sphere
// space (world coordinates), that distance, and the world normal of the
// ellipsoid's tangent plane through that point, pointing from the triangle
// toward the center (zero when the center lies on the triangle). Distance
// is +Inf for singular axes.
func Closest(axes [3]mgl64.Vec3, center mgl64.Vec3, tri geom.Triangle) (point mgl64.Vec3, dist float64, normal mgl64.Vec3) {
	f := newFrame(axes, tri)
	if !f.ok {
		return mgl64.Vec3{}, math.Inf(1), mgl64.Vec3{}
	}
	c := f.unit(center)
	q, d, _ := f.closest(c)
	return f.world(q), d, f.normal(c.Sub(q))
}

// normal maps the unit-space direction n to the world normal of the same
// tangent plane, (M⁻¹)ᵀn normalised; zero stays zero.
func (f *frame) normal(n mgl64.Vec3) mgl64.Vec3 {
	w := geom.MulVec3(f.inv.Transpose(), n)
	if l := geom.Len(w); l > 0 {
		return geom.Scale(w, 1/l)
	}
	return mgl64.Vec3{}
}

// path is a frame plus the unit-space motion of the center.
type path struct {
	frame
	b, d mgl64.Vec3
}

func newPath(axes [3]mgl64.Vec3, begin, delta mgl64.Vec3, tri geom.Triangle) path {
	p := path{frame: newFrame(axes, tri)}
	if p.ok {
		p.b, p.d = p.unit(begin), geom.MulVec3(p.inv, delta)
		p.ok = geom.IsFinite(p.b) && geom.IsFinite(p.d)
	}
	return p
}

// h is the convex function of t the oracle works on.
func (p *path) h(t float64) float64 {
	_, d, _ := p.closest(p.b.Add(geom.Scale(p.d, t)))
	return d
}

// search returns the convex function the oracle works on, with its
// Lipschitz constant |D_unit|: the center moves that fast and the distance
// to a convex set is 1-Lipschitz.
func (p *path) search() search { return search{h: p.h, speed: geom.Len(p.d)} }

// MinDistance returns where and how close the center comes to the triangle
// (in unit-sphere distance) while moving from begin+lo*delta to
// begin+hi*delta, with 0 <= lo <= hi <= 1. It checks both ends as well as
// the interior. Distance is +Inf for singular axes.
func MinDistance(axes [3]mgl64.Vec3, begin, delta mgl64.Vec3, tri geom.Triangle, lo, hi float64) (t, dist float64) {
	p := newPath(axes, begin, delta, tri)
	if !p.ok {
		return lo, math.Inf(1)
	}
	return p.search().min(lo, hi)
}

// FirstContact returns the first t in [0, 1] at which the ellipsoid with
// semi-axes axes, centered at begin + t*delta, touches the triangle (unit
// distance <= 1), with the contact's point, normal and feature. A start at
// distance <= 1 gives T = 0. For T > 0 the distance there lies in
// [1 - 1e-14, 1] (see search.crossing), unless the center moves more than
// 1e-14 between adjacent float64 values of t.
func FirstContact(axes [3]mgl64.Vec3, begin, delta mgl64.Vec3, tri geom.Triangle) (Contact, bool) {
	p := newPath(axes, begin, delta, tri)
	if !p.ok {
		return Contact{}, false
	}
	t, ok := p.search().first(1)
	if !ok {
		return Contact{}, false
	}
	return p.contact(t), true
}

func (p *path) contact(t float64) Contact {
	c := p.b.Add(geom.Scale(p.d, t))
	q, d, feat := p.closest(c)
	return Contact{T: t, Center: p.world(c), Point: p.world(q), Normal: p.normal(c.Sub(q)), Feature: feat, Dist: d}
}
