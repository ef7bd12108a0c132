package shapecases

import (
	"sweepdbg/geom"

	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"
)

// stats counts what Run found.
type stats struct {
	Cases, Hits, Zero, Band, Wrong int
	Failures                       []string // the first five wrong cases, each with its message and the case
}

// String summarises s in one line.
func (s stats) String() string {
	return fmt.Sprintf("%d cases: %d hits (%d at T=0), %d without contact, %d tangencies in the decision band, %d wrong",
		s.Cases, s.Hits, s.Zero, s.Cases-s.Hits, s.Band, s.Wrong)
}

// Run judges solve on n cases of fam translated by off·(0.6, -0.48, 0.64),
// from a generator seeded by the family's name and the offset (so every
// run sees the same cases). Every other case mirrors the shape's
// description (negates the box's first axis or the capsule's half
// segment), which describes the same solid.
func Run(fam family, off float64, n int, solve func(Case) Answer) stats {
	h := fnv.New64a()
	h.Write([]byte(fam.Name))
	r := rand.New(rand.NewPCG(h.Sum64(), math.Float64bits(off)))
	o := geom.Scale(mgl64.Vec3{0.6, -0.48, 0.64}, off)
	var st stats
	for i := 0; i < n; i++ {
		c := fam.Gen(r).Translated(o)
		if i%2 == 1 {
			c.Axes[0], c.HalfSeg = geom.Scale(c.Axes[0], -1), geom.Scale(c.HalfSeg, -1)
		}
		a := solve(c)
		v := Judge(c, a)
		st.Cases++
		if v.Band {
			st.Band++
		}
		if a.Hit {
			st.Hits++
			if a.T == 0 {
				st.Zero++
			}
		}
		if v.Msg != "" {
			st.Wrong++
			if len(st.Failures) < 5 {
				st.Failures = append(st.Failures, fmt.Sprintf("case %d: %s\n%v", i, v.Msg, c))
			}
		}
	}
	return st
}

// fromOracle is the oracle's own answer for c, as an Answer.
func fromOracle(c Case) Answer {
	oc, ok := c.Oracle()
	return Answer{Hit: ok, T: oc.T, Point: oc.Point, Normal: oc.Normal, Feature: oc.Feature}
}
