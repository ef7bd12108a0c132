// Package geom holds plain float64 geometry shared by the collision core and
// the debugger: triangles, planes and their plane-space basis, convex
// polygons stored as plane + 2D vertices, axis-aligned boxes and rays.
//
// Everything is mgl64 (float64). Nothing here allocates on hot paths or
// imports Ebitengine.
package geom

import "github.com/go-gl/mathgl/mgl64"

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
func (r Ray) At(s float64) mgl64.Vec3 { return r.Origin.Add(r.Dir.Mul(s)) }
