package editor

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
)

// Play mode: the ellipsoid walks through the scene as a character, with
// the player controls of the course's collide-and-slide slides ("Player
// Controls"), moved every tick by the same core the inspector shows
// (sweep.Mesh.Slide from the current center to the desired one). player,
// timeline and Play are plain types with no window, so the tests walk them
// headless.

// playTPS is play mode's fixed tick rate (ticks per second); the window
// runs one tick per ebiten Update at ebiten's default 60 TPS.
const playTPS = 60

// worldUp is the world's up direction (the scenes are y-up).
var worldUp = mgl64.Vec3{0, 1, 0}

// PlayInput is what the player asks for in one tick.
type PlayInput struct {
	Forward, Back, Left, Right bool
	Jump                       bool
	// Look is the camera's look direction; only its horizontal part
	// counts (WASD are relative to it). A vertical or zero Look walks
	// along -z.
	Look mgl64.Vec3
}

// Moving reports whether a movement key (W, A, S or D) is held.
func (in PlayInput) Moving() bool { return in.Forward || in.Back || in.Left || in.Right }

// playerState is everything a tick starts from: restoring it restores the
// simulation exactly.
type playerState struct {
	Tick     int        // ticks since play began
	Pos      mgl64.Vec3 // the ellipsoid's center, world units
	VelY     float64    // vertical velocity, world units per second (up positive)
	OnGround bool       // the last tick touched a surface whose normal points up (see GroundCos)
}

// tickRecord is one tick of play: where it started, where the input and
// gravity wanted to go, what the core's slide made of it and the state it
// left.
type tickRecord struct {
	Before  playerState // the state the tick started from
	Input   PlayInput
	Start   mgl64.Vec3        // the center at the start of the tick (Before.Pos)
	Desired mgl64.Vec3        // the center the tick aimed for without collision
	Slide   sweep.SlideResult // Mesh.SlideShape(Shape, Start, Desired)
	After   playerState       // the state the tick left (After.Pos is where the player stands)
	// Dist is the shape's distance, in shape units (judge.Geometry: 1 is
	// touching), from After.Pos to the nearest triangle within reach (+Inf
	// when none is near): below 1 means the tick ended inside geometry.
	Dist float64
	// Respawned reports that the tick fell below the level (see
	// player.Floor) and put the player back at its spawn point.
	Respawned bool
	// Free is the length of the motion the contact planes of the slide
	// leave free (the motion projected onto them); Made is how far the
	// slide actually moved.
	Free, Made float64
}

// Inside reports whether the tick ended inside geometry: unit-space
// distance below 1 - insideTolerance.
func (r tickRecord) Inside() bool { return r.Dist < 1-insideTolerance }

// Stuck reports whether the slide stuck: a movement key was held, the
// contact planes left at least minFree of the motion free (so it was not
// blocked head-on), and the slide made less than stuckFraction of that.
func (r tickRecord) Stuck() bool {
	return r.Input.Moving() && r.Free > minFree && r.Made < stuckFraction*r.Free
}

const (
	// insideTolerance: a pose counts as inside geometry when its unit
	// distance is below 1 - 1e-6 (the core's promised accuracy).
	insideTolerance = 1e-6
	// stuckFraction: a slide that makes less than 1% of its free motion
	// sticks.
	stuckFraction = 0.01
	// minFree (world units per tick) is the least free motion worth
	// checking for sticking: below it the player is blocked (pushing
	// head-on into a wall or a corner).
	minFree = 1e-4
)

// Player walks a shape (an ellipsoid, a capsule or a box) through a mesh. The parameters are exported so
// a caller can tune them; newPlayer sets defaults.
type Player struct {
	Mesh  *sweep.Mesh
	Geo   *judge.Geometry // the same triangles, for the inside check
	Shape sweep.Shape
	Slide sweep.SlideOptions
	State playerState
	// Spawn is where play began (the start pose) and Floor the height
	// below which the player has fallen out of the level: a tick that
	// ends with the center below Floor puts it back at Spawn, at rest.
	Spawn mgl64.Vec3
	Floor float64

	// Speed, Gravity and JumpSpeed default to values for a player 1.8
	// units tall (metres) and scale up with a taller ellipsoid's height
	// (see playerScale), so a level in larger units plays alike.
	Speed     float64 // walking speed, world units per second (default 4)
	Gravity   float64 // downward acceleration, world units per second² (default 20)
	JumpSpeed float64 // vertical speed of a jump, world units per second (default 7)
	// GroundCos: a contact whose normal n has dot(n, worldUp) > GroundCos is
	// ground (default 0.3: normals within 72.5° of up). The slides count
	// any upward normal (> 0); 0.3 keeps near-vertical walls from being
	// ground, yet the rounded contact at the top edge of a step lower than
	// 0.7 of the vertical radius (normal up-part (r-h)/r > 0.3) still is,
	// so the slide carries the player up stairs instead of gravity
	// pinning it against the step's edge.
	GroundCos float64
}

// newPlayer puts a player of shape s with the default parameters, scaled
// to its height (playerScale), at pos, in the air. tris must be the
// triangles mesh was built from.
func newPlayer(mesh *sweep.Mesh, tris []geom.Triangle, s sweep.Shape, opt sweep.SlideOptions, pos mgl64.Vec3) *Player {
	k := playerScale(s)
	return &Player{
		Mesh: mesh, Geo: judge.NewGeometry(s, tris), Shape: s, Slide: opt,
		State: playerState{Pos: pos}, Spawn: pos, Floor: floorOf(mesh, s, pos),
		Speed: float64(4 * k), Gravity: float64(20 * k), JumpSpeed: float64(7 * k), GroundCos: 0.3,
	}
}

