package ui

import (
	"fmt"
	"math"

	"github.com/ebitengine/debugui"

	"sweepdbg/ui/editor"
)

// toolsPanel is the panel under Result: play mode and its timeline, the
// precision probe and the bug hunter.
func (g *game) toolsPanel(ctx *debugui.Context) {
	if g.app.Doc.Scene == nil {
		return
	}
	ctx.Header("Play (P)", true, func() { g.playPanel(ctx) })
	ctx.Header("Precision probe", true, func() { g.probePanel(ctx) })
	ctx.Header("Hunt", true, func() { g.huntPanel(ctx) })
	if note := desktopOnly("live engines (your collision code judged as you edit)"); note != "" {
		ctx.Header("Engines", true, func() {
			ctx.SetGridLayout([]int{-1}, nil)
			ctx.Text(note)
		})
	}
}

func (g *game) playPanel(ctx *debugui.Context) {
	ps := g.play
	ctx.SetGridLayout([]int{-1, -1, -1}, nil)
	label := "Play"
	if ps != nil && ps.Running {
		label = "Pause"
	}
	g.button(ctx, label, g.togglePlay)
	g.button(ctx, "< tick", func() { g.stepTimeline(-1) })
	g.button(ctx, "tick >", func() { g.stepTimeline(1) })
	if ps != nil {
		ctx.SetGridLayout([]int{-1}, nil)
		if first, last, ok := ps.Timeline.Ticks(); ok && last > first {
			g.releasable(ctx, func() { ctx.Slider(&ps.slider, first, last, 1).On(func() { g.scrub(ps.slider) }) })
		}
		ctx.SetGridLayout([]int{-1, -1}, nil)
		g.button(ctx, "Inspect tick (I)", g.inspectTick)
		g.button(ctx, "Stop", g.quitPlay)
	}
	ctx.SetGridLayout([]int{-1}, nil)
	for _, l := range playLines(ps) {
		ctx.Text(l)
	}
}

func (g *game) probePanel(ctx *debugui.Context) {
	p := g.panels
	ctx.SetGridLayout([]int{60, -1}, nil)
	ctx.Text("log10 off")
	g.releasable(ctx, func() {
		ctx.SliderF(&p.probeExp, 0, 7, 0.5, 1).On(func() {
			off := 0.0
			if p.probeExp > 0 {
				off = math.Pow(10, p.probeExp)
			}
			if err := g.app.Probe.SetOffset(off); err != nil {
				g.app.Fail(err)
			}
		})
	})

	ctx.Text("offset")
	g.numberField(ctx, "probe offset", g.app.Probe.Offset, func(x float64) error {
		if err := g.app.Probe.SetOffset(x); err != nil {
			g.app.Fail(err)
			return err
		}
		p.probeExp = 0
		if x >= 1 {
			p.probeExp = math.Log10(x)
		}
		return nil
	})
	ctx.SetGridLayout([]int{-1}, nil)
	if g.app.Probe.Skipped != "" {
		g.button(ctx, "Probe", func() { g.forceProb = true })
	}
	for _, l := range editor.ProbeLines(&g.app.Probe) {
		ctx.Text(l)
	}
}

func (g *game) huntPanel(ctx *debugui.Context) {
	ctx.SetGridLayout([]int{60, -1, 70}, nil)
	ctx.Text("seconds")
	g.numberField(ctx, "hunt seconds", g.panels.huntSeconds, func(x float64) error {
		if !(x > 0 && x <= 3600) {
			err := fmt.Errorf("hunt seconds %s: must be in (0, 3600]", editor.FormatNum(x))
			g.app.Fail(err)
			return err
		}
		g.panels.huntSeconds = x
		return nil
	})
	if h := g.app.Hunter; h != nil {
		g.button(ctx, "Cancel", h.Cancel)
		ctx.SetGridLayout([]int{-1}, nil)
		pr := h.Progress()
		what := "searching"
		if pr.Shrinking != "" {
			what = "shrinking " + pr.Shrinking
		}
		ctx.Text(fmt.Sprintf("%3.0f%% %d cases, %d finding(s)", 100*h.Fraction(), pr.Cases, pr.Findings))
		ctx.Text(what)
		return
	}
	g.button(ctx, "Hunt", g.runHunt)
}
