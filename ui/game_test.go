package ui

import (
	"bytes"
	"encoding/json"
	"image"
	"math"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/geom"
	"sweepdbg/scene"
	"sweepdbg/scene/engine"
	"sweepdbg/scene/judge"
	"sweepdbg/ui/editor"
)

func TestKeyCommand(t *testing.T) {
	cases := []struct {
		keys        []ebiten.Key
		ctrl, shift bool
		want        command
	}{
		{[]ebiten.Key{ebiten.KeyE}, true, false, cmdExport},
		{[]ebiten.Key{ebiten.KeyE}, true, true, cmdExportFull},
		{[]ebiten.Key{ebiten.KeyL}, true, false, cmdShare},
		{[]ebiten.Key{ebiten.KeyL}, false, false, cmdNone},
		{[]ebiten.Key{ebiten.KeyE}, false, false, cmdNone},
		{[]ebiten.Key{ebiten.KeyZ}, true, false, cmdUndo},
		{[]ebiten.Key{ebiten.KeyZ}, true, true, cmdRedo},
		{[]ebiten.Key{ebiten.KeyY}, true, false, cmdRedo},
		{[]ebiten.Key{ebiten.KeyZ}, false, false, cmdNone},
		{[]ebiten.Key{ebiten.KeyF1}, false, false, cmdHelp},
		{[]ebiten.Key{ebiten.KeyF12}, false, false, cmdScreenshot},
		{[]ebiten.Key{ebiten.KeyEscape}, false, false, cmdCancelDrag},
		{[]ebiten.Key{ebiten.KeyDigit1}, false, false, cmdFront},
		{[]ebiten.Key{ebiten.KeyNumpad3}, false, false, cmdSide},
		{[]ebiten.Key{ebiten.KeyDigit7}, false, false, cmdTop},
		{[]ebiten.Key{ebiten.KeyDigit5}, false, false, cmdOrtho},
		{[]ebiten.Key{ebiten.KeyDigit1}, true, false, cmdNone}, // Ctrl+1 is no view key
		{[]ebiten.Key{ebiten.KeyF}, false, false, cmdFrame},
		{[]ebiten.Key{ebiten.KeyP}, false, false, cmdPlay},
		{[]ebiten.Key{ebiten.KeyP}, true, false, cmdNone},
		{[]ebiten.Key{ebiten.KeyArrowLeft}, false, false, cmdStepBack},
		{[]ebiten.Key{ebiten.KeyComma}, false, false, cmdStepBack},
		{[]ebiten.Key{ebiten.KeyArrowRight}, false, false, cmdStepForward},
		{[]ebiten.Key{ebiten.KeyPeriod}, false, false, cmdStepForward},
		{[]ebiten.Key{ebiten.KeyI}, false, false, cmdInspectTick},
		{[]ebiten.Key{ebiten.KeyW}, false, false, cmdNone}, // WASD are read as held keys by play mode
		{nil, false, false, cmdNone},
	}
	for _, c := range cases {
		jp := func(k ebiten.Key) bool {
			for _, p := range c.keys {
				if p == k {
					return true
				}
			}
			return false
		}
		if got := keyCommand(jp, c.ctrl, c.shift); got != c.want {
			t.Errorf("keys %v ctrl %v shift %v: command %d, want %d", c.keys, c.ctrl, c.shift, got, c.want)
		}
	}
}

