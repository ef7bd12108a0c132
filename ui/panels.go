package ui

import (
	"fmt"
	"image"
	"strings"

	"github.com/ebitengine/debugui"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"sweepdbg/scene"
	"sweepdbg/sweep"
	"sweepdbg/ui/editor"
)

// Panel geometry in debugui units (device pixels divided by the UI scale).
const (
	panelW   = 270 // width of the left and right panel columns
	panelGap = 6
	statusH  = 22  // the status line at the bottom, device pixels at scale 1
	toolsH   = 250 // height of the play / probe / hunt panel under Result
)

// panels holds what the debugui panels keep between frames: the text of
// the number fields (so typing is not overwritten by the model), the path
// field and the built-in scene choice.
type panels struct {
	fields      map[string]*numField
	path        string
	builtin     int
	names       []string
	huntSeconds float64 // the Hunt button's search time, seconds
	probeExp    float64 // the probe slider: log10 of the offset (0 means off)
}

// numField is one number typed as text: buf is what the field shows,
// shown the model's value formatted when buf was last synced.
type numField struct{ buf, shown string }

func newPanels() *panels {
	return &panels{fields: map[string]*numField{}, names: scene.Builtins(), huntSeconds: editor.DefaultHuntTime.Seconds()}
}

// build lays out every panel; it is the function given to debugui's Update
// each frame. w and h are the screen size in debugui units.
func (g *game) build(ctx *debugui.Context, w, h int) {
	bottom := h - statusH
	y0, y1 := panelGap, panelGap+210
	ctx.Window("Scene", image.Rect(panelGap, y0, panelGap+panelW, y1), func(debugui.ContainerLayout) {
		g.scenePanel(ctx)
	})
	y0, y1 = y1+panelGap, y1+panelGap+180
	ctx.Window("Ellipsoid", image.Rect(panelGap, y0, panelGap+panelW, y1), func(debugui.ContainerLayout) {
		g.ellipsoidPanel(ctx)
	})
	y0 = y1 + panelGap
	ctx.Window("View", image.Rect(panelGap, y0, panelGap+panelW, min(max(bottom-panelGap, y0+100), y0+240)), func(debugui.ContainerLayout) {
		g.viewPanel(ctx)
	})
	// debugui places a window only when it first creates it, so the right
	// column is scoped by the screen size: after a resize it is created
	// afresh at the new right edge (debugui drops the unused old one).
	ctx.IDScope(fmt.Sprintf("right-%dx%d", w, h), func() {
		x := max(w-panelW-panelGap, 2*panelGap+panelW)
		toolsTop := max(bottom-panelGap-toolsH, 300)
		ctx.Window("Result", image.Rect(x, panelGap, x+panelW, toolsTop-panelGap), func(debugui.ContainerLayout) {
			g.resultPanel(ctx)
		})
		ctx.Window("Play, probe, hunt", image.Rect(x, toolsTop, x+panelW, toolsTop+toolsH), func(debugui.ContainerLayout) {
			g.toolsPanel(ctx)
		})
	})
}

func (g *game) scenePanel(ctx *debugui.Context) {
	p := g.panels
	ctx.SetGridLayout([]int{-1, 70}, nil)
	if d := g.app.Doc; d.Scene != nil && d.Source == "" { // follow undo/redo of scene loads
		for i, n := range p.names {
			if n == d.Scene.Name {
				p.builtin = i
			}
		}
	}
	if len(p.names) > 0 {
		ctx.Dropdown(&p.builtin, p.names).On(func() { g.openBuiltin(p.names[p.builtin]) })
		ctx.Button("Load").On(func() { g.openBuiltin(p.names[p.builtin]) })
	}
	ctx.SetGridLayout([]int{30, -1, 70}, nil)
	ctx.Text("file")
	ctx.TextField(&p.path).On(func() { // Enter opens; leaving the field does not
		if inpututil.IsKeyJustPressed(ebiten.KeyEnter) || inpututil.IsKeyJustPressed(ebiten.KeyNumpadEnter) {
			g.openFile(strings.TrimSpace(p.path))
		}
	})
	ctx.Button("Open").On(func() { g.openFile(strings.TrimSpace(p.path)) })
	ctx.SetGridLayout([]int{-1, -1, -1}, nil)
	ctx.Button("Reload").On(g.reload)
	ctx.Button("Export").On(g.export)
	ctx.Button("Screenshot").On(func() { g.shotPending = true })
	if l := g.loading; l != nil {
		ctx.SetGridLayout([]int{-1, 70}, nil)
		ctx.Text(fmt.Sprintf("loading %3.0f%%", 100*l.Progress()))
		ctx.Button("Cancel").On(l.Cancel)
	}
	if len(g.app.Recent) > 0 {
		ctx.Header("Recent files", false, func() {
			ctx.SetGridLayout([]int{-1}, nil)
			ctx.Loop(len(g.app.Recent), func(i int) {
				path := g.app.Recent[i]
				ctx.Button(shorten(path, 40)).On(func() { g.openFile(path) })
			})
		})
	}
	ctx.SetGridLayout([]int{-1}, nil)
	if d := g.app.Doc; d.Scene != nil {
		ctx.Text(fmt.Sprintf("%s: %d triangles", d.Scene.Name, len(d.Scene.Mesh.Triangles)))
		if desc := d.Scene.Description(); desc != "" {
			ctx.Text(desc)
		}
	}
	if g.app.MsgErr {
		ctx.Text("error: " + g.app.Msg)
	}
}

