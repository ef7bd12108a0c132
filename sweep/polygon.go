package sweep

import (
	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// maxStackVerts is how many polygon vertices Query.Polygon transforms
// without allocating.
const maxStackVerts = 16

// Polygon returns the first contact, at a T in [0, maxT], of the prepared
// ellipsoid with the two-sided convex polygon p stored as plane + 2D
// vertices (section 4.2, PolygonSweptEllipsoidIntersect). The returned
// Hit's Triangle field is 0. It reports no hit for an invalid query, a
// negative or NaN maxT, or a polygon with fewer than 3 vertices or a
// non-finite plane.
//
// The polygon is taken to unit-sphere space and into the plane space of the
// transformed plane, M_polygon = (M_transformed plane->world)⁻¹ ·
// (M_unit->ellipsoid)⁻¹ · M_plane->world, relative to its first vertex (the
// paper subtracts the translation the same way, and it keeps precision far
// from the origin). The transformed plane's normal is (M_unit->ellipsoid)ᵀN
// normalised (geom.Plane.TransformedByInverse). Then sections 3.1-3.6 run in
// 2D on the circle cut from the unit sphere by that plane.
func (q *Query) Polygon(p *geom.Polygon, maxT float64) (Hit, bool) {
	if !q.ok || !(maxT >= 0) || len(p.V) < 3 {
		return Hit{}, false
	}
	maxT = min(maxT, 1)
	a := &q.axes
	tp, err := p.Plane.TransformedByInverse(mgl64.Mat3FromCols(a.r0.mgl(), a.r1.mgl(), a.r2.mgl()))
	if err != nil {
		return Hit{}, false
	}
	if q.detSign < 0 { // M mirrors: keep the mapped vertices counter-clockwise around N'
		tp.N, tp.C = geom.Scale(tp.N, -1), -tp.C
	}
	uw, vw := tp.Basis()
	u, v, n := v3(uw), v3(vw), v3(tp.N)
	toPlane := func(x vec3) vec3 { return vec3{x.dot(u), x.dot(v), 0} }
	var buf [maxStackVerts]vec3
	verts, size2 := q.mapPolygon(p, toPlane, buf[:0])
	origin := v3(p.World(0))
	bu, du := q.worldToUnit.apply(v3p(&q.begin).sub(origin)), q.unitDelta
	// 3.1 with the transformed plane, which passes through the origin.
	dist, nd := bu.dot(n), du.dot(n)
	t1, ok := planeSweptSphere(dist, nd, 1, maxT)
	if !ok {
		return Hit{}, false
	}
	// 3.2: the circle's center B' + t D' and squared radius r1 t² + r2 t + r3.
	circle := sweptCircle{B: toPlane(bu), D: toPlane(du), r1: float64(-nd * nd), r2: float64(-2 * nd * dist), r3: 1 - float64(dist*dist)}
	c, ok := polygonCircle(verts, vec3{0, 0, 1}, circle.B.madd(circle.D, t1), circle.radiusSq(t1)) // 3.3
	if ok {
		c.t = t1
	} else if c, ok = circle.edgeVertex(verts, maxT, size2); !ok { // 3.4-3.6
		return Hit{}, false
	}
	// Back to unit-sphere space (M_transformed plane->world); finish applies
	// M_unit->ellipsoid (M_collision->world).
	c.point = u.mul(c.point.x).add(v.mul(c.point.y))
	var h Hit
	ok = q.finish(c, bu, du, n, origin, &h)
	return h, ok
}

// mapPolygon applies M_polygon to the stored 2D vertices, appending them to
// dst: M_plane->world (section 4.1) relative to vertex 0 (where the plane's
// origin -C N cancels), then (M_unit->ellipsoid)⁻¹, then toPlane, the
// transformed plane's 2D coordinates. It also returns the largest squared
// distance of a vertex from vertex 0, the polygon's squared size.
func (q *Query) mapPolygon(p *geom.Polygon, toPlane func(vec3) vec3, dst []vec3) ([]vec3, float64) {
	pu, pv := p.Plane.Basis()
	u, v := v3(pu), v3(pv)
	planeToWorld := func(q mgl64.Vec2) vec3 { return u.mul(q[0]).add(v.mul(q[1])) }
	base := planeToWorld(p.V[0])
	size2 := 0.0
	for _, x := range p.V {
		w := toPlane(q.worldToUnit.apply(planeToWorld(x).sub(base)))
		dst = append(dst, w)
		size2 = max(size2, w.lenSq())
	}
	return dst, size2
}

// EllipsoidPolygon returns the first contact of the ellipsoid e moving from
// begin to begin+delta with the two-sided convex polygon p (section 4):
// NewQuery followed by Polygon(p, 1).
func EllipsoidPolygon(e Ellipsoid, begin, delta mgl64.Vec3, p *geom.Polygon) (Hit, bool) {
	q := NewQuery(e, begin, delta)
	return q.Polygon(p, 1)
}

// SpherePolygon returns the first contact of the sphere of radius r moving
// from begin to begin+delta with the polygon p (section 3). For a sphere
// M_unit->ellipsoid = r·I, so the transformed plane of section 4 is the
// polygon's own plane and section 4 is section 3 in units of r: this is
// EllipsoidPolygon(Sphere(r), ...).
func SpherePolygon(p *geom.Polygon, begin, delta mgl64.Vec3, r float64) (Hit, bool) {
	return EllipsoidPolygon(Sphere(r), begin, delta, p)
}
