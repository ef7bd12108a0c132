package editor

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/sweep"
)

// Shape is the Ellipsoid panel's view of an ellipsoid: three radii (world
// units, along the body's x, y, z) and a rotation as yaw (about world y),
// pitch (about x) and roll (about z) in degrees, applied as
// R = Ry(yaw)·Rx(pitch)·Rz(roll). The ellipsoid's semi-axes are
// Axes[i] = Radii[i]·R·e_i.
type Shape struct {
	Radii [3]float64
	Rot   [3]float64 // yaw, pitch, roll in degrees
}

// maxRadius bounds a radius so that the core's unit-sphere transform stays
// well inside float64 range; larger values are refused as input errors.
const maxRadius = 1e6

// Validate reports the first invalid number, naming the field: radii must
// be finite, positive and at most 1e6; angles must be finite.
func (s Shape) Validate() error {
	for i, r := range s.Radii {
		if math.IsNaN(r) || math.IsInf(r, 0) || r <= 0 || r > maxRadius {
			return fmt.Errorf("radius %c = %g: must be positive, finite and at most %g", "xyz"[i], r, maxRadius)
		}
	}
	for i, a := range s.Rot {
		if math.IsNaN(a) || math.IsInf(a, 0) {
			return fmt.Errorf("%s = %g: must be a finite angle in degrees", rotNames[i], a)
		}
	}
	return nil
}

var rotNames = [3]string{"yaw", "pitch", "roll"}

// rotation returns R = Ry(yaw)·Rx(pitch)·Rz(roll).
func (s Shape) rotation() mgl64.Mat3 {
	y, p, r := mgl64.DegToRad(s.Rot[0]), mgl64.DegToRad(s.Rot[1]), mgl64.DegToRad(s.Rot[2])
	return mgl64.Rotate3DY(y).Mul3(mgl64.Rotate3DX(p)).Mul3(mgl64.Rotate3DZ(r))
}

// Ellipsoid returns the ellipsoid with the shape's radii and rotation.
func (s Shape) Ellipsoid() sweep.Ellipsoid {
	R := s.rotation()
	var e sweep.Ellipsoid
	for i := 0; i < 3; i++ {
		e.Axes[i] = R.Col(i).Mul(s.Radii[i])
	}
	return e
}

// ShapeOf decomposes an ellipsoid's semi-axes into radii (their lengths)
// and yaw/pitch/roll such that ShapeOf(e).Ellipsoid() has the same axes up
// to the sign of each axis (a semi-axis and its negation describe the same
// ellipsoid). Axes that are not orthogonal are orthonormalised
// (Gram-Schmidt in order) for the angles; zero axes give zero radii and
// the identity rotation for what cannot be recovered.
func ShapeOf(e sweep.Ellipsoid) Shape {
	var s Shape
	var u [3]mgl64.Vec3
	for i, a := range e.Axes {
		s.Radii[i] = a.Len()
	}
	u[0] = unitOr(e.Axes[0], mgl64.Vec3{1, 0, 0})
	u[1] = unitOr(reject(e.Axes[1], u[0]), anyPerp(u[0]))
	u[2] = u[0].Cross(u[1]) // right-handed: a flipped third axis is the same ellipsoid
	R := mgl64.Mat3FromCols(u[0], u[1], u[2])
	s.Rot = eulerYXZ(R)
	return s
}

// eulerYXZ inverts R = Ry(y)·Rx(p)·Rz(r). With c = cos, s = sin:
// R[1][2] = -sin p, R[0][2] = sin y cos p, R[2][2] = cos y cos p,
// R[1][0] = cos p sin r, R[1][1] = cos p cos r. At gimbal lock (cos p ≈ 0)
// roll is set to 0 and yaw read from R[0][0] = cos y, R[2][0] = -sin y.
// Results are in degrees.
func eulerYXZ(R mgl64.Mat3) [3]float64 {
	at := func(row, col int) float64 { return R.At(row, col) }
	p := math.Asin(math.Max(-1, math.Min(1, -at(1, 2))))
	var y, r float64
	if math.Cos(p) > 1e-9 {
		y = math.Atan2(at(0, 2), at(2, 2))
		r = math.Atan2(at(1, 0), at(1, 1))
	} else {
		y = math.Atan2(-at(2, 0), at(0, 0))
	}
	return [3]float64{mgl64.RadToDeg(y), mgl64.RadToDeg(p), mgl64.RadToDeg(r)}
}

func unitOr(v, fallback mgl64.Vec3) mgl64.Vec3 {
	if l := v.Len(); l > 0 && !math.IsInf(l, 0) {
		return v.Mul(1 / l)
	}
	return fallback
}

// reject removes from v its component along the unit vector u.
func reject(v, u mgl64.Vec3) mgl64.Vec3 { return v.Sub(u.Mul(v.Dot(u))) }

// anyPerp returns a unit vector perpendicular to the unit vector u.
func anyPerp(u mgl64.Vec3) mgl64.Vec3 {
	a := mgl64.Vec3{1, 0, 0}
	if math.Abs(u[0]) > 0.9 {
		a = mgl64.Vec3{0, 1, 0}
	}
	return reject(a, u).Normalize()
}
