package oracle

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// boxShape is a box (a parallelepiped: nothing below assumes its axes
// orthogonal) in shape units, relative to its center, with the features
// the distance needs.
type boxShape struct {
	a      [3]mgl64.Vec3 // half-extent vectors
	corner [8]mgl64.Vec3 // corner k is Σ ±a[i], + where bit i of k is set
	edge   [12][2]int    // pairs of corners differing in one bit
	face   [12]triangle  // two per face, wound so that n points outward
	normal [3]mgl64.Vec3 // unit normal of the faces ±a[i]: a[i+1] x a[i+2]
	height [3]float64    // distance from the center to the faces ±a[i]
	inv    mgl64.Mat3    // inverse of [a0 a1 a2]
	ok     bool          // axes finite and non-singular
}

func newBoxShape(a [3]mgl64.Vec3) boxShape {
	b := boxShape{a: a}
	inv, ok := geom.Invert(mgl64.Mat3FromCols(a[0], a[1], a[2]))
	b.inv, b.ok = inv, ok && geom.IsFinite(a[0]) && geom.IsFinite(a[1]) && geom.IsFinite(a[2])
	for k := range b.corner {
		for i := range 3 {
			b.corner[k] = b.corner[k].Add(geom.Scale(a[i], float64(2*(k>>i&1)-1)))
		}
	}
	e := 0
	for k := range 8 {
		for i := range 3 {
			if k>>i&1 == 0 {
				b.edge[e] = [2]int{k, k | 1<<i}
				e++
			}
		}
	}
	for i := range 3 {
		j, k := (i+1)%3, (i+2)%3
		b.normal[i] = geom.Normalize(geom.Cross(a[j], a[k]))
		b.height[i] = math.Abs(geom.Dot(a[i], b.normal[i]))
		for side := range 2 {
			b.face[4*i+2*side], b.face[4*i+2*side+1] = b.quad(i, j, k, side)
		}
	}
	return b
}

// quad returns the face of the box at the side (0: -, 1: +) of axis i as
// two triangles wound so that their normals point outward.
func (b *boxShape) quad(i, j, k, side int) (triangle, triangle) {
	at := func(sj, sk int) mgl64.Vec3 { return b.corner[side<<i|sj<<j|sk<<k] }
	q := [4]mgl64.Vec3{at(0, 0), at(1, 0), at(1, 1), at(0, 1)}
	out := geom.Scale(b.a[i], float64(2*side-1))
	if geom.Dot(geom.Cross(q[1].Sub(q[0]), q[2].Sub(q[0])), out) < 0 {
		q[1], q[3] = q[3], q[1]
	}
	return newTriangle(q[0], q[1], q[2]), newTriangle(q[0], q[2], q[3])
}

// pointGap is the signed distance from the box's surface to x (relative to
// the center), with the closest point of the box when x is outside. Inside
// (x = M·u, all |u_i| <= 1) it is minus the distance to the nearest face
// plane. Outside, the closest point of the box lies on its surface, so the
// minimum of the point-triangle distances (Ericson, Real-Time Collision
// Detection, §5.1.5) to the twelve triangles of its faces is exact. (Only
// the faces x is in front of can hold it, but deciding "in front" per
// triangle under rounding can drop the right half of a face when x lies
// in its plane, so all twelve are measured.)
func (b *boxShape) pointGap(x mgl64.Vec3) (float64, mgl64.Vec3) {
	u := geom.MulVec3(b.inv, x)
	if math.Abs(u[0]) <= 1 && math.Abs(u[1]) <= 1 && math.Abs(u[2]) <= 1 {
		depth := math.Inf(1)
		for i := range 3 {
			depth = math.Min(depth, float64((1-math.Abs(u[i]))*b.height[i]))
		}
		return -depth, x
	}
	best, bestQ := math.Inf(1), x
	for fi := range b.face {
		f := &b.face[fi]
		// The distance to a triangle is at least that to its plane: a
		// face no closer than the best so far is skipped (an exact
		// bound, so the minimum is unchanged).
		if math.Abs(geom.Dot(x.Sub(f.p[0]), f.n)) >= best*geom.Len(f.n) {
			continue
		}
		if q, d, _ := f.closest(x); d < best {
			best, bestQ = d, q
		}
	}
	return best, bestQ
}

