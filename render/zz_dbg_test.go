package render

import (
	"image"
	"os"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

func TestZZDepthDbg(t *testing.T) {
	if os.Getenv("RENDER_DBG") == "" {
		return
	}
	sc := &scene.Scene{Mesh: scene.Mesh{Vertices: []mgl64.Vec3{{-6, 0, -3}, {0, 0, -3}, {0, 0, 2}, {-6, 0, 2}}, Triangles: [][3]int{{0, 1, 2}, {0, 2, 3}}},
		Ellipsoid: sweep.Sphere(0.3), Start: mgl64.Vec3{20, 0, 0}, End: mgl64.Vec3{21, 0, 0}}
	f := &Frame{Scene: sc, Slide: sweep.SlideResult{Final: sc.End}}
	cam := NewCamera(400, 300)
	cam.Target = mgl64.Vec3{-3, 0, 0}
	cam.Pitch = 0.5
	r := NewRenderer()
	img := renderRGBA(t, r, f, cam, DefaultOptions())
	writePNG(t, "/tmp/dbg.png", img)
	d := image.NewRGBA(image.Rect(0, 0, 400, 300))
	r.depth[2].ReadPixels(d.Pix)
	l := &r.lists
	// find the line x = -2 on the floor; sample at z=0
	for _, zz := range []float64{-2, -1, 0, 1} {
		p := mgl64.Vec3{-2, 0, zz}
		q := l.pr.clip(p)
		x, y, z := l.pr.screen(q)
		c := d.RGBAAt(int(x), int(y))
		t.Logf("p %v px (%.2f, %.2f) z %.6f q %.1f stored %d", p, x, y, z, z*16777215, int(c.R)*65536+int(c.G)*256+int(c.B))
	}
}
