package main

import (
	"math"
	"slices"

	"sweepdbg/internal/castfile"
)

// output is what "gocast time" and "joltcast time" print.
type output struct {
	Triangles   int     `json:"triangles"`
	BuildMS     float64 `json:"build_ms"`
	BytesPerTri float64 `json:"bytes_per_tri"`
	MeshBytes   int     `json:"mesh_bytes"`
	TimerNS     int64   `json:"timer_ns"`
	TimesNS     []int64 `json:"times_ns"`
	Results     []hit   `json:"results"`
}

// hit is one cast's answer in that output: the fraction of the motion
// and the triangle's index in the file.
type hit struct {
	Hit bool    `json:"hit"`
	T   float64 `json:"t"`
	Tri int     `json:"tri"`
}

// quantile returns the q-quantile of xs as the Go benchmarks and the
// earlier comparison scripts take it: sorted, the element at floor(n q).
func quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[min(len(s)-1, int(float64(len(s))*q))]
}

func median(xs []float64) float64 { return quantile(xs, 0.5) }

// micros returns ns in µs as floats.
func micros(ns []int64) []float64 {
	us := make([]float64, len(ns))
	for i, x := range ns {
		us[i] = float64(x) / 1e3
	}
	return us
}

// side is one engine's figures on a level.
type side struct {
	Median, P90 float64 // µs: medians over rounds of each round's median and p90
	BuildMS     float64 // median over rounds
	BytesPerTri float64
	Hits        int
	Wrong       int // its answers apart from or into the mesh by more than 1/1000 of the radius
}

// sideOf summarizes an engine's timed runs.
func sideOf(runs []output) side {
	var meds, p90s, builds []float64
	for _, o := range runs {
		us := micros(o.TimesNS)
		meds = append(meds, median(us))
		p90s = append(p90s, quantile(us, 0.9))
		builds = append(builds, o.BuildMS)
	}
	s := side{Median: median(meds), P90: median(p90s), BuildMS: median(builds)}
	if len(runs) > 0 {
		s.BytesPerTri = runs[0].BytesPerTri
	}
	return s
}

// perCastRatio returns the median over casts of each cast's median time
// over rounds, ours over Jolt's.
func perCastRatio(ours, jolt []output) float64 {
	if len(ours) == 0 || len(jolt) == 0 {
		return math.NaN()
	}
	var ratios []float64
	for i := range ours[0].TimesNS {
		o, j := castMedian(ours, i), castMedian(jolt, i)
		if j > 0 {
			ratios = append(ratios, o/j)
		}
	}
	return median(ratios)
}

func castMedian(runs []output, i int) float64 {
	xs := make([]float64, len(runs))
	for r, o := range runs {
		xs[r] = float64(o.TimesNS[i])
	}
	return median(xs)
}

// row is one level's line of the table.
type row struct {
	Level      string
	Triangles  int
	Ours, Jolt side
	PerCast    float64
	Disagree   int // hit against miss, or fractions apart (see disagreements)
	Tolerance  int // disagreements where neither answer is wrong, but for TouchStart's
	TouchStart int // those where ours is a touching start (T = 0) moving away or along
}

func summarize(level string, triangles int, ours, jolt []output) row {
	return row{Level: level, Triangles: triangles, Ours: sideOf(ours), Jolt: sideOf(jolt), PerCast: perCastRatio(ours, jolt)}
}

// hits counts each engine's hits.
func (r *row) hits(ours, jolt []hit) {
	r.Ours.Hits, r.Jolt.Hits = countHits(ours), countHits(jolt)
}

func countHits(hs []hit) int {
	n := 0
	for _, h := range hs {
		if h.Hit {
			n++
		}
	}
	return n
}

// tolerance is the answers' tolerance as a fraction of the radius: for
// fractions (along the motion) and for the check's gap.
const tolerance = 1e-3

// disagreement is a cast whose answers differ.
type disagreement struct {
	Cast       int
	Ours, Jolt hit
}

// disagreements returns the casts where one engine hits and the other
// misses, or both hit at fractions whose positions differ by more than
// 1/1000 of the radius along the motion.
func disagreements(casts []castfile.Cast, radius float64, ours, jolt []hit) []disagreement {
	var ds []disagreement
	for i, c := range casts {
		o, j := ours[i], jolt[i]
		if o.Hit != j.Hit || (o.Hit && math.Abs(o.T-j.T)*c.Delta.Len() > tolerance*radius) {
			ds = append(ds, disagreement{i, o, j})
		}
	}
	return ds
}

// question is what gocast check takes: an answer to place the sphere at
// (a miss: tri -1, the motion's end).
type question struct {
	Cast int     `json:"cast"`
	Tri  int     `json:"tri"`
	T    float64 `json:"t"`
}

func questionOf(cast int, h hit) question {
	if !h.Hit {
		return question{cast, -1, 1}
	}
	return question{cast, h.Tri, h.T}
}

// questions asks about Jolt's answer then ours, for each disagreement.
func questions(ds []disagreement) []question {
	qs := make([]question, 0, 2*len(ds))
	for _, d := range ds {
		qs = append(qs, questionOf(d.Cast, d.Jolt), questionOf(d.Cast, d.Ours))
	}
	return qs
}

// answer is the part of gocast check's answer used here: the gap between
// the sphere at the answer and the mesh, over the radius (negative:
// into it), and the cosine between the motion and minus the exact hit's
// normal (positive: moving into the contact).
type answer struct {
	Cast     int     `json:"cast"`
	GapRatio float64 `json:"gap_ratio"`
	Approach float64 `json:"approach"`
}

// wrong says whether an answer fails the check: a hit whose sphere is
// apart from the mesh by more than the tolerance, or into it by more
// (past the start: a cast starting into the mesh rightly hits at 0); a
// miss whose sphere ends into it by more.
func wrong(h hit, a answer) bool {
	into := a.GapRatio < -tolerance
	if h.Hit {
		return a.GapRatio > tolerance || (into && h.T > 0)
	}
	return into
}

// classify counts, from the answers to questions(ds), each engine's wrong
// answers and the kinds of the other disagreements.
func (r *row) classify(ds []disagreement, as []answer) {
	r.Disagree = len(ds)
	for k, d := range ds {
		jw, ow := wrong(d.Jolt, as[2*k]), wrong(d.Ours, as[2*k+1])
		if jw {
			r.Jolt.Wrong++
		}
		if ow {
			r.Ours.Wrong++
		}
		switch {
		case jw || ow:
		case d.Ours.Hit && d.Ours.T == 0 && as[2*k+1].Approach <= 0:
			r.TouchStart++
		default:
			r.Tolerance++
		}
	}
}
