package opinions

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
	"sweepdbg/sweep/oracle"
	"sweepdbg/sweep/unitspace"
)

// The algorithms' names, as reports and fixtures spell them.
const (
	Rouwe     = "core"      // the core: Rouwé's plane-space method (sweep.Mesh.Sweep)
	UnitSpace = "unitspace" // the unit-sphere interior/edge/vertex method (sweep/unitspace)
	Oracle    = "oracle"    // the numeric oracle: bisection on the unit-space distance
	// GeometryCheck stands for the mesh itself in a Disagreement where one
	// answer fails a check on its own (a point off its triangle, a normal
	// that is not the ellipsoid's).
	GeometryCheck = "geometry"
)

// Tolerance says how far answers may differ before they disagree.
type Tolerance struct {
	T      float64 // error of a first-contact time, in unit-sphere distance
	Point  float64 // distance between contact points, in unit-sphere space
	Normal float64 // length of the difference of two unit normals
}

// DefaultTolerance: 1e-6 in unit distance for T (what the core promises);
// 1e-5 for points and normals, which move with T and are computed from it
// (a contact point of a grazing motion moves at the center's speed).
var DefaultTolerance = Tolerance{T: 1e-6, Point: 1e-5, Normal: 1e-5}

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

// Disagreement is one difference beyond tolerance.
type Disagreement struct {
	Field string  // "hit", "t", "point", "normal" or "nan"
	A, B  string  // the algorithms that differ; B is GeometryCheck when A fails a check on its own
	Diff  float64 // "hit", "t": the larger Err (unit distance); "point": unit-space distance; "normal": |Δn|; "nan": +Inf
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
	Tolerance  Tolerance
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

// Compare computes the three opinions on the motion from begin by delta:
// the core's over mesh (which must hold the same triangles as g) and the
// other two over g's triangles, then checks every answer against the
// geometry and every pair against each other.
func Compare(g *Geometry, mesh *sweep.Mesh, begin, delta mgl64.Vec3, tol Tolerance) *Report {
	rh, rok := mesh.Sweep(g.E, begin, delta)
	uh, uok := g.UnitSpace(begin, delta)
	oh, ook := g.Oracle(begin, delta)
	r := judge(g, begin, delta, tol, []Opinion{{Algorithm: Rouwe, OK: rok, Hit: rh}, {Algorithm: UnitSpace, OK: uok, Hit: uh}, {Algorithm: Oracle, OK: ook, Hit: oh}}, true)
	if uok {
		r.Candidates = unitspace.Explain(g.E, begin, delta, g.Tris[uh.Triangle])
	}
	return r
}

// Referee judges any number of opinions on the motion from begin by delta
// over g's triangles, the first one (normally the core's) as the referee:
// it fills in each opinion's Err, checks every answer against the geometry
// (skipping the fields in its Missing) and compares every other answer
// with the referee's only. No Candidates are set.
func Referee(g *Geometry, begin, delta mgl64.Vec3, tol Tolerance, ops []Opinion) *Report {
	return judge(g, begin, delta, tol, ops, false)
}

// judge fills in each opinion's Err and lists the disagreements: of every
// pair when allPairs, else of each opinion with the first.
func judge(g *Geometry, begin, delta mgl64.Vec3, tol Tolerance, ops []Opinion, allPairs bool) *Report {
	r := &Report{Tolerance: tol, Opinions: ops}
	c := comparer{g: g, begin: begin, delta: delta, tol: tol, du: g.ToUnit(delta).Len()}
	for i := range ops {
		o := &ops[i]
		if o.OK && !finiteHit(o.Hit, o.Missing) {
			r.Disagreements = append(r.Disagreements, Disagreement{"nan", o.Algorithm, GeometryCheck, math.Inf(1)})
			continue
		}
		o.Err = c.err(o)
		r.Disagreements = append(r.Disagreements, c.self(o)...)
	}
	for i := range ops {
		for j := i + 1; j < len(ops); j++ {
			r.Disagreements = append(r.Disagreements, c.pair(&ops[i], &ops[j])...)
		}
		if !allPairs {
			break
		}
	}
	return r
}

// UnitSpace returns the unit-space method's first contact over the
// triangles near the path (the lowest index on a tie).
func (g *Geometry) UnitSpace(begin, delta mgl64.Vec3) (sweep.Hit, bool) {
	return g.earliest(begin, delta, func(tri geom.Triangle) (sweep.Hit, bool) {
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

// comparer holds one motion's context.
type comparer struct {
	g            *Geometry
	begin, delta mgl64.Vec3
	tol          Tolerance
	du           float64 // length of the motion in unit space
}

func (c *comparer) center(t float64) mgl64.Vec3 { return c.begin.Add(c.delta.Mul(t)) }

// err is Opinion.Err.
func (c *comparer) err(o *Opinion) float64 {
	if !o.OK {
		d, _, _ := c.g.MinDist(c.begin, c.delta, 0, 1)
		return math.Max(0, 1-d)
	}
	e := 0.0
	if d, _ := c.g.Dist(c.center(o.Hit.T)); d > 1 {
		e = d - 1
	}
	if o.Hit.T > 0 {
		d, _, _ := c.g.MinDist(c.begin, c.delta, 0, o.Hit.T)
		e = math.Max(e, 1-d)
	}
	return e
}

// self checks one answer whose time is right against the geometry: its
// point lies on the triangle it names and on the ellipsoid at T (inside it
// for an overlapping start), and its normal is the ellipsoid's there.
func (c *comparer) self(o *Opinion) []Disagreement {
	if !o.OK {
		return nil
	}
	h := o.Hit
	if o.Missing&(sweep.HasPoint|sweep.HasTriangle) != 0 {
		return nil // the checks need the point on its triangle
	}
	if h.Triangle < 0 || h.Triangle >= len(c.g.Tris) {
		return []Disagreement{{"point", o.Algorithm, GeometryCheck, math.Inf(1)}}
	}
	if o.Err > c.tol.T {
		return nil // the time is wrong; the point and normal at it say nothing more
	}
	u := c.g.ToUnit(c.center(h.T).Sub(h.Point)) // from the point to the center, unit space
	off := unitDistToTri(c.g, h.Point, h.Triangle)
	if h.T > 0 {
		off = math.Max(off, math.Abs(u.Len()-1))
	} else {
		off = math.Max(off, u.Len()-1)
	}
	if off > c.tol.Point {
		return []Disagreement{{"point", o.Algorithm, GeometryCheck, off}} // the normal at a wrong point says nothing more
	}
	// The ellipsoid's normal at the point is (M⁻¹)ᵀu; undefined when the
	// center lies (nearly) on the triangle.
	if u.Len() > 1e-3 && o.Missing&sweep.HasNormal == 0 {
		want := c.g.inv.Transpose().Mul3x1(u).Normalize()
		if d := want.Sub(h.Normal).Len(); d > c.tol.Normal {
			return []Disagreement{{"normal", o.Algorithm, GeometryCheck, d}}
		}
	}
	return nil
}

// unitDistToTri is the unit-space distance from a world point to triangle
// i, by the oracle (0 for a point on it).
func unitDistToTri(g *Geometry, p mgl64.Vec3, i int) float64 {
	return oracle.UnitDistance(g.E.Axes, p, g.Tris[i])
}

// pair compares two answers. Verdicts or times that differ only count
// when one of them is not a first contact within tolerance (a grazing
// motion may be called a hit by one and a miss by another, both right).
// Points and normals are compared directly when both touch the same
// triangle at the same time after the start: the contact point of a convex
// ellipsoid and a triangle is then unique.
func (c *comparer) pair(a, b *Opinion) []Disagreement {
	worst := math.Max(a.Err, b.Err)
	switch {
	case a.OK != b.OK:
		if worst > c.tol.T {
			return []Disagreement{{"hit", a.Algorithm, b.Algorithm, worst}}
		}
		return nil
	case !a.OK:
		return nil
	}
	ha, hb := a.Hit, b.Hit
	if math.Abs(ha.T-hb.T)*c.du > c.tol.T {
		if worst > c.tol.T {
			return []Disagreement{{"t", a.Algorithm, b.Algorithm, worst}}
		}
		return nil
	}
	missing := a.Missing | b.Missing
	if ha.T == 0 || hb.T == 0 || missing&sweep.HasTriangle != 0 || ha.Triangle != hb.Triangle {
		return nil
	}
	var out []Disagreement
	if d := c.g.ToUnit(ha.Point.Sub(hb.Point)).Len(); d > c.tol.Point && missing&sweep.HasPoint == 0 {
		out = append(out, Disagreement{"point", a.Algorithm, b.Algorithm, d})
	}
	if d := ha.Normal.Sub(hb.Normal).Len(); d > c.tol.Normal && missing&sweep.HasNormal == 0 {
		out = append(out, Disagreement{"normal", a.Algorithm, b.Algorithm, d})
	}
	return out
}
