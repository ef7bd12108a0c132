package render

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// Labels of poses that project close together are pushed apart until no two
// boxes overlap; labels far apart stay where they were put.
func TestSeparateLabels(t *testing.T) {
	ls := []label{
		{x: 100, y: 100, text: "contact  t = 0.3723  face"},
		{x: 120, y: 104, text: "slide  2 contacts"},
		{x: 125, y: 98, text: "end"},
		{x: 600, y: 100, text: "start"},
	}
	separateLabels(ls)
	for i := range ls {
		if overlapsAny(ls[i], ls[:i]) {
			t.Errorf("label %q still overlaps an earlier one: %+v", ls[i].text, ls)
		}
	}
	if ls[0].y != 100 || ls[3].y != 100 {
		t.Errorf("labels that overlapped nothing moved: %+v", ls)
	}
	if ls[1].y != 104+labelLineH {
		t.Errorf("second label at y = %v, want one line down (%v)", ls[1].y, 104+labelLineH)
	}
}

// A fitted view frames the whole scene when it is about the motion's size,
// and the motion (grown by its own size) when the scene dwarfs it.
func TestFocusBounds(t *testing.T) {
	s := &scene.Scene{
		Mesh:      scene.Mesh{Vertices: []mgl64.Vec3{{-3, 0, -3}, {3, 0, -3}, {0, 0, 3}}, Triangles: [][3]int{{0, 1, 2}}},
		Ellipsoid: sweep.Sphere(0.5), Start: mgl64.Vec3{0, 2, 0}, End: mgl64.Vec3{1, 2, 0},
	}
	f := &Frame{Scene: s}
	if got, want := FocusBounds(f), FrameBounds(f); got != want {
		t.Errorf("small scene: FocusBounds = %v, want the whole scene %v", got, want)
	}
	s.Mesh.Vertices = []mgl64.Vec3{{-300, 0, -300}, {300, 0, -300}, {0, 0, 300}}
	want := geom.AABB{Min: mgl64.Vec3{-2.5, 0.5, -1.5}, Max: mgl64.Vec3{3.5, 3.5, 1.5}} // poses [-0.5,1.5,-0.5]..[1.5,2.5,0.5], size (2,1,1)
	if got := FocusBounds(f); got.Min.Sub(want.Min).Len() > 1e-12 || got.Max.Sub(want.Max).Len() > 1e-12 {
		t.Errorf("huge scene: FocusBounds = %v, want the motion grown by its size %v", got, want)
	}
}
