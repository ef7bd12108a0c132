package editor

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene"
	"sweepdbg/sweep"
	"sweepdbg/sweep/oracle"
)

// phase is a scripted stretch of input: in for ticks ticks.
type phase struct {
	ticks int
	in    PlayInput
}

var (
	lookX  = mgl64.Vec3{1, -0.3, 0} // the camera looks along +x (and a bit down)
	lookXZ = mgl64.Vec3{1, -0.5, 1} // along +x+z
)

// walkScene plays the script on the built-in scene from its start pose and
// checks, independently of the player's own check, that no tick ends
// inside geometry: the oracle's unit-space distance from every tick's end
// to every triangle of the scene is at least 1 - insideTolerance. It
// returns every tick.
func walkScene(t *testing.T, name string, script []phase) []tickRecord {
	t.Helper()
	s, err := scene.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	tris := s.Mesh.Tris()
	p := newPlayer(sweep.NewMesh(tris), tris, s.Shape, s.Slide, s.Start)
	var recs []tickRecord
	for _, ph := range script {
		for i := 0; i < ph.ticks; i++ {
			r := p.Step(ph.in)
			recs = append(recs, r)
			if d, k := minUnitDistance(s.Ellipsoid, r.After.Pos, tris); d < 1-insideTolerance {
				t.Fatalf("%s: tick %d ends inside triangle %d: unit distance %.9f at %v (from %v to %v)",
					name, r.Before.Tick, k, d, r.After.Pos, r.Start, r.Desired)
			}
			if r.Inside() {
				t.Fatalf("%s: tick %d: the player reports inside (dist %v) where the oracle does not", name, r.Before.Tick, r.Dist)
			}
		}
	}
	return recs
}

func minUnitDistance(e sweep.Ellipsoid, c mgl64.Vec3, tris []geom.Triangle) (float64, int) {
	best, at := math.Inf(1), -1
	for i, tri := range tris {
		if d := oracle.UnitDistance(e.Axes, c, tri); d < best {
			best, at = d, i
		}
	}
	return best, at
}

func maxY(recs []tickRecord) float64 {
	m := math.Inf(-1)
	for _, r := range recs {
		m = max(m, r.After.Pos[1])
	}
	return m
}

// Walking up the 27° ramp: the player lands, stays on the ground, climbs
// to the top and comes back down, never inside.
func TestPlayRamp(t *testing.T) {
	recs := walkScene(t, "ramp", []phase{
		{30, PlayInput{Look: lookX}},
		{150, PlayInput{Forward: true, Look: lookX}},
		{150, PlayInput{Back: true, Look: lookX}},
	})
	if !recs[29].After.OnGround {
		t.Fatalf("not on the ground after landing: %+v", recs[29].After)
	}
	// The ramp rises from (0, 0) to (6, 3): standing on it at x the center
	// is above 0.5x; near its top the player must have been above 2.
	if y := maxY(recs); y < 2+0.9 {
		t.Fatalf("never climbed the ramp: highest center y %.3f", y)
	}
	climbing := 0
	for _, r := range recs[30:120] {
		if r.After.OnGround {
			climbing++
		}
	}
	if climbing < 80 {
		t.Fatalf("on the ground only %d of 90 ticks while walking up the ramp", climbing)
	}
}

// Climbing three 0.3 steps with a 0.5 sphere: the slide rolls it over each
// step's edge.
func TestPlayStairs(t *testing.T) {
	recs := walkScene(t, "stairs", []phase{
		{20, PlayInput{Look: lookX}},
		{75, PlayInput{Forward: true, Look: lookX}},
		{40, PlayInput{Right: true, Look: lookX}},
		{150, PlayInput{Back: true, Look: lookX}},
	})
	top := recs[94].After
	if top.Pos[0] < 1 || top.Pos[1] < 0.9+0.5-0.01 {
		t.Fatalf("did not reach the top step: %v", top.Pos)
	}
	if down := recs[len(recs)-1].After; down.Pos[0] > -1 || down.Pos[1] > 0.5+0.01 {
		t.Fatalf("did not walk back down to the floor: %v", down.Pos)
	}
}

