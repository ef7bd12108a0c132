package sweep_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
	"sweepdbg/sweep/oracle"
)

// scaled returns the case with every length multiplied by s: axes, points
// and motion. Contact is a statement about the unit-sphere space, which
// does not change, so T and the feature must not change either, and
// points scale by s.
func (c sweepCase) scaled(s float64) sweepCase {
	for i := range c.e.Axes {
		c.e.Axes[i] = geom.Scale(c.e.Axes[i], s)
	}
	c.begin, c.delta = geom.Scale(c.begin, s), geom.Scale(c.delta, s)
	for i := range c.tri {
		c.tri[i] = geom.Scale(c.tri[i], s)
	}
	return c
}

// scales are the factors of TestScaleFree: from a millimetre scene in
// kilometres to the reverse.
var scales = []float64{1e-8, 1e-4, 1e4, 1e8}

// TestScaleFree runs every property family scaled by 1e-8 to 1e8: the core
// and the oracle must each agree with the oracle's unit-space distance (as
// in TestEllipsoidTriangleVsOracle), and the core's T must be the T of the
// unscaled case within the contact tolerance (in unit-space distance: the
// center moves |D_unit| per unit of t).
func TestScaleFree(t *testing.T) {
	n := casesPerFamily() / 10
	for fi, fam := range families {
		for _, s := range scales {
			t.Run(fmt.Sprintf("%s/%g", fam.name, s), func(t *testing.T) {
				r := rand.New(rand.NewPCG(uint64(fi+101), math.Float64bits(s)))
				var st stats
				for i := 0; i < n; i++ {
					c := fam.gen(r)
					msg := checkCase(c.scaled(s), &st)
					if msg == "" {
						msg = sameT(c, s)
					}
					if msg != "" {
						st.fail++
						if st.fail <= 5 {
							t.Errorf("case %d at scale %g: %s\n%s", i, s, msg, describe(c))
						}
					}
				}
				if st.fail > 0 {
					t.Errorf("%d of %d cases failed", st.fail, n)
				}
			})
		}
	}
}

// sameT compares the core's answers on c and on c scaled by s, skipping
// tangencies (whose answer either way is right).
func sameT(c sweepCase, s float64) string {
	h1, ok1 := sweep.EllipsoidTriangle(c.e, c.begin, c.delta, c.tri)
	c2 := c.scaled(s)
	h2, ok2 := sweep.EllipsoidTriangle(c2.e, c2.begin, c2.delta, c2.tri)
	if _, minD := oracle.MinDistance(c.e.Axes, c.begin, c.delta, c.tri, 0, 1); math.Abs(minD-1) <= decisionBand {
		return ""
	}
	if ok1 != ok2 {
		return fmt.Sprintf("hit %v unscaled, %v scaled", ok1, ok2)
	}
	if !ok1 {
		return ""
	}
	speed := unitSpeed(c)
	if d := float64(math.Abs(h1.T-h2.T) * speed); d > contactTol {
		return fmt.Sprintf("T %v unscaled, %v scaled (%g in unit distance)", h1.T, h2.T, d)
	}
	return ""
}

// unitSpeed is |D_unit|, how far the center moves in unit-sphere space per
// unit of t.
func unitSpeed(c sweepCase) float64 {
	return geom.Len(solve(mgl64.Mat3FromCols(c.e.Axes[0], c.e.Axes[1], c.e.Axes[2]), c.delta))
}

// solve returns m⁻¹v by Cramer's rule on m scaled to unit size, so it works
// for any scale of m (mgl64's Inv returns zero below |det| 1e-10).
func solve(m mgl64.Mat3, v mgl64.Vec3) mgl64.Vec3 {
	s := 0.0
	for _, x := range m {
		s = math.Max(s, math.Abs(x))
	}
	m = m.Mul(1 / s)
	det := geom.Det3(m)
	var out mgl64.Vec3
	for i := range 3 {
		mi := m
		mi.SetCol(i, v)
		out[i] = geom.Det3(mi) / det
	}
	return geom.Scale(out, 1/s)
}

