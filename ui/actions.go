package ui

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/scene"
)

// openBuiltin makes the named built-in scene current (one undo step) and
// fits the camera to it.
func (g *game) openBuiltin(name string) {
	d, err := builtinDoc(name, g.app.Doc.View, g.app.Doc.Grid)
	if err != nil {
		g.app.Fail(fmt.Errorf("open built-in %q: %w", name, err))
		return
	}
	g.stopPlay()
	g.app.Load(d)
	g.fitScene()
	g.hasSelection = false
}

// openFile starts loading path in the background (a load already running
// is cancelled); pollLoad makes it current when done.
func (g *game) openFile(path string) {
	if path == "" {
		g.app.Fail(errors.New("open: type a file path first (.json fixture, .obj, .gltf or .glb)"))
		return
	}
	if g.loading != nil {
		g.loading.Cancel()
	}
	g.panels.path = path
	g.loading = startLoad(path, g.app.Doc.View, g.app.Doc.Grid)
	g.app.Say("loading %s", path)
}

// pollLoad finishes a background load: the new scene becomes current, or
// the error is shown and the open scene stays.
func (g *game) pollLoad() {
	if g.loading == nil || g.mode == mouseDrag { // a finished load waits for the drag to end
		return
	}
	res, ok := g.loading.Poll()
	if !ok {
		return
	}
	g.loading = nil
	if res.err != nil {
		g.app.Fail(res.err)
		return
	}
	g.stopPlay()
	g.app.Load(res.doc)
	g.fitScene()
	g.hasSelection = false
}

// reload opens the current scene's file again, or the built-in again.
func (g *game) reload() {
	d := g.app.Doc
	switch {
	case d.Source != "":
		g.openFile(d.Source)
	case d.Scene != nil:
		g.openBuiltin(d.Scene.Name)
	}
}

// export writes the current moment as a fixture into ./fixtures.
func (g *game) export() {
	path, err := g.app.ExportFixture(g.exportDir, time.Now())
	if err != nil {
		g.app.Fail(err)
		return
	}
	g.app.Say("exported %s", path)
}

// saveShot reads the finished frame and writes it as a PNG into
// ./screenshots under a fresh name, encoding in the background.
func (g *game) saveShot(screen *ebiten.Image) {
	img := readScreen(screen)
	go func() {
		var buf bytes.Buffer
		err := png.Encode(&buf, img)
		var path string
		if err == nil {
			path, err = scene.WriteFresh(screenshotDir, "screenshot", ".png", buf.Bytes(), time.Now())
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

// autosave writes the session when something changed and a few seconds
// passed, in the background; final (on exit) writes at once and waits.
func (g *game) autosave(final bool) {
	if g.sessionPath == "" || g.app.Doc.Scene == nil || (g.saving && !final) {
		return
	}
	cs := cameraState(g.cam)
	if g.app.Changed == g.savedChanged && cs == g.savedCam && !final {
		return
	}
	if !final && time.Since(g.lastSave) < autosaveEvery {
		return
	}
	d, cam, recent, field, help := g.app.Doc, g.cam, append([]string(nil), g.app.Recent...), g.panels.path, g.help
	path := g.sessionPath
	save := func() error { // d is an immutable snapshot: safe to encode off the frame loop
		g.saveMu.Lock() // a final save waits for a background one, then overwrites it
		defer g.saveMu.Unlock()
		s, err := newSession(d, cam, recent, field, help, &g.sceneCache)
		if err == nil {
			err = saveSession(path, s)
		}
		return err
	}
	g.savedChanged, g.savedCam, g.lastSave = g.app.Changed, cs, time.Now()
	if final {
		if err := save(); err != nil {
			g.app.Fail(err)
		}
		return
	}
	g.saving = true
	go func() {
		err := save()
		g.post(func() {
			g.saving = false
			if err != nil {
				g.app.Fail(err)
			}
		})
	}()
}
