// Package unitspace is a second, independent first-contact algorithm for an
// ellipsoid swept against a triangle: the unit-sphere-space
// interior/edge/vertex method of the course's collide-and-slide slides
// ("Ellipsoid-triangle collisions", Collisions III), beside the core's
// plane-space method of Rouwé (package sweep). The debugger shows both,
// with the numeric oracle as a third opinion, and the bug hunter searches
// for cases where they disagree.
//
// The method: map the triangle into the space where the ellipsoid is a unit
// sphere (the first-contact time is the same there); intersect the moving
// sphere with the triangle's plane, and if that contact point lies inside
// the triangle it is the answer; otherwise intersect the center's ray with
// the infinite cylinder of radius 1 around each edge, keeping roots whose
// contact point lies between the edge's ends, and with the unit sphere
// around each vertex; the smallest root wins.
//
// Beyond the slides, which assume a sphere starting above the triangle:
// triangles are two-sided (the plane is met from the side the center starts
// on); a feature already within unit distance at the start gives a root at
// t = 0, so an ellipsoid that starts touching or overlapping the triangle
// reports T = 0; a degenerate (collinear or sliver) triangle is tested as its
// edges and vertices, a zero-length edge as its vertices. Nothing here panics
// or returns NaN: non-finite input or singular axes give no hit.
//
// It shares no code with package sweep's algorithm: it uses only sweep's
// result types (Ellipsoid, Hit, Feature), geom and mgl64. Package sweep must
// never import it.
package unitspace

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// Reasons a Candidate gives for its verdict.
const (
	ReasonWinner          = "winner"               // the first contact
	ReasonBeyond          = "beyond the best"      // a real contact, but later than the winner's
	ReasonOutsideEdge     = "outside the edge"     // the cylinder is met beyond the edge's ends
	ReasonOutsideTriangle = "outside the triangle" // the plane is met outside the triangle
	ReasonNegative        = "negative"             // the root lies before the start: moving away
	ReasonMisses          = "no root (misses)"     // the center's line never comes within unit distance
	ReasonAfter           = "after the motion"     // the root lies beyond t = 1
	ReasonParallel        = "parallel"             // the motion keeps the distance to the plane or line constant
	ReasonDegenerate      = "degenerate"           // a collinear triangle has no plane, a zero-length edge no line
	ReasonInvalid         = "invalid input"        // singular axes or a non-finite coordinate
)

// Candidate is one feature's root, for showing why the winner won.
type Candidate struct {
	Feature sweep.Feature
	Index   int        // edge i runs from vertex i to vertex (i+1)%3; vertex index 0..2; -1 for the face
	T       float64    // the root, a fraction of the motion; NaN when there is none
	Point   mgl64.Vec3 // the contact point in world space (on the plane, the edge's line or the vertex); zero when the root is outside [0, 1] or there is none
	Valid   bool       // the root is a real contact of the triangle within the motion (the winner, or beyond it)
	Reason  string     // one of the Reason constants
}

// Face, edge and vertex candidates are kept in this order: face, edges 0..2,
// vertices 0..2. Among equal roots the earlier one wins (the seed's order).
const nCandidates = 7

// frame is one query mapped into unit-sphere space, relative to the
// center's start (so precision does not depend on the distance from the
// world origin): the center moves from the origin along d.
type frame struct {
	axes [3]mgl64.Vec3
	inv  [3]mgl64.Vec3 // rows of M⁻¹, M = [a0 a1 a2]
	org  mgl64.Vec3    // world position of the unit-space origin: begin
	d    mgl64.Vec3    // unit-space motion
	p    [3]mgl64.Vec3 // unit-space vertices
}

// minDetRatio is the smallest |det M| / (|a0||a1||a2|) (the volume of the
// axes' parallelepiped relative to a box of the same edge lengths) accepted:
// below it the axes are nearly coplanar and M⁻¹ loses about 12 digits.
// Orthogonal axes have ratio 1.
const minDetRatio = 1e-12

// newFrame maps the query into unit space, or reports false for singular
// axes or non-finite input.
func newFrame(e sweep.Ellipsoid, begin, delta mgl64.Vec3, tri geom.Triangle) (frame, bool) {
	a := e.Axes
	f := frame{axes: a, org: begin}
	// M⁻¹ by cofactors: row i is a_{i+1} × a_{i+2} / det.
	c := [3]mgl64.Vec3{geom.Cross(a[1], a[2]), geom.Cross(a[2], a[0]), geom.Cross(a[0], a[1])}
	det := geom.Dot(a[0], c[0])
	if !(math.Abs(det) > minDetRatio*geom.Len(a[0])*geom.Len(a[1])*geom.Len(a[2])) || math.IsInf(det, 0) {
		return f, false
	}
	for i := range c {
		f.inv[i] = geom.Scale(c[i], 1/det)
	}
	f.d = f.toUnit(delta)
	ok := geom.IsFinite(f.d) && geom.IsFinite(begin)
	for i, v := range tri {
		f.p[i] = f.toUnit(v.Sub(begin))
		ok = ok && geom.IsFinite(f.p[i])
	}
	return f, ok
}

// toUnit maps a world vector to unit space: M⁻¹v.
func (f *frame) toUnit(v mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{geom.Dot(f.inv[0], v), geom.Dot(f.inv[1], v), geom.Dot(f.inv[2], v)}
}

