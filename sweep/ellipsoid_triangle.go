// ellipsoid_triangle.go: EllipsoidTriangle, the one-triangle entry point,
// with its own order of the stages (the box and plane tests before M is
// inverted) and the same answers as Query.Triangle.

package sweep

import (
	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// EllipsoidTriangle returns the first contact of the ellipsoid e moving from
// begin to begin+delta with the two-sided triangle tri: the same result as
// NewQuery followed by Triangle(tri, 1), but cheaper for one triangle. A
// box test (outsideSweptBox) and the plane test of section 3.1, which needs
// no inverse (see triFrame.plane), run first: most triangles are rejected
// before the unit-sphere transform is built. The ball early out
// (Query.outOfReach) runs after the face stage, where it needs no bound
// on the conditioning of M: Triangle, which a mesh sweep runs, differs
// only in the place of that test, and the property tests require the
// same answers of both.
func EllipsoidTriangle(e Ellipsoid, begin, delta mgl64.Vec3, tri geom.Triangle) (h Hit, ok bool) {
	// The box test, in one AVX register where there is one (the same
	// answers: sweptBoxAVX).
	if haveSweptBoxAVX && useAVX2 {
		if sweptBoxAVX(&e, &tri, &begin, &delta) {
			return h, false
		}
	} else if outsideSweptBox(&e, &tri, &begin, &delta) {
		return h, false
	}
	ok = ellipsoidTriangleInBox(&e, &begin, &delta, &tri, &h)
	return h, ok
}

// ellipsoidTriangleInBox is EllipsoidTriangle for a triangle the box test
// keeps, with everything passed by pointer and the hit written to h (only
// on a hit). It is a function of its own so that EllipsoidTriangle, which
// most triangles leave after the box test, sets up no more than that test
// needs (its frame and the zeroing of the stages' working memory).
func ellipsoidTriangleInBox(e *Ellipsoid, begin, delta *mgl64.Vec3, tri *geom.Triangle, h *Hit) bool {
	var f triFrame
	f.setFrame(tri, begin, delta)
	// The sign of n does not matter for 3.1, so the axes serve as they are.
	var axes lin3
	axes.setRows(v3p(&e.Axes[0]), v3p(&e.Axes[1]), v3p(&e.Axes[2]))
	if !f.plane(&axes, 1) {
		return false
	}
	// Only what Query.triangle reads: the inverse (not the mesh sweep's
	// extras, derive) and the unit-space motion (not the start and the
	// swept box, setStart), valid when setMotion would set q.ok.
	var q Query
	if q.shape.invert(e); !q.inverted {
		return false
	}
	if q.setUnitDelta(delta); !finiteMotion(q.unitDelta, v3p(begin)) {
		return false
	}
	f.n = f.n.mul(q.detSign) // now oriented like the mapped vertices
	var u unitTri
	q.toUnit(&f, &u)
	return q.triangle(&f, &u, 1, false, h)
}