// satAxis is one candidate separating axis of a box and a triangle, with
// the constant parts of the projections onto it.
type satAxis struct {
	l              mgl64.Vec3 // unit direction
	r              float64    // the box's projected half width Σ|a_i·l|
	triMin, triMax float64    // the triangle's projection
	b, d           float64    // begin·l and delta·l of the box's center
}

// boxPath is a box moving against a triangle in shape units (half extents
// of the smallest axis), relative to the triangle's first vertex.
type boxPath struct {
	frame
	box  boxShape
	b, d mgl64.Vec3
	axes []satAxis
}

func newBoxPath(axes [3]mgl64.Vec3, begin, delta mgl64.Vec3, tri geom.Triangle) boxPath {
	p := boxPath{frame: unitFrame(boxUnit(axes), tri)}
	if !p.ok {
		return p
	}
	var a [3]mgl64.Vec3
	for i := range a {
		a[i] = geom.MulVec3(p.inv, axes[i])
	}
	p.box = newBoxShape(a)
	p.b, p.d = p.unit(begin), geom.MulVec3(p.inv, delta)
	p.ok = p.box.ok && geom.IsFinite(p.b) && geom.IsFinite(p.d)
	if p.ok {
		p.axes = p.satAxes()
	}
	return p
}

// satAxes returns the candidate separating axes of the separating-axis
// theorem for a box and a triangle (Ericson, Real-Time Collision
// Detection, §5.2.1 and §5.2.9; Akenine-Möller, "Fast 3D triangle-box
// overlap testing", 2001): the three face normals of the box, the
// triangle's normal, and the nine cross products of a box edge direction
// with a triangle edge. These include every face normal of the Minkowski
// difference of the two polytopes, so the largest separation over them is
// the exact signed distance when the two overlap (minus the penetration
// depth) and positive exactly when they are apart. Zero vectors (a
// collinear triangle's normal, parallel edges) are skipped: the remaining
// axes still contain every facet normal of the difference.
func (p *boxPath) satAxes() []satAxis {
	cands := []mgl64.Vec3{p.box.normal[0], p.box.normal[1], p.box.normal[2], p.n}
	for i := range 3 {
		for j := range 3 {
			cands = append(cands, geom.Cross(p.box.a[i], p.p[(j+1)%3].Sub(p.p[j])))
		}
	}
	var out []satAxis
	for _, c := range cands {
		l := geom.Normalize(c)
		if !geom.IsFinite(l) || geom.LenSq(l) == 0 {
			continue
		}
		s := satAxis{l: l, b: geom.Dot(p.b, l), d: geom.Dot(p.d, l), triMin: math.Inf(1), triMax: math.Inf(-1)}
		for _, a := range p.box.a {
			s.r += math.Abs(geom.Dot(a, l))
		}
		for _, v := range p.p {
			s.triMin, s.triMax = math.Min(s.triMin, geom.Dot(v, l)), math.Max(s.triMax, geom.Dot(v, l))
		}
		out = append(out, s)
	}
	return out
}

// separation returns the largest separation of the box at t and the
// triangle over the candidate axes, and that axis oriented from the
// triangle toward the box.
func (p *boxPath) separation(t float64) (float64, mgl64.Vec3) {
	return p.separationBy(func(s *satAxis) float64 { return s.b + float64(t*s.d) })
}

// separationAt is separation for the box centered at c.
func (p *boxPath) separationAt(c mgl64.Vec3) (float64, mgl64.Vec3) {
	return p.separationBy(func(s *satAxis) float64 { return geom.Dot(c, s.l) })
}

