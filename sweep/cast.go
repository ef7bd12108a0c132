// cast.go: the mesh loop of the capsule and the box (Mesh.Cast for those
// kinds): the BVH walk of Mesh.Sweep with the shape's world box as the
// reach, and the shape's triangle function on every triangle of the leaves
// entered.

package sweep

import (
	"math/bits"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// caster is the narrow phase of a capsule or a box prepared for one
// motion (CapsuleTriangle and BoxTriangle without their checks of the
// input): a pointer to the one prepared, the other nil. The mesh loop
// calls it directly, so a cast allocates nothing (a function value or an
// interface would move the prepared shape to the heap), and only the
// shape cast is cleared (the two together are 2.5 KB, which cost a cast
// about 480 instructions to zero).
type caster struct {
	capsule *capsuleCaster
	box     *boxCaster
}

// triangle is the shape's narrow phase on one triangle: the first contact
// is written to h when there is one at a T <= maxT. maxT (the best T of
// the mesh loop so far) may only be used to reject contacts later than
// it, so that the answer is that of the triangle function on its own.
func (c *caster) triangle(tri *geom.Triangle, begin, delta *mgl64.Vec3, maxT float64, h *Hit) bool {
	if c.capsule != nil {
		return c.capsule.triangle(tri, begin, delta, maxT, h)
	}
	return c.box.triangle(tri, begin, maxT, h)
}

// keep tells the shape that the hit it has just written is the best so
// far (the box keeps what its contact point needs: boxCaster.keep).
func (c *caster) keep() {
	if c.box != nil {
		c.box.keep()
	}
}

// finish completes the best hit of the cast, if any (the box's contact
// point: boxCaster.finish). A hit it cannot complete would be dropped;
// none is (the box defers only points that come out finite).
func (c *caster) finish(r *sweepResult) {
	if c.box != nil && r.found && !c.box.finish(&r.best) {
		*r = sweepResult{bestT: 1}
	}
}

// castMesh is the first contact of a shape with the mesh, test being its
// prepared narrow phase and ext its world half extents (Shape.Extent): the
// walk of Mesh.Sweep (walker, the node boxes grown by reachExt of ext,
// nearest first, none entered after the best T), every triangle of an
// entered leaf outside the swept box of [0, best T] skipped
// (sweptExt), the others tested, and the best hit kept by T, then
// lowest triangle index (sweepResult.offer), as a brute-force loop over
// every triangle would. With ignoreLeaving a contact at T = 0 that the
// motion leaves (delta·n >= 0) is skipped, as in sweep. Once the best T is
// 0 only triangles of lower index can change the answer
// (sweepResult.settled), and they are tested in increasing index order
// (testFromStart), as Mesh.Sweep does.
func (m *Mesh) castMesh(test *caster, ext, begin, delta mgl64.Vec3, ignoreLeaving bool) (Hit, bool) {
	var w walker
	reach := reachExt(&ext, &begin, &delta)
	if !w.startAt(m, (*[3]float64)(&begin), (*[3]float64)(&delta), &reach, 1) {
		return Hit{}, false
	}
	// Field by field: a composite literal is built aside and copied.
	var c castCtx
	c.m, c.test, c.ext, c.begin, c.delta, c.ignoreLeaving, c.r.bestT = m, test, ext, begin, delta, ignoreLeaving, 1
	c.b.set(&ext, &begin, &delta, 1)
	c.loop(&w)
	test.finish(&c.r)
	return c.r.best, c.r.found
}

// castCtx is one capsule or box cast through the mesh in progress.
type castCtx struct {
	m                 *Mesh
	test              *caster
	ext, begin, delta mgl64.Vec3
	ignoreLeaving     bool
	r                 sweepResult
	b                 sweptExt
	tri               geom.Triangle
	h                 Hit
}

// loop walks the tree, testing every triangle of the leaves entered
// (try), until the walk ends or the best T is 0. On float32 vertices with
// AVX2 (lanes), leafBoxAVX2 makes the box test of up to four of a leaf's
// triangles at once, against the swept box of the best T at the pass's
// start, and only those it keeps are read and tested (test1): the box test
// only ever rejects a triangle without a contact by that T, so a box made
// for a larger best T rejects less, never more, and the answer is the
// same.
func (c *castCtx) loop(w *walker) {
	lanes := haveLeaf4 && useAVX2 && c.m.vert32 != nil
	for {
		first, count, ok := w.next(c.r.bestT)
		if !ok {
			return
		}
		end := first + count
		if !lanes {
			for k := first; k < end; k++ {
				if c.try(k, c.m.id(k)); c.r.bestT == 0 {
					testFromStart(c.m, &c.r, w, k+1, end, c.try)
					return
				}
			}
			continue
		}
		m := c.m
		for at := first; at < end; at += leafLanes {
			c.updateBox()
			in := uint(leafBoxAVX2(&m.tris[at], &m.vert32[0], &c.b.near, int(min(end-at, leafLanes)), &m.vbase[0], int(at)))
			for ; in != 0; in &= in - 1 {
				k := at + uint32(bits.TrailingZeros(in))
				m.load(k, &c.tri)
				if c.test1(m.id(k)); c.r.bestT == 0 {
					testFromStart(c.m, &c.r, w, k+1, end, c.try)
					return
				}
			}
		}
	}
}

// try is the mesh loop's step on the triangle at k (leaf order), whose
// original index is id: unless the best hit settles it, read it if it
// meets the swept box of [0, best T] and test it (test1).
func (c *castCtx) try(k uint32, id int) {
	if c.r.settled(id) {
		return
	}
	c.updateBox()
	if c.b.load(c.m, k, &c.tri) {
		c.test1(id)
	}
}

// updateBox makes the swept box again when the best T has changed.
func (c *castCtx) updateBox() {
	if c.b.maxT != c.r.bestT {
		c.b.set(&c.ext, &c.begin, &c.delta, c.r.bestT)
	}
}

// test1 runs the narrow phase on the triangle read into c.tri, whose
// original index is id, and offers its hit if it blocks.
func (c *castCtx) test1(id int) {
	h := &c.h
	if c.test.triangle(&c.tri, &c.begin, &c.delta, c.r.bestT, h) && blocks(c.ignoreLeaving, &c.delta, h) {
		if c.r.offer(*h, id) {
			c.test.keep()
		}
	}
}

// sweptExt is the world box swept by a shape of half extents ext from
// begin over [0, maxT]·delta (sweptSlab on each axis, which widens it by a
// relative 1e-9: far more than the rounding of the narrow phases, so that
// outsideBox rejects no triangle with a contact at a T <= maxT: the shape
// at T lies within ext of begin + T·delta). The mesh loop makes it again
// only when its best T changes.
type sweptExt struct {
	lo, hi [3]float64
	near   nearBox // lo and hi in float32 (nearBox.set)
	maxT   float64
}

// set makes b the box swept over [0, maxT].
func (b *sweptExt) set(ext, begin, delta *mgl64.Vec3, maxT float64) {
	for k := range 3 {
		b.lo[k], b.hi[k] = sweptSlab(begin[k], float64(delta[k]*maxT), ext[k])
	}
	b.near.set(&b.lo, &b.hi)
	b.maxT = maxT
}

// load reads the triangle at k (leaf order) into tri and reports whether
// it meets the box; tri is left unread when not. The test runs on the
// stored vertices before the triangle is copied: the float32 ones
// (Mesh.loadNear) or the float64 ones (Mesh.loadNear64), the same
// decision as outsideBox.
func (b *sweptExt) load(m *Mesh, k uint32, tri *geom.Triangle) bool {
	if m.vert32 != nil {
		return m.loadNear(k, &b.near, tri)
	}
	return m.loadNear64(k, &b.lo, &b.hi, tri)
}
