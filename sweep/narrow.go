// narrow.go: the narrow phase of a prepared query on one triangle
// (section 5: sections 3 and 4 on a triangle stored as 3D points), in
// the order a triangle meets it: Triangle -> test (the box test) ->
// testInBox (frame, the ball early out) -> afterReach (the plane stage,
// section 3.1) -> triangle (the face stage, section 3.3, then the edges
// and vertices, sections 3.4-3.6, circle.go) -> finish (back to world
// space). reference.go is the same computation without the rejections,
// written as the paper reads; the rejections themselves are in cull.go.

package sweep

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// Triangle returns the first contact with the two-sided triangle tri at a T
// in [0, maxT] (maxT is clamped to at most 1; pass 1 for the whole motion).
// The returned Hit's Triangle field is 0. It reports no hit for an invalid
// query, a negative or NaN maxT, or a triangle with a non-finite vertex.
//
// This is section 5, the algorithm of sections 3 and 4 on a polygon stored
// as 3D points: the triangle is mapped by (M_unit->ellipsoid)⁻¹, B' = B_unit,
// D' = D_unit, r1 = r2 = 0 and r3 = 1. Everything is computed relative to
// the triangle's first vertex, so coordinates far from the origin lose no
// precision. A degenerate or sliver triangle (geom.IsSliverEdges) has no
// usable plane and is tested as its edges and vertices.
func (q *Query) Triangle(tri geom.Triangle, maxT float64) (Hit, bool) {
	var h Hit
	ok := q.test(&tri, maxT, &h)
	return h, ok
}

// test is Triangle with the triangle and the hit passed by pointer: a mesh
// sweep calls it for every candidate, and copying the 72-byte triangle and
// hit in and out of the call cost as much as the box test.
func (q *Query) test(tri *geom.Triangle, maxT float64, h *Hit) bool {
	var s triScratch
	return q.testWith(tri, maxT, h, &s)
}

// testWith is test with s as the narrow phase's working memory, for a
// caller that tests many triangles: a scratch made for each call is
// cleared each time (triScratch).
func (q *Query) testWith(tri *geom.Triangle, maxT float64, h *Hit, s *triScratch) bool {
	if !q.ok || !(maxT >= 0) || outsideBox(tri, &q.boxLo, &q.boxHi) {
		return false
	}
	return q.testInBox(tri, min(maxT, 1), h, s)
}

// testInBox is test for a valid query, maxT in [0, 1] and a triangle that
// outsideBox keeps (a mesh sweep has tested it on the float32 vertices:
// Mesh.loadNear), with s as working memory. It writes h only on a hit.
func (q *Query) testInBox(tri *geom.Triangle, maxT float64, h *Hit, s *triScratch) bool {
	f, u := &s.f, &s.u
	q.frame(tri, &q.begin, f, u)
	// Most triangles a mesh sweep tests are near the ellipsoid's path but
	// out of its reach: outOfReach rejects them here, before the plane
	// stage, when the conditioning of M allows (reachFirstCond).
	if q.reachFirst && q.outOfReach(u, maxT) {
		return false
	}
	return q.afterReach(maxT, h, s)
}

// afterReach is the rest of testInBox once frame has filled s and, when
// q.reachFirst, outOfReach has kept the triangle: the plane stage, then
// the face, edge and vertex stages (Query.triangle).
func (q *Query) afterReach(maxT float64, h *Hit, s *triScratch) bool {
	if !s.f.plane(&q.normalMap, maxT) {
		return false
	}
	return q.triangle(&s.f, &s.u, maxT, q.reachFirst, h)
}

// triScratch is the working memory of the narrow phase for one triangle.
// A mesh sweep keeps one for the whole cast: zeroing it for every
// triangle that passes the box test cost about 24 instructions each.
// Nothing in it is read before the triangle's own stages have written it
// (frame writes all of u and the world-space half of f, plane the rest of
// f when the triangle has a usable plane, and only then is it read).
type triScratch struct {
	f triFrame
	u unitTri
}

