// cast.go: the mesh loop of the capsule and the box (Mesh.Cast for those
// kinds): the BVH walk of Mesh.Sweep with the shape's world box as the
// reach, and the shape's triangle function on every triangle of the leaves
// entered.

package sweep

import (
	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// caster is the narrow phase of a capsule or a box prepared for one
// motion (CapsuleTriangle and BoxTriangle without their checks of the
// input). It is a plain value the mesh loop calls directly, so a cast
// allocates nothing (a function value or an interface would move the
// prepared capsule to the heap).
type caster struct {
	kind    ShapeKind // KindCapsule or KindBox
	capsule capsuleCaster
	box     boxCaster
}

// init prepares c for the valid capsule or box s and the motion from
// begin by delta (finite), with the shapes cached by the mesh m (nil for
// none: capsuleCaster.init).
func (c *caster) init(s *Shape, begin, delta *mgl64.Vec3, m *Mesh) {
	c.kind, c.box.b = s.Kind, s.Box
	if s.Kind == KindCapsule {
		c.capsule.init(&s.Capsule, begin, delta, m)
	}
}

// triangle is the shape's narrow phase on one triangle: the first contact
// is written to h when there is one at a T <= maxT. maxT (the best T of
// the mesh loop so far) may only be used to reject contacts later than
// it, so that the answer is that of the triangle function on its own.
func (c *caster) triangle(tri *geom.Triangle, begin, delta *mgl64.Vec3, maxT float64, h *Hit) bool {
	if c.kind == KindCapsule {
		return c.capsule.triangle(tri, begin, delta, maxT, h)
	}
	return c.box.triangle(tri, begin, delta, maxT, h)
}

// castMesh is the first contact of a shape with the mesh, test being its
// prepared narrow phase and ext its world half extents (Shape.Extent): the
// walk of Mesh.Sweep (walker, the node boxes grown by reachExt of ext,
// nearest first, none entered after the best T), every triangle of an
// entered leaf outside the swept box of [0, best T] skipped
// (outsideSweptExt), the others tested, and the best hit kept by T, then
// lowest triangle index (sweepResult.offer), as a brute-force loop over
// every triangle would. With ignoreLeaving a contact at T = 0 that the
// motion leaves (delta·n >= 0) is skipped, as in sweep. Once the best T is
// 0 only triangles of lower index are tested (sweepResult.settled).
func (m *Mesh) castMesh(test *caster, ext, begin, delta mgl64.Vec3, ignoreLeaving bool) (Hit, bool) {
	var w walker
	reach := reachExt(&ext, &begin, &delta)
	if !w.startAt(m, (*[3]float64)(&begin), (*[3]float64)(&delta), &reach, 1) {
		return Hit{}, false
	}
	r := sweepResult{bestT: 1}
	var tri geom.Triangle
	var h Hit
	for {
		first, count, ok := w.next(r.bestT)
		if !ok {
			return r.best, r.found
		}
		for k := first; k < first+count; k++ {
			id := m.id(k)
			if r.settled(id) {
				continue
			}
			m.load(k, &tri)
			if outsideSweptExt(&ext, &tri, &begin, &delta, r.bestT) {
				continue
			}
			if test.triangle(&tri, &begin, &delta, r.bestT, &h) && !(ignoreLeaving && h.T == 0 && delta.Dot(h.Normal) >= 0) {
				r.offer(h, id)
			}
		}
	}
}

// outsideSweptExt reports whether the triangle lies outside the world box
// swept by a shape of half extents ext from begin over [0, maxT]·delta
// (sweptSlab, which widens it by a relative 1e-9: far more than the
// rounding of the narrow phases, so no contact at a T <= maxT is
// rejected: the shape at T lies within ext of begin + T·delta).
func outsideSweptExt(ext *mgl64.Vec3, tri *geom.Triangle, begin, delta *mgl64.Vec3, maxT float64) bool {
	for k := range 3 {
		lo, hi := sweptSlab(begin[k], delta[k]*maxT, ext[k])
		if triOutsideSlab(tri, k, lo, hi) {
			return true
		}
	}
	return false
}