// shorten keeps the last n-3 characters of a long path after "...".
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return "..." + string(r[len(r)-n+3:])
}

func (g *game) ellipsoidPanel(ctx *debugui.Context) {
	a := g.app
	if a.Doc.Scene == nil {
		return
	}
	sh := a.Doc.Shape
	row := func(label string, v [3]float64, set func(i int, x float64) error) {
		ctx.SetGridLayout([]int{48, -1, -1, -1}, nil)
		ctx.Text(label)
		for i := 0; i < 3; i++ {
			g.numberField(ctx, fmt.Sprintf("%s %c", label, "xyz"[i]), v[i], func(x float64) error { return set(i, x) })
		}
	}
	row("radii", sh.Radii, func(i int, x float64) error { s := sh; s.Radii[i] = x; return a.SetShape(s) })
	ctx.SetGridLayout([]int{48, -1, -1, -1}, nil)
	ctx.Text("")
	ctx.Text("yaw")
	ctx.Text("pitch")
	ctx.Text("roll")
	row("rot °", sh.Rot, func(i int, x float64) error { s := sh; s.Rot[i] = x; return a.SetShape(s) })
	for _, pose := range []scene.Pose{scene.PoseStart, scene.PoseEnd} {
		c := a.Doc.PoseAt(pose)
		row(pose.String(), c, func(i int, x float64) error { c[i] = x; return a.SetPose(pose, c) })
	}
	ctx.SetGridLayout([]int{-1, -1}, nil)
	ctx.Button("Swap start/end").On(func() { _ = a.Swap() })
	ctx.Button("Frame (F)").On(g.frameSelection)
}

// numberField shows v in a text field; a confirmed edit (Enter or leaving
// the field) that parses and differs from what was shown goes to commit.
// Parse errors and refused values are reported on the status line and the
// field returns to the model's value.
func (g *game) numberField(ctx *debugui.Context, id string, v float64, commit func(float64) error) {
	f := g.panels.fields[id]
	if f == nil {
		f = &numField{}
		g.panels.fields[id] = f
	}
	if s := editor.FormatNum(v); s != f.shown {
		f.buf, f.shown = s, s
	}
	ctx.IDScope(id, func() {
		ctx.TextField(&f.buf).On(func() { g.commitField(id, f, commit) })
	})
}

// commitField applies a confirmed number field.
func (g *game) commitField(id string, f *numField, commit func(float64) error) {
	if strings.TrimSpace(f.buf) == f.shown {
		return
	}
	x, err := editor.ParseNum(f.buf)
	if err == nil {
		err = commit(x)
	} else {
		g.app.Fail(fmt.Errorf("%s: %w", id, err))
	}
	if err != nil {
		f.buf = f.shown
	}
}

func (g *game) viewPanel(ctx *debugui.Context) {
	a := g.app
	if a.Doc.Scene == nil {
		return
	}
	v := a.Doc.View
	ctx.SetGridLayout([]int{-1, -1}, nil)
	toggles := []struct {
		p     *bool
		label string
	}{
		{&v.Normals, "normals"}, {&v.Edges, "edges"}, {&v.Ghosts, "ghosts"}, {&v.Labels, "labels"},
		{&v.Grid, "grid"}, {&v.BackFaces, "back faces"}, {&v.XRay, "x-ray"},
	}
	for _, t := range toggles {
		ctx.IDScope(t.label, func() {
			ctx.Checkbox(t.p, t.label).On(func() { _ = a.SetView(v) })
		})
	}
	o := a.Doc.SlideOptions()
	ctx.SetGridLayout([]int{-3, -2}, nil)
	ctx.Text("slide iterations")
	g.numberField(ctx, "max iterations", float64(o.MaxIterations), func(x float64) error {
		n := int(x)
		if float64(n) != x {
			err := fmt.Errorf("max iterations %s: must be a whole number", editor.FormatNum(x))
			a.Fail(err)
			return err
		}
		return a.SetSlide(sweep.SlideOptions{MaxIterations: n, Skin: o.Skin})
	})
	ctx.Text("skin")
	g.numberField(ctx, "skin", o.Skin, func(x float64) error {
		return a.SetSlide(sweep.SlideOptions{MaxIterations: o.MaxIterations, Skin: x})
	})
	ctx.Text("snap grid (Ctrl)")
	g.numberField(ctx, "grid", a.Doc.Grid, a.SetGrid)
	ctx.SetGridLayout([]int{-1, -1}, nil)
	ctx.Button("Undo").On(a.Undo)
	ctx.Button("Redo").On(a.Redo)
	ctx.SetGridLayout([]int{-1}, nil)
	ctx.Text("F1: keys and mouse help")
}

func (g *game) resultPanel(ctx *debugui.Context) {
	g.captureHeader(ctx)
	ctx.SetGridLayout([]int{-1}, nil)
	for _, line := range editor.ResultLines(g.app.Doc, g.app.Result) {
		ctx.Text(line)
	}
	ctx.Header("Second opinions", true, func() {
		ctx.SetGridLayout([]int{-1}, nil)
		if g.opinions.Skipped != "" || g.opinions.Report == nil && g.app.Doc.Scene != nil {
			ctx.Button("Compare").On(func() { g.forceOps = true })
		}
		for _, r := range editor.OpinionRows(&g.opinions) {
			if r.Bad {
				colorRow(ctx, r.Text, colorBad)
			} else {
				ctx.Text(r.Text)
			}
		}
	})
	g.enginesPanel(ctx)
}
