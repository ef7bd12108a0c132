package editor

import (
	"sweepdbg/geom"

	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/sweep"
)

// Shape is the Shape panel's view of the moved solid: its kind, its sizes
// and a rotation as yaw (about world y), pitch (about x) and roll (about
// z) in degrees, applied as R = Ry(yaw)·Rx(pitch)·Rz(roll). An
// ellipsoid's semi-axes and a box's half extents are Radii[i]·R·e_i; a
// capsule is the points within Radius of the segment from -Half·R·e_y to
// Half·R·e_y (its body y is its long axis). Fields of the other kinds
// are ignored (As converts between kinds).
type Shape struct {
	Kind   sweep.ShapeKind
	Radii  [3]float64 // ellipsoid semi-axes, box half extents, along the body's x, y, z
	Rot    [3]float64 // yaw, pitch, roll in degrees
	Radius float64    // capsule radius
	Half   float64    // capsule half segment length (0: a sphere)
}

// maxRadius bounds a radius so that the core's unit-sphere transform stays
// well inside float64 range; larger values are refused as input errors.
const maxRadius = 1e6

// Validate reports the first invalid number, naming the field: radii,
// half extents and a capsule's radius must be finite, positive and at most
// 1e6; a capsule's half segment finite, at least 0 and at most 1e6;
// angles finite; the kind one of the three.
func (s Shape) Validate() error {
	switch s.Kind {
	case sweep.KindEllipsoid, sweep.KindBox:
		name := "radius"
		if s.Kind == sweep.KindBox {
			name = "half extent"
		}
		for i, r := range s.Radii {
			if err := checkSize(fmt.Sprintf("%s %c", name, "xyz"[i]), r, false); err != nil {
				return err
			}
		}
	case sweep.KindCapsule:
		if err := checkSize("capsule radius", s.Radius, false); err != nil {
			return err
		}
		if err := checkSize("half segment", s.Half, true); err != nil {
			return err
		}
	default:
		return fmt.Errorf("unknown shape kind %d", s.Kind)
	}
	for i, a := range s.Rot {
		if math.IsNaN(a) || math.IsInf(a, 0) {
			return fmt.Errorf("%s = %g: must be a finite angle in degrees", rotNames[i], a)
		}
	}
	return nil
}

// checkSize refuses a size that is not finite, above maxRadius, or not
// positive (negative when zero is allowed).
func checkSize(name string, v float64, zero bool) error {
	if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || v == 0 && !zero || v > maxRadius {
		want := "positive"
		if zero {
			want = "at least 0"
		}
		return fmt.Errorf("%s = %g: must be %s, finite and at most %g", name, v, want, maxRadius)
	}
	return nil
}

// Kinds are the shape kinds the Shape panel offers, in its order.
var Kinds = []sweep.ShapeKind{sweep.KindEllipsoid, sweep.KindCapsule, sweep.KindBox}

// Sweep returns the shape as the core takes it (only the field of its
// kind is set).
func (s Shape) Sweep() sweep.Shape {
	out := sweep.Shape{Kind: s.Kind}
	R := s.rotation()
	switch s.Kind {
	case sweep.KindEllipsoid:
		out.Ellipsoid = s.Ellipsoid()
	case sweep.KindCapsule:
		out.Capsule = sweep.Capsule{Radius: s.Radius, HalfSegment: geom.Scale(R.Col(1), s.Half)}
	case sweep.KindBox:
		for i := range 3 {
			out.Box.Axes[i] = geom.Scale(R.Col(i), s.Radii[i])
		}
	}
	return out
}

// As returns the shape converted to kind with a sensible size: the same
// extents and rotation between an ellipsoid and a box; a capsule as tall
// as the ellipsoid or box along its tallest axis (the one reaching
// highest in world y), its radius the smaller of the other two radii and
// its segment along that axis; an ellipsoid or box from a capsule with
// radii (Radius, Half + Radius, Radius) in the capsule's rotation.
func (s Shape) As(kind sweep.ShapeKind) Shape {
	if kind == s.Kind {
		return s
	}
	out := Shape{Kind: kind, Rot: s.Rot}
	switch {
	case s.Kind == sweep.KindCapsule:
		out.Radii = [3]float64{s.Radius, s.Half + s.Radius, s.Radius}
	case kind == sweep.KindCapsule:
		R := s.rotation()
		k := 0
		for i := range 3 {
			if s.Radii[i]*math.Abs(R.At(1, i)) > s.Radii[k]*math.Abs(R.At(1, k)) {
				k = i
			}
		}
		out.Radius = min(s.Radii[(k+1)%3], s.Radii[(k+2)%3])
		out.Half = max(s.Radii[k]-out.Radius, 0)
		if k != 1 {
			out.Rot = rotToward(R.Col(k))
		}
	default:
		out.Radii = s.Radii
	}
	return out
}

