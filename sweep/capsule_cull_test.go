package sweep

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestParallelogramDistSq compares parallelogramDistSq with a nested
// ternary search on (a, b) in [0, 1]²: |p - a·e1 - b·e2|² is convex in
// (a, b), and so is its minimum over b as a function of a, so each search
// converges to the minimum. Flat parallelograms (e2 along e1, a zero
// side) are among the cases.
func TestParallelogramDistSq(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	rv := func(s float64) vec3 { return vec3{rng.NormFloat64() * s, rng.NormFloat64() * s, rng.NormFloat64() * s} }
	for i := range 3000 {
		p, e1, e2 := rv(3), rv(1), rv(1)
		switch i % 10 {
		case 0:
			e2 = e1.mul(rng.Float64()*4 - 2)
		case 1:
			e2 = vec3{}
		case 2:
			p = e1.mul(rng.Float64()).add(e2.mul(rng.Float64())) // on the parallelogram
		}
		got := parallelogramDistSq(p, e1, e2)
		want := ternaryMinSq(p, e1, e2)
		if math.Abs(math.Sqrt(got)-math.Sqrt(want)) > 1e-7*(1+p.length()+e1.length()+e2.length()) {
			t.Fatalf("p %v e1 %v e2 %v: parallelogramDistSq %v, search %v", p, e1, e2, got, want)
		}
	}
	if d := parallelogramDistSq(vec3{math.NaN(), 0, 0}, vec3{x: 1}, vec3{y: 1}); !math.IsNaN(d) {
		t.Fatalf("a NaN point gives %v, want NaN (so that the early out rejects nothing)", d)
	}
}

// ternaryMinSq is min over a, b in [0, 1] of |p - a·e1 - b·e2|², by
// nested ternary searches.
func ternaryMinSq(p, e1, e2 vec3) float64 {
	inner := func(a float64) float64 {
		q := p.sub(e1.mul(a))
		return ternary(func(b float64) float64 { return q.sub(e2.mul(b)).lenSq() })
	}
	return ternary(inner)
}

// ternary is the minimum over [0, 1] of the convex function f.
func ternary(f func(float64) float64) float64 {
	lo, hi := 0.0, 1.0
	for range 100 {
		m1, m2 := lo+(hi-lo)/3, hi-(hi-lo)/3
		if f(m1) <= f(m2) {
			hi = m2
		} else {
			lo = m1
		}
	}
	return f((lo + hi) / 2)
}