// separationBy is separation with the box's center projected on each axis
// by at.
func (p *boxPath) separationBy(at func(*satAxis) float64) (float64, mgl64.Vec3) {
	best, dir := math.Inf(-1), mgl64.Vec3{}
	for i := range p.axes {
		s := &p.axes[i]
		c := at(s)
		if above := c - s.r - s.triMax; above > best {
			best, dir = above, s.l
		}
		if below := s.triMin - (c + s.r); below > best {
			best, dir = below, geom.Scale(s.l, -1)
		}
	}
	return best, dir
}

// apart returns the closest points of the box centered at c and the
// triangle, when they do not overlap, with their distance and the
// triangle's feature. Two disjoint convex polytopes have a closest pair
// with a vertex of one on the other (box corners against the triangle,
// §5.1.5; triangle vertices against the box, pointGap) or an edge of one
// against an edge of the other (§5.1.9); the minimum over those pairs is
// the distance (Ericson, Real-Time Collision Detection, §9.1 on polytope
// distance).
//
// A pair is skipped when it cannot beat the best so far: along any unit
// direction n the distance between two sets is at least the gap between
// their projections (projection is 1-Lipschitz), so with n the axis of
// largest separation a pair whose projections are d or more apart is no
// closer than d. The bound is exact, so the minimum is unchanged.
func (p *boxPath) apart(c mgl64.Vec3) (x, q mgl64.Vec3, d float64, feat string) {
	_, n := p.separationAt(c)
	triTop := math.Max(geom.Dot(p.p[0], n), math.Max(geom.Dot(p.p[1], n), geom.Dot(p.p[2], n)))
	d = math.Inf(1)
	for _, k := range p.box.corner {
		if geom.Dot(c.Add(k), n)-triTop >= d {
			continue
		}
		if qk, dk, fk := p.closest(c.Add(k)); dk < d {
			x, q, d, feat = c.Add(k), qk, dk, fk
		}
	}
	boxBottom := geom.Dot(c, n) - p.box.halfWidth(n)
	for _, v := range p.p {
		if boxBottom-geom.Dot(v, n) >= d {
			continue
		}
		if dv, xv := p.box.pointGap(v.Sub(c)); dv < d {
			x, q, d, feat = c.Add(xv), v, dv, "vertex"
		}
	}
	for _, e := range p.box.edge {
		a, b := c.Add(p.box.corner[e[0]]), c.Add(p.box.corner[e[1]])
		for j := range 3 {
			u, w := p.p[j], p.p[(j+1)%3]
			if math.Min(geom.Dot(a, n), geom.Dot(b, n))-math.Max(geom.Dot(u, n), geom.Dot(w, n)) >= d {
				continue
			}
			xe, qe, s := segmentPair(a, b, u, w)
			if de := geom.Len(xe.Sub(qe)); de < d {
				x, q, d, feat = xe, qe, de, edgeOrVertex(s)
			}
		}
	}
	return x, q, d, feat
}

// halfWidth is the box's half width along the unit n: Σ|a_i·n|.
func (b *boxShape) halfWidth(n mgl64.Vec3) float64 {
	return math.Abs(geom.Dot(b.a[0], n)) + math.Abs(geom.Dot(b.a[1], n)) + math.Abs(geom.Dot(b.a[2], n))
}

// h is the signed distance between the box at t and the triangle, in
// shape units: minus the penetration depth when they overlap (separation
// <= 0), the exact distance when they are apart. It is convex in t (the
// signed distance from a moving point to the Minkowski difference).
func (p *boxPath) h(t float64) float64 {
	if s, _ := p.separation(t); s <= 0 {
		return s
	}
	_, _, d, _ := p.apart(p.b.Add(geom.Scale(p.d, t)))
	return d
}

func (p *boxPath) search() search { return search{h: p.h, speed: geom.Len(p.d)} }

