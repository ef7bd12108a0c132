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
	"github.com/hajimehoshi/ebiten/v2/inpututil"

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

// Directories (relative to the working directory) for exports.
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

// Update runs one frame: debugui first, then keys (unless a text field has
// focus), then the mouse in the 3D view (unless debugui is hovered or
// focused), then the core.
func (g *game) Update() error {
	if g.done {
		return ebiten.Termination
	}
	g.syncSize()
	g.drainPosted()
	g.pollLoad()
	g.dropped()
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
	g.app.RunCore()
	g.printPoses()
	g.autosave(false)
	return nil
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
		g.fit(sceneBounds(g.app.Doc))
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

// post hands f to the next Update; background goroutines use it to report.
func (g *game) post(f func()) {
	select {
	case g.posted <- f:
	default: // a full queue only drops a status message
	}
}

func (g *game) keys() {
	jp := inpututil.IsKeyJustPressed
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	switch {
	case jp(ebiten.KeyF1):
		g.help = !g.help
	case jp(ebiten.KeyF12):
		g.shotPending = true
	case jp(ebiten.KeyEscape):
		g.cancelDrag()
	case ctrl && jp(ebiten.KeyE):
		g.export()
	case ctrl && (jp(ebiten.KeyZ) && shift || jp(ebiten.KeyY)):
		if g.mode != mouseDrag {
			g.app.Redo()
		}
	case ctrl && jp(ebiten.KeyZ):
		if g.mode != mouseDrag {
			g.app.Undo()
		}
	case ctrl:
	case jp(ebiten.KeyDigit1) || jp(ebiten.KeyNumpad1):
		g.cam.SetPreset(render.Front)
	case jp(ebiten.KeyDigit3) || jp(ebiten.KeyNumpad3):
		g.cam.SetPreset(render.Side)
	case jp(ebiten.KeyDigit7) || jp(ebiten.KeyNumpad7):
		g.cam.SetPreset(render.Top)
	case jp(ebiten.KeyDigit5) || jp(ebiten.KeyNumpad5):
		g.cam.Ortho = !g.cam.Ortho
	case jp(ebiten.KeyF):
		g.frameSelection()
	}
}

// frameSelection fits the camera to the selected pose, or to the scene.
func (g *game) frameSelection() {
	d := g.app.Doc
	if g.hasSelection && d.Scene != nil {
		g.fit(render.PoseBox(d.Scene.Ellipsoid, d.PoseAt(g.selected)))
		return
	}
	g.fit(sceneBounds(d))
}

// mouse handles the 3D view: picking and dragging the pose boxes, orbit,
// pan and zoom. A gesture that started in the view keeps the mouse until
// the button is released, even over a panel; a new gesture starts only
// where debugui captures nothing.
func (g *game) mouse() {
	x, y := ebiten.CursorPosition()
	fx, fy := float64(x), float64(y)
	dx, dy := float64(x-g.lastX), float64(y-g.lastY)
	g.lastX, g.lastY = x, y
	left := ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft)
	middle := ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle)
	free := g.capture == 0 && g.app.Doc.Scene != nil
	switch g.mode {
	case mouseOrbit:
		if !left {
			g.mode = mouseIdle
		} else {
			g.cam.Orbit(dx, dy)
		}
	case mousePan:
		if !left && !middle {
			g.mode = mouseIdle
		} else {
			g.cam.Pan(dx, dy)
		}
	case mouseDrag:
		if !left {
			g.finishDrag()
		} else {
			g.moveDrag(fx, fy)
		}
	default:
		g.idleMouse(fx, fy, free)
	}
}

func (g *game) idleMouse(fx, fy float64, free bool) {
	if !free {
		g.hover = render.Handle{}
		return
	}
	d := g.app.Doc
	ray := g.cam.Ray(fx, fy)
	h, grab := pickHandle(ray, d.Scene.Ellipsoid, d.Scene.Start, d.Scene.End)
	g.hover = h
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	switch {
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && h.Valid:
		g.mode, g.dragPose, g.dragBefore, g.dragShift = mouseDrag, h.Pose, d, shift
		g.drag = NewDrag(h.Face, grab, d.PoseAt(h.Pose))
		g.selected, g.hasSelection = h.Pose, true
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && shift,
		inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonMiddle):
		g.mode = mousePan
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft):
		g.mode, g.hasSelection = mouseOrbit, false
	}
	if _, wy := ebiten.Wheel(); wy != 0 {
		g.cam.ZoomAt(wy, fx, fy)
	}
}

// moveDrag moves the dragged pose under the cursor without an undo step;
// finishDrag records the whole drag as one.
func (g *game) moveDrag(fx, fy float64) {
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl)
	cur := g.app.Doc.PoseAt(g.dragPose)
	if shift != g.dragShift {
		g.drag, g.dragShift = g.drag.Rebase(cur), shift
	}
	c, ok := g.drag.Move(g.cam.Ray(fx, fy), shift, ctrl, g.app.Doc.Grid)
	if ok && c != cur {
		g.app.Preview(g.dragPose, c)
	}
}

func (g *game) finishDrag() {
	g.mode = mouseIdle
	g.app.Commit(g.dragBefore, fmt.Sprintf("moved %s to %s", poseName(g.dragPose), vec(g.app.Doc.PoseAt(g.dragPose))))
}

// cancelDrag (Escape) puts the dragged pose back where the drag began.
func (g *game) cancelDrag() {
	if g.mode != mouseDrag {
		return
	}
	g.mode = mouseIdle
	g.app.Preview(g.dragPose, g.drag.Cancel())
	g.app.Say("drag cancelled")
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
	b := screen.Bounds()
	g.w, g.h = b.Dx(), b.Dy()
	g.cam.Width, g.cam.Height = g.w, g.h
	if g.app.Doc.Scene != nil {
		f := g.frame()
		g.rend.Draw(screen, &f, g.cam, g.app.Doc.View)
	}
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
// "poses start X Y end X Y" in window pixels (device pixels divided by the
// scale factor). The end-to-end test reads it to know where to drag.
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

// fit frames the box b in the part of the view the panel columns leave
// free: the camera fits b to the whole viewport, then backs off by the
// ratio of the viewport's width to the free width (the two columns are
// equally wide, so the free area stays centered).
func (g *game) fit(b geom.AABB) {
	g.cam.Frame(b)
	w := float64(max(g.cam.Width, 1))
	free := w - 2*float64((panelW+panelGap)*g.uiScale())
	if free > 0.25*w {
		g.cam.Distance *= w / free
	}
}
