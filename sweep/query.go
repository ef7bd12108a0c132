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
	e            Ellipsoid
	begin, delta mgl64.Vec3
	inv          [3]mgl64.Vec3 // rows of (M_unit->ellipsoid)⁻¹
	unitDelta    mgl64.Vec3    // D_unit
	ok           bool
}

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
	q := Query{e: e, begin: begin, delta: delta}
	a0, a1, a2 := e.Axes[0], e.Axes[1], e.Axes[2]
	c0, c1, c2 := a1.Cross(a2), a2.Cross(a0), a0.Cross(a1)
	det := a0.Dot(c0)
	scale2 := a0.Dot(a0) * a1.Dot(a1) * a2.Dot(a2) // squared, to spare three square roots
	if !(det*det > singularTolerance*singularTolerance*scale2) || math.IsInf(scale2, 0) ||
		!geom.IsFinite(begin) || !geom.IsFinite(delta) {
		return q
	}
	// (M)⁻¹ = adj(M)/det: its rows are the cross products of M's columns.
	q.inv = [3]mgl64.Vec3{c0.Mul(1 / det), c1.Mul(1 / det), c2.Mul(1 / det)}
	q.unitDelta = q.ToUnit(delta)
	q.ok = geom.IsFinite(q.inv[0]) && geom.IsFinite(q.inv[1]) && geom.IsFinite(q.inv[2]) && geom.IsFinite(q.unitDelta)
	return q
}

// Valid reports whether the query can be answered (see NewQuery).
func (q *Query) Valid() bool { return q.ok }

// Ellipsoid returns the swept ellipsoid.
func (q *Query) Ellipsoid() Ellipsoid { return q.e }

// Begin returns the center at t = 0, world space.
func (q *Query) Begin() mgl64.Vec3 { return q.begin }

// Delta returns the motion of the center over t in [0, 1], world units.
func (q *Query) Delta() mgl64.Vec3 { return q.delta }

// WorldToUnit returns the linear map from world space to the space where
// the ellipsoid is a unit sphere, (M_unit->ellipsoid)⁻¹ of section 4.1. It
// has no translation: map differences of points (p - origin) with it. The
// zero matrix for an invalid query.
func (q *Query) WorldToUnit() mgl64.Mat3 {
	return mgl64.Mat3FromRows(q.inv[0], q.inv[1], q.inv[2])
}

// ToUnit applies WorldToUnit to the world-space vector v.
func (q *Query) ToUnit(v mgl64.Vec3) mgl64.Vec3 { return mulRows(&q.inv, v) }

// mulRows multiplies v by the matrix with rows m (small enough to inline).
func mulRows(m *[3]mgl64.Vec3, v mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{
		m[0][0]*v[0] + m[0][1]*v[1] + m[0][2]*v[2],
		m[1][0]*v[0] + m[1][1]*v[1] + m[1][2]*v[2],
		m[2][0]*v[0] + m[2][1]*v[1] + m[2][2]*v[2],
	}
}

// UnitBegin returns the center at t = 0 in unit-sphere space, relative to
// origin: WorldToUnit·(begin - origin). Passing a point near the geometry
// being tested (a triangle vertex, a BVH node's center) keeps full
// precision far from the world origin.
func (q *Query) UnitBegin(origin mgl64.Vec3) mgl64.Vec3 { return q.ToUnit(q.begin.Sub(origin)) }

// UnitDelta returns the motion in unit-sphere space, WorldToUnit·delta.
func (q *Query) UnitDelta() mgl64.Vec3 { return q.unitDelta }

// Extent returns the half-size of the world AABB of the ellipsoid
// (Ellipsoid.Extent).
func (q *Query) Extent() mgl64.Vec3 { return q.e.Extent() }

// Bounds returns the world-space AABB of the whole swept volume: the boxes
// of the ellipsoid at begin and at begin+delta and everything between.
func (q *Query) Bounds() geom.AABB {
	return geom.EmptyAABB().Extend(q.begin).Extend(q.begin.Add(q.delta)).Expand(q.e.Extent())
}

// toWorld maps a unit-space point p (relative to origin) back to world
// space: M_unit->ellipsoid·p + origin (M_collision->world of section 5).
func (q *Query) toWorld(p, origin mgl64.Vec3) mgl64.Vec3 {
	a := q.e.Axes
	return a[0].Mul(p[0]).Add(a[1].Mul(p[1])).Add(a[2].Mul(p[2])).Add(origin)
}

