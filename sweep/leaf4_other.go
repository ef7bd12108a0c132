//go:build !amd64 || purego || amd64.v3

package sweep

// haveLeaf4 is false: sweepNear keeps its scalar loop (see leaf4_amd64.go).
const haveLeaf4 = false

// leaf4AVX2 is never called here (haveLeaf4 is false).
func leaf4AVX2(c *sweepCtx, first, n int, upper float64) (keep int) {
	panic("leaf4AVX2: no assembly on this platform")
}

// leafBoxAVX2 is never called here (haveLeaf4 is false).
func leafBoxAVX2(tris *uint32, verts *[3]float32, b *nearBox, n int, vbase *uint32, first int) (in int) {
	panic("leafBoxAVX2: no assembly on this platform")
}
