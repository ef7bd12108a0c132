package ui

import (
	"fmt"
	"image"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ebitengine/debugui"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"sweepdbg/scene"
	"sweepdbg/scene/meshfile"
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

	// gen is part of the sliders' widget IDs (see releasable). debugui
	// keeps the keyboard on a slider typed into (Shift+click) until a
	// click elsewhere and drops the focus of a widget not built in a
	// frame, so bumping gen (see releaseFields) takes the keyboard away.
	gen int
	// released counts the Updates whose capture still reports the focus
	// that releaseFields took away (debugui clears it one frame late).
	released int
	// rects are the text fields' bounds in debugui units, by field
	// name, for the debug print (the end-to-end test clicks them).
	rects map[string]image.Rectangle
	// openRect is the browser's Open button's bounds in debugui units
	// (published for the browser tests, which click it).
	openRect image.Rectangle

	current map[string]image.Rectangle // each panel's bounds last frame (debugui units)
	shown   map[string]image.Rectangle // the bounds of the panels built open last frame (not collapsed)
	// fill is where fillPanels makes each shown panel opaque: its bounds
	// this frame and last (debugui draws a frame moved by its title bar
	// where it was before the move, but reports where it is after).
	fill  map[string]image.Rectangle
	saved map[string]image.Rectangle // the layout restored from the session
	// scroll holds each panel's scroll and content size (as debugui
	// last measured it: its scroll bars follow it) when last built, for
	// panelKeys.
	scroll    map[string][2]image.Point
	layoutGen int         // bumped by Reset layout
	size      image.Point // the screen size last built for

	edit *lineEdit // the field being typed into; nil when none
	note levelNote // what the last level load guessed (the Scene panel shows it)

	resultMesh *sweep.Mesh // the mesh the Result panel last showed (a new one resets its scroll)
}

// levelNote is what opening a level file guessed (its up axis, the
// player's size) for the file source: the Scene panel shows it in full
// while that file is open (the status line may cut it).
type levelNote struct {
	source, text string
}

// numField is one number typed as text: buf is what the field shows,
// shown the model's value formatted when buf was last synced, commit
// applies a confirmed value (set each frame by numberField).
type numField struct {
	buf, shown string
	commit     func(float64) error
}

func newPanels() *panels {
	return &panels{fields: map[string]*numField{}, names: scene.Builtins(), huntSeconds: editor.DefaultHuntTime.Seconds(),
		rects: map[string]image.Rectangle{}, current: map[string]image.Rectangle{}, shown: map[string]image.Rectangle{},
		fill: map[string]image.Rectangle{}, scroll: map[string][2]image.Point{}}
}

// Panel names: the debugui window titles, and the keys of a saved layout.
const (
	panelScene  = "Scene"
	panelShape  = "Shape"
	panelView   = "View"
	panelResult = "Result"
	panelTools  = "Play, probe, hunt"
)

// panelNames are the panels in the order build makes them.
var panelNames = []string{panelScene, panelShape, panelView, panelResult, panelTools}

// build lays out every panel; it is the function given to debugui's Update
// each frame. w and h are the screen size in debugui units.
//
// debugui places a window only when it first creates it, so the windows
// are scoped by the screen size and the layout generation: after a resize
// or Reset layout they are created afresh where panelLayout puts them
// (debugui drops the unused old ones).
func (g *game) build(ctx *debugui.Context, w, h int) {
	p := g.panels
	if size := image.Pt(w, h); size != p.size {
		if p.size != (image.Point{}) {
			p.saved = nil // a resize reflows the panels
		}
		p.size = size
	}
	rects := panelLayout(w, h)
	for name, r := range p.saved {
		if r.In(image.Rect(0, 0, w, h)) && r.Dx() > 40 && r.Dy() > 20 {
			rects[name] = r
		}
	}
	clear(p.shown)
	clear(p.fill)
	ctx.IDScope(fmt.Sprintf("layout-%d-%dx%d", p.layoutGen, w, h), func() {
		for _, name := range panelNames {
			ctx.IDScope(name, func() { // a window's ID is its call site: one per name
				ctx.Window(name, rects[name], func(l debugui.ContainerLayout) {
					p.fill[name] = l.Bounds
					if prev, ok := p.current[name]; ok {
						p.fill[name] = l.Bounds.Intersect(prev)
					}
					p.current[name] = l.Bounds
					p.scroll[name] = [2]image.Point{l.ScrollOffset, l.ContentSize}
					p.shown[name] = l.Bounds
					g.panel(ctx, name)
				})
			})
		}
	})
	g.layer.built = g.panelKeys()
}