// A drag through the game: grab the end pose's box where the pick ray
// through its center pixel enters, move the mouse, release: the end moved
// in the grabbed face's plane, the start did not, and it is one undo step.
// A second drag cancelled with Escape leaves the pose and the history
// alone; undo is refused while dragging.
func TestGameDragFlow(t *testing.T) {
	g := newTestGame(t)
	g.w, g.h = 1280, 800
	g.syncSize()
	d := g.app.Doc
	x, y, ok := g.cam.Project(d.Scene.End)
	if !ok {
		t.Fatal("end pose behind the camera")
	}
	h, grab := pickHandle(g.cam.Ray(x, y), d.Scene.Shape, d.Scene.Start, d.Scene.End)
	if !h.Valid || h.Pose != scene.PoseEnd {
		t.Fatalf("picked %+v", h)
	}
	g.beginDrag(h, grab, false)
	g.moveDrag(x+40, y+25)
	g.moveDrag(x+80, y+50)
	if f := g.frame(); !f.Active.Valid || f.Active.Pose != scene.PoseEnd || f.Active.Face != h.Face {
		t.Fatalf("frame's active handle %+v while dragging %+v", f.Active, h)
	}
	g.run(cmdUndo)
	if n, _ := g.app.History.Len(); n != 0 || g.app.Doc.Scene.End == d.Scene.End {
		t.Fatal("undo ran during a drag, or the drag did not move the pose")
	}
	g.finishDrag()
	end := g.app.Doc.Scene.End
	k := h.Face / 2
	if end[k] != d.Scene.End[k] || g.app.Doc.Scene.Start != d.Scene.Start {
		t.Fatalf("end %v -> %v (face %d), start %v -> %v", d.Scene.End, end, h.Face, d.Scene.Start, g.app.Doc.Scene.Start)
	}
	if n, _ := g.app.History.Len(); n != 1 {
		t.Fatalf("%d undo steps for one drag", n)
	}

	g.beginDrag(h, grab, false)
	g.moveDrag(x-60, y)
	g.run(cmdCancelDrag)
	if g.mode != mouseIdle || g.app.Doc.Scene.End != end {
		t.Fatalf("cancel left mode %d, end %v (want %v)", g.mode, g.app.Doc.Scene.End, end)
	}
	if n, _ := g.app.History.Len(); n != 1 {
		t.Fatalf("a cancelled drag recorded a step (%d)", n)
	}
	g.run(cmdUndo)
	if g.app.Doc.Scene.End != d.Scene.End {
		t.Fatalf("undo: end %v, want %v", g.app.Doc.Scene.End, d.Scene.End)
	}
}

func TestGameCommands(t *testing.T) {
	g := newTestGame(t)
	g.w, g.h = 1280, 800
	g.syncSize()
	g.exportDir = filepath.Join(t.TempDir(), "fixtures")
	g.run(cmdExport)
	g.run(cmdExport)
	files, _ := filepath.Glob(filepath.Join(g.exportDir, "*.json"))
	if len(files) != 2 {
		t.Fatalf("two exports wrote %d files (%s)", len(files), g.app.Msg)
	}
	if _, err := scene.Load(files[0]); err != nil {
		t.Fatal(err)
	}
	g.run(cmdOrtho)
	if !g.cam.Ortho {
		t.Fatal("5 did not switch to orthographic")
	}
	g.run(cmdTop)
	if eye := g.cam.Eye().Sub(g.cam.Target); eye.Normalize().Dot(mgl64.Vec3{0, 1, 0}) < 0.999 {
		t.Fatalf("top view eye direction %v", eye)
	}
	g.run(cmdHelp)
	if !g.help {
		t.Fatal("F1 did not show help")
	}
	// F (frame) with the end selected frames the end pose: its center is
	// in the middle of the view.
	g.app.Selection = editor.Selection{Pose: scene.PoseEnd, Valid: true}
	g.run(cmdFrame)
	x, y, ok := g.cam.Project(g.app.Doc.Scene.End)
	if !ok || math.Abs(x-640) > 2 || math.Abs(y-400) > 2 {
		t.Fatalf("framed end projects to (%v, %v)", x, y)
	}
	// Reload of a built-in restores its poses, as one undo step.
	_ = g.app.SetPose(scene.PoseStart, mgl64.Vec3{9, 9, 9})
	g.reload()
	if g.app.Doc.Scene.Start == (mgl64.Vec3{9, 9, 9}) {
		t.Fatal("reload kept the edited start")
	}
	// Opening a missing file reports it and keeps the scene.
	before := g.app.Doc.Scene
	g.openFile(filepath.Join(t.TempDir(), "nope.obj"))
	for g.app.Loading != nil { // pollLoad finishes the load once the loader is done
		g.pollLoad()
		runtime.Gosched()
	}
	if g.app.Doc.Scene != before || !g.app.MsgErr {
		t.Fatalf("failed open: scene changed or no error (%q)", g.app.Msg)
	}
}

