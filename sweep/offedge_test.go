package sweep

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestOffEdgeKeepsEveryOnEdgeContact: whenever offEdge lets edgeVertex
// skip an edge, the position along the edge that edgeVertex would compute
// for a root at any t in [0, upper] (vb.madd(D, t).dot(e)) lies outside
// [0, ee], so the skipped quadratic could not have given a contact. The
// cases put f at 0 and at upper within a few margins (or a few ulps) of
// an end of the edge, with edges and motions of very different sizes.
func TestOffEdgeKeepsEveryOnEdgeContact(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 17))
	randVec := func(scale float64) vec3 {
		return vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.mul(scale)
	}
	skipped, kept := 0, 0
	for i := 0; i < 200000; i++ {
		e := randVec(math.Pow(10, float64(rng.Float64()*6)-3))
		ee := e.dot(e)
		d := randVec(math.Pow(10, float64(rng.Float64()*6)-3))
		upper := float64(rng.Float64())
		if i%4 == 0 {
			upper = 1
		}
		// vb's component along e puts f0 + upper·g near an end, by a
		// multiple of the margin (or of an ulp of the scale) on either side.
		vv := randVec(1).lenSq() + d.lenSq()
		m := math.Sqrt(2e-24 * (vv + d.lenSq() + 1) * ee)
		gap := float64([]float64{0.5, 1, 1.01, 2, 1e3, 1e-3}[rng.IntN(6)] * m)
		if rng.IntN(2) == 0 {
			gap = -gap
		}
		if rng.IntN(3) == 0 {
			gap = float64(float64(rng.IntN(9)-4) * 1e-16 * math.Sqrt(vv*ee))
		}
		// gap > 0 is beyond the end (outward, side s), and it is the nearer
		// of f0 and fu that lies at the gap.
		end, s := 0.0, -1.0
		if rng.IntN(2) == 0 {
			end, s = ee, 1
		}
		g := d.dot(e)
		target := end + float64(s*gap)
		if s*g < 0 {
			target -= float64(upper * g)
		}
		perp := randVec(1)
		perp = perp.madd(e, -perp.dot(e)/ee)
		vb := perp.add(e.mul(target / ee))
		// As edgeVertex computes them.
		f0 := vb.dot(e)
		fu := f0 + float64(upper*g)
		if !offEdge(f0, fu, ee, float64(2e-24*(vb.dot(vb)+d.dot(d)+1)*ee)) {
			kept++
			continue
		}
		skipped++
		ts := []float64{0, upper, math.Nextafter(upper, 0)}
		for k := 0; k < 8; k++ {
			ts = append(ts, float64(upper*rng.Float64()))
		}
		for _, tt := range ts {
			if f := vb.madd(d, tt).dot(e); f >= 0 && f <= ee {
				t.Fatalf("case %d: offEdge skipped an edge whose f at t=%g is %g in [0, %g] (f0 %g, fu %g)", i, tt, f, ee, f0, fu)
			}
		}
	}
	if skipped < 20000 || kept < 20000 {
		t.Fatalf("skipped %d, kept %d: the cases do not straddle the margin", skipped, kept)
	}
	t.Logf("skipped %d, kept %d", skipped, kept)
}

// TestOffEdgeMargin: offEdge skips only beyond the margin, on either end.
func TestOffEdgeMargin(t *testing.T) {
	const ee, m = 4.0, 1e-6
	for _, c := range []struct {
		f0, fu float64
		want   bool
	}{
		{-2 * m, -3, true},
		{-0.5 * m, -3, false},
		{-3, -0.5 * m, false},
		{-1, 1, false},
		{ee + 2*m, ee + 1, true},
		{ee + 0.5*m, ee + 1, false},
		{ee + 1, ee - 1, false},
		{1, 2, false},
		{math.NaN(), -1, false},
		{-1, math.NaN(), false},
	} {
		if got := offEdge(c.f0, c.fu, ee, m*m); got != c.want {
			t.Errorf("offEdge(%g, %g, %g, m=%g) = %v, want %v", c.f0, c.fu, ee, m, got, c.want)
		}
	}
}
