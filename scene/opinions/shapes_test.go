package opinions

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
)

// TestCompareShapes: a capsule (radius 0.5, half segment (0, 1, 0)) and a
// box (half extents 0.5, 1, 0.5, turned 30° about y) fall from y = 5 by
// 10 onto the floor y = 0. By hand the capsule's lowest point is 1.5
// below its center, so it touches at T = (5 - 1.5)/10 = 0.35; the box's
// is 1 below, T = 0.4; both with normal +y. The core, the convex method
// and the oracle agree on both, within the exact tolerance.
func TestCompareShapes(t *testing.T) {
	tris := []geom.Triangle{{{-10, 0, -10}, {10, 0, -10}, {-10, 0, 10}}, {{10, 0, -10}, {10, 0, 10}, {-10, 0, 10}}}
	c, s := math.Cos(math.Pi/6), math.Sin(math.Pi/6)
	for _, tc := range []struct {
		shape sweep.Shape
		t     float64
	}{
		{sweep.CapsuleShape(sweep.Capsule{Radius: 0.5, HalfSegment: mgl64.Vec3{0, 1, 0}}), 0.35},
		{sweep.BoxShape(sweep.Box{Axes: [3]mgl64.Vec3{{float64(0.5 * c), 0, float64(-0.5 * s)}, {0, 1, 0}, {float64(0.5 * s), 0, float64(0.5 * c)}}}), 0.4},
	} {
		mo := sweep.Motion{Shape: tc.shape, Start: mgl64.Vec3{1, 5, 1}, End: mgl64.Vec3{1, -5, 1}}
		r := Compare(judge.NewGeometry(tc.shape, tris), sweep.NewMesh(tris), mo, judge.Exact)
		if !r.Agree() || len(r.Opinions) != 3 || r.Opinions[1].Algorithm != Convex {
			t.Errorf("%v:\n%s", tc.shape.Kind, r)
		}
		for _, o := range r.Opinions {
			if !o.OK || math.Abs(o.Hit.T-tc.t) > 1e-9 || geom.Len(o.Hit.Normal.Sub(mgl64.Vec3{0, 1, 0})) > 1e-9 {
				t.Errorf("%v: %s says %v at T %v normal %v, want T %v normal +y", tc.shape.Kind, o.Algorithm, o.OK, o.Hit.T, o.Hit.Normal, tc.t)
			}
		}
		// A claimed contact 1e-3 late is 1e-2 deep (10 units of motion, in
		// units of 0.5): the judge says so in shape units.
		late := sweep.Answer{Hit: true, First: r.Opinions[0].Hit, Has: sweep.AllFields &^ sweep.HasSteps}
		late.First.T += 1e-3
		v := judge.Judge{Tol: judge.Exact}.Sweep(judge.NewGeometry(tc.shape, tris), mo, sweep.Answer{Hit: true, First: r.Opinions[0].Hit, Has: late.Has}, late)
		if v.State != judge.Wrong || v.Rule != "t" || math.Abs(v.By-0.02) > 1e-9 {
			t.Errorf("%v: a late contact: %v, want wrong t by 0.02", tc.shape.Kind, v)
		}
	}
}
