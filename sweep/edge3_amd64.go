//go:build amd64 && !purego && !amd64.v3

package sweep

// haveEdge3 reports whether edge3AVX2 is the assembly of
// edge3_amd64.s (not with GOAMD64=v3 or above, for haveLeaf4's reason:
// the Go code it matches would be compiled with FMAs there).
const haveEdge3 = true

// edge3AVX2 fills l with what sweptCircle.edgeVertex computes for the
// vertices and edges of verts (a triangle) that does not depend on the
// best contact so far (edge3Vals), for the circle s and the polygon size
// size2, one vertex and edge per lane of the AVX2 registers, with the same
// IEEE operations in the same order as the Go code, and returns the
// vertices (bits 0-2) and edges (bits 4-6) that may replace the best
// contact with upper as the bound (edgeVertex3 says when). Call it only
// when useAVX2 is true.
//
//go:noescape
func edge3AVX2(s *sweptCircle, verts *[3]vec3, size2, upper float64, l *edge3Vals) (cand int)
