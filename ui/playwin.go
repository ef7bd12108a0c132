package ui

import (
	"fmt"
	"os"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/render"
	"sweepdbg/ui/editor"
)

// The window side of play mode: P starts play (and pauses and resumes
// it); while it runs, one tick per Update (ebiten's default 60 TPS is
// PlayTPS) reads WASD and Space and steps the Player. The tick under the
// timeline's cursor is shown as the inspected motion (start = the tick's
// start, end = where it aimed), without undo steps; "Inspect tick" keeps
// it as one undo step and leaves play, "Stop" puts the scene back as it
// was before play. Ctrl+E exports whatever is shown.

// playSession is play mode's state in the window.
type playSession struct {
	player  *editor.Player
	tl      editor.Timeline
	running bool
	before  editor.Doc    // the editor.Doc when play began (Stop returns to it)
	cam     render.Camera // the camera when play began (Stop returns to it)
	note    string        // why play paused by itself, "" otherwise
	slider  int           // the timeline slider's value: the game tick under the cursor
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
	p := editor.NewPlayer(d.Mesh, d.Scene.Mesh.Tris(), d.Scene.Ellipsoid, d.SlideOptions(), d.Scene.Start)
	g.play = &playSession{player: p, before: d, cam: g.cam, running: true}
	// Follow the player from close by: frame a few units around it.
	g.fit(render.PoseBox(d.Scene.Ellipsoid, d.Scene.Start).Expand(mgl64.Vec3{2, 2, 2}))
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
	case ps.running:
		ps.running = false
		g.app.Say("play paused at tick %d", g.playTick())
	default:
		g.resumePlay()
	}
	g.printPlay()
}

// resumePlay continues from the tick under the cursor, forgetting the
// ticks after it.
func (g *game) resumePlay() {
	ps := g.play
	if rec, ok := ps.tl.Current(); ok {
		ps.player.Restore(rec.After)
		ps.tl.Truncate()
	}
	ps.running, ps.note = true, ""
	g.app.Say("play resumed")
}

// stopPlay leaves play mode and puts back the start and end from before
// it (other edits made while playing, e.g. View toggles, stay).
func (g *game) stopPlay() {
	if g.play == nil {
		return
	}
	b := g.play.before
	g.play = nil
	if g.app.Doc.Scene == nil || b.Scene == nil || g.app.Doc.Mesh != b.Mesh {
		g.app.SetDoc(b)
		return
	}
	d := g.app.Doc.Clone()
	d.Scene.Start, d.Scene.End = b.Scene.Start, b.Scene.End
	g.app.SetDoc(d)
}

// syncPlayer gives the player the ellipsoid and slide options edited in
// the panels while playing.
func (g *game) syncPlayer() {
	p, d := g.play.player, g.app.Doc
	if d.Scene == nil {
		return
	}
	if d.Scene.Ellipsoid != p.E {
		p.E, p.Geo = d.Scene.Ellipsoid, p.Geo.WithEllipsoid(d.Scene.Ellipsoid)
	}
	p.Slide = d.SlideOptions()
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
	if ps == nil {
		return
	}
	rec, ok := ps.tl.Current()
	if !ok {
		g.app.Say("no tick to inspect yet")
		return
	}
	g.showTick(rec)
	g.play = nil
	g.app.Commit(ps.before, fmt.Sprintf("inspecting play tick %d: %s -> %s", rec.Before.Tick, editor.Vec(rec.Start), editor.Vec(rec.Desired)))
	g.printPlay()
}

// stepTimeline moves the cursor by k ticks (paused); stepping forward past
// the newest tick runs a new tick with no keys held.
func (g *game) stepTimeline(k int) {
	ps := g.play
	if ps == nil {
		return
	}
	ps.running = false
	if k > 0 && ps.tl.Cursor == ps.tl.Len()-1 {
		g.tick(editor.PlayInput{Look: g.look()})
		return
	}
	ps.tl.Seek(ps.tl.Cursor + k)
	if rec, ok := ps.tl.Current(); ok {
		g.showTick(rec)
	}
}