// referenceHeight is the player height the default speeds are for: 1.8
// units, a person in metres (the built-in scenes' ellipsoid).
const referenceHeight = 1.8

// playerScale is the shape's height over referenceHeight, at least 1: a
// Quake-sized player (56 units tall) walks, falls and jumps 31 times as
// many units a second, the same in player heights, while an ellipsoid
// smaller than a person in a metre scene (a probe sphere) keeps the
// metre speeds. A degenerate height counts as 1.
func playerScale(s sweep.Shape) float64 {
	k := 2 * geom.Dot(s.Extent(), worldUp) / referenceHeight
	if !(k > 1) || math.IsInf(k, 0) {
		return 1
	}
	return k
}

// floorOf is the height below which shape s has left the level: its top
// below the lowest point of the mesh and of the spawn point pos.
func floorOf(mesh *sweep.Mesh, s sweep.Shape, pos mgl64.Vec3) float64 {
	low := geom.Dot(pos, worldUp)
	if b := mesh.Bounds(); geom.Dot(b.Min, worldUp) < low {
		low = geom.Dot(b.Min, worldUp)
	}
	return low - geom.Dot(s.Extent(), worldUp)
}

// walk returns the horizontal direction (unit, or zero) the keys ask for,
// relative to the horizontal part of look: W forward, S back, A left, D
// right (the slides: dir = normalize(look.x, 0, look.z), perp = (dir.z, 0,
// -dir.x) is the player's left).
func walk(in PlayInput) mgl64.Vec3 {
	dir := mgl64.Vec3{in.Look[0], 0, in.Look[2]}
	if geom.Len(dir) < 1e-9 {
		dir = mgl64.Vec3{0, 0, -1}
	}
	dir = geom.Normalize(dir)
	left := mgl64.Vec3{dir[2], 0, -dir[0]}
	var w mgl64.Vec3
	if in.Forward {
		w = w.Add(dir)
	}
	if in.Back {
		w = w.Sub(dir)
	}
	if in.Left {
		w = w.Add(left)
	}
	if in.Right {
		w = w.Sub(left)
	}
	if geom.Len(w) < 1e-9 {
		return mgl64.Vec3{}
	}
	return geom.Normalize(w)
}

// Step runs one tick (1/playTPS seconds): walk, jump, gravity, then the
// core's slide from the current center to the desired one. As in the slides:
// on the ground the vertical velocity does not go below -Gravity·dt (it
// keeps a small downward motion, so every tick on the ground touches the
// ground again and stays on it); with no movement key held and on the
// ground the player does not move (no creeping down slopes).
func (p *Player) Step(in PlayInput) tickRecord {
	const dt = 1.0 / playTPS
	s := p.State
	rec := tickRecord{Before: s, Input: in, Start: s.Pos}
	vy := s.VelY
	if in.Jump && s.OnGround {
		vy = p.JumpSpeed
	}
	vy -= float64(p.Gravity * dt)
	if s.OnGround && vy < -p.Gravity*dt {
		vy = float64(-p.Gravity * dt)
	}
	move := geom.Scale(walk(in), float64(p.Speed*dt)).Add(geom.Scale(worldUp, float64(vy*dt)))
	rec.Desired = s.Pos.Add(move)
	rec.Slide = p.Mesh.SlideShape(p.Shape, s.Pos, rec.Desired, p.Slide)
	next := playerState{Tick: s.Tick + 1, Pos: rec.Slide.Final, VelY: vy}
	var normals []mgl64.Vec3
	for _, st := range rec.Slide.Steps {
		n := st.Hit.Normal
		normals = append(normals, n)
		if geom.Dot(n, worldUp) > p.GroundCos {
			next.OnGround = true
		}
		if geom.Dot(n, worldUp) < -p.GroundCos && next.VelY > 0 { // bumped a ceiling
			next.VelY = 0
		}
	}
	if next.OnGround && next.VelY < 0 {
		next.VelY = 0
	}
	if !in.Moving() && next.OnGround && s.OnGround && vy <= 0 {
		next.Pos = s.Pos
	}
	if geom.Dot(next.Pos, worldUp) < p.Floor {
		next, rec.Respawned = playerState{Tick: next.Tick, Pos: p.Spawn}, true
	}
	rec.After = next
	rec.Free = geom.Len(freeMotion(move, normals))
	rec.Made = geom.Len(next.Pos.Sub(s.Pos))
	if len(normals) == 0 {
		rec.Free = 0 // no contact: nothing to stick to
	}
	rec.Dist = p.dist(next.Pos)
	p.State = next
	return rec
}

// dist is tickRecord.Dist for the center c.
func (p *Player) dist(c mgl64.Vec3) float64 {
	d, _ := p.Geo.Dist(c)
	return d
}

// freeMotion is the part of move that the contact planes (normals n_i,
// the motion blocked where move·n_i < 0) leave: move clipped against every
// plane it pushes into, a few rounds of projections as in box2d's plane
// solver (b2SolvePlanes), which settles into the crease line when two
// planes block. Zero when the planes block it entirely.
func freeMotion(move mgl64.Vec3, normals []mgl64.Vec3) mgl64.Vec3 {
	v := move
	for round := 0; round < 8; round++ {
		changed := false
		for _, n := range normals {
			if d := geom.Dot(v, n); d < -1e-15 {
				v = v.Sub(geom.Scale(n, d))
				changed = true
			}
		}
		if !changed {
			return v
		}
	}
	for _, n := range normals { // still pushing into a plane: blocked
		if geom.Dot(v, n) < -1e-12 {
			return mgl64.Vec3{}
		}
	}
	return v
}

// Restore makes s the player's state; the next Step continues from it
// exactly as it did the first time (Step is deterministic).
func (p *Player) Restore(s playerState) { p.State = s }
