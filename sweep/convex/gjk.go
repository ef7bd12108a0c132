// Package convex is a second, independent algorithm for the first contact
// of a translating convex shape (capsule, box or ellipsoid) with a
// triangle: conservative advancement (Mirtich, "Impulse-based Dynamic
// Simulation of Rigid Body Systems", PhD thesis, UC Berkeley 1996, §2.3)
// driven by the Gilbert-Johnson-Keerthi distance algorithm (Gilbert,
// Johnson and Keerthi, IEEE J. Robotics and Automation 4(2), 1988; as in
// van den Bergen, "Collision Detection in Interactive 3D Environments",
// 2003, §4.3) on support mappings.
//
// It exists to cross-check the core (package sweep) and the numeric
// oracle (sweep/oracle), so it shares no code with either: it imports
// neither them nor geom, and works only through support functions, never
// through closed-form feature tests (the oracle's segment-triangle pairs
// and separating axes, the core's analytic roots).
package convex

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// support is a convex set's support mapping: a point of the set farthest
// along d, and, for the triangle, which vertex it is (-1 otherwise).
type support func(d mgl64.Vec3) (mgl64.Vec3, int)

// vertex is a point of the Minkowski difference A - B with the points of
// A and B it came from.
type vertex struct {
	w, a, b mgl64.Vec3
	bi      int // index of b among the triangle's vertices
}

// result is what gjk found: the closest points of A and B, the vector v =
// a - b between them (from B to A) with lower a lower bound on its length
// (van den Bergen §4.3.5: v·w/|v| over the iterations), whether A and B
// overlap (or touch within rounding), and the barycentric weights of B's
// point over the triangle's vertices.
type result struct {
	a, b    mgl64.Vec3
	v       mgl64.Vec3
	lower   float64
	overlap bool
	weights [3]float64
	face    mgl64.Vec3 // for a final simplex of three points (a face of A - B), its normal toward v; else zero
}

// GJK tolerances.
const (
	// relTol ends the iteration once the upper bound |v| and the lower
	// bound v·w/|v| agree to 1e-12 relative (van den Bergen §4.3.5:
	// |v|² - v·w <= relTol·|v|²), about 1e4 ulps: tight enough for the
	// tests' 1e-6, loose enough that rounding cannot stall it.
	relTol = 1e-12
	// absTol is the same test in absolute terms, relative to the size of
	// the points involved (scale): 1e-13·scale is a few hundred ulps of
	// the coordinates, below which |v| is rounding noise; it also decides
	// "overlapping" (|v| <= absTol·scale).
	absTol = 1e-13
	// maxIter bounds the iteration: polytopes converge in a few steps;
	// the ellipsoid (a smooth set) converges linearly and may use more.
	maxIter = 200
)

// gjk computes the distance between the convex sets with support mappings
// sa and sb (van den Bergen 2003, Algorithm 4.3 with Johnson's
// sub-algorithm replaced by an exhaustive closest-point search over the
// faces of the simplex, simplexClosest).
func gjk(sa, sb support) result {
	first := func(d mgl64.Vec3) vertex {
		a, _ := sa(d)
		b, bi := sb(d.Mul(-1))
		return vertex{w: a.Sub(b), a: a, b: b, bi: bi}
	}
	simplex := []vertex{first(mgl64.Vec3{1, 0, 0})}
	v, lam := simplex[0].w, []float64{1}
	scale := v.Len()
	lower := 0.0
	for i := 0; i < maxIter; i++ {
		vv := v.Dot(v)
		if vv <= sq(absTol*scale) {
			return finish(simplex, lam, v, 0, true)
		}
		x := first(v.Mul(-1))
		scale = math.Max(scale, x.w.Len())
		vw := v.Dot(x.w)
		if vw > 0 {
			lower = math.Max(lower, vw/math.Sqrt(vv))
		}
		if vv-vw <= relTol*vv || vv-vw <= sq(absTol*scale) || contains(simplex, x.w) {
			break
		}
		simplex = append(simplex, x)
		simplex, lam, v = simplexClosest(simplex)
		if len(simplex) == 4 {
			return finish(simplex, lam, v, 0, true)
		}
	}
	return finish(simplex, lam, v, math.Min(lower, v.Len()), false)
}

func sq(x float64) float64 { return x * x }

func contains(s []vertex, w mgl64.Vec3) bool {
	for _, x := range s {
		if x.w == w {
			return true
		}
	}
	return false
}

