package ui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/internal/atomicfile"
	"sweepdbg/render/view"
	"sweepdbg/scene"
	"sweepdbg/ui/editor"
)

// Screenshots: F12 in the window (saveShot), and the one-frame screenshot
// mode of the screenshot command (Screenshot).

// screenshotDir is where F12 writes screenshots, relative to the working
// directory.
const screenshotDir = "screenshots"

// shotMode is the screenshot command's hold on the game: a fixed screen
// size, no input, a reader of each finished frame and a way to end the
// game. The zero value is the interactive window.
type shotMode struct {
	fixedW, fixedH int                        // the screen size in pixels; 0: follow the window
	noInput        bool                       // ignore mouse and keys
	onDraw         func(screen *ebiten.Image) // reads each finished frame; nil in the window
	done           bool                       // Update returns ebiten.Termination
}

// ScreenshotOptions configure a one-frame render to PNG.
type ScreenshotOptions struct {
	Scene         string // built-in scene name; "" means the default scene
	File          string // fixture, OBJ or glTF file instead of Scene
	Out           string // PNG path to write
	Width, Height int    // window size in pixels; 0 means 1280x800
	// Kind turns the scene's shape into this kind (editor.Doc.WithKind)
	// before the frame is drawn: "ellipsoid", "capsule" or "box"; ""
	// keeps the scene's.
	Kind string
}

// shotFrame is the frame Screenshot keeps: a few frames in, so that every
// lazily created GPU resource exists and the panels have laid out.
const shotFrame = 4

// InputError is Screenshot's error for a scene it cannot show: an
// invalid or unreadable file (the error is then also a *scene.Error) or an
// unknown built-in scene. Its message is Err's.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *InputError) Unwrap() error { return e.Err }

// Screenshot renders one frame of the debugger's view (3D view, panels and
// status line, default camera, no session) at the given size to a PNG,
// written atomically. A scene it cannot show is an *InputError; other
// errors are about the window or the output. It needs a display (e.g. Xvfb) and, like every
// Ebitengine program, can run only once per process.
func Screenshot(opt ScreenshotOptions) error {
	if opt.Out == "" {
		return errors.New("no output path")
	}
	w, h := opt.Width, opt.Height
	if w <= 0 || h <= 0 {
		w, h = defaultW, defaultH
	}
	d, note, err := screenshotDoc(opt)
	if err == nil && opt.Kind != "" {
		d, err = withKindName(d, opt.Kind)
	}
	if err != nil {
		return &InputError{Err: err}
	}
	g := newGame(&editor.App{Doc: d})
	if note != "" {
		g.app.Say("%s", note)
	}
	g.w, g.h = w, h
	var shot *image.RGBA
	frames := 0
	g.shot = shotMode{fixedW: w, fixedH: h, noInput: true, onDraw: func(screen *ebiten.Image) {
		if frames++; frames == shotFrame {
			shot = readScreen(screen)
			g.shot.done = true
		}
	}}
	ebiten.SetWindowTitle(windowTitle + " (screenshot)")
	ebiten.SetWindowSize(w, h)
	ebiten.SetRunnableOnUnfocused(true)
	if err := ebiten.RunGame(g); err != nil {
		return err
	}
	if shot == nil {
		return errors.New("the window closed before a frame was drawn")
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, shot); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(opt.Out, buf.Bytes(), true); err != nil {
		return err
	}
	return nil
}

// screenshotDoc opens what opt names as the window would (a level file
// upright with a player-sized ellipsoid: editor.Open) and returns it with
// the note for the status line (what was guessed; "" for a fixture or a
// built-in scene).
func screenshotDoc(opt ScreenshotOptions) (editor.Doc, string, error) {
	if opt.File != "" {
		res := editor.Open(context.Background(), opt.File, view.Default(), editor.DefaultGrid, editor.UpAuto, editor.OpenHooks{})
		return res.Doc, res.Note, res.Err
	}
	name := opt.Scene
	if name == "" {
		name = scene.DefaultName
	}
	d, err := builtinDoc(name, view.Default(), editor.DefaultGrid)
	return d, "", err
}

// withKindName is d with its shape turned into the kind named name.
func withKindName(d editor.Doc, name string) (editor.Doc, error) {
	k, err := editor.SessionShape{Kind: name}.Shape()
	if err != nil {
		return d, err
	}
	return d.WithKind(k.Kind), nil
}

// saveShot reads the finished frame and writes it as a PNG into
// ./screenshots under a fresh name (a download in a browser), encoding
// in the background.
func (g *game) saveShot(screen *ebiten.Image) {
	img := readScreen(screen)
	go func() {
		var buf bytes.Buffer
		err := png.Encode(&buf, img)
		var path string
		if err == nil {
			path, err = writeFresh(screenshotDir, "screenshot", ".png", buf.Bytes(), time.Now())
		}
		g.post(func() {
			if err != nil {
				g.app.Fail(fmt.Errorf("screenshot: %w", err))
				return
			}
			g.app.Say("screenshot %s", path)
		})
	}()
}

// readScreen copies the screen's pixels into an opaque RGBA image.
func readScreen(screen *ebiten.Image) *image.RGBA {
	b := screen.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	screen.ReadPixels(img.Pix)
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 0xff // the window is opaque; keep the PNG so
	}
	return img
}