// supportTol decides whether a contact point lies on a vertex or an edge
// when naming the feature: 1e-9 shape units, far above the 1e-14 of a
// contact pose's overlap and far below the tests' 1e-6.
const supportTol = 1e-9

// contact describes the box at t touching or overlapping the triangle.
// The normal is the axis of largest separation (>= -1e-14 at a contact
// found by crossing, so its plane separates them to within that); the
// point is the centroid of the triangle clipped to the box (on both), or,
// if rounding leaves that empty (a contact on a sliver of overlap), the
// triangle's point of the closest pair once the box is moved out along n;
// the feature is the part of the triangle that point lies on.
func (p *boxPath) contact(t float64) Contact {
	c := p.b.Add(geom.Scale(p.d, t))
	gap, n := p.separation(t)
	q, ok := p.clipCentroid(c)
	if !ok {
		// Moved along n by its penetration depth (-gap) the box is apart
		// from the triangle, touching it; 1e-12 more makes that hold
		// despite the rounding of a 1e-14-deep overlap. The closest point
		// of the triangle is then within 1e-12 units of the box at c.
		_, q, _, _ = p.apart(c.Add(geom.Scale(n, math.Max(0, -gap)+1e-12)))
	}
	if gap > 0 {
		_, _, gap, _ = p.apart(c)
	}
	return Contact{T: t, Center: p.world(c), Point: p.world(q), Normal: n, Feature: p.featureAt(q), Dist: gap}
}

// featureAt names the part of the triangle the point q (on it) lies on,
// within supportTol: a vertex, an edge, or else the face.
func (f *triangle) featureAt(q mgl64.Vec3) string {
	feat := "face"
	for i := range 3 {
		if _, s := segment(q, f.p[i], f.p[(i+1)%3]); geom.Len(q.Sub(f.p[i].Add(geom.Scale(f.p[(i+1)%3].Sub(f.p[i]), s)))) <= supportTol {
			if geom.Len(q.Sub(f.p[i])) <= supportTol || geom.Len(q.Sub(f.p[(i+1)%3])) <= supportTol {
				return "vertex"
			}
			feat = "edge"
		}
	}
	return feat
}

// clipCentroid clips the triangle to the box centered at c
// (Sutherland-Hodgman against the six face planes; Ericson, Real-Time
// Collision Detection, §8.3.4) and returns the centroid of what remains,
// a point of both, or false if nothing remains.
func (p *boxPath) clipCentroid(c mgl64.Vec3) (mgl64.Vec3, bool) {
	poly := []mgl64.Vec3{p.p[0].Sub(c), p.p[1].Sub(c), p.p[2].Sub(c)}
	for i := range 3 {
		for _, sign := range [2]float64{1, -1} {
			poly = clipPlane(poly, geom.Scale(p.box.normal[i], sign), p.box.height[i])
		}
	}
	if len(poly) == 0 {
		return mgl64.Vec3{}, false
	}
	var sum mgl64.Vec3
	for _, v := range poly {
		sum = sum.Add(v)
	}
	return geom.Scale(sum, 1/float64(len(poly))).Add(c), true
}

// clipPlane keeps the part of the convex polygon with x·n <= off.
func clipPlane(poly []mgl64.Vec3, n mgl64.Vec3, off float64) []mgl64.Vec3 {
	var out []mgl64.Vec3
	for i, a := range poly {
		b := poly[(i+1)%len(poly)]
		da, db := geom.Dot(a, n)-off, geom.Dot(b, n)-off
		if da <= 0 {
			out = append(out, a)
		}
		if da < 0 && db > 0 || da > 0 && db < 0 {
			out = append(out, a.Add(geom.Scale(b.Sub(a), da/(da-db))))
		}
	}
	return out
}

// boxUnit is the box's unit: its smallest half extent.
func boxUnit(axes [3]mgl64.Vec3) float64 {
	return min(geom.Len(axes[0]), geom.Len(axes[1]), geom.Len(axes[2]))
}

