package sweep

import (
	"fmt"
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl64"
)

// ShapeKind names the kind of solid a Motion moves (docs/contract.md,
// "Shapes"). The zero value is KindEllipsoid, so a Shape written with only
// its Ellipsoid field is an ellipsoid.
type ShapeKind uint8

// The kinds of shape, in the fixture format's spelling (String).
const (
	KindEllipsoid ShapeKind = iota // three orthogonal semi-axes
	KindCapsule                    // the points within Radius of a segment
	KindBox                        // three orthogonal half-extent vectors
)

// String returns "ellipsoid", "capsule" or "box" (the fixture format's
// field names), or "shape(N)" for an out-of-range value.
func (k ShapeKind) String() string {
	switch k {
	case KindEllipsoid:
		return "ellipsoid"
	case KindCapsule:
		return "capsule"
	case KindBox:
		return "box"
	}
	return "shape(" + strconv.Itoa(int(k)) + ")"
}

// Capsule is the set of points within Radius of the segment from center -
// HalfSegment to center + HalfSegment (world units). HalfSegment may be the
// zero vector: a sphere of radius Radius. It does not rotate while swept.
type Capsule struct {
	Radius      float64
	HalfSegment mgl64.Vec3
}

// Box is center + u·Axes[0] + v·Axes[1] + w·Axes[2] for |u|, |v|, |w| <= 1:
// three orthogonal half-extent vectors in world units, so a box of any
// orientation. It does not rotate while swept.
type Box struct {
	Axes [3]mgl64.Vec3
}

// Shape is the solid a Motion moves: exactly one of an ellipsoid, a capsule
// or a box, chosen by Kind; the fields of the other kinds are ignored. It
// is a plain value (comparable with ==).
type Shape struct {
	Kind      ShapeKind
	Ellipsoid Ellipsoid // when Kind is KindEllipsoid
	Capsule   Capsule   // when Kind is KindCapsule
	Box       Box       // when Kind is KindBox
}

// EllipsoidShape returns e as a Shape.
func EllipsoidShape(e Ellipsoid) Shape { return Shape{Kind: KindEllipsoid, Ellipsoid: e} }

// CapsuleShape returns c as a Shape.
func CapsuleShape(c Capsule) Shape { return Shape{Kind: KindCapsule, Capsule: c} }

// BoxShape returns b as a Shape.
func BoxShape(b Box) Shape { return Shape{Kind: KindBox, Box: b} }

// Validate reports what is wrong with the shape of s.Kind, or nil: see
// Ellipsoid.Validate, Capsule.Validate and Box.Validate. An unknown Kind
// is an error.
func (s Shape) Validate() error {
	switch s.Kind {
	case KindEllipsoid:
		return s.Ellipsoid.Validate()
	case KindCapsule:
		return s.Capsule.Validate()
	case KindBox:
		return s.Box.Validate()
	}
	return fmt.Errorf("sweep: unknown shape kind %d", s.Kind)
}

// Unit is the length that tolerances on this shape are measured in
// (docs/contract.md, "Shapes"): the ellipsoid's smallest semi-axis, the
// capsule's radius or the box's smallest half extent, in world units. It
// is also what the default slide skin is a fraction of. For an unknown
// kind it is 0.
func (s Shape) Unit() float64 {
	switch s.Kind {
	case KindEllipsoid:
		return s.Ellipsoid.minAxis()
	case KindCapsule:
		return math.Abs(s.Capsule.Radius)
	case KindBox:
		return min(axisLen(s.Box.Axes[0]), axisLen(s.Box.Axes[1]), axisLen(s.Box.Axes[2]))
	}
	return 0
}

// Extent returns the half-size of the shape's world AABB (centered on its
// center), exact for any orientation: for the ellipsoid
// sqrt(Σ_i a_i[k]²) on axis k, for the capsule |s[k]| + r, for the box
// Σ_i |a_i[k]|.
func (s Shape) Extent() mgl64.Vec3 { return s.extent() }

