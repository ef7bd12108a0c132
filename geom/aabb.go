package geom

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// EmptyAABB returns the box that contains nothing: Min = +Inf, Max = -Inf,
// so that Extend and Union grow it from nothing.
func EmptyAABB() AABB {
	inf := math.Inf(1)
	return AABB{Min: mgl64.Vec3{inf, inf, inf}, Max: mgl64.Vec3{-inf, -inf, -inf}}
}

// IsEmpty reports whether the box contains no point.
func (b AABB) IsEmpty() bool {
	return b.Min[0] > b.Max[0] || b.Min[1] > b.Max[1] || b.Min[2] > b.Max[2]
}

// Extend returns the smallest box containing b and p.
func (b AABB) Extend(p mgl64.Vec3) AABB {
	for i := 0; i < 3; i++ {
		b.Min[i] = math.Min(b.Min[i], p[i])
		b.Max[i] = math.Max(b.Max[i], p[i])
	}
	return b
}

// Union returns the smallest box containing b and o.
func (b AABB) Union(o AABB) AABB {
	for i := 0; i < 3; i++ {
		b.Min[i] = math.Min(b.Min[i], o.Min[i])
		b.Max[i] = math.Max(b.Max[i], o.Max[i])
	}
	return b
}

// Expand returns b grown by r on every side (r >= 0, world units).
func (b AABB) Expand(r mgl64.Vec3) AABB {
	return AABB{Min: b.Min.Sub(r), Max: b.Max.Add(r)}
}

// Center returns the midpoint of the box.
func (b AABB) Center() mgl64.Vec3 { return Scale(b.Min.Add(b.Max), 0.5) }

// Size returns Max - Min.
func (b AABB) Size() mgl64.Vec3 { return b.Max.Sub(b.Min) }

// Contains reports whether p lies inside or on the box.
func (b AABB) Contains(p mgl64.Vec3) bool {
	for i := 0; i < 3; i++ {
		if p[i] < b.Min[i] || p[i] > b.Max[i] {
			return false
		}
	}
	return true
}

// Overlaps reports whether b and o share at least one point.
func (b AABB) Overlaps(o AABB) bool {
	for i := 0; i < 3; i++ {
		if b.Min[i] > o.Max[i] || o.Min[i] > b.Max[i] {
			return false
		}
	}
	return true
}

// Box faces as returned by RayHit: the face on the -x side is FaceNegX, and
// so on; face f is perpendicular to axis f/2.
const (
	FaceNegX = iota
	FacePosX
	FaceNegY
	FacePosY
	FaceNegZ
	FacePosZ
)

// RayHit intersects r with the box by the slab method and returns the ray
// parameter s of the entry point (in units of r.Dir) and the face entered.
// A ray starting inside the box reports s = 0 and the face it leaves
// through. It reports false for a miss, an empty box or a zero Dir. Division
// by a zero direction component yields ±Inf, which the slab comparisons
// handle; a NaN from 0*Inf (origin exactly on a slab plane, parallel ray)
// is treated as inside that slab.
func (b AABB) RayHit(r Ray) (s float64, face int, ok bool) {
	if b.IsEmpty() || Len(r.Dir) == 0 {
		return 0, 0, false
	}
	enter, exit := math.Inf(-1), math.Inf(1)
	enterFace, exitFace := 0, 0
	for i := 0; i < 3; i++ {
		inv := 1 / r.Dir[i]
		s0 := float64((b.Min[i] - r.Origin[i]) * inv)
		s1 := float64((b.Max[i] - r.Origin[i]) * inv)
		f0, f1 := 2*i, 2*i+1
		if s0 > s1 {
			s0, s1 = s1, s0
			f0, f1 = f1, f0
		}
		if s0 > enter { // NaN compares false: the slab does not constrain
			enter, enterFace = s0, f0
		}
		if s1 < exit {
			exit, exitFace = s1, f1
		}
	}
	if enter > exit || exit < 0 {
		return 0, 0, false
	}
	if enter < 0 {
		return 0, exitFace, true
	}
	return enter, enterFace, true
}
