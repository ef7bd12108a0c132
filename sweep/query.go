// query.go: the set-up of a prepared query (section 4.1). NewQuery and
// Mesh.setShape build a Query: the shape (what the ellipsoid alone gives:
// M's inverse, the normal map, the half-extents, reachFirst) and the
// motion (the unit-space motion and the swept box); the accessors the
// debugger reads. The narrow phase that uses them is in narrow.go, the
// rejections that run before it in cull.go.

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
	shape                  // what the ellipsoid alone gives
	start                  // where the motion begins, and the box it sweeps from there
	delta       mgl64.Vec3 // the motion, world space
	unitDelta   vec3       // D_unit
	unitDeltaSq float64    // |D_unit|²
}

// start is where a query's motion begins: the start itself, the world AABB
// of the volume the ellipsoid sweeps from there (Bounds), and whether the
// motion from there can be tested (ok: the query's M is invertible and
// its unit-space motion and this start are finite). A Query has one; a
// capsule's caps are one sphere moving by one delta from two starts
// (capsuleCaster), which share everything else.
type start struct {
	begin        mgl64.Vec3
	boxLo, boxHi [3]float64
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
	q.delta = *delta
	if q.inverted {
		q.setUnitDelta(delta)
	}
	q.setStart(&q.start, begin)
}

// setUnitDelta sets the motion in unit space, D_unit = M⁻¹·delta, and
// its squared length, for a query whose shape is inverted.
func (q *Query) setUnitDelta(delta *mgl64.Vec3) {
	d := v3p(delta)
	if w := &q.worldToUnit; w.diag {
		q.unitDelta = w.d.scale(d)
	} else {
		q.unitDelta = w.mat3.apply(d)
	}
	q.unitDeltaSq = q.unitDelta.lenSq()
}

// finiteMotion reports whether the unit-space motion u and the start b
// are finite, in one test: a sum of x - x is zero only if every x is
// finite (a NaN or an infinity makes it NaN).
func finiteMotion(u, b vec3) bool {
	return (u.x-u.x)+(u.y-u.y)+(u.z-u.z)+(b.x-b.x)+(b.y-b.y)+(b.z-b.z) == 0
}

// setStart sets st to the start at begin of the query's motion, once
// setMotion has made the unit-space motion: valid (st.ok) when the query's
// M is invertible and that motion and begin are finite, with the swept box
// when the shape is derived.
func (q *Query) setStart(st *start, begin *mgl64.Vec3) {
	st.begin, st.ok = *begin, false
	if !q.inverted {
		return
	}
	b := v3p(begin)
	if !finiteMotion(q.unitDelta, b) {
		return
	}
	if q.derived {
		d, ext := &q.delta, &q.ext
		st.boxLo[0], st.boxHi[0] = sweptSlab(b.x, d[0], ext[0])
		st.boxLo[1], st.boxHi[1] = sweptSlab(b.y, d[1], ext[1])
		st.boxLo[2], st.boxHi[2] = sweptSlab(b.z, d[2], ext[2])
	}
	st.ok = true
}

// invert sets the axes and, when M is invertible (see singularTolerance)
// with a finite inverse, (M_unit->ellipsoid)⁻¹ and the sign of its
// determinant: what Query.triangle needs.
//
// M⁻¹ = adj(M)/det: its rows are the cross products of M's columns, each
// scaled and stored as soon as it is made, and its diagonal form and
// finiteness are tested on the values in hand (lin3.setRows, read back
// from memory, would reload them): fewer registers are live at once, so
// fewer of them are spilled to the stack (docs/performance.md, "The narrow
// phase, seventh round (`narrow7`, 2026-11-28)"). The same products and
// sums in the same order as before, so the same bits.
func (s *shape) invert(e *Ellipsoid) {
	a0, a1, a2 := v3p(&e.Axes[0]), v3p(&e.Axes[1]), v3p(&e.Axes[2])
	s.axes.r0, s.axes.r1, s.axes.r2 = a0, a1, a2
	c0 := a1.cross(a2)
	det := a0.dot(c0)
	scale2 := float64(a0.lenSq() * a1.lenSq() * a2.lenSq()) // squared, to spare three square roots
	if !(det*det > singularTolerance*singularTolerance*scale2) || math.IsInf(scale2, 0) {
		return
	}
	inv := 1 / det
	w := &s.worldToUnit
	r0 := c0.mul(inv)
	w.r0 = r0
	r1 := a2.cross(a0).mul(inv)
	w.r1 = r1
	r2 := a0.cross(a1).mul(inv)
	w.r2 = r2
	w.setDiag(r0, r1, r2)
	s.detSign = math.Copysign(1, det)
	s.inverted = r0.add(r1).add(r2).finite() // a sum is finite only if every term is
}

// derive sets what a Query adds to invert for the mesh sweep and the box
// test: the normal map, the half-extents and reachFirst.
func (s *shape) derive() {
	if !s.inverted {
		return
	}
	a, w := &s.axes, &s.worldToUnit
	s.normalMap.setRows(a.r0.mul(s.detSign), a.r1.mul(s.detSign), a.r2.mul(s.detSign))
	cond2 := float64((a.r0.lenSq() + a.r1.lenSq() + a.r2.lenSq()) * (w.r0.lenSq() + w.r1.lenSq() + w.r2.lenSq()))
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
