package sweep

import "math"

// edge3Vals is what edge3AVX2 computes for the three vertices and edges
// of a triangle at once, lane i for vertex i and the edge from it to the
// next vertex (cyclically): the values sweptCircle.edgeVertex computes
// for them that do not depend on the best contact found so far and that
// its decisions read, so that edgeVertex3 only has to make those
// decisions in its order. Lane 3 is padding (vertex 0 again) and is
// never read.
type edge3Vals struct {
	tv, cv     [4]float64 // the vertex quadratic's lowestRoot t (+0 when c >= 0) and c
	ex, ey, ez [4]float64 // e, the edge: the next vertex minus this one
	f0, g      [4]float64 // (B - v1)·e and D·e: offEdge's f at 0 and its rate
	ee, m2     [4]float64 // e·e and offEdge's squared margin
	te, ce     [4]float64 // the edge quadratic's lowestRoot t (+0 when c >= 0) and c
	f          [4]float64 // (B - v1 + te·D)·e: where the edge contact lies along e, scaled by ee
}

// edgeConsts are the constants edge3AVX2 reads: the same Go constant
// expressions as edgeVertex's and lowestRoot's, so the same float64
// values, and -0 for negation (an XOR of the sign bit, as Go's unary
// minus).
var edgeConsts = [...]float64{2, 4, -2, minEdgeSq, tinyEdgeSq, offEdgeScale, 1, math.Copysign(0, -1)}

// edgeVertex3 is sweptCircle.edgeVertex for a triangle, with the values
// of its three vertices and edges computed at once in the lanes of AVX2
// registers (edge3AVX2) and its decisions then made here one vertex
// and edge at a time, in edgeVertex's order, against the upper bound as
// lowered by the contacts before. It returns edgeVertex's contact, bit for
// bit (TestEdgeVertex3MatchesScalar): every value is computed by the same
// IEEE operations in the same order, and each decision is edgeVertex's:
//
//   - lowestRoot's t does not depend on upper, only its ok does: ok is
//     c >= 0 (then t = +0) and 0 <= upper, or b > 0 and t <= upper. With
//     t = +0 for c >= 0, both are "a root (c >= 0 or b > 0) and t <=
//     upper" (a NaN t fails t <= upper, as in lowestRoot).
//   - edge3AVX2 returns the candidates: bit i when vertex i has a root
//     and tv <= upper at the start, bit 4+i when edge i is an edge (not a
//     point: edgeVertex's isEdge), its quadratic has a root, the contact
//     at that root lies on the edge (0 <= f <= ee) and te <= upper. The
//     upper bound only falls, so a vertex or edge that is no candidate
//     at the start can never replace the best; for a candidate the test
//     against the current upper is made here.
//   - An edge is skipped, as there, when offEdge holds for the current
//     upper (made here, from f0, g, ee and m2).
//   - An edge's root replaces the best when replacesBest holds and its
//     contact lies on the edge; edgeVertex tests the second only after
//     the first, and neither changes anything when either fails, so the
//     second is part of the candidate bit here.
//   - The edge contact's point is v1 + e·(f/ee), as there (vec3.madd).
//
// Call it only when haveEdge3 and useAVX2 are true.
func (s *sweptCircle) edgeVertex3(verts *[3]vec3, upper, size2 float64) (contact, bool) {
	var l edge3Vals
	cand := edge3AVX2(s, verts, size2, upper, &l)
	var best contact
	bestC := 0.0
	found := false
	for i := range 3 {
		if cand>>i&1 != 0 {
			if t, c := l.tv[i], l.cv[i]; replacesBest(t <= upper, found, t, upper, c, bestC) {
				best, bestC, found, upper = contact{t, verts[i], Vertex, i}, c, true, t
			}
		}
		f0 := l.f0[i]
		if cand>>(4+i)&1 == 0 || offEdge(f0, f0+float64(upper*l.g[i]), l.ee[i], l.m2[i]) {
			continue
		}
		if t, c := l.te[i], l.ce[i]; replacesBest(t <= upper, found, t, upper, c, bestC) {
			e := vec3{l.ex[i], l.ey[i], l.ez[i]}
			best, bestC, found, upper = contact{t, verts[i].madd(e, l.f[i]/l.ee[i]), Edge, i}, c, true, t
		}
	}
	return best, found
}
