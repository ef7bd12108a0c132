package ui

import (
	"image"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/render"
	"sweepdbg/scene"
)

// While a pose is dragged, what is drawn over the view is bounded by
// overRects: every panel with the border debugui draws one pixel outside
// it and the status line, opaque; the Scene panel's dropdown list below
// its button, not; a window twice the size (UI scale 2) doubles them;
// with a panel collapsed or the help shown where it draws is not known.
func TestOverRects(t *testing.T) {
	g := newTestGame(t)
	g.scale, g.w, g.h = 1, 1280, 800
	updatePanels(t, g)
	opaque, other, known := g.overRects()
	rs := append(slices.Clip(opaque), other...)
	if !known {
		t.Fatal("where the panels draw is not known with every panel open")
	}
	in := func(r image.Rectangle, rs []image.Rectangle) bool {
		for _, q := range rs {
			if r.In(q) {
				return true
			}
		}
		return false
	}
	for _, name := range panelNames {
		if b := g.panels.shown[name]; b.Empty() || !in(b.Inset(-1), opaque) {
			t.Errorf("panel %s at %v (with its border) is in none of the opaque %v", name, b, opaque)
		}
	}
	sc := g.panels.shown[panelScene]
	if list := image.Rect(sc.Min.X, sc.Min.Y+30, sc.Max.X, sc.Min.Y+30+12*18); !in(list, rs) {
		t.Errorf("a dropdown list %v under the Scene panel's first row is in none of %v", list, rs)
	}
	if bar := image.Rect(0, g.h-statusH, g.w, g.h); !in(bar, opaque) {
		t.Errorf("the status line %v is in none of the opaque %v", bar, opaque)
	}
	if progress := image.Rect(0, g.h-statusH-1, g.w, g.h-statusH); in(progress, opaque) {
		t.Errorf("the row above the status line %v (the progress bars, translucent) is in the opaque %v", progress, opaque)
	}
	g.scale, g.w, g.h = 2, 2560, 1600
	opaque2, other2, _ := g.overRects()
	rs2 := append(opaque2, other2...)
	if len(rs2) != len(rs) {
		t.Fatalf("at UI scale 2, %v, want as many as %v", rs2, rs)
	}
	for i, r := range rs {
		if want := image.Rect(2*r.Min.X, 2*r.Min.Y, 2*r.Max.X, 2*r.Max.Y); rs2[i] != want {
			t.Errorf("at UI scale 2, rectangle %d is %v, want %v", i, rs2[i], want)
		}
	}
	delete(g.panels.shown, panelView) // as when it is collapsed: not built
	if _, _, known := g.overRects(); known {
		t.Error("with a panel collapsed, overRects claims to know where the layer draws")
	}
	updatePanels(t, g)
	g.run(cmdHelp)
	if _, _, known := g.overRects(); known {
		t.Error("with the help shown, overRects claims to know where the layer draws")
	}
}

// A drag frame drawn through the layer equals the frame drawn whole,
// pixel for pixel: the refresh frames every layerRefresh (the view
// redrawn only where it changed and under the translucent parts, the
// panels copied over their opaque rectangles) equal the whole view with
// the panels drawn over it, the frames between them (the changed part
// of the view outside the panels) the whole view with the panels as last
// drawn, as the pose moves under a panel and out again.
func TestPixelsLayerRefresh(t *testing.T) {
	if !inLoop(t) {
		return
	}
	g := newTestGame(t)
	g.scale, g.w, g.h = 1, 1280, 800
	g.cam.Width, g.cam.Height = g.w, g.h
	g.frameSelection()
	g.app.Refresh()
	updatePanels(t, g)
	g.mode = mouseDrag
	unmanaged := &ebiten.NewImageOptions{Unmanaged: true}
	screen := ebiten.NewImageWithOptions(image.Rect(0, 0, g.w, g.h), unmanaged)
	ref := ebiten.NewImageWithOptions(image.Rect(0, 0, g.w, g.h), unmanaged)
	defer screen.Deallocate()
	defer ref.Deallocate()
	refRend := render.NewRenderer()
	read := func(img *ebiten.Image) *image.RGBA {
		out := image.NewRGBA(img.Bounds())
		img.ReadPixels(out.Pix)
		return out
	}
	g.drawLayered(screen) // the first frame draws everything
	if g.layer.opaque == nil {
		t.Fatal("after the first drag frame the layer knows no opaque rectangle")
	}
	// The start pose, stepped to under the left panel column and back.
	start := g.app.Doc.Scene.Start
	v := g.panels.shown[panelView]
	left := g.cam.Ray(float64(v.Min.X+100), float64(v.Min.Y+100)).At(start.Sub(g.cam.Eye()).Len())
	for i := range 8 {
		k := float64(min(i, 8-i)) / 4
		g.app.Preview(scene.PoseStart, start.Add(left.Sub(start).Mul(k)))
		g.app.Refresh()
		updatePanels(t, g)
		refresh := i%2 == 1
		if refresh {
			g.layer.due = true // as an Update does after layerRefresh
		}
		g.drawLayered(screen)
		f := g.frame()
		refRend.Draw(ref, &f, g.cam, g.app.Doc.View)
		if refresh {
			g.drawOver(ref)
		} else { // the panels as the last refresh drew them
			ref.DrawImage(g.layer.img, nil)
		}
		got, want := read(screen), read(ref)
		if n := countDiff(got, want); n > 0 {
			t.Errorf("step %d (refresh %v): the layered frame differs from the whole one in %d pixels", i, refresh, n)
		}
	}
}

