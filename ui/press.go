package ui

import (
	"image"

	"github.com/ebitengine/debugui"
	"github.com/hajimehoshi/ebiten/v2"
)

// Buttons and checkboxes fire only for a press inside them. debugui gives
// a press to the widget the pointer was over at its previous Update
// (its hover is updated as each widget is laid out), so a move and a
// press within one tick (a quick click after the window rested at
// idleTPS, or scripted input) would fire the widget the pointer just
// left, as well as the one it is on. Each widget here sits in a grid cell
// whose bounds are known, and its handler runs only when the pointer is
// inside them now.

// button is ctx.Button(label).On(f) for presses inside the button.
func (g *game) button(ctx *debugui.Context, label string, f func()) {
	g.pressCell(ctx, label, func(image.Rectangle) debugui.EventHandler { return ctx.Button(label) }, f)
}

// checkbox is ctx.Checkbox(state, label).On(f) for presses inside the
// checkbox. A press elsewhere that debugui gave it still flips *state:
// callers pass a copy of the model's value, which f alone applies.
func (g *game) checkbox(ctx *debugui.Context, state *bool, label string, f func()) {
	g.pressCell(ctx, label, func(image.Rectangle) debugui.EventHandler { return ctx.Checkbox(state, label) }, f)
}

// pressCell lays out the widget w makes (given the cell's bounds) alone in
// the next grid cell, scoped by key (a widget's ID is its call site, here
// the same for all), and runs f when it fires with the pointer inside the
// cell.
func (g *game) pressCell(ctx *debugui.Context, key string, w func(b image.Rectangle) debugui.EventHandler, f func()) {
	ctx.GridCell(func(b image.Rectangle) {
		ctx.SetGridLayout([]int{-1}, []int{b.Dy()})
		ctx.IDScope(key, func() {
			w(b).On(func() {
				if g.pointerIn(b) {
					f()
				}
			})
		})
	})
}

// pointerIn reports whether the mouse pointer is inside b (debugui units).
func (g *game) pointerIn(b image.Rectangle) bool {
	x, y := ebiten.CursorPosition()
	s := g.uiScale()
	return image.Pt(x/s, y/s).In(b)
}
