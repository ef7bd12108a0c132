package ui

import (
	"fmt"
	"image"
	"strings"
	"time"

	"github.com/ebitengine/debugui"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"sweepdbg/render"
	"sweepdbg/scene/engine"
	"sweepdbg/scene/judge"
	"sweepdbg/ui/editor"
)

// The window side of captures: opening a .jsonl file reads and judges it
// in the background (editor.StartCapture), then a Capture panel scrubs
// its frames (wrong ones ticked red; N / B or ] / [ jump to the next or
// previous wrong frame). The frame under the cursor is shown as the scene
// (no undo step) with the game's recorded answer drawn in an engine
// colour against the core's; Ctrl+E exports it as a fixture expecting the
// core's answer.

// captureSide is the open capture, if any.
type captureSide struct {
	loading *editor.CaptureLoader
	c       *editor.Capture
	slider  int
	shown   int // the frame last made the Doc; -1 none
}

// isCapture reports whether path names a capture.
func isCapture(path string) bool { return strings.HasSuffix(strings.ToLower(path), ".jsonl") }

// openCapture starts reading the capture at path.
func (g *game) openCapture(path string) {
	if g.capt.loading != nil {
		g.capt.loading.Cancel()
	}
	g.setPath(path)
	g.capt.loading = editor.StartCapture(path, g.eng.tol)
	g.app.Say("reading capture %s", path)
}

// openCaptureData starts judging a capture read into memory (a file
// dropped on the browser page or chosen there), known by its name.
func (g *game) openCaptureData(name string, data []byte) {
	if g.capt.loading != nil {
		g.capt.loading.Cancel()
	}
	g.capt.loading = editor.StartCaptureData(name, data, g.eng.tol)
	g.app.Say("reading capture %s", editor.Printable(name))
}

// updateCapture takes a finished capture, reads its keys and shows the
// frame under the cursor.
func (g *game) updateCapture() {
	cs := &g.capt
	if cs.loading != nil {
		if c, ok := cs.loading.Poll(); ok {
			cs.loading, cs.c, cs.shown = nil, c, -1
			g.stopPlay()
			g.app.Say("capture %s: %d queries, %d agree, %d wrong, %d bad", editor.Escape(c.Path), c.Tally.Records, c.Tally.Agrees, c.Tally.Wrong, c.Tally.Errors)
			if c.Err != nil {
				g.app.Fail(fmt.Errorf("capture %s: %w", editor.Escape(c.Path), c.Err))
			}
		}
	}
	if cs.c == nil || len(cs.c.Frames) == 0 {
		return
	}
	if g.capture&debugui.InputCapturingStateFocus == 0 {
		switch {
		case inpututil.IsKeyJustPressed(ebiten.KeyN) || inpututil.IsKeyJustPressed(ebiten.KeyBracketRight):
			g.stepWrong(1)
		case inpututil.IsKeyJustPressed(ebiten.KeyB) || inpututil.IsKeyJustPressed(ebiten.KeyBracketLeft):
			g.stepWrong(-1)
		}
	}
	g.showFrame()
}

// stepWrong moves to the next (1) or previous (-1) wrong frame.
func (g *game) stepWrong(dir int) {
	if !g.capt.c.NextWrong(dir) {
		g.app.Say("no wrong frame %s", map[int]string{1: "after this one", -1: "before this one"}[dir])
	}
}

// showFrame makes the frame under the cursor the shown Doc when it moved.
func (g *game) showFrame() {
	cs := &g.capt
	cs.slider = cs.c.Cursor
	if cs.shown == cs.c.Cursor {
		return
	}
	d, err := cs.c.Doc(cs.c.Cursor, g.app.Doc.View, g.app.Doc.Grid)
	cs.shown = cs.c.Cursor
	if err != nil {
		g.app.Fail(err)
		return
	}
	first := g.app.Doc.Mesh != d.Mesh
	g.app.SetDoc(d)
	if first {
		g.fitScene()
	}
}

// capturePose is the game's recorded answer for the shown frame.
func (g *game) capturePose() []render.EnginePose {
	f, ok := g.capt.c.Current()
	if !ok || g.capt.shown != g.capt.c.Cursor {
		return nil
	}
	p := answerPose(f.Answer, f.Query.Start, f.Query.End, render.EngineColor(g.app.Engines.Len()))
	p.Name = "game"
	p.Legend = "game (capture): " + legendVerdict(f.Verdict)
	return []render.EnginePose{p}
}

// exportCapture writes the shown capture frame as a fixture.
func (g *game) exportCapture() {
	path, err := g.capt.c.Export(g.capt.c.Cursor, g.exportDir, time.Now())
	if err != nil {
		g.app.Fail(err)
		return
	}
	g.app.Say("exported %s (expects the core's answer)", path)
}

// captureHeader is the Result panel's Capture section, while one is open
// or being read.
func (g *game) captureHeader(ctx *debugui.Context) {
	if g.capt.c != nil || g.capt.loading != nil {
		ctx.Header("Capture", true, func() { g.capturePanel(ctx) })
	}
}

// capturePanel is the capture's timeline: a slider over its frames with
// the wrong ones ticked, the frame's verdict and the game's answer.
func (g *game) capturePanel(ctx *debugui.Context) {
	c := g.capt.c
	if c == nil {
		if g.capt.loading != nil {
			ctx.Text("reading the capture...")
		}
		return
	}
	f, ok := c.Current()
	if !ok {
		ctx.Text("the capture has no queries")
		return
	}
	ctx.SetGridLayout([]int{-1}, nil)
	g.releasable(ctx, func() { ctx.Slider(&g.capt.slider, 0, len(c.Frames)-1, 1).On(func() { c.Seek(g.capt.slider) }) })
	g.wrongTicks(ctx, c)
	ctx.SetGridLayout([]int{-1, -1}, nil)
	g.button(ctx, "< wrong (B)", func() { g.stepWrong(-1) })
	g.button(ctx, "wrong > (N)", func() { g.stepWrong(1) })
	ctx.SetGridLayout([]int{-1}, nil)
	ctx.Text(fmt.Sprintf("%d/%d: %s", c.Cursor+1, len(c.Frames), f.Describe()))
	colorRow(ctx, "game "+f.Verdict.String(), verdictColor(f.Verdict.State, false))
	for _, line := range editor.AnswerRows(f.Answer, f.Op != engine.OpSlide) {
		ctx.Text(line)
	}
}

// wrongTicks draws a row with a red tick at each wrong frame's place on
// the slider.
func (g *game) wrongTicks(ctx *debugui.Context, c *editor.Capture) {
	ctx.GridCell(func(b image.Rectangle) {
		ctx.DrawOnlyWidget(func(screen *ebiten.Image) {
			sc := float64(ctx.Scale())
			n := max(len(c.Frames)-1, 1)
			for i, f := range c.Frames {
				if f.Verdict.State != judge.Wrong {
					continue
				}
				x := (float64(b.Min.X) + float64(b.Dx()-2)*float64(i)/float64(n)) * sc
				vector.FillRect(screen, float32(x), float32(float64(b.Min.Y)*sc), float32(2*sc), float32(float64(b.Dy())*sc), colorBad, false)
			}
		})
	})
}
