package ui

import (
	"fmt"
	"image"
	"image/color"
	"maps"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// layerRefresh is how often a drag frame draws the panels, the status
// line and the banners again (and the view under them, see drawLayered).
// In between, a drag frame redraws only the part of the view that
// changed (render.Renderer.DrawChanged) and, over it, that part of the
// panels as last drawn, so the panels' numbers lag the pose by at most
// this long, and a frame more where a refresh draws them in groups, one
// a frame (drawGroup). The frames after the drag (the redrawer draws a
// few, see redrawFrames) draw everything, so the final values show at
// release.
//
// On a software rasteriser each full-screen pass (copying the kept scene,
// the panels' backgrounds, their hundreds of text quads) costs several
// milliseconds of CPU: see docs/performance.md, "Window frame rate".
//
// Between those frames nothing shows the panels debugui would build, so
// the Updates of a drag build them only when the layer is due
// (buildPanelsNow); the frame drawn after such an Update draws them.
const layerRefresh = 100 * time.Millisecond

// panelLayer keeps what is drawn over the view (debugui's panels, the
// status line, the banners and the triangle tip) as a picture over a
// transparent image while a pose is dragged.
type panelLayer struct {
	img   *ebiten.Image
	drawn time.Time // when img was last drawn; zero when it is stale
	// rects bound what img holds (device pixels; transparent elsewhere),
	// as overRects gave them when img was last drawn (opaque ones and
	// the others); nil when unknown.
	rects []image.Rectangle
	// opaque are the rectangles img holds opaque pixels in everywhere:
	// the screen there holds img's pixels and the view is not drawn.
	opaque []image.Rectangle
	// due is set by the Update that found the layer due (layerRefresh
	// since it was drawn) and built the panels for it: the next drag
	// frame draws the layer again.
	due bool
	// direct is set when the last refresh drew the panels straight onto
	// the screen and left img stale: all it drew was opaque (see
	// drawLayered), so the screen keeps it until the next refresh.
	direct bool
	// groups are where a direct refresh draws the panels, one group a
	// frame (panelGroups); left counts the groups still to draw from the
	// panels as last built, turn is the next one's index (it carries on
	// across refreshes, so no group waits for another when the frames
	// come slower than the refreshes).
	groups     [][]image.Rectangle
	left, turn int
	// built holds panelKeys as the panels were last built (by build),
	// keys those of the panels as the screen shows them: a direct
	// refresh draws only the panels whose key differs or is missing
	// (changedRects). keys is nil while the screen's panels are not
	// known to be drawn from any build's keys.
	built, keys map[string]string
	// drewOver are the rectangles the last drag frame drew the panels,
	// the status line and the banners in (straight onto the screen or
	// into img); nil when it drew none.
	drewOver []image.Rectangle
}

// buildPanelsNow reports whether this Update builds the panels (debugui's
// Update and the game's build). It always does but while a pose is
// dragged with the button held, when the frames show the panels as the
// layer last drew them: then only in the first Update that finds the
// layer due, which it notes for drawLayered, and not again until the
// layer is drawn. The Updates Ebitengine runs before one frame see the
// same cursor (a window's input is read once a frame; a page's events
// arrive between frames), so the panels built in the first are those the
// last would build. A drag drawn in a browser under a software WebGL
// draws a frame every 60-150 ms, so Ebitengine runs several Updates for
// each (60 a second); building the panels in each was most of the
// WebAssembly's time (docs/performance.md, "Browser build").
func (g *game) buildPanelsNow() bool {
	return g.layer.buildNow(g.panelsLayered(), ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft), time.Now())
}

// buildNow is buildPanelsNow's decision at now: layered is a drag frame
// coming (panelsLayered), held the left button still down.
func (p *panelLayer) buildNow(layered, held bool, now time.Time) bool {
	if !layered || !held || p.drawn.IsZero() {
		return true
	}
	if p.due || now.Sub(p.drawn) < layerRefresh {
		return false
	}
	p.due = true
	return true
}

