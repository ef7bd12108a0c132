package ui

import (
	"fmt"
	"os"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/render"
	"sweepdbg/ui/editor"
)

// The window side of play mode (its state and stepping are editor.Play):
// P starts play (and pauses and resumes it); while it runs, one tick per
// Update (ebiten's default 60 TPS is PlayTPS) reads WASD and Space and
// steps the Player, and the camera follows it. "Inspect tick" keeps the
// tick under the cursor as one undo step and leaves play, "Stop" puts the
// scene and the camera back as they were before play. Ctrl+E exports
// whatever is shown.

// playSession is play mode in the window: the editor's Play (player,
// timeline, running, the Doc before play) and what only the window has.
type playSession struct {
	*editor.Play
	cam    render.Camera // the camera when play began (Stop returns to it)
	slider int           // the timeline slider's value: the game tick under the cursor
}

// startPlay begins play mode from the current start pose, paused state
// cleared, running.
func (g *game) startPlay() {
	d := g.app.Doc
	if d.Scene == nil || d.Mesh == nil {
		return
	}
	if g.mode == mouseDrag {
		g.cancelDrag()
	}
	g.play = &playSession{Play: editor.StartPlay(g.app), cam: g.cam}
	// Follow the player from close by: frame the player and three times
	// its size around it (in its own units: a 56-unit Quake player and a
	// 1.8 m one are framed alike).
	g.fit(render.PoseBox(d.Scene.Shape, d.Scene.Start).Expand(d.Scene.Shape.Extent().Mul(3)))
	g.app.Say("play: WASD walk (relative to the camera), Space jumps, P pauses")
	g.printPlay()
}

// togglePlay is the P key and the Play/Pause button.
func (g *game) togglePlay() {
	ps := g.play
	switch {
	case ps == nil:
		g.startPlay()
		return
	case ps.Running:
		ps.Pause(g.app)
	default:
		ps.Resume(g.app)
	}
	g.printPlay()
}

// stopPlay leaves play mode and puts back the start and end from before
// it (editor.Play.Stop).
func (g *game) stopPlay() {
	if g.play == nil {
		return
	}
	ps := g.play
	g.play = nil
	ps.Stop(g.app)
}

// quitPlay is the Stop button: leave play mode, scene and camera as they
// were before it.
func (g *game) quitPlay() {
	if g.play == nil {
		return
	}
	cam := g.play.cam
	g.stopPlay()
	cam.Width, cam.Height = g.cam.Width, g.cam.Height
	g.cam = cam
	g.app.Say("play stopped: the scene is as it was before play")
	g.printPlay()
}

// inspectTick makes the tick under the cursor the inspected motion (one
// undo step) and leaves play mode.
func (g *game) inspectTick() {
	ps := g.play
	if ps == nil || !ps.Inspect(g.app) {
		return
	}
	g.play = nil
	g.printPlay()
}

// stepTimeline moves the cursor by k ticks (paused); stepping forward past
// the newest tick runs a new tick with no keys held.
func (g *game) stepTimeline(k int) {
	ps := g.play
	if ps == nil {
		return
	}
	ps.Running = false
	if k > 0 && ps.AtNewest() {
		g.tick(editor.PlayInput{Look: g.look()})
		return
	}
	if rec, ok := ps.Seek(g.app, ps.Timeline.Cursor+k); ok {
		ps.slider = rec.Before.Tick
	}
}

// scrub moves the timeline's cursor to the tick numbered tick (the
// slider), pausing play.
func (g *game) scrub(tick int) {
	ps := g.play
	if ps == nil {
		return
	}
	if rec, ok := ps.SeekTick(g.app, tick); ok {
		ps.slider = rec.Before.Tick
	}
}

// playUpdate runs one tick of play when it is running.
func (g *game) playUpdate() {
	ps := g.play
	if ps == nil || !ps.Running {
		return
	}
	in := editor.PlayInput{Look: g.look()}
	if !g.shot.noInput && g.capture == 0 {
		in.Forward = ebiten.IsKeyPressed(ebiten.KeyW)
		in.Back = ebiten.IsKeyPressed(ebiten.KeyS)
		in.Left = ebiten.IsKeyPressed(ebiten.KeyA)
		in.Right = ebiten.IsKeyPressed(ebiten.KeyD)
		in.Jump = ebiten.IsKeyPressed(ebiten.KeySpace)
	}
	g.tick(in)
}

// tick runs one tick of play (editor.Play.Tick) and follows the player
// with the camera.
func (g *game) tick(in editor.PlayInput) {
	ps := g.play
	rec, paused := ps.Tick(g.app, in)
	ps.slider = rec.Before.Tick
	g.cam.Target = rec.After.Pos
	if paused {
		g.printPlay()
	}
}

// look is the camera's look direction (from the eye to the target).
func (g *game) look() mgl64.Vec3 { return g.cam.Target.Sub(g.cam.Eye()) }

// playLines describes play mode for its panel.
func playLines(ps *playSession) []string {
	var p *editor.Play // nil: play off
	if ps != nil {
		p = ps.Play
	}
	return editor.PlayLines(p)
}

// printPlay writes the play state (editor.Play.DebugLine) to stdout when
// SWEEPDBG_DEBUG_PRINT=1. It prints when play starts, pauses, resumes or
// stops, so the end-to-end test can check a walk.
func (g *game) printPlay() {
	if os.Getenv("SWEEPDBG_DEBUG_PRINT") != "1" {
		return
	}
	var p *editor.Play // nil: "play off"
	if g.play != nil {
		p = g.play.Play
	}
	fmt.Println(p.DebugLine())
}