// triFrame is a triangle and the motion in world space, relative to the
// triangle's first vertex (origin): what section 3.1 needs, before any
// matrix inverse.
type triFrame struct {
	origin, e1, e2 vec3 // vertex 0 and the edges from it
	bw, dw         vec3 // begin - origin and delta
	nw             vec3 // e1 x e2
	usable         bool // the triangle has a plane (not a sliver)

	// Section 3.1, set by plane when usable.
	t1     float64 // the entry time
	n      vec3    // the unit-space plane normal, not normalised
	ln     float64 // |n|
	bn, dn float64 // bw·nw and dw·nw: |n| times the unit-space distance and speed
}

// unitTri is a triangle and the motion's start in unit-sphere space
// (section 4.1), relative to the triangle's vertex 0.
type unitTri struct {
	b     vec3    // the center at t = 0
	verts [3]vec3 // verts[0] is the origin
}

// frame fills f with the triangle and the motion from begin (the query's
// or another start of its motion) in world space and u with the same in
// unit-sphere space, relative to the triangle's vertex
// 0 (sections 4.1 and 5). The frame is defined by setFrame, which fills
// f (origin = v0, e1 = v1 - v0, e2 = v2 - v0, bw = begin - v0, dw =
// delta), followed by toUnit, which maps it by (M_unit->ellipsoid)⁻¹
// (u.b = M⁻¹bw, u.verts = {0, M⁻¹e1, M⁻¹e2}); EllipsoidTriangle calls the
// two apart, with the plane stage between them. frame is the two fused,
// with the same operations in the same order (lin3.apply's branch on diag
// written out), because every triangle of the scalar mesh loop that
// passes the box test costs this much: calling the two costs 1.3% more
// instructions per cast on the dense level benchmark, and 4 of the 360
// instructions of BenchmarkQueryTriangle even when only the unit half is
// a call. leaf4AVX2 computes the same values for a whole leaf in
// assembly (leafFrame). TestFrameFormsAgree requires frame to give
// setFrame and toUnit's values bit for bit, TestLeaf4MatchesScalar
// leafFrame to give frame's.
func (q *Query) frame(tri *geom.Triangle, begin *mgl64.Vec3, f *triFrame, u *unitTri) {
	o := v3p(&tri[0])
	e1, e2, bw := v3p(&tri[1]).sub(o), v3p(&tri[2]).sub(o), v3p(begin).sub(o)
	f.origin, f.e1, f.e2, f.bw, f.dw = o, e1, e2, bw, v3p(&q.delta)
	if w := &q.worldToUnit; w.diag {
		d := w.d
		u.b, u.verts = d.scale(bw), [3]vec3{{}, d.scale(e1), d.scale(e2)}
	} else {
		u.b, u.verts = w.mat3.apply(bw), [3]vec3{{}, w.mat3.apply(e1), w.mat3.apply(e2)}
	}
}

// setFrame fills the frame's vertex 0, edges and motion from the
// triangle and the motion (world space): the world half of frame.
func (f *triFrame) setFrame(tri *geom.Triangle, begin, delta *mgl64.Vec3) {
	f.origin, f.dw = v3p(&tri[0]), v3p(delta)
	f.e1, f.e2 = v3p(&tri[1]).sub(f.origin), v3p(&tri[2]).sub(f.origin)
	f.bw = v3p(begin).sub(f.origin)
}

// toUnit maps the frame setFrame filled to unit-sphere space: the unit
// half of frame (lin3.apply's branch on diag written out, as there), and
// the motion with it, D_unit = M⁻¹·dw and |D_unit|² (setUnitDelta's
// arithmetic; dw is the motion). One pass over the inverse, for
// EllipsoidTriangle, which no longer calls setUnitDelta apart
// (docs/performance.md, "The narrow phase, seventh round (`narrow7`,
// 2026-11-28)").
func (q *Query) toUnit(f *triFrame, u *unitTri) {
	u.verts[0] = vec3{}
	if w := &q.worldToUnit; w.diag {
		d := w.d
		u.b, u.verts[1], u.verts[2], q.unitDelta = d.scale(f.bw), d.scale(f.e1), d.scale(f.e2), d.scale(f.dw)
	} else {
		// The motion apart: all four products at once would spill (16 XMM
		// registers).
		u.b, u.verts[1], u.verts[2] = w.mat3.apply(f.bw), w.mat3.apply(f.e1), w.mat3.apply(f.e2)
		q.unitDelta = w.mat3.apply(f.dw)
	}
	q.unitDeltaSq = q.unitDelta.lenSq()
}