// playUpdate runs one tick of play when it is running.
func (g *game) playUpdate() {
	ps := g.play
	if ps == nil || !ps.running {
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

// tick steps the player, records the tick and shows it; a tick that ends
// inside geometry or sticks pauses play with a message, one that fell out
// of the level (and respawned at the start) says so.
func (g *game) tick(in editor.PlayInput) {
	ps := g.play
	g.syncPlayer()
	rec := ps.player.Step(in)
	ps.tl.Push(rec)
	g.showTick(rec)
	g.cam.Target = rec.After.Pos
	switch {
	case rec.Respawned:
		g.app.Say("fell out of the level: respawned")
		return
	case rec.Inside():
		ps.note = fmt.Sprintf("play paused: tick %d ends inside geometry (unit distance %.7f)", rec.Before.Tick, rec.Dist)
	case rec.Stuck():
		ps.note = fmt.Sprintf("play paused: tick %d sticks (moved %.2e of %.2e free)", rec.Before.Tick, rec.Made, rec.Free)
	default:
		return
	}
	ps.running = false
	g.app.Fail(fmt.Errorf("%s", ps.note))
	g.printPlay()
}

// showTick shows rec's motion as the inspected one, without an undo step
// (a new revision: the core, the opinions and the redraw follow).
func (g *game) showTick(rec editor.TickRecord) {
	g.app.ShowMotion(rec.Start, rec.Desired)
	g.play.slider = rec.Before.Tick
}

// look is the camera's look direction (from the eye to the target).
func (g *game) look() mgl64.Vec3 { return g.cam.Target.Sub(g.cam.Eye()) }

// playTick is the number of the tick under the cursor (-1 when none).
func (g *game) playTick() int {
	if g.play == nil {
		return -1
	}
	if rec, ok := g.play.tl.Current(); ok {
		return rec.Before.Tick
	}
	return -1
}

// playLines describes play mode for its panel.
func playLines(ps *playSession) []string {
	if ps == nil {
		return []string{"P: play (walk the ellipsoid)"}
	}
	state := "paused"
	if ps.running {
		state = "running"
	}
	out := []string{fmt.Sprintf("%s, %d ticks kept (%.1fs)", state, ps.tl.Len(), float64(ps.tl.Len())/editor.PlayTPS)}
	if rec, ok := ps.tl.Current(); ok {
		ground := "in the air"
		if rec.After.OnGround {
			ground = "on the ground"
		}
		out = append(out,
			fmt.Sprintf("tick %d, %s", rec.Before.Tick, ground),
			"center "+editor.Vec(rec.After.Pos),
			fmt.Sprintf("vy %.3f, %d contact(s)", rec.After.VelY, len(rec.Slide.Steps)),
			fmt.Sprintf("unit dist %.6f", rec.Dist))
	}
	if ps.note != "" {
		out = append(out, ps.note)
	}
	return out
}

// printPlay writes the play state to stdout when SWEEPDBG_DEBUG_PRINT=1,
// as "play STATE tick N pos X Y Z dist D inside B start X Y Z end X Y Z"
// (STATE running, paused or off; N the tick under the cursor, -1 before
// the first; pos the player's center after it; dist its unit distance to
// the nearest triangle; B whether that is inside geometry; start and end
// the tick's motion, what "inspect" makes the scene's start and end). It prints when play
// starts, pauses or resumes, so the end-to-end test can check a walk.
func (g *game) printPlay() {
	if os.Getenv("SWEEPDBG_DEBUG_PRINT") != "1" {
		return
	}
	ps := g.play
	if ps == nil {
		fmt.Println("play off")
		return
	}
	state := "paused"
	if ps.running {
		state = "running"
	}
	pos, dist, tick := ps.player.State.Pos, 0.0, -1
	start, end := pos, pos
	if rec, ok := ps.tl.Current(); ok {
		pos, dist, tick, start, end = rec.After.Pos, rec.Dist, rec.Before.Tick, rec.Start, rec.Desired
	} else {
		dist, _ = ps.player.Geo.Dist(pos)
	}
	fmt.Printf("play %s tick %d pos %.6f %.6f %.6f dist %.9f inside %v start %.9f %.9f %.9f end %.9f %.9f %.9f\n",
		state, tick, pos[0], pos[1], pos[2], dist, dist < 1-editor.InsideTolerance,
		start[0], start[1], start[2], end[0], end[1], end[2])
}
