// Package randgeom draws the random numbers, vectors, rotations and
// degenerate triangles the core's property tests and case families are
// made of, so that every generator draws them the same way from a
// *rand.Rand.
package randgeom

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// Uniform is uniform in [lo, hi).
func Uniform(r *rand.Rand, lo, hi float64) float64 { return lo + float64((hi-lo)*r.Float64()) }

// UniformVec has each component uniform in [lo, hi).
func UniformVec(r *rand.Rand, lo, hi float64) mgl64.Vec3 {
	return mgl64.Vec3{Uniform(r, lo, hi), Uniform(r, lo, hi), Uniform(r, lo, hi)}
}

// Dir is a uniformly distributed unit vector (a normalised Gaussian
// vector, drawn again in the rare case it is shorter than 1e-3).
func Dir(r *rand.Rand) mgl64.Vec3 {
	for {
		v := mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}
		if l := geom.Len(v); l > 1e-3 {
			return geom.Scale(v, 1/l)
		}
	}
}

// Rotation is a uniformly distributed rotation (a normalised Gaussian
// quaternion).
func Rotation(r *rand.Rand) mgl64.Mat3 {
	q := mgl64.Quat{W: r.NormFloat64(), V: mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}}
	return geom.QuatMat4(geom.QuatNormalize(q)).Mat3()
}

// DegenerateTriangle is collinear, has coinciding vertices, or is a sliver
// whose height is 1e-3 to 1e-15 of its size.
func DegenerateTriangle(r *rand.Rand) geom.Triangle {
	a, b := UniformVec(r, -5, 5), UniformVec(r, -5, 5)
	ab := b.Sub(a)
	var c mgl64.Vec3
	switch r.IntN(6) {
	case 0: // collinear, anywhere along the line
		c = a.Add(geom.Scale(ab, Uniform(r, -1, 2)))
	case 1: // two vertices coincide
		c = a
	case 2: // all three coincide
		b, c = a, a
	case 3: // collinear at simple fractions (exact in binary)
		c = a.Add(geom.Scale(ab, []float64{0.5, 0.25, 2, -1}[r.IntN(4)]))
	default: // sliver
		perp := geom.Normalize(geom.PlainCross(ab, Dir(r)))
		c = a.Add(geom.Scale(ab, Uniform(r, -0.5, 1.5))).Add(geom.Scale(perp, float64(geom.Len(ab)*math.Pow(10, -Uniform(r, 3, 15)))))
	}
	t := geom.Triangle{a, b, c}
	i := r.IntN(3) // any vertex may be the odd one
	return geom.Triangle{t[i], t[(i+1)%3], t[(i+2)%3]}
}
