package ui

import (
	"image"
	"testing"
)

// While a pose is dragged, what is drawn over the view is bounded by
// overRects: every panel with the border debugui draws one pixel outside
// it, the Scene panel's dropdown list below its button, the status line
// with the progress bars over it; a window twice the size (UI scale 2)
// doubles them; with a panel collapsed or the help shown where it draws
// is not known.
func TestOverRects(t *testing.T) {
	g := newTestGame(t)
	g.scale, g.w, g.h = 1, 1280, 800
	updatePanels(t, g)
	rs, known := g.overRects()
	if !known {
		t.Fatal("where the panels draw is not known with every panel open")
	}
	in := func(r image.Rectangle) bool {
		for _, q := range rs {
			if r.In(q) {
				return true
			}
		}
		return false
	}
	for _, name := range panelNames {
		if b := g.panels.shown[name]; b.Empty() || !in(b.Inset(-1)) {
			t.Errorf("panel %s at %v (with its border) is in none of %v", name, b, rs)
		}
	}
	sc := g.panels.shown[panelScene]
	if list := image.Rect(sc.Min.X, sc.Min.Y+30, sc.Max.X, sc.Min.Y+30+12*18); !in(list) {
		t.Errorf("a dropdown list %v under the Scene panel's first row is in none of %v", list, rs)
	}
	if bar := image.Rect(0, g.h-statusH-2*progressH, g.w, g.h); !in(bar) {
		t.Errorf("the status line and the progress bars %v are in none of %v", bar, rs)
	}
	g.scale, g.w, g.h = 2, 2560, 1600
	rs2, _ := g.overRects()
	for i, r := range rs {
		if want := image.Rect(2*r.Min.X, 2*r.Min.Y, 2*r.Max.X, 2*r.Max.Y); rs2[i] != want {
			t.Errorf("at UI scale 2, rectangle %d is %v, want %v", i, rs2[i], want)
		}
	}
	delete(g.panels.shown, panelView) // as when it is collapsed: not built
	if _, known := g.overRects(); known {
		t.Error("with a panel collapsed, overRects claims to know where the layer draws")
	}
	updatePanels(t, g)
	g.run(cmdHelp)
	if _, known := g.overRects(); known {
		t.Error("with the help shown, overRects claims to know where the layer draws")
	}
}
