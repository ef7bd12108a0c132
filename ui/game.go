package ui

import (
	"fmt"
	"image"
	"io/fs"
	"maps"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"sweepdbg/geom"
	"sweepdbg/internal/safeopen"
	"sweepdbg/render"
	"sweepdbg/scene"
	"sweepdbg/scene/meshfile"
	"sweepdbg/ui/editor"
)

// mouseMode is what the left or middle button is doing in the 3D view.
type mouseMode int

const (
	mouseIdle mouseMode = iota
	mouseOrbit
	mousePan
	mouseDrag
)

// game is the ebiten.Game: it owns the window-side state (camera, mouse
// modes, debugui, the renderer) and drives the editor's App, which holds
// the document and every edit. Its parts that are state machines of their
// own live in their own types: the drag of a pose box (dragState,
// drag.go), the session's autosaver (autosaver, autosave.go), the
// one-frame screenshot mode (shotMode, shot.go) and play mode
// (playSession, playwin.go). The game runs on ebiten's goroutine only;
// background work reports through post.
type game struct {
	app     *editor.App
	panels  *panels
	dui     debugui.DebugUI
	rend    *render.Renderer
	cam     render.Camera
	capture debugui.InputCapturingState

	w, h   int     // screen size in device pixels (from Layout)
	scale  float64 // device scale factor
	framed bool    // the camera has been fitted to the first scene

	mode         mouseMode
	lastX, lastY int
	drag         dragState // the drag in progress when mode is mouseDrag
	hover        render.Handle
	tri          triPick // the triangle under the cursor, and the press that may select one

	help        bool
	title       string // the window title last set
	shotPending bool   // F12 was pressed: save the next drawn frame
	exportDir   string
	posted      chan func() // results of background work, run in Update

	save autosaver

	// The derived work (opinions, probe, engines, hunter, loads) lives on
	// app, which runs it in its order (editor.App.UpdateDerived); the
	// window keeps only how it shows it.
	play      *playSession // play mode; nil when not playing
	forceOps  bool         // Compare pressed: compute the opinions on a large mesh
	forceProb bool         // Probe pressed: run the probe on a large mesh
	eng       engineSide   // how the live engines are shown (engines.go)
	capt      captureSide  // the open capture (capturewin.go)
	huntDir   string       // where hunts write their fixtures

	debugPrint   string     // last line printed for SWEEPDBG_DEBUG_PRINT
	debugWidgets string     // last widget lines printed for SWEEPDBG_DEBUG_PRINT
	shot         shotMode   // Screenshot's fixed size and frame reader; zero in the window
	redraw       redrawer   // when Draw draws
	flog         frameLog   // SWEEPDBG_FRAMELOG's per-frame timings (devprof.go)
	layer        panelLayer // what is drawn over the view, kept while a pose is dragged (layer.go)

	fullExport   bool      // Ctrl+E never crops (the window's --full)
	firstFrameMs float64   // when the first frame was drawn, ms after the page began to load (browser)
	framesDrawn  int       // frames Draw has drawn (published to the page in a browser)
	lastLink     string    // the last share link handed out in a browser
	published    pageState // what publish last told the page

	quit atomic.Bool // a signal asked the window to close (see quitOnSignals)
}

// newGame builds the game around an App already holding a Doc. It touches
// no window, so tests can build it and drive the panels headless.
func newGame(app *editor.App) *game {
	g := &game{
		app:       app,
		panels:    newPanels(),
		rend:      render.NewRenderer(),
		scale:     1,
		exportDir: scene.DefaultExportDir,
		huntDir:   editor.HuntOut,
		posted:    make(chan func(), 16),
	}
	g.cam = render.NewCamera(1280, 800)
	return g
}

// Layout makes the screen as large as the window in device pixels, so the
// view is sharp on HiDPI monitors (ebiten's examples/highdpi).
func (g *game) Layout(outsideW, outsideH int) (int, int) {
	if g.shot.fixedW > 0 {
		g.w, g.h = g.shot.fixedW, g.shot.fixedH
		return g.shot.fixedW, g.shot.fixedH
	}
	s := 1.0
	if m := ebiten.Monitor(); m != nil {
		s = m.DeviceScaleFactor()
	}
	g.scale = max(s, 1)
	g.w, g.h = max(int(float64(outsideW)*g.scale), 1), max(int(float64(outsideH)*g.scale), 1)
	return g.w, g.h
}

