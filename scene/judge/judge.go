package judge

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// State is where a judged answer stands.
type State uint8

// The states of a Verdict.
const (
	Pending State = iota // not judged yet (the engine has not answered)
	Agrees               // within tolerance of the exact core
	Wrong                // beyond tolerance: Rule says which check failed
	Broken               // the engine could not answer (see BrokenError)
	// Unanswered: the engine answered {"error":...} (an AnswerError), or
	// the query could not be sent (ErrNotFinite, ErrUnsupported). The
	// engine runs on; the query counts as failed, not the engine as broken.
	Unanswered
)

// String is "pending", "agrees", "wrong", "broken" or "unanswered".
func (s State) String() string {
	switch s {
	case Agrees:
		return "agrees"
	case Wrong:
		return "wrong"
	case Broken:
		return "broken"
	case Unanswered:
		return "unanswered"
	}
	return "pending"
}

// Verdict is the judgement of one answer against the exact core.
type Verdict struct {
	State State
	// Rule is the check that failed when Wrong, the first in this order:
	// "nonfinite", "hit" (a hit where the core misses), "miss" (a miss
	// where the core hits), "triangle", "feature", "t", "point", "normal"
	// for a sweep; "inside",
	// "passes-through", "sticks", "nonfinite" for a slide.
	Rule string
	// By is how far beyond: unit-sphere distance for hit, miss, t, point,
	// triangle, inside and passes-through; the length of the difference
	// of the unit normals for normal; the unit distance from the exact
	// contact point to the claimed feature (for "face", the sine between
	// the contact normal and the face's) for feature; world units the
	// exact slide moves for sticks; +Inf for nonfinite.
	By float64
	// Detail is a sentence for people (from numbers only: safe to print).
	Detail string
	// Feature is where a wrong sweep is wrong, for grouping findings of
	// one cause: the exact contact's feature ("face", "edge", "vertex"),
	// or FeatureStart when the exact sweep starts in contact (T 0, where
	// no one feature is the contact); for the feature rule the exact and
	// the claimed one, "edge->vertex"; "" for a sweep the core misses and
	// for slides.
	Feature string
}

// RuleSatOut is the Rule of an Unanswered verdict for a query an engine
// sat out (its hello does not list the motion's shape); Verdict.SatOut
// reports it. Other Unanswered verdicts ({"error"} answers, queries JSON
// cannot carry) have no Rule.
const RuleSatOut = "sat out"

// SatOut reports whether v is the verdict of a query the engine sat out:
// Unanswered with Rule RuleSatOut. It is neither an agreement nor a
// failure of the engine: the engine said it does not answer that shape.
func (v Verdict) SatOut() bool { return v.State == Unanswered && v.Rule == RuleSatOut }

// FeatureStart is Verdict.Feature for a sweep whose exact contact is at
// the start (T 0): the ellipsoid starts touching or overlapping the mesh.
const FeatureStart = "at start"

// Kind names a wrong verdict's cause: the rule and the feature, e.g.
// "feature edge->vertex", "t (edge)", "miss (at start)" or "inside";
// verdicts of one kind fail the same check on the same exact feature.
// It is "" unless the verdict is Wrong.
func (v Verdict) Kind() string {
	switch {
	case v.State != Wrong:
		return ""
	case v.Feature == "":
		return v.Rule
	case v.Rule == "feature":
		return v.Rule + " " + v.Feature
	}
	return v.Rule + " (" + v.Feature + ")"
}

// String reads e.g. "wrong: t off by 0.00032 (...)" or "agrees".
func (v Verdict) String() string {
	switch v.State {
	case Wrong:
		return fmt.Sprintf("wrong: %s off by %.3g (%s)", v.Rule, v.By, v.Detail)
	case Broken, Unanswered:
		return v.State.String() + ": " + v.Detail
	}
	return v.State.String()
}

// Judge compares answers with the exact core's, within Tol. A zero field
// of Tol (or a negative or NaN one) means Engine's.
type Judge struct{ Tol Tolerance }

