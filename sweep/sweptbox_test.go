package sweep

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// boxCase is one input of outsideSweptBox.
type boxCase struct {
	e            Ellipsoid
	tri          geom.Triangle
	begin, delta mgl64.Vec3
}

// randBoxCase is a triangle and a swept ellipsoid of a random scale (1e-8
// to 1e8) at a random offset (0 to 1e5 of that scale), the ellipsoid
// rotated or upright, the motion sometimes zero or along an axis. Three
// cases in sixteen put every vertex's coordinate on one axis at one ulp
// either side of the slab's end there (slabAbout) or on it (the offset
// from c rounding to ±w exactly, where > and >= differ), and the others
// inside their slabs, so that the comparisons on that axis decide; they
// are at offset 0, where an offset from c can be any float64 near w. One
// case in sixteen puts a NaN or an infinity somewhere.
func randBoxCase(r *rand.Rand) boxCase {
	kind := r.IntN(16)
	s := math.Pow(10, -8+float64(16*r.Float64()))
	off := randVec(r, float64(2e5*s*r.Float64()))
	if kind < 3 {
		off = mgl64.Vec3{} // the slabs' centers within a few widths of 0: see below
	}
	var c boxCase
	rot := geom.QuatMat4(mgl64.QuatRotate(float64(float64(r.Float64())*2*math.Pi), geom.Normalize(randVec(r, 2).Add(mgl64.Vec3{1e-3, 0, 0}))))
	for i := range c.e.Axes {
		axis := mgl64.Vec3{}
		axis[i] = float64(s * (0.5 + float64(1.5*r.Float64())))
		if r.IntN(2) == 0 {
			axis = geom.MulVec4(rot, axis.Vec4(0)).Vec3()
		}
		c.e.Axes[i] = axis
	}
	c.begin = off.Add(randVec(r, float64(16*s)))
	switch r.IntN(4) {
	case 0: // no motion
	case 1:
		c.delta[r.IntN(3)] = float64((float64(r.Float64()) - 0.5) * 20 * s)
	default:
		c.delta = randVec(r, float64(20*s))
	}
	for i := range c.tri {
		c.tri[i] = off.Add(randVec(r, float64(10*s)))
	}
	switch kind {
	case 0, 1, 2: // every vertex just outside or inside one end of the slab on axis k
		k := r.IntN(3)
		a := &c.e.Axes
		cm, w := slabAbout(extentK(a, k), c.begin[k], c.delta[k])
		sw := float64(w * float64(1-2*r.IntN(2))) // the end: c + w or c - w
		for i := range c.tri {
			// An offset from c of ±w, or one ulp either side of it, and
			// the coordinate whose offset rounds to that, if one is
			// within a few ulps: where > and >= (< and <=) differ.
			s := sw
			if n := r.IntN(3); n > 0 {
				s = math.Nextafter(s, math.Inf(3-2*n))
			}
			v := cm + s
			for range 8 {
				if d := v - cm; d < s {
					v = math.Nextafter(v, math.Inf(1))
				} else if d > s {
					v = math.Nextafter(v, math.Inf(-1))
				}
			}
			c.tri[i][k] = v
			// Inside the slabs of the other two axes, so that axis k
			// decides.
			for _, j := range [2]int{(k + 1) % 3, (k + 2) % 3} {
				cj, wj := slabAbout(extentK(a, j), c.begin[j], c.delta[j])
				c.tri[i][j] = cj + float64((float64(2*float64(r.Float64()))-1)*0.9*wj)
			}
		}
	case 3: // a NaN or an infinity
		x := []float64{math.NaN(), math.Inf(1), math.Inf(-1)}[r.IntN(3)]
		switch r.IntN(4) {
		case 0:
			c.e.Axes[r.IntN(3)][r.IntN(3)] = x
		case 1:
			c.tri[r.IntN(3)][r.IntN(3)] = x
		case 2:
			c.begin[r.IntN(3)] = x
		default:
			c.delta[r.IntN(3)] = x
		}
	}
	return c
}

// TestSweptBoxAVXMatchesGo requires sweptBoxAVX to answer as
// outsideSweptBox on every case of randBoxCase (the same operations in the
// same order, lane by lane): the cases near a slab's end fail if an
// operation or a comparison's predicate differs. It also requires both to
// reject and to keep many cases.
func TestSweptBoxAVXMatchesGo(t *testing.T) {
	if !haveSweptBoxAVX || !useAVX2 {
		t.Skip("no AVX2 assembly on this platform")
	}
	r := rand.New(rand.NewPCG(51, 52))
	n := 400000
	if testing.Short() {
		n = 40000
	}
	out := 0
	for range n {
		c := randBoxCase(r)
		want := outsideSweptBox(&c.e, &c.tri, &c.begin, &c.delta)
		if got := sweptBoxAVX(&c.e, &c.tri, &c.begin, &c.delta); got != want {
			t.Fatalf("%+v: sweptBoxAVX %v, outsideSweptBox %v", c, got, want)
		}
		if want {
			out++
		}
	}
	if out < n/10 || n-out < n/10 {
		t.Fatalf("%d of %d cases outside: both answers must be exercised", out, n)
	}
}
