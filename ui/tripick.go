package ui

import (
	"image"

	"github.com/ebitengine/debugui"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"sweepdbg/ui/editor"
)

// Triangle picking in the view: the triangle under the cursor (when no
// pose box is) is outlined and described in a tip beside the cursor; a
// click that does not drag selects it, and the Result panel shows its row.

// clickSlop is how far (device pixels) the cursor may move between press
// and release for the press to count as a click, not an orbit.
const clickSlop = 4

// triPick is the triangle picking state of the window.
type triPick struct {
	hover      int  // the triangle under the cursor
	hoverValid bool // hover is set
	pressX     int  // where the left button went down (device pixels)
	pressY     int
}

// hoverTriangle picks the triangle under the cursor (fx, fy) with the
// core's ray cast; none while a pose box is under it.
func (g *game) hoverTriangle(fx, fy float64) {
	g.tri.hoverValid = false
	if g.hover.Valid || g.app.Doc.Scene == nil {
		return
	}
	g.tri.hover, g.tri.hoverValid = editor.PickTriangle(g.app.Doc, g.cam.Ray(fx, fy))
}

// clickTriangle ends an orbit gesture: a release within clickSlop of the
// press selects the triangle under the cursor (or clears the selection
// over empty space).
func (g *game) clickTriangle(x, y int) {
	if max(x-g.tri.pressX, g.tri.pressX-x, y-g.tri.pressY, g.tri.pressY-y) > clickSlop {
		return
	}
	g.hoverTriangle(float64(x), float64(y))
	g.app.SelectTriangle(g.tri.hover, g.tri.hoverValid)
}

// highlights are the triangles the view outlines: hovered and selected.
func (g *game) highlights() []int {
	var out []int
	if g.tri.hoverValid {
		out = append(out, g.tri.hover)
	}
	if s := g.app.Triangle; s.Valid && (!g.tri.hoverValid || s.Index != g.tri.hover) {
		out = append(out, s.Index)
	}
	return out
}

// triangleRows is the selected triangle's row in the Result panel.
func (g *game) triangleRows(ctx *debugui.Context) {
	s := g.app.Triangle
	if !s.Valid {
		return
	}
	if info, ok := editor.InspectTriangle(g.app.Doc, g.app.Result.Answer, s.Index); ok {
		ctx.SetGridLayout([]int{-1}, nil)
		for _, l := range editor.TriangleLines(info) {
			ctx.Text(l)
		}
	}
}

// showTip reports whether the hovered triangle's tip is drawn: not
// during a drag or an orbit, nor over the help (F1) it would cover.
func (g *game) showTip() bool { return g.tri.hoverValid && g.mode == mouseIdle && !g.help }

// drawTriangleTip describes the hovered triangle beside the cursor.
func (g *game) drawTriangleTip(screen *ebiten.Image, sc float64) {
	if !g.showTip() {
		return
	}
	info, ok := editor.InspectTriangle(g.app.Doc, g.app.Result.Answer, g.tri.hover)
	if !ok {
		return
	}
	lines := editor.TriangleLines(info)
	lineH, charW := 14*sc, 6*sc
	w := 0.0
	for _, l := range lines {
		w = max(w, float64(len([]rune(l)))*charW)
	}
	box := g.tipRect(int(w+12*sc), int(float64(len(lines))*lineH+8*sc), sc)
	vector.FillRect(screen, float32(box.Min.X), float32(box.Min.Y), float32(box.Dx()), float32(box.Dy()), colorBar, false)
	for i, l := range lines {
		drawText(screen, l, float64(box.Min.X)+6*sc, float64(box.Min.Y)+4*sc+float64(i)*lineH, sc, colorText)
	}
}

// tipRect places a w x h tip (device pixels) beside the cursor: below
// and right of it, else above right, below left or above left, the first
// that stays in the window above the status line and covers no pose or
// engine label; when none does, below right pulled back into the window.
func (g *game) tipRect(w, h int, sc float64) image.Rectangle {
	area := image.Rect(0, 0, g.w, g.h-int(statusH*sc))
	return tipSpot(image.Pt(g.lastX, g.lastY), w, h, int(16*sc), area, g.rend.LabelRects())
}

// tipSpot is tipRect's choice for the cursor at cur, gap pixels from it,
// inside area and clear of labels.
func tipSpot(cur image.Point, w, h, gap int, area image.Rectangle, labels []image.Rectangle) image.Rectangle {
	for _, at := range []image.Point{
		{cur.X + gap, cur.Y + gap}, {cur.X + gap, cur.Y - gap - h},
		{cur.X - gap - w, cur.Y + gap}, {cur.X - gap - w, cur.Y - gap - h},
	} {
		r := image.Rect(at.X, at.Y, at.X+w, at.Y+h)
		if r.In(area) && !overlapsAny(r, labels) {
			return r
		}
	}
	at := image.Pt(max(min(cur.X+gap, area.Max.X-w), 0), max(min(cur.Y+gap, area.Max.Y-h), 0))
	return image.Rect(at.X, at.Y, at.X+w, at.Y+h)
}

// overlapsAny reports whether r overlaps any of rs.
func overlapsAny(r image.Rectangle, rs []image.Rectangle) bool {
	for _, o := range rs {
		if r.Overlaps(o) {
			return true
		}
	}
	return false
}