// closedHall is a Z-up hall 4096 long, 512 wide and 256 high whose six
// faces face inward, like a room of a Quake-style level.
func closedHall() scene.Mesh {
	v := []mgl64.Vec3{{0, 0, 0}, {4096, 0, 0}, {4096, 512, 0}, {0, 512, 0},
		{0, 0, 256}, {4096, 0, 256}, {4096, 512, 256}, {0, 512, 256}}
	quads := [][4]int{{0, 1, 2, 3}, {4, 7, 6, 5}, {0, 4, 5, 1}, {1, 5, 6, 2}, {2, 6, 7, 3}, {3, 7, 4, 0}}
	m := scene.Mesh{Vertices: v}
	for _, q := range quads {
		m.Triangles = append(m.Triangles, [3]int{q[0], q[1], q[2]}, [3]int{q[0], q[2], q[3]})
	}
	return m
}

// A level whose poses are inside a closed hall opens with the camera in
// the hall: nothing lies between the view's center and the eye (it was
// placed outside, and the view showed the hall's outside).
func TestFitSceneInsideClosedHall(t *testing.T) {
	g := newTestGame(t)
	g.w, g.h = 1280, 800
	g.syncSize()
	s := &scene.Scene{Name: "room", Mesh: closedHall()}
	editor.FitLevel(s, editor.UpZ)
	d, err := editor.NewDoc(s, "room.obj", g.app.Doc.View, g.app.Doc.Grid)
	if err != nil {
		t.Fatal(err)
	}
	g.app.Load(d)
	g.fitScene()
	eye := g.cam.Eye()
	if eye[1] <= 0 || eye[1] >= 256 {
		t.Errorf("eye %v outside the hall (floor y 0, ceiling y 256)", eye)
	}
	back := eye.Sub(g.cam.Target)
	if _, s, ok := g.app.Doc.Mesh.Raycast(geom.Ray{Origin: g.cam.Target, Dir: back.Normalize()}); ok && s < back.Len() {
		t.Errorf("a wall %v from the view's center hides it (eye %v away)", s, back.Len())
	}
	for _, p := range []mgl64.Vec3{s.Start, s.End} {
		if _, _, ok := g.cam.Project(p); !ok {
			t.Errorf("pose %v behind the camera", p)
		}
	}
}

