package geom

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// The products and sums of mgl64's vector and matrix methods, with every
// product rounded before it is added: the same values mgl64 gives on amd64
// (left to right, each product rounded), on every CPU.
//
// The Go specification lets the compiler fuse x*y + z into one multiply-add
// with a single rounding, and it does on arm64, ppc64le, s390x, riscv64 and
// amd64 built with GOAMD64=v3. A fused sum differs from the rounded one in
// its last bits, so the core, whose answers are compared bit for bit, would
// answer differently on an Apple Silicon Mac than on a PC; where two
// products should cancel exactly (a point on a plane, parallel edges) it
// gives a small non-zero where the rounded form gives zero, and can take
// another branch. An explicit conversion, float64(x*y), rounds the product
// and so prevents the fusion (the specification's own rule). mgl64's
// methods are inlined into their callers and fused there; the answer
// packages call these instead (docs/architecture.md, "The same answers on
// every CPU").

// Dot is a·b, mgl64.Vec3.Dot with each product rounded.
func Dot(a, b mgl64.Vec3) float64 {
	return float64(a[0]*b[0]) + float64(a[1]*b[1]) + float64(a[2]*b[2])
}

// LenSq is |a|², mgl64.Vec3.LenSqr with each product rounded.
func LenSq(a mgl64.Vec3) float64 { return Dot(a, a) }

// Len is |a|, mgl64.Vec3.Len with each product rounded.
func Len(a mgl64.Vec3) float64 { return math.Sqrt(Dot(a, a)) }

// Normalize is a/|a| as mgl64.Vec3.Normalize computes it (a times 1/|a|),
// with each product rounded; the zero vector gives NaNs, as mgl64's does.
func Normalize(a mgl64.Vec3) mgl64.Vec3 {
	l := 1.0 / Len(a)
	return mgl64.Vec3{float64(a[0] * l), float64(a[1] * l), float64(a[2] * l)}
}

// PlainCross is a x b, mgl64.Vec3.Cross with each product rounded. Cross
// is the accurate form for nearly parallel a and b.
func PlainCross(a, b mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{
		float64(a[1]*b[2]) - float64(a[2]*b[1]),
		float64(a[2]*b[0]) - float64(a[0]*b[2]),
		float64(a[0]*b[1]) - float64(a[1]*b[0]),
	}
}

// MulVec3 is m·v, mgl64.Mat3.Mul3x1 (m column-major) with each product
// rounded.
func MulVec3(m mgl64.Mat3, v mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{
		float64(m[0]*v[0]) + float64(m[3]*v[1]) + float64(m[6]*v[2]),
		float64(m[1]*v[0]) + float64(m[4]*v[1]) + float64(m[7]*v[2]),
		float64(m[2]*v[0]) + float64(m[5]*v[1]) + float64(m[8]*v[2]),
	}
}

// MulVec4 is m·v, mgl64.Mat4.Mul4x1 (m column-major) with each product
// rounded.
func MulVec4(m mgl64.Mat4, v mgl64.Vec4) mgl64.Vec4 {
	var r mgl64.Vec4
	for i := range r {
		r[i] = float64(m[i]*v[0]) + float64(m[i+4]*v[1]) + float64(m[i+8]*v[2]) + float64(m[i+12]*v[3])
	}
	return r
}

// Det3 is det m, mgl64.Mat3.Det with each product rounded.
func Det3(m mgl64.Mat3) float64 {
	return float64(m[0]*m[4]*m[8]) + float64(m[3]*m[7]*m[2]) + float64(m[6]*m[1]*m[5]) -
		float64(m[6]*m[4]*m[2]) - float64(m[3]*m[1]*m[8]) - float64(m[0]*m[7]*m[5])
}

// Scale is a·s, mgl64.Vec3.Mul with each product rounded: Go keeps some
// small arrays in registers, where a product could fuse with a later sum.
func Scale(a mgl64.Vec3, s float64) mgl64.Vec3 {
	return mgl64.Vec3{float64(a[0] * s), float64(a[1] * s), float64(a[2] * s)}
}