// rotToward returns yaw and pitch (roll 0) that turn the body's y onto the
// unit vector u: R·e_y = (sin yaw sin pitch, cos pitch, cos yaw sin pitch).
func rotToward(u mgl64.Vec3) [3]float64 {
	p := math.Acos(math.Max(-1, math.Min(1, u[1])))
	y := math.Atan2(u[0], u[2])
	if math.Abs(math.Sin(p)) < 1e-12 {
		y = 0
	}
	return [3]float64{mgl64.RadToDeg(y), mgl64.RadToDeg(p), 0}
}

// ShapeFrom is the panel's view of a core shape: shapeOf for an
// ellipsoid and for a box's axes (kind box), and for a capsule its radius,
// the half segment's length, and yaw and pitch toward the segment (the
// identity rotation for a sphere).
func ShapeFrom(sh sweep.Shape) Shape {
	switch sh.Kind {
	case sweep.KindCapsule:
		c := sh.Capsule
		s := Shape{Kind: sweep.KindCapsule, Radius: c.Radius, Half: geom.Len(c.HalfSegment)}
		if s.Half > 0 && !math.IsInf(s.Half, 0) {
			s.Rot = rotToward(geom.Scale(c.HalfSegment, 1/s.Half))
		}
		return s
	case sweep.KindBox:
		s := shapeOf(sweep.Ellipsoid{Axes: sh.Box.Axes})
		s.Kind = sweep.KindBox
		return s
	}
	s := shapeOf(sh.Ellipsoid)
	s.Kind = sh.Kind // an unknown kind stays unknown, for Validate to refuse
	return s
}

var rotNames = [3]string{"yaw", "pitch", "roll"}

// rotation returns R = Ry(yaw)·Rx(pitch)·Rz(roll).
func (s Shape) rotation() mgl64.Mat3 {
	y, p, r := mgl64.DegToRad(s.Rot[0]), mgl64.DegToRad(s.Rot[1]), mgl64.DegToRad(s.Rot[2])
	return mgl64.Rotate3DY(y).Mul3(mgl64.Rotate3DX(p)).Mul3(mgl64.Rotate3DZ(r))
}

// Ellipsoid returns the ellipsoid with the shape's radii and rotation
// (whatever its kind).
func (s Shape) Ellipsoid() sweep.Ellipsoid {
	R := s.rotation()
	var e sweep.Ellipsoid
	for i := 0; i < 3; i++ {
		e.Axes[i] = geom.Scale(R.Col(i), s.Radii[i])
	}
	return e
}

// shapeOf decomposes an ellipsoid's semi-axes into radii (their lengths)
// and yaw/pitch/roll such that shapeOf(e).Ellipsoid() has the same axes up
// to the sign of each axis (a semi-axis and its negation describe the same
// ellipsoid). Axes that are not orthogonal are orthonormalised
// (Gram-Schmidt in order) for the angles; zero axes give zero radii and
// the identity rotation for what cannot be recovered.
func shapeOf(e sweep.Ellipsoid) Shape {
	var s Shape
	var u [3]mgl64.Vec3
	for i, a := range e.Axes {
		s.Radii[i] = geom.Len(a)
	}
	u[0] = unitOr(e.Axes[0], mgl64.Vec3{1, 0, 0})
	u[1] = unitOr(reject(e.Axes[1], u[0]), anyPerp(u[0]))
	u[2] = geom.PlainCross(u[0], u[1]) // right-handed: a flipped third axis is the same ellipsoid
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
	if l := geom.Len(v); l > 0 && !math.IsInf(l, 0) {
		return geom.Scale(v, 1/l)
	}
	return fallback
}

// reject removes from v its component along the unit vector u.
func reject(v, u mgl64.Vec3) mgl64.Vec3 { return v.Sub(geom.Scale(u, geom.Dot(v, u))) }

// anyPerp returns a unit vector perpendicular to the unit vector u.
func anyPerp(u mgl64.Vec3) mgl64.Vec3 {
	a := mgl64.Vec3{1, 0, 0}
	if math.Abs(u[0]) > 0.9 {
		a = mgl64.Vec3{0, 1, 0}
	}
	return geom.Normalize(reject(a, u))
}
