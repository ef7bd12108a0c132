package sweep

import (
	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// Query is one swept ellipsoid prepared once (the unit-sphere transform of
// section 4, the motion in unit-sphere space, the swept bounds) and then
// tested against any number of triangles. The mesh broad phase builds one
// Query per sweep and reuses it for every candidate triangle.
//
// SKELETON: the core implementation replaces this file.
type Query struct {
	e            Ellipsoid
	begin, delta mgl64.Vec3
}

// NewQuery prepares the ellipsoid e moving from begin to begin+delta.
func NewQuery(e Ellipsoid, begin, delta mgl64.Vec3) Query {
	return Query{e: e, begin: begin, delta: delta}
}

// Triangle returns the first contact with tri at a T no greater than maxT
// (pass 1 for the whole motion). The returned Hit's Triangle field is 0.
func (q *Query) Triangle(tri geom.Triangle, maxT float64) (Hit, bool) {
	return Hit{}, false
}

// Bounds returns the world-space AABB of the whole swept volume.
func (q *Query) Bounds() geom.AABB { return geom.AABB{} }

// EllipsoidTriangle returns the first contact of the ellipsoid e moving from
// begin to begin+delta with the two-sided triangle tri.
func EllipsoidTriangle(e Ellipsoid, begin, delta mgl64.Vec3, tri geom.Triangle) (Hit, bool) {
	q := NewQuery(e, begin, delta)
	return q.Triangle(tri, 1)
}
