package unitspace

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// sliverRatio is the smallest |n| / L² (n the cross product of two edges,
// L the longest edge; the ratio is about the triangle's width over its
// length) for which the triangle's plane is used. A narrower triangle's
// normal is fixed by rounding rather than by its vertices; its interior is
// within 1e-10·L of its edges, so testing only edges and vertices errs by
// at most that much in distance.
const sliverRatio = 1e-10

// plane returns the unit normal of the unit-space triangle, oriented as
// (p1-p0)×(p2-p0), and false for a collinear or sliver triangle.
func (f *frame) plane() (mgl64.Vec3, bool) {
	e1, e2, e3 := f.p[1].Sub(f.p[0]), f.p[2].Sub(f.p[0]), f.p[2].Sub(f.p[1])
	n := geom.Cross(e1, e2)
	l2 := math.Max(geom.LenSq(e1), math.Max(geom.LenSq(e2), geom.LenSq(e3)))
	nl := geom.Len(n)
	if !(nl > sliverRatio*l2) || math.IsInf(nl, 0) {
		return mgl64.Vec3{}, false
	}
	return geom.Scale(n, 1/nl), true
}

// face is "sphere-interior collision": the unit sphere against the
// triangle's plane, as a ray against the plane from the sphere's point
// nearest the plane (center - n on the center's side), then the
// point-in-triangle test.
func (f *frame) face() root {
	r := root{feature: sweep.Face, index: -1, t: math.NaN()}
	n, ok := f.plane()
	if !ok {
		r.reason = ReasonDegenerate
		return r
	}
	// Signed distance of the center from the plane: s(t) = s0 + ns·t, with
	// the plane through p0 and the center starting at the origin.
	s0, ns := -geom.Dot(n, f.p[0]), geom.Dot(n, f.d)
	t, reason := planeRoot(s0, ns)
	r.t = t
	if reason != "" {
		r.reason = reason
		return r
	}
	s := s0 + float64(ns*t)
	r.point = f.center(t).Sub(geom.Scale(n, s)) // the center projected onto the plane
	switch {
	case s > 0:
		r.normal = n
	case s < 0:
		r.normal = geom.Scale(n, -1)
	}
	if !f.inside(r.point) {
		r.reason = ReasonOutsideTriangle
		return r
	}
	r.valid = geom.IsFinite(r.point)
	return r
}

// planeRoot returns the first t at which a unit sphere whose center's
// signed distance from a plane is s0 + ns·t touches the plane, from the
// side it starts on (two-sided): 0 when |s0| <= 1 already, else the t where
// s reaches ±1. The reason is empty for a root in [0, 1].
func planeRoot(s0, ns float64) (float64, string) {
	if math.Abs(s0) <= 1 {
		return 0, ""
	}
	if ns == 0 || math.IsNaN(s0) || math.IsNaN(ns) {
		return math.NaN(), ReasonParallel
	}
	side := math.Copysign(1, s0)
	t := (side - s0) / ns
	return t, rangeReason(t)
}

// rangeReason says whether a root lies within the motion.
func rangeReason(t float64) string {
	switch {
	case t < 0:
		return ReasonNegative
	case t > 1:
		return ReasonAfter
	case !(t >= 0):
		return ReasonMisses
	}
	return ""
}

// inside reports whether q, a point of the triangle's plane, lies inside
// the triangle or on its boundary: on the inner side of all three edges,
// measured against the unnormalised normal (p1-p0)×(p2-p0).
func (f *frame) inside(q mgl64.Vec3) bool {
	n := geom.Cross(f.p[1].Sub(f.p[0]), f.p[2].Sub(f.p[0]))
	for i := 0; i < 3; i++ {
		a, b := f.p[i], f.p[(i+1)%3]
		if geom.Dot(geom.Cross(b.Sub(a), q.Sub(a)), n) < 0 {
			return false
		}
	}
	return true
}

