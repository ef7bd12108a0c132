package sweep_test

import (
	"sweepdbg/geom"

	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/sweep"
	"sweepdbg/sweep/oracle"
)

// Decision tolerances of the property tests, in unit-sphere distance (the
// distance from the center to the triangle in the space where the
// ellipsoid is a unit sphere; 1 is contact).
const (
	// decisionBand: when the oracle's closest approach over the motion is
	// within 1e-7 of 1 the case is a tangency (floating-point input cannot
	// say which side it is on) and either answer is accepted. Below
	// 1 - 1e-7 the core must report a hit (else it is a miss), above
	// 1 + 1e-7 it must not (else it is a false hit). The core's and the
	// oracle's own errors are around 1e-12, far inside the band.
	decisionBand = 1e-7
	// contactTol: at the core's T the unit distance must be 1 within 1e-6
	// (at most 1 + 1e-6 for T = 0), the distance must not have dropped
	// below 1 - 1e-6 before T, the point must lie within 1e-6 of the
	// triangle and 1 within 1e-6 of the center (for T > 0).
	contactTol = 1e-6
	// normalTol: the normal is within 1e-3 rad of the true normal of the
	// tangent plane at the core's contact pose.
	normalTol = 1e-3
)

// casesPerFamily is 100k in the full run and 2k with -short.
func casesPerFamily() int {
	if testing.Short() {
		return 2000
	}
	return 100000
}

// oracleClosest is the oracle's closest approach over [0, 1], for the
// grazing generator.
func oracleClosest(c sweepCase) (float64, mgl64.Vec3, mgl64.Vec3, float64) {
	t, _ := oracle.MinDistance(c.e.Axes, c.begin, c.delta, c.tri, 0, 1)
	center := c.begin.Add(geom.Scale(c.delta, t))
	p, d, _ := oracle.Closest(c.e.Axes, center, c.tri)
	return t, center, p, d
}

var families = []struct {
	name string
	gen  func(r *rand.Rand) sweepCase
}{
	{"uniform", genUniform},
	{"vertex", genAimed(0)},
	{"edge", genAimed(1)},
	{"face", genAimed(2)},
	{"grazing", genGrazing(oracleClosest)},
	{"ball-tangent", genBallTangent},
	{"slab-beyond-edge", genSlabBeyondEdge},
	{"parallel", genParallel},
	{"overlap", genOverlap},
	{"zero-motion", genZeroMotion},
	{"degenerate", genDegenerate},
	{"flat-100to1", genFlat},
	{"long-fast", genLongFast},
}

// offsets translate every family away from the origin.
var offsets = []float64{0, 1e4, 1e5}

// TestEllipsoidTriangleVsOracle is the core's acceptance test: every family
// at every offset, compared with the independent oracle.
func TestEllipsoidTriangleVsOracle(t *testing.T) {
	n := casesPerFamily()
	for fi, fam := range families {
		for _, off := range offsets {
			t.Run(fmt.Sprintf("%s/%g", fam.name, off), func(t *testing.T) {
				r := rand.New(rand.NewPCG(uint64(fi+1), math.Float64bits(off)))
				o := geom.Scale(mgl64.Vec3{0.6, -0.48, 0.64}, off)
				var st stats
				for i := 0; i < n; i++ {
					c := fam.gen(r).translated(o)
					if i%2 == 1 { // the same ellipsoid with a mirrored M (det < 0)
						c.e.Axes[0] = geom.Scale(c.e.Axes[0], -1)
					}
					if msg := checkCase(c, &st); msg != "" {
						st.fail++
						if st.fail <= 5 {
							t.Errorf("case %d: %s\n%s", i, msg, describe(c))
						}
					}
				}
				if st.fail > 0 {
					t.Errorf("%d of %d cases failed", st.fail, n)
				}
				t.Logf("%d cases: %d hits (%d at T=0), %d without contact, %d tangencies in the decision band", n, st.hits, st.zero, n-st.hits, st.band)
			})
		}
	}
}

type stats struct{ hits, zero, band, fail int }

func describe(c sweepCase) string {
	return fmt.Sprintf("axes %v\nbegin %v\ndelta %v\ntri %v", c.e.Axes, c.begin, c.delta, c.tri)
}

// checkCase runs the core and the oracle on c and returns what is wrong
// ("" if nothing).
func checkCase(c sweepCase, st *stats) string {
	h, ok := sweep.EllipsoidTriangle(c.e, c.begin, c.delta, c.tri)
	oc, ook := oracle.FirstContact(c.e.Axes, c.begin, c.delta, c.tri)
	if ok != ook {
		_, minD := oracle.MinDistance(c.e.Axes, c.begin, c.delta, c.tri, 0, 1)
		if math.Abs(minD-1) <= decisionBand {
			st.band++
		} else if ook {
			return fmt.Sprintf("MISS: oracle contact at T=%v (closest approach %v)", oc.T, minD)
		} else {
			return fmt.Sprintf("FALSE HIT at T=%v: oracle's closest approach is %v", h.T, minD)
		}
	}
	if msg := checkPrepared(c, h, ok); msg != "" {
		return msg
	}
	if !ok {
		return ""
	}
	st.hits++
	if h.T == 0 {
		st.zero++
	}
	return checkHit(c, h, oc, ook)
}