// countDiff counts the pixels of a and b that differ.
func countDiff(a, b *image.RGBA) int {
	n := 0
	for i := 0; i+3 < len(a.Pix); i += 4 {
		if [4]uint8(a.Pix[i:i+4]) != [4]uint8(b.Pix[i:i+4]) {
			n++
		}
	}
	return n
}

// A panel moved this frame (by its title bar) is opaque only where it was
// both before and after the move: debugui draws its frame where it was,
// so the fill must not reach past that frame, and the rest of its place
// is listed as possibly translucent.
func TestMovedPanelFill(t *testing.T) {
	g := newTestGame(t)
	g.scale, g.w, g.h = 1, 1280, 800
	updatePanels(t, g)
	now := g.panels.shown[panelView]
	before := now.Add(image.Pt(40, 0)) // as if it was 40 units right last frame
	g.panels.current[panelView] = before
	updatePanels(t, g)
	if fill, want := g.panels.fill[panelView], now.Intersect(before); fill != want {
		t.Fatalf("moved panel filled at %v, want %v (where it was and is)", fill, want)
	}
	opaque, other, _ := g.overRects()
	if !slices.Contains(other, now.Inset(-1)) || slices.Contains(opaque, now.Inset(-1)) {
		t.Errorf("moved panel %v: opaque %v, other %v; want it among the others only", now, opaque, other)
	}
	updatePanels(t, g) // at rest again: all of it
	if fill := g.panels.fill[panelView]; fill != now {
		t.Errorf("panel at rest filled at %v, want %v", fill, now)
	}
}

// While a pose is dragged with the button held, the panels are built only
// in the first Update that finds the layer due, which stays due until a
// frame draws it; otherwise (no drag, the button released, no layer
// drawn yet) every Update builds them.
func TestBuildPanelsOnlyWhenLayerDue(t *testing.T) {
	t0 := time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)
	var p panelLayer
	if !p.buildNow(true, true, t0) {
		t.Error("no layer drawn yet: the panels must be built")
	}
	p.drawn = t0
	for _, tc := range []struct {
		layered, held bool
		at            time.Duration
		want, due     bool
	}{
		{false, true, 0, true, false},                     // no drag
		{true, false, 0, true, false},                     // the release
		{true, true, 10 * time.Millisecond, false, false}, // a drag frame in between
		{true, true, layerRefresh - 1, false, false},
		{true, true, layerRefresh, true, true},      // due: built, noted
		{true, true, layerRefresh + 1, false, true}, // built already for the coming frame
		{true, false, layerRefresh + 2, true, true}, // the release builds
	} {
		if got := p.buildNow(tc.layered, tc.held, t0.Add(tc.at)); got != tc.want || p.due != tc.due {
			t.Errorf("layered %v, held %v, %v after the layer: build %v, due %v; want %v, %v", tc.layered, tc.held, tc.at, got, p.due, tc.want, tc.due)
		}
	}
	p.drawn, p.due = t0.Add(layerRefresh+2), false // as drawLayered does when it draws the layer
	if p.buildNow(true, true, p.drawn.Add(time.Millisecond)) {
		t.Error("right after the layer was drawn the panels were built again")
	}
}
