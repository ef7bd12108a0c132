package sweep

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// Query is one swept ellipsoid prepared once and then tested against any
// number of triangles or polygons: the matrix that takes world space to the
// space where the ellipsoid is a unit sphere (section 4.1,
// (M_unit->ellipsoid)⁻¹), the motion in that space and the swept bounds. The
// mesh broad phase builds one Query per sweep and reuses it for every
// candidate triangle. A Query is read-only after NewQuery and safe for
// concurrent use.
type Query struct {
	shape                   // what the ellipsoid alone gives
	begin, delta mgl64.Vec3 // the motion, world space
	unitDelta    vec3       // D_unit
	unitDeltaSq  float64    // |D_unit|²
	boxLo, boxHi [3]float64 // the world AABB of the swept volume (Bounds)
	ok           bool
}

// shape is what a Query derives from its ellipsoid alone, whatever the
// motion: section 4.1's change of space and what the mesh sweep reads of
// it. A game sweeps the same player cast after cast, so Mesh.Sweep keeps
// the last shape it made (Mesh.setShape).
type shape struct {
	worldToUnit lin3       // (M_unit->ellipsoid)⁻¹
	axes        mat3       // Mᵀ: the axes as rows (the ellipsoid; set even for an invalid query)
	normalMap   lin3       // sign(det M)·Mᵀ: world plane normal -> unit-space plane normal (same orientation as the mapped vertices)
	detSign     float64    // sign(det M)
	ext         mgl64.Vec3 // e.Extent()
	reachFirst  bool       // the condition number of M allows outOfReach before the plane and face stages (see reachFirstCond)
	inverted    bool       // M is invertible (singularTolerance) and its inverse finite: worldToUnit and detSign are set
	derived     bool       // normalMap, ext and reachFirst are set (derive)
}

// reachFirstCond bounds the condition number of M (in the Frobenius norm,
// ||M||·||M⁻¹||, which is at least the 2-norm one) under which
// Query.Triangle runs outOfReach before the plane and face stages of
// sections 3.1 and 3.3. Those stages decide a face contact from world-space
// dot products (triFrame.plane), whose rounding, seen in unit space, grows
// with the condition number; outOfReach's margin covers it only while the
// number is moderate (see outOfReach). 1e3 is a 700:1 ellipsoid; the
// player shapes of games are under 10.
const reachFirstCond = 1e3

// singularTolerance is how small |det M| may be relative to the product of
// the axis lengths (the determinant the axes would have if orthogonal)
// before NewQuery refuses M as singular. Orthogonal axes give 1; axes 1e-9
// rad from coplanar give 1e-9. Below 1e-12 the inverse loses more digits
// than the 1e-6 the core promises.
const singularTolerance = 1e-12

// NewQuery prepares the ellipsoid e moving from begin to begin+delta (world
// units). Axes need not be orthogonal: M = [a0 a1 a2] maps the unit sphere
// onto an ellipsoid whatever they are, and the core works with M. When M is
// singular or not finite (see Ellipsoid.Validate), or begin or delta is not
// finite, the query is invalid: Valid reports false and every test reports
// no hit.
func NewQuery(e Ellipsoid, begin, delta mgl64.Vec3) Query {
	var q Query
	q.init(&e, &begin, &delta)
	return q
}

// init is NewQuery in place.
func (q *Query) init(e *Ellipsoid, begin, delta *mgl64.Vec3) {
	q.shape.invert(e)
	q.shape.derive()
	q.setMotion(begin, delta)
}

// setMotion sets the motion of a query whose shape is set, and whether the
// query is valid: M invertible with a finite inverse, the motion in unit
// space and the start finite.
func (q *Query) setMotion(begin, delta *mgl64.Vec3) {
	q.begin, q.delta = *begin, *delta
	if !q.inverted {
		return
	}
	d := v3p(delta)
	if w := &q.worldToUnit; w.diag {
		q.unitDelta = w.d.scale(d)
	} else {
		q.unitDelta = w.mat3.apply(d)
	}
	q.unitDeltaSq = q.unitDelta.lenSq()
	// One test for both: a sum of x - x is zero only if every x is
	// finite (a NaN or an infinity makes it NaN).
	u, b := q.unitDelta, v3p(begin)
	if (u.x-u.x)+(u.y-u.y)+(u.z-u.z)+(b.x-b.x)+(b.y-b.y)+(b.z-b.z) != 0 {
		return
	}
	if q.derived {
		b, ext := begin, &q.ext
		q.boxLo[0], q.boxHi[0] = sweptSlab(b[0], d.x, ext[0])
		q.boxLo[1], q.boxHi[1] = sweptSlab(b[1], d.y, ext[1])
		q.boxLo[2], q.boxHi[2] = sweptSlab(b[2], d.z, ext[2])
	}
	q.ok = true
}

