//go:build !amd64 || purego || amd64.v3

package sweep

// haveEdge3 is false: Query.edgeStage keeps sweptCircle.edgeVertex (see
// edge3_amd64.go).
const haveEdge3 = false

// edge3AVX2 is never called here (haveEdge3 is false).
func edge3AVX2(s *sweptCircle, verts *[3]vec3, size2, upper float64, l *edge3Vals) (cand int) {
	panic("edge3AVX2: no assembly on this platform")
}
