//go:build !amd64 || purego

package sweep

// binRefsAVX is never called here (useAVX2 is false).
func binRefsAVX(refs *primRef, n int, ks *uint8, boxes *[numBins]binBox, counts *[numBins]int32, axis int, cmin, scale float32, last int) {
	panic("binRefsAVX: no assembly on this platform")
}

// sweepAVX is never called here (useAVX2 is false).
func sweepAVX(keys *int32, n, step, hiOff int, areas *float32, accs *binBox, dir int) {
	panic("sweepAVX: no assembly on this platform")
}

// centroidRangeAVX is never called here (useAVX2 is false).
func centroidRangeAVX(c *float32, n int) (cmin, cmax float32) {
	panic("centroidRangeAVX: no assembly on this platform")
}
