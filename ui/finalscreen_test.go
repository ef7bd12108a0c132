package ui

import (
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/internal/testenv"
)

// The window's final copy (game.DrawFinalScreen) puts the same pixels on
// the framebuffer as Ebitengine's default over the black it fills the
// framebuffer with: opaque, translucent and transparent pixels alike, at
// the framebuffer's origin or moved by whole pixels; and a scaled screen
// is drawn by the default.
func TestPixelsFinalScreen(t *testing.T) {
	if !inLoop(t) {
		return
	}
	g := newTestGame(t)
	const w, h = 64, 48
	unmanaged := &ebiten.NewImageOptions{Unmanaged: true}
	src := ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), unmanaged)
	defer src.Deallocate()
	src.Fill(color.RGBA{40, 60, 80, 255})
	src.SubImage(image.Rect(8, 8, 30, 30)).(*ebiten.Image).Fill(color.RGBA{100, 20, 10, 128}) // premultiplied
	src.SubImage(image.Rect(34, 10, 60, 40)).(*ebiten.Image).Clear()
	for _, move := range []struct{ dx, dy, scale float64 }{{0, 0, 1}, {3, 5, 1}, {0, 0, 1.5}} {
		var geoM ebiten.GeoM
		geoM.Scale(move.scale, move.scale)
		geoM.Translate(move.dx, move.dy)
		got := ebiten.NewImageWithOptions(image.Rect(0, 0, 2*w, 2*h), unmanaged)
		want := ebiten.NewImageWithOptions(image.Rect(0, 0, 2*w, 2*h), unmanaged)
		got.Fill(color.Black)
		want.Fill(color.Black)
		g.DrawFinalScreen(got, src, geoM)
		ebiten.DefaultDrawFinalScreen(want, src, geoM)
		a, b := image.NewRGBA(got.Bounds()), image.NewRGBA(want.Bounds())
		got.ReadPixels(a.Pix)
		want.ReadPixels(b.Pix)
		if n := testenv.CountDiff(a, b); n > 0 {
			t.Errorf("moved by (%v, %v), scaled by %v: the final copy differs from the default in %d pixels", move.dx, move.dy, move.scale, n)
		}
		got.Deallocate()
		want.Deallocate()
	}
}
