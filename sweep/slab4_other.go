//go:build !amd64 || purego

package sweep

// haveSlab4 is false: enterChildren uses its Go form.
const haveSlab4 = false

// useAVX2 is false: there is no assembly here.
const useAVX2 = false

// slab4 is never called here (haveSlab4 is false).
func slab4(n *wnode, a *[3]slabAxis, tmax float64, t, x *[4]float64) {
	panic("slab4: no assembly on this platform")
}

// slab4AVX2 is never called here (haveSlab4 is false).
func slab4AVX2(n *wnode, a *[3]slabAxis, tmax float64, t *[4]float64) (in int) {
	panic("slab4AVX2: no assembly on this platform")
}

// walk4AVX2 is never called here (useAVX2 is false).
func walk4AVX2(w *walker, tmax float64, ref uint32) uint32 {
	panic("walk4AVX2: no assembly on this platform")
}
