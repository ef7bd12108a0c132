package oracle

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// The capsule and box functions work in shape units: world lengths divided
// by the shape's unit (the capsule's radius, the box's smallest half
// extent), relative to the triangle's first vertex. Their distances are
// signed gaps in shape units: 0 when the shape's surface touches the
// triangle, positive when they are apart, negative when they overlap.
// Non-finite input, a radius that is not positive, or box axes that are
// zero or singular give +Inf (no contact), never NaN and never a panic.

// unitFrame is the frame of shape units: axes unit·I, origin tri[0]. It is
// not ok for a unit that is not positive and finite.
func unitFrame(unit float64, tri geom.Triangle) frame {
	if !(unit > 0 && unit <= math.MaxFloat64) {
		return frame{}
	}
	return newFrame([3]mgl64.Vec3{{unit, 0, 0}, {0, unit, 0}, {0, 0, unit}}, tri)
}

// segmentPair returns the closest points x of segment ab and y of segment
// cd and y's parameter on cd (y = c + s(d-c)). It follows Ericson,
// Real-Time Collision Detection, §5.1.9 (closest points of two segments),
// arranged as a minimum over candidates that are each a true pair of
// points, one per segment, so that it never reports less than the true
// distance and is exact whenever the minimum lies on an end of either
// segment: the four end-to-segment pairs, and, for non-parallel segments,
// the interior stationary point of §5.1.9's 2×2 system, refined by one
// round of alternating projections (as §5.1.9's clamping does). Zero-length
// segments are points.
func segmentPair(a, b, c, d mgl64.Vec3) (x, y mgl64.Vec3, s float64) {
	best := math.Inf(1)
	try := func(px, py mgl64.Vec3, ps float64) {
		if dd := geom.LenSq(px.Sub(py)); dd < best {
			best, x, y, s = dd, px, py, ps
		}
	}
	ya, sa := segment(a, c, d)
	try(a, ya, sa)
	yb, sb := segment(b, c, d)
	try(b, yb, sb)
	xc, _ := segment(c, a, b)
	try(xc, c, 0)
	xd, _ := segment(d, a, b)
	try(xd, d, 1)
	u, v, w := b.Sub(a), d.Sub(c), a.Sub(c)
	uu, uv, vv, uw, vw := geom.Dot(u, u), geom.Dot(u, v), geom.Dot(v, v), geom.Dot(u, w), geom.Dot(v, w)
	if den := float64(uu*vv) - float64(uv*uv); den > 0 {
		r := math.Max(0, math.Min(1, (float64(uv*vw)-float64(vv*uw))/den))
		yi, si := segment(a.Add(geom.Scale(u, r)), c, d)
		xi, _ := segment(yi, a, b)
		try(xi, yi, si)
	}
	return x, y, s
}

// pierce returns where segment ab crosses the (non-collinear) triangle's
// plane, if it does so inside the triangle. A segment in the plane is left
// to the boundary candidates of closestSegment.
func (f *triangle) pierce(a, b mgl64.Vec3) (mgl64.Vec3, bool) {
	if geom.Dot(f.n, f.n) == 0 {
		return mgl64.Vec3{}, false
	}
	ha, hb := geom.Dot(a.Sub(f.p[0]), f.n), geom.Dot(b.Sub(f.p[0]), f.n)
	if ha > 0 && hb > 0 || ha < 0 && hb < 0 || ha == hb {
		return mgl64.Vec3{}, false
	}
	x := a.Add(geom.Scale(b.Sub(a), ha/(ha-hb)))
	return x, f.inside(x)
}

// closestSegment returns the closest points x of segment ab and q of the
// triangle, their distance and the feature of the triangle q lies on.
// Ericson, Real-Time Collision Detection, §5.1.10: either the segment
// crosses the triangle (distance 0), or the closest pair has an end of the
// segment against the triangle (§5.1.5) or the segment against an edge of
// the triangle (§5.1.9). A degenerate triangle is its edges.
func (f *triangle) closestSegment(a, b mgl64.Vec3) (x, q mgl64.Vec3, d float64, feat string) {
	if p, ok := f.pierce(a, b); ok {
		return p, p, 0, "face"
	}
	x = a
	q, d, feat = f.closest(a)
	if qb, db, fb := f.closest(b); db < d {
		x, q, d, feat = b, qb, db, fb
	}
	for i := 0; i < 3; i++ {
		xe, qe, s := segmentPair(a, b, f.p[i], f.p[(i+1)%3])
		if de := geom.Len(xe.Sub(qe)); de < d {
			x, q, d, feat = xe, qe, de, edgeOrVertex(s)
		}
	}
	return x, q, d, feat
}

// edgeOrVertex names the feature of a point at parameter s on an edge.
func edgeOrVertex(s float64) string {
	if s == 0 || s == 1 {
		return "vertex"
	}
	return "edge"
}

// capsulePath is a capsule moving against a triangle, in radii.
type capsulePath struct {
	frame
	s, b, d mgl64.Vec3 // half segment, begin and delta of the center
}

