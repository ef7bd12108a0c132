package sweep

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// TriangleReference is the reference narrow phase (referenceTriangle):
// Query.Triangle without its rejections (the box test, outOfReach and
// the face stage's prune), in the paper's order. The property tests
// require the same answer, bit for bit, from it and from every fast path.
func TriangleReference(q *Query, tri geom.Triangle, maxT float64) (Hit, bool) {
	var h Hit
	ok := q.referenceTriangle(&tri, maxT, &h)
	return h, ok
}

// The real-level benchmarks and tests (real_level_test.go, package
// sweep_test, which loads levels through scene/meshfile and sizes the
// player with ui/editor, both importing this package) reach these.

// QueryBrute is queryBrute: the reference narrow phase on every triangle
// in index order.
func QueryBrute(tris []geom.Triangle, e Ellipsoid, begin, delta mgl64.Vec3) (Hit, bool) {
	return queryBrute(tris, e, begin, delta)
}

// BruteCast is bruteCast: a capsule's or box's triangle function on
// every triangle, the earliest hit kept (the lowest index among equal T).
func BruteCast(tris []geom.Triangle, s Shape, begin, delta mgl64.Vec3) (Hit, bool) {
	return bruteCast(tris, s, begin, delta)
}

// HashHit is hashHit, for answer digests.
func HashHit(h interface{ Write([]byte) (int, error) }, x Hit) { hashHit(h, x) }

// TimeQueries is timeQueries over (begin, delta) pairs.
func TimeQueries(b *testing.B, begins, deltas []mgl64.Vec3, f func(begin, delta mgl64.Vec3)) {
	qs := make([]benchQuery, len(begins))
	for i := range qs {
		qs[i] = benchQuery{begins[i], deltas[i]}
	}
	timeQueries(b, qs, func(q benchQuery) { f(q.begin, q.delta) })
}

// LeafSizes returns the number of leaves of the tree holding each number
// of triangles (index: triangles per leaf).
func (m *Mesh) LeafSizes() []int {
	var sizes []int
	for i := range m.nodes {
		for _, r := range m.nodes[i].ref {
			if r == emptyRef {
				continue
			}
			if count, _ := splitRef(r); count > 0 {
				for int(count) >= len(sizes) {
					sizes = append(sizes, 0)
				}
				sizes[count]++
			}
		}
	}
	return sizes
}

// CastCounts walks the tree for a sweep of e as Sweep's generic mesh loop
// does (the same walk and pruning by the best T so far, without the T = 0
// path's early stop) and returns the leaves it enters, the triangles in
// them (those the leaf filter or the narrow phase sees) and the triangles
// whose narrow phase reports a contact before the best T so far.
func (m *Mesh) CastCounts(e Ellipsoid, begin, delta mgl64.Vec3) (leaves, tris, contacts int) {
	var q Query
	m.setShape(&e, &q)
	q.setMotion(&begin, &delta)
	var w walker
	if !q.Valid() {
		return
	}
	if r := reachExt(&q.ext, &begin, &delta); !w.startAt(m, (*[3]float64)(&begin), (*[3]float64)(&delta), &r, 1) {
		return
	}
	bestT := 1.0
	var tri geom.Triangle
	var h Hit
	for {
		first, count, ok := w.next(bestT)
		if !ok {
			return
		}
		leaves++
		tris += int(count)
		for k := first; k < first+count; k++ {
			m.load(k, &tri)
			if q.test(&tri, bestT, &h) {
				contacts++
				bestT = min(bestT, h.T)
			}
		}
	}
}

// BytesParts is bytesParts.
func BytesParts(m *Mesh) string { return m.bytesParts() }

// SlideReference is slideRef: collide-and-slide with a full cast per
// step, the reference SlideShape must match bit for bit.
func (m *Mesh) SlideReference(s Shape, from, to mgl64.Vec3, opt SlideOptions) SlideResult {
	return m.slideRef(s, from, to, opt)
}

// SameSlide is sameSlide: a and b are the same slide, bit for bit.
func SameSlide(a, b SlideResult) bool { return sameSlide(a, b) }
