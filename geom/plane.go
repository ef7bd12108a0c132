package geom

import (
	"errors"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Plane is the set of points P with N·P + C = 0 (Rouwé, section 2): N is
// the unit plane normal and C the plane constant, in world units. The
// plane's origin (the point its 2D coordinates are measured from) is -C*N.
type Plane struct {
	N mgl64.Vec3
	C float64
}

// ErrDegenerate is returned when points do not span a plane (they coincide
// or are collinear, or are not finite).
var ErrDegenerate = errors.New("geom: points are collinear, coincide or are not finite; they span no plane")

// PlaneFromNormal returns the plane with normal direction n (any non-zero
// length; it is normalised) through the point p. It returns ErrDegenerate
// when n is zero or anything is not finite.
func PlaneFromNormal(n, p mgl64.Vec3) (Plane, error) {
	l := Len(n)
	if !(l > 0) || math.IsInf(l, 0) || !IsFinite(p) {
		return Plane{}, ErrDegenerate
	}
	n = Scale(n, 1/l)
	return Plane{N: n, C: -Dot(n, p)}, nil
}

// SignedDistance returns N·P + C: the distance of p to the plane, positive
// on the side N points to (section 2's d_plane without the absolute value).
func (pl Plane) SignedDistance(p mgl64.Vec3) float64 { return Dot(pl.N, p) + pl.C }

// Basis returns the plane-space axes U and V of section 2, so that
// (U, V, N) is a right-handed orthonormal basis:
//
//	U = (N_z, 0, -N_x)/sqrt(N_x²+N_z²)  if |N_x| > |N_y|
//	U = (0, N_z, -N_y)/sqrt(N_y²+N_z²)  otherwise
//	V = N x U
//
// The paper compares N_x > N_y without absolute values, which divides by
// zero for N = (-1, 0, 0); comparing magnitudes keeps the square root at
// least sqrt(1/2) for any unit N.
func (pl Plane) Basis() (u, v mgl64.Vec3) {
	n := pl.N
	if math.Abs(n[0]) > math.Abs(n[1]) {
		u = Scale(mgl64.Vec3{n[2], 0, -n[0]}, 1/math.Sqrt(float64(n[0]*n[0])+float64(n[2]*n[2])))
	} else {
		u = Scale(mgl64.Vec3{0, n[2], -n[1]}, 1/math.Sqrt(float64(n[1]*n[1])+float64(n[2]*n[2])))
	}
	return u, PlainCross(n, u)
}

// ToPlane projects the world point p into plane space (section 2):
// P' = (P·U, P·V). The component along N is dropped.
func (pl Plane) ToPlane(p mgl64.Vec3) mgl64.Vec2 {
	u, v := pl.Basis()
	return mgl64.Vec2{Dot(p, u), Dot(p, v)}
}

// ToWorld maps the plane-space point q back to world space (section 2):
// P = q_x U + q_y V - C N.
func (pl Plane) ToWorld(q mgl64.Vec2) mgl64.Vec3 {
	u, v := pl.Basis()
	return Scale(u, q[0]).Add(Scale(v, q[1])).Sub(Scale(pl.N, pl.C))
}

// TransformedByInverse returns the image of the plane under the inverse of
// the linear map m (section 4.1): the points Q = m⁻¹P for P on pl satisfy
// N'·Q + C' = 0 with N' = mᵀN/|mᵀN| and C' = C/|mᵀN|. It returns
// ErrDegenerate when mᵀN is zero (m singular) or not finite.
func (pl Plane) TransformedByInverse(m mgl64.Mat3) (Plane, error) {
	n := MulVec3(m.Transpose(), pl.N)
	l := Len(n)
	if !(l > 0) || math.IsInf(l, 0) {
		return Plane{}, ErrDegenerate
	}
	return Plane{N: Scale(n, 1/l), C: pl.C / l}, nil
}
