package scene

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/sweep"
)

// fullExpect is an expectation of every field, with tolerance 0.01.
func fullExpect() *Expect {
	hit, tt, feat, tri, tol := true, 0.5, "edge", 2, 0.01
	return &Expect{Hit: &hit, T: &tt, Point: &mgl64.Vec3{1, 2, 3}, Normal: &mgl64.Vec3{0, 1, 0},
		Feature: &feat, Triangle: &tri, Final: &mgl64.Vec3{4, 5, 6}, Tolerance: &tol}
}

// matching is the computed result that meets fullExpect exactly.
func matching() (sweep.Hit, sweep.SlideResult) {
	return sweep.Hit{T: 0.5, Point: mgl64.Vec3{1, 2, 3}, Normal: mgl64.Vec3{0, 1, 0}, Feature: sweep.Edge, Triangle: 2},
		sweep.SlideResult{Final: mgl64.Vec3{4, 5, 6}}
}

func fields(ms []Mismatch) string {
	var f []string
	for _, m := range ms {
		f = append(f, m.Field)
	}
	return strings.Join(f, " ")
}

func TestCheckReportsEveryMismatch(t *testing.T) {
	e := fullExpect()
	h, sl := matching()
	if ms := e.Check(answer(h, true, sl)); len(ms) != 0 {
		t.Errorf("exact result: mismatches %v", ms)
	}
	// Within tolerance (0.01) on every component: still a pass.
	h.T, h.Point[0], h.Normal[2], sl.Final[1] = 0.509, 1.0099, -0.0099, 5.0099
	if ms := e.Check(answer(h, true, sl)); len(ms) != 0 {
		t.Errorf("result within tolerance: mismatches %v", ms)
	}
	// Every field off.
	h = sweep.Hit{T: 0.52, Point: mgl64.Vec3{1, 2, 3.5}, Normal: mgl64.Vec3{0, -1, 0}, Feature: sweep.Face, Triangle: 1}
	sl.Final = mgl64.Vec3{4, 5, 6.02}
	ms := e.Check(answer(h, true, sl))
	if got := fields(ms); got != "t point normal feature triangle final" {
		t.Fatalf("mismatched fields %q, want all of t point normal feature triangle final", got)
	}
	wantText := []string{
		"t off by 0.02 (tolerance 0.01): want 0.5, got 0.52",
		"point off by 0.5 (tolerance 0.01): want [1, 2, 3], got [1, 2, 3.5]",
		"normal off by 2 (tolerance 0.01): want [0, 1, 0], got [0, -1, 0]",
		"feature: want edge, got face",
		"triangle: want 2, got 1",
		"final off by 0.02 (tolerance 0.01): want [4, 5, 6], got [4, 5, 6.02]",
	}
	for i, m := range ms {
		if m.String() != wantText[i] {
			t.Errorf("mismatch %d = %q, want %q", i, m.String(), wantText[i])
		}
	}
	if got, want := 0.52, 0.5; ms[0].Diff != math.Abs(got-want) || ms[0].Got != got || ms[0].Want != want {
		t.Errorf("t mismatch data %+v", ms[0])
	}
}

func TestCheckMissingHit(t *testing.T) {
	e := fullExpect()
	_, sl := matching()
	ms := e.Check(answer(sweep.Hit{}, false, sl))
	if got := fields(ms); got != "hit t point normal feature triangle" {
		t.Fatalf("expected hit did not happen: mismatches %q", got)
	}
	for _, m := range ms[1:] {
		if m.Got != nil || !strings.HasSuffix(m.String(), "got no hit") {
			t.Errorf("mismatch %q: want Got nil and 'got no hit'", m)
		}
	}
	// A hit that was not expected.
	no := false
	e = &Expect{Hit: &no}
	h, sl := matching()
	if ms := e.Check(answer(h, true, sl)); fields(ms) != "hit" || ms[0].Want != false || ms[0].Got != true {
		t.Errorf("unexpected hit: mismatches %+v", ms)
	}
	// T alone implies a hit.
	tt := 0.5
	e = &Expect{T: &tt}
	if ms := e.Check(answer(sweep.Hit{}, false, sl)); fields(ms) != "hit t" {
		t.Errorf("t without hit field, no hit computed: mismatches %q, want hit t", fields(ms))
	}
}

