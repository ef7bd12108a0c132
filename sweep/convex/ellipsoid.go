package convex

import (
	"sweepdbg/geom"

	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Ellipsoid is M·x for |x| <= 1, M = [Axes[0] Axes[1] Axes[2]] (any
// non-singular axes), relative to the center.
//
// GJK on a smooth set converges only linearly and, near contact, its
// direction degrades to rounding over distance, so the ellipsoid is swept
// in the space where it is the unit sphere (x -> M⁻¹x, which maps the
// motion to a motion and the triangle to a triangle and preserves
// contact): there it is a point grown by radius 1, a Capsule{Radius: 1},
// whose gap GJK measures exactly. Point and normal map back by M and
// M⁻ᵀ. The advancement's tolerances then hold in unit-sphere distance,
// which is at most the world distance over the shortest semi-axis (Unit).
type Ellipsoid struct{ Axes [3]mgl64.Vec3 }

// Unit is the shortest semi-axis.
func (e Ellipsoid) Unit() float64 {
	return min(geom.Len(e.Axes[0]), geom.Len(e.Axes[1]), geom.Len(e.Axes[2]))
}

func (e Ellipsoid) sweep(begin, delta mgl64.Vec3, tri [3]mgl64.Vec3) (Hit, bool) {
	m := mgl64.Mat3FromCols(e.Axes[0], e.Axes[1], e.Axes[2])
	inv, ok := inverse(e.Axes)
	if !ok {
		return Hit{}, false
	}
	var ut [3]mgl64.Vec3
	for i := range tri {
		ut[i] = geom.MulVec3(inv, tri[i].Sub(tri[0]))
	}
	h, hit := advance(Capsule{Radius: 1}, geom.MulVec3(inv, begin.Sub(tri[0])), geom.MulVec3(inv, delta), ut)
	if !hit {
		return Hit{}, false
	}
	h.Point = geom.MulVec3(m, h.Point).Add(tri[0])
	h.Normal = geom.Normalize(geom.MulVec3(inv.Transpose(), h.Normal))
	return h, true
}

// inverse is M⁻¹ for M = [a b c]: its rows are b×c, c×a, a×b over the
// determinant a·(b×c) (the adjugate); false when that is zero or the
// result not finite.
func inverse(a [3]mgl64.Vec3) (mgl64.Mat3, bool) {
	r0, r1, r2 := geom.PlainCross(a[1], a[2]), geom.PlainCross(a[2], a[0]), geom.PlainCross(a[0], a[1])
	det := geom.Dot(a[0], r0)
	inv := mgl64.Mat3FromRows(geom.Scale(r0, 1/det), geom.Scale(r1, 1/det), geom.Scale(r2, 1/det))
	for _, x := range inv {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return inv, false
		}
	}
	return inv, det != 0
}