// drawLayered draws a drag frame: when the layer is due (see
// buildPanelsNow; every layerRefresh) it is drawn again, copied over the
// screen where it is opaque (the panels, the status line) and composited
// over the view redrawn where it changed and under the layer's other
// parts (all of the window the first time, or when where the layer
// draws is not known), otherwise the part of the view that changed
// outside the opaque parts and the kept layer over it.
//
// When all the layer would hold is opaque (overRects' plain: no banner,
// no progress bar, no panel being moved), the refresh draws the panels
// straight onto the screen over the view redrawn as above, and the
// frames in between redraw only the view's changed part outside them:
// the same pixels, without the layer's copy onto the screen (a pass over
// 40% of the window, costly under a software WebGL: docs/performance.md,
// "Browser build"). A frame in between that draws the view whole (a
// change over half of it) draws the panels over it again.
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
	whole := []image.Rectangle{b}
	if !p.drawn.IsZero() && !p.due {
		parts := g.drawViewParts(screen, nil, p.opaque)
		p.drewOver = nil
		switch {
		case !p.direct:
			g.compositeLayer(screen, parts, nil)
		case slices.ContainsFunc(parts, func(r image.Rectangle) bool { return overlapsAny(r, p.opaque) }):
			// The view was drawn whole, over the panels: draw them again,
			// as the last refresh built them (they are built only for a
			// refresh, see buildPanelsNow).
			g.drawOver(screen)
			p.drewOver, p.left, p.keys = whole, 0, maps.Clone(p.built)
		case p.left > 0:
			g.drawGroup(screen)
		}
		g.flog.drewParts(b, parts, p.drewOver)
		return
	}
	p.due = false
	opaque, other, known, plain := g.overRects()
	direct := known && plain
	full := p.drawn.IsZero() || !known || p.rects == nil || (p.direct && !direct)
	// Where the layer held something and where it draws now: a panel or
	// a banner gone leaves nothing behind. Where it is opaque now it
	// draws every pixel again.
	var must []image.Rectangle
	for _, r := range append(slices.Clip(p.rects), other...) {
		if !slices.Contains(opaque, r) {
			must = append(must, r)
		}
	}
	p.drawn, p.rects, p.opaque, p.direct = now, nil, nil, direct // a panic in drawViewParts makes it stale again
	parts := whole
	p.drewOver, p.left = whole, 0
	switch {
	case direct && full:
		g.drawView(screen)
		g.drawOver(screen)
		p.keys = maps.Clone(p.built)
	case direct:
		parts = g.drawViewParts(screen, must, opaque)
		if slices.ContainsFunc(parts, func(r image.Rectangle) bool { return overlapsAny(r, opaque) }) {
			g.drawOver(screen) // the view was drawn whole, over the panels
			p.keys = maps.Clone(p.built)
			break
		}
		p.groups = panelGroups(g.changedRects(opaque))
		p.left = len(p.groups)
		g.drawGroup(screen)
	case full:
		p.keys = nil // the screen's panels are the layer's from now on
		g.drawView(screen)
		p.img.Clear()
		g.drawOver(p.img)
		g.compositeLayer(screen, parts, nil)
	default:
		p.keys = nil
		for _, r := range must {
			p.img.SubImage(r).(*ebiten.Image).Clear()
		}
		g.drawOver(p.img)
		parts = g.drawViewParts(screen, must, opaque)
		g.compositeLayer(screen, parts, opaque)
	}
	g.flog.drewParts(b, parts, p.drewOver)
	if known && !p.drawn.IsZero() {
		p.rects, p.opaque = append(opaque, other...), opaque
	}
}

// changedRects returns the rectangles of opaque (as overRects gives
// them: each panel, then the status line) that a direct refresh draws:
// the panels whose content may differ from what the screen shows (their
// key as built differs from the screen's, or they have none: see
// panelKeys) and the status line, which shows the frame rate.
func (g *game) changedRects(opaque []image.Rectangle) []image.Rectangle {
	p := &g.layer
	var out []image.Rectangle
	for i, name := range panelNames {
		k, ok := p.built[name]
		if !ok || k != p.keys[name] {
			out = append(out, opaque[i])
		}
	}
	return append(out, opaque[len(opaque)-1])
}

