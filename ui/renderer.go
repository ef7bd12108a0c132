package ui

import (
	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/render"
)

// frameDrawer is what the game needs from render.Renderer.
type frameDrawer interface {
	Draw(dst *ebiten.Image, f *render.Frame, cam render.Camera, opt render.Options)
}

// newRenderer returns the 3D view's renderer.
// TODO(ui): render.NewRenderer once package render provides it.
func newRenderer() frameDrawer { return nullRenderer{} }

type nullRenderer struct{}

func (nullRenderer) Draw(dst *ebiten.Image, f *render.Frame, cam render.Camera, opt render.Options) {}
