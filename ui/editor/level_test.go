package editor

import (
	"sweepdbg/geom"

	"context"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// zUpFloor is a 1000-unit Z-up floor (two triangles in z = 0) with a
// small wall, like a Quake-style level.
func zUpFloor() scene.Mesh {
	return scene.Mesh{
		Vertices:  []mgl64.Vec3{{0, 0, 0}, {1000, 0, 0}, {1000, 1000, 0}, {0, 1000, 0}, {0, 0, 100}, {1000, 0, 100}},
		Triangles: [][3]int{{0, 1, 2}, {0, 2, 3}, {0, 1, 5}, {0, 5, 4}},
	}
}

// A Z-up level is guessed Z-up, turned upright, and gets a player-sized
// ellipsoid (56 units tall in a 1000-unit level) whose motion hits it.
func TestFitLevelZUp(t *testing.T) {
	if up, why := guessUp(zUpFloor()); up != UpZ || !strings.Contains(why, "Z") {
		t.Fatalf("guessed %v (%s), want Z", up, why)
	}
	s := &scene.Scene{Name: "q", Mesh: zUpFloor(), Motion: sweep.Motion{Start: mgl64.Vec3{500, 700, 500}, End: mgl64.Vec3{500, 0, 500}}}
	s.Ellipsoid.Axes = [3]mgl64.Vec3{{40, 0, 0}, {0, 64, 0}, {0, 0, 40}}
	up, note := FitLevel(s, UpAuto)
	if up != UpZ || !strings.Contains(note, "up axis Z guessed") || !strings.Contains(note, "player height 56") {
		t.Fatalf("up %v, note %q", up, note)
	}
	if h := float64(2 * geom.Len(s.Ellipsoid.Axes[1])); h != 56 {
		t.Errorf("ellipsoid %v tall, want 56", h)
	}
	for _, v := range s.Mesh.Vertices[:4] { // the floor is now at y = 0
		if v[1] != 0 {
			t.Fatalf("floor vertex %v not at y = 0", v)
		}
	}
	for _, v := range s.Mesh.Vertices {
		if math.Signbit(v[2]) && v[2] == 0 {
			t.Errorf("vertex %v has z = -0 (an export would write -0)", v)
		}
	}
	d, err := NewDoc(s, "q.obj", Doc{}.View, 0)
	if err != nil {
		t.Fatal(err)
	}
	if a := d.Mesh.Answer(motionOf(s)); !a.Hit {
		t.Errorf("the player's motion %v -> %v misses the level", s.Start, s.End)
	}
}

// A closed Z-up room (a ceiling 256 above the floor, listed first, right
// above it) gets its poses inside the room, falling onto the floor: a
// ceiling faces down and is no floor.
func TestFitLevelClosedRoom(t *testing.T) {
	m := scene.Mesh{
		Vertices: []mgl64.Vec3{{0, 0, 256}, {512, 0, 256}, {512, 512, 256}, {0, 512, 256},
			{0, 0, 0}, {512, 0, 0}, {512, 512, 0}, {0, 512, 0}},
		Triangles: [][3]int{{0, 2, 1}, {0, 3, 2}, {4, 5, 6}, {4, 6, 7}}, // ceiling facing -z, floor facing +z
	}
	s := &scene.Scene{Name: "room", Mesh: m}
	s.Ellipsoid.Axes = [3]mgl64.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	if up, _ := FitLevel(s, UpZ); up != UpZ {
		t.Fatalf("up %v", up)
	}
	for _, p := range []mgl64.Vec3{s.Start, s.End} {
		if !(p[1] >= 0 && p[1] < 256) {
			t.Errorf("pose %v outside the room (floor y 0, ceiling y 256)", p)
		}
	}
	d, err := NewDoc(s, "room.obj", Doc{}.View, 0)
	if err != nil {
		t.Fatal(err)
	}
	a := d.Mesh.Answer(motionOf(s))
	if !a.Hit || a.First.Normal[1] < 0.99 {
		t.Errorf("the fall %v -> %v does not land on the floor: %+v", s.Start, s.End, a.First)
	}
}

// The example level the README shows opens as the window opens it: 530
// triangles, guessed Y-up, in metres, the player's motion reaching the
// floor.
func TestOpenExampleLevel(t *testing.T) {
	res := Open(context.Background(), filepath.Join("..", "..", "assets", "levels", "rooms.obj"), Doc{}.View, 0, UpAuto, OpenHooks{})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if n := len(res.Doc.Scene.Mesh.Triangles); n != 530 {
		t.Errorf("%d triangles, want 530", n)
	}
	if res.Up != UpY || !strings.Contains(res.Note, "player height 1.8") || !strings.Contains(res.Note, "snap grid 0.25") {
		t.Errorf("up %v, note %q: want Y guessed, a 1.8 m player and its grid", res.Up, res.Note)
	}
	if res.Doc.Grid != 0.25 {
		t.Errorf("grid %v, want 0.25", res.Doc.Grid)
	}
	s := res.Doc.Scene
	if a := res.Doc.Mesh.Answer(motionOf(s)); !a.Hit || a.First.Normal[1] < 0.99 {
		t.Errorf("the player's first contact %+v, want the floor (normal +Y)", a.First)
	}
}

// A level's snap grid follows its player: a power of two near an eighth
// of the player's height.
func TestLevelGrid(t *testing.T) {
	for _, c := range []struct{ h, want float64 }{
		{1.8, 0.25}, {56, 8}, {72, 8}, {100, 16}, {0.018, 0.001953125}, {0, DefaultGrid}, {math.NaN(), DefaultGrid}, {math.Inf(1), DefaultGrid},
	} {
		if got := levelGrid(c.h); got != c.want {
			t.Errorf("levelGrid(%v) = %v, want %v", c.h, got, c.want)
		}
	}
}
