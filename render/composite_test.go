package render

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/render/view"
	"sweepdbg/scene"
)

// While only the poses move the scene is rasterised once and the poses
// are composited against it, and the composite matches a frame drawn from
// scratch; moving the camera or toggling edges rasterises it again.
func TestPixelsSceneCache(t *testing.T) {
	needDisplay(t)
	f := coreFrame(t, scene.DefaultName)
	cam := FitView(f, 480, 300)
	opt := view.Default()
	r := NewRenderer()
	renderRGBA(t, r, f, cam, opt)
	f.Scene.Start = f.Scene.Start.Add(mgl64.Vec3{0.3, 0, 0.2})
	f.Answer = f.Mesh.Answer(f.Scene.Ellipsoid, f.Scene.Start, f.Scene.End, f.Scene.SlideOptions())
	cached := renderRGBA(t, r, f, cam, opt)
	if r.cache.draws != 1 {
		t.Errorf("after a pose moved the scene was rasterised %d times, want once", r.cache.draws)
	}
	fresh := renderRGBA(t, nil, f, cam, opt)
	if n := countDiff(cached, fresh, cached.Bounds()); n > cached.Bounds().Dx()*cached.Bounds().Dy()/200 {
		t.Errorf("the composited frame differs from one drawn from scratch in %d pixels", n)
	}
	if n := len(exactPixels(cached, ColorStart)); n < 20 {
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
	needDisplay(t)
	f := coreFrame(t, scene.DefaultName)
	cam := FitView(f, 480, 300)
	opt := view.Default()
	r := NewRenderer()
	renderRGBA(t, r, f, cam, opt)
	for _, d := range []mgl64.Vec3{{1.5, 0.5, 0}, {-3, 0, 1}, {0, 0, 0.01}} {
		f.Scene.Start = f.Scene.Start.Add(d)
		f.Scene.End = f.Scene.End.Sub(d)
		f.Answer = f.Mesh.Answer(f.Scene.Ellipsoid, f.Scene.Start, f.Scene.End, f.Scene.SlideOptions())
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
					for _, e := range r.lists.ells {
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
