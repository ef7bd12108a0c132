package scene

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/sweep"
)

// DefaultTolerance is the absolute per-component tolerance of an
// expectation without "tolerance": 1e-6 world units for points, normal
// components and T.
const DefaultTolerance = 1e-6

// ReplayResult is what the core computed for a scene (its Answer), and the
// verdict: how that compares with the scene's expectation.
type ReplayResult struct {
	Answer     sweep.Answer // the core's first contact and slide from Start toward End
	Mismatches []Mismatch   // every expected field that differs; empty when the scene has no expectation
	Mesh       *sweep.Mesh  // the mesh built for the replay, for further queries on the same scene
}

// Pass reports whether the result meets every expectation.
func (r *ReplayResult) Pass() bool { return len(r.Mismatches) == 0 }

// Mismatch is one expected field that the computed result does not meet.
type Mismatch struct {
	Field     string  // "hit", "t", "point", "normal", "feature", "triangle" or "final"
	Want      any     // the expected value: bool, float64, mgl64.Vec3, string or int
	Got       any     // the computed value of the same type; nil when there is none (no hit)
	Diff      float64 // largest absolute difference over components (numbers and vectors); 0 otherwise
	Tolerance float64 // the tolerance Diff was held to; 0 for exact fields
}

// String describes the mismatch, leading with the field (the rule) and
// the amount, e.g. "t off by 0.02 (tolerance 1e-06): want 0.5, got 0.52"
// or "feature: want edge, got face".
func (m Mismatch) String() string {
	got := "no hit"
	if m.Got != nil {
		got = formatValue(m.Got)
	}
	lead := m.Field
	switch {
	case m.Tolerance <= 0 || m.Got == nil:
	case math.IsInf(m.Diff, 0) || math.IsNaN(m.Diff): // a finite difference too large for float64, or a NaN
		lead += " beyond the tolerance " + Amount(m.Tolerance)
	default:
		lead += " off by " + Amount(m.Diff) + " (tolerance " + Amount(m.Tolerance) + ")"
	}
	return fmt.Sprintf("%s: want %s, got %s", lead, formatValue(m.Want), got)
}

// Replay validates s, runs the core on it (the first contact of the sweep
// from Start to End over the whole mesh, and collide-and-slide with the
// scene's slide options or the defaults) and compares the result with
// s.Expect. An invalid scene gives the validation error and no result.
func Replay(s *Scene) (*ReplayResult, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	mesh := sweep.NewMesh(s.Mesh.Tris())
	r := &ReplayResult{Mesh: mesh, Answer: mesh.Answer(s.Motion)}
	r.Mismatches = s.Expect.Check(r.Answer)
	return r, nil
}

// EffectiveSlideOptions returns the options the core's slide uses for the
// scene: its own, with sweep.DefaultMaxIterations and the default skin
// (sweep.DefaultSkinRatio of the ellipsoid's smallest semi-axis) in place of
// what it leaves out (see sweep.SlideOptions.WithDefaults). A nil scene
// gives the defaults of a unit sphere (skin sweep.DefaultSkin).
func (s *Scene) EffectiveSlideOptions() sweep.SlideOptions {
	if s == nil {
		return sweep.SlideOptions{}.WithDefaults(sweep.EllipsoidShape(sweep.Sphere(1)))
	}
	return s.Slide.WithDefaults(s.Shape)
}

// Check compares answer a with e and returns every mismatch, in the order
// hit, t, point, normal, feature, triangle, final. Fields that e leaves
// out are not checked, and neither are those a does not report (a.Has;
// the final center when a did not slide): an engine is held only to what
// it answered. Numbers and vectors are compared per component within e's
// tolerance (DefaultTolerance when unset), and a NaN never passes. A nil
// e checks nothing. When e expects a hit that did not happen, every
// expected field of the hit is reported with Got nil.
func (e *Expect) Check(a sweep.Answer) []Mismatch {
	return e.reported(a).check(a.First, a.Hit, a.Slide)
}

