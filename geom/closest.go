package geom

import "github.com/go-gl/mathgl/mgl64"

// Region is the part of a triangle a closest point lies on.
type Region int

// The regions of a triangle. Edge i runs from vertex i to vertex (i+1)%3.
const (
	RegionFace Region = iota
	RegionEdge
	RegionVertex
)

// SliverSine is the smallest sine of a triangle's angle at vertex 0,
// |AB x AC|/(|AB||AC|), for which ClosestPointTriangle (and the collision
// core) treat it as a face. Below it every point of the triangle lies within
// 1e-12 of its longest-edge-relative boundary, so treating it as its three
// edges changes distances by at most 1e-12 times the triangle's size,
// far below any tolerance in this project; above it the normal computed with
// Cross is accurate.
const SliverSine = 1e-12

// IsSliver reports whether the triangle is degenerate or so thin that the
// collision core treats it as its edges and vertices (see SliverSine).
func (t Triangle) IsSliver() bool {
	ab, ac := t[1].Sub(t[0]), t[2].Sub(t[0])
	return IsSliverEdges(ab, ac, Cross(ab, ac))
}

// IsSliverEdges is IsSliver for the edge vectors ab, ac and their cross
// product n = Cross(ab, ac), for callers that already have them. It is true
// for non-finite input.
func IsSliverEdges(ab, ac, n mgl64.Vec3) bool {
	nn := Dot(n, n)
	return !(nn > SliverSine*SliverSine*Dot(ab, ab)*Dot(ac, ac))
}

// ClosestPointSegment returns the point of the segment ab closest to p and
// its parameter s in [0, 1] (q = a + s(b-a)). A zero-length segment returns
// a and 0.
func ClosestPointSegment(p, a, b mgl64.Vec3) (q mgl64.Vec3, s float64) {
	ab := b.Sub(a)
	l := Dot(ab, ab)
	if !(l > 0) {
		return a, 0
	}
	s = Dot(p.Sub(a), ab) / l
	switch {
	case s <= 0:
		return a, 0
	case s >= 1:
		return b, 1
	}
	return a.Add(Scale(ab, s)), s
}

// ClosestPointTriangle returns the point of the triangle closest to p, the
// region it lies in and that region's index (the vertex index, or the edge's
// first vertex). It follows Ericson's Voronoi-region tests (Real-Time
// Collision Detection, 5.1.5), with two guards the textbook version lacks:
// the region determinants use DiffProd, and a degenerate or sliver triangle
// (IsSliver) is handled as its three edges, so the result is never NaN for
// finite input.
func ClosestPointTriangle(p mgl64.Vec3, t Triangle) (q mgl64.Vec3, r Region, index int) {
	a, b, c := t[0], t[1], t[2]
	ab, ac, ap := b.Sub(a), c.Sub(a), p.Sub(a)
	if IsSliverEdges(ab, ac, Cross(ab, ac)) {
		return closestOnEdges(p, t)
	}
	d1, d2 := Dot(ab, ap), Dot(ac, ap)
	if d1 <= 0 && d2 <= 0 {
		return a, RegionVertex, 0
	}
	bp := p.Sub(b)
	d3, d4 := Dot(ab, bp), Dot(ac, bp)
	if d3 >= 0 && d4 <= d3 {
		return b, RegionVertex, 1
	}
	vc := DiffProd(d1, d4, d3, d2)
	if vc <= 0 && d1 >= 0 && d3 <= 0 {
		return a.Add(Scale(ab, d1/(d1-d3))), RegionEdge, 0
	}
	cp := p.Sub(c)
	d5, d6 := Dot(ab, cp), Dot(ac, cp)
	if d6 >= 0 && d5 <= d6 {
		return c, RegionVertex, 2
	}
	vb := DiffProd(d5, d2, d1, d6)
	if vb <= 0 && d2 >= 0 && d6 <= 0 {
		return a.Add(Scale(ac, d2/(d2-d6))), RegionEdge, 2
	}
	va := DiffProd(d3, d6, d5, d4)
	if va <= 0 && d4-d3 >= 0 && d5-d6 >= 0 {
		return b.Add(Scale(c.Sub(b), (d4-d3)/((d4-d3)+(d5-d6)))), RegionEdge, 1
	}
	denom := va + vb + vc
	if !(denom > 0) { // rounding at a non-sliver's boundary: use the edges
		return closestOnEdges(p, t)
	}
	v, w := vb/denom, vc/denom
	return a.Add(Scale(ab, v)).Add(Scale(ac, w)), RegionFace, 0
}

// closestOnEdges is ClosestPointTriangle for a triangle seen as its three
// edges (a degenerate triangle is exactly the union of its edges).
func closestOnEdges(p mgl64.Vec3, t Triangle) (q mgl64.Vec3, r Region, index int) {
	best := -1.0
	for i := 0; i < 3; i++ {
		qi, s := ClosestPointSegment(p, t[i], t[(i+1)%3])
		d := LenSq(qi.Sub(p))
		if best >= 0 && !(d < best) {
			continue
		}
		best, q, r, index = d, qi, RegionEdge, i
		switch s {
		case 0:
			r = RegionVertex
		case 1:
			r, index = RegionVertex, (i+1)%3
		}
	}
	return q, r, index
}
