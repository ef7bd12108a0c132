package ui

import (
	"fmt"
	"io/fs"
	"os"
	"sync"
	"time"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/geom"
	"sweepdbg/render"
	"sweepdbg/scene"
)

// mouseMode is what the left or middle button is doing in the 3D view.
type mouseMode int

const (
	mouseIdle mouseMode = iota
	mouseOrbit
	mousePan
	mouseDrag
)

// screenshotDir is where F12 writes screenshots, relative to the working
// directory.
const screenshotDir = "screenshots"

// autosaveEvery is how often a changed session is written.
const autosaveEvery = 3 * time.Second

// game is the ebiten.Game: it owns the window-side state (camera, mouse
// modes, debugui, the renderer) and drives the App.
type game struct {
	app     *App
	panels  *panels
	dui     debugui.DebugUI
	rend    *render.Renderer
	cam     render.Camera
	capture debugui.InputCapturingState

	w, h   int     // screen size in device pixels (from Layout)
	scale  float64 // device scale factor
	framed bool    // the camera has been fitted to the first scene

	drawn     bool         // a frame was drawn since the core last ran
	coreScene *scene.Scene // the scene the core last ran on

	mode         mouseMode
	lastX, lastY int
	drag         Drag
	dragPose     render.Pose
	dragBefore   Doc
	dragShift    bool
	hover        render.Handle
	selected     render.Pose
	hasSelection bool

	help        bool
	title       string // the window title last set
	loading     *loader
	shotPending bool
	exportDir   string
	posted      chan func() // results of background work, run in Update

	sessionPath  string
	savedChanged int
	savedCam     CameraState
	lastSave     time.Time
	saving       bool
	saveMu       sync.Mutex // held while saving; guards sceneCache
	sceneCache   sceneJSON

	play      *playSession // play mode; nil when not playing
	opinions  Opinions     // the three first-contact opinions on the shown motion
	probe     Probe        // the precision probe
	forceOps  bool         // Compare pressed: compute the opinions on a large mesh
	forceProb bool         // Probe pressed: run the probe on a large mesh
	hunter    *hunter      // the running hunt; nil when none
	huntDir   string       // where hunts write their fixtures

	debugPrint string // last line printed for SWEEPDBG_DEBUG_PRINT
	fixedW     int    // Screenshot: a fixed screen size (0: follow the window)
	fixedH     int
	onDraw     func(screen *ebiten.Image) // Screenshot: reads the finished frame
	done       bool                       // Update returns ebiten.Termination
	noInput    bool                       // Screenshot: ignore mouse and keys
}

// newGame builds the game around an App already holding a Doc. It touches
// no window, so tests can build it and drive the panels headless.
func newGame(app *App) *game {
	g := &game{
		app:       app,
		panels:    newPanels(),
		rend:      render.NewRenderer(),
		scale:     1,
		exportDir: scene.DefaultExportDir,
		huntDir:   huntOut,
		posted:    make(chan func(), 16),
	}
	g.cam = render.NewCamera(1280, 800)
	return g
}

