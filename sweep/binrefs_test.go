package sweep

import (
	"math/rand/v2"
	"testing"

	"sweepdbg/geom"
)

// TestBinsAVXMatchGo checks binRefs', the sweeps' and centroidRange's
// assembly (binRefsAVX, sweepAVX, centroidRangeAVX) against their Go forms on the refs of random triangles: the
// same bins, counts and boxes, and the same prefix and suffix boxes and
// areas, bit for bit.
func TestBinsAVXMatchGo(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 assembly here")
	}
	r := rand.New(rand.NewPCG(5, 24))
	for trial := range 200 {
		n := 1 + r.IntN(40)
		refs := make([]primRef, 0, n)
		for i := 0; len(refs) < n; i++ {
			var tri geom.Triangle
			c := [3]float64{float64(r.Float64()*200) - 100, float64(r.Float64()*200) - 100, float64(r.Float64()*200) - 100}
			for k := range tri {
				for a := range 3 {
					tri[k][a] = c[a] + float64(r.Float64()*6) - 3
				}
			}
			var ref primRef
			if refOf(&tri, uint32(i), &ref) {
				refs = append(refs, ref)
			}
		}
		axis, nb := r.IntN(3), min(n, numBins)
		cmin, cmax := (&builder{refs: refs}).centroidRange(0, n, axis)
		if gmin, gmax := centroidRangeGo(refs, axis); gmin != cmin || gmax != cmax {
			t.Fatalf("trial %d: centroidRangeAVX %v..%v, want %v..%v", trial, cmin, cmax, gmin, gmax)
		}
		scale := binScale(cmin, cmax, nb)
		var a, g builder
		for _, b := range []*builder{&a, &g} {
			b.refs, b.bins = refs, make([]uint8, n)
		}
		a.binRefs(0, n, axis, cmin, scale, nb)
		g.resetBins(nb)
		binRefsGo(&g, 0, n, axis, cmin, scale, nb)
		if a.counts != g.counts || string(a.bins) != string(g.bins) {
			t.Fatalf("trial %d: binRefsAVX's bins differ from the Go loop's", trial)
		}
		for i := range nb {
			if a.boxes[i].keyBox() != g.boxes[i].keyBox() {
				t.Fatalf("trial %d: binRefsAVX's box of bin %d differs from the Go loop's", trial, i)
			}
		}
		a.sweepBins(nb)
		g.sweep.fill(nb, func(i int) keyBox { return g.boxes[i].keyBox() })
		checkSweep(t, trial, "bins", &a.sweep, &g.sweep, nb, g.counts[:nb])
		m := min(n, maxLeaf)
		a.sweepRefs(refs[:m])
		g.sweep.fill(m, func(i int) keyBox { return refs[i].keyBox })
		checkSweep(t, trial, "refs", &a.sweep, &g.sweep, m, nil)
	}
}

// checkSweep compares the first n prefixes and suffixes of a and g: their
// boxes, and their areas where the box is not empty (counts nil: none
// is).
func checkSweep(t *testing.T, trial int, what string, a, g *binSweep, n int, counts []int32) {
	t.Helper()
	seen := false
	for i := 0; i < n; i++ {
		if a.pre[i].keyBox() != g.pre[i].keyBox() || a.suf[i].keyBox() != g.suf[i].keyBox() {
			t.Fatalf("trial %d, %s %d: boxes differ", trial, what, i)
		}
		seen = seen || counts == nil || counts[i] > 0
		if seen && a.preArea[i] != g.preArea[i] {
			t.Fatalf("trial %d, %s %d: prefix area %v, want %v", trial, what, i, a.preArea[i], g.preArea[i])
		}
	}
	seen = false
	for i := n - 1; i >= 0; i-- {
		seen = seen || counts == nil || counts[i] > 0
		if seen && a.sufArea[i] != g.sufArea[i] {
			t.Fatalf("trial %d, %s %d: suffix area %v, want %v", trial, what, i, a.sufArea[i], g.sufArea[i])
		}
	}
}

// centroidRangeGo is centroidRange's Go loop: the range by comparisons.
func centroidRangeGo(refs []primRef, axis int) (cmin, cmax float32) {
	cmin, cmax = refs[0].c[axis], refs[0].c[axis]
	for k := range refs {
		cmin, cmax = min(cmin, refs[k].c[axis]), max(cmax, refs[k].c[axis])
	}
	return cmin, cmax
}