// motion is one judged motion's context for the rules.
type motion struct {
	g            *Geometry
	m            *sweep.Motion
	begin, delta mgl64.Vec3
	tol          Tolerance
}

func (j Judge) motion(g *Geometry, m *sweep.Motion) *motion {
	return &motion{g: g, m: m, begin: m.Start, delta: m.Delta(), tol: j.Tolerance()}
}

func (m *motion) center(t float64) mgl64.Vec3 { return m.begin.Add(geom.Scale(m.delta, t)) }

func wrong(rule string, by float64, format string, args ...any) Verdict {
	return Verdict{State: Wrong, Rule: rule, By: by, Detail: fmt.Sprintf(format, args...)}
}

// Sweep judges got, an engine's sweep of q, against exact, the core's
// (both with Hit and First; got's Has says which fields to compare). See
// Verdict.Rule for the checks; the verdict names the most telling one that
// fails: hit or miss, then triangle, feature, t, point and normal (an
// engine that took the wrong feature is usually off in t and point too,
// and the feature says why). A hit/miss difference is forgiven when the
// exact motion grazes: its closest unit distance is within Tol of 1. A T
// that differs is forgiven when it is a first contact within Tol (a
// grazing contact's T is ill-conditioned). Points, normals and features are
// compared only on the exact contact's triangle after the start (the
// contact of an overlapping start is not unique).
func (j Judge) Sweep(g *Geometry, mo sweep.Motion, exact, got sweep.Answer) Verdict {
	if got.Hit && !finiteHit(&got.First, got.Has) {
		return wrong("nonfinite", math.Inf(1), "the answer holds NaN or Inf")
	}
	m := j.motion(g, &mo)
	if got.Hit != exact.Hit {
		return exactFeature(m.hitOrMiss(&exact, &got), &exact)
	}
	if !got.Hit {
		return Verdict{State: Agrees}
	}
	for _, check := range []func(e, g *sweep.Hit, has sweep.Fields) Verdict{m.checkTriangle, m.checkFeature, m.checkT, m.checkPoint, m.checkNormal} {
		if v := check(&exact.First, &got.First, got.Has); v.State == Wrong {
			return exactFeature(v, &exact)
		}
	}
	return Verdict{State: Agrees}
}

// exactFeature fills in v.Feature, when v is a wrong sweep's verdict
// other than the feature rule's, from the exact answer (see
// Verdict.Feature).
func exactFeature(v Verdict, exact *sweep.Answer) Verdict {
	switch {
	case v.State != Wrong || v.Rule == "feature" || !exact.Hit:
	case exact.First.T == 0:
		v.Feature = FeatureStart
	default:
		v.Feature = exact.First.Feature.String()
	}
	return v
}

// hitOrMiss judges a hit/miss that differs from the exact one (got is
// the answer judged). Either is forgiven when the motion grazes: its
// closest distance is within Tol.T of touching, or, where no triangle
// comes within reach of the path at all (the geometry looks no farther),
// the claimed contact is within Tol.T of the shape's surface.
func (m *motion) hitOrMiss(exact, got *sweep.Answer) Verdict {
	d, t, _ := m.g.MinDist(m.begin, m.delta, 0, 1)
	if d == math.Inf(1) {
		claim := got
		if exact.Hit {
			claim = exact
		}
		by := m.reach(claim)
		switch {
		case by <= m.tol.T:
			return Verdict{State: Agrees, Detail: "grazing motion: hit and miss are both right"}
		case exact.Hit:
			return wrong("miss", by, "no triangle comes within reach of the motion, yet the exact sweep hits at T %.9g, %.3g (shape units) from touching", exact.First.T, by)
		}
		return wrong("hit", by, "the exact sweep misses and no triangle comes within reach of the motion; at T %.6g the claimed contact is %.3g (shape units) from the shape", got.First.T, by)
	}
	by := math.Abs(d - 1)
	if by <= m.tol.T {
		return Verdict{State: Agrees, Detail: "grazing motion: hit and miss are both right"}
	}
	if exact.Hit {
		return wrong("miss", by, "the exact sweep hits at T %.9g; the motion comes to %.3g (shape units) at T %.6g", exact.First.T, d, t)
	}
	return wrong("hit", by, "the exact sweep misses; the motion comes no closer than %.3g (shape units)", d)
}

