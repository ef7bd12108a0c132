package sweep

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// TestParallelogramDistSq compares parallelogramDistSq with a nested
// ternary search on (a, b) in [0, 1]²: |p - a·e1 - b·e2|² is convex in
// (a, b), and so is its minimum over b as a function of a, so each search
// converges to the minimum. Flat parallelograms (e2 along e1, a zero
// side) are among the cases.
func TestParallelogramDistSq(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	rv := func(s float64) vec3 {
		return vec3{float64(rng.NormFloat64() * s), float64(rng.NormFloat64() * s), float64(rng.NormFloat64() * s)}
	}
	for i := range 3000 {
		p, e1, e2 := rv(3), rv(1), rv(1)
		switch i % 10 {
		case 0:
			e2 = e1.mul(float64(rng.Float64()*4) - 2)
		case 1:
			e2 = vec3{}
		case 2:
			p = e1.mul(float64(rng.Float64())).add(e2.mul(float64(rng.Float64()))) // on the parallelogram
		}
		got := parallelogramDistSq(p, e1, e2)
		want := ternaryMinSq(p, e1, e2)
		if !(math.Abs(math.Sqrt(got)-math.Sqrt(want)) <= 1e-7*(1+p.length()+e1.length()+e2.length())) {
			t.Fatalf("p %v e1 %v e2 %v: parallelogramDistSq %v, search %v", p, e1, e2, got, want)
		}
	}
	if d := parallelogramDistSq(vec3{math.NaN(), 0, 0}, vec3{x: 1}, vec3{y: 1}); !math.IsNaN(d) {
		t.Fatalf("a NaN point gives %v, want NaN (so that the early out rejects nothing)", d)
	}
}

// parallelogramDistSq is the squared distance from the point p to the
// parallelogram {a·e1 + b·e2 : a, b in [0, 1]} (parallelogram.distSq).
func parallelogramDistSq(p, e1, e2 vec3) float64 {
	var pg parallelogram
	pg.set(e1, e2)
	return pg.distSq(p)
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
	return f(float64((lo + hi) / 2))
}

// TestQuickValidImpliesValidate requires Shape.quickValid to accept only
// shapes Validate accepts, on random capsules and boxes whose sizes span
// the whole range of floats and whose axes are orthogonal, nearly so
// (around the tolerance) or not at all, with NaN and infinities among
// them; and to accept the ordinary ones.
func TestQuickValidImpliesValidate(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	size := func() float64 {
		switch rng.IntN(8) {
		case 0:
			return math.NaN()
		case 1:
			return math.Inf(1)
		case 2:
			return 0
		case 3, 4, 5:
			return math.Pow(10, float64(rng.Float64()*4)-2) // a game's sizes
		}
		return float64(math.Pow(10, float64(rng.Float64()*640)-320) * (float64(float64(rng.Float64())*2) - 1))
	}
	quick := 0
	for i := range 200000 {
		var s Shape
		if i%2 == 0 {
			s = CapsuleShape(Capsule{Radius: size(), HalfSegment: mgl64.Vec3{size(), size(), size()}})
		} else {
			u := mgl64.QuatRotate(float64(rng.Float64()*7), geom.Normalize(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}))
			tilt := float64([]float64{0, 1e-7, 4e-7, 6e-7, 1e-6, 2e-6, 1e-3}[rng.IntN(7)] * (float64(float64(rng.Float64())*2) - 1))
			x, y := u.Rotate(mgl64.Vec3{1, 0, 0}), u.Rotate(geom.Normalize(mgl64.Vec3{tilt, 1, 0}))
			z := u.Rotate(mgl64.Vec3{0, 0, 1})
			s = BoxShape(Box{Axes: [3]mgl64.Vec3{geom.Scale(x, size()), geom.Scale(y, size()), geom.Scale(z, size())}})
		}
		if !s.quickValid() {
			continue
		}
		quick++
		if err := s.Validate(); err != nil {
			t.Fatalf("%+v: quickValid accepts it, Validate says %v", s, err)
		}
	}
	if quick < 5000 {
		t.Fatalf("quickValid accepted only %d of the shapes", quick)
	}
	ordinary := []Shape{CapsuleShape(Capsule{Radius: 0.4, HalfSegment: mgl64.Vec3{0, 0, 0.5}}), BoxShape(Box{Axes: [3]mgl64.Vec3{{0.4, 0, 0}, {0, 0.4, 0}, {0, 0, 0.9}}})}
	for _, s := range ordinary {
		if !s.quickValid() {
			t.Fatalf("quickValid refuses %+v", s)
		}
	}
}

