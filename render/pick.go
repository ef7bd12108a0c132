package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// RayShape returns the ray parameter s >= 0 (in units of r.Dir) at which
// the ray first meets shape s centered at center, for picking a pose: the
// ellipsoid by sweep.RayEllipsoid, the capsule by rayCapsule, the box by
// rayBox. A ray starting inside or on the shape reports 0. It reports no
// hit for a zero Dir, an invalid shape or non-finite input.
func RayShape(r geom.Ray, s sweep.Shape, center mgl64.Vec3) (float64, bool) {
	if s.Validate() != nil || !finite(r.Origin) || !finite(r.Dir) || !finite(center) || r.Dir.Dot(r.Dir) == 0 {
		return 0, false
	}
	switch s.Kind {
	case sweep.KindCapsule:
		h := s.Capsule.HalfSegment
		return rayCapsule(r, center.Sub(h), center.Add(h), s.Capsule.Radius)
	case sweep.KindBox:
		return rayBox(r, s.Box.Axes, center)
	}
	return sweep.RayEllipsoid(r, s.Ellipsoid, center)
}

// finite reports whether every coordinate of v is finite.
func finite(v mgl64.Vec3) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// rayCapsule is the first s >= 0 where the ray meets the capsule of radius
// rad around the segment ab: the least of its hits on the two end spheres
// and on the cylinder's side between them (Ericson, Real-Time Collision
// Detection, §5.3.7, intersecting a ray against a cylinder: the side's
// quadratic in s, kept where the point's projection falls within ab). A
// start within rad of the segment (§5.1.2's closest point) is inside.
func rayCapsule(r geom.Ray, a, b mgl64.Vec3, rad float64) (float64, bool) {
	d, m, n := b.Sub(a), r.Origin.Sub(a), r.Dir
	dd, md, nd := d.Dot(d), m.Dot(d), n.Dot(d)
	t := 0.0
	if dd > 0 {
		t = math.Max(0, math.Min(1, md/dd))
	}
	if r.Origin.Sub(a.Add(d.Mul(t))).Len() <= rad {
		return 0, true
	}
	best, ok := math.Inf(1), false
	take := func(s float64, hit bool) {
		if hit && s < best {
			best, ok = s, true
		}
	}
	take(raySphere(r, a, rad))
	take(raySphere(r, b, rad))
	// |(m + s n) - ((md + s nd)/dd) d|² = rad², times dd:
	// qa s² + 2 qb s + qc = 0.
	if qa := dd*n.Dot(n) - nd*nd; qa > 1e-12*dd*n.Dot(n) {
		qb := dd*m.Dot(n) - nd*md
		qc := dd*(m.Dot(m)-rad*rad) - md*md
		if disc := qb*qb - qa*qc; disc >= 0 {
			s := (-qb - math.Sqrt(disc)) / qa
			if along := md + s*nd; s >= 0 && along >= 0 && along <= dd {
				take(s, true)
			}
		}
	}
	return best, ok
}

// raySphere is the first s >= 0 where the ray meets the sphere of radius
// rad at c, for a ray starting outside it.
func raySphere(r geom.Ray, c mgl64.Vec3, rad float64) (float64, bool) {
	m := r.Origin.Sub(c)
	a, b, k := r.Dir.Dot(r.Dir), m.Dot(r.Dir), m.Dot(m)-rad*rad
	disc := b*b - a*k
	if !(b < 0) || disc < 0 {
		return 0, false
	}
	s := k / (-b + math.Sqrt(disc)) // the smaller root, stably
	return s, s >= 0
}

// rayBox is the first s >= 0 where the ray meets the box center +
// Σ u_i·axes[i], |u_i| <= 1: the slab test (Ericson, Real-Time Collision
// Detection, §5.3.3) along the box's own orthogonal axes, so of any
// orientation. A start inside the box reports 0.
func rayBox(r geom.Ray, axes [3]mgl64.Vec3, center mgl64.Vec3) (float64, bool) {
	lo, hi := 0.0, math.Inf(1)
	p := center.Sub(r.Origin)
	for _, a := range axes {
		l := a.Len()
		u := a.Mul(1 / l)
		e, f := u.Dot(p), u.Dot(r.Dir)
		if math.Abs(f) <= 1e-300 {
			if math.Abs(e) > l { // parallel to the slab and outside it
				return 0, false
			}
			continue
		}
		s1, s2 := (e-l)/f, (e+l)/f
		lo, hi = math.Max(lo, math.Min(s1, s2)), math.Min(hi, math.Max(s1, s2))
		if lo > hi {
			return 0, false
		}
	}
	return lo, true
}