// panel builds the content of the named panel.
func (g *game) panel(ctx *debugui.Context, name string) {
	switch name {
	case panelScene:
		g.scenePanel(ctx)
	case panelShape:
		g.shapePanel(ctx)
	case panelView:
		g.viewPanel(ctx)
	case panelResult:
		g.resultPanel(ctx)
	case panelTools:
		g.toolsPanel(ctx)
	}
}

// panelLayout places the panels on a w x h screen (debugui units): Scene,
// Shape and View in a left column, Result and the tools in a right
// one. A column taller than the screen is shrunk to fit, each panel in
// proportion (down to minPanelH; debugui scrolls what no longer fits), so
// every panel stays on screen and reachable at any window size.
func panelLayout(w, h int) map[string]image.Rectangle {
	cw := columnWidth(w)
	top, bottom := panelGap, max(h-statusH-panelGap, panelGap+2*minPanelH)
	out := map[string]image.Rectangle{}
	stack := func(x int, names []string, want []int) {
		hs := fitHeights(want, bottom-top-panelGap*(len(want)-1))
		y := top
		for i, n := range names {
			out[n] = image.Rect(x, y, x+cw, y+hs[i])
			y += hs[i] + panelGap
		}
	}
	stack(panelGap, []string{panelScene, panelShape, panelView}, []int{210, 200, 240})
	right := max(w-cw-panelGap, 2*panelGap+cw)
	stack(right, []string{panelResult, panelTools}, []int{max(bottom-top-panelGap-toolsH, 300), toolsH})
	return out
}

// minPanelH is the smallest height panelLayout gives a panel: its title
// bar and a few rows.
const minPanelH = 70

// fitHeights returns want scaled down to sum to avail when it is larger,
// none below minPanelH.
func fitHeights(want []int, avail int) []int {
	sum := 0
	for _, x := range want {
		sum += x
	}
	out := append([]int(nil), want...)
	if sum <= avail {
		return out
	}
	for i, x := range want {
		out[i] = max(x*avail/sum, minPanelH)
	}
	return out
}

// columnWidth is the width of a panel column on a screen w wide (debugui
// units): panelW, narrower on a small screen so the 3D view keeps at least
// a third of the width between the columns.
func columnWidth(w int) int {
	return min(panelW, max((w-w/3)/2-panelGap, 160))
}

// layout is the panels' current bounds as the session stores them.
func (p *panels) layout() map[string][4]int {
	out := make(map[string][4]int, len(p.current))
	for n, r := range p.current {
		out[n] = [4]int{r.Min.X, r.Min.Y, r.Max.X, r.Max.Y}
	}
	return out
}

// restoreLayout makes a saved layout the panels' starting places.
func (p *panels) restoreLayout(saved map[string][4]int) {
	p.saved = map[string]image.Rectangle{}
	for n, r := range saved {
		p.saved[n] = image.Rect(r[0], r[1], r[2], r[3])
	}
}

// resetLayout puts every panel back where panelLayout places it.
func (g *game) resetLayout() {
	p := g.panels
	p.saved = nil
	p.layoutGen++
	clear(p.current)
	g.app.Say("panel layout reset")
}