// Dot2 is a·b in the plane, mgl64.Vec2.Dot with each product rounded.
func Dot2(a, b mgl64.Vec2) float64 { return float64(a[0]*b[0]) + float64(a[1]*b[1]) }

// LenSq2 is |a|² in the plane, mgl64.Vec2.LenSqr with each product
// rounded.
func LenSq2(a mgl64.Vec2) float64 { return Dot2(a, a) }

// Scale2 is a·s in the plane, mgl64.Vec2.Mul with each product rounded.
func Scale2(a mgl64.Vec2, s float64) mgl64.Vec2 {
	return mgl64.Vec2{float64(a[0] * s), float64(a[1] * s)}
}

// InvMat3 is m⁻¹ as mgl64.Mat3.Inv computes it (the adjugate over Det3;
// the zero matrix when mgl64.FloatEqual calls the determinant zero), with
// each product rounded. Invert is the careful inverse.
func InvMat3(m mgl64.Mat3) mgl64.Mat3 {
	det := Det3(m)
	if mgl64.FloatEqual(det, 0) {
		return mgl64.Mat3{}
	}
	r := mgl64.Mat3{
		float64(m[4]*m[8]) - float64(m[5]*m[7]),
		float64(m[2]*m[7]) - float64(m[1]*m[8]),
		float64(m[1]*m[5]) - float64(m[2]*m[4]),
		float64(m[5]*m[6]) - float64(m[3]*m[8]),
		float64(m[0]*m[8]) - float64(m[2]*m[6]),
		float64(m[2]*m[3]) - float64(m[0]*m[5]),
		float64(m[3]*m[7]) - float64(m[4]*m[6]),
		float64(m[1]*m[6]) - float64(m[0]*m[7]),
		float64(m[0]*m[4]) - float64(m[1]*m[3]),
	}
	s := 1 / det
	for i := range r {
		r[i] = float64(r[i] * s)
	}
	return r
}

// MulMat4 is a·b, mgl64.Mat4.Mul4 (column-major) with each product
// rounded.
func MulMat4(a, b mgl64.Mat4) mgl64.Mat4 {
	var r mgl64.Mat4
	for c := 0; c < 4; c++ {
		for i := 0; i < 4; i++ {
			r[4*c+i] = float64(a[i]*b[4*c]) + float64(a[i+4]*b[4*c+1]) + float64(a[i+8]*b[4*c+2]) + float64(a[i+12]*b[4*c+3])
		}
	}
	return r
}

// QuatNormalize is q/|q| as mgl64.Quat.Normalize computes it (q itself
// when mgl64.FloatEqual calls |q| one, the identity for a zero q), with
// each product rounded.
func QuatNormalize(q mgl64.Quat) mgl64.Quat {
	l := math.Sqrt(float64(q.W*q.W) + float64(q.V[0]*q.V[0]) + float64(q.V[1]*q.V[1]) + float64(q.V[2]*q.V[2]))
	switch {
	case mgl64.FloatEqual(1, l):
		return q
	case l == 0:
		return mgl64.QuatIdent()
	case l == mgl64.InfPos:
		l = mgl64.MaxValue
	}
	return mgl64.Quat{W: q.W / l, V: Scale(q.V, 1/l)}
}

// QuatMat4 is the rotation matrix of the unit quaternion q, mgl64.Quat.Mat4
// with each product rounded.
func QuatMat4(q mgl64.Quat) mgl64.Mat4 {
	w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
	p := func(a, b float64) float64 { return float64(2 * a * b) }
	return mgl64.Mat4{
		1 - p(y, y) - p(z, z), p(x, y) + p(w, z), p(x, z) - p(w, y), 0,
		p(x, y) - p(w, z), 1 - p(x, x) - p(z, z), p(y, z) + p(w, x), 0,
		p(x, z) + p(w, y), p(y, z) - p(w, x), 1 - p(x, x) - p(y, y), 0,
		0, 0, 0, 1,
	}
}
