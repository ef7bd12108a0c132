package ui

import (
	"fmt"
	"image"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// layerRefresh is how often a drag frame draws the whole window: the
// panels, the status line and the view. In between, a drag frame redraws
// only the part of the view that changed (render.Renderer.DrawChanged)
// and, over it, that part of the panels as last drawn, so the panels'
// numbers lag the pose by at most this long. The frames after the drag
// (the redrawer draws a few, see redrawFrames) draw everything, so the
// final values show at release.
//
// On a software rasteriser each full-screen pass (copying the kept scene,
// the panels' backgrounds, their hundreds of text quads) costs several
// milliseconds of CPU: see docs/performance.md, "Window frame rate".
const layerRefresh = 100 * time.Millisecond

// panelLayer keeps what is drawn over the view (debugui's panels, the
// status line, the banners and the triangle tip) as a picture over a
// transparent image while a pose is dragged.
type panelLayer struct {
	img   *ebiten.Image
	drawn time.Time // when img was last drawn; zero when it is stale
}

// drawLayered draws a drag frame: every layerRefresh the whole window
// (the view, then the layer drawn again and composited over it),
// otherwise the part of the view that changed and the kept layer over
// that part.
func (g *game) drawLayered(screen *ebiten.Image) {
	p := &g.layer
	b := screen.Bounds()
	if p.img == nil || p.img.Bounds().Size() != b.Size() {
		if p.img != nil {
			p.img.Deallocate()
		}
		p.img = ebiten.NewImageWithOptions(image.Rect(0, 0, b.Dx(), b.Dy()), &ebiten.NewImageOptions{Unmanaged: true})
		p.drawn = time.Time{}
	}
	if now := time.Now(); p.drawn.IsZero() || now.Sub(p.drawn) >= layerRefresh {
		g.drawView(screen)
		p.img.Clear()
		g.drawOver(p.img)
		p.drawn = now
		screen.DrawImage(p.img, nil)
		return
	}
	reg := g.drawViewChanged(screen)
	if !reg.Empty() {
		part := screen.SubImage(reg).(*ebiten.Image)
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(float64(reg.Min.X), float64(reg.Min.Y))
		part.DrawImage(p.img.SubImage(reg).(*ebiten.Image), op)
	}
}

// drawViewChanged redraws the part of the view that changed since the
// last frame (see render.Renderer.DrawChanged) and returns it; like
// drawView, a panic in the renderer is reported rather than fatal.
func (g *game) drawViewChanged(screen *ebiten.Image) (reg image.Rectangle) {
	if g.app.Doc.Scene == nil {
		g.drawView(screen)
		return screen.Bounds()
	}
	defer func() {
		if r := recover(); r != nil {
			screen.Clear()
			g.app.Fail(fmt.Errorf("drawing the view failed: %v", r))
			g.layer.drawn = time.Time{}
			reg = screen.Bounds()
		}
	}()
	f := g.frame()
	return g.rend.DrawChanged(screen, &f, g.cam, g.app.Doc.View)
}

// drawOver draws what goes over the view: the panels, the status line
// (with the banners, help and progress) and the triangle tip.
func (g *game) drawOver(dst *ebiten.Image) {
	g.dui.Draw(dst)
	g.drawOverlay(dst)
	g.drawTriangleTip(dst, float64(g.uiScale()))
}

// panelsLayered reports whether this frame is drawn through the layer:
// while a pose is dragged, and never for a screenshot.
func (g *game) panelsLayered() bool {
	return g.mode == mouseDrag && g.shot.fixedW == 0 && !g.shotPending
}