// crossRecheck: when sin² of the angle between the edges is below 1e-8
// the plain cross product's relative error, about 1e-16/sin, exceeds 1e-12
// and the normal is recomputed exactly (geom.DiffProd). Above it the plain
// product tilts the plane by at most 1e-12 rad (times the condition number
// of M, at most 1e2 for a 100:1 ellipsoid, once mapped to unit space).
const crossRecheck = 1e-8

// plane, once frame has run, finds whether the triangle has a plane and,
// if so, runs section 3.1 on it in unit-sphere space,
// without the inverse of M. The mapped plane's normal is n = Mᵀ(e1 x e2)
// up to sign (section 4.1: N' ∝ MᵀN; equivalently, for any matrix A,
// Au x Av = det(A)·A⁻ᵀ(u x v)), and for x_unit = M⁻¹x_world,
// x_unit·Mᵀy = x_world·y: the center's distance and speed relative to the
// mapped plane are the world-space dot products bw·nw and dw·nw divided by
// |n|, and planeSweptSphere only compares their ratios with |n|. mt holds
// the axes as rows (times sign(det M) when the orientation of n matters),
// so mt.apply(nw) = ±Mᵀ nw. It reports false when the sphere cannot touch
// the triangle's plane by maxT (never for a sliver, which has no plane).
//
// The plane normal is computed inline, because this is all many triangles
// of a query ever cost; the test itself is slab, which EllipsoidTriangle
// runs after planeFrameAVX (the call costs about 15 instructions).
func (f *triFrame) plane(mt *lin3, maxT float64) bool {
	e1, e2 := f.e1, f.e2
	// The plane normal e1 x e2; the plain cross product unless the sine of
	// the angle between the edges is below 1e-4 (crossRecheck), where it is
	// recomputed exactly. The triangle has no usable plane when
	// geom.IsSliverEdges would say so.
	// |nw|² and, below, |n|² are kept: the compiler does not reuse a
	// product across the branch that may replace nw, nor past the call
	// of missesSlab (f.n is reloaded), and recomputing them gives the
	// same bits (length is the square root of the same dot product).
	nw := e1.cross(e2)
	ee := float64(e1.lenSq() * e2.lenSq())
	nn := nw.lenSq()
	if nn < crossRecheck*ee {
		nw = exactCross(e1, e2)
		nn = nw.lenSq()
	}
	f.nw, f.usable = nw, nn > geom.SliverSine*geom.SliverSine*ee
	if !f.usable {
		return true
	}
	if mt.diag {
		f.n = mt.d.scale(nw)
	} else {
		f.n = mt.mat3.apply(nw)
	}
	f.bn, f.dn = f.bw.dot(nw), f.dw.dot(nw)
	return f.slab(f.n.lenSq(), maxT, false)
}

// slab is the end of plane once n, bn and dn are set (by plane, or by
// planeFrameAVX for EllipsoidTriangle), with rr = |n|²: section 3.1's
// test, which sets ln and t1 and reports whether the sphere touches the
// plane by maxT. missesSlab spares most triangles the square root; kept
// tells that it has run on these values and kept the plane
// (EllipsoidTriangle: sweptCullAVX), so it is skipped. Skipping it never
// changes the answer: it rejects no plane that planeSweptSphere accepts.
func (f *triFrame) slab(rr, maxT float64, kept bool) bool {
	if !kept && missesSlab(f.bn, f.dn, rr, maxT) {
		return false
	}
	f.ln = math.Sqrt(rr) // f.n.length(), without its second dot product
	var ok bool
	f.t1, ok = planeSweptSphere(f.bn, f.dn, f.ln, maxT)
	return ok
}

// exactCross is vec3.crossExact out of line, so that plane stays small.
//
//go:noinline
func exactCross(a, b vec3) vec3 { return a.crossExact(b) }