// invert sets the axes and, when M is invertible (see singularTolerance)
// with a finite inverse, (M_unit->ellipsoid)⁻¹ and the sign of its
// determinant: what Query.triangle needs.
func (s *shape) invert(e *Ellipsoid) {
	a0, a1, a2 := v3p(&e.Axes[0]), v3p(&e.Axes[1]), v3p(&e.Axes[2])
	s.axes = mat3{a0, a1, a2}
	c0, c1, c2 := a1.cross(a2), a2.cross(a0), a0.cross(a1)
	det := a0.dot(c0)
	scale2 := a0.lenSq() * a1.lenSq() * a2.lenSq() // squared, to spare three square roots
	if !(det*det > singularTolerance*singularTolerance*scale2) || math.IsInf(scale2, 0) {
		return
	}
	// M⁻¹ = adj(M)/det: its rows are the cross products of M's columns.
	inv := 1 / det
	s.worldToUnit = setLin(mat3{c0.mul(inv), c1.mul(inv), c2.mul(inv)})
	s.detSign = math.Copysign(1, det)
	w := &s.worldToUnit
	s.inverted = w.r0.add(w.r1).add(w.r2).finite() // a sum is finite only if every term is
}

// derive sets what a Query adds to invert for the mesh sweep and the box
// test: the normal map, the half-extents and reachFirst.
func (s *shape) derive() {
	if !s.inverted {
		return
	}
	a, w := &s.axes, &s.worldToUnit
	s.normalMap = setLin(mat3{a.r0.mul(s.detSign), a.r1.mul(s.detSign), a.r2.mul(s.detSign)})
	cond2 := (a.r0.lenSq() + a.r1.lenSq() + a.r2.lenSq()) * (w.r0.lenSq() + w.r1.lenSq() + w.r2.lenSq())
	s.reachFirst = cond2 <= reachFirstCond*reachFirstCond // a NaN compares false
	s.ext = extent(a).mgl()                               // Extent's arithmetic, from the axes in hand
	s.derived = true
}

// Valid reports whether the query can be answered (see NewQuery).
func (q *Query) Valid() bool { return q.ok }

// Ellipsoid returns the swept ellipsoid.
func (q *Query) Ellipsoid() Ellipsoid {
	a := &q.axes
	return Ellipsoid{Axes: [3]mgl64.Vec3{a.r0.mgl(), a.r1.mgl(), a.r2.mgl()}}
}

// WorldToUnit returns the linear map from world space to the space where
// the ellipsoid is a unit sphere, (M_unit->ellipsoid)⁻¹ of section 4.1. It
// has no translation: map differences of points (p - origin) with it. The
// zero matrix for an invalid query.
func (q *Query) WorldToUnit() mgl64.Mat3 {
	m := &q.worldToUnit
	return mgl64.Mat3FromRows(m.r0.mgl(), m.r1.mgl(), m.r2.mgl())
}

// ToUnit applies WorldToUnit to the world-space vector v.
func (q *Query) ToUnit(v mgl64.Vec3) mgl64.Vec3 { return q.worldToUnit.apply(v3(v)).mgl() }

// UnitBegin returns the center at t = 0 in unit-sphere space, relative to
// origin: WorldToUnit·(begin - origin). Passing a point near the geometry
// being tested (a triangle vertex, a BVH node's center) keeps full
// precision far from the world origin.
func (q *Query) UnitBegin(origin mgl64.Vec3) mgl64.Vec3 {
	return q.worldToUnit.apply(v3p(&q.begin).sub(v3(origin))).mgl()
}

