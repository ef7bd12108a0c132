package opinions

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
	"sweepdbg/sweep/convex"
	"sweepdbg/sweep/unitspace"
)

// The algorithms' names, as reports and fixtures spell them.
const (
	Rouwe     = "core"      // the core: Rouwé's plane-space method (sweep.Mesh.Sweep)
	UnitSpace = "unitspace" // the unit-sphere interior/edge/vertex method (sweep/unitspace), for ellipsoids
	Convex    = "convex"    // conservative advancement on GJK distances (sweep/convex), for capsules and boxes
	Oracle    = "oracle"    // the numeric oracle: bisection on the unit-space distance
	// GeometryCheck stands for the mesh itself in a Disagreement where one
	// answer fails a check on its own (a point off its triangle, a normal
	// that is not the ellipsoid's).
	GeometryCheck = "geometry"
)

// Opinion is one algorithm's first contact over the mesh.
type Opinion struct {
	Algorithm string    // Rouwe, UnitSpace or Oracle
	OK        bool      // whether it reports a contact
	Hit       sweep.Hit // the contact; meaningful when OK
	// Err is how far the answer is from a true first contact, in unit
	// distance, by the oracle's distance function: for a hit, how far the
	// ellipsoid is from touching at T, or how deep it went before T; for a
	// miss, how deep the ellipsoid goes during the motion. 0 when exact.
	Err float64
	// Missing are the optional fields the algorithm did not report (an
	// external engine may leave some out); they are not checked. The zero
	// value: every field present.
	Missing sweep.Fields
}

// Disagreement is one difference beyond tolerance: a Wrong verdict of the
// judge (package judge) between two answers, or of one answer against the
// geometry.
type Disagreement struct {
	Field string  // the judge's rule: "nonfinite", "hit" (a hit against a miss, either way), "triangle", "feature", "t", "point" or "normal"
	A, B  string  // the algorithms that differ; B is GeometryCheck when A fails a check on its own
	Diff  float64 // how far beyond: the judge's Verdict.By
}

// String reads e.g. "t: core vs oracle, off by 3.2e-04".
func (d Disagreement) String() string {
	return fmt.Sprintf("%s: %s vs %s, off by %.3g", d.Field, d.A, d.B, d.Diff)
}

// Report is the three opinions on one motion and where they disagree.
type Report struct {
	Opinions      []Opinion // Rouwe, UnitSpace, Oracle, in this order
	Disagreements []Disagreement
	// Candidates are the unit-space method's face, edge and vertex roots
	// for the triangle its winner touched (see unitspace.Explain); nil when
	// it reports no contact.
	Candidates []unitspace.Candidate
	Tolerance  judge.Tolerance
}

// Agree reports whether the three opinions agree within tolerance.
func (r *Report) Agree() bool { return len(r.Disagreements) == 0 }

// Worst returns the largest Diff of the disagreements, 0 when they agree.
func (r *Report) Worst() float64 {
	w := 0.0
	for _, d := range r.Disagreements {
		w = math.Max(w, d.Diff)
	}
	return w
}

// String is a small table: one line per opinion, then the verdict.
func (r *Report) String() string {
	var b strings.Builder
	for _, o := range r.Opinions {
		if !o.OK {
			fmt.Fprintf(&b, "%-10s no hit\n", o.Algorithm)
			continue
		}
		h := o.Hit
		fmt.Fprintf(&b, "%-10s T %.12g point %s normal %s %s triangle %d\n", o.Algorithm, h.T, vec(h.Point), vec(h.Normal), h.Feature, h.Triangle)
	}
	if r.Agree() {
		fmt.Fprintf(&b, "agree (within %.3g in unit distance)\n", r.Tolerance.T)
	}
	for _, d := range r.Disagreements {
		fmt.Fprintf(&b, "DISAGREE %s\n", d)
	}
	return b.String()
}

func vec(v mgl64.Vec3) string { return fmt.Sprintf("[%.9g %.9g %.9g]", v[0], v[1], v[2]) }

// Compare computes the three opinions on the motion mo (g's shape, mo's
// Start and End): the core's over mesh (which must hold the same
// triangles as g), the second algorithm's (unitspace for an ellipsoid,
// convex for a capsule or a box) and the oracle's over g's triangles, then
// judges every answer against the geometry and every pair against each
// other.
func Compare(g *judge.Geometry, mesh *sweep.Mesh, mo sweep.Motion, tol judge.Tolerance) *Report {
	begin, delta := mo.Start, mo.Delta()
	rh, rok := mesh.Cast(g.Shape, begin, delta)
	second, sweep2 := UnitSpace, UnitSpaceSweep
	if g.Shape.Kind != sweep.KindEllipsoid {
		second, sweep2 = Convex, ConvexSweep
	}
	sh, sok := sweep2(g, begin, delta)
	oh, ook := g.Oracle(begin, delta)
	r := compare(g, mo, tol, []Opinion{{Algorithm: Rouwe, OK: rok, Hit: rh}, {Algorithm: second, OK: sok, Hit: sh}, {Algorithm: Oracle, OK: ook, Hit: oh}}, true)
	if sok && second == UnitSpace {
		r.Candidates = unitspace.Explain(g.E, begin, delta, g.Tris[sh.Triangle])
	}
	return r
}