// triangle is Triangle after the plane test: f.plane has run with the
// normal oriented like the mapped vertices (if f.usable), and toUnit has
// filled u. reached tells that outOfReach has already been tested. The hit
// is written to h (only when there is one), in place: returning the
// 72-byte Hit by value cost about 29 instructions a triangle.
func (q *Query) triangle(f *triFrame, u *unitTri, maxT float64, reached bool, h *Hit) bool {
	var face vec3 // unit normal of a usable plane, else zero
	t1 := f.t1
	if f.usable {
		face = f.n.mul(1 / f.ln)
	}
	b, d := u.b, q.unitDelta
	verts := &u.verts
	if f.usable {
		t2 := slabExit(f.bn, f.dn, f.ln, maxT) // scale-free, like planeSweptSphere
		c1, c2 := b.madd(d, t1), b.madd(d, t2)
		rr := 1.0
		if q.reachFirst {
			rr = f.circleReach(t1, t2, c1, c2)
		}
		switch faceStage(verts, face, c1, c2, rr) {
		case faceHit: // 3.3: the circle's center at t1 lies inside
			return q.finish(faceContact(t1, c1, face), b, d, face, f.origin, h)
		case faceOut:
			return false
		}
	}
	// 3.4-3.6: the swept sphere against the vertices and the edges
	// (section 5: r1 = r2 = 0, r3 = R² = 1), after the conservative early
	// out, if it has not run yet.
	if !reached && q.outOfReach(u, maxT) {
		return false
	}
	return q.edgeStage(u, face, f.origin, maxT, h)
}

// edgeStage is the end of Query.triangle once faceStage has left the
// first contact, if any, to the edges and vertices (faceEdges, or no
// usable plane: face zero) and outOfReach has kept the triangle: sections
// 3.4-3.6 (sweptCircle.edgeVertex), then finish. sweepLeaves calls it
// directly for a triangle whose faceStage leaf4AVX2 has decided against
// the same maxT, with the face normal it computed.
func (q *Query) edgeStage(u *unitTri, face, origin vec3, maxT float64, h *Hit) bool {
	b, d, verts := u.b, q.unitDelta, &u.verts
	circle := sweptCircle{B: b, D: d, r3: 1}
	var c contact
	var ok bool
	if size2 := verts[1].lenSq() + verts[2].lenSq(); edge3On {
		c, ok = circle.edgeVertex3(verts, maxT, size2)
	} else {
		c, ok = circle.edgeVertex(verts[:], maxT, size2)
	}
	if !ok {
		return false
	}
	return q.finish(c, b, d, face, origin, h)
}

// edge3On reports whether Query.edgeStage takes edgeVertex3 (where
// edge3AVX2 runs: haveEdge3 and useAVX2), a variable so that tests and
// benchmarks can compare it with edgeVertex.
var edge3On = haveEdge3 && useAVX2

// faceContact is the contact of section 3.3 when the circle's center c1
// at the entry time t1 lies inside the triangle: the center projected
// onto the plane (face is its unit normal, the plane through the origin).
func faceContact(t1 float64, c1, face vec3) contact {
	return contact{t: t1, point: c1.madd(face, -c1.dot(face)), feature: Face}
}

// Outcomes of faceStage.
const (
	faceHit   = iota // the circle's center at t1 is inside the triangle
	faceOut          // the circle never comes within reach of the triangle
	faceEdges        // the first contact, if any, is with an edge or a vertex
)