// Into the V crease: falling in, walking across it and pushing up the far
// side's 45° slope.
func TestPlayCrease(t *testing.T) {
	recs := walkScene(t, "crease", []phase{
		{40, PlayInput{Look: lookX}},
		{120, PlayInput{Forward: true, Look: lookX}},
		{120, PlayInput{Back: true, Left: true, Look: lookX}},
	})
	if x := recs[159].After.Pos[0]; x < 0.5 {
		t.Fatalf("did not cross the crease: x = %.3f", x)
	}
	if y := recs[39].After.Pos[1]; y > 3.5 {
		t.Fatalf("did not fall into the crease: y = %.3f", y)
	}
}

// Along the wall (z = 2) and up the ramp into the crease between the ramp
// and the wall: walking diagonally into the wall slides along it.
func TestPlayWallRamp(t *testing.T) {
	recs := walkScene(t, "wall-ramp", []phase{
		{30, PlayInput{Look: lookX}},
		{60, PlayInput{Forward: true, Left: true, Look: mgl64.Vec3{0, 0, 1}}}, // +z and +x: into the wall
		{150, PlayInput{Forward: true, Look: lookXZ}},
		{60, PlayInput{Jump: true, Forward: true, Look: lookXZ}},
	})
	last := recs[len(recs)-61].After
	if last.Pos[2] < 1.4 || last.Pos[0] < 2 {
		t.Fatalf("did not walk along the wall up the ramp: %v", last.Pos)
	}
	for _, r := range recs[30:240] {
		if r.Stuck() {
			t.Fatalf("tick %d sticks: made %.3g of %.3g free", r.Before.Tick, r.Made, r.Free)
		}
	}
}

// The timeline keeps the last 10 seconds, and restoring an earlier tick's
// state replays the following ticks bit for bit.
func TestTimelineRestoresExactly(t *testing.T) {
	s, err := scene.Builtin("wall-ramp")
	if err != nil {
		t.Fatal(err)
	}
	tris := s.Mesh.Tris()
	p := newPlayer(sweep.NewMesh(tris), tris, s.Shape, s.Slide, s.Start)
	var tl timeline
	input := func(i int) PlayInput {
		return PlayInput{Forward: i%90 < 60, Left: i%50 < 10, Jump: i%120 == 100, Look: lookXZ}
	}
	total := timelineTicks + 150
	for i := 0; i < total; i++ {
		tl.Push(p.Step(input(i)))
	}
	if tl.Len() != timelineTicks {
		t.Fatalf("timeline holds %d ticks, want %d", tl.Len(), timelineTicks)
	}
	first, _ := tl.At(0)
	if first.Before.Tick != total-timelineTicks {
		t.Fatalf("oldest tick kept is %d, want %d", first.Before.Tick, total-timelineTicks)
	}
	end := p.State
	k := 200
	tl.Seek(k)
	rec, ok := tl.Current()
	if !ok || rec.Before.Tick != total-timelineTicks+k {
		t.Fatalf("tick at cursor %d: %+v", k, rec.Before)
	}
	p.Restore(rec.Before)
	for i := k; i < timelineTicks; i++ {
		want, _ := tl.At(i)
		got := p.Step(want.Input)
		if got.After != want.After || got.Desired != want.Desired || got.Dist != want.Dist {
			t.Fatalf("tick %d replayed differently:\n got %+v\nwant %+v", want.Before.Tick, got.After, want.After)
		}
	}
	if p.State != end {
		t.Fatalf("replay ends at %+v, first run at %+v", p.State, end)
	}
	tl.Seek(k)
	tl.Truncate()
	if tl.Len() != k+1 {
		t.Fatalf("after truncating at %d: %d ticks", k, tl.Len())
	}
	tl.Seek(-5)
	if tl.Cursor != 0 {
		t.Fatalf("seek below 0 put the cursor at %d", tl.Cursor)
	}
}

