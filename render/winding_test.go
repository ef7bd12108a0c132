package render

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene"
)

// Every built-in scene is wound consistently: where exactly two triangles
// share an edge (by corner position), they run along it in opposite
// directions, so their normals agree about which side is out. A tread
// wound backwards among its risers breaks this.
func TestBuiltinWindingConsistent(t *testing.T) {
	type edge [2]mgl64.Vec3
	for _, name := range scene.Builtins() {
		sc, err := scene.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		m := &sc.Mesh
		dirs := map[edge][]int{} // the undirected edge -> +1/-1 per triangle
		for _, tri := range m.Triangles {
			for i := 0; i < 3; i++ {
				a, b := m.Vertices[tri[i]], m.Vertices[tri[(i+1)%3]]
				if a == b {
					continue
				}
				d := 1
				if lessVec(b, a) {
					a, b, d = b, a, -1
				}
				dirs[edge{a, b}] = append(dirs[edge{a, b}], d)
			}
		}
		for e, ds := range dirs {
			if len(ds) == 2 && ds[0] == ds[1] {
				t.Errorf("%s: the two triangles on edge %v-%v are wound the same way along it (one is backwards)", name, e[0], e[1])
			}
		}
	}
}

func lessVec(a, b mgl64.Vec3) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// From the default fitted view, no triangle of a built-in scene is seen
// from its back, except in the closed room, which is seen from outside
// through its inward-facing walls. A triangle counts as seen from behind
// when the eye is more than 10 degrees behind its plane (a slope grazed at
// a height field's rim does not count), the ray from the eye to its
// centroid meets nothing before it and the centroid is on screen.
func TestBuiltinNoBackFacesFromFittedView(t *testing.T) {
	for _, name := range scene.Builtins() {
		if name == "room" {
			continue
		}
		f := coreFrame(t, name)
		cam := FitView(f, 1280, 800)
		if n := visibleBackFaces(f, cam); n > 0 {
			t.Errorf("%s: %d triangles seen from behind from the fitted view", name, n)
		}
	}
}

// visibleBackFaces counts the triangles of f's scene that cam sees from
// behind.
func visibleBackFaces(f *Frame, cam Camera) int {
	grazing := math.Sin(10 * math.Pi / 180)
	eye := cam.Eye()
	n := 0
	for i, tri := range f.Scene.Mesh.Tris() {
		nrm := tri[1].Sub(tri[0]).Cross(tri[2].Sub(tri[0]))
		c := tri[0].Add(tri[1]).Add(tri[2]).Mul(1.0 / 3)
		if nrm.Len() == 0 || nrm.Normalize().Dot(eye.Sub(c).Normalize()) > -grazing {
			continue
		}
		x, y, ok := cam.Project(c)
		if !ok || x < 0 || y < 0 || x > float64(cam.Width) || y > float64(cam.Height) {
			continue
		}
		hit, s, ok := f.Mesh.Raycast(geom.Ray{Origin: eye, Dir: c.Sub(eye)})
		if !ok || hit == i || s > 1-1e-6 {
			n++
		}
	}
	return n
}
