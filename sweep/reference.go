// reference.go: the reference narrow phase. referenceTriangle is the
// first contact of a prepared query with one triangle, written top to
// bottom in the order of Rouwé's paper, with none of the fast paths'
// rejections. Every fast path (Query.Triangle, EllipsoidTriangle, a mesh
// sweep's scalar loop, its AVX2 leaf filter) must give its answers bit
// for bit; the property tests (TriangleReference) and the level tests
// (queryBrute) check that. To change what the narrow phase computes,
// change the stage functions it calls and read this function to see
// where each one sits in the paper; to change how fast it is, see
// narrow.go and cull.go.

package sweep

import "sweepdbg/geom"

// referenceTriangle is the narrow phase of section 5 (sections 3 and 4
// on a polygon stored as 3D points) for the two-sided triangle tri and
// the motion of q over [0, maxT]: the hit is written to h, only when
// there is one. It is what Query.Triangle computes, without the box test
// (outsideBox), the ball early out (outOfReach) and the face stage's
// prune (faceStage's faceOut, circleReach), which only reject what it
// rejects too, and in the paper's order. The stages it calls are the
// fast path's own, so the two agree bit for bit; the fast path differs
// only in what it skips and when.
//
// Where the code departs from the paper's formulas, always for
// precision, the stage's own comment says why: the unit-space plane
// comes from world-space dot products (triFrame.plane), the edge
// quadratic is divided by |v2 - v1|² (sweptCircle.edgeVertex), and
// lowestRoot fixes the published routine's two defects.
func (q *Query) referenceTriangle(tri *geom.Triangle, maxT float64, h *Hit) bool {
	if !q.ok || !(maxT >= 0) {
		return false
	}
	maxT = min(maxT, 1) // t is a fraction of the motion (section 3.1: t in [0, 1])

	// Sections 4.1 and 5: the triangle goes to the space where the
	// ellipsoid is the unit sphere, M_polygon = (M_unit->ellipsoid)⁻¹,
	// relative to its vertex 0 (which keeps precision far from the
	// origin): u.verts = M⁻¹(v_i - v_0), B' = B_unit = M⁻¹(B - v_0), and
	// D' = D_unit = M⁻¹D (set once per query, setMotion). R = 1.
	var f triFrame
	var u unitTri
	q.frame(tri, &q.begin, &f, &u)
	b, d, verts := u.b, q.unitDelta, &u.verts

	// Section 3.1 (PlaneSweptSphereIntersect) on the transformed plane of
	// section 4.1, N' = MᵀN/|MᵀN| (section 5: the plane is computed at
	// run time, N = (v1 - v0) x (v2 - v0)): t1 = (-R - (B·N + C_p))/(D·N),
	// on the center's side, is the first time the sphere touches the
	// plane. Not touching it by maxT, the sphere touches no point of the
	// triangle. A triangle too thin to have a plane (a sliver) is tested
	// as its edges and vertices alone.
	if !f.plane(&q.normalMap, maxT) {
		return false
	}
	var face vec3 // N', or zero for a sliver
	if f.usable {
		face = f.n.mul(1 / f.ln)
		// Section 3.2: the plane cuts a circle from the sphere, centered
		// at the projection of C(t) = B' + t D' (section 5: B' and D'
		// stay 3D vectors), of squared radius R'(t)² = r1 t² + r2 t + r3.
		// Section 3.3 (PolygonContains): if the circle's center at t1
		// lies inside the triangle, the first contact is with the face,
		// at t1, at that center. (Otherwise section 3.3's closest
		// boundary point within R'(t1) is an edge or vertex contact,
		// which the next step finds at the same t.)
		c1 := b.madd(d, f.t1)
		if faceContains(verts, face, c1) {
			return q.finish(contact{t: f.t1, point: c1.madd(face, -c1.dot(face)), feature: Face}, b, d, face, f.origin, h)
		}
	}

	// Sections 3.4-3.6 (SweptCircleEdgeVertexIntersect), with section 5's
	// r1 = r2 = 0 and r3 = R² = 1: for each vertex v the quadratic of
	// |v - C'(t)|² = R'(t)² (section 3.4), for each edge v1 -> v2 that of
	// d_edge(C'(t))² = R'(t)² (section 3.5) with the contact's position
	// f in [0, 1] along the edge, each solved by FindLowestRootInInterval
	// (lowestRoot) on [0, the closest fraction so far].
	circle := sweptCircle{B: b, D: d, r3: 1}
	c, ok := circle.edgeVertex(verts[:], maxT, verts[1].lenSq()+verts[2].lenSq())
	if !ok {
		return false
	}

	// Section 4.1 and 5: back to world space, M_collision->world =
	// M_unit->ellipsoid, plus vertex 0; the normal is the tangent
	// plane's.
	return q.finish(c, b, d, face, f.origin, h)
}

// faceContains is section 3.3's PolygonContains for a triangle (section
// 5): whether the point c, in the plane through vertex 0 with unit normal
// face, or off it along face, lies inside the triangle verts or on its
// boundary, that is on the inner side of each edge's line: the edge from
// u to v (the previous vertex, cyclically) has the inward normal face x
// (v - u), and c is inside when (face x (v - u))·(c - u) >= 0 for all
// three. faceStage decides a face contact with the same products.
func faceContains(verts *[3]vec3, face, c vec3) bool {
	u := verts[2]
	for _, v := range verts {
		if !(face.cross(v.sub(u)).dot(c.sub(u)) >= 0) { // a NaN is not inside
			return false
		}
		u = v
	}
	return true
}