// Referee judges any number of opinions on the motion mo over g's
// triangles, the first one (normally the core's) as the referee: it fills
// in each opinion's Err, checks every answer against the geometry
// (skipping the fields in its Missing) and judges every other answer
// against the referee's only. No Candidates are set.
func Referee(g *judge.Geometry, mo sweep.Motion, tol judge.Tolerance, ops []Opinion) *Report {
	return compare(g, mo, tol, ops, false)
}

// compare fills in each opinion's Err and lists the disagreements: of
// every pair when allPairs (each judged against the other, both ways: no
// one of the three is the referee), else of each opinion against the
// first.
func compare(g *judge.Geometry, mo sweep.Motion, tol judge.Tolerance, ops []Opinion, allPairs bool) *Report {
	r := &Report{Tolerance: tol, Opinions: ops}
	j := judge.Judge{Tol: tol}
	for i := range ops {
		o := &ops[i]
		if o.OK && !finiteHit(o.Hit, o.Missing) {
			r.Disagreements = append(r.Disagreements, Disagreement{"nonfinite", o.Algorithm, GeometryCheck, math.Inf(1)})
			continue
		}
		o.Err = judge.ContactError(g, mo, o.OK, o.Hit.T)
		if v := j.Contact(g, mo, o.answer()); v.State == judge.Wrong {
			r.Disagreements = append(r.Disagreements, Disagreement{v.Rule, o.Algorithm, GeometryCheck, v.By})
		}
	}
	for a := range ops {
		for b := a + 1; b < len(ops); b++ {
			if d, ok := pair(j, g, mo, &ops[a], &ops[b], allPairs); ok {
				r.Disagreements = append(r.Disagreements, d)
			}
		}
		if !allPairs {
			break
		}
	}
	return r
}

// pair judges b against a (and, when both ways, a against b: the larger
// wrong verdict wins). A non-finite answer is reported once, on its own.
func pair(j judge.Judge, g *judge.Geometry, mo sweep.Motion, a, b *Opinion, bothWays bool) (Disagreement, bool) {
	if a.OK && !finiteHit(a.Hit, a.Missing) || b.OK && !finiteHit(b.Hit, b.Missing) {
		return Disagreement{}, false
	}
	v := j.Sweep(g, mo, a.answer(), b.answer())
	if bothWays {
		if w := j.Sweep(g, mo, b.answer(), a.answer()); w.State == judge.Wrong && (v.State != judge.Wrong || w.By > v.By) {
			v = w
		}
	}
	if v.State != judge.Wrong {
		return Disagreement{}, false
	}
	if v.Rule == "miss" { // between peers, "hit" and "miss" are one difference
		v.Rule = "hit"
	}
	return Disagreement{v.Rule, a.Algorithm, b.Algorithm, v.By}, true
}

// answer is o as an Answer: its first contact with the fields it reports.
func (o *Opinion) answer() sweep.Answer {
	return sweep.Answer{Hit: o.OK, First: o.Hit, Has: sweep.AllFields &^ sweep.HasSteps &^ o.Missing}
}

// ConvexSweep returns the convex method's first contact (package
// sweep/convex) of g's capsule or box over the triangles of g near the
// path (the lowest index on a tie); no contact for an ellipsoid.
func ConvexSweep(g *judge.Geometry, begin, delta mgl64.Vec3) (sweep.Hit, bool) {
	var s convex.Shape
	switch sh := g.Shape; sh.Kind {
	case sweep.KindCapsule:
		s = convex.Capsule{Radius: sh.Capsule.Radius, HalfSeg: sh.Capsule.HalfSegment}
	case sweep.KindBox:
		s = convex.Box{Axes: sh.Box.Axes}
	default:
		return sweep.Hit{}, false
	}
	return g.Earliest(begin, delta, func(tri geom.Triangle) (sweep.Hit, bool) {
		h, ok := convex.Sweep(s, begin, delta, tri)
		return sweep.Hit{T: h.T, Point: h.Point, Normal: h.Normal, Feature: judge.FeatureOf(h.Feature)}, ok
	})
}

// UnitSpaceSweep returns the unit-space method's first contact over the
// triangles of g near the path (the lowest index on a tie).
func UnitSpaceSweep(g *judge.Geometry, begin, delta mgl64.Vec3) (sweep.Hit, bool) {
	return g.Earliest(begin, delta, func(tri geom.Triangle) (sweep.Hit, bool) {
		return unitspace.EllipsoidTriangle(g.E, begin, delta, tri)
	})
}

// finiteHit reports whether T and the point and normal not missing are
// finite.
func finiteHit(h sweep.Hit, missing sweep.Fields) bool {
	return !math.IsNaN(h.T) && !math.IsInf(h.T, 0) &&
		(missing&sweep.HasPoint != 0 || geom.IsFinite(h.Point)) &&
		(missing&sweep.HasNormal != 0 || geom.IsFinite(h.Normal))
}
