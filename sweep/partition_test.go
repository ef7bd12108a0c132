package sweep

import (
	"math/rand/v2"
	"testing"
)

// TestPartitionMatchesSwaps checks partition against the loop of swaps
// whose order it reproduces (partition's doc comment): the same boundary
// and the same refs in the same places, on random bins of random ranges.
func TestPartitionMatchesSwaps(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 28))
	for trial := range 2000 {
		n := 1 + r.IntN(60)
		refs := make([]primRef, n)
		bins := make([]uint8, n)
		nb := 1 + r.IntN(numBins)
		for i := range refs {
			refs[i].id, refs[i].lo[0] = uint32(i), int32(r.Uint32())
			bins[i] = uint8(r.IntN(nb))
			if trial%3 == 0 { // runs, as on spatially sorted meshes
				bins[i] = uint8(min(i*nb/n+r.IntN(2), nb-1))
			}
		}
		k := uint8(r.IntN(nb))
		want := append([]primRef(nil), refs...)
		wb := append([]uint8(nil), bins...)
		wmid := partitionBySwaps(want, wb, k)
		b := &builder{refs: refs, bins: bins}
		if mid := b.partition(0, n, k); mid != wmid {
			t.Fatalf("trial %d: boundary %d, want %d", trial, mid, wmid)
		}
		for i := range refs {
			if refs[i] != want[i] {
				t.Fatalf("trial %d: ref %d is %d, want %d", trial, i, refs[i].id, want[i].id)
			}
		}
	}
}

// partitionBySwaps is the loop of swaps partition writes out.
func partitionBySwaps(refs []primRef, bins []uint8, k uint8) int {
	i, j := 0, len(refs)-1
	for i <= j {
		if bins[i] <= k {
			i++
		} else {
			refs[i], refs[j] = refs[j], refs[i]
			bins[i], bins[j] = bins[j], bins[i]
			j--
		}
	}
	return i
}
