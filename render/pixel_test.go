package render

import (
	"testing"

	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// coreFrame loads the built-in scene name and runs the real core on it,
// as the ui does every frame.
func coreFrame(t testing.TB, name string) *Frame {
	t.Helper()
	sc, err := scene.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	m := sweep.NewMesh(sc.Mesh.Tris())
	f := &Frame{Scene: sc, Mesh: m}
	f.Hit, f.HasHit = m.Sweep(sc.Ellipsoid, sc.Start, sc.End.Sub(sc.Start))
	opt := sweep.SlideOptions{}
	if sc.Slide != nil {
		opt = *sc.Slide
	}
	f.Slide = m.Slide(sc.Ellipsoid, sc.Start, sc.End, opt)
	return f
}

func TestPixelsDefaultScene(t *testing.T) {
	needDisplay(t)
	f := coreFrame(t, scene.DefaultName)
	cam := FitView(f, 1280, 800)
	img := renderRGBA(t, nil, f, cam, DefaultOptions())
	if *shotPath != "" {
		writePNG(t, *shotPath, img)
	}
}
