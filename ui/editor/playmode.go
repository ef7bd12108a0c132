package editor

import (
	"fmt"
)

// Play is play mode's state, without a window: the Player, its Timeline,
// whether it runs and the Doc from before play (Stop returns to it). The
// tick under the timeline's cursor is shown as the inspected motion
// (start = the tick's start, end = where it aimed) through
// App.ShowMotion, without undo steps; Inspect keeps it as one undo step.
// The window (package ui) reads the keys, moves the camera and draws the
// timeline.
type Play struct {
	Player   *Player
	Timeline timeline
	Running  bool
	Before   Doc    // the Doc when play began
	Note     string // why play paused by itself, "" otherwise
}

// StartPlay begins play mode, running, from the current start pose; nil
// when no scene is open.
func StartPlay(a *App) *Play {
	d := a.Doc
	if d.Scene == nil || d.Mesh == nil {
		return nil
	}
	p := newPlayer(d.Mesh, d.Scene.Mesh.Tris(), d.Scene.Shape, d.SlideOptions(), d.Scene.Start)
	return &Play{Player: p, Before: d, Running: true}
}

// Pause stops running and says at which tick.
func (p *Play) Pause(a *App) {
	p.Running = false
	a.Say("play paused at tick %d", p.TickNumber())
}

// Resume continues from the tick under the cursor, forgetting the ticks
// after it.
func (p *Play) Resume(a *App) {
	if rec, ok := p.Timeline.Current(); ok {
		p.Player.Restore(rec.After)
		p.Timeline.Truncate()
	}
	p.Running, p.Note = true, ""
	a.Say("play resumed")
}

// Stop puts back the start and end from before play (other edits made
// while playing, e.g. View toggles, stay; after a load while playing, the
// whole Doc from before play comes back).
func (p *Play) Stop(a *App) {
	b := p.Before
	if a.Doc.Scene == nil || b.Scene == nil || a.Doc.MeshRev != b.MeshRev {
		a.SetDoc(b)
		return
	}
	d := a.Doc.Clone()
	d.Scene.Start, d.Scene.End = b.Scene.Start, b.Scene.End
	a.SetDoc(d)
}

// Inspect makes the tick under the cursor the inspected motion as one
// undo step; false (and a message) when there is no tick yet. The caller
// leaves play mode on true.
func (p *Play) Inspect(a *App) bool {
	rec, ok := p.Timeline.Current()
	if !ok {
		a.Say("no tick to inspect yet")
		return false
	}
	p.Show(a, rec)
	a.Commit(p.Before, fmt.Sprintf("inspecting play tick %d: %s -> %s", rec.Before.Tick, Vec(rec.Start), Vec(rec.Desired)))
	return true
}

// Tick steps the player with in (after taking the shape and slide
// options edited while playing), records the tick and shows it. A tick
// that ends inside geometry or sticks pauses play with a message (paused
// reports it); one that fell out of the level says it respawned.
func (p *Play) Tick(a *App, in PlayInput) (rec tickRecord, paused bool) {
	p.sync(a.Doc)
	rec = p.Player.Step(in)
	p.Timeline.Push(rec)
	p.Show(a, rec)
	switch {
	case rec.Respawned:
		a.Say("fell out of the level: respawned")
		return rec, false
	case rec.Inside():
		p.Note = fmt.Sprintf("play paused: tick %d ends inside geometry (unit distance %.7f)", rec.Before.Tick, rec.Dist)
	case rec.Stuck():
		p.Note = fmt.Sprintf("play paused: tick %d sticks (moved %.2e of %.2e free)", rec.Before.Tick, rec.Made, rec.Free)
	default:
		return rec, false
	}
	p.Running = false
	a.Fail(fmt.Errorf("%s", p.Note))
	return rec, true
}

// sync gives the player the shape and slide options of d.
func (p *Play) sync(d Doc) {
	pl := p.Player
	if d.Scene == nil {
		return
	}
	if d.Scene.Shape != pl.Shape {
		pl.Shape = d.Scene.Shape
		if pl.Geo.E != pl.Shape.Ellipsoid {
			pl.Geo = pl.Geo.WithShape(pl.Shape)
		}
	}
	pl.Slide = d.SlideOptions()
}