// finish assembles the result from the simplex and its weights.
func finish(s []vertex, lam []float64, v mgl64.Vec3, lower float64, overlap bool) result {
	r := result{v: v, lower: lower, overlap: overlap}
	for i, x := range s {
		r.a = r.a.Add(x.a.Mul(lam[i]))
		r.b = r.b.Add(x.b.Mul(lam[i]))
		if x.bi >= 0 {
			r.weights[x.bi] += lam[i]
		}
	}
	if overlap {
		r.v = mgl64.Vec3{}
	}
	if len(s) == 3 {
		r.face = s[1].w.Sub(s[0].w).Cross(s[2].w.Sub(s[0].w))
		if r.face.Dot(s[0].w) < 0 {
			r.face = r.face.Mul(-1)
		}
	}
	return r
}

// simplexClosest returns the smallest face of the simplex (up to four
// points) whose relative interior holds the point of the simplex closest
// to the origin, with that point's barycentric weights and the point. It
// tries every non-empty subset: the projection of the origin on a subset's
// affine hull, when all its weights are positive, is a point of the
// simplex; the closest point is the projection onto the face whose
// relative interior holds it, so the smallest of those candidates is
// exact (the brute-force form of Johnson's sub-algorithm, van den Bergen
// §4.3.3). When the whole tetrahedron holds the origin the result has
// four points and v is zero.
func simplexClosest(s []vertex) ([]vertex, []float64, mgl64.Vec3) {
	bestD := math.Inf(1)
	var best []vertex
	var bestL []float64
	var bestV mgl64.Vec3
	for mask := 1; mask < 1<<len(s); mask++ {
		var sub []vertex
		for i := range s {
			if mask>>i&1 == 1 {
				sub = append(sub, s[i])
			}
		}
		lam, ok := project(sub)
		if !ok {
			continue
		}
		var v mgl64.Vec3
		for i, x := range sub {
			v = v.Add(x.w.Mul(lam[i]))
		}
		if d := v.Dot(v); d < bestD || d == bestD && len(sub) < len(best) {
			bestD, best, bestL, bestV = d, sub, lam, v
		}
	}
	return best, bestL, bestV
}

// project returns the barycentric weights of the origin's projection on
// the affine hull of the points, if that hull is non-degenerate and all
// the weights are positive. With y_i = w_i - w_0 it solves the normal
// equations Σ_j (y_i·y_j) μ_j = -y_i·w_0 for μ (weights of w_1..w_k; w_0
// gets 1 - Σμ) by Cramer's rule (k <= 3).
func project(s []vertex) ([]float64, bool) {
	k := len(s) - 1
	if k == 0 {
		return []float64{1}, true
	}
	var y [3]mgl64.Vec3
	var g [3][3]float64
	var rhs [3]float64
	for i := 0; i < k; i++ {
		y[i] = s[i+1].w.Sub(s[0].w)
	}
	for i := 0; i < k; i++ {
		for j := 0; j < k; j++ {
			g[i][j] = y[i].Dot(y[j])
		}
		rhs[i] = -y[i].Dot(s[0].w)
	}
	mu, ok := solve(g, rhs, k)
	if !ok {
		return nil, false
	}
	lam := make([]float64, k+1)
	lam[0] = 1
	for i := 0; i < k; i++ {
		lam[i+1] = mu[i]
		lam[0] -= mu[i]
	}
	for _, l := range lam {
		if !(l > 0) {
			return nil, false
		}
	}
	return lam, true
}

// solve solves the k×k (k <= 3) symmetric system g·x = r by Cramer's rule;
// false when the determinant is not clearly non-zero (below 1e-14 of the
// product of the diagonal: the points are affinely dependent to within
// rounding, and a smaller face gives the same closest point).
func solve(g [3][3]float64, r [3]float64, k int) ([3]float64, bool) {
	var x [3]float64
	diag := 1.0
	for i := 0; i < k; i++ {
		diag *= g[i][i]
	}
	det := det3(g, k)
	if !(math.Abs(det) > 1e-14*diag) {
		return x, false
	}
	for c := 0; c < k; c++ {
		m := g
		for i := 0; i < k; i++ {
			m[i][c] = r[i]
		}
		x[c] = det3(m, k) / det
	}
	return x, true
}

// det3 is the determinant of the leading k×k block of m.
func det3(m [3][3]float64, k int) float64 {
	switch k {
	case 1:
		return m[0][0]
	case 2:
		return m[0][0]*m[1][1] - m[0][1]*m[1][0]
	}
	return m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) -
		m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) +
		m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
}