func newCapsulePath(radius float64, halfSeg, begin, delta mgl64.Vec3, tri geom.Triangle) capsulePath {
	p := capsulePath{frame: unitFrame(radius, tri)}
	if p.ok {
		p.s, p.b, p.d = geom.MulVec3(p.inv, halfSeg), p.unit(begin), geom.MulVec3(p.inv, delta)
		p.ok = geom.IsFinite(p.s) && geom.IsFinite(p.b) && geom.IsFinite(p.d)
	}
	return p
}

// at returns the closest pair of the capsule's segment and the triangle at
// t, their distance in radii and the triangle's feature.
func (p *capsulePath) at(t float64) (x, q mgl64.Vec3, d float64, feat string) {
	c := p.b.Add(geom.Scale(p.d, t))
	return p.closestSegment(c.Sub(p.s), c.Add(p.s))
}

// h is the segment-to-triangle distance in radii: contact at 1.
func (p *capsulePath) h(t float64) float64 {
	_, _, d, _ := p.at(t)
	return d
}

func (p *capsulePath) search() search { return search{h: p.h, speed: geom.Len(p.d)} }

// CapsuleDistance returns the signed gap, in radii, between the triangle
// and the capsule of the given radius whose segment runs from center -
// halfSeg to center + halfSeg: the segment-to-triangle distance (Ericson
// §5.1.10) divided by radius, minus 1. It is 0 when they touch, negative
// (down to -1) when they overlap, +Inf for a radius that is not positive or
// non-finite input.
func CapsuleDistance(radius float64, halfSeg, center mgl64.Vec3, tri geom.Triangle) float64 {
	p := newCapsulePath(radius, halfSeg, center, mgl64.Vec3{}, tri)
	if !p.ok {
		return math.Inf(1)
	}
	return p.h(0) - 1
}

// CapsuleMinDistance returns where and how close (signed gap in radii, as
// CapsuleDistance) the capsule comes to the triangle while its center
// moves from begin+lo*delta to begin+hi*delta, 0 <= lo <= hi <= 1. The gap
// is +Inf for invalid input.
func CapsuleMinDistance(radius float64, halfSeg, begin, delta mgl64.Vec3, tri geom.Triangle, lo, hi float64) (t, gap float64) {
	p := newCapsulePath(radius, halfSeg, begin, delta, tri)
	if !p.ok {
		return lo, math.Inf(1)
	}
	t, d := p.search().min(lo, hi)
	return t, d - 1
}

// CapsuleFirstContact returns the first t in [0, 1] at which the capsule,
// centered at begin + t*delta, touches the triangle (gap <= 0), with the
// contact's point (the closest point of the triangle), normal (from that
// point toward the closest point of the segment; zero only if the segment
// meets the triangle, at T = 0), feature, and gap (Contact.Dist, in radii:
// in [-1e-14, 0] for T > 0, see search.crossing). A start touching or
// overlapping gives T = 0. Invalid input gives no contact.
func CapsuleFirstContact(radius float64, halfSeg, begin, delta mgl64.Vec3, tri geom.Triangle) (Contact, bool) {
	p := newCapsulePath(radius, halfSeg, begin, delta, tri)
	if !p.ok {
		return Contact{}, false
	}
	t, ok := p.search().first(1)
	if !ok {
		return Contact{}, false
	}
	x, q, d, feat := p.at(t)
	c := p.b.Add(geom.Scale(p.d, t))
	return Contact{T: t, Center: p.world(c), Point: p.world(q), Normal: p.normal(x.Sub(q)), Feature: feat, Dist: d - 1}, true
}

// CapsulePointDistance returns the signed gap, in radii, from the surface
// of the capsule centered at center to the point x: the distance from x to
// the segment divided by radius, minus 1 (negative inside). It is +Inf for
// invalid input.
func CapsulePointDistance(radius float64, halfSeg, center, x mgl64.Vec3) float64 {
	d := geom.Scale(x.Sub(center), 1/radius)
	s := geom.Scale(halfSeg, 1/radius)
	q, _ := segment(d, geom.Scale(s, -1), s)
	g := geom.Len(q.Sub(d)) - 1
	if !(radius > 0) || math.IsNaN(g) || math.IsInf(g, 0) {
		return math.Inf(1)
	}
	return g
}

// CapsuleClosest returns the closest points of the capsule's segment and
// the triangle (world space) and the signed gap in radii (as
// CapsuleDistance). The direction from triPoint to segPoint is the normal
// of a separating plane when the gap is > -1. ok is false for invalid
// input.
func CapsuleClosest(radius float64, halfSeg, center mgl64.Vec3, tri geom.Triangle) (segPoint, triPoint mgl64.Vec3, gap float64, ok bool) {
	p := newCapsulePath(radius, halfSeg, center, mgl64.Vec3{}, tri)
	if !p.ok {
		return mgl64.Vec3{}, mgl64.Vec3{}, math.Inf(1), false
	}
	x, q, d, _ := p.at(0)
	return p.world(x), p.world(q), d - 1, true
}