// BoxDistance returns the signed distance, in half extents of the box's
// smallest axis, between the triangle and the box center + u·axes[0] +
// v·axes[1] + w·axes[2], |u|, |v|, |w| <= 1 (any parallelepiped; the core's
// boxes have orthogonal axes): the Euclidean distance when they are apart,
// minus the penetration depth (the shortest translation that separates
// them) when they overlap, 0 when they touch. +Inf for zero, singular or
// non-finite axes or non-finite points.
func BoxDistance(axes [3]mgl64.Vec3, center mgl64.Vec3, tri geom.Triangle) float64 {
	p := newBoxPath(axes, center, mgl64.Vec3{}, tri)
	if !p.ok {
		return math.Inf(1)
	}
	return p.h(0)
}

// BoxMinDistance returns where and how close (signed distance as
// BoxDistance) the box comes to the triangle while its center moves from
// begin+lo*delta to begin+hi*delta, 0 <= lo <= hi <= 1. The distance is
// +Inf for invalid input.
func BoxMinDistance(axes [3]mgl64.Vec3, begin, delta mgl64.Vec3, tri geom.Triangle, lo, hi float64) (t, dist float64) {
	p := newBoxPath(axes, begin, delta, tri)
	if !p.ok {
		return lo, math.Inf(1)
	}
	return p.search().min(lo, hi)
}

// BoxFirstContact returns the first t in [0, 1] at which the box, centered
// at begin + t*delta, touches the triangle (signed distance <= 0), with a
// point where they touch (on the triangle, in the box), the unit normal of
// a separating plane there (from the triangle toward the box; for an
// overlapping start, the direction of least penetration), the feature of
// the triangle in that plane and the signed distance (Contact.Dist, in
// [-1e-14, 0] for T > 0). A start touching or overlapping gives T = 0.
// Invalid input gives no contact.
func BoxFirstContact(axes [3]mgl64.Vec3, begin, delta mgl64.Vec3, tri geom.Triangle) (Contact, bool) {
	p := newBoxPath(axes, begin, delta, tri)
	if !p.ok {
		return Contact{}, false
	}
	t, ok := p.search().first(0)
	if !ok {
		return Contact{}, false
	}
	return p.contact(t), true
}

// BoxPointDistance returns the signed distance, in half extents of the
// smallest axis, from the surface of the box centered at center to the
// point x: negative inside (minus the distance to the nearest face). +Inf
// for invalid input.
func BoxPointDistance(axes [3]mgl64.Vec3, center, x mgl64.Vec3) float64 {
	unit := boxUnit(axes)
	var a [3]mgl64.Vec3
	for i := range a {
		a[i] = geom.Scale(axes[i], 1/unit)
	}
	b := newBoxShape(a)
	d := geom.Scale(x.Sub(center), 1/unit)
	if !(unit > 0) || !b.ok || !geom.IsFinite(d) {
		return math.Inf(1)
	}
	g, _ := b.pointGap(d)
	return g
}

// BoxClosest returns, for a box apart from the triangle, the closest points
// of the box and of the triangle (world space) and their distance in half
// extents of the smallest axis; when they touch or overlap, a point of the
// triangle in the box (both points) and the signed distance (<= 0). ok is
// false for invalid input.
func BoxClosest(axes [3]mgl64.Vec3, center mgl64.Vec3, tri geom.Triangle) (boxPoint, triPoint mgl64.Vec3, dist float64, ok bool) {
	p := newBoxPath(axes, center, mgl64.Vec3{}, tri)
	if !p.ok {
		return mgl64.Vec3{}, mgl64.Vec3{}, math.Inf(1), false
	}
	if s, _ := p.separation(0); s <= 0 {
		c := p.contact(0)
		return c.Point, c.Point, s, true
	}
	x, q, d, _ := p.apart(p.b)
	return p.world(x), p.world(q), d, true
}
