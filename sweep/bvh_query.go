package sweep

import (
	"math"
	"slices"
	"sync"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// Sweep returns the earliest contact of the ellipsoid e moving from begin
// to begin+delta with any triangle of the mesh: exactly the hit a
// brute-force loop over every triangle (EllipsoidTriangle on each) returns.
// Among hits at the same T the one with the lowest triangle index wins.
// Hit.Triangle is the index into the slice given to NewMesh.
//
// The traversal visits only nodes whose box, grown by the ellipsoid's
// half-extents, the center's segment enters before the best T found so
// far, nearest first. It reports no hit for non-finite input.
func (m *Mesh) Sweep(e Ellipsoid, begin, delta mgl64.Vec3) (Hit, bool) {
	return m.sweep(e, begin, delta, false)
}

// sweep is Sweep; with ignoreLeaving it skips contacts at T = 0 whose
// normal the motion does not point against (delta·n >= 0): a start that
// touches or overlaps a triangle and moves away from it is not blocked.
// For a single (convex) triangle the unit-space distance is convex in t,
// so a triangle left at T = 0 is never met later in the motion.
//
// The hit is copied once, from the scratch into the result (a local copy
// returned was two copies: docs/performance.md, "The cast path's memory
// traffic (`walk7`, 2026-11-28)").
func (m *Mesh) sweep(e Ellipsoid, begin, delta mgl64.Vec3, ignoreLeaving bool) (h Hit, ok bool) {
	sc := getScratch()
	m.sweepIn(sc, &e, &begin, &delta, ignoreLeaving)
	h, ok = sc.c.r.best, sc.c.r.found
	putScratch(sc)
	return h, ok
}

// getScratch takes a sweepScratch from the pool.
func getScratch() *sweepScratch { return sweepScratches.Get().(*sweepScratch) }

// putScratch returns sc to the pool, without its references to the mesh
// (so that a pooled scratch keeps no mesh alive).
func putScratch(sc *sweepScratch) {
	sc.w.nodes, sc.c.m = nil, nil
	sweepScratches.Put(sc)
}

// sweepScratch is the state of one Mesh.sweep: its query, walker and
// sweepCtx (the leaf filter's frame included), about 3.4 KB. Declared in
// sweep, they were zeroed whole every cast (about 290 instructions, nine
// percent of a cast on lqdm13_a3, where the per-cast set-up is what
// remains), though a sweep reads none of that memory before it sets it:
// sweepIn sets every field it reads. A pool of them keeps Mesh safe for
// concurrent use and costs less than the zeroing.
//
// A scratch also keeps the key of the shape its query holds (shapeKey,
// when keyed): a pooled scratch is most often taken again by the same
// caster, a character controller sweeping the same ellipsoid frame after
// frame, whose shape is then already in place, without Mesh.setShape's
// copy of it (about 70 instructions a cast). The shape is a function of
// the axes' bits alone, whatever the mesh (TestSweepScratchCarriesNoState
// checks a scratch through sweeps of several ellipsoids on two meshes).
type sweepScratch struct {
	q        Query
	w        walker
	c        sweepCtx
	shapeKey axesKey // the axes q.shape was made from, when keyed
	keyed    bool
}

// sweepScratches holds the sweepScratch values between sweeps.
var sweepScratches = sync.Pool{New: func() any { return new(sweepScratch) }}

// sweepIn is sweep with its state in sc, which may hold an earlier
// sweep's; it leaves the answer in sc.c.r (as do the loops it calls: one
// copy of the hit, not one a call). What it reads it sets first:
// Mesh.setShape the whole shape, unless sc's key shows that q holds e's
// already; setMotion the motion and start; startAt the walker; below,
// the sweepCtx's fields. The walker's stack, the narrow phase's scratch
// and the leaf frame are written before they are read, as in a fresh
// one.
func (m *Mesh) sweepIn(sc *sweepScratch, e *Ellipsoid, begin, delta *mgl64.Vec3, ignoreLeaving bool) {
	// No finiteness check: a query is valid only if every input is finite
	// (Query.setMotion checks begin and the unit-space motion; a
	// non-finite axis makes the determinant test fail or the inverse
	// non-finite, shape.invert).
	q, w, c := &sc.q, &sc.w, &sc.c
	c.r.best, c.r.found, c.r.bestT = Hit{}, false, 1 // stores only: a composite literal is copied from memory
	if !sc.keyed || !sc.shapeKey.matches(e) {
		m.setShape(e, q)
		sc.shapeKey, sc.keyed = axesBits(e), true
	}
	q.setMotion(begin, delta)
	if !q.Valid() {
		return
	}
	if r := reachExt(&q.ext, begin, delta); !w.startAt(m, (*[3]float64)(begin), (*[3]float64)(delta), &r, 1) {
		return
	}
	c.m, c.q, c.delta, c.ignoreLeaving, c.near = m, q, *delta, ignoreLeaving, false
	if m.vert32 != nil {
		c.sweepNear(w)
		return
	}
	if useLeaf4(q) {
		c.sweepLeaves(w)
		return
	}
	var tri geom.Triangle
	var h Hit
	for {
		first, count, ok := w.next(c.r.bestT)
		if !ok {
			return
		}
		// Until a hit at T = 0 no triangle is settled (sweepResult.settled).
		for k := first; k < first+count; k++ {
			if m.loadNear64(k, &q.boxLo, &q.boxHi, &tri) && q.testInBox(&tri, c.r.bestT, &h, &c.s) && c.blocks(&h) {
				if c.r.offer(h, m.id(k)); c.r.bestT == 0 {
					c.atStart(w, k+1, first+count)
					return
				}
			}
		}
	}
}

// The mesh loop exists four times, each the same steps on one triangle
// at k (leaf order): read it, run the narrow phase up to the best T so
// far, keep the hit if it blocks (sweepCtx.blocks) and is the best
// (sweepResult.offer), and hand over to atStart once the best T is 0.
//
//   - sweepIn's own loop: meshes not in the common form (float64
//     vertices), through Mesh.loadNear64 (Query.test's box test on the
//     stored vertices) and Query.testInBox; taken where sweepLeaves is
//     not (without AVX2, with the purego tag, or for an ill-conditioned
//     ellipsoid);
//   - sweepNear: the common form (float32 vertices),
//     where the box test runs on the float32 vertices (Mesh.loadNear)
//     and Query.testInBox does the rest; taken without AVX2, with the
//     purego tag, or for an ill-conditioned ellipsoid;
//   - sweepLeaves (leaf4.go): sweepNear, or for float64 vertices sweep's
//     own loop, with a whole leaf's box tests, frames, ball early outs
//     and plane slab tests made at once in assembly (leaf4AVX2,
//     leaf4wide<>), then Query.afterReach for the triangles kept: what a
//     game's sweeps take on amd64;
//   - sweepCtx.test: one triangle in index order for atStart, either
//     form, after the settled check.
//
// They are kept apart because merging them costs time: one loop for the
// first two, with a branch on the form and a call per leaf, cost 0.5%
// more instructions per cast (purego, block level), and sweepLeaves
// decides a leaf before testing its first triangle. So a change to what
// the narrow phase computes goes into its stages (reference.go lists
// them) and reaches all four; a change to the loop's own steps (the
// order, blocks, offer, atStart) must be made in all four alike.
// TestSweepLeavesMatchesScalarLoop compares sweepLeaves with both scalar
// loops, TestSweepMatchesBruteForce (float64 meshes) and the level tests
// (the common form) compare sweeps with brute force, and
// TestSweepStartTouchingGoesToLowestIndex exercises atStart.

// sweepNear is the loop of sweep for the common form of mesh (float32
// vertices): the box test of Query.test runs on the
// float32 vertices before a triangle is read (Mesh.loadNear, the same
// answers), and the triangles it keeps go to the rest of the narrow phase.
// Where the CPU has AVX2 a leaf's triangles go through the box test and
// the ball early out at once (sweepLeaves). (The best T is always in
// [0, 1] here and the query valid.) It leaves the answer in c.r.
func (c *sweepCtx) sweepNear(w *walker) {
	m, q := c.m, c.q
	box := &c.box
	box.set(&q.boxLo, &q.boxHi)
	c.near = true
	if useLeaf4(q) {
		c.sweepLeaves(w)
		return
	}
	var tri geom.Triangle
	var h Hit
	s := &c.s
	for {
		first, count, ok := w.next(c.r.bestT)
		if !ok {
			return
		}
		for k := first; k < first+count; k++ {
			if !m.loadNear(k, box, &tri) {
				continue
			}
			if q.testInBox(&tri, c.r.bestT, &h, s) && c.blocks(&h) {
				if c.r.offer(h, m.id(k)); c.r.bestT == 0 {
					c.atStart(w, k+1, first+count)
					return
				}
			}
		}
	}
}

// sweepCtx is one mesh sweep in progress.
type sweepCtx struct {
	m             *Mesh
	q             *Query
	delta         mgl64.Vec3
	ignoreLeaving bool
	r             sweepResult
	near          bool       // the common form of mesh: sweepNear runs, with box set
	box           nearBox    // the float32 swept box (sweepNear)
	s             triScratch // the narrow phase's working memory, for every triangle of the cast
	fr            leafFrame  // sweepLeaves' frame, for every leaf of the cast
	// h is sweepLeaves' hit of the triangle in hand, written by the
	// narrow phase before it is read (a local Hit was zeroed every cast).
	h Hit
}

// test runs the narrow phase on the triangle at k (leaf order), whose
// original index is id, and offers its hit, unless the best hit so far
// already settles it. For the common form of mesh it takes sweepNear's
// path (the box test on the float32 vertices, then Query.testInBox): the
// same answers as Query.test.
func (c *sweepCtx) test(k uint32, id int) {
	if c.r.settled(id) {
		return
	}
	var tri geom.Triangle
	var h Hit
	var ok bool
	if c.near {
		ok = c.m.loadNear(k, &c.box, &tri) && c.q.testInBox(&tri, c.r.bestT, &h, &c.s)
	} else {
		ok = c.m.loadNear64(k, &c.q.boxLo, &c.q.boxHi, &tri) && c.q.testInBox(&tri, c.r.bestT, &h, &c.s)
	}
	if ok && c.blocks(&h) {
		c.r.offer(h, id)
	}
}

// blocks reports whether the hit h counts: all do, but with ignoreLeaving
// a contact at T = 0 that the motion leaves does not.
func (c *sweepCtx) blocks(h *Hit) bool { return blocks(c.ignoreLeaving, &c.delta, h) }

// blocks is the rule of every mesh loop (sweepCtx.blocks, castCtx.try):
// with ignoreLeaving, a contact at T = 0 whose normal the motion delta
// does not point against (delta·n >= 0) is left out, as the slide needs.
func blocks(ignoreLeaving bool, delta *mgl64.Vec3, h *Hit) bool {
	return !(ignoreLeaving && h.T == 0 && geom.Dot(*delta, h.Normal) >= 0)
}

// startBatch is how many triangles atStart sorts at a time (a buffer on
// the stack; a longer list is tested in several sorted batches).
const startBatch = 128

// atStart finishes a sweep once its best hit is at T = 0
// (testFromStart with sweepCtx.test), its answer left in c.r.
func (c *sweepCtx) atStart(w *walker, rest, end uint32) {
	testFromStart(c.m, &c.r, w, rest, end, c.test)
}

// testFromStart finishes a mesh cast once its best hit r is at T = 0:
// the answer is now the touching triangle of lowest index. It gathers the
// remaining candidates (the triangles at rest to end of the current leaf,
// and the leaves the walk still enters by T = 0) of lower index than the
// best, and hands them to test (which offers their hits to r) in
// increasing index order, so that the first that touches settles all the
// others (sweepResult.settled) without their narrow phase. The order
// changes which triangles are tested, never the answer: offer keeps the
// lowest index among hits at T = 0 in any order.
func testFromStart(m *Mesh, r *sweepResult, w *walker, rest, end uint32, test func(k uint32, id int)) {
	var buf [startBatch]uint64
	keys := buf[:0]
	ids, bases, shift := m.ids, m.idBase, m.idShift
	add := func(first, end uint32) {
		for k := first; k < end; k++ {
			if id := idAt(ids, bases, shift, k); !r.settled(id) {
				if len(keys) == startBatch {
					testSorted(keys, test)
					keys = keys[:0]
				}
				keys = append(keys, uint64(id)<<32|uint64(k))
			}
		}
	}
	add(rest, end)
	for {
		first, count, ok := w.next(0)
		if !ok {
			break
		}
		add(first, first+count)
	}
	testSorted(keys, test)
}

// testSorted tests the triangles of keys (index << 32 | leaf position) in
// increasing index order.
func testSorted(keys []uint64, test func(k uint32, id int)) {
	slices.Sort(keys)
	for _, key := range keys {
		test(uint32(key), int(key>>32))
	}
}

// sweepResult is the best hit so far of a mesh sweep.
type sweepResult struct {
	best  Hit
	found bool
	bestT float64 // best.T, or 1 before any hit
}

// settled reports whether triangle id can no longer change the answer
// whatever its contact: the best hit is at T = 0, which no contact
// precedes, and a contact as early wins only with a lower index (offer
// would refuse it). A cast that starts touching the mesh (a player
// standing on a floor) has every triangle under the ellipsoid hit at
// T = 0; this spares all but those of lower index the narrow phase.
func (r *sweepResult) settled(id int) bool {
	return r.found && r.bestT == 0 && id > r.best.Triangle
}

// offer keeps h (a hit of triangle id) if it is earlier than the best so
// far, or as early and of a lower triangle index, and reports whether it
// did.
func (r *sweepResult) offer(h Hit, id int) bool {
	if h.T > r.bestT || (r.found && h.T == r.bestT && id > r.best.Triangle) {
		return false
	}
	h.Triangle = id
	r.best, r.found, r.bestT = h, true, h.T
	return true
}

// reach returns the half-extents by which node boxes are grown for the
// ellipsoid e: its world AABB half-extent on each axis, sqrt(sum_k a_k[i]^2)
// for semi-axes a_k, plus a margin. The margin (1e-6 relative to the
// largest half-extent, and 1e-9 of the coordinates' magnitude) covers the
// rounding of the narrow phase's contact test and of the slab test, so a
// contact exactly on a box face is never culled.
func reach(e Ellipsoid, begin, delta mgl64.Vec3) [3]float64 {
	ext := e.Extent()
	return reachExt(&ext, &begin, &delta)
}

// reachExt is reach given the ellipsoid's half-extents ext = e.Extent()
// of a valid query (which its shape has already computed, shape.derive:
// the same sums of squares in the same order, so the same bits). Those are square roots
// of finite axes' sums of squares, so in [+0, +Inf], never NaN or -0: the
// largest, by plain comparisons, is what math.Max would give.
func reachExt(ext, begin, delta *mgl64.Vec3) (r [3]float64) {
	rmax := ext[0]
	if ext[1] > rmax {
		rmax = ext[1]
	}
	if ext[2] > rmax {
		rmax = ext[2]
	}
	m := float64(1e-6 * rmax)
	r[0] = ext[0] + (m + float64(1e-9*(math.Abs(begin[0])+math.Abs(delta[0]))))
	r[1] = ext[1] + (m + float64(1e-9*(math.Abs(begin[1])+math.Abs(delta[1]))))
	r[2] = ext[2] + (m + float64(1e-9*(math.Abs(begin[2])+math.Abs(delta[2]))))
	return r
}

func finiteVecs(vs ...mgl64.Vec3) bool {
	for _, v := range vs {
		for _, x := range v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return false
			}
		}
	}
	return true
}

// Raycast returns the first triangle the ray r meets (two-sided), the ray
// parameter s of the hit point r.At(s) in units of r.Dir, and true; among
// hits at the same s the lowest triangle index wins. It is meant for
// picking. It reports false for a miss, a zero or non-finite ray.
func (m *Mesh) Raycast(r geom.Ray) (tri int, s float64, ok bool) {
	if !finiteVecs(r.Origin, r.Dir) || geom.Len(r.Dir) == 0 {
		return 0, 0, false
	}
	var grow [3]float64
	for i := range grow {
		grow[i] = float64(1e-9 * (1 + math.Abs(r.Origin[i])))
	}
	var w walker
	if !w.start(m, r.Origin, r.Dir, grow, math.Inf(1)) {
		return 0, 0, false
	}
	best, found := math.Inf(1), false
	for {
		first, count, more := w.next(best)
		if !more {
			return tri, best, found
		}
		for k := first; k < first+count; k++ {
			t, hit := RayTriangle(r, m.tri(k))
			id := m.id(k)
			if hit && (t < best || (t == best && id < tri)) {
				tri, best, found = id, t, true
			}
		}
	}
}