// TestValidateSubnormalHalfSegment: a half segment whose largest
// component is subnormal (its reciprocal overflows) is a capsule all but
// a sphere, which Validate accepted once axisLen stopped making it NaN.
func TestValidateSubnormalHalfSegment(t *testing.T) {
	c := Capsule{Radius: 1, HalfSegment: mgl64.Vec3{-8.2798895517e-314, 0, 5e-324}}
	if err := c.Validate(); err != nil {
		t.Fatalf("%+v: %v", c, err)
	}
	if l := axisLen(c.HalfSegment); !(l >= 8.2798895517e-314 && l < 8.28e-314) {
		t.Fatalf("axisLen %v", l)
	}
}

// TestCapsuleMaxTKeepsItsOwnAnswer requires the capsule's triangle
// function by maxT to give its answer on its own (maxT = 1) when that is
// no later than maxT, and nothing otherwise, bit for bit: what lets the
// mesh loop pass its best T down (TestShapeCastsMatchBruteForce). The
// first case is from a real Quake level (LQ_greenwood, a capsule cast
// into a wall of two triangles): there the first cap's face contact
// settles the triangle on its own, and by a maxT an ulp below it a side's
// edge contact an ulp earlier was answered (capsuleCaster.shadowed). The
// others are capsules cast at walls of triangles that share an edge.
func TestCapsuleMaxTKeepsItsOwnAnswer(t *testing.T) {
	type cast struct {
		c            Capsule
		begin, delta mgl64.Vec3
		tri          geom.Triangle
	}
	cases := []cast{{
		Capsule{Radius: 16.24, HalfSegment: mgl64.Vec3{0, 11.760000000000002, 0}},
		mgl64.Vec3{236.70945004169351, 343.8347162629261, -838.2177344912361},
		mgl64.Vec3{5.220529739782601, 0, -12.784867923481045},
		geom.Triangle{{256, 352, -816}, {256, 328, -884}, {256, 328, -816}},
	}}
	rng := rand.New(rand.NewPCG(11, 12))
	for range 3000 {
		x := 10 + float64(rng.Float64()*20)
		a := mgl64.Vec3{x, float64(rng.Float64()*20) - 10, float64(rng.Float64()*20) - 10}
		b := a.Add(mgl64.Vec3{0, float64(rng.Float64()*40) - 20, float64(rng.Float64()*40) - 20})
		c := a.Add(mgl64.Vec3{0, float64(rng.Float64()*40) - 20, float64(rng.Float64()*40) - 20})
		up := geom.Normalize(mgl64.Vec3{float64(rng.NormFloat64() * 0.1), 1, float64(rng.NormFloat64() * 0.1)})
		cases = append(cases, cast{
			Capsule{Radius: 0.5 + float64(3*rng.Float64()), HalfSegment: geom.Scale(up, float64(4*rng.Float64()))},
			mgl64.Vec3{0, float64(rng.Float64()*10) - 5, float64(rng.Float64()*10) - 5},
			mgl64.Vec3{x + float64(5*rng.Float64()), float64(rng.NormFloat64() * 3), float64(rng.NormFloat64() * 10)},
			geom.Triangle{a, b, c},
		})
	}
	hits := 0
	for i, cs := range cases {
		var k capsuleCaster
		k.init(&cs.c, &cs.begin, &cs.delta, nil)
		var own Hit
		if !k.triangle(&cs.tri, &cs.begin, &cs.delta, 1, &own) {
			continue
		}
		hits++
		for _, maxT := range []float64{own.T, math.Nextafter(own.T, 0), math.Nextafter(math.Nextafter(own.T, 0), 0), float64(own.T * (1 - 1e-12)), float64(own.T / 2)} {
			var got Hit
			ok := k.triangle(&cs.tri, &cs.begin, &cs.delta, maxT, &got)
			if want := own.T <= maxT; ok != want || ok && got != own {
				t.Fatalf("case %d %+v, maxT %v: %v %+v, on its own %+v", i, cs, maxT, ok, got, own)
			}
		}
	}
	if hits < 300 {
		t.Fatalf("only %d of the casts hit their wall", hits)
	}
}