// UnitDelta returns the motion in unit-sphere space, WorldToUnit·delta.
func (q *Query) UnitDelta() mgl64.Vec3 { return q.unitDelta.mgl() }

// Extent returns the half-size of the world AABB of the ellipsoid
// (Ellipsoid.Extent).
func (q *Query) Extent() mgl64.Vec3 { return extent(&q.axes).mgl() }

// Bounds returns the world-space AABB of the whole swept volume: the boxes
// of the ellipsoid at begin and at begin+delta and everything between,
// widened by a relative 1e-9 (see sweptSlab). Triangle rejects triangles
// outside it before anything else.
func (q *Query) Bounds() geom.AABB {
	if !q.ok {
		return geom.EmptyAABB().Extend(q.begin).Extend(q.begin.Add(q.delta)).Expand(q.Extent())
	}
	return geom.AABB{Min: q.boxLo, Max: q.boxHi}
}

// crossRecheck: when sin² of the angle between the edges is below 1e-8
// the plain cross product's relative error, about 1e-16/sin, exceeds 1e-12
// and the normal is recomputed exactly (geom.DiffProd). Above it the plain
// product tilts the plane by at most 1e-12 rad (times the condition number
// of M, at most 1e2 for a 100:1 ellipsoid, once mapped to unit space).
const crossRecheck = 1e-8

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
	if !q.ok || !(maxT >= 0) || outsideBox(tri, &q.boxLo, &q.boxHi) {
		return false
	}
	var s triScratch
	return q.testInBox(tri, min(maxT, 1), h, &s)
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

// testInBox is test for a valid query, maxT in [0, 1] and a triangle that
// outsideBox keeps (a mesh sweep has tested it on the float32 vertices:
// Mesh.loadNear), with s as working memory. It writes h only on a hit.
func (q *Query) testInBox(tri *geom.Triangle, maxT float64, h *Hit, s *triScratch) bool {
	f, u := &s.f, &s.u
	q.frame(tri, f, u)
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

// setFrame fills the frame's vertex 0, edges and motion from the
// triangle and the motion (world space).
func (f *triFrame) setFrame(tri *geom.Triangle, begin, delta *mgl64.Vec3) {
	f.origin, f.dw = v3p(&tri[0]), v3p(delta)
	f.e1, f.e2 = v3p(&tri[1]).sub(f.origin), v3p(&tri[2]).sub(f.origin)
	f.bw = v3p(begin).sub(f.origin)
}

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
// It is one function, with the plane normal computed inline, because this
// is all many triangles of a query ever cost.
func (f *triFrame) plane(mt *lin3, maxT float64) bool {
	e1, e2 := f.e1, f.e2
	// The plane normal e1 x e2; the plain cross product unless the sine of
	// the angle between the edges is below 1e-4 (crossRecheck), where it is
	// recomputed exactly. The triangle has no usable plane when
	// geom.IsSliverEdges would say so.
	nw := e1.cross(e2)
	ee := e1.lenSq() * e2.lenSq()
	if nw.lenSq() < crossRecheck*ee {
		nw = exactCross(e1, e2)
	}
	f.nw, f.usable = nw, nw.lenSq() > geom.SliverSine*geom.SliverSine*ee
	if !f.usable {
		return true
	}
	if mt.diag {
		f.n = mt.d.scale(nw)
	} else {
		f.n = mt.mat3.apply(nw)
	}
	f.bn, f.dn = f.bw.dot(nw), f.dw.dot(nw)
	if missesSlab(f.bn, f.dn, f.n.lenSq(), maxT) {
		return false
	}
	f.ln = f.n.length()
	var ok bool
	f.t1, ok = planeSweptSphere(f.bn, f.dn, f.ln, maxT)
	return ok
}

// missesSlab is planeSweptSphere's rejection on squares, without the
// square root of rr = r²: the center starts beyond r (dist² > r²) and is
// still beyond it at maxT, or is not approaching. It is conservative by a
// relative 1e-12 so that it never rejects what planeSweptSphere, which
// decides, would accept; it only spares most triangles the square root.
func missesSlab(dist, nd, rr, maxT float64) bool {
	dist, nd = centerSide(dist, nd)
	rm := rr * (1 + 1e-12)
	left := dist + maxT*nd // signed distance at maxT
	// Beyond r at the start, and not approaching or still beyond r at
	// maxT; the pure comparisons combined with b2u (NaN compares false in
	// each, as it did in the branches it replaces), decided by one branch.
	far := b2u(dist*dist > rm)
	return far&(b2u(!(nd < 0))|b2u(left > 0)&b2u(left*left > rm)) != 0
}

// exactCross is vec3.crossExact out of line, so that plane stays small.
//
//go:noinline
func exactCross(a, b vec3) vec3 { return a.crossExact(b) }

// unitTri is a triangle and the motion's start in unit-sphere space
// (section 4.1), relative to the triangle's vertex 0.
type unitTri struct {
	b     vec3    // the center at t = 0
	verts [3]vec3 // verts[0] is the origin
}

// frame fills f with the triangle and the motion in world space (as
// setFrame does) and u with the same in unit-sphere space, mapped by
// (M_unit->ellipsoid)⁻¹. It is setFrame and toUnit in one function with
// everything inline because every triangle that passes the box test
// costs this much: the two calls cost 1.3% more instructions per cast on
// the dense level benchmark.
func (q *Query) frame(tri *geom.Triangle, f *triFrame, u *unitTri) {
	o := v3p(&tri[0])
	e1, e2, bw := v3p(&tri[1]).sub(o), v3p(&tri[2]).sub(o), v3p(&q.begin).sub(o)
	f.origin, f.e1, f.e2, f.bw, f.dw = o, e1, e2, bw, v3p(&q.delta)
	if w := &q.worldToUnit; w.diag {
		d := w.d
		u.b, u.verts = d.scale(bw), [3]vec3{{}, d.scale(e1), d.scale(e2)}
	} else {
		u.b, u.verts = w.mat3.apply(bw), [3]vec3{{}, w.mat3.apply(e1), w.mat3.apply(e2)}
	}
}

// toUnit maps the frame setFrame filled to unit-sphere space (the
// second half of frame).
func (q *Query) toUnit(f *triFrame, u *unitTri) {
	w := &q.worldToUnit
	u.b, u.verts = w.apply(f.bw), [3]vec3{{}, w.apply(f.e1), w.apply(f.e2)}
}

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
			return q.finish(contact{t: t1, point: c1.madd(face, -c1.dot(face)), feature: Face}, b, d, face, f.origin, h)
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
	circle := sweptCircle{B: b, D: d, r3: 1}
	c, ok := circle.edgeVertex(verts[:], maxT, verts[1].lenSq()+verts[2].lenSq())
	if !ok {
		return false
	}
	return q.finish(c, b, d, face, f.origin, h)
}

