package ui

import (
	"fmt"
	"image"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/ui/editor"
)

// panelKeys returns, for each panel whose content does not follow a
// dragged pose (Scene, View and the tools), a summary of what it shows:
// while the summary is the one the screen's pixels of the panel were
// drawn from, a drag's refresh need not draw the panel again (see
// drawLayered). The Shape and Result panels, which show the pose and
// what the sweep found from it, have none and are drawn at every
// refresh, as is everything while a field is typed into.
//
// A keyed panel's summary must hold everything its build reads that can
// change during a drag (a value added to the panel goes into its key
// here): TestPixelsChangedPanelRedrawn checks a change of each.
// The cursor's place over a panel and the panel's scroll are in it, so
// debugui's hover highlights and a wheel's scroll are drawn too.
func (g *game) panelKeys() map[string]string {
	p := g.panels
	keys := map[string]string{}
	if p.edit != nil {
		return keys
	}
	common := fmt.Sprint(g.capture, p.gen, p.layoutGen, g.uiScale(), g.w, g.h)
	cx, cy := ebiten.CursorPosition()
	for _, name := range []string{panelScene, panelView, panelTools} {
		var b strings.Builder
		b.WriteString(common)
		if g.app.Doc.Scene == nil {
			b.WriteString("|no scene")
		}
		switch name {
		case panelScene:
			g.sceneKey(&b)
		case panelView:
			g.viewKey(&b)
		case panelTools:
			g.toolsKey(&b)
		}
		if c := image.Pt(cx, cy); c.In(g.panelRect(name)) {
			fmt.Fprint(&b, "|cursor", c)
		}
		fmt.Fprint(&b, "|scroll", p.scroll[name])
		keys[name] = b.String()
	}
	return keys
}

// sceneKey writes what scenePanel shows.
func (g *game) sceneKey(b *strings.Builder) {
	p, a := g.panels, g.app
	opts, sel := sceneChoices(p.names, a.Doc)
	fmt.Fprintf(b, "|%q %d %q %q", opts, sel, p.path, a.Recent)
	if l := a.Loading; l != nil {
		fmt.Fprintf(b, "|%s %3.0f", l.Stage(), 100*l.Progress())
	}
	if src := a.Doc.Source; src != "" {
		fmt.Fprintf(b, "|%q %v", src, a.UpFor(src))
	}
	if d := a.Doc; d.Scene != nil {
		fmt.Fprintf(b, "|%q %d %q", d.Scene.Name, len(d.Scene.Mesh.Triangles), d.Scene.Description())
	}
	fmt.Fprintf(b, "|%q %q", p.note.source, p.note.text)
	if a.MsgErr {
		fmt.Fprintf(b, "|error %q", a.Msg)
	}
}

// viewKey writes what viewPanel shows.
func (g *game) viewKey(b *strings.Builder) {
	d := g.app.Doc
	fmt.Fprintf(b, "|%+v %+v %v", d.View, d.SlideOptions(), d.Grid)
	g.fieldsKey(b, "max iterations", "skin", "grid")
}

// toolsKey writes what toolsPanel shows.
func (g *game) toolsKey(b *strings.Builder) {
	p, a := g.panels, g.app
	if ps := g.play; ps != nil {
		first, last, ok := ps.Timeline.Ticks()
		fmt.Fprintf(b, "|play %v %d %d %d %v", ps.Running, ps.slider, first, last, ok)
	}
	fmt.Fprintf(b, "|%q %v %v %q %q %v", playLines(g.play), p.probeExp, a.Probe.Offset, a.Probe.Skipped,
		editor.ProbeLines(&a.Probe), p.huntSeconds)
	if h := a.Hunter; h != nil {
		fmt.Fprintf(b, "|hunt %3.0f %+v", 100*h.Fraction(), h.Progress())
	}
	g.fieldsKey(b, "probe offset", "hunt seconds")
}

// fieldsKey writes the text the named number fields show.
func (g *game) fieldsKey(b *strings.Builder, ids ...string) {
	for _, id := range ids {
		if f := g.panels.fields[id]; f != nil {
			fmt.Fprintf(b, "|%q", f.buf)
		}
	}
}