// uiScale is debugui's integer scale for the device scale factor.
func (g *game) uiScale() int { return max(int(g.scale+0.5), 1) }

// Update runs one frame: a play tick, then debugui, then keys (unless a
// text field has focus), then the mouse in the 3D view (unless debugui is
// hovered or focused), then the core again if anything changed (the core
// runs once per revision of the document, see editor.App.Refresh).
func (g *game) Update() error {
	defer g.flog.updated(g.flog.now())
	if g.shot.done || g.quit.Load() {
		return ebiten.Termination
	}
	g.syncSize()
	posted := g.drainPosted()
	g.pollLoad()
	g.dropped()
	// A play tick and the core run before the panels are built, so the
	// Result panel shows the same tick as the view (the tick reads keys
	// gated by last frame's capture state).
	g.playUpdate()
	g.app.Refresh()
	g.leaveFields()
	// Keys pressed in the frame an edit ends were typed into the field
	// (a fast "1" then Enter must not also switch to the front view).
	typing := g.panels.edit != nil
	g.typeInto()
	if g.buildPanelsNow() {
		s := g.uiScale()
		capture, err := g.dui.Update(func(ctx *debugui.Context) error {
			ctx.SetScale(s)
			g.build(ctx, g.w/s, g.h/s)
			return nil
		})
		if err != nil {
			return fmt.Errorf("ui: %w", err)
		}
		g.capture = g.fieldCapture(capture)
	}
	if !g.shot.noInput {
		g.keys(g.capture&debugui.InputCapturingStateFocus != 0 || typing)
		g.mouse()
	}
	g.updateCapture()
	// After edits from the panels, keys and drags: the core, the opinions,
	// the probe, the engines.
	g.app.UpdateDerived(g.forceOps, g.forceProb)
	g.forceOps, g.forceProb = false, false
	g.printEngines()
	g.printPoses()
	_ = g.autosave(false) // a failure is on the status line
	g.syncTitle()
	g.noteChanges(posted)
	g.publish()
	return nil
}

// leaveFields gives the keyboard back when a text field has it and Escape
// is pressed (the field returns to the model's value) or the left button
// is pressed outside every panel (the field's text is committed).
func (g *game) leaveFields() {
	if g.capture&debugui.InputCapturingStateFocus == 0 || g.shot.noInput {
		return
	}
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeyEscape):
		g.releaseFields(true)
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && !g.overPanel():
		g.releaseFields(false)
	}
}

// overPanel reports the cursor over a panel (as of debugui's last frame).
func (g *game) overPanel() bool { return g.capture&debugui.InputCapturingStateHover != 0 }

// syncSize keeps the camera's viewport at the screen size and fits the
// camera to the scene once the size is first known.
func (g *game) syncSize() {
	if g.w == 0 || g.h == 0 {
		return
	}
	g.cam.Width, g.cam.Height = g.w, g.h
	if !g.framed {
		g.framed = true
		g.fitScene()
	}
}

// sceneBounds is the box around the mesh and the start and end poses.
func sceneBounds(d editor.Doc) geom.AABB {
	b := geom.EmptyAABB()
	if d.Scene == nil {
		return geom.AABB{Min: mgl64.Vec3{-1, -1, -1}, Max: mgl64.Vec3{1, 1, 1}}
	}
	for _, v := range d.Scene.Mesh.Vertices {
		b = b.Extend(v)
	}
	b = b.Union(render.PoseBox(d.Scene.Shape, d.Scene.Start))
	return b.Union(render.PoseBox(d.Scene.Shape, d.Scene.End))
}

// drainPosted runs what background work posted; it reports whether
// there was any.
func (g *game) drainPosted() bool {
	ran := false
	for {
		select {
		case f := <-g.posted:
			f()
			ran = true
		default:
			return ran
		}
	}
}

// postWait hands f to the next Update, waiting for room in the queue: for
// results that must not be dropped (a finished hunt).
func (g *game) postWait(f func()) { g.posted <- f }

// post hands f to the next Update; background goroutines use it to report.
func (g *game) post(f func()) {
	select {
	case g.posted <- f:
	default: // a full queue only drops a status message
	}
}

// syncTitle names the open scene in the window's title.
func (g *game) syncTitle() {
	t := windowTitle
	if d := g.app.Doc; d.Scene != nil {
		t += " - " + editor.Printable(d.Describe())
	}
	if t != g.title && g.shot.fixedW == 0 {
		g.title = t
		setTitle(t)
	}
}