// The legend toggle: off, the frame has no legend (not even the picked
// triangle's row); the session keeps it, and a session saved before the
// toggle existed shows the legend.
func TestLegendToggle(t *testing.T) {
	g := newTestGame(t)
	g.tri.hover, g.tri.hoverValid = 0, true
	g.app.Engines = editor.StartEngines([]string{"/nonexistent/eng"}, engine.Options{}, 0)
	defer g.closeEngines()
	f := g.frame()
	if len(f.Legend) == 0 || !strings.HasPrefix(f.Legend[len(f.Legend)-1].Name, "eng: ") {
		t.Fatalf("legend by default %v, want the engine's row last", f.Legend)
	}
	v := g.app.Doc.View
	v.NoLegend = true
	if err := g.app.SetView(v); err != nil {
		t.Fatal(err)
	}
	if f := g.frame(); len(f.Legend) != 0 {
		t.Fatalf("legend off, frame legend %v", f.Legend)
	}
	s, err := editor.NewSession(g.app.Doc, 1, cameraState(g.cam), nil, "", false, nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	back, err := editor.ParseSession(data)
	if err != nil {
		t.Fatal(err)
	}
	if !back.View.NoLegend {
		t.Error("the session lost the legend toggle")
	}
	old, err := editor.ParseSession(bytes.Replace(data, []byte(`"noLegend":true`), []byte(`"bvh":false`), 1))
	if err != nil {
		t.Fatal(err)
	}
	if old.View.NoLegend {
		t.Error("a session without the toggle hides the legend")
	}
}

// The hovered triangle's tip is drawn while the mouse is idle, not over
// the help it would cover, nor during a drag.
func TestTriangleTipHidden(t *testing.T) {
	g := newTestGame(t)
	g.tri.hover, g.tri.hoverValid = 0, true
	if !g.showTip() {
		t.Fatal("no tip for a hovered triangle")
	}
	g.run(cmdHelp)
	if g.showTip() {
		t.Error("the tip covers the help")
	}
	g.run(cmdHelp)
	g.mode = mouseDrag
	if g.showTip() {
		t.Error("a tip during a drag")
	}
}

// The tip stays inside the window and off the status line, beside the
// cursor, wherever the cursor is.
func TestTipRect(t *testing.T) {
	g := newTestGame(t)
	g.w, g.h = 1280, 800
	for _, c := range [][2]int{{10, 10}, {1270, 10}, {640, 680}, {640, 770}, {1270, 790}} {
		g.lastX, g.lastY = c[0], c[1]
		r := g.tipRect(200, 90, 1)
		if r.Min.X < 0 || r.Min.Y < 0 || r.Max.X > g.w || r.Max.Y > g.h-statusH {
			t.Errorf("cursor %v: tip %v leaves the window or covers the status line", c, r)
		}
		if image.Pt(c[0], c[1]).In(r) {
			t.Errorf("cursor %v: tip %v under the cursor", c, r)
		}
	}
}

// TestTipSpotClearsLabels: a tip that would cover a pose or engine label
// below and right of the cursor goes above it instead, then to the left.
func TestTipSpotClearsLabels(t *testing.T) {
	area := image.Rect(0, 0, 1280, 776)
	cur := image.Pt(600, 400)
	free := tipSpot(cur, 200, 90, 16, area, nil)
	if free != image.Rect(616, 416, 816, 506) {
		t.Fatalf("no labels: tip %v, want below right", free)
	}
	label := image.Rect(630, 420, 760, 436) // an engine's name just below right of the cursor
	r := tipSpot(cur, 200, 90, 16, area, []image.Rectangle{label})
	if r.Overlaps(label) || r.Min.Y >= cur.Y || !r.In(area) {
		t.Errorf("tip %v covers the label %v or is not above the cursor", r, label)
	}
	above := image.Rect(620, 300, 700, 316)
	r = tipSpot(cur, 200, 90, 16, area, []image.Rectangle{label, above})
	if r.Overlaps(label) || r.Overlaps(above) || r.Max.X > cur.X {
		t.Errorf("tip %v covers a label or is not left of the cursor", r)
	}
}

// TestLegendVerdict: a wrong verdict shows its rule and its amount.
func TestLegendVerdict(t *testing.T) {
	for v, want := range map[judge.Verdict]string{
		{State: judge.Wrong, Rule: "t", By: 0.0047312}:                        "wrong (t off by 0.00473)",
		{State: judge.Wrong, Rule: "t", Feature: "edge", By: 0.0047312}:       "wrong (t (edge) off by 0.00473)",
		{State: judge.Wrong, Rule: "feature", Feature: "edge->vertex", By: 1}: "wrong (feature edge->vertex off by 1)",
		{State: judge.Agrees}:                   "agrees",
		{State: judge.Broken, Detail: "exited"}: "broken",
	} {
		if got := legendVerdict(v); got != want {
			t.Errorf("%+v: %q, want %q", v, got, want)
		}
	}
}