func (g *game) scenePanel(ctx *debugui.Context) {
	p := g.panels
	ctx.SetGridLayout([]int{-1}, nil)
	if opts, sel := sceneChoices(p.names, g.app.Doc); len(opts) > 0 {
		p.builtin = sel
		ctx.Dropdown(&p.builtin, opts).On(func() {
			if p.builtin < len(p.names) {
				g.openBuiltin(p.names[p.builtin])
			}
		})
	}
	if inBrowser {
		ctx.SetGridLayout([]int{70, -1}, nil)
		g.pressCell(ctx, "Open", func(b image.Rectangle) debugui.EventHandler {
			p.openRect = b
			return ctx.Button("Open")
		}, g.chooseFile)
		ctx.Text(dropHint)
	} else {
		ctx.SetGridLayout([]int{30, -1, 70}, nil)
		ctx.Text("file")
		g.pathField(ctx)
		g.button(ctx, "Open", func() { g.openFile(strings.TrimSpace(p.path)) })
	}
	ctx.SetGridLayout([]int{-1, -1, -1, -1}, nil)
	g.button(ctx, "Reopen", g.reload)
	g.button(ctx, "Export", func() { g.export(false) })
	g.button(ctx, "Share", g.shareMoment)
	g.button(ctx, "Screenshot", func() { g.shotPending = true })
	if l := g.app.Loading; l != nil {
		ctx.SetGridLayout([]int{-1, 70}, nil)
		ctx.Text(fmt.Sprintf("%s %3.0f%%", l.Stage(), 100*l.Progress()))
		g.button(ctx, "Cancel", l.Cancel)
	}
	g.upAxisRow(ctx)
	g.recentList(ctx)
	ctx.SetGridLayout([]int{-1}, nil)
	if d := g.app.Doc; d.Scene != nil {
		ctx.Text(editor.Printable(fmt.Sprintf("%s: %d triangles", d.Scene.Name, len(d.Scene.Mesh.Triangles))))
		if desc := d.Scene.Description(); desc != "" {
			ctx.Text(editor.Printable(desc))
		}
		if n := p.note; n.text != "" && n.source == d.Source {
			ctx.Text(editor.Printable(n.text))
		}
	}
	if g.app.MsgErr {
		ctx.Text("error: " + editor.Printable(g.app.Msg))
	}
}

// dropHint follows the Open button in a browser, where there are no
// paths to type.
const dropHint = "or drop a .json, .obj or .glb onto the page"

// pathField is the file path field: Enter opens the typed path, Escape
// reverts it, a click elsewhere keeps it without opening it.
func (g *game) pathField(ctx *debugui.Context) {
	p := g.panels
	shown := p.path
	if shown == "" {
		shown = pathHint
	}
	g.lineField(ctx, fieldPath, shown, fitTail, g.editPath)
}

// editPath starts typing into the path field.
func (g *game) editPath() {
	p := g.panels
	g.beginEdit(fieldPath, p.path, true, func(text string, enter bool) {
		p.path = text
		if enter {
			g.openFile(strings.TrimSpace(text))
		}
	})
}

// fieldPath is the path field's name (panels.rects, the debug print).
const fieldPath = "path"

// pathHint is what the empty path field shows.
const pathHint = "click to type a path"

// sceneChoices are the Scene dropdown's entries and the one selected: the
// built-in scenes, plus the open file's name when a file is open, or
// "shared: NAME" for a scene from a share link or a file dropped on (or
// chosen in) the browser page, which has no file (so the dropdown always
// names what is shown, also after undoing a load).
func sceneChoices(names []string, d editor.Doc) ([]string, int) {
	if d.Scene == nil {
		return names, 0
	}
	switch {
	case d.Source != "":
		return append(slices.Clip(names), "file: "+editor.Printable(filepath.Base(d.Source))), len(names)
	case d.Shared:
		return append(slices.Clip(names), "shared: "+editor.Printable(d.Scene.Name)), len(names)
	}
	return names, max(slices.Index(names, d.Scene.Name), 0)
}

// upAxisRow shows a level file's up axis with buttons that open it again
// Y-up or Z-up (the choice is remembered for the file).
func (g *game) upAxisRow(ctx *debugui.Context) {
	src := g.app.Doc.Source
	if !meshfile.IsLevel(src) {
		return
	}
	ctx.SetGridLayout([]int{-1, 50, 50}, nil)
	ctx.Text("up axis: " + g.app.UpFor(src).String())
	for _, u := range []editor.UpAxis{editor.UpY, editor.UpZ} {
		ctx.IDScope(u.String(), func() {
			g.button(ctx, u.String()+" up", func() { g.openFileUp(src, u) })
		})
	}
}

// recentList is the Recent header: one button per recently opened file.
func (g *game) recentList(ctx *debugui.Context) {
	if len(g.app.Recent) == 0 {
		return
	}
	ctx.Header("Recent", false, func() {
		ctx.SetGridLayout([]int{-1}, nil)
		ctx.Loop(len(g.app.Recent), func(i int) {
			path := g.app.Recent[i]
			g.button(ctx, editor.Printable(shorten(path, 40)), func() { g.openFile(path) })
		})
	})
}

// shorten keeps the last n-3 characters of a long path after "...".
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return "..." + string(r[len(r)-n+3:])
}