// Seek pauses and moves the cursor to timeline index i (clamped), showing
// that tick; ok is false when the timeline is empty.
func (p *Play) Seek(a *App, i int) (tickRecord, bool) {
	p.Running = false
	p.Timeline.Seek(i)
	return p.showCurrent(a)
}

// SeekTick pauses and moves the cursor to the tick numbered tick
// (clamped), showing it; ok is false when the timeline is empty.
func (p *Play) SeekTick(a *App, tick int) (tickRecord, bool) {
	p.Running = false
	p.Timeline.SeekTick(tick)
	return p.showCurrent(a)
}

func (p *Play) showCurrent(a *App) (tickRecord, bool) {
	rec, ok := p.Timeline.Current()
	if ok {
		p.Show(a, rec)
	}
	return rec, ok
}

// AtNewest reports whether the cursor is on the newest tick (or the
// timeline is empty): stepping forward from there runs a new tick.
func (p *Play) AtNewest() bool { return p.Timeline.Cursor == p.Timeline.Len()-1 }

// Show shows rec's motion as the inspected one, without an undo step (a
// new revision: the core, the opinions and the redraw follow).
func (p *Play) Show(a *App, rec tickRecord) { a.ShowMotion(rec.Start, rec.Desired) }

// TickNumber is the number of the tick under the cursor (-1 when none).
func (p *Play) TickNumber() int {
	if rec, ok := p.Timeline.Current(); ok {
		return rec.Before.Tick
	}
	return -1
}

// PlayLines describes play mode for its panel; p nil is play off.
func PlayLines(p *Play) []string {
	if p == nil {
		return []string{"P: play (walk the shape)"}
	}
	state := "paused"
	if p.Running {
		state = "running"
	}
	n := p.Timeline.Len()
	out := []string{fmt.Sprintf("%s, %d ticks kept (%.1fs)", state, n, float64(n)/playTPS)}
	if rec, ok := p.Timeline.Current(); ok {
		ground := "in the air"
		if rec.After.OnGround {
			ground = "on the ground"
		}
		out = append(out,
			fmt.Sprintf("tick %d, %s", rec.Before.Tick, ground),
			"center "+Vec(rec.After.Pos),
			fmt.Sprintf("vy %.3f, %d contact(s)", rec.After.VelY, len(rec.Slide.Steps)),
			fmt.Sprintf("unit dist %.6f", rec.Dist))
	}
	if p.Note != "" {
		out = append(out, p.Note)
	}
	return out
}

// DebugLine is the play state as one line, "play STATE tick N pos X Y Z
// dist D inside B start X Y Z end X Y Z" (STATE running or paused; N the
// tick under the cursor, -1 before the first; pos the player's center
// after it; dist its unit distance to the nearest triangle; B whether that
// is inside geometry; start and end the tick's motion, what Inspect makes
// the scene's start and end), or "play off" for p nil. The end-to-end
// test reads it to check a walk.
func (p *Play) DebugLine() string {
	if p == nil {
		return "play off"
	}
	state := "paused"
	if p.Running {
		state = "running"
	}
	pos, dist, tick := p.Player.State.Pos, 0.0, -1
	start, end := pos, pos
	if rec, ok := p.Timeline.Current(); ok {
		pos, dist, tick, start, end = rec.After.Pos, rec.Dist, rec.Before.Tick, rec.Start, rec.Desired
	} else {
		dist = p.Player.dist(pos)
	}
	return fmt.Sprintf("play %s tick %d pos %.6f %.6f %.6f dist %.9f inside %v start %.9f %.9f %.9f end %.9f %.9f %.9f",
		state, tick, pos[0], pos[1], pos[2], dist, dist < 1-insideTolerance,
		start[0], start[1], start[2], end[0], end[1], end[2])
}
