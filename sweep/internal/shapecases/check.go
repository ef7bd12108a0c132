// Package shapecases is the property-test workload for swept capsules and
// boxes against a triangle: deterministic case families (from a
// *rand.Rand) and Judge, which judges any candidate answer against the
// independent oracle (sweep/oracle). It does not import package sweep, so
// that the core (sweep.CapsuleTriangle, sweep.BoxTriangle) and the second
// algorithm (sweep/convex) are judged by the same code without either
// shaping it: the core's test adapts sweep.Hit to Answer in a few lines.
//
// Tolerances are in shape units: world lengths divided by the capsule's
// radius or the box's smallest half extent (Case.Unit).
//
// A test runs every family at every offset through Run, for example (the
// second algorithm's, sweep/convex):
//
//	for _, fam := range shapecases.Families() {
//		for _, off := range shapecases.Offsets {
//			st := shapecases.Run(fam, off, shapecases.PerFamily(testing.Short()), solve)
//			// st.Wrong must be 0; st.Failures describes the first five.
//		}
//	}
//
// where solve maps a Case (Kind, Radius and HalfSeg or Axes, Begin, Delta,
// Tri) to the candidate's Answer.
package shapecases

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep/oracle"
)

// Kind is the kind of shape a Case sweeps.
type Kind uint8

// The shapes.
const (
	Capsule Kind = iota // Radius and HalfSeg
	Box                 // Axes
)

// String returns "capsule" or "box".
func (k Kind) String() string {
	if k == Box {
		return "box"
	}
	return "capsule"
}

// Case is one sweep: a capsule (points within Radius of the segment
// center ± HalfSeg) or a box (center + Σ u_i·Axes[i], |u_i| <= 1) whose
// center moves from Begin by Delta against the two-sided triangle Tri.
// World units throughout.
type Case struct {
	Kind         Kind
	Radius       float64       // capsule only
	HalfSeg      mgl64.Vec3    // capsule only
	Axes         [3]mgl64.Vec3 // box only
	Begin, Delta mgl64.Vec3
	Tri          geom.Triangle
}

// Answer is a candidate first contact: the T in [0, 1] of the first
// contact, a point of the triangle where the shape touches it, the unit
// normal of a separating plane (from the triangle toward the shape) and
// the triangle's feature ("face", "edge" or "vertex"); only Hit is
// meaningful when Hit is false.
type Answer struct {
	Hit     bool
	T       float64
	Point   mgl64.Vec3
	Normal  mgl64.Vec3
	Feature string
}

// Decision tolerances, in shape units (as in sweep/property_test.go).
const (
	// decisionBand: when the oracle's closest approach over the motion is
	// within 1e-7 of contact (signed gap in [-1e-7, 1e-7]) the case is a
	// tangency, which floating-point input cannot decide, and both a hit
	// and a miss are accepted. The oracle's own error is about 1e-12.
	decisionBand = 1e-7
	// contactTol: at the answer's T the gap must be 0 within 1e-6 (at
	// most 1e-6 for T = 0), the gap must not have fallen below -1e-6
	// before T, the point must lie within 1e-6 of the triangle and of the
	// shape's surface (for T = 0, of the shape), and the plane of the
	// normal through the point must separate the two within 1e-6.
	contactTol = 1e-6
	// unitTol: a normal is unit when its length is 1 within 1e-9 (a
	// normalised vector is within a few ulps).
	unitTol = 1e-9
)

// Unit is the case's length unit: the capsule's radius or the box's
// smallest half extent, in world units.
func (c Case) Unit() float64 {
	if c.Kind == Box {
		return min(geom.Len(c.Axes[0]), geom.Len(c.Axes[1]), geom.Len(c.Axes[2]))
	}
	return math.Abs(c.Radius)
}

// Translated returns c moved by o (the triangle and the start, not the
// motion).
func (c Case) Translated(o mgl64.Vec3) Case {
	c.Begin = c.Begin.Add(o)
	for i := range c.Tri {
		c.Tri[i] = c.Tri[i].Add(o)
	}
	return c
}

// String describes c by its fields (printed with %v, full precision),
// enough to reproduce it.
func (c Case) String() string {
	shape := fmt.Sprintf("radius %v half segment %v", c.Radius, c.HalfSeg)
	if c.Kind == Box {
		shape = fmt.Sprintf("axes %v", c.Axes)
	}
	return fmt.Sprintf("%v %s\nbegin %v\ndelta %v\ntri %v", c.Kind, shape, c.Begin, c.Delta, c.Tri)
}

// center is the shape's center at t.
func (c Case) center(t float64) mgl64.Vec3 { return c.Begin.Add(geom.Scale(c.Delta, t)) }

