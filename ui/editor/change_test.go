package editor

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"sweepdbg/scene"
)

// An edit says what it changed, undo says what it took back, and a
// successful edit replaces an error on the status line.
func TestEditFeedback(t *testing.T) {
	a := newTestApp(t)
	a.Fail(errors.New("radii y: \"abc\" is not a number"))
	if err := a.SetPose(scene.PoseEnd, a.Doc.Scene.End.Add([3]float64{1, 0, 0})); err != nil {
		t.Fatal(err)
	}
	if a.MsgErr || !strings.HasPrefix(a.Msg, "moved end to (") {
		t.Fatalf("after moving the end: %q (error %v)", a.Msg, a.MsgErr)
	}
	s := a.Doc.Shape
	old := s.Radii[0]
	s.Radii[0] = old - 0.1
	if err := a.SetShape(s); err != nil {
		t.Fatal(err)
	}
	a.Undo()
	want := "undo: radius x " + FormatNum(old-0.1) + " → " + FormatNum(old)
	if a.Msg != want {
		t.Fatalf("after undo: %q, want %q", a.Msg, want)
	}
}

// Recent files are stored as absolute paths.
func TestRecentAbsolute(t *testing.T) {
	a := &App{}
	a.AddRecent("levels/x.obj")
	if !filepath.IsAbs(a.Recent[0]) || !strings.HasSuffix(a.Recent[0], filepath.Join("levels", "x.obj")) {
		t.Fatalf("recent %q", a.Recent[0])
	}
}

// Text from a file cannot put control characters on screen.
func TestPrintable(t *testing.T) {
	if got := Printable("a\x1b[2Jb\nc\xffé"); got != `a\x1b[2Jb\nc\ufffdé` {
		t.Fatalf("got %q", got)
	}
}