// checkPrepared checks the prepared path a mesh sweep runs
// (Query.Triangle) against EllipsoidTriangle's answer h, ok. Its
// conservative rejections (the box test and Query.outOfReach, which it
// runs before the plane stage) must reject nothing the exact stages would
// accept: its answer must be bitwise that of EllipsoidTriangle and of the
// reference narrow phase (TriangleReference), over the whole motion, over a
// motion that ends at the contact (as a mesh sweep's best T so far does),
// and, over one that ends just before it, there must be no hit.
func checkPrepared(c sweepCase, h sweep.Hit, ok bool) string {
	q := sweep.NewQuery(c.e, c.begin, c.delta)
	if h2, ok2 := q.Triangle(c.tri, 1); ok2 != ok || h2 != h {
		return fmt.Sprintf("Query.Triangle %v %+v, EllipsoidTriangle %v %+v", ok2, h2, ok, h)
	}
	if h2, ok2 := sweep.TriangleReference(&q, c.tri, 1); ok2 != ok || h2 != h {
		return fmt.Sprintf("the reference %v %+v, Query.Triangle %v %+v", ok2, h2, ok, h)
	}
	if !ok {
		return ""
	}
	if h2, ok2 := q.Triangle(c.tri, h.T); !ok2 || h2 != h {
		return fmt.Sprintf("Query.Triangle up to T=%v: %v %+v, want the same hit", h.T, ok2, h2)
	}
	if h2, ok2 := sweep.TriangleReference(&q, c.tri, h.T); !ok2 || h2 != h {
		return fmt.Sprintf("the reference up to T=%v: %v %+v, want the same hit", h.T, ok2, h2)
	}
	if h.T > 0 {
		if h2, ok2 := q.Triangle(c.tri, math.Nextafter(h.T, 0)); ok2 {
			return fmt.Sprintf("Query.Triangle up to just before T=%v: hit %+v, want none", h.T, h2)
		}
	}
	return ""
}

// checkHit checks a reported hit against the oracle's distance function at
// the reported contact pose.
func checkHit(c sweepCase, h sweep.Hit, oc oracle.Contact, ook bool) string {
	if !(h.T >= 0 && h.T <= 1) {
		return fmt.Sprintf("T=%v outside [0, 1]", h.T)
	}
	center := c.begin.Add(geom.Scale(c.delta, h.T))
	want, d, wantN := oracle.Closest(c.e.Axes, center, c.tri)
	switch {
	case h.T > 0 && math.Abs(d-1) > contactTol:
		return fmt.Sprintf("unit distance at T=%v is %v, not 1 (oracle T=%v)", h.T, d, oc.T)
	case h.T == 0 && d > 1+contactTol:
		return fmt.Sprintf("T=0 but the start is at unit distance %v", d)
	}
	if ook && oc.T < h.T {
		if _, minD := oracle.MinDistance(c.e.Axes, c.begin, c.delta, c.tri, 0, h.T); minD < 1-contactTol {
			return fmt.Sprintf("T=%v is late: the distance dropped to %v before it (oracle T=%v)", h.T, minD, oc.T)
		}
	}
	if pd := oracle.UnitDistance(c.e.Axes, h.Point, c.tri); pd > contactTol {
		return fmt.Sprintf("point %v is %v (unit) off the triangle", h.Point, pd)
	}
	m := mgl64.Mat3FromCols(c.e.Axes[0], c.e.Axes[1], c.e.Axes[2])
	if pc := geom.Len(solve(m, h.Point.Sub(center))); h.T > 0 && math.Abs(pc-1) > contactTol {
		return fmt.Sprintf("point %v is not on the ellipsoid's surface: unit distance %v from the center", h.Point, pc)
	}
	if math.Abs(geom.Len(h.Normal)-1) > 1e-9 {
		return fmt.Sprintf("normal %v is not unit", h.Normal)
	}
	if d > 1e-6 && angle(h.Normal, wantN) > normalTol {
		return fmt.Sprintf("normal %v is %v rad from %v (point %v, want %v)", h.Normal, angle(h.Normal, wantN), wantN, h.Point, want)
	}
	return ""
}

func angle(a, b mgl64.Vec3) float64 {
	return math.Atan2(geom.Len(geom.PlainCross(a, b)), geom.Dot(a, b))
}