// shapePanel is the Shape panel: the kind (ellipsoid, capsule, box), its
// sizes (radii, half extents, or a capsule's radius and half segment), the
// rotation, the start and end centers. Every change is one undo step
// (App.SetShape, SetKind, SetPose); a refused value is reported on the
// status line.
func (g *game) shapePanel(ctx *debugui.Context) {
	a := g.app
	if a.Doc.Scene == nil {
		return
	}
	sh := a.Doc.Shape
	g.kindRow(ctx, sh.Kind)
	row := func(label string, v [3]float64, set func(i int, x float64) error) {
		ctx.SetGridLayout([]int{48, -1, -1, -1}, nil)
		ctx.Text(label)
		for i := 0; i < 3; i++ {
			g.numberField(ctx, fmt.Sprintf("%s %c", label, "xyz"[i]), v[i], func(x float64) error { return set(i, x) })
		}
	}
	// The setters read the model when they run, not when the panel was
	// built: a commit must not undo another made since in the same frame.
	edit := func(f func(s *editor.Shape)) error { s := a.Doc.Shape; f(&s); return a.SetShape(s) }
	switch sh.Kind {
	case sweep.KindCapsule:
		ctx.SetGridLayout([]int{48, -1, 48, -1}, nil)
		ctx.Text("radius")
		g.numberField(ctx, "capsule radius", sh.Radius, func(x float64) error { return edit(func(s *editor.Shape) { s.Radius = x }) })
		ctx.Text("seg/2")
		g.numberField(ctx, "capsule half", sh.Half, func(x float64) error { return edit(func(s *editor.Shape) { s.Half = x }) })
	default:
		label := "radii"
		if sh.Kind == sweep.KindBox {
			label = "extent"
		}
		row(label, sh.Radii, func(i int, x float64) error { return edit(func(s *editor.Shape) { s.Radii[i] = x }) })
	}
	ctx.SetGridLayout([]int{48, -1, -1, -1}, nil)
	ctx.Text("")
	ctx.Text("yaw")
	ctx.Text("pitch")
	ctx.Text("roll")
	row("rot °", sh.Rot, func(i int, x float64) error { return edit(func(s *editor.Shape) { s.Rot[i] = x }) })
	for _, pose := range []scene.Pose{scene.PoseStart, scene.PoseEnd} {
		row(pose.String(), a.Doc.PoseAt(pose), func(i int, x float64) error {
			c := a.Doc.PoseAt(pose)
			c[i] = x
			return a.SetPose(pose, c)
		})
	}
	ctx.SetGridLayout([]int{-1, -1}, nil)
	g.button(ctx, "Swap start/end", func() { _ = a.Swap() })
	g.button(ctx, "Frame (F)", g.frameSelection)
}

// kindRow is the Shape panel's kind selector: a button per kind, the
// current one bracketed.
func (g *game) kindRow(ctx *debugui.Context, cur sweep.ShapeKind) {
	ctx.SetGridLayout([]int{-1, -1, -1}, nil)
	for _, k := range editor.Kinds {
		label := k.String()
		if k == cur {
			label = "[" + label + "]"
		}
		g.button(ctx, label, func() { _ = g.app.SetKind(k) })
	}
}

// numberField shows v in a text field; a confirmed edit (Enter or leaving
// the field) that parses and differs from what was shown goes to commit.
// Enter also gives the keyboard back to the shortcuts (releaseFields).
// Parse errors and refused values are reported on the status line and the
// field returns to the model's value.
func (g *game) numberField(ctx *debugui.Context, id string, v float64, commit func(float64) error) {
	p := g.panels
	f := p.fields[id]
	if f == nil {
		f = &numField{}
		p.fields[id] = f
	}
	f.commit = commit
	if s := editor.FormatNum(v); s != f.shown {
		f.buf, f.shown = s, s
	}
	g.lineField(ctx, id, f.buf, fitNumber, func() { g.editNumber(id, f) })
}

// editNumber starts typing into number field id; the typed text is
// committed when the edit ends (see commitField).
func (g *game) editNumber(id string, f *numField) {
	g.beginEdit(id, f.buf, false, func(text string, _ bool) {
		f.buf = text
		if f.commit != nil {
			g.commitField(id, f, f.commit)
		}
	})
}

// enterPressed reports Enter or the keypad's Enter pressed this frame.
func enterPressed() bool {
	return inpututil.IsKeyJustPressed(ebiten.KeyEnter) || inpututil.IsKeyJustPressed(ebiten.KeyNumpadEnter)
}