// frame assembles what the renderer draws.
func (g *game) frame() render.Frame {
	a := g.app
	f := render.Frame{
		Scene: a.Doc.Scene, Mesh: a.Doc.Mesh, Answer: a.Result.Answer,
		Hover: g.hover, Engines: append(g.enginePoses(), g.capturePose()...), Inset: g.viewInset(),
		Highlight: g.highlights(),
	}
	if !a.Doc.View.NoLegend {
		f.Legend = render.Legend(a.Doc.View)
		if len(f.Highlight) > 0 {
			f.Legend = append(f.Legend, render.PickedLegend)
		}
		f.Legend = append(f.Legend, render.EngineLegend(f.Engines)...)
	}
	if g.mode == mouseDrag {
		f.Active = render.Handle{Pose: g.drag.pose, Face: g.drag.math.Face, Valid: true}
		f.Hover = f.Active
	}
	return f
}

// viewInset is the part of the screen between the panel columns and above
// the status line, in device pixels: where the view's legend and gizmo go.
func (g *game) viewInset() image.Rectangle {
	s := g.uiScale()
	left := (2*panelGap + panelW) * s
	right := max(g.w/s-panelW-2*panelGap, 2*panelGap+panelW) * s
	return image.Rect(left, 0, right, g.h-statusH*s)
}

// Draw draws the 3D view, then the panels, then the status line (and the
// help and load progress when shown) when something changed (see
// redrawer); otherwise it leaves the last frame on screen.
func (g *game) Draw(screen *ebiten.Image) {
	start := g.flog.now()
	if !g.drawNow() {
		g.flog.drew(start, false)
		return
	}
	defer g.flog.drew(start, true)
	g.framesDrawn++
	b := screen.Bounds()
	g.w, g.h = b.Dx(), b.Dy()
	g.cam.Width, g.cam.Height = g.w, g.h
	if g.panelsLayered() {
		g.drawLayered(screen)
	} else {
		g.layer.drawn = time.Time{}
		g.drawView(screen)
		g.drawOver(screen)
		g.flog.drewParts(b, []image.Rectangle{b}, []image.Rectangle{b})
	}
	if g.shotPending {
		g.shotPending = false
		g.saveShot(screen)
	}
	if g.shot.onDraw != nil {
		g.shot.onDraw(screen)
	}
}

// drawView draws the 3D view over the whole screen (the renderer
// overwrites every pixel of it, so the screen is not cleared first: a
// full-screen pass saved per frame under a software rasteriser), or clears
// the screen when there is no view. A panic in the renderer (a bug
// there) is reported on the status line instead of closing the window
// with the user's work.
func (g *game) drawView(screen *ebiten.Image) {
	if g.app.Doc.Scene == nil {
		screen.Clear()
		return
	}
	defer func() {
		if r := recover(); r != nil {
			screen.Clear()
			g.app.Fail(fmt.Errorf("drawing the view failed: %v", r))
		}
	}()
	f := g.frame()
	g.rend.Draw(screen, &f, g.cam, g.app.Doc.View)
}

// dropped opens the first file dropped onto the window: by its path on
// the desktop, from its bytes in a browser (openDropped).
func (g *game) dropped() {
	files := ebiten.DroppedFiles()
	if files == nil {
		return
	}
	entries, err := fs.ReadDir(files, ".")
	if err != nil || len(entries) == 0 {
		return
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		if p, ok := e.(ebiten.AbsPather); ok {
			g.openFile(p.AbsPath())
		} else {
			g.openDropped(files, e)
		}
		return
	}
	g.app.Fail(fmt.Errorf("dropped %s: not a file (%s)", editor.Printable(entries[0].Name()), editor.Openable))
}

// openDropped reads a dropped file that has no path (a browser's): see
// openBytes.
func (g *game) openDropped(files fs.FS, e fs.DirEntry) {
	name := e.Name()
	size := int64(-1)
	if info, err := e.Info(); err == nil {
		size = info.Size()
	}
	g.openBytes(name, size, func() ([]byte, error) { return fs.ReadFile(files, name) })
}