// reach is how far, in shape units, a claimed contact lies from the
// shape's surface at the claimed T: the distance from the center to the
// claimed triangle minus 1, or, without a triangle, the claimed point's
// distance from the center minus 1; 1 when neither was reported or T is
// outside [0, 1] (nothing is within reach, so it is at least that far).
func (m *motion) reach(a *sweep.Answer) float64 {
	h := &a.First
	if !(h.T >= 0 && h.T <= 1) {
		return 1
	}
	c := m.center(h.T)
	switch {
	case a.Has&sweep.HasTriangle != 0 && h.Triangle >= 0 && h.Triangle < len(m.g.Tris):
		return math.Max(m.g.Dist1(c, h.Triangle)-1, 0)
	case a.Has&sweep.HasPoint != 0:
		return math.Max(geom.Len(m.g.ToUnit(h.Point.Sub(c)))-1, 0)
	}
	return 1
}

// checkT compares the contact times by the unit distance between the
// centers at the two times.
func (m *motion) checkT(e, g *sweep.Hit, _ sweep.Fields) Verdict {
	off := float64(math.Abs(g.T-e.T) * geom.Len(m.g.ToUnit(m.delta)))
	if !(off > m.tol.T) || m.contactErr(g.T) <= m.tol.T {
		return Verdict{}
	}
	return wrong("t", off, "T %.9g, exact %.9g", g.T, e.T)
}

// contactErr is how far T is from a true first contact, in unit
// distance: how far the ellipsoid is from touching at T, or how deep it
// went before T.
func (m *motion) contactErr(t float64) float64 {
	if t < 0 || t > 1 {
		return math.Inf(1)
	}
	e := 0.0
	if d, _ := m.g.Dist(m.center(t)); d > 1 {
		e = d - 1
	}
	if t > 0 {
		d, _, _ := m.g.MinDist(m.begin, m.delta, 0, t)
		e = math.Max(e, 1-d)
	}
	return e
}

// checkTriangle accepts another triangle than the core's when it is
// touched at the exact contact too (within Tol).
func (m *motion) checkTriangle(e, g *sweep.Hit, has sweep.Fields) Verdict {
	if has&sweep.HasTriangle == 0 || g.Triangle == e.Triangle {
		return Verdict{}
	}
	if g.Triangle < 0 || g.Triangle >= len(m.g.Tris) {
		return wrong("triangle", math.Inf(1), "triangle %d is not in the mesh of %d", g.Triangle, len(m.g.Tris))
	}
	d := m.g.Dist1(m.center(e.T), g.Triangle)
	if off := d - 1; off > m.tol.Point || e.T > 0 && -off > m.tol.Point {
		return wrong("triangle", math.Abs(off), "triangle %d is %.3g (unit distance) from the exact contact on triangle %d", g.Triangle, d, e.Triangle)
	}
	return Verdict{}
}

// uniqueContact reports whether the shape touches a triangle at one point
// with one normal (the ellipsoid, strictly convex); a capsule or a box may
// touch along a segment or a face.
func (m *motion) uniqueContact() bool { return m.g.Shape.Kind == sweep.KindEllipsoid }

// comparable reports whether g's point, normal and feature can be
// compared with e's: the same triangle (or none named), after the start.
func comparable(e, g *sweep.Hit, has sweep.Fields) bool {
	return e.T > 0 && (has&sweep.HasTriangle == 0 || g.Triangle == e.Triangle)
}