// releaseFields takes the keyboard from the field that has it, so the
// next key is a shortcut again: the field being typed into is committed
// (revert false: Enter, a click in the view) or dropped (revert true:
// Escape), and a debugui slider typed into (Shift+click) loses the
// keyboard (see releasable).
func (g *game) releaseFields(revert bool) {
	p := g.panels
	if revert {
		p.edit = nil
	}
	g.endEdit(false)
	p.gen++
	p.released = 2
}

// releasable builds f's widgets under the current field generation, so
// releaseFields takes the keyboard from them (debugui's sliders).
func (g *game) releasable(ctx *debugui.Context, f func()) {
	ctx.IDScope(fmt.Sprint("focus#", g.panels.gen), f)
}

// fieldCapture is the capture state debugui reported, without the focus
// that releaseFields took away but debugui still reports for a frame.
func (g *game) fieldCapture(c debugui.InputCapturingState) debugui.InputCapturingState {
	p := g.panels
	if p.released > 0 {
		p.released--
		c &^= debugui.InputCapturingStateFocus
	}
	if p.edit != nil { // a field being typed into has the keyboard
		c |= debugui.InputCapturingStateFocus
	}
	return c
}

// commitField applies a confirmed number field.
func (g *game) commitField(id string, f *numField, commit func(float64) error) {
	if trimmedEqual(f.buf, f.shown) {
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
		{&v.Grid, "grid"}, {&v.BackFaces, "back faces"}, {&v.XRay, "x-ray"}, {&v.BVH, "BVH boxes"},
	}
	for _, t := range toggles {
		ctx.IDScope(t.label, func() {
			g.checkbox(ctx, t.p, t.label, func() { _ = a.SetView(v) })
		})
	}
	legend := !v.NoLegend
	g.checkbox(ctx, &legend, "legend", func() { v.NoLegend = !legend; _ = a.SetView(v) })
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
		return a.SetSlide(sweep.SlideOptions{MaxIterations: n, Skin: a.Doc.SlideOptions().Skin})
	})
	ctx.Text("skin")
	g.numberField(ctx, "skin", o.Skin, func(x float64) error {
		return a.SetSlide(sweep.SlideOptions{MaxIterations: a.Doc.SlideOptions().MaxIterations, Skin: x})
	})
	ctx.Text("snap grid (Ctrl)")
	g.numberField(ctx, "grid", a.Doc.Grid, a.SetGrid)
	ctx.SetGridLayout([]int{-1, -1}, nil)
	g.button(ctx, "Undo", a.Undo)
	g.button(ctx, "Redo", a.Redo)
	ctx.SetGridLayout([]int{-1}, nil)
	g.button(ctx, "Reset layout", g.resetLayout)
	ctx.Text("F1: keys and mouse help")
}

func (g *game) resultPanel(ctx *debugui.Context) {
	if m := g.app.Doc.Mesh; m != g.panels.resultMesh { // another scene: start at the top
		g.panels.resultMesh = m
		ctx.SetScroll(image.Point{})
	}
	g.captureHeader(ctx)
	g.enginesPanel(ctx) // above the fold: an engine's verdict is what its author looks for
	g.triangleRows(ctx) // a click in the view picked it, so it is looked for
	ctx.SetGridLayout([]int{-1}, nil)
	for _, line := range editor.ResultLines(g.app.Doc, g.app.Result) {
		ctx.Text(line)
	}
	g.expectRows(ctx)
	ctx.Header("Second opinions", true, func() {
		ctx.SetGridLayout([]int{-1}, nil)
		if g.app.Opinions.Skipped != "" || g.app.Opinions.Report == nil && g.app.Doc.Scene != nil {
			g.button(ctx, "Compare", func() { g.forceOps = true })
		}
		for _, r := range editor.OpinionRows(&g.app.Opinions) {
			if r.Bad {
				colorRow(ctx, r.Text, colorBad)
			} else {
				ctx.Text(r.Text)
			}
		}
	})
}

// expectRows shows the fixture's expectation against the answer: PASS, or
// FAIL and each mismatch in red (plain rows once the motion is edited:
// see editor.ExpectLines).
func (g *game) expectRows(ctx *debugui.Context) {
	lines, fail := editor.ExpectLines(g.app.Doc, g.app.Result)
	for _, l := range lines {
		if fail {
			colorRow(ctx, l, colorBad)
		} else {
			ctx.Text(l)
		}
	}
}