// extent is Extent without copying the shape (a mesh cast asks it once a
// cast).
func (s *Shape) extent() mgl64.Vec3 {
	switch s.Kind {
	case KindCapsule:
		c := s.Capsule
		r := math.Abs(c.Radius)
		return mgl64.Vec3{math.Abs(c.HalfSegment[0]) + r, math.Abs(c.HalfSegment[1]) + r, math.Abs(c.HalfSegment[2]) + r}
	case KindBox:
		a := &s.Box.Axes
		return mgl64.Vec3{
			math.Abs(a[0][0]) + math.Abs(a[1][0]) + math.Abs(a[2][0]),
			math.Abs(a[0][1]) + math.Abs(a[1][1]) + math.Abs(a[2][1]),
			math.Abs(a[0][2]) + math.Abs(a[1][2]) + math.Abs(a[2][2]),
		}
	}
	return s.Ellipsoid.Extent()
}

// valid is s.Validate() == nil without making an error: quickValid's
// answer for the shapes a game casts (a cast asks it every time), Validate
// for the rest.
func (s *Shape) valid() bool {
	return s.quickValid() || s.Validate() == nil
}

// quickValid reports true only for capsules and boxes Validate accepts,
// decided on squares without its divisions and square roots: a radius, or
// every half extent's length, within [1e-70, 1e70] (inside [MinAxis,
// MaxAxis], and where no square or product of two squares below
// overflows or underflows), a half segment no longer than 1e70, and
// every pair of box axes with (a·b)² <= (OrthogonalTolerance/2)²|a|²|b|²,
// half Validate's cosine, a margin far above the rounding of these
// products. NaN fails every comparison. It reports false for what it
// does not decide.
func (s *Shape) quickValid() bool {
	const lo, hi = 1e-140, 1e140 // the squared lengths' range
	switch s.Kind {
	case KindCapsule:
		r := s.Capsule.Radius
		return r >= 1e-70 && r <= 1e70 && v3(s.Capsule.HalfSegment).lenSq() <= hi
	case KindBox:
		a := &s.Box.Axes
		v0, v1, v2 := v3p(&a[0]), v3p(&a[1]), v3p(&a[2])
		l0, l1, l2 := v0.lenSq(), v1.lenSq(), v2.lenSq()
		d01, d12, d20 := v0.dot(v1), v1.dot(v2), v2.dot(v0)
		const c2 = OrthogonalTolerance * OrthogonalTolerance / 4
		return l0 >= lo && l0 <= hi && l1 >= lo && l1 <= hi && l2 >= lo && l2 <= hi &&
			d01*d01 <= c2*l0*l1 && d12*d12 <= c2*l1*l2 && d20*d20 <= c2*l2*l0
	}
	return false
}

// Validate reports whether c describes a capsule: Radius finite and within
// [MinAxis, MaxAxis], HalfSegment finite with length at most MaxAxis (zero
// is allowed: a sphere). The error names the field at fault.
func (c Capsule) Validate() error {
	r := c.Radius
	switch {
	case math.IsNaN(r) || math.IsInf(r, 0):
		return fmt.Errorf("sweep: capsule radius %v is not finite", r)
	case r <= 0:
		return fmt.Errorf("sweep: capsule radius %g is not positive", r)
	case r < MinAxis || r > MaxAxis:
		return fmt.Errorf("sweep: capsule radius %g is outside [%g, %g]", r, MinAxis, MaxAxis)
	}
	switch l := axisLen(c.HalfSegment); {
	case math.IsNaN(l) || math.IsInf(l, 0):
		return fmt.Errorf("sweep: capsule half segment %v is not finite", c.HalfSegment)
	case l > MaxAxis:
		return fmt.Errorf("sweep: capsule half segment has length %g, above %g", l, MaxAxis)
	}
	return nil
}

// Validate reports whether b describes a box: the same rules as
// Ellipsoid.Validate (every half extent finite, of length within [MinAxis,
// MaxAxis], every pair orthogonal within OrthogonalTolerance). The error
// names the axis at fault.
func (b Box) Validate() error {
	return checkAxes("box", b.Axes)
}