// Layout makes the screen as large as the window in device pixels, so the
// view is sharp on HiDPI monitors (ebiten's examples/highdpi).
func (g *game) Layout(outsideW, outsideH int) (int, int) {
	if g.fixedW > 0 {
		g.w, g.h = g.fixedW, g.fixedH
		return g.fixedW, g.fixedH
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
// hovered or focused), then the core again if anything changed.
func (g *game) Update() error {
	if g.done {
		return ebiten.Termination
	}
	g.syncSize()
	g.drainPosted()
	g.pollLoad()
	g.dropped()
	// A play tick and the core run before the panels are built, so the
	// Result panel shows the same tick as the view (the tick reads keys
	// gated by last frame's capture state).
	g.playUpdate()
	g.refreshCore()
	s := g.uiScale()
	capture, err := g.dui.Update(func(ctx *debugui.Context) error {
		ctx.SetScale(s)
		g.build(ctx, g.w/s, g.h/s)
		return nil
	})
	if err != nil {
		return fmt.Errorf("ui: %w", err)
	}
	g.capture = capture
	if !g.noInput {
		if capture&debugui.InputCapturingStateFocus == 0 {
			g.keys()
		}
		g.mouse()
	}
	g.refreshCore() // after edits from the panels, keys and drags
	g.updateOpinions()
	g.printPoses()
	g.autosave(false)
	g.syncTitle()
	return nil
}

// refreshCore runs the core once per drawn frame (Update may run several
// times per frame when drawing is slow) and whenever the scene changed.
func (g *game) refreshCore() {
	if g.drawn || g.coreScene != g.app.Doc.Scene {
		g.app.RunCore()
		g.coreScene, g.drawn = g.app.Doc.Scene, false
	}
}

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
func sceneBounds(d Doc) geom.AABB {
	b := geom.EmptyAABB()
	if d.Scene == nil {
		return geom.AABB{Min: mgl64.Vec3{-1, -1, -1}, Max: mgl64.Vec3{1, 1, 1}}
	}
	for _, v := range d.Scene.Mesh.Vertices {
		b = b.Extend(v)
	}
	b = b.Union(render.PoseBox(d.Scene.Ellipsoid, d.Scene.Start))
	return b.Union(render.PoseBox(d.Scene.Ellipsoid, d.Scene.End))
}

func (g *game) drainPosted() {
	for {
		select {
		case f := <-g.posted:
			f()
		default:
			return
		}
	}
}

// updateOpinions recomputes the second opinions and the precision probe
// when the shown scene changed (or Compare / Probe was pressed).
func (g *game) updateOpinions() {
	g.opinions.Update(g.app.Doc, g.forceOps)
	g.probe.Update(g.app.Doc, g.app.Result, g.forceProb)
	g.forceOps, g.forceProb = false, false
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
		t += " - " + describe(d)
	}
	if t != g.title && g.fixedW == 0 {
		g.title = t
		ebiten.SetWindowTitle(t)
	}
}

// frame assembles what the renderer draws.
func (g *game) frame() render.Frame {
	a := g.app
	f := render.Frame{
		Scene: a.Doc.Scene, Mesh: a.Doc.Mesh,
		Hit: a.Result.Hit, HasHit: a.Result.HasHit, Slide: a.Result.Slide,
		Hover: g.hover,
	}
	if g.mode == mouseDrag {
		f.Active = render.Handle{Pose: g.dragPose, Face: g.drag.Face, Valid: true}
		f.Hover = f.Active
	}
	return f
}

// Draw draws the 3D view, then the panels, then the status line (and the
// help and load progress when shown).
func (g *game) Draw(screen *ebiten.Image) {
	g.drawn = true
	b := screen.Bounds()
	g.w, g.h = b.Dx(), b.Dy()
	g.cam.Width, g.cam.Height = g.w, g.h
	g.drawView(screen)
	g.dui.Draw(screen)
	g.drawOverlay(screen)
	if g.shotPending {
		g.shotPending = false
		g.saveShot(screen)
	}
	if g.onDraw != nil {
		g.onDraw(screen)
	}
}

// drawView draws the 3D view. A panic in the renderer (a bug there) is
// reported on the status line instead of closing the window with the
// user's work.
func (g *game) drawView(screen *ebiten.Image) {
	if g.app.Doc.Scene == nil {
		return
	}
	defer func() {
		if r := recover(); r != nil {
			g.app.Fail(fmt.Errorf("drawing the view failed: %v", r))
		}
	}()
	f := g.frame()
	g.rend.Draw(screen, &f, g.cam, g.app.Doc.View)
}

// dropped opens the first file dropped onto the window.
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
		if p, ok := e.(ebiten.AbsPather); ok && !e.IsDir() {
			g.openFile(p.AbsPath())
			return
		}
	}
	g.app.Fail(fmt.Errorf("dropped %s: not a file with a path", entries[0].Name()))
}

// printPoses writes the screen positions of the start and end centers to
// stdout when SWEEPDBG_DEBUG_PRINT=1 and they changed, as
// "poses start X Y end X Y size W H hover POSE capture C mode M cursor X Y"
// in window pixels (device pixels divided by the scale factor; W H the
// screen in device pixels; POSE start, end or none, the pose whose box is
// under the cursor; C debugui's InputCapturingState; M the mouse mode: 0
// idle, 1 orbit, 2 pan, 3 drag). The end-to-end test reads it to know
// where to drag and when each input event has been seen.
func (g *game) printPoses() {
	if os.Getenv("SWEEPDBG_DEBUG_PRINT") != "1" || g.app.Doc.Scene == nil || g.w == 0 {
		return
	}
	sx, sy, _ := g.cam.Project(g.app.Doc.Scene.Start)
	ex, ey, _ := g.cam.Project(g.app.Doc.Scene.End)
	hover := "none"
	if g.hover.Valid {
		hover = poseName(g.hover.Pose)
	}
	line := fmt.Sprintf("poses start %.0f %.0f end %.0f %.0f size %d %d hover %s capture %d mode %d cursor %d %d",
		sx/g.scale, sy/g.scale, ex/g.scale, ey/g.scale, g.w, g.h, hover, g.capture, g.mode,
		int(float64(g.lastX)/g.scale), int(float64(g.lastY)/g.scale))
	if line != g.debugPrint {
		g.debugPrint = line
		fmt.Println(line)
	}
}