// outOfReach reports whether the unit sphere whose center is B + t·D
// (section 5, unit space, u.b and q.unitDelta) certainly touches no point
// of the triangle u for any t in [0, upper]. No point of the triangle lies
// farther than rho = sqrt(rr) from its centroid g, rr being the largest
// squared distance of a vertex from g, so it tests the ball
// (g, rho): the distance from the segment of centers to g, at the clamped
// t of closest approach, must exceed 1 + rho by a margin. It must never
// reject a triangle the exact path (sections 3.1-3.6) would accept.
//
// The margin. Let p = B - g and S² = 1 + rr + |p|² + |D|²; S >= 1 bounds,
// up to a factor of two, every unit-space magnitude involved (the
// vertices lie within 2·rho of g, vertex 0 being the origin, and
// upper <= 1). The test rejects when the
// squared distance q² from the segment to g exceeds (1 + rho)² + m with
// m = 1e-6·S². Then q - (1 + rho) > m/(q + 1 + rho) >= m/(3S), and every
// point x of the triangle lies farther than 1 + 3e-7·S from every center
// of [0, upper] (|c - x| >= |c - g| - rho). Computed here, q² and the
// bound are each within a few dozen ulps of S² (short sums of products of
// these vectors; a rounded t of closest approach moves the center by as
// little), far below m. Against that:
//
//   - An edge or vertex contact (sweptCircle.edgeVertex) needs its rounded
//     quadratic 1 - |B + tD - x|² to reach zero at a t <= upper; the
//     exact value is below -6e-7·S there and the rounded one within about
//     1e-14·S² of it, so there is none while S < 1e7 (a triangle ten
//     million times the ellipsoid, where no answer keeps 1e-6 anyway).
//   - A face contact (faceStage, at the entry time t1 of section 3.1) puts
//     the center within 1 of the triangle up to the rounding of the plane
//     stage, which works with world-space dot products and a normal
//     tilted by at most 1e-12 rad (crossRecheck): seen in unit space both
//     grow with the condition number K of M, to at most about
//     5e-12·K·S. Triangle runs this test before that stage only when K <=
//     reachFirstCond = 1e3, where that is 5e-9·S, sixty times below the
//     margin; otherwise only after it, for edge and vertex contacts.
//
// So a rejected triangle is one the exact path rejects. The comparison is
// made without the square root of rr: q² - 1 - rr - m > 2·rho. NaN or
// overflow compare false and reject nothing.
func (q *Query) outOfReach(u *unitTri, upper float64) bool {
	v1, v2 := u.verts[1], u.verts[2]
	g := v1.add(v2).mul(1.0 / 3)
	rr := max(g.lenSq(), v1.sub(g).lenSq(), v2.sub(g).lenSq())
	p, d := u.b.sub(g), q.unitDelta
	t := 0.0
	if pd := p.dot(d); pd < 0 { // approaching g: closest at -pd/|D|², clamped to upper
		t = min(-pd/q.unitDeltaSq, upper)
	}
	c := p.madd(d, t)
	x := c.lenSq() - 1 - rr - 1e-6*(1+rr+p.lenSq()+q.unitDeltaSq)
	return x > 0 && x*x > 4*rr
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
		ee := rr * e.lenSq()
		if b2u(s1 < 0)&b2u(s2 < 0)&b2u(s1*s1 > ee)&b2u(s2*s2 > ee) != 0 {
			return faceOut
		}
		inside &= b2u(s1 >= 0)
		u = v
	}
	if inside != 0 {
		return faceHit
	}
	return faceEdges
}