// checkPoint compares the points: with the exact one where the contact
// point is unique (the ellipsoid); for a capsule or a box, whose contact
// may be a segment or a face (docs/contract.md, "Shapes"), the claimed
// point must be a contact itself: on the triangle and on the shape's
// surface at the claimed T.
func (m *motion) checkPoint(e, g *sweep.Hit, has sweep.Fields) Verdict {
	if has&sweep.HasPoint == 0 || !comparable(e, g, has) {
		return Verdict{}
	}
	if !m.uniqueContact() {
		d := max(m.g.m.pointDist(g.Point, m.g.Tris[e.Triangle]), math.Abs(m.g.m.surfaceGap(m.center(g.T), g.Point)))
		if d > m.tol.Point {
			return wrong("point", d, "point %s is %.3g (shape units) off the triangle or the shape's surface at T %.9g", vec(g.Point), d, g.T)
		}
		return Verdict{}
	}
	if d := geom.Len(m.g.ToUnit(g.Point.Sub(e.Point))); d > m.tol.Point {
		return wrong("point", d, "point %s, exact %s", vec(g.Point), vec(e.Point))
	}
	return Verdict{}
}

// checkNormal compares the normals: with the exact one where it is unique
// (the ellipsoid); for a capsule or a box, the plane through the claimed
// point with the claimed normal must separate the triangle and the shape
// (normalError).
func (m *motion) checkNormal(e, g *sweep.Hit, has sweep.Fields) Verdict {
	if has&sweep.HasNormal == 0 || !comparable(e, g, has) {
		return Verdict{}
	}
	if !m.uniqueContact() {
		h := *g
		h.Triangle = e.Triangle
		if has&sweep.HasPoint == 0 {
			h.Point = e.Point
		}
		if d := m.normalError(m.center(g.T), &h); d > m.tol.Normal {
			return wrong("normal", d, "normal %s: its plane through %s fails to separate the shape and the triangle by %.3g (shape units)", vec(g.Normal), vec(h.Point), d)
		}
		return Verdict{}
	}
	if d := geom.Len(g.Normal.Sub(e.Normal)); d > m.tol.Normal {
		return wrong("normal", d, "normal %s, exact %s", vec(g.Normal), vec(e.Normal))
	}
	return Verdict{}
}

// checkFeature accepts another feature than the core's when the exact
// contact is within Tol of it: a contact on an edge is also on the face
// when the ellipsoid touches the face's plane there. For a capsule or a
// box, whose contact need not be unique, the claimed contact's own point
// and normal are measured instead.
func (m *motion) checkFeature(e, g *sweep.Hit, has sweep.Fields) Verdict {
	if has&sweep.HasFeature == 0 || !comparable(e, g, has) || g.Feature == e.Feature {
		return Verdict{}
	}
	at := e // where the contact is unique, the exact one's point and normal
	if !m.uniqueContact() && has&(sweep.HasPoint|sweep.HasNormal) == sweep.HasPoint|sweep.HasNormal {
		h := *g
		h.Triangle = e.Triangle
		at = &h // else the claimed contact's own
	}
	if gap := m.featureGap(at, g.Feature); gap > m.tol.Point {
		v := wrong("feature", gap, "%s, exact %s", g.Feature, e.Feature)
		v.Feature = e.Feature.String() + "->" + g.Feature.String()
		return v
	}
	return Verdict{}
}

// featureGap is how far the exact contact is from feature f of its
// triangle: the unit distance from the point to the nearest edge or
// vertex; for a face, the sine between the contact normal and the face's.
func (m *motion) featureGap(e *sweep.Hit, f sweep.Feature) float64 {
	tri := m.g.Tris[e.Triangle]
	gap := math.Inf(1)
	for k := range 3 {
		a, b := tri[k], tri[(k+1)%3]
		switch f {
		case sweep.Vertex:
			gap = math.Min(gap, geom.Len(m.g.ToUnit(e.Point.Sub(a))))
		case sweep.Edge:
			q, _ := geom.ClosestPointSegment(e.Point, a, b)
			gap = math.Min(gap, geom.Len(m.g.ToUnit(e.Point.Sub(q))))
		}
	}
	if f == sweep.Face {
		n := geom.Normalize(geom.Cross(tri[1].Sub(tri[0]), tri[2].Sub(tri[0])))
		gap = geom.Len(geom.Cross(n, e.Normal))
	}
	return gap
}

