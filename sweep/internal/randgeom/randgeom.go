// Package randgeom draws the random numbers, vectors and rotations the
// core's property tests and case families are made of, so that every
// generator draws them the same way from a *rand.Rand.
package randgeom

import (
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"
)

// Uniform is uniform in [lo, hi).
func Uniform(r *rand.Rand, lo, hi float64) float64 { return lo + (hi-lo)*r.Float64() }

// UniformVec has each component uniform in [lo, hi).
func UniformVec(r *rand.Rand, lo, hi float64) mgl64.Vec3 {
	return mgl64.Vec3{Uniform(r, lo, hi), Uniform(r, lo, hi), Uniform(r, lo, hi)}
}

// Dir is a uniformly distributed unit vector (a normalised Gaussian
// vector, drawn again in the rare case it is shorter than 1e-3).
func Dir(r *rand.Rand) mgl64.Vec3 {
	for {
		v := mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}
		if l := v.Len(); l > 1e-3 {
			return v.Mul(1 / l)
		}
	}
}

// Rotation is a uniformly distributed rotation (a normalised Gaussian
// quaternion).
func Rotation(r *rand.Rand) mgl64.Mat3 {
	q := mgl64.Quat{W: r.NormFloat64(), V: mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}}
	return q.Normalize().Mat4().Mat3()
}