// WASD are relative to the camera's horizontal look, and a tick pushing
// into a corner is blocked, not stuck.
func TestWalkAndFreeMotion(t *testing.T) {
	look := mgl64.Vec3{0, -0.7, -1} // looking along -z, down
	cases := []struct {
		in   PlayInput
		want mgl64.Vec3
	}{
		{PlayInput{Forward: true}, mgl64.Vec3{0, 0, -1}},
		{PlayInput{Back: true}, mgl64.Vec3{0, 0, 1}},
		{PlayInput{Left: true}, mgl64.Vec3{-1, 0, 0}},
		{PlayInput{Right: true}, mgl64.Vec3{1, 0, 0}},
		{PlayInput{Forward: true, Back: true}, mgl64.Vec3{}},
	}
	for _, c := range cases {
		c.in.Look = look
		if got := walk(c.in); !got.ApproxEqual(c.want) {
			t.Errorf("%+v: walk %v, want %v", c.in, got, c.want)
		}
	}
	move := mgl64.Vec3{1, 0, 1}
	if f := freeMotion(move, []mgl64.Vec3{{-1, 0, 0}}); !f.ApproxEqual(mgl64.Vec3{0, 0, 1}) {
		t.Errorf("one wall: free %v, want (0,0,1)", f)
	}
	if f := freeMotion(move, []mgl64.Vec3{{-1, 0, 0}, {0, 0, -1}}); geom.Len(f) > 1e-12 {
		t.Errorf("corner: free %v, want 0", f)
	}
	crease := []mgl64.Vec3{geom.Normalize(mgl64.Vec3{-1, 1, 0}), geom.Normalize(mgl64.Vec3{1, 1, 0})}
	if f := freeMotion(mgl64.Vec3{0.3, -1, 0.5}, crease); geom.Len(f.Sub(mgl64.Vec3{0, 0, 0.5})) > 1e-9 {
		t.Errorf("crease: free %v, want the crease line part (0,0,0.5)", f)
	}
}

// Stuck: a movement key held, at least minFree of the motion left free by
// the contact planes, and less than 1% of it made.
func TestTickStuck(t *testing.T) {
	walk := PlayInput{Forward: true}
	cases := []struct {
		rec  tickRecord
		want bool
	}{
		{tickRecord{Input: walk, Free: 0.05, Made: 0.0001}, true},
		{tickRecord{Input: walk, Free: 0.05, Made: 0.01}, false},
		{tickRecord{Input: walk, Free: 0, Made: 0}, false},           // blocked head-on
		{tickRecord{Input: PlayInput{}, Free: 0.05, Made: 0}, false}, // no key held
	}
	for _, c := range cases {
		if got := c.rec.Stuck(); got != c.want {
			t.Errorf("%+v: stuck %v, want %v", c.rec, got, c.want)
		}
	}
	if (tickRecord{Dist: 1 - 2e-6}).Inside() != true || (tickRecord{Dist: 1 - 1e-7}).Inside() {
		t.Error("Inside does not use 1 - 1e-6")
	}
}

// The timeline is numbered by game tick: once the buffer has wrapped, the
// oldest tick held is not tick 0, and SeekTick finds a tick by its number.
func TestTimelineTickNumbers(t *testing.T) {
	var tl timeline
	if _, _, ok := tl.Ticks(); ok {
		t.Fatal("an empty timeline reports ticks")
	}
	total := timelineTicks + 40
	for i := 0; i < total; i++ {
		tl.Push(tickRecord{Before: playerState{Tick: i}})
	}
	first, last, ok := tl.Ticks()
	if !ok || first != 40 || last != total-1 {
		t.Fatalf("ticks %d..%d (%v), want 40..%d", first, last, ok, total-1)
	}
	tl.SeekTick(100)
	if rec, _ := tl.Current(); rec.Before.Tick != 100 {
		t.Fatalf("SeekTick(100) shows tick %d", rec.Before.Tick)
	}
	tl.SeekTick(3) // dropped long ago: the oldest held
	if rec, _ := tl.Current(); rec.Before.Tick != 40 {
		t.Fatalf("SeekTick(3) shows tick %d, want the oldest, 40", rec.Before.Tick)
	}
}

