package render

import (
	"image"
	"image/color"
	"testing"

	"sweepdbg/render/view"
	"sweepdbg/scene"
)

// The legend shows a swatch of every pose colour inside its panel, and the
// axis gizmo draws its three axis colours in the free area's bottom-right
// corner, clear of the panels the Inset leaves out.
func TestPixelsLegendAndGizmo(t *testing.T) {
	needDisplay(t)
	f := coreFrame(t, scene.DefaultName)
	f.Legend = Legend(view.Default())
	f.Inset = image.Rect(100, 0, 700, 560)
	r := NewRenderer()
	img := renderRGBA(t, r, f, FitView(f, 800, 600), view.Default())
	lr := r.Lists().legendRect
	if lr.Empty() || !lr.In(f.Inset) {
		t.Fatalf("legend panel at %v, want one inside the free area %v", lr, f.Inset)
	}
	for _, p := range []scene.Pose{scene.PoseStart, scene.PoseEnd, scene.PoseContact, scene.PoseSlide} {
		if n := countIn(exactPixels(img, PoseColor(p)), lr); n < 20 {
			t.Errorf("legend: %d exact %s-colour pixels in its panel %v, want at least 20", n, p, lr)
		}
	}
	corner := image.Rect(f.Inset.Max.X-2*gizmoMargin, f.Inset.Max.Y-2*gizmoMargin, f.Inset.Max.X, f.Inset.Max.Y)
	for name, c := range map[string]color.RGBA{"X": colAxisX, "Y": colAxisY, "Z": colAxisZ} {
		if n := countIn(exactPixels(img, c), corner); n < 10 {
			t.Errorf("gizmo: %d exact pixels of the %s axis colour in %v, want at least 10", n, name, corner)
		}
	}
	if n := countBright(img, image.Rect(f.Inset.Min.X, 0, f.Inset.Min.X+200, 40)); n < 20 {
		t.Errorf("view name: %d bright pixels at the free area's top left, want text", n)
	}
}

// countIn counts the points inside r.
func countIn(ps []image.Point, r image.Rectangle) int {
	n := 0
	for _, p := range ps {
		if p.In(r) {
			n++
		}
	}
	return n
}