// TestCheckNaNNeverPasses: a NaN in the computed result is a mismatch
// whatever the tolerance, even when it hides among good components.
func TestCheckNaNNeverPasses(t *testing.T) {
	e := fullExpect()
	big := 1e300
	e.Tolerance = &big
	h, sl := matching()
	h.T = math.NaN()
	h.Point[1] = math.NaN()
	sl.Final[0] = math.NaN()
	if got := fields(e.Check(answer(h, true, sl))); got != "t point final" {
		t.Errorf("NaN results: mismatches %q, want t point final", got)
	}
}

func TestCheckNilAndDefaultTolerance(t *testing.T) {
	var e *Expect
	h, sl := matching()
	if ms := e.Check(answer(h, true, sl)); ms != nil {
		t.Errorf("nil expectation: %v", ms)
	}
	e = &Expect{Final: &mgl64.Vec3{4, 5, 6}}
	sl.Final[2] += 0.9 * DefaultTolerance
	if ms := e.Check(answer(h, true, sl)); len(ms) != 0 {
		t.Errorf("within the default tolerance: %v", ms)
	}
	sl.Final[2] += 0.2 * DefaultTolerance
	if ms := e.Check(answer(h, true, sl)); fields(ms) != "final" || ms[0].Tolerance != DefaultTolerance {
		t.Errorf("beyond the default tolerance: %+v", ms)
	}
}

// TestReplayRunsTheCore replays the fixture example of docs/fixture-format.md (hand-derived: t =
// 0.5 onto the floor) and a copy with a wrong expectation.
func TestReplayRunsTheCore(t *testing.T) {
	s := exampleScene(t)
	r, err := Replay(s)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Pass() || !r.Answer.Hit || r.Answer.First.T != 0.5 || len(r.Answer.Slide.Steps) != 1 {
		t.Errorf("example: pass %v hit %v t %v steps %d; want a pass, t 0.5, one step", r.Pass(), r.Answer.Hit, r.Answer.First.T, len(r.Answer.Slide.Steps))
	}
	*s.Expect.T = 0.25
	*s.Expect.Feature = "vertex"
	r, err = Replay(s)
	if err != nil {
		t.Fatal(err)
	}
	if r.Pass() || fields(r.Mismatches) != "t feature" {
		t.Errorf("wrong expectation: mismatches %q, want t feature", fields(r.Mismatches))
	}
	s.Start[0] = math.NaN()
	if _, err := Replay(s); err == nil || !strings.Contains(err.Error(), "start[0]: NaN") {
		t.Errorf("Replay(invalid) = %v, want the validation error", err)
	}
	s = exampleScene(t)
	s.Slide = sweep.SlideOptions{}
	if got, want := s.EffectiveSlideOptions(), (sweep.SlideOptions{MaxIterations: sweep.DefaultMaxIterations, Skin: float64(sweep.DefaultSkinRatio * s.Shape.Unit())}); got != want {
		t.Errorf("EffectiveSlideOptions without slide = %+v, want the core's defaults %+v", got, want)
	}
}

// TestMismatchStringNeverInf checks that a difference too large for
// float64 between two finite values is not printed as "off by +Inf".
func TestMismatchStringNeverInf(t *testing.T) {
	m := Mismatch{Field: "t", Want: 1e308, Got: -1e308, Diff: math.Inf(1), Tolerance: 1e-6}
	if s := m.String(); strings.Contains(s, "Inf") || !strings.Contains(s, "beyond the tolerance") {
		t.Errorf("String() = %q", s)
	}
}

// answer is a whole answer (every field reported) of a first contact h
// (valid when ok) and a slide.
func answer(h sweep.Hit, ok bool, sl sweep.SlideResult) sweep.Answer {
	return sweep.Answer{Hit: ok, First: h, Slid: true, Slide: sl, Has: sweep.AllFields}
}

// TestCheckOnlyReported: fields an answer does not report, and the final
// center of an answer that did not slide, are not checked.
func TestCheckOnlyReported(t *testing.T) {
	e := fullExpect()
	h, sl := matching()
	a := answer(h, true, sl)
	a.First.Point, a.First.Feature, a.Slide.Final = mgl64.Vec3{9, 9, 9}, sweep.Vertex, mgl64.Vec3{9, 9, 9}
	if got := fields(e.Check(a)); got != "point feature final" {
		t.Fatalf("everything reported: mismatched %q, want point feature final", got)
	}
	a.Has &^= sweep.HasPoint | sweep.HasFeature
	a.Slid = false
	if ms := e.Check(a); len(ms) != 0 {
		t.Errorf("unreported fields checked: %v", ms)
	}
}
