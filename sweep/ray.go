package sweep

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// RayTriangle returns the ray parameter s >= 0 (in units of r.Dir) at which
// the ray meets the two-sided triangle, by Möller and Trumbore's
// barycentric test (the ray-triangle part of the course's collide-and-slide slides): solve
// Origin + s Dir = A + u(B-A) + v(C-A) and require u, v >= 0, u + v <= 1.
// Points are taken relative to A, so the test keeps its precision far from
// the origin. A ray in the triangle's plane, a degenerate triangle, a zero
// Dir or non-finite input report no hit; a hit exactly on an edge counts.
func RayTriangle(r geom.Ray, tri geom.Triangle) (s float64, ok bool) {
	e1, e2 := tri[1].Sub(tri[0]), tri[2].Sub(tri[0])
	p := geom.PlainCross(r.Dir, e2)
	det := geom.Dot(e1, p)
	if det == 0 || math.IsNaN(det) || math.IsInf(det, 0) { // parallel to the plane (or degenerate): no single point
		return 0, false
	}
	inv := 1 / det
	w := r.Origin.Sub(tri[0])
	u := float64(geom.Dot(w, p) * inv)
	if !(u >= 0 && u <= 1) {
		return 0, false
	}
	qv := geom.PlainCross(w, e1)
	v := float64(geom.Dot(r.Dir, qv) * inv)
	if !(v >= 0 && u+v <= 1) {
		return 0, false
	}
	s = float64(geom.Dot(e2, qv) * inv)
	return s, s >= 0
}

// RayEllipsoid returns the ray parameter s >= 0 (in units of r.Dir) at which
// the ray first meets the ellipsoid e centered at center (the course's collide-and-slide slides,
// "Raycasting an Ellipsoid": squash the world so the ellipsoid is a unit
// sphere, transform origin and direction without renormalising the
// direction, and solve |o + s d|² = 1; s is the same in both spaces). A ray
// starting inside or on the ellipsoid reports 0. It reports no hit for a
// singular or non-finite ellipsoid, a zero Dir, or non-finite input.
func RayEllipsoid(r geom.Ray, e Ellipsoid, center mgl64.Vec3) (s float64, ok bool) {
	q := NewQuery(e, r.Origin, r.Dir)
	if !q.Valid() {
		return 0, false
	}
	o, d := q.UnitBegin(center), q.UnitDelta()
	// |o + s d|² - 1 = a s² + 2 b s + c.
	a, b, c := geom.Dot(d, d), geom.Dot(o, d), geom.Dot(o, o)-1
	if c <= 0 {
		return 0, true
	}
	disc := float64(b*b) - float64(a*c)
	if !(b < 0) || disc < 0 { // moving away, or passing by
		return 0, false
	}
	// Smaller root (c/q form, stable for small a): s = c / (-b + sqrt(disc)).
	s = c / (-b + math.Sqrt(disc))
	return s, s >= 0 && !math.IsInf(s, 0)
}
