package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// FrameBounds returns the world box of what f shows: the scene mesh and
// every pose with its ellipsoid's extent (start, end, contact, slide steps
// and final). It is empty for a nil frame or scene.
func FrameBounds(f *Frame) geom.AABB {
	b := geom.EmptyAABB()
	if f == nil || f.Scene == nil {
		return b
	}
	s := f.Scene
	for _, v := range s.Mesh.Vertices {
		b = b.Extend(v)
	}
	h := s.Ellipsoid.Extent()
	add := func(c mgl64.Vec3) { b = b.Union(geom.AABB{Min: c.Sub(h), Max: c.Add(h)}) }
	add(s.Start)
	add(s.End)
	if c, ok := f.ContactPose(); ok {
		add(c)
	}
	if len(f.Slide.Steps) > 0 {
		add(f.Slide.Final)
	}
	for _, st := range f.Slide.Steps {
		add(st.Contact)
	}
	return b
}

// fitSearchLimit is the mesh size up to which FitView searches for a
// direction that hides the fewest poses (a brute-force ray test per pose
// and direction); larger meshes get the default direction.
const fitSearchLimit = 20000

// FitView returns a perspective camera for a width x height view that
// frames everything f shows (FrameBounds), looking from above at an angle.
// For meshes up to 20000 triangles it picks, among sixteen directions
// around the scene, the one from which the fewest pose centers are hidden
// behind triangles (preferring the front-right, NewCamera's direction), so
// the poses are seen rather than x-rayed. A nil frame gives NewCamera.
func FitView(f *Frame, width, height int) Camera {
	c := NewCamera(width, height)
	b := FrameBounds(f)
	if b.IsEmpty() {
		return c
	}
	c.Frame(b)
	if len(f.Scene.Mesh.Triangles) > fitSearchLimit {
		return c
	}
	tris := f.Scene.Mesh.Tris()
	poses := []mgl64.Vec3{f.Scene.Start, f.Scene.End}
	if p, ok := f.ContactPose(); ok {
		poses = append(poses, p)
	}
	if len(f.Slide.Steps) > 0 {
		poses = append(poses, f.Slide.Final)
	}
	best, bestHidden := c, len(poses)+1
	for _, pitch := range []float64{0.55, 1.0} {
		for k := 0; k < 8; k++ {
			cand := c
			cand.Yaw = 0.6 + float64(k)*math.Pi/4
			cand.Pitch = pitch
			if n := hiddenPoses(cand.Eye(), poses, tris); n < bestHidden {
				best, bestHidden = cand, n
			}
		}
	}
	return best
}

// hiddenPoses counts the pose centers a triangle hides from eye.
func hiddenPoses(eye mgl64.Vec3, poses []mgl64.Vec3, tris []geom.Triangle) int {
	n := 0
	for _, p := range poses {
		r := geom.Ray{Origin: eye, Dir: p.Sub(eye)}
		for _, tri := range tris {
			if s, ok := sweep.RayTriangle(r, tri); ok && s < 1 {
				n++
				break
			}
		}
	}
	return n
}
