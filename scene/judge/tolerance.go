package judge

import "math"

// Tolerance says how far an answer may be from the exact one before it is
// wrong. Distances are in shape units (docs/contract.md, "Shapes"): for
// the ellipsoid, distances in the space where it is a unit sphere, so
// that contact is distance 1 whatever its size.
type Tolerance struct {
	// T bounds how far a claimed first contact may be from a true one:
	// how far apart the shape and the mesh are at the claimed T, or how
	// deep the shape went before it; and how deep a slide may end or
	// pass. Shape units.
	T float64
	// Point bounds the distance between two contact points, and from a
	// contact to the feature or triangle it claims. Shape units.
	Point float64
	// Normal bounds the length of the difference of two unit normals.
	Normal float64
}

// Exact is what the core promises, and what the three built-in
// algorithms are held to against each other: 1e-6 for T; 1e-5 for points
// and normals, which move with T and are computed from it (a contact
// point of a grazing motion moves at the center's speed).
var Exact = Tolerance{T: 1e-6, Point: 1e-5, Normal: 1e-5}

// Engine is the default tolerance for a user's engine: 1e-4 for
// everything (docs/engine-protocol.md), about what float32 code reaches on
// scenes a few hundred units across.
var Engine = Uniform(1e-4)

// Uniform is the tolerance x for T, points and normals alike: what a
// command line's --tolerance sets.
func Uniform(x float64) Tolerance { return Tolerance{T: x, Point: x, Normal: x} }

// orDefault is t with def's field in place of every field that is not a
// positive finite number.
func (t Tolerance) orDefault(def Tolerance) Tolerance {
	pick := func(x, d float64) float64 {
		if x > 0 && !math.IsInf(x, 1) {
			return x
		}
		return d
	}
	return Tolerance{T: pick(t.T, def.T), Point: pick(t.Point, def.Point), Normal: pick(t.Normal, def.Normal)}
}

// Max is the largest of the three bounds, for a one-number summary.
func (t Tolerance) Max() float64 { return max(t.T, t.Point, t.Normal) }

// Tolerance is the tolerance j applies: Tol, with Engine's value in place
// of every field that is not a positive finite number.
func (j Judge) Tolerance() Tolerance { return j.Tol.orDefault(Engine) }
