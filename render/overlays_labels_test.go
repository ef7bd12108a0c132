package render

import (
	"image"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/render/view"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// Labels of poses that project close together are placed around them so
// that no two labels overlap, no label covers any pose's box, all stay in
// the view, and a label with room beside its pose keeps that spot.
func TestPlaceLabels(t *testing.T) {
	view := rect{0, 0, 800, 600}
	ls := []label{
		{text: "contact  t = 0.3723  face", pose: rect{100, 100, 160, 160}},
		{text: "slide  2 contacts", pose: rect{150, 110, 210, 170}},
		{text: "end", pose: rect{190, 90, 250, 150}},
		{text: "start", pose: rect{600, 300, 640, 340}},
		{text: "corner", pose: rect{760, 560, 800, 600}},
	}
	var poses []rect
	for _, lb := range ls {
		poses = append(poses, lb.pose)
	}
	placeLabels(ls, poses, view)
	checkLabels(t, ls, poses, view)
	if got := ls[3].box(); got.x0 != 640+labelGap {
		t.Errorf("the lone start label moved from beside its pose: %+v", got)
	}
}

// checkLabels fails unless the labels are in view and overlap neither each
// other nor any of the pose boxes.
func checkLabels(t *testing.T, ls []label, poses []rect, view rect) {
	t.Helper()
	for i, lb := range ls {
		b := lb.box()
		if !b.inside(view) {
			t.Errorf("label %q at %+v leaves the view %+v", lb.text, b, view)
		}
		if overlapsAny(lb, ls[:i]) {
			t.Errorf("label %q overlaps an earlier label: %+v", lb.text, ls)
		}
		for _, p := range poses {
			if b.overlaps(p) {
				t.Errorf("label %q at %+v covers the pose box %+v", lb.text, b, p)
			}
		}
	}
}

// In every built-in scene's fitted view the pose labels overlap neither
// each other nor any pose, and each has a leader line; with panels over
// the view (an 800x500 window's Inset) they stay in the free part.
func TestBuiltinLabelsClear(t *testing.T) {
	for _, name := range scene.Builtins() {
		f := coreFrame(t, name)
		var l drawLists
		l.Build(f, FitView(f, 1280, 800), view.Default())
		var poses []rect
		for _, lb := range l.labels {
			poses = append(poses, lb.pose)
		}
		checkLabels(t, l.labels, poses, rect{0, 0, 1280, 800})
		f.Inset = image.Rect(270, 0, 530, 480)
		cam := FitView(f, 800, 500)
		cam.Distance *= 800.0 / 260 // as the window fits the view to its free part
		var small drawLists
		small.Build(f, cam, view.Default())
		for _, lb := range small.labels {
			if b := lb.box(); !b.inside(rect{270, 0, 530, 480}) {
				t.Errorf("%s at 800x500: label %q at %v leaves the free area", name, lb.text, b)
			}
		}
		if len(l.labels) < 2 {
			t.Errorf("%s: %d pose labels, want at least start and end", name, len(l.labels))
		}
	}
}

// A fitted view frames the whole scene when it is about the motion's size,
// and the motion (grown by half its size) when the scene dwarfs it.
func TestFocusBounds(t *testing.T) {
	s := &scene.Scene{
		Mesh:   scene.Mesh{Vertices: []mgl64.Vec3{{-3, 0, -3}, {3, 0, -3}, {0, 0, 3}}, Triangles: [][3]int{{0, 1, 2}}},
		Motion: sweep.Motion{Shape: sweep.EllipsoidShape(sweep.Sphere(0.5)), Start: mgl64.Vec3{0, 2, 0}, End: mgl64.Vec3{1, 2, 0}},
	}
	f := &Frame{Scene: s}
	if got, want := FocusBounds(f), frameBounds(f); got != want {
		t.Errorf("small scene: FocusBounds = %v, want the whole scene %v", got, want)
	}
	s.Mesh.Vertices = []mgl64.Vec3{{-300, 0, -300}, {300, 0, -300}, {0, 0, 300}}
	want := geom.AABB{Min: mgl64.Vec3{-1.5, 1, -1}, Max: mgl64.Vec3{2.5, 3, 1}} // poses [-0.5,1.5,-0.5]..[1.5,2.5,0.5], size (2,1,1)
	if got := FocusBounds(f); got.Min.Sub(want.Min).Len() > 1e-12 || got.Max.Sub(want.Max).Len() > 1e-12 {
		t.Errorf("huge scene: FocusBounds = %v, want the motion grown by half its size %v", got, want)
	}
}