// panelGroups splits the rectangles a direct refresh draws (changedRects)
// into at most two groups, drawn one a frame (drawGroup): each rectangle
// goes, largest first, to the group of less area, and rectangles of one
// group that lie close (a column's stacked panels) are drawn as one
// around them when that adds little area (the gap between them, where a
// plain drag draws nothing over the view).
func panelGroups(rects []image.Rectangle) [][]image.Rectangle {
	sorted := slices.Clone(rects)
	slices.SortStableFunc(sorted, func(a, b image.Rectangle) int { return size(b) - size(a) })
	var groups [2][]image.Rectangle
	var area [2]int
	for _, r := range sorted {
		i := 0
		if area[1] < area[0] {
			i = 1
		}
		groups[i] = append(groups[i], r)
		area[i] += size(r)
	}
	var out [][]image.Rectangle
	for _, grp := range groups {
		if len(grp) > 0 {
			out = append(out, mergeClose(grp))
		}
	}
	return out
}

// mergeClose replaces any two of rs whose bounding rectangle is at most
// an eighth larger than the two by that rectangle, until none is.
func mergeClose(rs []image.Rectangle) []image.Rectangle {
	for i := 0; i < len(rs); i++ {
		for j := i + 1; j < len(rs); j++ {
			u := rs[i].Union(rs[j])
			if sum := size(rs[i]) + size(rs[j]); 8*size(u) <= 9*sum {
				rs[i] = u
				rs = slices.Delete(rs, j, j+1)
				i, j = 0, 0 // start over: u may now reach another
			}
		}
	}
	return rs
}

// size is r's area in pixels.
func size(r image.Rectangle) int { return r.Dx() * r.Dy() }

// drawGroup draws the panels, the status line and the triangle tip of
// a plain drag inside the rectangles of the next group in turn alone
// (see panelGroups): what drawOver draws there, the panels as last
// built, whose keys the screen then shows (panelKeys).
// Drawing them in two frames instead of one halves the extra time of a
// refresh frame under a software rasteriser, which is most of a drag's
// slowest frames (docs/performance.md, "The 1M-triangle drag's p90").
// During a plain drag debugui draws only inside the panels and the tip
// is not shown, so a rectangle no panel reaches into (the status line's)
// needs only drawOverlay. debugui's Draw sets the size it keeps a panel
// moved by its title bar within to that of the rectangle, which matters
// only while a panel is moved or resized: not during a pose's drag, and
// the frame after the drag draws the panels whole.
func (g *game) drawGroup(screen *ebiten.Image) {
	p := &g.layer
	p.turn %= len(p.groups)
	rs := p.groups[p.turn]
	p.turn++
	p.left--
	p.drewOver = rs
	if p.keys == nil {
		p.keys = map[string]string{}
	}
	for _, r := range rs {
		dst := screen.SubImage(r).(*ebiten.Image)
		if !slices.ContainsFunc(panelNames, func(name string) bool { return g.panelRect(name).Overlaps(r) }) {
			g.drawOverlay(dst)
			continue
		}
		g.drawOver(dst)
		for _, name := range panelNames {
			if k, ok := p.built[name]; ok && g.panelRect(name).In(r) {
				p.keys[name] = k
			}
		}
	}
}

// compositeLayer draws the layer over screen in each of parts, which
// must not overlap (the layer is translucent), and copies it in each of
// opaque (where it is opaque) unless parts is the whole screen.
func (g *game) compositeLayer(screen *ebiten.Image, parts, opaque []image.Rectangle) {
	draw := func(r image.Rectangle, blend ebiten.Blend) {
		op := &ebiten.DrawImageOptions{Blend: blend}
		op.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y))
		screen.SubImage(r).(*ebiten.Image).DrawImage(g.layer.img.SubImage(r).(*ebiten.Image), op)
	}
	for _, r := range parts {
		draw(r, ebiten.BlendSourceOver)
	}
	if len(parts) == 1 && parts[0] == screen.Bounds() {
		return
	}
	for _, r := range opaque {
		draw(r, ebiten.BlendCopy)
	}
}

