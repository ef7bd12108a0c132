package sweep

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestSlabKeptSameAnswer requires triFrame.slab to answer the same with
// and without missesSlab (kept), and to set the same entry time and |n|
// when the sphere touches the plane: EllipsoidTriangle skips missesSlab,
// which sweptCullAVX has run, on the grounds that it rejects no plane
// that planeSweptSphere accepts. The cases are planeCase's, half of them
// with the start or the end of the motion within a few 1e-12 of the
// mapped sphere's radius from the plane, against maxT = 1 or a random
// maxT in [0, 1].
func TestSlabKeptSameAnswer(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 28))
	const n = 200000
	var count [2]int // rejected by missesSlab, touching
	for range n {
		c := planeCase(r)
		maxT := 1.0
		if r.IntN(2) == 0 {
			maxT = r.Float64()
		}
		var f triFrame
		f.setFrame(&c.tri, &c.begin, &c.delta)
		var axes lin3
		axes.setRows(v3p(&c.e.Axes[0]), v3p(&c.e.Axes[1]), v3p(&c.e.Axes[2]))
		f.plane(&axes, maxT)
		if !f.usable {
			continue
		}
		g, rr := f, f.n.lenSq()
		ok, okKept := f.slab(rr, maxT, false), g.slab(rr, maxT, true)
		same := math.Float64bits(f.t1) == math.Float64bits(g.t1) && math.Float64bits(f.ln) == math.Float64bits(g.ln)
		if ok != okKept || ok && !same {
			t.Fatalf("%+v, maxT %v: slab %v (t1 %v, ln %v), without missesSlab %v (t1 %v, ln %v)", c, maxT, ok, f.t1, f.ln, okKept, g.t1, g.ln)
		}
		if missesSlab(f.bn, f.dn, rr, maxT) {
			count[0]++
		}
		if ok {
			count[1]++
		}
	}
	if count[0] < n/10 || count[1] < n/10 {
		t.Fatalf("too few cases of a kind: %d rejected by missesSlab, %d touching, of %d", count[0], count[1], n)
	}
}
