package editor

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"sweepdbg/render/view"
	"sweepdbg/scene"
	"sweepdbg/scene/judge"
)

// testCapture writes a capture over a floor: a right sweep, a wrong one
// (t off), a bad line, a right miss, another wrong one, and a slide.
func testCapture(t *testing.T) string {
	t.Helper()
	const floor = `{"op":"mesh","id":7,"vertices":[[-10,0,-10],[10,0,-10],[0,0,10]],"triangles":[[0,1,2]]}`
	sweepLine := func(frame int, startY float64, answer string) string {
		return fmt.Sprintf(`{"op":"sweep","mesh":7,"ellipsoid":{"axes":[[1,0,0],[0,1,0],[0,0,1]]},"start":[0,%g,0],"end":[0,-1,0],"answer":%s,"frame":%d,"label":"jump\u0007"}`, startY, answer, frame)
	}
	lines := []string{
		floor,
		sweepLine(1, 3, `{"hit":true,"t":0.5}`),
		sweepLine(2, 3, `{"hit":true,"t":0.25}`),
		`{"op":"sweep"`,
		`{"op":"sweep","mesh":7,"ellipsoid":{"axes":[[1,0,0],[0,1,0],[0,0,1]]},"start":[0,3,0],"end":[0,2,0],"answer":{"hit":false},"frame":4}`,
		sweepLine(5, 5, `{"hit":false}`),
		`{"op":"slide","mesh":7,"ellipsoid":{"axes":[[1,0,0],[0,1,0],[0,0,1]]},"start":[0,3,0],"end":[1,-1,0],"answer":{"final":[1,1.001,0],"steps":[]},"frame":6}`,
	}
	p := filepath.Join(t.TempDir(), "game.jsonl")
	data := ""
	for _, l := range lines {
		data += l + "\n"
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCaptureTimeline(t *testing.T) {
	l := StartCapture(testCapture(t), 0)
	var c *Capture
	waitFor(t, "the capture", func() bool { var ok bool; c, ok = l.Poll(); return ok })
	if c.Err != nil || len(c.Frames) != 5 || c.Tally.Records != 6 || c.Tally.Wrong != 2 || c.Tally.Errors != 1 {
		t.Fatalf("capture: err %v, %d frames, tally %+v", c.Err, len(c.Frames), c.Tally)
	}
	if f := c.Frames[0]; f.Verdict.State != judge.Agrees || f.Label != `jump\a` || f.Describe() != `line 2 frame 1 sweep "jump\a"` {
		t.Errorf("frame 0: %v %q %q", f.Verdict, f.Label, f.Describe())
	}
	if c.Frames[0].Query.Mesh != c.Frames[4].Query.Mesh {
		t.Errorf("frames on one mesh do not share it")
	}
	var wrong []int
	for c.NextWrong(1) {
		wrong = append(wrong, c.Frames[c.Cursor].Line)
	}
	if fmt.Sprint(wrong) != "[3 6]" {
		t.Errorf("next wrong visits lines %v, want [3 6]", wrong)
	}
	if !c.NextWrong(-1) || c.Frames[c.Cursor].Line != 3 || c.NextWrong(-1) {
		t.Errorf("previous wrong: at line %d", c.Frames[c.Cursor].Line)
	}
	d, err := c.Doc(c.Cursor, view.Default(), 0)
	if err != nil || d.Mesh != c.Frames[c.Cursor].Query.Mesh.Core || d.Scene.Start != c.Frames[c.Cursor].Query.Start {
		t.Fatalf("doc of the wrong frame: %v %+v", err, d.Scene)
	}
	path, err := c.Export(c.Cursor, t.TempDir(), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	s, err := scene.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := scene.Replay(s)
	if err != nil || !r.Pass() {
		t.Fatalf("the exported fixture does not replay with the core: %v %+v", err, r)
	}
	if s.Expect.T == nil || *s.Expect.T == c.Frames[c.Cursor].Answer.First.T {
		t.Errorf("the fixture expects %v, the game's answer was %v: want the core's", s.Expect.T, c.Frames[c.Cursor].Answer.First.T)
	}
}

// TestCaptureData: a capture judged from its bytes (a browser's dropped
// file) is the one judged from its file, named by the name given.
func TestCaptureData(t *testing.T) {
	path := testCapture(t)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var fromFile, fromData *Capture
	lf, ld := StartCapture(path, 0), StartCaptureData("dropped.jsonl", data, 0)
	waitFor(t, "the capture from its file", func() bool { var ok bool; fromFile, ok = lf.Poll(); return ok })
	waitFor(t, "the capture from its bytes", func() bool { var ok bool; fromData, ok = ld.Poll(); return ok })
	if fromData.Path != "dropped.jsonl" || fromData.Err != nil || fromData.Tally != fromFile.Tally || len(fromData.Frames) != len(fromFile.Frames) {
		t.Fatalf("from its bytes: %q, %v, tally %+v, %d frames; from its file: tally %+v, %d frames",
			fromData.Path, fromData.Err, fromData.Tally, len(fromData.Frames), fromFile.Tally, len(fromFile.Frames))
	}
	for i := range fromData.Frames {
		if a, b := fromData.Frames[i], fromFile.Frames[i]; a.Line != b.Line || a.Verdict.State != b.Verdict.State || a.Query.Start != b.Query.Start {
			t.Errorf("frame %d: line %d %v from its bytes, line %d %v from its file", i, a.Line, a.Verdict.State, b.Line, b.Verdict.State)
		}
	}
}