// overRects returns rectangles (device pixels) that hold all drawOver
// draws during a drag. In those of opaque it draws every pixel opaque:
// each panel's window with its border (fillPanels) and the status line.
// The others may be translucent or empty in places: the progress bars
// above the status line while shown, the banners' rows and the Scene
// panel's dropdown list. known is false when a panel is collapsed or
// closed (its title bar's place is not known), the help is shown or the
// triangle tip is. plain reports that the others are the dropdown list
// alone, which is closed during a drag (an open one closes at the press
// that begins it), so that drawOver draws nothing outside opaque.
func (g *game) overRects() (opaque, other []image.Rectangle, known, plain bool) {
	p := g.panels
	if g.help || g.showTip() || len(p.shown) != len(panelNames) {
		return nil, nil, false, false
	}
	s := g.uiScale()
	plain = true
	for _, name := range panelNames {
		opaque = append(opaque, g.panelRect(name))
		if p.fill[name] != p.shown[name] { // moved this frame: partly translucent
			other = append(other, scaleRect(p.shown[name].Inset(-1), s))
			plain = false
		}
	}
	opaque = append(opaque, image.Rect(0, g.h-statusH*s, g.w, g.h))
	// The dropdown's list opens under its button, as wide as it and at
	// most dropdownReach high (an open one closes at the press that
	// begins a drag, or a tenth of a second after an option is chosen).
	sc := p.shown[panelScene]
	other = append(other, scaleRect(image.Rect(sc.Min.X-1, sc.Min.Y, sc.Max.X+1, sc.Max.Y+dropdownReach), s))
	if g.app.Loading != nil || g.app.Hunter != nil {
		other = append(other, image.Rect(0, g.h-(statusH+2*progressH)*s, g.w, g.h-statusH*s))
		plain = false
	}
	if n := len(g.banners()); n > 0 {
		other = append(other, image.Rect(0, panelGap*s, g.w, (panelGap+n*bannerStep)*s))
		plain = false
	}
	return opaque, other, true, plain
}

// panelRect is where the named panel, open, is opaque (device pixels):
// its window as fillPanels fills it (panels.fill) and the border debugui
// draws one pixel outside it.
func (g *game) panelRect(name string) image.Rectangle {
	return scaleRect(g.panels.fill[name].Inset(-1), g.uiScale())
}

// scaleRect is r (debugui units) in device pixels at UI scale s.
func scaleRect(r image.Rectangle, s int) image.Rectangle {
	return image.Rect(r.Min.X*s, r.Min.Y*s, r.Max.X*s, r.Max.Y*s)
}

// colorPanel is the opaque colour fillPanels puts under each panel:
// debugui's window background is 45 grey premultiplied by alpha 230/255
// (colorWindowBG, debugui's style.go), which over 45 / (230/255) = 49.9
// grey gives that grey again, so a panel looks as it did over a view of
// that grey.
var colorPanel = color.RGBA{50, 50, 50, 0xff}

// fillPanels fills each open panel's rectangle (panelRect) with
// colorPanel, before debugui draws the panels over it: a panel is then
// opaque everywhere, so nothing of the view under it shows through and
// the view need not be drawn under it while a pose is dragged
// (drawLayered). Every frame does so, at rest too, so a panel looks the
// same during a drag and after. While a panel is moved by its title bar,
// debugui draws its frame where it was and reports where it is now, so
// the fill is the part of the two the panel covered in both
// (panels.fill): never a band outside the drawn frame.
func (g *game) fillPanels(dst *ebiten.Image) {
	for _, name := range panelNames {
		if _, ok := g.panels.fill[name]; ok {
			r := g.panelRect(name)
			vector.FillRect(dst, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), colorPanel, false)
		}
	}
}

// dropdownReach bounds how far below its button a debugui dropdown's
// list reaches (debugui units): twelve rows of debugui's default height
// (18) and the border.
const dropdownReach = 12*18 + 1

// drawViewParts redraws the view where it changed since the last frame
// and inside the rectangles of must, but for those of covered (see
// render.Renderer.DrawParts), and
// returns the rectangles it redrew; like drawView, a panic in the
// renderer is reported rather than fatal.
func (g *game) drawViewParts(screen *ebiten.Image, must, covered []image.Rectangle) (parts []image.Rectangle) {
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
	return g.rend.DrawParts(screen, &f, g.cam, g.app.Doc.View, must, covered)
}

// drawOver draws what goes over the view: the panels, the status line
// (with the banners, help and progress) and the triangle tip.
func (g *game) drawOver(dst *ebiten.Image) {
	g.fillPanels(dst)
	g.dui.Draw(dst)
	g.drawOverlay(dst)
	g.drawTriangleTip(dst, float64(g.uiScale()))
}

// panelsLayered reports whether this frame is drawn through the layer:
// while a pose is dragged, and never for a screenshot.
func (g *game) panelsLayered() bool {
	return g.mode == mouseDrag && g.shot.fixedW == 0 && !g.shotPending
}
