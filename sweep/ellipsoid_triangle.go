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
	// The box test, and for a triangle it keeps most of the plane test,
	// in AVX registers where there are some (the same answers:
	// sweptCullAVX); ellipsoidTriangleInBox runs the plane test in full.
	if haveSweptCullAVX && useAVX2 {
		if sweptCullAVX(&e, &tri, &begin, &delta) != cullKeep {
			return h, false
		}
	} else if outsideSweptBox(&e, &tri, &begin, &delta) {
		return h, false
	}
	ok = ellipsoidTriangleInBox(&e, &begin, &delta, &tri, &h)
	return h, ok
}

// Outcomes of sweptCullAVX.
const (
	cullKeep  = iota // neither test rejects the triangle
	cullBox          // outsideSweptBox rejects it
	cullPlane        // triFrame.plane rejects it (missesSlab, maxT = 1)
)

// ellipsoidTriangleInBox is EllipsoidTriangle for a triangle the box test
// keeps, with everything passed by pointer and the hit written to h (only
// on a hit). It is a function of its own so that EllipsoidTriangle, which
// most triangles leave after the box test, sets up no more than that test
// needs (its frame and the zeroing of the stages' working memory).
func ellipsoidTriangleInBox(e *Ellipsoid, begin, delta *mgl64.Vec3, tri *geom.Triangle, h *Hit) bool {
	var f triFrame
	// The frame and the normal in assembly where there is some
	// (planeFrameAVX, the same values), then section 3.1 (slab), whose
	// missesSlab sweptCullAVX has run on the same values: EllipsoidTriangle
	// calls this only for a triangle it kept.
	if haveSweptCullAVX && useAVX2 && planeFrameAVX(&f, e, tri, begin, delta) {
		if f.usable && !f.slab(f.n.lenSq(), 1, true) {
			return false
		}
	} else if !f.planeGo(e, tri, begin, delta) {
		return false
	}
	// Only what Query.triangle reads: the inverse (not the mesh sweep's
	// extras, derive) and the unit-space frame and motion (toUnit; not the
	// start and the swept box, setStart), valid when setMotion would set
	// q.ok.
	var q Query
	if q.shape.invert(e); !q.inverted {
		return false
	}
	var u unitTri
	if q.toUnit(&f, &u); !finiteMotion(q.unitDelta, v3p(begin)) {
		return false
	}
	f.n = f.n.mul(q.detSign) // now oriented like the mapped vertices
	return q.triangle(&f, &u, 1, false, h)
}

// planeGo fills f's world-space frame (setFrame) and runs section 3.1
// against maxT = 1 with the axes of e as the normal's map (triFrame.plane;
// the sign of n does not matter for 3.1, so the axes serve as they are).
func (f *triFrame) planeGo(e *Ellipsoid, tri *geom.Triangle, begin, delta *mgl64.Vec3) bool {
	f.setFrame(tri, begin, delta)
	var axes lin3
	axes.setRows(v3p(&e.Axes[0]), v3p(&e.Axes[1]), v3p(&e.Axes[2]))
	return f.plane(&axes, 1)
}