// faceStage is section 3.3 for a triangle (section 5), given the sphere's
// center at t1 (c1) and at the slab exit t2 (c2); their distances to the
// edges' lines are those of the circle's in-plane centers. The circle's
// center at t1 inside the triangle (section 3.3's PolygonContains) is a
// face contact. The other half of section 3.3, the closest boundary point
// within the circle's radius, is left to sweptCircle.edgeVertex, whose
// fixed lowestRoot reports an overlap at t = 0 on its own (and for t1 > 0
// the circle is a single point).
//
// It also prunes: the circle only exists on [t1, t2], where its center
// moves from c1 to c2, and its squared radius there never exceeds rr (at
// most 1, the sphere's; see triFrame.circleReach); the signed distance of
// the center to an edge's line is linear in t. If both c1 and c2 lie more
// than sqrt(rr) outside the same edge's line, the circle never reaches the
// triangle, which lies on the inner side. This settles most swept spheres
// that cross the plane away from the triangle without solving a quadratic.
func faceStage(verts *[3]vec3, face, c1, c2 vec3, rr float64) int {
	dc := c2.sub(c1)
	inside := uint8(1)
	// The edges from the previous vertex, cyclically (the last edge first:
	// the order does not change the outcome), each decided by one branch.
	// The comparisons are combined with b2u rather than &&: each is a pure
	// comparison, with the same truth value for every input, NaN included,
	// whether or not the others run; which edge, if any, prunes is
	// unpredictable.
	u := verts[2]
	for _, v := range verts {
		e := v.sub(u)
		m := face.cross(e) // inward edge normal, |m| = |e|
		s1 := m.dot(c1.sub(u))
		s2 := s1 + m.dot(dc)
		ee := float64(rr * e.lenSq())
		outer := b2u(s1 < 0) & b2u(s2 < 0)          // c1 and c2 on the outer side of the line
		beyond := b2u(s1*s1 > ee) & b2u(s2*s2 > ee) // both farther from it than the radius
		if outer&beyond != 0 {
			return faceOut
		}
		inside &= b2u(s1 >= 0) // faceContains's test at c1
		u = v
	}
	if inside != 0 {
		return faceHit
	}
	return faceEdges
}

// slabExit is the other end of section 3.1's interval: the last time in
// [0, maxT] at which a sphere of radius r, whose center has signed distance
// dist + t*nd to the plane, still touches it. Only meaningful once
// planeSweptSphere has reported a touch.
func slabExit(dist, nd, r, maxT float64) float64 {
	dist, nd = centerSide(dist, nd)
	switch {
	case nd < 0: // toward and through the plane: leave at -r
		return min(maxT, (dist+r)/-nd)
	case nd > 0: // touching and moving away: leave at +r
		return min(maxT, (r-dist)/nd)
	}
	return maxT
}

// finish turns a unit-space contact into a world-space Hit. The point goes
// back by M_unit->ellipsoid plus the origin the computation was relative to
// (M_collision->world of sections 4.2 and 5). The normal is the unit-space
// direction from the contact point to the center at contact (face: the
// plane normal on the center's side), mapped to the world normal of the
// same tangent plane, (M⁻¹)ᵀn normalised (section 4.1 read backwards). When
// the center lies on the polygon at t = 0 that direction is undefined;
// fallbackNormal picks one. A non-finite result (only from non-finite or
// absurdly large input) is reported as no hit. The hit is written to h,
// only when there is one.
func (q *Query) finish(c contact, b, d, face, origin vec3, h *Hit) bool {
	center := b.madd(d, c.t)
	nu := center.sub(c.point)
	switch {
	case nu.isZero():
		nu = fallbackNormal(face, d)
	case c.feature == Face && !face.isZero():
		nu = face // exact, rather than the difference of two nearby points
		if center.dot(face) < 0 {
			nu = face.mul(-1)
		}
	}
	nw := q.worldToUnit.applyT(nu).unit()
	p := q.axes.applyT(c.point).add(origin) // M·p: the axes weighted by p
	if !p.finite() || !nw.finite() || !(c.t >= 0 && c.t <= 1) {
		return false
	}
	h.T, h.Point, h.Normal, h.Feature, h.Triangle = c.t, p.mgl(), nw.mgl(), c.feature, 0
	return true
}

// fallbackNormal is the unit-space normal for a center lying exactly on the
// polygon: the face normal facing against the motion (the side the center
// came from), or any unit vector against the motion for a polygon without a
// usable plane, or +z when nothing moves either.
func fallbackNormal(face, d vec3) vec3 {
	switch {
	case !face.isZero() && face.dot(d) > 0:
		return face.mul(-1)
	case !face.isZero():
		return face
	case d.lenSq() > 0:
		return d.unit().mul(-1)
	}
	return vec3{0, 0, 1}
}
