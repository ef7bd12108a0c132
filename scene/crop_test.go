package scene_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene"
	"sweepdbg/scene/meshfile"
	"sweepdbg/sweep"
)

// answerOf is the core's answer on s.
func answerOf(s *scene.Scene) sweep.Answer {
	return sweep.NewMesh(s.Mesh.Tris()).Answer(s.Motion)
}

// checkCrop crops s and fails unless the cropped scene's answer is the
// full scene's, bit for bit, triangle numbers mapped back through kept.
func checkCrop(t *testing.T, s *scene.Scene) (cropped int) {
	t.Helper()
	full := answerOf(s)
	c, kept := scene.Crop(s, full, 0)
	if err := c.Validate(); err != nil {
		t.Fatalf("%s: the cropped scene is invalid: %v", s.Name, err)
	}
	got := answerOf(c)
	if got.Hit {
		got.First.Triangle = kept[got.First.Triangle]
	}
	for i := range got.Slide.Steps {
		got.Slide.Steps[i].Hit.Triangle = kept[got.Slide.Steps[i].Hit.Triangle]
	}
	if !reflect.DeepEqual(got, full) {
		t.Fatalf("%s (start %v end %v): cropped to %d of %d triangles, the answer changed:\nfull    %+v\ncropped %+v",
			s.Name, s.Start, s.End, len(kept), len(s.Mesh.Triangles), full, got)
	}
	return len(s.Mesh.Triangles) - len(kept)
}

// TestCropKeepsAnswers: every built-in scene, cropped, answers exactly as
// before (sweep and every slide step).
func TestCropKeepsAnswers(t *testing.T) {
	for _, name := range scene.Builtins() {
		s, err := scene.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		checkCrop(t, s)
	}
}

// TestCropLevel: random motions of a player over a level of rooms and
// over the big terrain: each crop drops most of the triangles and keeps
// the answer exactly.
func TestCropLevel(t *testing.T) {
	rooms, err := meshfile.Open(context.Background(), "../assets/levels/rooms.obj", nil)
	if err != nil {
		t.Fatal(err)
	}
	terrain, err := scene.Builtin("terrain")
	if err != nil {
		t.Fatal(err)
	}
	n := 25
	if testing.Short() {
		n = 10
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range []*scene.Scene{rooms, terrain} {
		b := geom.EmptyAABB()
		for _, v := range s.Mesh.Vertices {
			b = b.Extend(v)
		}
		dropped := 0
		for range n {
			m := s.Clone()
			m.Start = randomIn(rng, b)
			m.End = m.Start.Add(randomIn(rng, geom.AABB{Min: geom.Scale(b.Size(), -0.1), Max: geom.Scale(b.Size(), 0.1)}))
			dropped += checkCrop(t, m)
		}
		if dropped < n*len(s.Mesh.Triangles)/2 {
			t.Errorf("%s: the crops dropped %d of %d triangles; want most", s.Name, dropped, n*len(s.Mesh.Triangles))
		}
	}
}

// randomIn is a uniform point in b.
func randomIn(rng *rand.Rand, b geom.AABB) mgl64.Vec3 {
	var p mgl64.Vec3
	for i := range p {
		p[i] = b.Min[i] + float64(rng.Float64()*(b.Max[i]-b.Min[i]))
	}
	return p
}

// TestCropRenumbersExpect: the expectation's triangle follows its
// triangle, and the cropped fixture replays as a pass.
func TestCropRenumbersExpect(t *testing.T) {
	s, err := scene.Builtin("terrain")
	if err != nil {
		t.Fatal(err)
	}
	a := answerOf(s)
	c, kept := scene.Crop(s, a, 0)
	if s.Expect == nil || s.Expect.Triangle == nil || c.Expect.Triangle == nil || kept[*c.Expect.Triangle] != *s.Expect.Triangle {
		t.Fatalf("expect.triangle not carried over: %v -> %v", s.Expect, c.Expect)
	}
	if len(kept) >= len(s.Mesh.Triangles)/10 {
		t.Errorf("kept %d of %d triangles of the terrain", len(kept), len(s.Mesh.Triangles))
	}
	r, err := scene.Replay(c)
	if err != nil || !r.Pass() {
		t.Fatalf("the cropped terrain does not replay: %v %+v", err, r)
	}
	var note struct{ Triangles int }
	if err := json.Unmarshal(c.Extra["cropped"], &note); err != nil || note.Triangles != len(s.Mesh.Triangles) {
		t.Errorf("cropped note %s (%v), want the whole mesh's %d triangles", c.Extra["cropped"], err, len(s.Mesh.Triangles))
	}
	small, err := scene.Builtin("crease")
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := scene.Crop(small, answerOf(small), 0); !reflect.DeepEqual(c, small) {
		t.Errorf("a scene all within reach changed (a note, or a triangle lost):\n%+v\nwant\n%+v", c, small)
	}
}
