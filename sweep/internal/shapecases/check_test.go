package shapecases

import (
	"sweepdbg/geom"

	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
)

// TestOracleAnswersPass: the oracle's own answers pass check on every
// family (the generators make valid cases and check is not stricter than
// the contract), except where the oracle's normal is zero (the capsule's
// segment meeting the triangle at the start, not a unit normal).
func TestOracleAnswersPass(t *testing.T) {
	n := 200
	for _, fam := range Families() {
		start := time.Now()
		st := Run(fam, Offsets[len(Offsets)-1], n, func(c Case) Answer {
			a := fromOracle(c)
			if a.Hit && a.Normal == (mgl64.Vec3{}) {
				a.Normal = mgl64.Vec3{1, 0, 0} // not checked: deep overlap
			}
			return a
		})
		if st.Wrong > 0 {
			t.Errorf("%s: %v\n%s", fam.Name, st, st.Failures[0])
		}
		t.Logf("%s: %v (%.0f cases/s)", fam.Name, st, float64(n)/time.Since(start).Seconds())
	}
}

// TestCheckRejectsWrongAnswers mutates the oracle's answers and requires
// Check to reject each mutation that is wrong beyond its tolerances: a hit
// reported as a miss, a miss reported as a hit, a late T, a flipped
// normal, a point moved off the triangle, a non-unit normal, a feature the
// point is not on (a feature is only checked where the two do not
// overlap beyond the tolerance).
func TestCheckRejectsWrongAnswers(t *testing.T) {
	var tried, rejected [7]int
	for _, fam := range Families() {
		r := rand.New(rand.NewPCG(1, 2))
		for i := 0; i < 50; i++ {
			c := fam.Gen(r)
			good := fromOracle(c)
			for k, bad := range mutations(c, good) {
				if bad == nil {
					continue
				}
				tried[k]++
				if Check(c, *bad) != "" {
					rejected[k]++
				} else {
					t.Errorf("%s case %d: mutation %d accepted: %+v (oracle %+v)\n%v", fam.Name, i, k, *bad, good, c)
				}
			}
		}
	}
	for k := range tried {
		if tried[k] == 0 {
			t.Errorf("mutation %d never applied", k)
		}
	}
	t.Logf("mutations tried %v, rejected %v", tried, rejected)
}

// mutations returns wrong versions of the oracle's answer a for c (nil
// where a mutation does not apply or would not be clearly wrong).
func mutations(c Case, a Answer) [7]*Answer {
	var m [7]*Answer
	_, minGap := c.MinGap(0, 1)
	with := func(f func(*Answer)) *Answer { b := a; f(&b); return &b }
	if a.Hit && minGap < -10*decisionBand {
		m[0] = with(func(b *Answer) { b.Hit = false })
	}
	if !a.Hit && minGap > 10*decisionBand {
		m[1] = &Answer{Hit: true, T: 0.5, Point: c.Tri[0], Normal: mgl64.Vec3{1, 0, 0}, Feature: "vertex"}
	}
	if !a.Hit || geom.Len(a.Normal) == 0 {
		return m
	}
	u := c.Unit()
	if late := a.T + 0.01*u/math.Max(geom.Len(c.Delta), 1e-300); late <= 1 && c.gapAt(late) < -10*contactTol {
		m[2] = with(func(b *Answer) { b.T = late })
	}
	if c.gapAt(a.T) >= -contactTol {
		m[3] = with(func(b *Answer) { b.Normal = geom.Scale(b.Normal, -1) })
	}
	m[4] = with(func(b *Answer) { b.Point = b.Point.Add(geom.Scale(a.Normal, float64(0.01*u))) })
	m[5] = with(func(b *Answer) { b.Normal = geom.Scale(b.Normal, 1.001) })
	if a.Feature == "face" && minDistToVertex(c, a.Point) > 0.01*u && c.gapAt(a.T) >= -contactTol {
		m[6] = with(func(b *Answer) { b.Feature = "vertex" })
	}
	return m
}

func minDistToVertex(c Case, p mgl64.Vec3) float64 {
	return math.Min(geom.Len(p.Sub(c.Tri[0])), math.Min(geom.Len(p.Sub(c.Tri[1])), geom.Len(p.Sub(c.Tri[2]))))
}

// TestCheckNonFiniteAnswer: an answer with NaN fields is wrong, not
// accepted by a comparison that NaN makes false.
func TestCheckNonFiniteAnswer(t *testing.T) {
	c := Case{Kind: Capsule, Radius: 0.5, HalfSeg: mgl64.Vec3{0, 1, 0}, Begin: mgl64.Vec3{1, 3, 1}, Delta: mgl64.Vec3{0, -4, 0},
		Tri: [3]mgl64.Vec3{{0, 0, 0}, {4, 0, 0}, {0, 0, 4}}}
	good := fromOracle(c)
	if msg := Check(c, good); msg != "" {
		t.Fatalf("the oracle's answer: %s", msg)
	}
	nan := math.NaN()
	for i, bad := range []Answer{
		{Hit: true, T: nan, Point: good.Point, Normal: good.Normal, Feature: "face"},
		{Hit: true, T: good.T, Point: mgl64.Vec3{nan, 0, 0}, Normal: good.Normal, Feature: "face"},
		{Hit: true, T: good.T, Point: good.Point, Normal: mgl64.Vec3{nan, 1, 0}, Feature: "face"},
		{Hit: true, T: good.T, Point: good.Point, Normal: good.Normal, Feature: "side"},
	} {
		if Check(c, bad) == "" {
			t.Errorf("answer %d accepted: %+v", i, bad)
		}
	}
}
