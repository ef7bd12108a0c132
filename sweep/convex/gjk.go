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
	"sweepdbg/geom"

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
// a - b between them (from B to A), a separating direction: the unit n
// and the separation sep along it (every point of A - B has x·n >= sep,
// van den Bergen §4.3.5: v·w/|v| for the support point w along -v, the
// best over the iterations), whether A and B overlap (or touch within
// rounding), the barycentric weights of B's point over the triangle's
// vertices, and the face of the final simplex.
type result struct {
	a, b    mgl64.Vec3
	v       mgl64.Vec3
	n       mgl64.Vec3
	sep     float64
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
	supportAB := func(d mgl64.Vec3) vertex { // the support point of A - B along d
		a, _ := sa(d)
		b, bi := sb(geom.Scale(d, -1))
		return vertex{w: a.Sub(b), a: a, b: b, bi: bi}
	}
	simplex := []vertex{supportAB(mgl64.Vec3{1, 0, 0})}
	v, lam := simplex[0].w, []float64{1}
	scale := geom.Len(v)
	sep, n := math.Inf(-1), mgl64.Vec3{}
	for i := 0; i < maxIter; i++ {
		vv := geom.Dot(v, v)
		if vv <= sq(float64(absTol*scale)) {
			return finish(simplex, lam, v, n, sep, true)
		}
		x := supportAB(geom.Scale(v, -1))
		scale = math.Max(scale, geom.Len(x.w))
		vw := geom.Dot(v, x.w)
		if l := vw / math.Sqrt(vv); l > sep {
			sep, n = l, geom.Scale(v, 1/math.Sqrt(vv))
		}
		if vv-vw <= relTol*vv || vv-vw <= sq(float64(absTol*scale)) || contains(simplex, x.w) {
			break
		}
		simplex = append(simplex, x)
		simplex, lam, v = simplexClosest(simplex)
		if len(simplex) == 4 {
			return finish(simplex, lam, v, n, sep, true)
		}
	}
	return finish(simplex, lam, v, n, sep, false)
}

func sq(x float64) float64 { return float64(x * x) }

func contains(s []vertex, w mgl64.Vec3) bool {
	for _, x := range s {
		if x.w == w {
			return true
		}
	}
	return false
}

// finish assembles the result from the simplex and its weights.
func finish(s []vertex, lam []float64, v, n mgl64.Vec3, sep float64, overlap bool) result {
	r := result{v: v, n: n, sep: sep, overlap: overlap}
	for i, x := range s {
		r.a = r.a.Add(geom.Scale(x.a, lam[i]))
		r.b = r.b.Add(geom.Scale(x.b, lam[i]))
		if x.bi >= 0 {
			r.weights[x.bi] += lam[i]
		}
	}
	if overlap {
		r.v = mgl64.Vec3{}
	}
	if len(s) == 3 {
		r.face = geom.PlainCross(s[1].w.Sub(s[0].w), s[2].w.Sub(s[0].w))
		if geom.Dot(r.face, s[0].w) < 0 {
			r.face = geom.Scale(r.face, -1)
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
		lam, v, ok := project(sub)
		if !ok {
			continue
		}
		if d := geom.Dot(v, v); d < bestD || d == bestD && len(sub) < len(best) {
			bestD, best, bestL, bestV = d, sub, lam, v
		}
	}
	return best, bestL, bestV
}

// degenerate: a segment, triangle or tetrahedron of the simplex is treated
// as degenerate (left to its faces) when its length², area² or volume² is
// below 1e-24 of the product of its edges' squared lengths: its hull is
// then flat to within 1e-12 relative, and its faces hold the same closest
// point to within that.
const degenerate = 1e-24

// project returns the barycentric weights of the origin's projection on
// the affine hull of the points, and the projection, if that hull is not
// degenerate and all the weights are positive. The weights come from
// signed lengths, areas and volumes (Montanari, Petrinic and Barbieri,
// "Improving the GJK algorithm for faster and more reliable distance
// queries between convex objects", ACM TOG 36(3), 2017, §3), which, unlike
// the normal equations, keep their accuracy on slender simplices.
func project(s []vertex) ([]float64, mgl64.Vec3, bool) {
	switch len(s) {
	case 1:
		return []float64{1}, s[0].w, true
	case 2:
		return projectSegment(s[0].w, s[1].w)
	case 3:
		return projectTriangle(s[0].w, s[1].w, s[2].w)
	}
	return projectTetrahedron(s[0].w, s[1].w, s[2].w, s[3].w)
}

func projectSegment(a, b mgl64.Vec3) ([]float64, mgl64.Vec3, bool) {
	e := b.Sub(a)
	ee := geom.Dot(e, e)
	if !(ee > 0) {
		return nil, mgl64.Vec3{}, false
	}
	t := -geom.Dot(a, e) / ee
	return positive([]float64{1 - t, t}), a.Add(geom.Scale(e, t)), t > 0 && t < 1
}

// projectTriangle projects the origin along the normal n = (b-a)×(c-a)
// onto the plane, at n(a·n)/|n|², and takes the weights from the signed
// areas of the sub-triangles the projection p makes with the edges.
func projectTriangle(a, b, c mgl64.Vec3) ([]float64, mgl64.Vec3, bool) {
	ab, ac := b.Sub(a), c.Sub(a)
	n := geom.PlainCross(ab, ac)
	nn := geom.Dot(n, n)
	if !(nn > degenerate*geom.Dot(ab, ab)*geom.Dot(ac, ac)) {
		return nil, mgl64.Vec3{}, false
	}
	p := geom.Scale(n, geom.Dot(a, n)/nn)
	l0 := geom.Dot(geom.PlainCross(b.Sub(p), c.Sub(p)), n) / nn
	l1 := geom.Dot(geom.PlainCross(c.Sub(p), a.Sub(p)), n) / nn
	lam := []float64{l0, l1, 1 - l0 - l1}
	return lam, p, positive(lam) != nil
}

// projectTetrahedron: the weights of the origin are the signed volumes of
// the tetrahedra it makes with each face over the whole volume; the
// projection is the origin itself.
func projectTetrahedron(a, b, c, d mgl64.Vec3) ([]float64, mgl64.Vec3, bool) {
	ab, ac, ad := b.Sub(a), c.Sub(a), d.Sub(a)
	vol := geom.Dot(ab, geom.PlainCross(ac, ad))
	if !(vol*vol > degenerate*geom.Dot(ab, ab)*geom.Dot(ac, ac)*geom.Dot(ad, ad)) {
		return nil, mgl64.Vec3{}, false
	}
	o := geom.Scale(a, -1) // the origin relative to a
	l1 := geom.Dot(o, geom.PlainCross(ac, ad)) / vol
	l2 := geom.Dot(ab, geom.PlainCross(o, ad)) / vol
	l3 := geom.Dot(ab, geom.PlainCross(ac, o)) / vol
	lam := []float64{1 - l1 - l2 - l3, l1, l2, l3}
	return lam, mgl64.Vec3{}, positive(lam) != nil
}

// positive returns lam if every weight is positive, else nil.
func positive(lam []float64) []float64 {
	for _, l := range lam {
		if !(l > 0) {
			return nil
		}
	}
	return lam
}