// Oracle returns the oracle's first contact for c.
func (c Case) Oracle() (oracle.Contact, bool) {
	if c.Kind == Box {
		return oracle.BoxFirstContact(c.Axes, c.Begin, c.Delta, c.Tri)
	}
	return oracle.CapsuleFirstContact(c.Radius, c.HalfSeg, c.Begin, c.Delta, c.Tri)
}

// MinGap returns the oracle's closest approach (signed gap in shape units)
// over [lo, hi] and where it is.
func (c Case) MinGap(lo, hi float64) (t, gap float64) {
	if c.Kind == Box {
		return oracle.BoxMinDistance(c.Axes, c.Begin, c.Delta, c.Tri, lo, hi)
	}
	return oracle.CapsuleMinDistance(c.Radius, c.HalfSeg, c.Begin, c.Delta, c.Tri, lo, hi)
}

// gapAt is the oracle's signed gap at t, in shape units.
func (c Case) gapAt(t float64) float64 {
	if c.Kind == Box {
		return oracle.BoxDistance(c.Axes, c.center(t), c.Tri)
	}
	return oracle.CapsuleDistance(c.Radius, c.HalfSeg, c.center(t), c.Tri)
}

// pointGap is the signed distance of x from the shape's surface at t.
func (c Case) pointGap(t float64, x mgl64.Vec3) float64 {
	if c.Kind == Box {
		return oracle.BoxPointDistance(c.Axes, c.center(t), x)
	}
	return oracle.CapsulePointDistance(c.Radius, c.HalfSeg, c.center(t), x)
}

// support is the shape's half width along the unit vector n (world
// units): the support function of the shape centered at the origin.
func (c Case) support(n mgl64.Vec3) float64 {
	if c.Kind == Box {
		return math.Abs(geom.Dot(c.Axes[0], n)) + math.Abs(geom.Dot(c.Axes[1], n)) + math.Abs(geom.Dot(c.Axes[2], n))
	}
	return math.Abs(geom.Dot(c.HalfSeg, n)) + math.Abs(c.Radius)
}

// Verdict is what Judge found: the message ("" if the answer is right)
// and whether the case was a tangency in the decision band.
type Verdict struct {
	Msg  string
	Band bool // the oracle and the answer disagreed on hit/miss within decisionBand
}

// Check judges the answer h for c against the oracle and returns "" if it
// is right, else what is wrong: a miss, a false hit, T off (the gap at T
// not 0, or negative before T), the point off the triangle or off the
// shape's surface, a normal that is not unit or whose plane does not
// separate them, or a feature the point does not lie on.
func Check(c Case, h Answer) string { return Judge(c, h).Msg }

// Judge is check, also reporting whether the case was a tangency.
func Judge(c Case, h Answer) Verdict {
	oc, ook := c.Oracle()
	var v Verdict
	if h.Hit != ook {
		_, minGap := c.MinGap(0, 1)
		switch {
		case math.Abs(minGap) <= decisionBand:
			v.Band = true
		case ook:
			v.Msg = fmt.Sprintf("MISS: oracle contact at T=%v (closest approach %v)", oc.T, minGap)
			return v
		default:
			v.Msg = fmt.Sprintf("FALSE HIT at T=%v: oracle's closest approach is %v", h.T, minGap)
			return v
		}
	}
	if h.Hit {
		v.Msg = checkHit(c, h, oc, ook)
	}
	return v
}

// checkHit checks a reported hit at the pose it reports.
func checkHit(c Case, h Answer, oc oracle.Contact, ook bool) string {
	if !(h.T >= 0 && h.T <= 1) {
		return fmt.Sprintf("T=%v outside [0, 1]", h.T)
	}
	g := c.gapAt(h.T)
	switch {
	case h.T > 0 && !(math.Abs(g) <= contactTol):
		return fmt.Sprintf("gap at T=%v is %v, not 0 (oracle T=%v)", h.T, g, oc.T)
	case h.T == 0 && !(g <= contactTol):
		return fmt.Sprintf("T=0 but the start is apart by %v", g)
	}
	if ook && oc.T < h.T {
		if _, m := c.MinGap(0, h.T); m < -contactTol {
			return fmt.Sprintf("T=%v is late: the gap fell to %v before it (oracle T=%v)", h.T, m, oc.T)
		}
	}
	if msg := checkPoint(c, h); msg != "" {
		return msg
	}
	if !(math.Abs(geom.Len(h.Normal)-1) <= unitTol) {
		return fmt.Sprintf("normal %v is not unit", h.Normal)
	}
	if g < -contactTol { // overlapping start: no separating plane to check
		return checkFeatureName(h.Feature)
	}
	angle := normalTol
	if _, m := c.MinGap(0, 1); math.Abs(m) <= decisionBand {
		angle = tangentNormalTol
	}
	if msg := checkPlane(c, h, angle); msg != "" {
		return msg
	}
	return checkFeature(c, h)
}

