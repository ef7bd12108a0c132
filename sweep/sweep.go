// Package sweep is the collision core: exact first contact of a swept
// ellipsoid (or sphere) with polygons and triangles, after Rouwé,
// "Collision Detection with Swept Spheres and Ellipsoids"; a bounding volume
// hierarchy over a triangle mesh; and collide-and-slide.
//
// The contract (types, names and meanings) is fixed by DESIGN.md; other tools
// are built against it. Triangles are two-sided. An ellipsoid that already
// touches or overlaps a triangle at the start reports T = 0. Contact means
// that, in the space where the ellipsoid is a unit sphere, the distance from
// the center to the triangle is exactly 1.
//
// Nothing in this package panics or returns NaN on finite input; invalid
// ellipsoids are reported by Ellipsoid.Validate.
package sweep

import "github.com/go-gl/mathgl/mgl64"

// Ellipsoid is three orthogonal semi-axes in world space (lengths in world
// units). It does not rotate while swept. A sphere of radius r is
// Sphere(r).
type Ellipsoid struct {
	Axes [3]mgl64.Vec3
}

// Sphere returns the ellipsoid whose semi-axes are r along x, y and z.
func Sphere(r float64) Ellipsoid {
	return Ellipsoid{Axes: [3]mgl64.Vec3{{r, 0, 0}, {0, r, 0}, {0, 0, r}}}
}

// Feature is the part of a triangle touched first.
type Feature int

// The features of a triangle, in the order the paper tests them.
const (
	Face Feature = iota
	Edge
	Vertex
)

// String returns "face", "edge" or "vertex" (the fixture format's spelling),
// or "feature(N)" for an out-of-range value.
func (f Feature) String() string {
	switch f {
	case Face:
		return "face"
	case Edge:
		return "edge"
	case Vertex:
		return "vertex"
	}
	return "feature(" + itoa(int(f)) + ")"
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + itoa(n%10)
}

// Hit is a first contact.
type Hit struct {
	T        float64    // first contact, as a fraction of the motion, in [0, 1]
	Point    mgl64.Vec3 // contact point on the triangle, world space
	Normal   mgl64.Vec3 // unit normal of the tangent plane at contact, pointing from the triangle to the ellipsoid's center
	Feature  Feature    // the part of the triangle touched first
	Triangle int        // index into the mesh; 0 for single-triangle queries
}
