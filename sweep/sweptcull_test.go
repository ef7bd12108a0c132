package sweep

import (
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

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

// planeCase is randBoxCase, in one case in four with the triangle in a
// plane of constant x, y or z (zeros in its normal, whose signs lin3's
// diagonal map keeps), and with, in one case in two, the start or the
// end of the motion put at about the mapped sphere's radius from the
// triangle's plane (k·r with k within a few 1e-12 of 1, on either side),
// where missesSlab's comparisons decide: the start (dist² against rm)
// with a random motion, or the end (left² against rm) from three radii
// away.
func planeCase(r *rand.Rand) boxCase {
	c := randBoxCase(r)
	if r.IntN(4) == 0 { // in a plane x, y or z = const: zeros in nw
		k := r.IntN(3)
		c.tri[1][k], c.tri[2][k] = c.tri[0][k], c.tri[0][k]
	}
	kind := r.IntN(4)
	if kind >= 2 {
		return c
	}
	o := v3p(&c.tri[0])
	nw := v3p(&c.tri[1]).sub(o).cross(v3p(&c.tri[2]).sub(o))
	var axes lin3
	axes.setRows(v3p(&c.e.Axes[0]), v3p(&c.e.Axes[1]), v3p(&c.e.Axes[2]))
	ln, nn := axes.apply(nw).length(), nw.lenSq()
	k := float64(1 + float64(float64(r.IntN(9)-4)*1e-12))
	if kind == 0 { // the start at k·r, either side
		k = float64(k * float64(1-2*r.IntN(2)))
	} else { // from 3r to k·r
		c.delta = nw.mul(float64(float64((k-3)*ln) / nn)).mgl()
		k = 3
	}
	c.begin = o.add(nw.mul(float64(float64(k*ln) / nn))).mgl()
	return c
}

// planeCull is what sweptCullAVX must answer for a triangle that
// outsideSweptBox keeps, from the Go code as ellipsoidTriangleInBox runs
// it: cullPlane when triFrame.plane rejects the triangle by missesSlab
// with the plain cross product, else cullKeep (also when plane rejects it
// by planeSweptSphere alone, or after recomputing the normal exactly).
func planeCull(c *boxCase) int {
	var f triFrame
	f.setFrame(&c.tri, &c.begin, &c.delta)
	var axes lin3
	axes.setRows(v3p(&c.e.Axes[0]), v3p(&c.e.Axes[1]), v3p(&c.e.Axes[2]))
	rejected := !f.plane(&axes, 1)
	recheck := f.e1.cross(f.e2).lenSq() < crossRecheck*float64(f.e1.lenSq()*f.e2.lenSq())
	if !rejected || recheck || !missesSlab(f.bn, f.dn, f.n.lenSq(), 1) {
		return cullKeep
	}
	return cullPlane
}

// avxCases skips t where there is no AVX2 assembly, and otherwise returns
// the generator seeded with seed (and seed+1) and the number of cases a
// comparison with the Go code runs (fewer with -short).
func avxCases(t *testing.T, seed uint64) (r *rand.Rand, n int) {
	t.Helper()
	if !haveSweptCullAVX || !useAVX2 {
		t.Skip("no AVX2 assembly on this platform")
	}
	if testing.Short() {
		return rand.New(rand.NewPCG(seed, seed+1)), 40000
	}
	return rand.New(rand.NewPCG(seed, seed+1)), 400000
}

// TestSweptCullAVXMatchesGo requires sweptCullAVX to answer as
// outsideSweptBox and then planeCull on every case of planeCase (the same
// operations in the same order): the cases near a slab's end or at the
// sphere's radius from the plane fail if an operation or a comparison's
// predicate differs. It also requires each answer on many cases.
func TestSweptCullAVXMatchesGo(t *testing.T) {
	r, n := avxCases(t, 51)
	var count [3]int
	for range n {
		c := planeCase(r)
		want := cullBox
		if !outsideSweptBox(&c.e, &c.tri, &c.begin, &c.delta) {
			want = planeCull(&c)
		}
		if got := sweptCullAVX(&c.e, &c.tri, &c.begin, &c.delta); got != want {
			t.Fatalf("%+v: sweptCullAVX %v, the Go code %v", c, got, want)
		}
		count[want]++
	}
	for want, k := range count {
		if k < n/20 {
			t.Fatalf("%d of %d cases with answer %d: every answer must be exercised", k, n, want)
		}
	}
}

// TestPlaneFrameAVXMatchesGo requires planeFrameAVX and then slab to
// leave the frame bit for bit as setFrame and plane do, with the same
// answer, on every case of planeCase (rotated and upright axes, so both of
// lin3's forms), and to fill nothing and report false exactly where plane
// recomputes the normal exactly.
func TestPlaneFrameAVXMatchesGo(t *testing.T) {
	r, n := avxCases(t, 53)
	bits := func(f *triFrame) [unsafe.Sizeof(triFrame{})]byte {
		return *(*[unsafe.Sizeof(triFrame{})]byte)(unsafe.Pointer(f))
	}
	var count [2][2]int // [diagonal axes][plane's answer]
	for range n {
		c := planeCase(r)
		var want triFrame
		want.setFrame(&c.tri, &c.begin, &c.delta)
		var axes lin3
		axes.setRows(v3p(&c.e.Axes[0]), v3p(&c.e.Axes[1]), v3p(&c.e.Axes[2]))
		wantOK := want.plane(&axes, 1)
		recheck := want.e1.cross(want.e2).lenSq() < crossRecheck*float64(want.e1.lenSq()*want.e2.lenSq())
		var got triFrame
		filled := planeFrameAVX(&got, &c.e, &c.tri, &c.begin, &c.delta)
		if filled == recheck || !filled && bits(&got) != bits(&triFrame{}) {
			t.Fatalf("%+v: planeFrameAVX %v (frame %+v), plane recomputes the normal %v", c, filled, got, recheck)
		}
		if !filled {
			continue
		}
		gotOK := !got.usable || got.slab(got.n.lenSq(), 1, false)
		if gotOK != wantOK || bits(&got) != bits(&want) {
			t.Fatalf("%+v:\nplaneFrameAVX %v %+v\nplane %v %+v", c, gotOK, got, wantOK, want)
		}
		count[b2u(axes.diag)][b2u(wantOK)]++
	}
	for _, k := range count {
		if k[0] < n/100 || k[1] < n/100 {
			t.Fatalf("%v cases by diagonal axes and plane's answer: every kind must be exercised", count)
		}
	}
}