// Slide judges got, an engine's slide of q, against exact, the core's
// slide (used only for the sticks rule: slide algorithms may rest at
// different places and both be right). See Verdict.Rule for the checks.
func (j Judge) Slide(g *Geometry, mo sweep.Motion, exact, got sweep.Answer) Verdict {
	if !finiteSlide(&got) {
		return wrong("nonfinite", math.Inf(1), "the answer holds NaN or Inf")
	}
	m := j.motion(g, &mo)
	// A start that already overlaps the mesh may rest as deep as it began
	// (the core's own slide does): only deeper than that is inside.
	d, _ := m.g.Dist(got.Slide.Final)
	d0, _ := m.g.Dist(m.begin)
	if floor := math.Min(1, d0); d < floor-m.tol.T {
		return wrong("inside", floor-d, "final %s is %.3g (unit distance) from the mesh%s", vec(got.Slide.Final), d, startDepth(d0))
	}
	if v := m.passesThrough(&got); v.State == Wrong {
		return v
	}
	return m.sticks(&exact, &got)
}

// startDepth notes a start that overlaps the mesh (unit distance d0 < 1)
// for the inside rule's detail; "" otherwise.
func startDepth(d0 float64) string {
	if d0 >= 1 {
		return ""
	}
	return fmt.Sprintf(", deeper than the start's %.3g", d0)
}

// passesThrough sweeps the path start → step centers → final and finds a
// segment that goes deeper into the mesh than both its ends (and than
// touching) by more than Tol.
func (m *motion) passesThrough(got *sweep.Answer) Verdict {
	from := m.begin
	for i := 0; i <= len(got.Slide.Steps); i++ {
		to := got.Slide.Final
		if i < len(got.Slide.Steps) {
			to = got.Slide.Steps[i].Contact
		}
		d, t, _ := m.g.MinDist(from, to.Sub(from), 0, 1)
		da, _ := m.g.Dist(from)
		db, _ := m.g.Dist(to)
		if floor := math.Min(1, math.Min(da, db)); d < floor-m.tol.T {
			return wrong("passes-through", floor-d, "segment %d (%s to %s) reaches %.3g (unit distance) at %.3g of its length", i, vec(from), vec(to), d, t)
		}
		from = to
	}
	return Verdict{}
}

// stickFraction: an engine sticks when it stays within the skin of the
// start while the exact slide moves more than this fraction of the motion.
const stickFraction = 0.1

func (m *motion) sticks(exact, got *sweep.Answer) Verdict {
	skin := m.m.Slide.WithDefaults(m.m.Shape).Skin // the core's skin when the query has none
	moved := geom.Len(got.Slide.Final.Sub(m.begin))
	want := geom.Len(exact.Slide.Final.Sub(m.begin))
	// A motion shorter than the skin: the exact slide itself stays within
	// the skin, and nothing can be said to stick.
	if moved <= skin && want > skin && want > stickFraction*geom.Len(m.delta) {
		return wrong("sticks", want, "moves %.3g while the exact slide moves %.3g (world units)", moved, want)
	}
	return Verdict{State: Agrees}
}

// finiteHit reports whether every number of h that has marks present
// (and T) is finite.
func finiteHit(h *sweep.Hit, has sweep.Fields) bool {
	if math.IsNaN(h.T) || math.IsInf(h.T, 0) {
		return false
	}
	return (has&sweep.HasPoint == 0 || geom.IsFinite(h.Point)) && (has&sweep.HasNormal == 0 || geom.IsFinite(h.Normal))
}

func finiteSlide(a *sweep.Answer) bool {
	if !geom.IsFinite(a.Slide.Final) {
		return false
	}
	for i := range a.Slide.Steps {
		s := &a.Slide.Steps[i]
		if !geom.IsFinite(s.Contact) || !finiteHit(&s.Hit, a.Has) {
			return false
		}
	}
	return true
}

func vec(v mgl64.Vec3) string { return fmt.Sprintf("[%.9g %.9g %.9g]", v[0], v[1], v[2]) }
