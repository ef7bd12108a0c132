package sweep

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestAlignedCrossIsExact requires alignedCross to give exactCross's bits
// (zero signs included) for axes with two zero coordinates wherever
// boxFrame.axis takes one of them (the plain product's squared length
// below crossRecheck of the squared lengths' product), on edges with zero,
// negative-zero, tiny, huge and ordinary coordinates, and parallel or
// nearly parallel to the axis.
func TestAlignedCrossIsExact(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	coord := func() float64 {
		switch r.IntN(6) {
		case 0:
			return 0
		case 1:
			return math.Copysign(0, -1)
		case 2:
			return float64((float64(r.Float64()) - 0.5) * 1e-300)
		case 3:
			return float64((float64(r.Float64()) - 0.5) * 1e300)
		}
		return float64((float64(r.Float64()) - 0.5) * 10)
	}
	bits := func(v vec3) [3]uint64 {
		return [3]uint64{math.Float64bits(v.x), math.Float64bits(v.y), math.Float64bits(v.z)}
	}
	tested := 0
	for range 400000 {
		var a vec3
		c := [3]float64{coord(), 0, 0}
		if r.IntN(2) == 0 {
			c[1] = math.Copysign(0, -1)
		}
		if r.IntN(2) == 0 {
			c[2] = math.Copysign(0, -1)
		}
		k := r.IntN(3)
		a = vec3{c[k], c[(k+1)%3], c[(k+2)%3]}
		if !a.onAxis() {
			t.Fatalf("%v: not on an axis", a)
		}
		e := vec3{coord(), coord(), coord()}
		if r.IntN(4) == 0 { // parallel, or nearly, to the axis
			e = a.mul(float64(r.Float64()) - 0.5)
			e.y += float64(coord() * 1e-9)
		}
		n := e.cross(a)
		if !(n.lenSq() < crossRecheck*(e.lenSq()*a.lenSq())) {
			continue
		}
		tested++
		if got, want := alignedCross(n), exactCross(e, a); bits(got) != bits(want) {
			t.Fatalf("e %v, a %v: alignedCross %v, exactCross %v", e, a, got, want)
		}
	}
	if tested < 50000 {
		t.Fatalf("only %d cases took the recheck", tested)
	}
}
