package render

import (
	"fmt"
	"image"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/internal/testenv"
	"sweepdbg/render/view"
	"sweepdbg/scene"
)

// While only the poses move the scene is rasterised once and the poses
// are composited against it, and the composite matches a frame drawn from
// scratch; moving the camera or toggling edges rasterises it again.
func TestPixelsSceneCache(t *testing.T) {
	f, cam, opt := smallDefaultView(t)
	r := NewRenderer()
	renderRGBA(t, r, f, cam, opt)
	f.Scene.Start = f.Scene.Start.Add(mgl64.Vec3{0.3, 0, 0.2})
	answerAgain(f)
	cached := renderRGBA(t, r, f, cam, opt)
	if r.cache.draws != 1 {
		t.Errorf("after a pose moved the scene was rasterised %d times, want once", r.cache.draws)
	}
	fresh := renderRGBA(t, nil, f, cam, opt)
	if n := testenv.CountDiff(cached, fresh); n > cached.Bounds().Dx()*cached.Bounds().Dy()/200 {
		t.Errorf("the composited frame differs from one drawn from scratch in %d pixels", n)
	}
	if n := len(exactPixels(cached, colorStart)); n < 20 {
		t.Errorf("the moved start pose: %d exact pixels, want at least 20", n)
	}
	cam.Orbit(10, 0)
	renderRGBA(t, r, f, cam, opt)
	opt.Edges = false
	renderRGBA(t, r, f, cam, opt)
	if r.cache.draws != 3 {
		t.Errorf("after an orbit and an edge toggle the scene was rasterised %d times in all, want 3", r.cache.draws)
	}
}

// The poses' depth images hold depth only inside the current poses'
// rectangles: what last frame's poses wrote elsewhere is cleared.
func TestPixelsPoseDepthCleared(t *testing.T) {
	f, cam, opt := smallDefaultView(t)
	r := NewRenderer()
	renderRGBA(t, r, f, cam, opt)
	for _, d := range []mgl64.Vec3{{1.5, 0.5, 0}, {-3, 0, 1}, {0, 0, 0.01}} {
		f.Scene.Start = f.Scene.Start.Add(d)
		f.Scene.End = f.Scene.End.Sub(d)
		answerAgain(f)
		renderRGBA(t, r, f, cam, opt)
		for pass, img := range r.depth {
			px := make([]byte, 4*cam.Width*cam.Height)
			img.ReadPixels(px)
			n := 0
			for y := 0; y < cam.Height; y++ {
				for x := 0; x < cam.Width; x++ {
					if px[4*(y*cam.Width+x)+3] == 0 {
						continue
					}
					inside := false
					for _, e := range r.lists.shapes {
						if !e.ghost && float64(x) >= e.x0-1 && float64(x) < e.x1+1 && float64(y) >= e.y0-1 && float64(y) < e.y1+1 {
							inside = true
						}
					}
					if !inside {
						n++
					}
				}
			}
			if n > 0 {
				t.Errorf("after moving the poses by %v, depth image %c holds %d pixels outside the poses' rectangles", d, 'A'+pass, n)
			}
		}
	}
}

// DrawChanged, drawing only the part of the view that changed over the
// last frame left in its destination, gives the picture Draw gives (on a
// renderer that drew the same frames), pose moves after pose moves; with
// nothing changed it draws nothing, and after an orbit it draws all.
func TestPixelsDrawChanged(t *testing.T) {
	f, cam, opt := smallDefaultView(t)
	part, whole := NewRenderer(), NewRenderer()
	dst, ref := screenPair(t, cam.Width, cam.Height)
	part.Draw(dst, f, cam, opt)
	whole.Draw(ref, f, cam, opt) // the same frames: the same kept depth planes
	if r := part.DrawChanged(dst, f, cam, opt); !r.Empty() {
		t.Errorf("nothing changed, yet DrawChanged drew %v", r)
	}
	for i, d := range []mgl64.Vec3{{0.05, 0, 0}, {0.05, 0.02, 0}, {0, 0, -0.04}} {
		f.Scene.Start = f.Scene.Start.Add(d)
		answerAgain(f)
		r := part.DrawChanged(dst, f, cam, opt)
		if r.Empty() || r == dst.Bounds() {
			t.Errorf("move %d: DrawChanged drew %v, want a part of the view", i, r)
		}
		whole.Draw(ref, f, cam, opt)
		expectSamePixels(t, dst, ref, fmt.Sprintf("move %d: the frame drawn in part (drew %v)", i, r))
	}
	cam.Orbit(10, 0)
	if r := part.DrawChanged(dst, f, cam, opt); r != dst.Bounds() {
		t.Errorf("after an orbit DrawChanged drew %v, want the whole view", r)
	}
}

// diffBox is the bounding box of the pixels where a and b differ.
func diffBox(a, b *image.RGBA) image.Rectangle {
	var box image.Rectangle
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box
}

// screenPair returns two w x h images made like the screen (unmanaged:
// off the shared atlas), freed when the test ends: one drawn in parts,
// one drawn whole for reference.
func screenPair(t *testing.T, w, h int) (dst, ref *ebiten.Image) {
	unmanaged := &ebiten.NewImageOptions{Unmanaged: true}
	dst = ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), unmanaged)
	ref = ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), unmanaged)
	t.Cleanup(func() { dst.Deallocate(); ref.Deallocate() })
	return dst, ref
}

// readImage returns img's pixels.
func readImage(img *ebiten.Image) *image.RGBA {
	out := image.NewRGBA(img.Bounds())
	img.ReadPixels(out.Pix)
	return out
}

// expectSamePixels fails the test, saving both pictures, when got and
// want differ in any pixel; what names the frame in the message.
func expectSamePixels(t *testing.T, got, want *ebiten.Image, what string) {
	t.Helper()
	g, w := readImage(got), readImage(want)
	if n := testenv.CountDiff(g, w); n > 0 {
		dir := t.TempDir()
		writePNG(t, filepath.Join(dir, "got.png"), g)
		writePNG(t, filepath.Join(dir, "want.png"), w)
		t.Errorf("%s differs from the whole one in %d pixels, within %v (pictures in %s)", what, n, diffBox(g, w), dir)
	}
}

// smallDefaultView is the default scene's frame with the core's answer,
// its fitted camera at 480x300 and the default view options, for the
// pixel tests (which need a display).
func smallDefaultView(t *testing.T) (*Frame, Camera, view.Options) {
	needDisplay(t)
	f := coreFrame(t, scene.DefaultName)
	return f, FitView(f, 480, 300), view.Default()
}

// answerAgain gives f the core's answer for its scene's current motion.
func answerAgain(f *Frame) {
	f.Answer = f.Mesh.Answer(f.Scene.Motion)
}
