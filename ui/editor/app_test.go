package editor

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/render/view"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

func newTestApp(t *testing.T) *App {
	t.Helper()
	return &App{Doc: newTestDoc(t)}
}

// newTestDoc opens the default built-in scene as a fresh Doc.
func newTestDoc(t *testing.T) Doc {
	t.Helper()
	s, err := scene.Builtin(scene.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	d, err := NewDoc(s, "", view.Default(), DefaultGrid)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// summary captures every editable field of a Doc for comparisons.
type summary struct {
	Name       string
	Start, End mgl64.Vec3
	Axes       [3]mgl64.Vec3
	Shape      Shape
	View       view.Options
	Grid       float64
	Slide      sweep.SlideOptions
	Tris       int
	Source     string
}

func sum(d Doc) summary {
	return summary{d.Scene.Name, d.Scene.Start, d.Scene.End, d.Scene.Ellipsoid.Axes, d.Shape, d.View, d.Grid,
		d.SlideOptions(), len(d.Scene.Mesh.Triangles), d.Source}
}

// Every edit kind is one undo step: undo restores exactly the state before
// it, redo exactly the state after it, and the earlier snapshot is not
// changed by the edit (edits copy).
func TestUndoRedoEveryEdit(t *testing.T) {
	a := newTestApp(t)
	other := scene.Builtins()[len(scene.Builtins())-1]
	sc, err := scene.Builtin(other)
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := NewDoc(sc, "", a.Doc.View, a.Doc.Grid)
	if err != nil {
		t.Fatal(err)
	}
	loaded.Source = "elsewhere.json"
	edits := []struct {
		name string
		do   func() error
	}{
		{"radius", func() error { s := a.Doc.Shape; s.Radii[1] = 1.75; return a.SetShape(s) }},
		{"rotation", func() error { s := a.Doc.Shape; s.Rot = [3]float64{30, 20, 10}; return a.SetShape(s) }},
		{"start field", func() error { return a.SetPose(scene.PoseStart, mgl64.Vec3{1, 2, 3}) }},
		{"end field", func() error { return a.SetPose(scene.PoseEnd, mgl64.Vec3{-1, -2, -3}) }},
		{"swap", a.Swap},
		{"view", func() error { v := a.Doc.View; v.Edges = !v.Edges; v.XRay = !v.XRay; return a.SetView(v) }},
		{"grid", func() error { return a.SetGrid(0.5) }},
		{"slide", func() error { return a.SetSlide(sweep.SlideOptions{MaxIterations: 9, Skin: 0.01}) }},
		{"drag", func() error {
			before := a.Doc
			a.Preview(scene.PoseEnd, mgl64.Vec3{4, 4, 4})
			a.Preview(scene.PoseEnd, mgl64.Vec3{5, 5, 5}) // many frames, one step
			a.Commit(before, "drag")
			return nil
		}},
		{"scene load", func() error { a.Load(loaded); return nil }},
	}
	var states []summary
	for _, e := range edits {
		before := a.Doc
		beforeSum := sum(before)
		states = append(states, beforeSum)
		if err := e.do(); err != nil {
			t.Fatalf("%s: %v", e.name, err)
		}
		if sum(a.Doc) == beforeSum {
			t.Fatalf("%s changed nothing", e.name)
		}
		if sum(before) != beforeSum {
			t.Fatalf("%s modified the previous snapshot in place", e.name)
		}
	}
	final := sum(a.Doc)
	if n, _ := a.History.Len(); n != len(edits) {
		t.Fatalf("%d undo steps for %d edits", n, len(edits))
	}
	for i := len(edits) - 1; i >= 0; i-- {
		a.Undo()
		if got := sum(a.Doc); got != states[i] {
			t.Fatalf("undo of %s: got %+v, want %+v", edits[i].name, got, states[i])
		}
	}
	a.Undo() // nothing left: no change
	if sum(a.Doc) != states[0] || a.Msg != "nothing to undo" {
		t.Fatalf("undo past the start changed the state or said %q", a.Msg)
	}
	for i := range edits {
		a.Redo()
		want := final
		if i+1 < len(states) {
			want = states[i+1]
		}
		if got := sum(a.Doc); got != want {
			t.Fatalf("redo of %s: got %+v, want %+v", edits[i].name, got, want)
		}
	}
	// A new edit after an undo clears the redo stack.
	a.Undo()
	if err := a.Swap(); err != nil {
		t.Fatal(err)
	}
	if _, redo := a.History.Len(); redo != 0 {
		t.Fatalf("redo stack has %d steps after a new edit", redo)
	}
}

// Refused edits (a zero radius, NaN, out-of-range slide options) change
// nothing, record no step and report the field on the status line.
func TestRefusedEdits(t *testing.T) {
	a := newTestApp(t)
	before := sum(a.Doc)
	bad := []struct {
		do   func() error
		want string
	}{
		{func() error { s := a.Doc.Shape; s.Radii[0] = 0; return a.SetShape(s) }, "radius x"},
		{func() error { return a.SetPose(scene.PoseEnd, mgl64.Vec3{0, nan(), 0}) }, "end y"},
		{func() error { return a.SetSlide(sweep.SlideOptions{MaxIterations: 0, Skin: 0.1}) }, "max iterations"},
		{func() error { return a.SetSlide(sweep.SlideOptions{MaxIterations: 3, Skin: -1}) }, "skin"},
		{func() error { return a.SetGrid(0) }, "grid"},
		{func() error { return a.SetPose(scene.PoseContact, mgl64.Vec3{}) }, "cannot be moved"},
	}
	for _, b := range bad {
		err := b.do()
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("error %v, want one naming %q", err, b.want)
		}
		if !a.MsgErr || !strings.Contains(a.Msg, b.want) {
			t.Errorf("status %q (error %v), want it to name %q", a.Msg, a.MsgErr, b.want)
		}
	}
	if sum(a.Doc) != before {
		t.Fatal("a refused edit changed the state")
	}
	if n, _ := a.History.Len(); n != 0 {
		t.Fatalf("refused edits recorded %d undo steps", n)
	}
}

func nan() float64 { var z float64; return z / z }

// A drag that ends where it began records nothing.
func TestCommitWithoutMove(t *testing.T) {
	a := newTestApp(t)
	before := a.Doc
	a.Preview(scene.PoseStart, mgl64.Vec3{9, 9, 9})
	a.Preview(scene.PoseStart, before.Scene.Start)
	a.Commit(before, "drag")
	if n, _ := a.History.Len(); n != 0 {
		t.Fatalf("%d undo steps for a drag that returned to its start", n)
	}
}

// The exported fixture replays: it holds the poses, the slide options and
// the current result as "expect", and scene.Replay passes on it.
func TestExportReplays(t *testing.T) {
	a := newTestApp(t)
	a.RunCore()
	dir := t.TempDir()
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.Local)
	p1, err := a.ExportFixture(dir, now)
	if err != nil {
		t.Fatal(err)
	}
	p2, err := a.ExportFixture(dir, now)
	if err != nil {
		t.Fatal(err)
	}
	if p1 == p2 {
		t.Fatalf("two exports in the same second share the name %s", p1)
	}
	s, err := scene.Load(p1)
	if err != nil {
		t.Fatal(err)
	}
	if s.Start != a.Doc.Scene.Start || s.End != a.Doc.Scene.End || s.Slide.IsZero() || s.Expect == nil || s.Expect.Hit == nil {
		t.Fatalf("fixture lost the moment: %+v", s)
	}
	if *s.Expect.Hit != a.Result.Answer.Hit {
		t.Fatalf("expect.hit %v, result %v", *s.Expect.Hit, a.Result.Answer.Hit)
	}
	r, err := scene.Replay(s)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Pass() {
		t.Fatalf("exported fixture does not replay: %+v", r)
	}
}