// reported is e without the fields a does not report (nil for a nil e).
func (e *Expect) reported(a sweep.Answer) *Expect {
	if e == nil {
		return nil
	}
	c := *e
	if a.Has&sweep.HasPoint == 0 {
		c.Point = nil
	}
	if a.Has&sweep.HasNormal == 0 {
		c.Normal = nil
	}
	if a.Has&sweep.HasFeature == 0 {
		c.Feature = nil
	}
	if a.Has&sweep.HasTriangle == 0 {
		c.Triangle = nil
	}
	if !a.Slid {
		c.Final = nil
	}
	return &c
}

// check is Check on a first contact (hit, valid when ok) and a slide.
func (e *Expect) check(hit sweep.Hit, ok bool, slide sweep.SlideResult) []Mismatch {
	if e == nil {
		return nil
	}
	tol := DefaultTolerance
	if e.Tolerance != nil {
		tol = *e.Tolerance
	}
	var out []Mismatch
	wantHit := e.Hit != nil && *e.Hit || e.hitFields() != ""
	if e.Hit != nil && *e.Hit != ok || e.Hit == nil && wantHit && !ok {
		out = append(out, Mismatch{Field: "hit", Want: wantHit, Got: ok})
	}
	if wantHit {
		out = append(out, e.checkHit(hit, ok, tol)...)
	}
	if e.Final != nil {
		out = appendVec(out, "final", *e.Final, &slide.Final, tol)
	}
	return out
}

// checkHit compares the fields of the first contact.
func (e *Expect) checkHit(hit sweep.Hit, ok bool, tol float64) []Mismatch {
	var out []Mismatch
	if e.T != nil {
		m := Mismatch{Field: "t", Want: *e.T, Tolerance: tol}
		if ok {
			m.Got, m.Diff = hit.T, math.Abs(hit.T-*e.T)
		}
		if !ok || !(m.Diff <= tol) {
			out = append(out, m)
		}
	}
	got := func(v mgl64.Vec3) *mgl64.Vec3 {
		if !ok {
			return nil
		}
		return &v
	}
	if e.Point != nil {
		out = appendVec(out, "point", *e.Point, got(hit.Point), tol)
	}
	if e.Normal != nil {
		out = appendVec(out, "normal", *e.Normal, got(hit.Normal), tol)
	}
	if e.Feature != nil && (!ok || hit.Feature.String() != *e.Feature) {
		m := Mismatch{Field: "feature", Want: *e.Feature}
		if ok {
			m.Got = hit.Feature.String()
		}
		out = append(out, m)
	}
	if e.Triangle != nil && (!ok || hit.Triangle != *e.Triangle) {
		m := Mismatch{Field: "triangle", Want: *e.Triangle}
		if ok {
			m.Got = hit.Triangle
		}
		out = append(out, m)
	}
	return out
}

// appendVec appends a mismatch for field when got is nil (nothing was
// computed) or differs from want by more than tol in some component.
func appendVec(out []Mismatch, field string, want mgl64.Vec3, got *mgl64.Vec3, tol float64) []Mismatch {
	m := Mismatch{Field: field, Want: want, Tolerance: tol}
	if got == nil {
		return append(out, m)
	}
	m.Got = *got
	for i := range want {
		d := math.Abs(got[i] - want[i])
		if math.IsNaN(d) { // a NaN component fails whatever the rest does
			m.Diff = d
			break
		}
		m.Diff = math.Max(m.Diff, d)
	}
	if !(m.Diff <= tol) {
		out = append(out, m)
	}
	return out
}

// formatValue prints vectors as [x, y, z] with shortest round-trip
// numbers, and anything else with %v.
func formatValue(v any) string {
	switch x := v.(type) {
	case mgl64.Vec3:
		return fmt.Sprintf("[%v, %v, %v]", x[0], x[1], x[2])
	case float64:
		return fmt.Sprint(x)
	}
	return fmt.Sprint(v)
}
