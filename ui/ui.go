// Package ui is the debugger window: an ebiten.Game that reads input
// (debugui panels first, the 3D view only when they do not capture it),
// edits the scene (drags of the pose boxes, number fields, undo/redo),
// runs the core every frame and draws through package render.
//
// The window-independent parts are plain types with plain tests: App (the
// state and every edit, undoable through History), Drag (the drag math of
// seed 004's collision debugger), Shape (radii and rotation of the
// ellipsoid), pickHandle, and the session file.
//
// Debugging aids beyond the inspector (issue 6), also with plain tests:
// Opinions (the core's first contact beside the unit-space method and the
// numeric oracle, and the hit triangle's rejected candidates, cached per
// scene revision), Probe (the scene moved up to 1e7 along (1,1,1) on a
// copy, and the drift of T and the contact point), the Hunt button
// (package hunt in the background), and play mode: Player walks the
// ellipsoid with the core's slide at PlayTPS, Timeline keeps the last 10
// seconds of ticks for stepping, scrubbing and inspecting.
//
// With SWEEPDBG_DEBUG_PRINT=1 in the environment the window prints the
// screen positions of the start and end poses, the hovered pose and the
// mouse mode to stdout whenever they change (see printPoses), and the
// play state when play starts, pauses or stops (see printPlay); the
// end-to-end test in cmd/debugger drives the real window with it.
package ui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"

	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/render"
	"sweepdbg/scene"
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
	Fresh bool   // ignore the autosaved session
	// ConfigDir holds session.json; "" means os.UserConfigDir()/sweepdbg.
	ConfigDir string
}

// Run opens the debugger window and returns when it closes. The session
// (scene, poses, camera, View settings, recent files) is restored from the
// config directory unless opt.Fresh, saved every few seconds while it
// changes and once more on exit. An unknown built-in scene name is an
// error before the window opens; a bad File is reported in the window,
// which then shows the default scene.
func Run(opt Options) error {
	g, err := setup(opt)
	if err != nil {
		return err
	}
	ebiten.SetWindowTitle(windowTitle)
	ebiten.SetWindowSize(defaultW, defaultH)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetRunnableOnUnfocused(true)
	err = ebiten.RunGame(g)
	if g.loading != nil {
		g.loading.Cancel()
	}
	g.autosave(true)
	return err
}

// setup builds the game for Run: the session (unless Fresh), then the
// scene asked for, else the session's scene, else the default scene.
func setup(opt Options) (*game, error) {
	app := &App{}
	var sess *Session
	path, err := sessionPath(opt.ConfigDir)
	if err != nil {
		app.Fail(err)
	} else if !opt.Fresh {
		if sess, err = loadSession(path); err != nil {
			app.Fail(fmt.Errorf("ignored the saved session: %w", err))
			sess = nil
		}
	}
	view, grid := render.DefaultOptions(), DefaultGrid
	if sess != nil {
		view, grid = sess.View, sess.Grid
	}
	fromSession := false
	switch {
	case opt.Scene != "" && opt.File == "":
		d, err := builtinDoc(opt.Scene, view, grid)
		if err != nil {
			return nil, err
		}
		app.Doc = d
	case opt.File == "" && sess != nil:
		if d, err := sess.Doc(); err == nil {
			app.Doc, fromSession = d, true
		} else {
			app.Fail(fmt.Errorf("ignored the saved session: %w", err))
		}
	}
	if app.Doc.Scene == nil {
		d, err := builtinDoc(scene.DefaultName, view, grid)
		if err != nil {
			return nil, err
		}
		app.Doc = d
	}
	g := newGame(app)
	g.sessionPath = path
	if sess != nil {
		app.Recent, g.panels.path, g.help = sess.Recent, sess.Path, sess.Help
		if fromSession && sess.Camera.apply(&g.cam) == nil {
			g.framed = true
		}
	}
	g.savedChanged, g.savedCam = app.Changed, cameraState(g.cam)
	if app.Msg == "" {
		app.Say("F1: keys and mouse help")
	}
	if opt.File != "" {
		g.openFile(opt.File)
	}
	return g, nil
}

// builtinDoc opens a built-in scene.
func builtinDoc(name string, view render.Options, grid float64) (Doc, error) {
	s, err := scene.Builtin(name)
	if err != nil {
		return Doc{}, err
	}
	return NewDoc(s, "", view, grid)
}

// ScreenshotOptions configure a one-frame render to PNG.
type ScreenshotOptions struct {
	Scene         string // built-in scene name; "" means the default scene
	File          string // fixture, OBJ or glTF file instead of Scene
	Out           string // PNG path to write
	Width, Height int    // window size in pixels; 0 means 1280x800
}

// shotFrame is the frame Screenshot keeps: a few frames in, so that every
// lazily created GPU resource exists and the panels have laid out.
const shotFrame = 4

// Screenshot renders one frame of the debugger's view (3D view, panels and
// status line, default camera, no session) at the given size to a PNG,
// written atomically. It needs a display (e.g. Xvfb) and, like every
// Ebitengine program, can run only once per process.
func Screenshot(opt ScreenshotOptions) error {
	if opt.Out == "" {
		return errors.New("screenshot: no output path")
	}
	w, h := opt.Width, opt.Height
	if w <= 0 || h <= 0 {
		w, h = defaultW, defaultH
	}
	d, err := screenshotDoc(opt)
	if err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	g := newGame(&App{Doc: d})
	g.fixedW, g.fixedH, g.w, g.h = w, h, w, h
	g.noInput = true
	var shot *image.RGBA
	frames := 0
	g.onDraw = func(screen *ebiten.Image) {
		if frames++; frames == shotFrame {
			shot = readScreen(screen)
			g.done = true
		}
	}
	ebiten.SetWindowTitle(windowTitle + " (screenshot)")
	ebiten.SetWindowSize(w, h)
	ebiten.SetRunnableOnUnfocused(true)
	if err := ebiten.RunGame(g); err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	if shot == nil {
		return errors.New("screenshot: the window closed before a frame was drawn")
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, shot); err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	if err := scene.WriteFile(opt.Out, buf.Bytes(), true); err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	return nil
}

func screenshotDoc(opt ScreenshotOptions) (Doc, error) {
	if opt.File != "" {
		s, err := scene.Open(context.Background(), opt.File, nil)
		if err != nil {
			return Doc{}, err
		}
		return NewDoc(s, opt.File, render.DefaultOptions(), DefaultGrid)
	}
	name := opt.Scene
	if name == "" {
		name = scene.DefaultName
	}
	return builtinDoc(name, render.DefaultOptions(), DefaultGrid)
}
