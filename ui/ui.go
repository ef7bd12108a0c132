// Package ui is the debugger window: an ebiten.Game that reads input
// (debugui panels first, the 3D view only when they do not capture it),
// hands every edit to the editing model (package editor: the document,
// undo, the revision counter), runs the core once per revision and draws
// through package render.
//
// What stays here needs Ebitengine or debugui: the panels, key and mouse
// input, picking the pose boxes (pickHandle), the drag in progress
// (dragState), the session's autosaver (autosaver), play mode's window
// side (playSession), the screenshot command's one-frame mode (shotMode)
// and the status line and overlays. See docs/architecture.md for a
// frame's data flow.
//
// With SWEEPDBG_DEBUG_PRINT=1 in the environment the window prints the
// screen positions of the start and end poses, the hovered pose and the
// mouse mode to stdout whenever they change (see printPoses), and the
// play state when play starts, pauses or stops (see printPlay); the
// end-to-end test in cmd/debugger drives the real window with it.
//
// Two developer switches measure the window (devprof.go):
// SWEEPDBG_CPUPROFILE=FILE writes a CPU profile of the window's run (from
// the window opening to its closing) to FILE, for go tool pprof; and
// SWEEPDBG_FRAMELOG=1 prints one line to stderr per frame drawn (per
// Draw that drew), "frame N interval MS draw MS updates K update MS
// skipped S raster R view V% panels P": the time since the previous
// drawn frame's Draw began (so its median is the frame time, including
// what Ebitengine does outside Update and Draw: flushing the GPU
// commands, presenting), this Draw's duration, the K Updates since the
// previous drawn frame and their total duration, the S Draws in between
// that drew nothing, how many times the renderer has rasterised the
// scene so far (a drag on a big level should not raise it), the share of
// the window this frame drew the view in (100% but for drag frames) and
// whether it drew the panels (1) or left them as they were (0).
// Durations are in milliseconds.
package ui

import (
	"errors"
	"io"
	"os"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/render/view"
	"sweepdbg/scene"
	"sweepdbg/ui/editor"
)

// windowTitle is the X window's name (the end-to-end test finds the window
// by it).
const windowTitle = "sweepdbg collision debugger"

// Default window size in window (logical) pixels.
const defaultW, defaultH = 1280, 800

// Options configure the window. Zero values mean defaults.
type Options struct {
	Scene string // built-in scene name; "" means the default scene
	File  string // fixture (.json), OBJ or glTF file to open instead of Scene
	// Fixture is a scene to open instead of Scene or File (a share link's
	// fixture, decoded by the caller); it has no file behind it.
	Fixture *scene.Scene
	// Problem, when not nil, is shown on the status line at start (a share
	// link that could not be opened: the window shows the default scene).
	Problem error
	Fresh   bool // ignore the autosaved session
	// FullExport makes Ctrl+E export every triangle: no crop above
	// scene.CropAbove (Ctrl+Shift+E does so for one export).
	FullExport bool
	// ConfigDir holds session.json; "" means os.UserConfigDir()/sweepdbg.
	ConfigDir string
	// Log receives what the status line says about the session file at
	// start-up (a backup, an invalid file set aside, a reset camera), so it
	// is not lost with the window; nil means os.Stderr. (A failed save on
	// exit is Run's error.)
	Log io.Writer
	// Engines are live engines' command lines ("CMD ARGS"), judged
	// against the core on every motion shown.
	Engines []string
	// EngineTimeout limits one request to an engine (0: 5 s).
	EngineTimeout time.Duration
	// EngineTolerance is the judge's tolerance, unit-sphere distance (0: 1e-4).
	EngineTolerance float64
}

