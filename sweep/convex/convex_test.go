package convex

import (
	"sweepdbg/geom"

	"flag"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/sweep/internal/shapecases"
	"sweepdbg/sweep/oracle"
)

var floor = [3]mgl64.Vec3{{0, 0, 0}, {4, 0, 0}, {0, 0, 4}}

// Hand-derived cases: floor is y = 0 with legs of 4 along +x and +z.
func TestSweepHand(t *testing.T) {
	c45 := 1 / math.Sqrt2
	cube := Box{[3]mgl64.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}
	for _, tc := range []struct {
		name         string
		s            Shape
		begin, delta mgl64.Vec3
		hit          bool
		t            float64
		normal       mgl64.Vec3
		feature      string
	}{
		// Standing capsule, lower end from y = 2 by -4, radius 0.5: t = 1.5/4.
		{"capsule standing", Capsule{0.5, mgl64.Vec3{0, 1, 0}}, mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -4, 0}, true, 0.375, mgl64.Vec3{0, 1, 0}, "face"},
		// Capsule along edge 0 at z = -3, radius 1, moving +z by 4: t = 0.5.
		{"capsule along edge", Capsule{1, mgl64.Vec3{1, 0, 0}}, mgl64.Vec3{2, 0, -3}, mgl64.Vec3{0, 0, 4}, true, 0.5, mgl64.Vec3{0, 0, -1}, "edge"},
		// Sphere at vertex 0 along (1,1,1): from (-2,-2,-2) by (2,2,2), radius 1: t = 1 - 1/(2√3).
		{"sphere vertex", Capsule{1, mgl64.Vec3{}}, mgl64.Vec3{-2, -2, -2}, mgl64.Vec3{2, 2, 2}, true, 1 - 1/(2*math.Sqrt(3)), geom.Normalize(mgl64.Vec3{-1, -1, -1}), "vertex"},
		// Cube falling flat from y = 3 by 4: t = 0.5.
		{"box flat", cube, mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -4, 0}, true, 0.5, mgl64.Vec3{0, 1, 0}, ""},
		// Edge-down box: center √2 above at contact, t = (3 - √2)/4.
		{"box edge down", Box{[3]mgl64.Vec3{{c45, c45, 0}, {-c45, c45, 0}, {0, 0, 1}}}, mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -4, 0}, true, (3 - math.Sqrt2) / 4, mgl64.Vec3{0, 1, 0}, ""},
		// Cube from below: its top reaches y = 0 at t = 0.25.
		{"box from below", cube, mgl64.Vec3{1, -2, 1}, mgl64.Vec3{0, 4, 0}, true, 0.25, mgl64.Vec3{0, -1, 0}, "face"},
		// Overlapping start.
		{"box overlap", cube, mgl64.Vec3{1, 0.5, 1}, mgl64.Vec3{0, 1, 0}, true, 0, mgl64.Vec3{}, ""},
		// Passing 1e-3 above the face: no contact.
		{"box grazing", cube, mgl64.Vec3{-5, 1.001, 1}, mgl64.Vec3{10, 0, 0}, false, 0, mgl64.Vec3{}, ""},
		// Moving away.
		{"capsule away", Capsule{1, mgl64.Vec3{}}, mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, 4, 0}, false, 0, mgl64.Vec3{}, ""},
		// Ellipsoid (0.5, 2, 0.5) from y = 3 by -4: touches at y = 2, t = 0.25.
		{"ellipsoid face", Ellipsoid{[3]mgl64.Vec3{{0.5, 0, 0}, {0, 2, 0}, {0, 0, 0.5}}}, mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -4, 0}, true, 0.25, mgl64.Vec3{0, 1, 0}, "face"},
	} {
		h, ok := Sweep(tc.s, tc.begin, tc.delta, floor)
		if ok != tc.hit || ok && (math.Abs(h.T-tc.t) > 1e-8 || tc.normal != (mgl64.Vec3{}) && geom.Len(h.Normal.Sub(tc.normal)) > 1e-8 ||
			tc.feature != "" && h.Feature != tc.feature) {
			t.Errorf("%s: %+v, %v; want hit %v at T=%v, normal %v, %s", tc.name, h, ok, tc.hit, tc.t, tc.normal, tc.feature)
		}
	}
	for _, s := range []Shape{Capsule{0, mgl64.Vec3{}}, Capsule{math.NaN(), mgl64.Vec3{}}, Box{}, Capsule{1, mgl64.Vec3{math.Inf(1), 0, 0}}} {
		if h, ok := Sweep(s, mgl64.Vec3{1, 0.5, 1}, mgl64.Vec3{0, -4, 0}, floor); ok {
			t.Errorf("invalid shape %v: %+v", s, h)
		}
	}
	if h, ok := Sweep(cube, mgl64.Vec3{math.NaN(), 3, 1}, mgl64.Vec3{0, -4, 0}, floor); ok {
		t.Errorf("NaN begin: %+v", h)
	}
	// Coordinates near the float64 limit overflow in GJK: no contact, and
	// no NaN or panic.
	if h, ok := Sweep(cube, mgl64.Vec3{1e308, -1e308, 1e308}, mgl64.Vec3{-1e308, 1e308, -1e308}, floor); ok && !(h.T >= 0 && h.T <= 1) {
		t.Errorf("huge input: %+v", h)
	}
}