// toWorld maps a unit-space point back to world space: begin + M·u.
func (f *frame) toWorld(u mgl64.Vec3) mgl64.Vec3 {
	return f.org.Add(geom.Scale(f.axes[0], u[0])).Add(geom.Scale(f.axes[1], u[1])).Add(geom.Scale(f.axes[2], u[2]))
}

// normalToWorld maps a unit-space normal to the world normal of the same
// tangent plane, (M⁻¹)ᵀn, normalised.
func (f *frame) normalToWorld(n mgl64.Vec3) mgl64.Vec3 {
	w := geom.Scale(f.inv[0], n[0]).Add(geom.Scale(f.inv[1], n[1])).Add(geom.Scale(f.inv[2], n[2]))
	return geom.Scale(w, 1/geom.Len(w))
}

// center returns the unit-space center at time t.
func (f *frame) center(t float64) mgl64.Vec3 { return geom.Scale(f.d, t) }

// root is one feature's result in unit space.
type root struct {
	feature sweep.Feature
	index   int
	t       float64
	point   mgl64.Vec3 // unit space
	normal  mgl64.Vec3 // unit-space normal for the face (exact plane normal), zero otherwise
	valid   bool
	reason  string
}

// solve computes every feature's root and picks the winner. best is the
// index of the winner in the result, or -1 when nothing is touched.
func (f *frame) solve() (roots [nCandidates]root, best int) {
	roots[0] = f.face()
	for i := 0; i < 3; i++ {
		roots[1+i] = f.edge(i)
		roots[4+i] = f.vertex(i)
	}
	f.plant(&roots)
	best = -1
	for i := range roots {
		if roots[i].valid && (best < 0 || roots[i].t < roots[best].t) {
			best = i
		}
	}
	for i := range roots {
		switch {
		case i == best:
			roots[i].reason = ReasonWinner
		case roots[i].valid:
			roots[i].reason = ReasonBeyond
		}
	}
	return roots, best
}

// EllipsoidTriangle returns the first contact of the ellipsoid e moving
// from begin to begin+delta (world units) with the two-sided triangle tri,
// with the same meaning as sweep.EllipsoidTriangle (T in [0, 1], contact
// point on the triangle, unit normal from the triangle toward the center,
// Triangle 0). It reports no hit for singular axes or non-finite input.
func EllipsoidTriangle(e sweep.Ellipsoid, begin, delta mgl64.Vec3, tri geom.Triangle) (sweep.Hit, bool) {
	f, ok := newFrame(e, begin, delta, tri)
	if !ok {
		return sweep.Hit{}, false
	}
	roots, best := f.solve()
	if best < 0 {
		return sweep.Hit{}, false
	}
	r := roots[best]
	h := sweep.Hit{T: r.t, Point: f.toWorld(r.point), Normal: f.normalToWorld(f.contactNormal(r)), Feature: r.feature}
	if !geom.IsFinite(h.Point) || !geom.IsFinite(h.Normal) || !(h.T >= 0 && h.T <= 1) {
		return sweep.Hit{}, false
	}
	return h, true
}

// contactNormal is the unit-space direction from the contact point to the
// center at contact: the plane normal on the center's side for the face.
// When the center lies on the triangle (only possible at t = 0) it is the
// plane normal facing against the motion, or against the motion itself for
// a degenerate triangle, or +z when nothing moves either.
func (f *frame) contactNormal(r root) mgl64.Vec3 {
	if r.normal != (mgl64.Vec3{}) {
		return r.normal
	}
	if n := f.center(r.t).Sub(r.point); geom.LenSq(n) > 0 {
		return n
	}
	if n, ok := f.plane(); ok {
		if geom.Dot(n, f.d) > 0 {
			return geom.Scale(n, -1)
		}
		return n
	}
	if geom.LenSq(f.d) > 0 {
		return geom.Scale(f.d, -1)
	}
	return mgl64.Vec3{0, 0, 1}
}

// Explain returns the seven candidates of the query (the face, edges 0..2,
// vertices 0..2, in that order), each with its root and why it won or lost.
// For invalid input every candidate says ReasonInvalid.
func Explain(e sweep.Ellipsoid, begin, delta mgl64.Vec3, tri geom.Triangle) []Candidate {
	out := make([]Candidate, nCandidates)
	f, ok := newFrame(e, begin, delta, tri)
	if !ok {
		for i := range out {
			out[i] = Candidate{Feature: featureOf(i), Index: indexOf(i), T: math.NaN(), Reason: ReasonInvalid}
		}
		return out
	}
	roots, _ := f.solve()
	for i, r := range roots {
		c := Candidate{Feature: r.feature, Index: r.index, T: r.t, Valid: r.valid, Reason: r.reason}
		if located(r.reason) {
			c.Point = f.toWorld(r.point)
		}
		out[i] = c
	}
	return out
}

// located reports whether a root with this reason has a contact point: it
// lies within the motion, whether or not the point is on the triangle.
func located(reason string) bool {
	switch reason {
	case ReasonWinner, ReasonBeyond, ReasonOutsideEdge, ReasonOutsideTriangle:
		return true
	}
	return false
}

// featureOf and indexOf give the feature and index of candidate slot i.
func featureOf(i int) sweep.Feature {
	switch {
	case i == 0:
		return sweep.Face
	case i <= 3:
		return sweep.Edge
	}
	return sweep.Vertex
}

func indexOf(i int) int {
	switch {
	case i == 0:
		return -1
	case i <= 3:
		return i - 1
	}
	return i - 4
}
