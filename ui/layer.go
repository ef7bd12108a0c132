package ui

import (
	"fmt"
	"image"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// layerRefresh is how often a drag frame draws the panels, the status
// line and the banners again (and the view under them, see drawLayered).
// In between, a drag frame redraws only the part of the view that
// changed (render.Renderer.DrawChanged) and, over it, that part of the
// panels as last drawn, so the panels' numbers lag the pose by at most
// this long. The frames after the drag (the redrawer draws a few, see
// redrawFrames) draw everything, so the final values show at release.
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
	// rects bound what img holds (device pixels; transparent elsewhere),
	// as overRects gave them when img was last drawn; nil when unknown.
	rects []image.Rectangle
}

// drawLayered draws a drag frame: every layerRefresh the layer is drawn
// again and composited over the view redrawn where it changed and under
// the layer (all of the window the first time, or when where the layer
// draws is not known), otherwise the part of the view that changed and
// the kept layer over that part.
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
	now := time.Now()
	if !p.drawn.IsZero() && now.Sub(p.drawn) < layerRefresh {
		g.compositeLayer(screen, g.drawViewParts(screen, nil))
		return
	}
	over, known := g.overRects()
	full := p.drawn.IsZero() || !known || p.rects == nil
	// Where the layer held something and where it draws now: a panel or
	// a banner gone leaves nothing behind.
	must := append(slices.Clip(p.rects), over...)
	p.drawn, p.rects = now, nil // a panic in drawViewParts makes it stale again
	if known {
		p.rects = over
	}
	if full {
		g.drawView(screen)
		p.img.Clear()
		g.drawOver(p.img)
		g.compositeLayer(screen, []image.Rectangle{b})
		return
	}
	for _, r := range must {
		p.img.SubImage(r).(*ebiten.Image).Clear()
	}
	g.drawOver(p.img)
	g.compositeLayer(screen, g.drawViewParts(screen, must))
}

// compositeLayer draws the layer over screen in each of parts, which
// must not overlap (the layer is translucent).
func (g *game) compositeLayer(screen *ebiten.Image, parts []image.Rectangle) {
	for _, r := range parts {
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y))
		screen.SubImage(r).(*ebiten.Image).DrawImage(g.layer.img.SubImage(r).(*ebiten.Image), op)
	}
}

// overRects returns rectangles (device pixels) that hold all drawOver
// draws during a drag: each panel's window with its border, the status
// line with the progress bars above it, the banners' rows and the Scene
// panel's dropdown list. known is false when a panel is collapsed or
// closed (its title bar's place is not known), the help is shown or the
// triangle tip is.
func (g *game) overRects() (rs []image.Rectangle, known bool) {
	p := g.panels
	if g.help || g.showTip() || len(p.shown) != len(panelNames) {
		return nil, false
	}
	s := g.uiScale()
	px := func(r image.Rectangle) image.Rectangle {
		return image.Rect(r.Min.X*s, r.Min.Y*s, r.Max.X*s, r.Max.Y*s)
	}
	for _, name := range panelNames {
		rs = append(rs, px(p.shown[name].Inset(-1))) // debugui draws the border outside the bounds
	}
	// The dropdown's list opens under its button, as wide as it and at
	// most dropdownReach high (an open one closes at the press that
	// begins a drag, or a tenth of a second after an option is chosen).
	sc := p.shown[panelScene]
	rs = append(rs, px(image.Rect(sc.Min.X-1, sc.Min.Y, sc.Max.X+1, sc.Max.Y+dropdownReach)))
	bottom := g.h - (statusH+2*progressH)*s
	rs = append(rs, image.Rect(0, bottom, g.w, g.h))
	if n := len(g.banners()); n > 0 {
		rs = append(rs, image.Rect(0, panelGap*s, g.w, (panelGap+n*bannerStep)*s))
	}
	return rs, true
}

// dropdownReach bounds how far below its button a debugui dropdown's
// list reaches (debugui units): twelve rows of debugui's default height
// (18) and the border.
const dropdownReach = 12*18 + 1

// drawViewParts redraws the view where it changed since the last frame
// and inside the rectangles of must (see render.Renderer.DrawParts) and
// returns the rectangles it redrew; like drawView, a panic in the
// renderer is reported rather than fatal.
func (g *game) drawViewParts(screen *ebiten.Image, must []image.Rectangle) (parts []image.Rectangle) {
	if g.app.Doc.Scene == nil {
		g.drawView(screen)
		return []image.Rectangle{screen.Bounds()}
	}
	defer func() {
		if r := recover(); r != nil {
			screen.Clear()
			g.app.Fail(fmt.Errorf("drawing the view failed: %v", r))
			g.layer.drawn = time.Time{}
			parts = []image.Rectangle{screen.Bounds()}
		}
	}()
	f := g.frame()
	return g.rend.DrawParts(screen, &f, g.cam, g.app.Doc.View, must)
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
