package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// frameBounds returns the world box of what f shows: the scene mesh and
// every pose with its shape's extent (start, end, contact, slide steps
// and final). It is empty for a nil frame or scene.
func frameBounds(f *Frame) geom.AABB {
	b := geom.EmptyAABB()
	if f == nil || f.Scene == nil {
		return b
	}
	for _, v := range f.Scene.Mesh.Vertices {
		b = b.Extend(v)
	}
	return addPoses(f, b)
}

// focusRatio is how many times larger than the motion the scene must be
// before a fitted view frames the motion rather than the whole scene: on a
// level of hundreds of units a 1-unit ellipsoid would be a few pixels.
const focusRatio = 6

// poseRatio is how many ellipsoid sizes across the scene may be before a
// fitted view frames the motion instead: beyond it the poses would be
// drawn a dozen pixels wide.
const poseRatio = 25

// FocusBounds is the box a fitted view frames: frameBounds when the scene
// is comparable in size to the motion and to the ellipsoid, otherwise the
// poses' box grown by
// half its size on every side, so the motion fills most of the view (the
// poses large enough to see and drag) with some surrounding geometry for
// context.
func FocusBounds(f *Frame) geom.AABB {
	all := frameBounds(f)
	m := addPoses(f, geom.EmptyAABB())
	size := all.Size().Len()
	if m.IsEmpty() || size <= focusRatio*m.Size().Len() && size <= poseRatio*2*f.Scene.Shape.Extent().Len() {
		return all
	}
	return m.Expand(m.Size().Mul(0.5))
}

// addPoses returns b grown by every pose of f with its shape's extent.
func addPoses(f *Frame, b geom.AABB) geom.AABB {
	if f == nil || f.Scene == nil {
		return b
	}
	s := f.Scene
	h := s.Shape.Extent()
	add := func(c mgl64.Vec3) { b = b.Union(geom.AABB{Min: c.Sub(h), Max: c.Add(h)}) }
	add(s.Start)
	add(s.End)
	if c, ok := f.ContactPose(); ok {
		add(c)
	}
	if len(f.Answer.Slide.Steps) > 0 {
		add(f.Answer.Slide.Final)
	}
	for _, st := range f.Answer.Slide.Steps {
		add(st.Contact)
	}
	return b
}

// fitSearchLimit is the mesh size up to which FitView searches for a
// direction that hides the fewest poses (a brute-force ray test per pose
// and direction); larger meshes get the default direction.
const fitSearchLimit = 20000

// FitView returns a perspective camera for a width x height view that
// frames everything f shows (frameBounds), looking from above at an angle.
// For meshes up to 20000 triangles it picks, among sixteen directions
// around the scene, the one from which the fewest of the start, contact
// and slide pose centers are hidden behind triangles, so the poses are
// seen rather than x-rayed, and among those the one that spreads the four
// poses furthest apart on screen. A nil frame gives NewCamera.
func FitView(f *Frame, width, height int) Camera {
	c := NewCamera(width, height)
	b := FocusBounds(f)
	if b.IsEmpty() {
		return c
	}
	c.Frame(b)
	if len(f.Scene.Mesh.Triangles) > fitSearchLimit {
		return c
	}
	tris := f.Scene.Mesh.Tris()
	// The end pose is left out: it is where the motion would go without
	// collision, often behind or inside the very geometry it runs into;
	// x-ray shows it anyway.
	poses := []mgl64.Vec3{f.Scene.Start}
	if p, ok := f.ContactPose(); ok {
		poses = append(poses, p)
	}
	if len(f.Answer.Slide.Steps) > 0 {
		poses = append(poses, f.Answer.Slide.Final)
	}
	all := append([]mgl64.Vec3{f.Scene.End}, poses...)
	best, bestHidden, bestSpread := c, len(poses)+1, -1.0
	for _, pitch := range []float64{0.55, 1.0} {
		for k := 0; k < 8; k++ {
			cand := c
			cand.Yaw = 0.6 + float64(k)*math.Pi/4
			cand.Pitch = pitch
			cand.Frame(b)
			n := hiddenPoses(cand.Eye(), poses, tris)
			if sp := spread(cand, all); n < bestHidden || n == bestHidden && sp > bestSpread {
				best, bestHidden, bestSpread = cand, n, sp
			}
		}
	}
	return best
}

// spread returns the sum of the pixel distances between the poses seen by
// c: how well the view separates them.
func spread(c Camera, poses []mgl64.Vec3) float64 {
	sum := 0.0
	for i, p := range poses {
		x0, y0, ok0 := c.Project(p)
		for _, q := range poses[i+1:] {
			x1, y1, ok1 := c.Project(q)
			if ok0 && ok1 {
				sum += math.Hypot(x1-x0, y1-y0)
			}
		}
	}
	return sum
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
