//go:build amd64 && !purego

package sweep

import "unsafe"

// binRefsAVX is binRefs' loop over the n refs from refs: for each it
// computes binOf of its centroid on axis (the same SUBSS, MULSS and
// CVTTSS2SQ as the Go code, then the same clamp to last; cmin is at most
// every centroid, as centroidRange's minimum is, so the difference and
// the bin are never below 0 and the clamp to 0 is left out), stores the
// bin in ks, counts it in counts and grows the bin's box in boxes with one
// VPMINSD of the ref's bytes 0-15 and one VPMAXSD of its bytes 8-23
// (binBox). Integer min and max: the same keys as the Go loop's. Call it
// only when useAVX2 is true (the VEX forms are AVX's), with n at least 1
// and boxes and counts set up for the bins 0..last.
//
//go:noescape
func binRefsAVX(refs *primRef, n int, ks *uint8, boxes *[numBins]binBox, counts *[numBins]int32, axis int, cmin, scale float32, last int)

// centroidRangeAVX is centroidRange's loop over the n centroid
// coordinates from c, 40 bytes (a primRef) apart: one VMINSS and one
// VMAXSS a ref. Call it only when useAVX2 is true, with n at least 1.
//
//go:noescape
func centroidRangeAVX(c *float32, n int) (cmin, cmax float32)

// The assembly's offsets (binrefs_amd64.s): these fail to compile if
// primRef's or binBox's layout changes.
var (
	_ = [1]struct{}{}[unsafe.Sizeof(primRef{})-40]
	_ = [1]struct{}{}[unsafe.Offsetof(primRef{}.c)-24]
	_ = [1]struct{}{}[unsafe.Sizeof(binBox{})-32]
)

// sweepAVX grows a box through the n boxes from keys (a binBox's or a
// primRef's lo[0]), stepping step bytes, each box's lo keys in lanes 0-2
// of its first 16 bytes and its hi keys in lanes 1-3 of the 16 from
// hiOff, and stores after each the box so far at accs and its area
// (keyBox.area's arithmetic, bit for bit: the keys' floats, their
// differences, the three products and the two sums in keyBox.area's
// order, a lane at a time) at areas, both stepping one element in the
// direction dir (1 or -1). The area of a box still empty means nothing.
// Call it only when useAVX2 is true, with n at least 1.
//
//go:noescape
func sweepAVX(keys *int32, n, step, hiOff int, areas *float32, accs *binBox, dir int)