// Run opens the debugger window and returns when it closes, or when
// SIGINT, SIGTERM or SIGHUP arrives (a second one ends the process at
// once). The session (scene, poses, camera, View settings, recent files)
// is restored from the config directory unless opt.Fresh, saved every few
// seconds while it changes and once more on exit; a failed save on exit is
// returned (wrapping ErrSessionNotSaved) and the session file keeps its
// previous content. An unknown built-in scene name is an error before the
// window opens; a bad File is reported in the window, which then shows the
// default scene.
func Run(opt Options) error {
	if opt.Log == nil {
		opt.Log = os.Stderr
	}
	g, err := setup(opt)
	if err != nil {
		return err
	}
	stop := g.quitOnSignals()
	defer stop()
	g.watchPage()
	prepareWindow()
	ebiten.SetWindowTitle(windowTitle)
	ebiten.SetWindowSize(windowSize())
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetRunnableOnUnfocused(true)
	ebiten.SetScreenClearedEveryFrame(false) // Draw skips frames where nothing changed
	g.flog = newFrameLog(os.Stderr, g.rend.Rasterisations)
	stopProfile := startCPUProfile(opt.Log)
	err = ebiten.RunGame(g)
	stopProfile()
	g.shutdown()
	return errors.Join(err, g.autosave(true))
}

// setup builds the game for Run: the session (unless Fresh), then the
// scene asked for, else the session's scene, else the default scene. What
// happened to the session file (kept as a backup, set aside as invalid,
// its camera reset) goes to the status line and to opt.Log.
func setup(opt Options) (*game, error) {
	app := &editor.App{}
	st := startup{app: app}
	path, err := sessionLocation(opt.ConfigDir)
	if err != nil {
		st.fail(err)
	}
	sess := st.loadSession(path, opt.Fresh)
	opts, grid := view.Default(), editor.DefaultGrid
	if sess != nil {
		opts, grid = sess.View.Options(), sess.Grid
	}
	fromSession := false
	switch {
	case opt.Fixture != nil:
		d, err := editor.NewDoc(opt.Fixture, "", opts, grid)
		if err != nil {
			return nil, err
		}
		d.Shared = true
		app.Doc = d
	case opt.Scene != "" && opt.File == "":
		d, err := builtinDoc(opt.Scene, opts, grid)
		if err != nil {
			return nil, err
		}
		app.Doc = d
	case opt.File == "" && sess != nil:
		if d, err := sess.Doc(); err == nil {
			app.Doc, fromSession = d, true
		} else {
			st.invalid(path, err)
		}
	}
	if app.Doc.Scene == nil {
		d, err := builtinDoc(scene.DefaultName, opts, grid)
		if err != nil {
			return nil, err
		}
		app.Doc = d
	}
	g := newGame(app)
	g.fullExport = opt.FullExport
	g.startEngines(opt)
	if !st.noSave {
		g.save.path = path
	}
	if sess != nil {
		app.Recent, g.panels.path, g.help = sess.Recent, sess.Path, sess.Help
		g.panels.restoreLayout(sess.Panels)
		app.Ups = sess.UpAxes()
		if fromSession {
			st.restoreCamera(sess.Camera, &g.cam)
			g.framed = st.cameraOK
		}
	}
	g.save.rev, g.save.cam, g.save.panels = app.Rev, cameraState(g.cam), g.panels.layout()
	if opt.Problem != nil {
		st.fail(opt.Problem)
	}
	st.report(opt.Log)
	if opt.File != "" {
		g.openFile(opt.File)
	}
	return g, nil
}

// builtinDoc opens a built-in scene.
func builtinDoc(name string, opts view.Options, grid float64) (editor.Doc, error) {
	s, err := scene.Builtin(name)
	if err != nil {
		return editor.Doc{}, err
	}
	return editor.NewDoc(s, "", opts, grid)
}

// windowSize is the window's first size in device-independent pixels (the
// units of ebiten.SetWindowSize on every system; on a Retina or other
// HiDPI display Layout renders at the device scale within it):
// defaultW x defaultH, made smaller to fit 90% of a smaller monitor, the
// aspect kept.
func windowSize() (int, int) {
	m := ebiten.Monitor()
	if m == nil {
		return defaultW, defaultH
	}
	return fitWindow(m.Size())
}

// fitWindow is windowSize for a monitor of mw x mh (0 or less: unknown).
func fitWindow(mw, mh int) (int, int) {
	if mw <= 0 || mh <= 0 {
		return defaultW, defaultH
	}
	f := min(1, 0.9*float64(mw)/defaultW, 0.9*float64(mh)/defaultH)
	return int(defaultW * f), int(defaultH * f)
}
