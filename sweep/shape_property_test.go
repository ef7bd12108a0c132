package sweep_test

import (
	"fmt"
	"testing"
	"time"

	"sweepdbg/sweep"
	"sweepdbg/sweep/internal/shapecases"
)

// TestShapesVsOracle is the capsule's and the box's acceptance test, as
// TestEllipsoidTriangleVsOracle is the ellipsoid's: every family of
// sweep/internal/shapecases at every offset, CapsuleTriangle and
// BoxTriangle judged against the independent oracle (shapecases.Judge:
// the decision band for tangencies, T, a point on the triangle and on the
// shape's surface, a separating normal, the feature). 0 wrong is the bar.
func TestShapesVsOracle(t *testing.T) {
	n := shapecases.PerFamily(testing.Short())
	for _, fam := range shapecases.Families() {
		for _, off := range shapecases.Offsets {
			t.Run(fmt.Sprintf("%s/%g", fam.Name, off), func(t *testing.T) {
				start := time.Now()
				st := shapecases.Run(fam, off, n, coreAnswer)
				for _, f := range st.Failures {
					t.Error(f)
				}
				if st.Wrong > 0 {
					t.Errorf("%v", st)
				}
				t.Logf("%v (%.0f cases/s with the oracle)", st, float64(n)/time.Since(start).Seconds())
			})
		}
	}
}

// coreAnswer is the core's answer to c.
func coreAnswer(c shapecases.Case) shapecases.Answer {
	var h sweep.Hit
	var ok bool
	if c.Kind == shapecases.Box {
		h, ok = sweep.BoxTriangle(sweep.Box{Axes: c.Axes}, c.Begin, c.Delta, c.Tri)
	} else {
		h, ok = sweep.CapsuleTriangle(sweep.Capsule{Radius: c.Radius, HalfSegment: c.HalfSeg}, c.Begin, c.Delta, c.Tri)
	}
	return shapecases.Answer{Hit: ok, T: h.T, Point: h.Point, Normal: h.Normal, Feature: h.Feature.String()}
}