// TestTinyScales checks the extreme cases by hand: an ellipsoid centered on
// a triangle 1e-200 in size touches it at T = 0 (any engine must say so),
// and an ellipsoid of radius 1e-8 moving 2 units toward a floor first
// touches it where it really is.
func TestTinyScales(t *testing.T) {
	tiny := geom.Triangle{{0, 0, 0}, {1e-200, 0, 0}, {0, 0, 1e-200}}
	unit := sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}
	c := mgl64.Vec3{1e-201, 0, 1e-201}
	if h, ok := sweep.EllipsoidTriangle(unit, c, mgl64.Vec3{0, 1, 0}, tiny); !ok || h.T != 0 {
		t.Errorf("unit sphere centered on a 1e-200 triangle: %+v, %v; want T = 0", h, ok)
	}
	if h, ok := sweep.NewMesh([]geom.Triangle{tiny}).Sweep(unit, c, mgl64.Vec3{0, 1, 0}); !ok || h.T != 0 {
		t.Errorf("mesh of a 1e-200 triangle, unit sphere centered on it: %+v, %v; want T = 0", h, ok)
	}
	if oc, ok := oracle.FirstContact(unit.Axes, c, mgl64.Vec3{0, 1, 0}, tiny); !ok || oc.T != 0 {
		t.Errorf("oracle, unit sphere centered on a 1e-200 triangle: %+v, %v; want T = 0", oc, ok)
	}
	small := sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{1e-8, 0, 0}, {0, 1e-8, 0}, {0, 0, 1e-8}}}
	floor := geom.Triangle{{-1, 0, -1}, {1, 0, -1}, {0, 0, 2}}
	begin, delta := mgl64.Vec3{0, 1, 0}, mgl64.Vec3{0, -2, 0}
	want := (1 - 1e-8) / 2
	if h, ok := sweep.EllipsoidTriangle(small, begin, delta, floor); !ok || math.Abs(h.T-want) > 1e-15 {
		t.Errorf("1e-8 sphere onto a floor: %+v, %v; want T = %v", h, ok, want)
	}
	if oc, ok := oracle.FirstContact(small.Axes, begin, delta, floor); !ok || math.Abs(oc.T-want) > 1e-15 {
		t.Errorf("oracle, 1e-8 sphere onto a floor: %+v, %v; want T = %v", oc, ok, want)
	}
}

// TestSlideScaleFree slides a sphere at an angle onto a floor at every
// scale with the default skin: the slide pose is the unscaled one times
// the scale, 1e-3 radii above the floor (the default skin is relative to
// the ellipsoid), and an explicit skin is kept as given.
func TestSlideScaleFree(t *testing.T) {
	floor := []geom.Triangle{{{-10, 0, -10}, {10, 0, -10}, {0, 0, 20}}}
	for _, s := range append([]float64{1}, scales...) {
		sc := make([]geom.Triangle, len(floor))
		for i, tri := range floor {
			sc[i] = geom.Triangle{geom.Scale(tri[0], s), geom.Scale(tri[1], s), geom.Scale(tri[2], s)}
		}
		m := sweep.NewMesh(sc)
		from, to := geom.Scale(mgl64.Vec3{0, 3, 0}, s), geom.Scale(mgl64.Vec3{4, -1, 0}, s)
		res := m.Slide(sweep.Sphere(s), from, to, sweep.SlideOptions{})
		want := geom.Scale(mgl64.Vec3{4, 1 + sweep.DefaultSkinRatio, 0}, s)
		if geom.Len(res.Final.Sub(want)) > 1e-9*s {
			t.Errorf("scale %g: final %v, want %v", s, res.Final, want)
		}
		res = m.Slide(sweep.Sphere(s), from, to, sweep.SlideOptions{Skin: float64(0.25 * s)})
		if want := geom.Scale((mgl64.Vec3{4, 1.25, 0}), s); geom.Len(res.Final.Sub(want)) > 1e-9*s {
			t.Errorf("scale %g, skin %g: final %v, want %v", s, float64(0.25*s), res.Final, want)
		}
	}
}
