package sweep

import "sweepdbg/geom"

// TriangleExactStages is Query.Triangle without its conservative
// rejections (the box test and outOfReach): the plane, face, edge and
// vertex stages alone. The property tests require the same answer from
// both, bitwise.
func TriangleExactStages(q *Query, tri geom.Triangle, maxT float64) (Hit, bool) {
	if !q.ok || !(maxT >= 0) {
		return Hit{}, false
	}
	maxT = min(maxT, 1)
	var f triFrame
	var u unitTri
	q.frame(&tri, &f, &u)
	if !f.plane(&q.normalMap, maxT) {
		return Hit{}, false
	}
	var h Hit
	ok := q.triangle(&f, &u, maxT, true, &h)
	return h, ok
}