// checkPoint: the point lies on the triangle and on the shape's surface
// (within the shape, for T = 0).
func checkPoint(c Case, h Answer) string {
	u := c.Unit()
	if d := oracle.UnitDistance(scaled(u), h.Point, c.Tri); !(d <= contactTol) {
		return fmt.Sprintf("point %v is %v (shape units) off the triangle", h.Point, d)
	}
	pg := c.pointGap(h.T, h.Point)
	if h.T > 0 && !(math.Abs(pg) <= contactTol) || !(pg <= contactTol) {
		return fmt.Sprintf("point %v is not on the shape's surface at T=%v: signed distance %v", h.Point, h.T, pg)
	}
	return ""
}

// scaled is u times the identity: oracle.UnitDistance with these axes is
// the distance in shape units.
func scaled(u float64) [3]mgl64.Vec3 { return [3]mgl64.Vec3{{u, 0, 0}, {0, u, 0}, {0, 0, u}} }

// normalTol: a normal is right when it is within 1e-6 rad of a separating
// one, so a vertex at distance L from the point may be normalTol·L in
// front of the plane (beside contactTol). Where the contact normal is
// ill-conditioned (a capsule lying almost flat across an edge: the
// common perpendicular of two nearly parallel lines) the core's normal
// is that far from the exact one; the ellipsoid's property tests allow
// 1e-3 rad.
const normalTol = 1e-6

// tangentNormalTol is normalTol for a tangent motion (the closest
// approach within decisionBand of contact): a sphere of radius r that
// dips δ below a plane meets the plane's edge with its normal tilted by
// sqrt(2δ/r) from the plane's, so a gap of rounding size anywhere in the
// band tilts the exact normal by up to sqrt(2·decisionBand), 4.5e-4 rad.
var tangentNormalTol = math.Sqrt(2 * decisionBand)

// checkPlane: the plane through Point with normal Normal has the triangle
// on its back (every vertex at most contactTol + angle·L in front, L its
// distance from the point) and the shape in front (its support along
// -Normal at most contactTol + angle·L behind, L the distance from the
// point to the center plus the shape's reach).
func checkPlane(c Case, h Answer, angle float64) string {
	u, n := c.Unit(), h.Normal
	for _, v := range c.Tri {
		if d := geom.Dot(v.Sub(h.Point), n) / u; d > contactTol+angle*geom.Len(v.Sub(h.Point))/u {
			return fmt.Sprintf("normal %v does not separate: triangle vertex %v is %v in front of the plane through %v", n, v, d, h.Point)
		}
	}
	reach := geom.Len(c.center(h.T).Sub(h.Point)) + c.support(n)
	if d := (geom.Dot(c.center(h.T).Sub(h.Point), n) - c.support(n)) / u; d < -contactTol-angle*reach/u {
		return fmt.Sprintf("normal %v does not separate: the shape reaches %v behind the plane through %v", n, -d, h.Point)
	}
	return ""
}

func checkFeatureName(f string) string {
	if f != "face" && f != "edge" && f != "vertex" {
		return fmt.Sprintf("feature %q is not face, edge or vertex", f)
	}
	return ""
}

// checkFeature: "vertex" needs the point at a vertex, "edge" on an edge,
// "face" a triangle with an area whose vertices all lie in the contact
// plane (within contactTol): where the part touched is not unique (a
// capsule along an edge, a box face on a face), any of them is accepted.
func checkFeature(c Case, h Answer) string {
	if msg := checkFeatureName(h.Feature); msg != "" {
		return msg
	}
	u := c.Unit()
	switch h.Feature {
	case "vertex":
		for _, v := range c.Tri {
			if geom.Len(h.Point.Sub(v))/u <= contactTol {
				return ""
			}
		}
	case "edge":
		for i := range 3 {
			if oracle.UnitDistance(scaled(u), h.Point, geom.Triangle{c.Tri[i], c.Tri[(i+1)%3], c.Tri[i]}) <= contactTol {
				return ""
			}
		}
	default:
		if c.Tri.Normal() == (mgl64.Vec3{}) {
			break
		}
		for _, v := range c.Tri {
			if math.Abs(geom.Dot(v.Sub(h.Point), h.Normal))/u > contactTol {
				return fmt.Sprintf("feature face, but vertex %v is off the contact plane", v)
			}
		}
		return ""
	}
	return fmt.Sprintf("feature %s, but the point %v is not on one", h.Feature, h.Point)
}