// normalToWorld maps a unit-space normal to the world-space normal of the
// same tangent plane: (M⁻¹)ᵀn, normalised. A plane with normal n in unit
// space is the plane with normal (M⁻¹)ᵀn in world space (section 4.1, read
// backwards).
func (q *Query) normalToWorld(n mgl64.Vec3) mgl64.Vec3 {
	w := q.inv[0].Mul(n[0]).Add(q.inv[1].Mul(n[1])).Add(q.inv[2].Mul(n[2]))
	return w.Mul(1 / w.Len())
}

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
	if !q.ok || !(maxT >= 0) {
		return Hit{}, false
	}
	maxT = math.Min(maxT, 1)
	origin := tri[0]
	verts := [3]mgl64.Vec3{{}, q.ToUnit(tri[1].Sub(origin)), q.ToUnit(tri[2].Sub(origin))}
	b, d := q.ToUnit(q.begin.Sub(origin)), q.unitDelta
	n := geom.Cross(verts[1], verts[2])
	size2 := verts[1].Dot(verts[1]) + verts[2].Dot(verts[2])
	circle := sweptCircle{B: b, D: d, r3: 1} // section 5: r1 = r2 = 0, r3 = R² = 1
	var face mgl64.Vec3                      // unit normal of a usable plane, else zero
	if !geom.IsSliverEdges(verts[1], verts[2], n) {
		face = n.Mul(1 / n.Len())
		// 3.1: the interval where the unit sphere touches the plane.
		dist, nd := b.Dot(face), d.Dot(face)
		t1, _, ok := planeSweptSphere(dist, nd, 1, maxT)
		if !ok {
			return Hit{}, false
		}
		// 3.3: the circle cut from the sphere by the plane at t1.
		center := b.Add(d.Mul(t1))
		h := dist + t1*nd
		inPlane := center.Sub(face.Mul(center.Dot(face)))
		if t1 == 0 { // the only time the circle has a real radius (sphere tangent otherwise)
			if c, ok := polygonCircle(verts[:], face, inPlane, 1-h*h); ok {
				c.t = 0
				return q.finish(c, b, d, face, origin)
			}
		} else if polygonContains(verts[:], face, inPlane) {
			return q.finish(contact{t: t1, point: inPlane, feature: Face}, b, d, face, origin)
		}
	}
	// 3.4-3.6: the swept sphere against the vertices and the edges.
	c, ok := circle.edgeVertex(verts[:], maxT, size2)
	if !ok {
		return Hit{}, false
	}
	return q.finish(c, b, d, face, origin)
}

// finish turns a unit-space contact into a world-space Hit. The normal is
// the unit-space direction from the contact point to the center at contact
// (face: the plane normal on the center's side), mapped by normalToWorld.
// When the center lies on the polygon at t = 0 that direction is undefined;
// fallbackNormal picks one. A non-finite result (only from non-finite or
// absurdly large input) is reported as no hit.
func (q *Query) finish(c contact, b, d, face mgl64.Vec3, origin mgl64.Vec3) (Hit, bool) {
	center := b.Add(d.Mul(c.t))
	nu := center.Sub(c.point) // normalToWorld normalises
	switch {
	case nu.LenSqr() == 0:
		nu = fallbackNormal(face, d)
	case c.feature == Face && face != (mgl64.Vec3{}):
		nu = face // exact, rather than the difference of two nearby points
		if center.Dot(face) < 0 {
			nu = face.Mul(-1)
		}
	}
	h := Hit{T: c.t, Point: q.toWorld(c.point, origin), Normal: q.normalToWorld(nu), Feature: c.feature}
	if !geom.IsFinite(h.Point) || !geom.IsFinite(h.Normal) || !(h.T >= 0 && h.T <= 1) {
		return Hit{}, false
	}
	return h, true
}

// fallbackNormal is the unit-space normal for a center lying exactly on the
// polygon: the face normal facing against the motion (the side the center
// came from), or any unit vector against the motion for a polygon without a
// usable plane, or +z when nothing moves either.
func fallbackNormal(face, d mgl64.Vec3) mgl64.Vec3 {
	switch {
	case face != (mgl64.Vec3{}) && face.Dot(d) > 0:
		return face.Mul(-1)
	case face != (mgl64.Vec3{}):
		return face
	case d.LenSqr() > 0:
		return d.Mul(-1 / d.Len())
	}
	return mgl64.Vec3{0, 0, 1}
}

// EllipsoidTriangle returns the first contact of the ellipsoid e moving from
// begin to begin+delta with the two-sided triangle tri: NewQuery followed
// by Triangle(tri, 1).
func EllipsoidTriangle(e Ellipsoid, begin, delta mgl64.Vec3, tri geom.Triangle) (Hit, bool) {
	q := NewQuery(e, begin, delta)
	return q.Triangle(tri, 1)
}
