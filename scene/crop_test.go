package scene

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/sweep"
)

// answerOf is the core's answer for s, as the window computes it.
func answerOf(s *Scene) sweep.Answer { return answerOn(sweep.NewMesh(s.Mesh.Tris()), s) }

// answerOn is answerOf with s's mesh built already.
func answerOn(m *sweep.Mesh, s *Scene) sweep.Answer {
	opt := sweep.SlideOptions{}
	if s.Slide != nil {
		opt = *s.Slide
	}
	return m.Answer(s.Ellipsoid, s.Start, s.End, opt)
}

// checkCropSame crops s and checks that the cropped scene's answer is the
// full one's bit for bit, sweep and every slide step, with triangle
// indices renumbered as the mesh was; it returns the cropped scene.
func checkCropSame(t *testing.T, what string, s *Scene, m *sweep.Mesh) *Scene {
	t.Helper()
	full := answerOn(m, s)
	c := Crop(s, full)
	if err := c.Validate(); err != nil {
		t.Fatalf("%s: the cropped scene is invalid: %v", what, err)
	}
	got := answerOf(c)
	// The cropped mesh's triangle i is the full mesh's triangle orig[i]:
	// the same three corners, in order.
	orig := map[[3]mgl64.Vec3]int{}
	for i, tr := range s.Mesh.Triangles {
		orig[[3]mgl64.Vec3{s.Mesh.Vertices[tr[0]], s.Mesh.Vertices[tr[1]], s.Mesh.Vertices[tr[2]]}] = i
	}
	unmap := func(h *sweep.Hit) {
		tr := c.Mesh.Triangles[h.Triangle]
		h.Triangle = orig[[3]mgl64.Vec3{c.Mesh.Vertices[tr[0]], c.Mesh.Vertices[tr[1]], c.Mesh.Vertices[tr[2]]}]
	}
	if got.Hit {
		unmap(&got.First)
	}
	for i := range got.Slide.Steps {
		unmap(&got.Slide.Steps[i].Hit)
	}
	if !reflect.DeepEqual(got, full) {
		t.Errorf("%s: cropped to %d of %d triangles, the answer differs:\n got %+v\nwant %+v", what, len(c.Mesh.Triangles), len(s.Mesh.Triangles), got, full)
	}
	return c
}

// TestCropKeepsAnswers: every built-in scene, and random motions over the
// terrain (walks, falls and slides into its slopes), crop to a mesh that
// gives the same answer bit for bit.
func TestCropKeepsAnswers(t *testing.T) {
	for _, name := range Builtins() {
		s, err := Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		checkCropSame(t, name, s, sweep.NewMesh(s.Mesh.Tris()))
	}
	terrain, err := Builtin("terrain")
	if err != nil {
		t.Fatal(err)
	}
	m := sweep.NewMesh(terrain.Mesh.Tris())
	r := rand.New(rand.NewPCG(7, 11))
	box := terrain.Mesh.bounds()
	n := 40
	if testing.Short() {
		n = 10
	}
	for i := range n {
		s := terrain.Clone()
		s.Start = mgl64.Vec3{lerp(r, box[0][0], box[1][0]), box[1][1] + 1, lerp(r, box[0][2], box[1][2])}
		s.End = s.Start.Add(mgl64.Vec3{r.NormFloat64() * 20, -r.Float64() * 30, r.NormFloat64() * 20})
		c := checkCropSame(t, "terrain motion", s, m)
		if i == 0 && len(c.Mesh.Triangles) >= len(s.Mesh.Triangles)/2 {
			t.Errorf("a player-sized motion kept %d of %d triangles", len(c.Mesh.Triangles), len(s.Mesh.Triangles))
		}
	}
}

func lerp(r *rand.Rand, a, b float64) float64 { return a + (b-a)*r.Float64() }

// bounds is the mesh's bounding box, min and max corner.
func (m Mesh) bounds() [2]mgl64.Vec3 {
	lo, hi := m.Vertices[0], m.Vertices[0]
	for _, v := range m.Vertices {
		for k := range 3 {
			lo[k], hi[k] = min(lo[k], v[k]), max(hi[k], v[k])
		}
	}
	return [2]mgl64.Vec3{lo, hi}
}

// TestCropFixture: a cropped scene says how big the whole mesh was, keeps
// only the vertices it uses, renumbers expect.triangle, and a scene whose
// every triangle is in reach comes back whole, without the note.
func TestCropFixture(t *testing.T) {
	s, err := Builtin("terrain")
	if err != nil {
		t.Fatal(err)
	}
	s.Start, s.End = mgl64.Vec3{0, 30, 0}, mgl64.Vec3{0, -30, 0}
	a := answerOf(s)
	tri := a.First.Triangle
	s.Expect = &Expect{Triangle: &tri}
	c := Crop(s, a)
	var note struct{ Triangles int }
	if err := json.Unmarshal(c.Extra["cropped"], &note); err != nil || note.Triangles != len(s.Mesh.Triangles) {
		t.Errorf("cropped note %s (%v), want the whole mesh's %d triangles", c.Extra["cropped"], err, len(s.Mesh.Triangles))
	}
	used := map[int]bool{}
	for _, tr := range c.Mesh.Triangles {
		for _, v := range tr {
			used[v] = true
		}
	}
	if len(used) != len(c.Mesh.Vertices) {
		t.Errorf("%d vertices kept, %d used", len(c.Mesh.Vertices), len(used))
	}
	if got := answerOf(c).First.Triangle; c.Expect.Triangle == nil || *c.Expect.Triangle != got {
		t.Errorf("expect.triangle %v, the cropped answer's %d", c.Expect.Triangle, got)
	}
	small, err := Builtin("crease")
	if err != nil {
		t.Fatal(err)
	}
	if c := Crop(small, answerOf(small)); !reflect.DeepEqual(c, small) {
		t.Errorf("a scene within reach changed:\n%+v\nwant\n%+v", c, small)
	}
}
