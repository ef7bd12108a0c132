package ui

import (
	"math"
	"strings"
	"testing"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/render"
	"sweepdbg/scene"
	"sweepdbg/sweep"
	"sweepdbg/ui/editor"
)

func newTestGame(t *testing.T) *game {
	t.Helper()
	g, err := setup(Options{Fresh: true, ConfigDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// updatePanels runs one debugui frame of every panel, without a window.
func updatePanels(t *testing.T, g *game) debugui.InputCapturingState {
	t.Helper()
	c, err := g.dui.Update(func(ctx *debugui.Context) error {
		g.build(ctx, 1280, 800)
		return nil
	})
	if err != nil {
		t.Fatalf("debugui update: %v", err)
	}
	return c
}

// The panels lay out through debugui headless, their number fields show
// the model, and a confirmed field goes through the App as one undoable
// edit; bad text and refused values leave the model alone and say why.
func TestPanelsHeadless(t *testing.T) {
	g := newTestGame(t)
	for i := 0; i < 3; i++ {
		if c := updatePanels(t, g); c != 0 {
			t.Fatalf("panels capture input (%v) with the cursor at (0,0) outside them? ", c)
		}
	}
	d := g.app.Doc
	checks := map[string]float64{
		"radii x": d.Shape.Radii[0], "radii y": d.Shape.Radii[1], "rot ° x": d.Shape.Rot[0],
		"start y": d.Scene.Start[1], "end z": d.Scene.End[2],
		"max iterations": float64(d.SlideOptions().MaxIterations), "skin": d.SlideOptions().Skin, "grid": d.Grid,
	}
	for id, v := range checks {
		f := g.panels.fields[id]
		if f == nil {
			t.Fatalf("no field %q (have %v)", id, keys(g.panels.fields))
		}
		if f.buf != editor.FormatNum(v) {
			t.Errorf("field %q shows %q, model %v", id, f.buf, v)
		}
	}

	f := g.panels.fields["end x"]
	f.buf = "2.5"
	g.commitField("end x", f, func(x float64) error {
		c := g.app.Doc.Scene.End
		c[0] = x
		return g.app.SetPose(scene.PoseEnd, c)
	})
	if g.app.Doc.Scene.End[0] != 2.5 {
		t.Fatalf("end x = %v after typing 2.5", g.app.Doc.Scene.End[0])
	}
	updatePanels(t, g)
	if f.buf != "2.5" {
		t.Fatalf("field shows %q after the edit", f.buf)
	}

	r := g.panels.fields["radii y"]
	before := g.app.Doc
	for _, typed := range []string{"0", "abc", "-1"} {
		r.buf = typed
		g.commitField("radii y", r, func(x float64) error {
			s := g.app.Doc.Shape
			s.Radii[1] = x
			return g.app.SetShape(s)
		})
		if g.app.Doc != before || !g.app.MsgErr || !strings.Contains(g.app.Msg, "radi") {
			t.Fatalf("typing %q: state changed or message %q", typed, g.app.Msg)
		}
		if r.buf != editor.FormatNum(g.app.Doc.Shape.Radii[1]) {
			t.Fatalf("typing %q: field left at %q", typed, r.buf)
		}
	}
	if n, _ := g.app.History.Len(); n != 1 {
		t.Fatalf("%d undo steps, want 1 (the end x edit)", n)
	}
	// Unchanged text (leaving a field without typing) is no edit.
	g.commitField("radii y", r, func(float64) error { t.Fatal("commit called for unchanged text"); return nil })
	updatePanels(t, g)
}

func keys(m map[string]*numField) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// A pixel on an ellipsoid picks it: project each pose's center with the
// default camera of the default scene, cast the pick ray through that
// pixel, and the handle is that pose's, grabbed on its box's surface.
func TestPickPixelOnEllipsoid(t *testing.T) {
	g := newTestGame(t)
	g.cam = render.NewCamera(1280, 800)
	g.cam.Frame(sceneBounds(g.app.Doc))
	d := g.app.Doc
	for _, pose := range []scene.Pose{scene.PoseStart, scene.PoseEnd} {
		c := d.PoseAt(pose)
		x, y, ok := g.cam.Project(c)
		if !ok {
			t.Fatalf("%s center not in front of the camera", pose.String())
		}
		h, grab := pickHandle(g.cam.Ray(x, y), d.Scene.Shape, d.Scene.Start, d.Scene.End)
		if !h.Valid || h.Pose != pose {
			t.Fatalf("pixel (%.0f, %.0f) on %s picked %+v", x, y, pose.String(), h)
		}
		box := render.PoseBox(d.Scene.Shape, c)
		if !box.Expand(mgl64.Vec3{1e-9, 1e-9, 1e-9}).Contains(grab) {
			t.Fatalf("grab point %v outside the box %v", grab, box)
		}
	}
	// A pixel in a corner far from both poses picks nothing.
	if h, _ := pickHandle(g.cam.Ray(1, 1), d.Scene.Shape, d.Scene.Start, d.Scene.End); h.Valid {
		t.Fatalf("corner pixel picked %+v", h)
	}
}

// Ellipsoid hits win over nearer boxes: a ray that crosses the corner of
// one pose's box and then the other pose's ellipsoid picks the latter.
func TestPickPrefersEllipsoid(t *testing.T) {
	e := sweep.EllipsoidShape(sweep.Sphere(1))
	a, b := mgl64.Vec3{0, 0, 0}, mgl64.Vec3{3, 0, -6}
	// The line through p = (0.9, 0.9, 0.9) (inside a's box, outside its
	// sphere) and b's center passes a's center at distance 1.39 > 1 (closest
	// at p + 0.097(b-p)), so it crosses a's box but only b's ellipsoid.
	p := mgl64.Vec3{0.9, 0.9, 0.9}
	v := b.Sub(p)
	r := geom.Ray{Origin: p.Sub(v), Dir: v}
	h, _ := pickHandle(r, e, a, b) // start at a, end at b
	if !h.Valid || h.Pose != scene.PoseEnd {
		t.Fatalf("picked %+v, want the end pose whose ellipsoid the ray hits", h)
	}
	// Without ellipsoid hits the nearer box wins.
	r = geom.Ray{Origin: mgl64.Vec3{0.95, 0.95, 10}, Dir: mgl64.Vec3{0, 0, -1}}
	h, _ = pickHandle(r, e, a, b)
	if !h.Valid || h.Pose != scene.PoseStart || h.Face != geom.FacePosZ {
		t.Fatalf("picked %+v, want the start pose's +z face", h)
	}
}

func TestFormatParseShorten(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 1.5: "1.5", 0.123456: "0.1235", -2: "-2", 1e-7: "0"} {
		if got := editor.FormatNum(v); got != want {
			t.Errorf("editor.FormatNum(%v) = %q, want %q", v, got, want)
		}
	}
	if got := editor.FormatNum(math.Copysign(0, -1)); got != "0" {
		t.Errorf("editor.FormatNum(-0) = %q", got)
	}
	if v, err := editor.ParseNum(" 2.25 "); err != nil || v != 2.25 {
		t.Errorf("editor.ParseNum: %v %v", v, err)
	}
	if _, err := editor.ParseNum("1,5"); err == nil || !strings.Contains(err.Error(), `"1,5"`) {
		t.Errorf("editor.ParseNum(1,5): %v", err)
	}
	if got := shorten("/très/long/chemin/de/fichier.obj", 12); got != "...chier.obj" {
		t.Errorf("shorten = %q", got)
	}
	if got := shorten("short", 12); got != "short" {
		t.Errorf("shorten(short) = %q", got)
	}
}

// BenchmarkFrameLogic is the ui's CPU work per frame on the default scene,
// without drawing: debugui's Update of every panel plus the core.
func BenchmarkFrameLogic(b *testing.B) {
	g, err := setup(Options{Fresh: true, ConfigDir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := g.dui.Update(func(ctx *debugui.Context) error {
			g.build(ctx, 1280, 800)
			return nil
		}); err != nil {
			b.Fatal(err)
		}
		g.app.RunCore()
	}
}

// TestSceneChoices: the Scene dropdown names what is shown: the built-in
// by its entry, a file as "file: NAME", and a scene from a link or a file
// dropped on the browser page (no file, not a built-in) as
// "shared: NAME", escaped; never the first built-in.
func TestSceneChoices(t *testing.T) {
	names := scene.Builtins()
	stairs, err := scene.Builtin("stairs")
	if err != nil {
		t.Fatal(err)
	}
	shared := *stairs
	shared.Name = "bug\x1b[31m"
	for _, tc := range []struct {
		d        editor.Doc
		selected string
	}{
		{editor.Doc{Scene: stairs}, "stairs"},
		{editor.Doc{Scene: stairs, Source: "/tmp/levels/ramp.obj"}, "file: ramp.obj"},
		{editor.Doc{Scene: &shared, Shared: true}, "shared: " + editor.Printable(shared.Name)},
		{editor.Doc{Scene: stairs, Shared: true}, "shared: stairs"},
	} {
		opts, sel := sceneChoices(names, tc.d)
		if sel < 0 || sel >= len(opts) || opts[sel] != tc.selected {
			t.Errorf("%+v: entry %d of %q selected; want %q", tc.d.Describe(), sel, opts, tc.selected)
		}
		if strings.ContainsRune(opts[sel], '\x1b') {
			t.Errorf("entry %q is not escaped", opts[sel])
		}
	}
}

// A capsule's and a box's pose is picked by the shape, not its box: a ray
// through the corner of the start pose's box that misses the capsule
// there (the rounded end) picks the end pose behind it; a ray into the
// box shape picks the start.
func TestPickCapsuleAndBox(t *testing.T) {
	capsule := sweep.CapsuleShape(sweep.Capsule{Radius: 0.5, HalfSegment: mgl64.Vec3{0, 0.5, 0}})
	box := sweep.BoxShape(sweep.Box{Axes: [3]mgl64.Vec3{{0.5, 0, 0}, {0, 1, 0}, {0, 0, 0.5}}})
	a, b := mgl64.Vec3{0, 0, 0}, mgl64.Vec3{0.45, 0.95, -6}
	corner := geom.Ray{Origin: mgl64.Vec3{0.45, 0.95, 10}, Dir: mgl64.Vec3{0, 0, -1}}
	if h, _ := pickHandle(corner, capsule, a, b); !h.Valid || h.Pose != scene.PoseEnd {
		t.Errorf("capsule: picked %+v, want the end pose (the ray misses the start's rounded end)", h)
	}
	if h, _ := pickHandle(corner, box, a, b); !h.Valid || h.Pose != scene.PoseStart || h.Face != geom.FacePosZ {
		t.Errorf("box: picked %+v, want the start pose's +z face (the box fills its corner)", h)
	}
}
