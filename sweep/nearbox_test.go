package sweep

import (
	"math"
	"math/rand/v2"
	"testing"

	"sweepdbg/geom"
)

// TestFloor32 checks floor32 and ceil32 against their definition: the
// float32 at most (at least) x, with the next float32 beyond it on the
// other side of x, at exact float32 values, between neighbours, around
// zero and beyond the float32 range; within the range, bit for bit as
// roundDown and roundUp.
func TestFloor32(t *testing.T) {
	xs := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, -0.1, 1e-50, -1e-50, 1e39, -1e39,
		math.Inf(1), math.Inf(-1), math.MaxFloat32, -math.MaxFloat32, math.SmallestNonzeroFloat32}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		f := float64(math.Float32frombits(r.Uint32()))
		if math.IsNaN(f) {
			continue
		}
		next := float64(math.Nextafter32(float32(f), float32(math.Inf(1))))
		xs = append(xs, f, math.Nextafter(f, math.Inf(1)), math.Nextafter(f, math.Inf(-1)), f+float64((next-f)*r.Float64()))
	}
	up, down := float32(math.Inf(1)), float32(math.Inf(-1))
	for _, x := range xs {
		if math.IsInf(x, 0) {
			if floor32(x) != float32(x) || ceil32(x) != float32(x) {
				t.Errorf("floor32, ceil32 of %v: %v, %v", x, floor32(x), ceil32(x))
			}
			continue
		}
		if math.Abs(x) <= math.MaxFloat32 && (math.Float32bits(floor32(x)) != math.Float32bits(roundDown(x)) ||
			math.Float32bits(ceil32(x)) != math.Float32bits(roundUp(x))) {
			t.Errorf("floor32, ceil32 of %v: %v, %v; by Nextafter32 %v, %v", x, floor32(x), ceil32(x), roundDown(x), roundUp(x))
		}
		if lo := floor32(x); !(float64(lo) <= x && float64(math.Nextafter32(lo, up)) > x) {
			t.Errorf("floor32(%v) = %v", x, lo)
		}
		if hi := ceil32(x); !(float64(hi) >= x && float64(math.Nextafter32(hi, down)) < x) {
			t.Errorf("ceil32(%v) = %v", x, hi)
		}
	}
}

// roundDown is floor32 by its definition, for x within the float32 range
// (the build rounded its boxes with it until floor32 took over; the two
// must agree bit for bit, the sign of a zero included, for the build's
// layout to stay the same).
func roundDown(x float64) float32 {
	f := float32(x)
	if float64(f) > x {
		f = math.Nextafter32(f, float32(math.Inf(-1)))
	}
	return f
}

// roundUp is ceil32 by its definition.
func roundUp(x float64) float32 {
	f := float32(x)
	if float64(f) < x {
		f = math.Nextafter32(f, float32(math.Inf(1)))
	}
	return f
}

// TestLoadNearMatchesOutsideBox requires loadNear to keep exactly the
// triangles outsideBox keeps, and to read them as load does, for random
// boxes whose bounds are float32 values, their float64 neighbours and
// points between float32 values, against float32 vertices placed on and
// next to those bounds.
func TestLoadNearMatchesOutsideBox(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	grid := func() float64 { return float64(float32(r.IntN(9)-4) * 0.375) }
	bound := func() float64 {
		g := grid()
		switch r.IntN(4) {
		case 0:
			return g
		case 1:
			return math.Nextafter(g, math.Inf(1))
		case 2:
			return math.Nextafter(g, math.Inf(-1))
		}
		return g + float64((float64(r.Float64())-0.5)*1e-7)
	}
	vert := func() float64 {
		f := float32(grid())
		return float64(math.Nextafter32(f, float32(float32(r.IntN(3)-1)*float32(math.Inf(1)))))
	}
	tris := make([]geom.Triangle, 400)
	for i := range tris {
		for j := range tris[i] {
			tris[i][j] = [3]float64{vert(), vert(), vert()}
		}
	}
	m := NewMesh(tris)
	if m.vert32 == nil {
		t.Fatal("float32 vertices expected")
	}
	kept := 0
	for range 500 {
		var lo, hi [3]float64
		for i := range lo {
			lo[i], hi[i] = bound(), bound()
		}
		var b nearBox
		b.set(&lo, &hi)
		for k := range m.tris {
			var want, got geom.Triangle
			m.load(uint32(k), &want)
			keep := m.loadNear(uint32(k), &b, &got)
			if keep != !outsideBox(&want, &lo, &hi) {
				t.Fatalf("triangle %v, box %v %v: loadNear keeps it %v, outsideBox %v", want, lo, hi, keep, !keep)
			}
			if keep {
				kept++
				if got != want {
					t.Fatalf("loadNear read %v, load %v", got, want)
				}
			}
		}
	}
	if kept == 0 || kept == 500*len(m.tris) {
		t.Fatalf("%d triangles kept: the cases test nothing", kept)
	}
}
