package sweep

import (
	"math/bits"

	"sweepdbg/geom"
)

// The narrow phase's front end for a whole leaf at once (sweepLeaves). A
// leaf holds at most maxLeaf = 4 triangles; most of those a cast reads are
// rejected by the float32 box test (Mesh.loadNear) or by the ball early
// out (Query.outOfReach) after the unit-space transform (Query.frame).
// leaf4AVX2 (leaf4_amd64.s) makes both decisions for the leaf's
// triangles side by side, one per lane of the AVX2 registers, with the
// same IEEE operations in the same order as loadNear, frame and
// outOfReach, so that it rejects exactly the triangles they reject
// (TestLeaf4MatchesScalar); the triangles it keeps take the scalar path
// from the plane stage on.

// leafVerts holds the triangles of a leaf as leaf4AVX2 has read them, one
// per column: row 3j+i is coordinate i of vertex j (float32, as the mesh
// stores them).
type leafVerts [9][4]float32

// tri stores column i of v in t, converted to float64 (exactly: the same
// triangle as Mesh.load).
func (v *leafVerts) tri(i int, t *geom.Triangle) {
	i &= 3
	t[0][0], t[0][1], t[0][2] = float64(v[0][i]), float64(v[1][i]), float64(v[2][i])
	t[1][0], t[1][1], t[1][2] = float64(v[3][i]), float64(v[4][i]), float64(v[5][i])
	t[2][0], t[2][1], t[2][2] = float64(v[6][i]), float64(v[7][i]), float64(v[8][i])
}

// useLeaf4 reports whether a sweep of q takes sweepLeaves: where the CPU
// has AVX2 and outOfReach runs before the plane stage (q.reachFirst; the
// rare ill-conditioned ellipsoid keeps sweepNear's loop).
func useLeaf4(q *Query) bool { return leaf4On && useAVX2 && q.reachFirst }

// leaf4On is haveLeaf4, a variable so that tests can compare sweepLeaves
// with sweepNear's scalar loop.
var leaf4On = haveLeaf4

// sweepLeaves is sweepNear's loop with a leaf's box tests and ball early
// outs made at once by leaf4AVX2, against the best T at the leaf's start
// (upper). Its answers are sweepNear's: a triangle the box test rejects is
// one loadNear rejects; one the ball test rejects is one outOfReach
// rejects with maxT = upper, which is what sweepNear tests it with unless
// an earlier triangle of the same leaf has lowered the best T since; then
// the leaf's remaining box survivors go through testInBox (outOfReach with
// the new best T) instead. The triangles kept are tested from the plane
// stage on (Query.testReached).
func (c *sweepCtx) sweepLeaves(w *walker) (Hit, bool) {
	m, q := c.m, c.q
	var v leafVerts
	var tri geom.Triangle
	var h Hit
	s := &c.s
	for {
		first, count, ok := w.next(c.r.bestT)
		if !ok {
			return c.r.best, c.r.found
		}
		upper := c.r.bestT
		keep := uint(leaf4AVX2(&v, &m.packed[first], &m.vert32[0], q, &c.box, upper, int(count)))
		// keep: bit i set if triangle i passes the box test, bit 4+i if it
		// passes the ball test too.
		for box := keep & 15; box != 0; box &= box - 1 {
			i := bits.TrailingZeros(box)
			if c.r.bestT == upper && keep>>(4+i)&1 == 0 {
				continue
			}
			v.tri(i, &tri)
			if c.r.bestT == upper {
				ok = q.testReached(&tri, upper, &h, s)
			} else {
				ok = q.testInBox(&tri, c.r.bestT, &h, s)
			}
			k := first + uint32(i)
			if ok && c.blocks(&h) {
				if c.r.offer(h, int(m.perm[k])); c.r.bestT == 0 {
					return c.atStart(w, k+1, first+count)
				}
			}
		}
	}
}

// testReached is testInBox for a triangle whose ball early out has been
// decided already (when q.reachFirst, by leaf4AVX2): the unit-space
// transform, then the plane stage and the rest.
func (q *Query) testReached(tri *geom.Triangle, maxT float64, h *Hit, s *triScratch) bool {
	q.frame(tri, &s.f, &s.u)
	return q.afterReach(maxT, h, s)
}
