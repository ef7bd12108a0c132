package ui

import (
	"sync/atomic"
	"time"

	"github.com/ebitengine/debugui"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"sweepdbg/render"
	"sweepdbg/ui/editor"
)

// redrawFrames is how many frames are drawn after a change: debugui shows
// the effect of an input one frame after it reads it, so a change draws
// for a few frames and then the window rests.
const redrawFrames = 3

// redrawer decides when Draw draws. The screen is not cleared between
// frames (ebiten.SetScreenClearedEveryFrame(false)), so a frame that skips
// drawing leaves the last picture on screen and Ebitengine skips the GPU
// work: a window where nothing changes costs almost nothing. A frame is
// drawn after input, after any change of what the window shows (see
// shown), while something runs (play, a load, a hunt), and when
// requestRedraw was called.
type redrawer struct {
	frames    int         // frames still to draw
	requested atomic.Bool // requestRedraw was called since the last Update
	last      shown       // what the window showed at the last Update
	cursor    [2]int      // the cursor at the last Update
	active    time.Time   // when a frame was last armed
	resting   bool        // Update runs at idleTPS
}

// idleTPS is the Update rate after restAfter without a change: low
// enough that an idle window costs almost nothing, high enough that the
// first key or click after a rest is answered within 1/idleTPS seconds
// (the rate returns to normal at once). Keys pressed between two Updates
// are not lost (ebiten stamps presses and characters with the tick they
// arrive in), but the window does not rest while a text field has the
// keyboard (see typing).
const (
	idleTPS   = 12
	restAfter = time.Second
)

// shown is what a frame's picture depends on besides input and running
// work: when it differs from the last Update's, the frame is drawn.
type shown struct {
	rev           uint64
	cam           editor.CameraState
	w, h          int
	msg           string
	msgErr        bool
	help          bool
	capture       debugui.InputCapturingState
	hover         render.Handle
	mode          mouseMode
	opinionsReady bool
	probeReady    bool
}

// requestRedraw asks for the next frames to be drawn. Work that changes
// what the window shows without an input or a new document revision (a
// background engine's answer arriving, say) calls it; it is safe from any
// goroutine.
func (g *game) requestRedraw() { g.redraw.requested.Store(true) }

// noteChanges runs at the end of Update and arms the next frames' drawing
// when something changed (see redrawer).
func (g *game) noteChanges(posted bool) {
	r := &g.redraw
	now := shown{
		rev: g.app.Rev, cam: cameraState(g.cam), w: g.w, h: g.h, msg: g.app.Msg, msgErr: g.app.MsgErr,
		help: g.help, capture: g.capture, hover: g.hover, mode: g.mode,
		opinionsReady: g.app.Opinions.Report != nil, probeReady: g.app.Probe.Result != nil,
	}
	busy := g.app.Loading != nil || g.app.Hunter != nil || (g.play != nil && g.play.Running) || g.shotPending
	if r.requested.Swap(false) || posted || busy || now != r.last || g.inputActive() {
		r.frames = redrawFrames
	}
	r.last = now
	g.pace(r.frames > 0 || g.typing())
}

// typing reports a text field holding the keyboard. The window then keeps
// its full Update rate even when nothing changes: ebiten's text input
// (exp/textinput, which debugui's fields read) hands a field one commit
// per session and, in v2.10.4, a second character arriving in the same
// Update stays queued behind it for good, so every later character is
// lost. At the full rate a person's keys land in separate Updates.
func (g *game) typing() bool { return g.capture&debugui.InputCapturingStateFocus != 0 }

// pace lowers the Update rate when the window has been idle for a while
// and restores it as soon as something happens.
func (g *game) pace(active bool) {
	r := &g.redraw
	if g.shot.fixedW > 0 {
		return
	}
	switch {
	case active:
		r.active = time.Now()
		if r.resting {
			r.resting = false
			ebiten.SetTPS(ebiten.DefaultTPS)
		}
	case !r.resting && time.Since(r.active) > restAfter:
		r.resting = true
		r.frames = 1 // the status line then reads "idle"
		ebiten.SetTPS(idleTPS)
	}
}

// inputActive reports any key, character, button, wheel or cursor motion
// this frame.
func (g *game) inputActive() bool {
	x, y := ebiten.CursorPosition()
	moved := [2]int{x, y} != g.redraw.cursor
	g.redraw.cursor = [2]int{x, y}
	var keys [8]ebiten.Key
	var chars [8]rune
	wx, wy := ebiten.Wheel()
	return moved || wx != 0 || wy != 0 ||
		len(inpututil.AppendPressedKeys(keys[:0])) > 0 ||
		len(inpututil.AppendJustReleasedKeys(keys[:0])) > 0 ||
		len(ebiten.AppendInputChars(chars[:0])) > 0 ||
		ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) ||
		ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle) ||
		ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight) ||
		inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft) ||
		inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonMiddle)
}

// drawNow reports whether this Draw draws, and counts the frame.
func (g *game) drawNow() bool {
	if g.shot.fixedW > 0 {
		return true // a one-frame screenshot always draws
	}
	if g.redraw.frames <= 0 {
		return false
	}
	g.redraw.frames--
	return true
}
