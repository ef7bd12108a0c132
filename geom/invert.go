package geom

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Invert returns m⁻¹ for any scale of m, or false when m is singular
// (|det| at most 1e-12 of the product of its column lengths: columns
// within 1e-12 rad of coplanar) or the inverse is not finite. It scales m
// by its largest entry s first, inverts the unit-sized matrix by the
// adjugate over the determinant, and scales back by 1/s, so neither the
// determinant (s³, which is 0 in float64 for s = 1e-110) nor a fixed
// threshold (mgl64's Inv treats |det| < 1e-10 as 0, which zeroes the
// inverse of any ellipsoid with semi-axes below 5e-4) depends on the
// scene's units. Use it for the map from an ellipsoid's unit space to the
// world (the matrix whose columns are its semi-axes).
func Invert(m mgl64.Mat3) (mgl64.Mat3, bool) {
	s := 0.0
	for _, x := range m {
		s = math.Max(s, math.Abs(x))
	}
	if !(s > 0) || math.IsInf(s, 0) {
		return mgl64.Mat3{}, false
	}
	u := m.Mul(1 / s)
	det := Det3(u)
	if !(math.Abs(det) > 1e-12*Len(u.Col(0))*Len(u.Col(1))*Len(u.Col(2))) {
		return mgl64.Mat3{}, false
	}
	c0, c1, c2 := u.Col(0), u.Col(1), u.Col(2)
	// The rows of the inverse are the cross products of pairs of columns
	// over det.
	inv := mgl64.Mat3FromRows(Cross(c1, c2), Cross(c2, c0), Cross(c0, c1)).Mul(1 / (det * s))
	for _, x := range inv {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return mgl64.Mat3{}, false
		}
	}
	return inv, true
}
