package render

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/render/view"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// A scene far from the world's origin draws its poses with the grid on:
// the built-in wall-ramp-far (1e5 away), and the default scene moved 1e7
// away, each show all four pose colours from the fitted view.
func TestPixelsFarScene(t *testing.T) {
	needDisplay(t)
	far := shiftedFrame(t, scene.DefaultName, mgl64.Vec3{1e7, 1e7, -1e7})
	for name, f := range map[string]*Frame{"wall-ramp-far": coreFrame(t, "wall-ramp-far"), "wall-ramp at 1e7": far} {
		img := renderRGBA(t, nil, f, FitView(f, 640, 400), view.Default())
		for _, p := range []scene.Pose{scene.PoseStart, scene.PoseEnd, scene.PoseContact, scene.PoseSlide} {
			if n := len(exactPixels(img, PoseColor(p))); n < 20 {
				t.Errorf("%s: %s pose colour: %d exact pixels, want at least 20", name, p, n)
			}
		}
	}
}

// shiftedFrame is the built-in scene name moved by d, with the core's
// answer there.
func shiftedFrame(t testing.TB, name string, d mgl64.Vec3) *Frame {
	t.Helper()
	sc, err := scene.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	vs := make([]mgl64.Vec3, len(sc.Mesh.Vertices))
	for i, v := range sc.Mesh.Vertices {
		vs[i] = v.Add(d)
	}
	sc.Mesh.Vertices = vs
	sc.Start, sc.End = sc.Start.Add(d), sc.End.Add(d)
	m := sweep.NewMesh(sc.Mesh.Tris())
	return &Frame{Scene: sc, Mesh: m, Answer: m.Answer(sc.Motion)}
}
