package sweep

import "math"

// lowestRoot returns the first t in [0, upper] at which the concave
// quadratic a t² + b t + c (a <= 0) reaches zero from below, that is the
// first time a swept circle or sphere touches a vertex or an edge (Rouwé,
// section 3.6, FindLowestRootInInterval). The quadratics of sections 3.4
// and 3.5 are "squared radius minus squared distance", so touching means
// a t² + b t + c >= 0.
//
// Two defects of the published routine are fixed here:
//
//   - When the smaller root is negative and the larger positive (c >= 0: the
//     sphere already touches at t = 0, whether it moves in or out) the
//     published routine returns the larger root, the exit time, and a
//     touching ellipsoid tunnels through. We return 0.
//   - It divides by a, which is zero when the motion is parallel to the edge
//     (or zero), and relies on the +Inf/NaN that follow. We never need the
//     larger root q/a: with c < 0 and b > 0 the smaller root is the Numerical
//     Recipes form c/q = -2c/(b + sqrt(b² - 4ac)), whose denominator is at
//     least b > 0, and which tends to the linear root -c/b as a -> 0.
//
// No tolerance is involved: c < 0 and b <= 0 means the quadratic starts
// below zero and (being concave) only falls, so there is no root. NaN input
// gives no root.
//
// The root is meaningful only when lowestRoot reports true. Past c >= 0
// (rare: a start already touching) it is computed whatever b and the
// discriminant, and the tests that decide whether it counts are combined
// with b2u into one branch (for NaN each compares as the branches it
// replaces did: b > 0 false, disc < 0 false): whether the motion
// approaches (b > 0) is unpredictable, and a square root and a division
// cost less than the branch mispredicted. The square root of a negative
// number and a division by zero raise nothing in Go.
func lowestRoot(a, b, c, upper float64) (float64, bool) {
	if c >= 0 {
		return 0, upper >= 0
	}
	disc := float64(b*b) - float64(4*a*c)
	t := -2 * c / (b + math.Sqrt(disc))
	// A root counts when the quadratic rises at t = 0 (approaching: b > 0),
	// reaches zero at all (real roots) and does so by upper. Without real
	// roots disc < 0, its square root is NaN, and so is t, which fails
	// t <= upper: that test holds the root's existence too (as it does for
	// a NaN disc, which the test !(disc < 0) let through). One expression:
	// lowestRoot must stay within the inlining budget.
	return t, b2u(b > 0)&b2u(t <= upper) != 0
}
