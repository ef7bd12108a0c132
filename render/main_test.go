package render

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/render/view"
)

// The pixel tests need a GL context, which Ebitengine provides only inside
// its game loop on the main thread. TestMain therefore runs every test from
// the first Update of a tiny game when a display is available. Without one
// (DISPLAY unset) the tests run plainly: the logic tests and the benchmark
// pass, and every pixel test fails saying to use xvfb-run:
//
//	xvfb-run -a -s "-screen 0 1600x1000x24" go test ./render
//
// (`make test` does this.)

var (
	displayOK bool
	shotPath  = flag.String("shot", "", "write the default scene's rendered frame to this PNG")
)

type testGame struct {
	m    *testing.M
	code int
}

func (g *testGame) Update() error {
	g.code = g.m.Run()
	return ebiten.Termination
}

func (g *testGame) Draw(*ebiten.Image) {}

func (g *testGame) Layout(int, int) (int, int) { return 64, 64 }

func TestMain(m *testing.M) {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		os.Exit(m.Run())
	}
	displayOK = true
	ebiten.SetWindowSize(64, 64)
	ebiten.SetWindowTitle("render tests")
	ebiten.SetRunnableOnUnfocused(true)
	g := &testGame{m: m, code: 1}
	if err := ebiten.RunGame(g); err != nil {
		fmt.Fprintln(os.Stderr, "render tests: cannot start the Ebitengine game loop:", err)
		os.Exit(1)
	}
	os.Exit(g.code)
}

// needDisplay fails a pixel test that has no GL context.
func needDisplay(t *testing.T) {
	t.Helper()
	if !displayOK {
		t.Fatal(`this pixel test needs a display (DISPLAY is unset): run it under Xvfb, ` +
			`xvfb-run -a -s "-screen 0 1600x1000x24" go test ./render (make test does)`)
	}
}

// renderRGBA draws f with a fresh renderer into a cam-sized image and
// reads it back.
func renderRGBA(t *testing.T, r *Renderer, f *Frame, cam Camera, opt view.Options) *image.RGBA {
	t.Helper()
	needDisplay(t)
	if r == nil {
		r = NewRenderer()
	}
	if r.err != nil {
		t.Fatal(r.err)
	}
	dst := ebiten.NewImage(cam.Width, cam.Height)
	defer dst.Deallocate()
	r.Draw(dst, f, cam, opt)
	img := image.NewRGBA(image.Rect(0, 0, cam.Width, cam.Height))
	dst.ReadPixels(img.Pix)
	return img
}

// writePNG saves img to path (creating its directory).
func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	fh, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	if err := png.Encode(fh, img); err != nil {
		t.Fatal(err)
	}
}
