package ui

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/ebitengine/debugui"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"sweepdbg/scene"
	"sweepdbg/ui/editor"
)

var (
	colorBar = color.RGBA{0x18, 0x18, 0x1c, 0xf0}
	// colorStatus is the status line's: colorBar made opaque (its
	// colour over itself), so nothing of the view shows through and
	// the view need not be drawn under it during a drag (overRects).
	colorStatus = color.RGBA{0x1a, 0x1a, 0x1e, 0xff}
	colorText   = color.RGBA{0xe6, 0xe6, 0xe6, 0xff}
	colorError  = color.RGBA{0xff, 0x80, 0x70, 0xff}
	colorFill   = color.RGBA{0x4a, 0x90, 0xe2, 0xff}
	colorBad    = color.RGBA{0xb0, 0x1c, 0x1c, 0xff} // disagreement rows and banners
)

// helpText is the F1 key and mouse reference.
var helpText = []string{
	"Mouse (in the 3D view)",
	"  drag a pose's box face    move the pose in that face's plane",
	"    + Shift                 move along the face's normal",
	"    + Ctrl                  snap to the grid (View panel)",
	"    Escape                  cancel the drag",
	"  click a triangle          select it (Result panel); hover describes it",
	"  drag empty space          orbit",
	"  Shift+drag, middle-drag   pan",
	"  wheel                     zoom toward the cursor",
	"Keys",
	"  1 / 3 / 7                 front / side / top view",
	"  5                         perspective / orthographic",
	"  F                         frame the scene (or the last dragged pose)",
	"  Ctrl+Z, Ctrl+Shift+Z      undo, redo (also Ctrl+Y)",
	"  Ctrl+E                    export this moment as a fixture (./fixtures; a download in a browser);",
	fmt.Sprintf("                            above %d triangles only those within reach (Ctrl+Shift+E: all)", scene.CropAbove),
	"  Ctrl+L                    share: a link to this moment (stderr; the clipboard in a browser)",
	"  F12                       screenshot (./screenshots)",
	"  F1                        this help",
	"Play mode",
	"  P                         play / pause / resume (walk the shape)",
	"  W A S D, Space            walk relative to the camera, jump",
	"  Left / Right (, .)        step the timeline back / forward (paused)",
	"  I                         inspect the tick shown (start/end, one undo step)",
	"Files dropped onto the window are opened (in a browser, also the Scene panel's Open button).",
}

// rateText is the status line's frame rate, or "idle" while the window
// rests or draws less than a frame a second: it draws only when something
// changes, so "0 FPS" would read as broken.
func (g *game) rateText() string {
	if fps := ebiten.ActualFPS(); !g.redraw.resting && fps >= 1 {
		return fmt.Sprintf("%.0f FPS", fps)
	}
	return "idle"
}

// statusText is the status line, fitted to width (debugui units): FPS,
// triangle count, core time and the last message. A message too long to
// share the line has it alone, cut at the end when it does not fit
// either (a level's notes are in the Scene panel in full, an error too).
func (g *game) statusText(width int) string {
	n := 0
	if d := g.app.Doc; d.Scene != nil {
		n = len(d.Scene.Mesh.Triangles)
	}
	s := fmt.Sprintf("%d triangles | core %s µs", n, editor.FormatSig2(g.app.Result.AvgMicros))
	if g.shot.fixedW == 0 { // a one-frame screenshot has no frame rate yet
		s = g.rateText() + " | " + s
	}
	if g.app.Msg == "" {
		return s
	}
	msg := editor.Printable(g.app.Msg)
	if all := s + " | " + msg; textAdvance(all) <= width {
		return all
	}
	return fitText(msg, width, false)
}

// drawOverlay draws the status line, the load progress bar and the help.
func (g *game) drawOverlay(screen *ebiten.Image) {
	sc := float64(g.uiScale())
	w, h := float32(g.w), float32(g.h)
	barH := float32(statusH * sc)
	vector.FillRect(screen, 0, h-barH, w, barH, colorStatus, false)
	c := colorText
	if g.app.MsgErr {
		c = colorError
	}
	drawText(screen, g.statusText(g.w/int(sc)-12), 6*sc, float64(h-barH)+4*sc, sc, c)
	if l := g.app.Loading; l != nil {
		progressBar(screen, h-barH-progressH*float32(sc), w, float32(sc), l.Progress())
	}
	if hn := g.app.Hunter; hn != nil {
		progressBar(screen, h-barH-2*progressH*float32(sc), w, float32(sc), hn.Fraction())
	}
	g.drawBanners(screen, sc)
	if g.help {
		g.drawHelp(screen, sc)
	}
}

// progressH is the height of a progress bar at scale 1: the loading
// bar just above the status line, the hunt's above it.
const progressH = 8

// progressBar draws a thin bar at y across the window, filled to frac.
func progressBar(screen *ebiten.Image, y, w, sc float32, frac float64) {
	vector.FillRect(screen, 0, y, w, progressH*sc, colorBar, false)
	vector.FillRect(screen, 0, y, w*float32(frac), progressH*sc, colorFill, false)
}

// banners are the red lines drawn across the top of the 3D view: the
// algorithms' disagreement, and why play paused by itself.
func (g *game) banners() []string {
	var out []string
	if s := g.app.Opinions.Disagree(); s != "" {
		out = append(out, s)
	}
	if g.play != nil && g.play.Note != "" {
		out = append(out, g.play.Note)
	}
	return out
}

// Banner geometry at scale 1: each banner is a band bannerH high, the
// next one bannerStep lower, the first panelGap below the window's top.
const (
	bannerH    = 18
	bannerStep = 20
)

// drawBanners draws the banners between the panel columns, one line each,
// cut to the width available.
func (g *game) drawBanners(screen *ebiten.Image, sc float64) {
	x0 := float64(2*panelGap+columnWidth(int(float64(g.w)/sc))) * sc
	width := float64(g.w) - 2*x0
	if width < 100*sc {
		x0, width = 0, float64(g.w)
	}
	maxChars := int(width / (7 * sc))
	for i, s := range g.banners() {
		if r := []rune(s); len(r) > maxChars && maxChars > 3 {
			s = string(r[:maxChars-3]) + "..."
		}
		y := float64(panelGap)*sc + float64(i)*bannerStep*sc
		vector.FillRect(screen, float32(x0), float32(y), float32(width), float32(bannerH*sc), colorBad, false)
		drawText(screen, s, x0+6*sc, y+3*sc, sc, colorText)
	}
}

func (g *game) drawHelp(screen *ebiten.Image, sc float64) {
	lineH := 16 * sc
	boxW, boxH := 520*sc, lineH*float64(len(helpText))+20*sc
	x, y := (float64(g.w)-boxW)/2, (float64(g.h)-boxH)/2
	vector.FillRect(screen, float32(x), float32(y), float32(boxW), float32(boxH), colorBar, false)
	for i, line := range helpText {
		c := colorText
		if !strings.HasPrefix(line, " ") {
			c = colorFill
		}
		drawText(screen, line, x+10*sc, y+10*sc+float64(i)*lineH, sc, c)
	}
}

// drawText draws s with debugui's font at (x, y), scaled by sc.
func drawText(dst *ebiten.Image, s string, x, y, sc float64, c color.Color) {
	op := &text.DrawOptions{}
	op.GeoM.Scale(sc, sc)
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	debugui.DrawText(dst, s, op)
}