// A player beside a small floor falls past the level's lowest point and is
// put back at the start, at rest, on the tick that would have left it; the
// ticks before fall freely.
func TestPlayerRespawnsAfterFalling(t *testing.T) {
	tris := []geom.Triangle{{{0, 0, 0}, {1, 0, 0}, {0, 0, 1}}}
	e := sweep.Sphere(0.5)
	start := mgl64.Vec3{5, 1, 5} // not above the floor
	p := newPlayer(sweep.NewMesh(tris), tris, sweep.EllipsoidShape(e), sweep.SlideOptions{}.WithDefaults(sweep.EllipsoidShape(e)), start)
	if want := -0.5; p.Floor != want {
		t.Fatalf("floor %v, want %v (the mesh's lowest point minus the radius)", p.Floor, want)
	}
	for i := 0; i < 10*playTPS; i++ {
		r := p.Step(PlayInput{})
		if !r.Respawned {
			if r.After.Pos[1] < p.Floor {
				t.Fatalf("tick %d ends at %v, below the floor, without respawning", r.Before.Tick, r.After.Pos)
			}
			continue
		}
		if r.Before.Pos[1] < p.Floor || r.After.Pos != start || r.After.VelY != 0 || r.After.Tick != r.Before.Tick+1 {
			t.Fatalf("respawn tick %+v", r)
		}
		return
	}
	t.Fatal("the player fell for 10 seconds without respawning")
}

// A player in a level 31 times larger (a Quake-sized player, 56 units
// tall) walks, falls and jumps 31 times as far a second: the ramp scene
// scaled by 31 (mesh, ellipsoid, start, skin) plays tick for tick as the
// original scaled (it walked 31 times too slowly in player heights and
// seemed stuck).
func TestPlayScalesWithPlayer(t *testing.T) {
	s, err := scene.Builtin("ramp")
	if err != nil {
		t.Fatal(err)
	}
	const k = 56 / referenceHeight
	s.Ellipsoid.Axes = [3]mgl64.Vec3{{0.5, 0, 0}, {0, 0.9, 0}, {0, 0, 0.5}} // 1.8 tall: the reference player
	big := s.Mesh
	big.Vertices = make([]mgl64.Vec3, len(s.Mesh.Vertices))
	for i, v := range s.Mesh.Vertices {
		big.Vertices[i] = geom.Scale(v, k)
	}
	e := s.Ellipsoid
	var bigE sweep.Ellipsoid
	for i, a := range e.Axes {
		bigE.Axes[i] = geom.Scale(a, k)
	}
	o := s.Slide
	bigO := o
	bigO.Skin *= k
	small := newPlayer(sweep.NewMesh(s.Mesh.Tris()), s.Mesh.Tris(), sweep.EllipsoidShape(e), o, s.Start)
	large := newPlayer(sweep.NewMesh(big.Tris()), big.Tris(), sweep.EllipsoidShape(bigE), bigO, geom.Scale(s.Start, k))
	script := []phase{{30, PlayInput{Look: lookX}}, {60, PlayInput{Forward: true, Look: lookX}}, {20, PlayInput{Forward: true, Jump: true, Look: lookX}}}
	for _, ph := range script {
		for i := 0; i < ph.ticks; i++ {
			a, b := small.Step(ph.in), large.Step(ph.in)
			if d := geom.Len(geom.Scale(b.After.Pos, 1/k).Sub(a.After.Pos)); d > 1e-6 {
				t.Fatalf("tick %d: the large player at %v is %v from the small one's %v scaled", a.Before.Tick, b.After.Pos, d, geom.Scale(a.After.Pos, k))
			}
		}
	}
	if moved := small.State.Pos.Sub(s.Start); moved[0] < 1 {
		t.Fatalf("the reference player hardly walked: %v", moved)
	}
}
