package levelcasts

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// room is a 64 x 64 floor (Y up, facing up), a wall facing +Z at z = 0
// and a ceiling (facing down) at y = 32, counter-clockwise front faces.
var room = []geom.Triangle{
	{{0, 0, 0}, {0, 0, 64}, {64, 0, 64}}, {{0, 0, 0}, {64, 0, 64}, {64, 0, 0}},
	{{0, 0, 0}, {64, 0, 0}, {64, 32, 0}}, {{0, 0, 0}, {64, 32, 0}, {0, 32, 0}},
	{{0, 32, 0}, {64, 32, 64}, {0, 32, 64}}, {{0, 32, 0}, {64, 32, 0}, {64, 32, 64}},
}

// TestCharacter checks the character casts on room: about half walks,
// a quarter falls and a quarter into the wall; a walk starts on the floor
// (touching it, or lifted by the skin) and moves horizontally with at most
// a slight fall; a fall starts at most one height above and ends below
// its start by at least the gap; a wall cast starts in front of the wall
// and moves toward it; none starts on the ceiling; the same input gives
// the same casts.
func TestCharacter(t *testing.T) {
	half := mgl64.Vec3{5, 10, 5}
	h := float64(2 * half[1])
	cs := Character(room, half, 4000)
	if len(cs) != 4000 {
		t.Fatalf("%d casts, want 4000", len(cs))
	}
	count := map[Kind]int{}
	for i, c := range cs {
		count[c.Kind]++
		switch c.Kind {
		case KindWalk:
			lift := c.Begin[1] - half[1]
			if lift != 0 && math.Abs(lift-h/1000) > 1e-12 || c.Delta[1] > 0 || c.Delta[1] < -h/50 || math.Hypot(c.Delta[0], c.Delta[2]) > h/4 {
				t.Fatalf("walk %d: %+v", i, c)
			}
		case KindFall:
			gap := c.Begin[1] - half[1]
			if gap < 0 || gap > h || c.Delta[1] > -gap {
				t.Fatalf("fall %d: %+v", i, c)
			}
		case KindWall:
			gap := c.Begin[2] - half[2]
			if gap < -1e-12 || gap > h/4 || c.Delta[2] >= 0 || c.Delta[1] != 0 || c.Begin[1] < 0 || c.Begin[1] > 32 {
				t.Fatalf("wall %d: %+v", i, c)
			}
		default:
			t.Fatalf("cast %d: kind %v", i, c.Kind)
		}
	}
	for k, want := range map[Kind]float64{KindWalk: 0.5, KindFall: 0.25, KindWall: 0.25} {
		if got := float64(count[k]) / 4000; math.Abs(got-want) > 0.03 {
			t.Errorf("%v: %.3f of the casts, want about %.2f", k, got, want)
		}
	}
	again := Character(room, half, 4000)
	for i := range cs {
		if cs[i] != again[i] {
			t.Fatalf("cast %d differs between two runs: %+v, %+v", i, cs[i], again[i])
		}
	}
	if got := Character([]geom.Triangle{room[4]}, half, 10); len(got) != 0 {
		t.Errorf("a ceiling alone gave %d casts, want none", len(got))
	}
}

// TestRandom checks that Random gives n casts within reach of the mesh
// and skips degenerate triangles.
func TestRandom(t *testing.T) {
	tris := append([]geom.Triangle{{{1, 1, 1}, {1, 1, 1}, {2, 2, 2}}}, room...)
	cs := Random(tris, 2, 500)
	if len(cs) != 500 {
		t.Fatalf("%d casts, want 500", len(cs))
	}
	for i, c := range cs {
		if c.Kind != KindRandom || geom.Len(c.Delta) > 8 || c.Begin[1] < -6 || c.Begin[1] > 38 {
			t.Fatalf("cast %d: %+v", i, c)
		}
	}
}
