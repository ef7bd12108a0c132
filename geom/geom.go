// Package geom holds plain float64 geometry shared by the collision core and
// the debugger: triangles, planes and their plane-space basis, convex
// polygons stored as plane + 2D vertices, closest points, axis-aligned boxes
// and rays.
//
// Everything is mgl64 (float64). Nothing here allocates on hot paths, panics
// on non-finite input or imports Ebitengine.
package geom

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Triangle is three world-space vertices. Winding does not matter to the
// collision core (triangles are two-sided); it only decides which side the
// renderer calls the front.
type Triangle [3]mgl64.Vec3

// AABB is an axis-aligned bounding box. A box with Min > Max on any axis is
// empty; EmptyAABB returns the canonical empty box that Extend grows from.
type AABB struct {
	Min, Max mgl64.Vec3
}

// Ray is a half-line Origin + s*Dir for s >= 0. Dir need not be unit length;
// parameters returned by ray queries are in units of Dir.
type Ray struct {
	Origin, Dir mgl64.Vec3
}

// At returns the point Origin + s*Dir.
func (r Ray) At(s float64) mgl64.Vec3 { return r.Origin.Add(Scale(r.Dir, s)) }

// DiffProd returns a*b - c*d accurate to about one ulp of the result, using
// Kahan's fused multiply-add algorithm. A plain a*b - c*d loses every digit
// when the two products nearly cancel, which is exactly what happens in the
// cross product of the edges of a sliver triangle.
func DiffProd(a, b, c, d float64) float64 {
	w := float64(c * d)
	e := math.FMA(-c, d, w) // the rounding error of w, exactly
	f := math.FMA(a, b, -w)
	return f + e
}

// Cross returns a x b with every component accurate to about one ulp (see
// DiffProd), so that the normal of a sliver triangle points the right way.
func Cross(a, b mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{
		DiffProd(a[1], b[2], a[2], b[1]),
		DiffProd(a[2], b[0], a[0], b[2]),
		DiffProd(a[0], b[1], a[1], b[0]),
	}
}

// Normal returns the unnormalised normal (B-A) x (C-A) of the triangle ABC,
// twice its area long, computed with Cross. It is the zero vector for a
// degenerate (collinear) triangle.
func (t Triangle) Normal() mgl64.Vec3 {
	return Cross(t[1].Sub(t[0]), t[2].Sub(t[0]))
}

// Area returns the triangle's area in square world units (0 if degenerate).
func (t Triangle) Area() float64 { return float64(0.5 * Len(t.Normal())) }

// Bounds returns the smallest AABB containing the triangle.
func (t Triangle) Bounds() AABB {
	return EmptyAABB().Extend(t[0]).Extend(t[1]).Extend(t[2])
}

// IsFinite reports whether every coordinate of v is neither NaN nor ±Inf.
func IsFinite(v mgl64.Vec3) bool {
	// x-x is 0 for finite x and NaN for NaN or ±Inf.
	return v[0]-v[0] == 0 && v[1]-v[1] == 0 && v[2]-v[2] == 0
}
