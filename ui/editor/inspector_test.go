package editor

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// The Result panel's lines, for a miss and for a hit with one slide step.
func TestResultLines(t *testing.T) {
	s := &scene.Scene{Name: "t", Mesh: scene.Mesh{
		Vertices:  []mgl64.Vec3{{0, 0, 0}, {4, 0, 0}, {0, 0, 4}},
		Triangles: [][3]int{{0, 1, 2}},
	}}
	d := Doc{Scene: s}
	none := strings.Join(ResultLines(d, Result{Answer: sweep.Answer{Slid: true, Slide: sweep.SlideResult{Final: mgl64.Vec3{1, 2, 3}}}, AvgMicros: 12.34}), "\n")
	for _, want := range []string{"no contact", "final center (1, 2, 3)", "core time: 12 µs", "0 step"} {
		if !strings.Contains(none, want) {
			t.Errorf("no-hit result lacks %q:\n%s", want, none)
		}
	}
	h := sweep.Hit{T: 0.5, Point: mgl64.Vec3{1, 0, 1}, Normal: mgl64.Vec3{0, 1, 0}, Feature: sweep.Edge}
	s.Start, s.End = mgl64.Vec3{0, 2, 0}, mgl64.Vec3{2, 2, 0}
	r := Result{Answer: sweep.Answer{Hit: true, First: h, Slid: true, Slide: sweep.SlideResult{
		Steps: []sweep.SlideStep{{Hit: h, Contact: mgl64.Vec3{1, 1, 1}}}, Final: mgl64.Vec3{2, 1, 1}}}}
	hit := strings.Join(ResultLines(d, r), "\n")
	for _, want := range []string{"t = 0.5000", "point  (1, 0, 1)", "normal (0, 1, 0)", "edge, triangle 0",
		"center (1, 2, 0)", "v1 (4, 0, 0)", "1: t 0.5000 edge tri 0", "   point  (1, 0, 1)", "   center (1, 1, 1)",
		"final center (2, 1, 1)"} {
		if !strings.Contains(hit, want) {
			t.Errorf("hit result lacks %q:\n%s", want, hit)
		}
	}
}

// The contact point is called "point" and the ellipsoid's center "center"
// everywhere in the panel: no other word ("at") names either.
func TestResultLinesOneTermEach(t *testing.T) {
	s := &scene.Scene{Name: "t"}
	h := sweep.Hit{T: 0.25, Point: mgl64.Vec3{1, 0, 0}}
	r := Result{Answer: sweep.Answer{Hit: true, First: h, Slid: true, Slide: sweep.SlideResult{
		Steps: []sweep.SlideStep{{Hit: h}, {Hit: h}}}}}
	for _, l := range ResultLines(Doc{Scene: s}, r) {
		if strings.Contains(l, " at (") || strings.HasPrefix(strings.TrimSpace(l), "at ") {
			t.Errorf("line %q names a position \"at\"", l)
		}
	}
}

func TestFormatSig2(t *testing.T) {
	for x, want := range map[float64]string{
		12.34: "12", 1234: "1200", 0.0123: "0.012", 1.25: "1.2", 9.96: "10", 0: "0", 150: "150",
	} {
		if got := FormatSig2(x); got != want {
			t.Errorf("FormatSig2(%v) = %q, want %q", x, got, want)
		}
	}
}

// The core time shown moves a fifth of the way toward each new run: one
// slow run does not make the readout jump.
func TestCoreTimeSmoothed(t *testing.T) {
	avg := smooth(0, 100)
	if avg != 100 {
		t.Fatalf("first run: %v, want 100", avg)
	}
	avg = smooth(avg, 600)
	if avg != 200 {
		t.Fatalf("after a run of 600 µs: %v, want 200", avg)
	}
	a := newTestApp(t)
	a.RunCore()
	if a.Result.AvgMicros <= 0 || a.Result.AvgMicros != a.Result.Micros {
		t.Fatalf("the first run's average %v, its time %v", a.Result.AvgMicros, a.Result.Micros)
	}
}

// A fixture's expectation is checked against the core's answer: PASS for
// the answer it was exported with, FAIL naming each changed field and its
// difference once the motion changes.
func TestExpectLines(t *testing.T) {
	a := newTestApp(t)
	a.Refresh()
	bare := a.Doc.Clone()
	bare.Scene.Expect = nil
	if l, fail := ExpectLines(bare, a.Result); l != nil || fail {
		t.Fatalf("a scene without expect: %q %v", l, fail)
	}
	// The current answer as a fixture, opened: its own motion.
	d, err := NewDoc(a.Moment(), "", a.Doc.View, a.Doc.Grid)
	if err != nil {
		t.Fatal(err)
	}
	a.SetDoc(d)
	a.Refresh()
	expect := func(want string, wantFail bool, more ...string) {
		t.Helper()
		lines, fail := ExpectLines(a.Doc, a.Result)
		l := strings.Join(lines, "\n")
		if !strings.HasPrefix(l, want) || fail != wantFail {
			t.Fatalf("got %q (fail %v), want it to start %q (fail %v)", l, fail, want, wantFail)
		}
		for _, m := range more {
			if !strings.Contains(l, m) {
				t.Fatalf("got %q, want it to contain %q", l, m)
			}
		}
	}
	expect("expect: PASS", false)
	start, end := a.Doc.Scene.Start, a.Doc.Scene.End
	// A wrong expectation of the same motion fails.
	wrong := a.Doc.Clone()
	moved := end.Add(mgl64.Vec3{0, 0, 0.25})
	ex := *wrong.Scene.Expect
	ex.Final = &moved
	wrong.Scene.Expect = &ex
	saved := a.Doc
	a.SetDoc(wrong)
	expect("expect: FAIL (1 field(s))", true, "final off by", "off by")
	a.SetDoc(saved)
	// Moving the end: the expectation was of another motion.
	if err := a.SetPose(scene.PoseEnd, end.Add(mgl64.Vec3{0.5, 0, 0})); err != nil {
		t.Fatal(err)
	}
	a.Refresh()
	expect("expect (of the motion as opened; edited since): ", false, "final off by", "off by")
	// The edit survives a session round trip.
	sess, err := NewSession(a.Doc, a.Rev, CameraState{Distance: 5, FovY: 0.8}, nil, "", false, nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := sess.marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseSession(data)
	if err != nil {
		t.Fatal(err)
	}
	if rd, err := back.Doc(); err != nil || !rd.Edited() {
		t.Fatalf("restored session: edited %v, err %v; want edited", rd.Edited(), err)
	}
	// Back where it was: PASS again.
	if err := a.SetPose(scene.PoseEnd, end); err != nil {
		t.Fatal(err)
	}
	a.Refresh()
	if a.Doc.Scene.Start != start {
		t.Fatal("start moved")
	}
	expect("expect: PASS", false)
}