// TestEllipsoidVsOracle compares the ellipsoid against the ellipsoid
// oracle on a few aimed sweeps.
func TestEllipsoidVsOracle(t *testing.T) {
	axes := [3]mgl64.Vec3{{0.5, 0.1, 0}, {-0.2, 1, 0}, {0, 0, 0.7}}
	for i := 0; i < 50; i++ {
		f := float64(i) / 50
		begin := mgl64.Vec3{-2 + float64(6*f), 2, 3 - float64(4*f)}
		delta := mgl64.Vec3{1 - float64(2*f), -4, 0.5}
		oc, ook := oracle.FirstContact(axes, begin, delta, floor)
		h, ok := Sweep(Ellipsoid{axes}, begin, delta, floor)
		if ok != ook || ok && math.Abs(h.T-oc.T) > 1e-6 {
			t.Errorf("case %d: %+v %v, oracle %+v %v", i, h, ok, oc, ook)
		}
	}
}

// answer adapts Sweep to shapecases.
func answer(c shapecases.Case) shapecases.Answer {
	var s Shape = Capsule{c.Radius, c.HalfSeg}
	if c.Kind == shapecases.Box {
		s = Box{c.Axes}
	}
	h, ok := Sweep(s, c.Begin, c.Delta, c.Tri)
	return shapecases.Answer{Hit: ok, T: h.T, Point: h.Point, Normal: h.Normal, Feature: h.Feature}
}

// perFamily overrides shapecases.PerFamily (e.g. for a partial full-size
// run of the slow box families: -args -perfamily 20000).
var perFamily = flag.Int("perfamily", 0, "cases per family and offset (0: shapecases.PerFamily)")

// TestFamiliesVsOracle runs every family at every offset through
// shapecases.Run, which judges with shapecases.Judge: there must be no
// wrong answer.
func TestFamiliesVsOracle(t *testing.T) {
	n := shapecases.PerFamily(testing.Short())
	if *perFamily > 0 {
		n = *perFamily
	}
	for _, fam := range shapecases.Families() {
		for _, off := range shapecases.Offsets {
			t.Run(fmt.Sprintf("%s/%g", fam.Name, off), func(t *testing.T) {
				start := time.Now()
				st := shapecases.Run(fam, off, n, answer)
				rate := float64(n) / time.Since(start).Seconds()
				for _, f := range st.Failures {
					t.Error(f)
				}
				if st.Wrong > 0 {
					t.Errorf("%v", st)
				}
				t.Logf("%v (%.0f cases/s with the oracle)", st, rate)
			})
		}
	}
}

// TestCornerOnVertexNormal: a flat box's corner landing on a triangle
// vertex, where the normals valid at the contact form a narrow cone. Once
// every candidate direction came from moving the box out along directions
// outside that cone, and the chosen plane cut 0.93 units into the box
// (box/corner-vertex at 1e5, case 6200 of 20000); the candidates taken
// back along the motion fixed it.
func TestCornerOnVertexNormal(t *testing.T) {
	c := shapecases.Case{Kind: shapecases.Box,
		Axes:  [3]mgl64.Vec3{{-0.3030287148432416, -0.347312590129856, 0.10944110744487723}, {-0.0032565813058008084, 0.0032217972280163924, 0.0012073442542855398}, {-0.0016294223899455146, 1.9960545500309696e-05, -0.004448321433964647}},
		Begin: mgl64.Vec3{60000.682254345156, -48004.69054894234, 63995.58283756233}, Delta: mgl64.Vec3{0.23020539047896188, 0.09672655550334656, 0.20785854503989695},
		Tri: [3]mgl64.Vec3{{60001.595369400726, -48001.27753066936, 63996.89714468614}, {59995.16520406503, -47995.12762457783, 64001.10966714996}, {60001.15161069534, -48004.2786443685, 63995.62240735775}}}
	if msg := shapecases.Check(c, answer(c)); msg != "" {
		t.Error(msg)
	}
}