func TestSessionRoundTrip(t *testing.T) {
	a := newTestApp(t)
	s := a.Doc.Shape
	s.Rot = [3]float64{10, 20, 30}
	if err := a.SetShape(s); err != nil {
		t.Fatal(err)
	}
	if err := a.SetPose(scene.PoseEnd, mgl64.Vec3{0.5, -0.25, 2}); err != nil {
		t.Fatal(err)
	}
	v := a.Doc.View
	v.Grid = false
	_ = a.SetView(v)
	cam := CameraState{Target: mgl64.Vec3{1, 2, 3}, Yaw: 1.25, Pitch: -0.5, Distance: 7, FovY: 0.8, Ortho: true}
	sess, err := NewSession(a.Doc, a.Rev, cam, []string{"/x/a.obj"}, "/x/b.json", true, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "sweepdbg", SessionFile)
	if err := SaveSession(path, sess); err != nil {
		t.Fatal(err)
	}
	back, err := LoadSession(path)
	if err != nil || back == nil {
		t.Fatalf("load: %v", err)
	}
	d, err := back.Doc()
	if err != nil {
		t.Fatal(err)
	}
	if sum(d) != sum(a.Doc) {
		t.Fatalf("session doc %+v, want %+v", sum(d), sum(a.Doc))
	}
	if err := back.Camera.Validate(); err != nil || back.Camera != cam {
		t.Fatalf("camera %+v (%v), want %+v", back.Camera, err, cam)
	}
	if back.Recent[0] != "/x/a.obj" || back.Path != "/x/b.json" || !back.Help {
		t.Fatalf("panel state lost: %+v", back)
	}
}

func TestSessionMissingAndCorrupt(t *testing.T) {
	dir := t.TempDir()
	if s, err := LoadSession(filepath.Join(dir, "none.json")); s != nil || err != nil {
		t.Fatalf("missing session: %v %v", s, err)
	}
	for name, data := range map[string]string{
		"garbage":     "{not json",
		"version":     `{"version": 99}`,
		"bad scene":   `{"version": 1, "scene": {"version": 1}}`,
		"nan-ish cam": `{"version": 1, "scene": 5}`,
	} {
		p := filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".json")
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := LoadSession(p)
		if err == nil {
			_, err = s.Doc()
		}
		if err == nil {
			t.Errorf("%s: corrupt session accepted", name)
		}
	}
}

