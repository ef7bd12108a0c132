package ui

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"strings"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"sweepdbg/render"
	"sweepdbg/scene"
	"sweepdbg/scene/engine"
	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
	"sweepdbg/ui/editor"
)

// The window side of live engines (`debugger --engine CMD`): the runners
// live in editor.Engines; here the motion is posted once per revision,
// each engine's answer is drawn in its colour (render.EnginePose) and
// judged in the Result panel, with a Restart button for a broken engine.

// Verdict colours in the Result panel.
var (
	colorAgrees = color.RGBA{0x1e, 0x7a, 0x32, 0xff}
	colorBroken = color.RGBA{0xa0, 0x5a, 0x00, 0xff}
	colorStale  = color.RGBA{0x50, 0x50, 0x58, 0xff}
)

// engineSide is the window's live engines and what it last printed about
// them for SWEEPDBG_DEBUG_PRINT.
type engineSide struct {
	tol   float64 // the judge's tolerance (0: the default)
	print string
}

// startEngines starts the engines of opt (none: nothing runs).
func (g *game) startEngines(opt Options) {
	g.eng.tol = opt.EngineTolerance
	if len(opt.Engines) == 0 {
		return
	}
	eo := engine.Options{Timeout: opt.EngineTimeout}
	g.app.Engines = editor.StartEngines(opt.Engines, eo, opt.EngineTolerance)
}

// closeEngines stops every engine (their process groups are killed).
func (g *game) closeEngines() { g.app.Engines.Close() }

// enginePoses is what the view draws of each engine's last answer.
func (g *game) enginePoses() []render.EnginePose {
	e, s := g.app.Engines, g.app.Doc.Scene
	if e.Len() == 0 || s == nil {
		return nil
	}
	out := make([]render.EnginePose, e.Len())
	for i := range out {
		rep := &e.Reports[i]
		out[i] = answerPose(rep.Answer, s.Start, s.End, render.EngineColor(i))
		out[i].Name = editor.Escape(rep.Name)
		v := rep.Verdict()
		out[i].Legend = out[i].Name + ": " + legendVerdict(v)
		out[i].Stale = rep.Answered && e.Stale(i, g.app.Rev)
		if !rep.Answered {
			out[i].Legend += " (starting)"
		}
	}
	return out
}

// legendVerdict is a verdict in the legend: its state, and when wrong its
// kind (the rule, and the exact contact's feature where it tells: the
// hunt names findings the same way) and the amount ("wrong (t (edge) off
// by 0.00473)").
func legendVerdict(v judge.Verdict) string {
	if v.State != judge.Wrong {
		return v.State.String()
	}
	return "wrong (" + v.Kind() + " off by " + scene.Amount(v.By) + ")"
}

// answerPose places an answer's contact and slide poses for the motion
// start -> end.
func answerPose(a sweep.Answer, start, end mgl64.Vec3, col color.RGBA) render.EnginePose {
	p := render.EnginePose{Color: col}
	p.Contact, p.HasContact = a.ContactCenter(start, end)
	p.Point, p.HasPoint = a.First.Point, p.HasContact && a.Has&sweep.HasPoint != 0
	p.Final, p.HasFinal = a.Slide.Final, a.Slid && len(a.Slide.Steps) > 0
	return p
}

// enginesPanel is the Result panel's block per engine: its answer, its
// verdicts in colour, and when it is down its stderr and Restart.
func (g *game) enginesPanel(ctx *debugui.Context) {
	e := g.app.Engines
	for i := 0; i < e.Len(); i++ {
		rep := e.Reports[i]
		ctx.IDScope(fmt.Sprintf("engine %d", i), func() {
			ctx.Header(fmt.Sprintf("engine %d: %s", i+1, editor.Escape(rep.Name)), true, func() {
				g.engineBlock(ctx, i, &rep)
			})
		})
	}
}

func (g *game) engineBlock(ctx *debugui.Context, i int, rep *editor.EngineReport) {
	ctx.SetGridLayout([]int{-1}, nil)
	stale := g.app.Engines.Stale(i, g.app.Rev)
	switch {
	case !rep.Answered && !rep.Down:
		colorRow(ctx, "starting...", colorStale)
	case stale:
		colorRow(ctx, "(stale: answering the new motion)", colorStale)
	}
	for _, v := range []struct {
		op string
		v  judge.Verdict
	}{{"sweep", rep.Sweep}, {"slide", rep.Slide}} {
		if v.v.State != judge.Pending {
			colorRow(ctx, editor.VerdictLine(v.op, v.v), verdictColor(v.v.State, stale))
		}
	}
	for _, line := range editor.AnswerRows(rep.Answer, rep.Ops&engine.OpSweep != 0) {
		ctx.Text(line)
	}
	if rep.Down {
		for _, l := range rep.Stderr {
			ctx.Text("stderr: " + l)
		}
		g.button(ctx, "Restart", func() { g.app.Engines.Restart(i) })
	}
}

// verdictColor is the background of a verdict row.
func verdictColor(s judge.State, stale bool) color.RGBA {
	switch {
	case stale:
		return colorStale
	case s == judge.Agrees:
		return colorAgrees
	case s == judge.Wrong:
		return colorBad
	}
	return colorBroken
}

// colorRow is a text row drawn on bg (a verdict's colour), wrapped at
// spaces into as many rows as the cell's width needs (a word too long
// for a row is cut, keeping its start).
func colorRow(ctx *debugui.Context, s string, bg color.RGBA) {
	ctx.GridCell(func(b image.Rectangle) {
		for _, line := range wrapText(s, b.Dx()-6) {
			ctx.GridCell(func(r image.Rectangle) {
				ctx.DrawOnlyWidget(func(screen *ebiten.Image) {
					sc := float64(ctx.Scale())
					vector.FillRect(screen, float32(float64(r.Min.X)*sc), float32(float64(r.Min.Y)*sc),
						float32(float64(r.Dx())*sc), float32(float64(r.Dy())*sc), bg, false)
					drawText(screen, line, float64(r.Min.X+3)*sc, float64(r.Min.Y+3)*sc, sc, colorText)
				})
			})
		}
	})
}

// wrapText splits s at spaces into lines no wider than width (debugui
// units, debugui's font); a word wider than width alone is cut to fit
// (fitText, keeping its start). It returns at least one line.
func wrapText(s string, width int) []string {
	var out []string
	line := ""
	for _, w := range strings.Fields(s) {
		switch {
		case line == "":
			line = w
		case textAdvance(line+" "+w) <= width:
			line += " " + w
		default:
			out = append(out, fitText(line, width, false))
			line = w
		}
	}
	return append(out, fitText(line, width, false))
}

// printEngines writes each engine's state to stdout when
// SWEEPDBG_DEBUG_PRINT=1 and it changed, as one line
// "engines NAME STATE fresh|stale|starting; ..." (NAME escaped).
func (g *game) printEngines() {
	if os.Getenv("SWEEPDBG_DEBUG_PRINT") != "1" {
		return
	}
	e := g.app.Engines
	parts := make([]string, e.Len())
	for i := range parts {
		rep := &e.Reports[i]
		state := "fresh"
		switch {
		case !rep.Answered:
			state = "starting"
		case e.Stale(i, g.app.Rev):
			state = "stale"
		}
		parts[i] = fmt.Sprintf("%s %s %s", editor.Escape(rep.Name), rep.Verdict().State, state)
	}
	line := "engines " + strings.Join(parts, "; ")
	if line != g.eng.print {
		g.eng.print = line
		fmt.Println(line)
	}
}