// circleReach bounds the squared radius of the circle that the plane cuts
// from the unit sphere (section 3.2) while its center moves from c1 at t1
// to c2 at t2, for faceStage's prune. The radius is sqrt(1 - d²) for the
// center's distance d to the plane, d(t) = (bn + t·dn)/ln (triFrame.plane),
// linear in t: on [t1, t2] |d| is least at an end, or zero where the center
// crosses the plane (then the bound is 1). A sphere that entered the
// plane's slab at t1 > 0 has a circle of radius zero there, so once the
// best hit so far cuts t2 short, the circle is much smaller than the
// sphere, and faceStage rejects the triangles it cannot reach without
// sections 3.4-3.6's six quadratics.
//
// The margin. d comes from world-space dot products divided by ln; seen
// in unit space their rounding is a few ulps of K·(|c1| + |c2| + 1), K
// the condition number of M, which a Query only trusts here while K <=
// reachFirstCond = 1e3 (as outOfReach; the caller passes rr = 1 otherwise).
// The bound adds 1e-6·(1 + |c1|² + |c2|²), which exceeds twice that error
// of d (so of 1 - d²) by many orders, and the rounding of faceStage's
// own products, which its test against rr = 1 has always had: with the
// margin the pruned circle is never smaller than the circle edgeVertex
// would see. The result is capped at 1, which is the test without the
// bound; a NaN compares false and gives 1 too.
func (f *triFrame) circleReach(t1, t2 float64, c1, c2 vec3) float64 {
	dist, nd := centerSide(f.bn, f.dn)
	d1, d2 := dist+t1*nd, dist+t2*nd
	if !(d1 > 0 && d2 > 0) {
		return 1 // the center reaches the plane (or NaN)
	}
	dm := min(d1, d2) / f.ln
	rr := 1 - dm*dm + 1e-6*(1+c1.lenSq()+c2.lenSq())
	if !(rr < 1) {
		return 1
	}
	return rr
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

// EllipsoidTriangle returns the first contact of the ellipsoid e moving from
// begin to begin+delta with the two-sided triangle tri: the same result as
// NewQuery followed by Triangle(tri, 1), but cheaper for one triangle. A
// box test (outsideSweptBox) and the plane test of section 3.1, which needs
// no inverse (see triFrame.plane), run first: most triangles are rejected
// before the unit-sphere transform is built. The ball early out
// (Query.outOfReach) runs after the face stage, where it needs no bound
// on the conditioning of M: Triangle, which a mesh sweep runs, differs
// only in the place of that test, and the property tests require the
// same answers of both.
func EllipsoidTriangle(e Ellipsoid, begin, delta mgl64.Vec3, tri geom.Triangle) (Hit, bool) {
	// The sign of n does not matter for 3.1, so the axes serve as they are.
	if outsideSweptBox(&e, &tri, &begin, &delta) {
		return Hit{}, false
	}
	var f triFrame
	f.setFrame(&tri, &begin, &delta)
	axes := setLin(mat3{v3p(&e.Axes[0]), v3p(&e.Axes[1]), v3p(&e.Axes[2])})
	if !f.plane(&axes, 1) {
		return Hit{}, false
	}
	var q Query // invert only: the mesh sweep's extras (derive) are not needed
	q.shape.invert(&e)
	if q.setMotion(&begin, &delta); !q.ok {
		return Hit{}, false
	}
	f.n = f.n.mul(q.detSign) // now oriented like the mapped vertices
	var u unitTri
	q.toUnit(&f, &u)
	var h Hit
	ok := q.triangle(&f, &u, 1, false, &h)
	return h, ok
}

// outsideBox reports whether the triangle's AABB and the box [lo, hi] are
// disjoint: then a swept ellipsoid inside the box cannot touch it.
func outsideBox(tri *geom.Triangle, lo, hi *[3]float64) bool {
	for k := 0; k < 3; k++ {
		if triOutsideSlab(tri, k, lo[k], hi[k]) {
			return true
		}
	}
	return false
}

// triOutsideSlab reports whether the triangle lies entirely outside
// [lo, hi] along world axis k. (Plain comparisons: the min and max builtins
// cost more, for their NaN and signed-zero rules; a NaN here compares false
// and keeps the triangle.)
func triOutsideSlab(tri *geom.Triangle, k int, lo, hi float64) bool {
	a, b, c := tri[0][k], tri[1][k], tri[2][k]
	return (a > hi && b > hi && c > hi) || (a < lo && b < lo && c < lo)
}

// outsideSweptBox is outsideBox for the box of the ellipsoid e swept from
// begin by delta, with the half-extent along axis k bounded by
// Σ_i |a_i[k]| (at most √3 times Extent, and without square roots). All
// three axes are tested and the six comparisons per axis (triOutsideSlab's)
// are combined without branches: which axis, if any, rejects a triangle is
// unpredictable, and three mispredicted branches cost more than the
// arithmetic of the axes an early exit would skip.
func outsideSweptBox(e *Ellipsoid, tri *geom.Triangle, begin, delta *mgl64.Vec3) bool {
	out := uint8(0)
	for k := 0; k < 3; k++ {
		ext := math.Abs(e.Axes[0][k]) + math.Abs(e.Axes[1][k]) + math.Abs(e.Axes[2][k])
		lo, hi := sweptSlab(begin[k], delta[k], ext)
		a, b, c := tri[0][k], tri[1][k], tri[2][k]
		out |= b2u(a > hi)&b2u(b > hi)&b2u(c > hi) | b2u(a < lo)&b2u(b < lo)&b2u(c < lo)
	}
	return out != 0
}

// b2u is 1 for true and 0 for false (compiled to a flag move, not a
// branch), so that several unpredictable tests can be combined with & and |
// and decided by one branch.
func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// sweptSlab is the extent along one world axis of a swept ellipsoid whose
// center goes from b to b+d and whose half-extent along that axis is ext,
// widened by a relative 1e-9 so that rounding never prunes a tangency.
//
// The ends are b + min(d, 0) and b + max(d, 0): the same values as
// ordering b and b+d (adding zero is exact), without a branch on the sign
// of d, which random motions mispredict half the time.
func sweptSlab(b, d, ext float64) (lo, hi float64) {
	lo, hi = b+min(d, 0), b+max(d, 0)
	m := ext + 1e-9*(ext+math.Abs(lo)+math.Abs(hi))
	return lo - m, hi + m
}