// A version 1 session file (the view toggles and the shape named as the
// Go fields were) still loads, with its toggles and angles.
func TestSessionVersion1Loads(t *testing.T) {
	a := newTestApp(t)
	data, err := a.Doc.Scene.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	v1 := `{"version":1,"scene":` + string(data) + `,"shape":{"Radii":[0.5,1,0.5],"Rot":[0,0,0]},` +
		`"view":{"Normals":true,"Edges":false,"Ghosts":true,"Labels":false,"Grid":true,"BackFaces":false,"XRay":true},` +
		`"grid":0.25,"camera":{"target":[0,0,0],"yaw":1,"pitch":0.5,"distance":5,"fovY":0.8,"ortho":false}}`
	p := filepath.Join(t.TempDir(), SessionFile)
	if err := os.WriteFile(p, []byte(v1), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := LoadSession(p)
	if err != nil || s == nil {
		t.Fatalf("version 1 session: %v", err)
	}
	d, err := s.Doc()
	if err != nil {
		t.Fatal(err)
	}
	want := view.Options{Normals: true, Ghosts: true, Grid: true, XRay: true}
	if d.View != want || d.Grid != 0.25 || s.Camera.Yaw != 1 {
		t.Fatalf("version 1 session: view %+v grid %v camera %+v", d.View, d.Grid, s.Camera)
	}
}

// The session's scene cache re-encodes only when the revision changed.
func TestSceneJSONCache(t *testing.T) {
	a := newTestApp(t)
	var c SceneJSON
	d1, err := c.encode(a.Doc, a.Rev)
	if err != nil {
		t.Fatal(err)
	}
	d2, _ := c.encode(a.Doc, a.Rev)
	if &d1[0] != &d2[0] {
		t.Fatal("same scene encoded twice")
	}
	_ = a.SetPose(scene.PoseEnd, mgl64.Vec3{7, 7, 7})
	d3, _ := c.encode(a.Doc, a.Rev)
	s, err := scene.Parse(d3)
	if err != nil || s.End != (mgl64.Vec3{7, 7, 7}) {
		t.Fatalf("edited scene not re-encoded: %v %v", err, s)
	}
}

// ShowMotion (a play tick shown) bumps the revision, so the core runs on
// the shown motion, and records no undo step.
func TestShowMotionBumpsRev(t *testing.T) {
	a := newTestApp(t)
	a.Refresh()
	rev, before := a.Rev, a.Doc.Scene.Start
	start, end := mgl64.Vec3{1, 2, 3}, mgl64.Vec3{1, 2, -3}
	a.ShowMotion(start, end)
	if a.Rev == rev {
		t.Fatal("ShowMotion kept the revision")
	}
	if !a.Refresh() || a.Result.Rev != a.Rev {
		t.Fatal("the core did not run on the shown motion")
	}
	if a.Doc.Scene.Start != start || a.Doc.Scene.End != end {
		t.Fatalf("shown %v -> %v, want %v -> %v", a.Doc.Scene.Start, a.Doc.Scene.End, start, end)
	}
	a.Undo()
	if a.Doc.Scene.Start != start {
		t.Fatalf("undo went back to %v: ShowMotion recorded an undo step (start was %v)", a.Doc.Scene.Start, before)
	}
}

// The session file is the same whether the scene is encoded whole and
// compacted by encoding/json (as before the mesh was cached) or spliced
// from the cached mesh: after a pose edit (the mesh from the cache), with
// a name that encoding/json escapes, and through SaveSession's splice.
func TestSceneJSONMeshCache(t *testing.T) {
	a := newTestApp(t)
	var c SceneJSON
	cam := CameraState{Yaw: 1, Pitch: 0.5, Distance: 10, FovY: 1}
	check := func(what string) {
		t.Helper()
		s, err := NewSession(a.Doc, a.Rev, cam, []string{"a<b>&c"}, "p", true, &c)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.marshal()
		if err != nil {
			t.Fatal(err)
		}
		whole, err := a.Doc.Scene.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		old := *s
		old.Scene, old.compact = whole, false
		want, err := json.Marshal(&old)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("%s: session differs from encoding/json's:\n%.300s\nwant\n%.300s", what, got, want)
		}
	}
	check("first save")
	mesh := c.mesh
	_ = a.SetPose(scene.PoseEnd, mgl64.Vec3{7, 7, 7})
	check("after a pose edit")
	if &c.mesh[0] != &mesh[0] {
		t.Error("the mesh was encoded again after a pose edit")
	}
	d := a.Doc
	sc := *d.Scene
	sc.Name = `<"mesh":0> & "scene":0`
	d.Scene = &sc
	a.Doc = d
	a.Rev++
	check("escaped name")
}