// edge is "sphere-edge collision": the center's ray against the infinite
// cylinder of radius 1 around edge i (from C = p_i to D = p_(i+1)), then
// the check that the contact lies between C and D.
//
// The seed's quadratic, with A the start (the origin here) and B - A = d,
//
//	a = |d × (D-C)|², b = 2 (d × (D-C))·((A-C) × (D-C)),
//	c = |(A-C) × (D-C)|² - |D-C|²,
//
// is used divided by |D-C|² (D-C replaced by the unit axis u), which keeps
// its coefficients of the order of squared distances.
func (f *frame) edge(i int) root {
	r := root{feature: sweep.Edge, index: i, t: math.NaN()}
	c0, e := f.p[i], f.p[(i+1)%3].Sub(f.p[i])
	l2 := geom.LenSq(e)
	if !(l2 > 0) || math.IsInf(l2, 0) {
		r.reason = ReasonDegenerate
		return r
	}
	u := geom.Scale(e, 1/math.Sqrt(l2))
	du, wu := geom.Cross(f.d, u), geom.Cross(geom.Scale(c0, -1), u)
	t, reason := enterRootVec(du, wu)
	r.t = t
	if reason != "" {
		r.reason = reason
		return r
	}
	// Project the center at t onto the axis: 0 <= (P-C)·(D-C) <= |D-C|².
	s := geom.Dot(f.center(t).Sub(c0), e) / l2
	r.point = c0.Add(geom.Scale(e, s))
	if !(s >= 0 && s <= 1) {
		r.reason = ReasonOutsideEdge
		return r
	}
	r.valid = geom.IsFinite(r.point)
	return r
}

// vertex is "sphere-vertex collision": a moving sphere against a point is
// the point's ray against the sphere, |d·t - V|² = 1, with
// a = |d|², b = -2 d·V, c = |V|² - 1.
func (f *frame) vertex(i int) root {
	r := root{feature: sweep.Vertex, index: i, t: math.NaN()}
	v := f.p[i]
	t, reason := enterRootVec(f.d, geom.Scale(v, -1))
	r.t = t
	if reason != "" {
		r.reason = reason
		return r
	}
	r.point = v
	r.valid = true
	return r
}

// enterRootVec returns the time |w + d·t| first becomes <= 1 (inside a
// cylinder or a sphere): 0 when it starts inside (c <= 0), else the lesser
// root of a t² + b t + c with a = |d|², b = 2 d·w, c = |w|² - 1. The
// reason is empty for a root in [0, 1].
//
// The lesser root is computed without cancellation: with c > 0 and a > 0
// both roots have the sign of -b, and for b < 0 the lesser one is
// 2c / (-b + √(b² - 4ac)) (the conjugate form of (-b - √disc) / 2a), which
// stays exact when a is tiny (motion nearly parallel to the edge). The
// discriminant is computed as
//
//	b² - 4ac = 4 (|d|² - |d × w|²)   (Lagrange's identity),
//
// which is exact however far w is from the unit sphere. The direct form
// subtracts two products of size |d|²|w|² whose difference is only |d|²:
// with the center 1e8 units from a vertex (a motion that long), |w|² - 1
// rounds to |w|² and the discriminant's error exceeds its value, which made
// motions that pass far away report a contact.
func enterRootVec(d, w mgl64.Vec3) (float64, string) {
	a, hb, c := geom.Dot(d, d), geom.Dot(d, w), geom.Dot(w, w)-1
	switch {
	case math.IsNaN(a) || math.IsNaN(hb) || math.IsNaN(c):
		return math.NaN(), ReasonInvalid
	case c <= 0:
		return 0, ""
	case a == 0:
		return math.NaN(), ReasonParallel
	}
	x := exactCross(d, w)
	disc := a - geom.Dot(x, x) // a quarter of b² - 4ac
	if disc < 0 || math.IsNaN(disc) {
		return math.NaN(), ReasonMisses
	}
	sq := math.Sqrt(disc)
	if hb >= 0 {
		return -(hb + sq) / a, ReasonNegative
	}
	t := c / (-hb + sq)
	return t, rangeReason(t)
}

// exactCross is a × b with each component's difference of products
// computed by geom.DiffProd (no cancellation between nearly equal
// products).
func exactCross(a, b mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{
		geom.DiffProd(a[1], b[2], a[2], b[1]),
		geom.DiffProd(a[2], b[0], a[0], b[2]),
		geom.DiffProd(a[0], b[1], a[1], b[0]),
	}
}
