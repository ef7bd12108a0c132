package sweep

import "sweepdbg/geom"

// TriangleReference is the reference narrow phase (referenceTriangle):
// Query.Triangle without its rejections (the box test, outOfReach and
// the face stage's prune), in the paper's order. The property tests
// require the same answer, bit for bit, from it and from every fast path.
func TriangleReference(q *Query, tri geom.Triangle, maxT float64) (Hit, bool) {
	var h Hit
	ok := q.referenceTriangle(&tri, maxT, &h)
	return h, ok
}