// openBytes opens a file known by its name and size (-1 when unknown)
// whose bytes read returns: a file dropped on the browser page or chosen
// with its Open button. It refuses the file by its type and size first
// (the limits of a file opened by path: meshfile.Limit), then reads it
// in the background and loads it from its bytes (a capture, .jsonl, is
// judged from them: openCaptureData).
func (g *game) openBytes(name string, size int64, read func() ([]byte, error)) {
	if err := editor.CheckOpenable(name); err != nil {
		g.app.Fail(err)
		return
	}
	if size > meshfile.Limit(name) {
		g.app.Fail(&scene.Error{File: name, Err: fmt.Errorf("%w: %s, the limit is %s", scene.ErrTooLarge,
			safeopen.ByteSize(size), safeopen.ByteSize(meshfile.Limit(name)))})
		return
	}
	g.app.Say("reading %s", editor.Printable(name))
	go func() {
		data, err := read()
		g.postWait(func() {
			if err != nil {
				g.app.Fail(&scene.Error{File: name, Err: err})
				return
			}
			if isCapture(name) {
				g.openCaptureData(name, data)
				return
			}
			if g.app.Loading != nil {
				g.app.Loading.Cancel()
			}
			g.capt = captureSide{}
			g.app.Loading = editor.StartLoadData(name, data, g.app.Doc.View, g.app.Doc.Grid)
			g.app.Say("loading %s", editor.Printable(name))
		})
	}()
}

// printPoses writes the screen positions of the start and end centers to
// stdout when SWEEPDBG_DEBUG_PRINT=1 and they changed, as
// "poses start X Y end X Y size W H hover POSE capture C mode M cursor X Y
// triangle T selected S" in window pixels (device pixels divided by the
// scale factor; W H the screen in device pixels; POSE start, end or none,
// the pose whose box is under the cursor; C debugui's
// InputCapturingState; M the mouse mode: 0 idle, 1 orbit, 2 pan, 3 drag;
// T the triangle under the cursor and S the selected one, -1 for none).
// The end-to-end test reads it to know where to drag and when each input
// event has been seen.
func (g *game) printPoses() {
	if os.Getenv("SWEEPDBG_DEBUG_PRINT") != "1" || g.app.Doc.Scene == nil || g.w == 0 {
		return
	}
	sx, sy, _ := g.cam.Project(g.app.Doc.Scene.Start)
	ex, ey, _ := g.cam.Project(g.app.Doc.Scene.End)
	hover := "none"
	if g.hover.Valid {
		hover = g.hover.Pose.String()
	}
	tri, sel := -1, -1
	if g.tri.hoverValid {
		tri = g.tri.hover
	}
	if g.app.Triangle.Valid {
		sel = g.app.Triangle.Index
	}
	line := fmt.Sprintf("poses start %.0f %.0f end %.0f %.0f size %d %d hover %s capture %d mode %d cursor %d %d triangle %d selected %d",
		sx/g.scale, sy/g.scale, ex/g.scale, ey/g.scale, g.w, g.h, hover, g.capture, g.mode,
		int(float64(g.lastX)/g.scale), int(float64(g.lastY)/g.scale), tri, sel)
	if line != g.debugPrint {
		g.debugPrint = line
		fmt.Println(line)
	}
	g.printWidgets()
}

// printWidgets writes, with SWEEPDBG_DEBUG_PRINT=1 and when any changed,
// each panel's bounds as "panel NAME X0 Y0 X1 Y1" and each text field's
// as "field NAME X0 Y0 X1 Y1" (window pixels; names are the panel titles
// and field names with spaces as underscores) and the status line's
// message as "status MSG", then "widgets end".
func (g *game) printWidgets() {
	p := g.panels
	var b strings.Builder
	k := float64(g.uiScale()) / g.scale
	list := func(kind string, m map[string]image.Rectangle) {
		for _, name := range slices.Sorted(maps.Keys(m)) {
			r := m[name]
			fmt.Fprintf(&b, "%s %s %.0f %.0f %.0f %.0f\n", kind, strings.ReplaceAll(name, " ", "_"),
				float64(r.Min.X)*k, float64(r.Min.Y)*k, float64(r.Max.X)*k, float64(r.Max.Y)*k)
		}
	}
	list("panel", p.current)
	list("field", p.rects)
	fmt.Fprintf(&b, "status %s\n", editor.Printable(g.app.Msg))
	if s := b.String(); s != g.debugWidgets {
		g.debugWidgets = s
		fmt.Print(s + "widgets end\n")
	}
}
