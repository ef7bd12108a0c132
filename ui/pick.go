package ui

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/render"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// pickHandle returns the drag handle under the pick ray r: the box face of
// the start or end pose (shape sh centered at start or end) the ray
// enters, and the world point where it enters (the grab point). A pose
// whose shape the ray hits (render.RayShape: an ellipsoid, a capsule or a
// box) wins over one whose box it merely crosses (the nearer shape when
// both are hit); otherwise the nearer box wins.
// Ties go to the end pose, the one usually dragged. Handle.Valid is false
// when the ray misses both boxes.
func pickHandle(r geom.Ray, sh sweep.Shape, start, end mgl64.Vec3) (render.Handle, mgl64.Vec3) {
	type candidate struct {
		pose       scene.Pose
		face       int
		boxS, ellS float64 // ray parameters; ellS = +Inf when the shape is missed
	}
	var best *candidate
	better := func(c, b *candidate) bool {
		if c.ellS != b.ellS {
			return c.ellS < b.ellS
		}
		return c.boxS < b.boxS
	}
	for _, p := range []struct {
		pose   scene.Pose
		center mgl64.Vec3
	}{{scene.PoseEnd, end}, {scene.PoseStart, start}} {
		s, face, ok := render.PoseBox(sh, p.center).RayHit(r)
		if !ok {
			continue
		}
		c := &candidate{pose: p.pose, face: face, boxS: s, ellS: math.Inf(1)}
		if es, ok := render.RayShape(r, sh, p.center); ok {
			c.ellS = es
		}
		if best == nil || better(c, best) {
			best = c
		}
	}
	if best == nil {
		return render.Handle{}, mgl64.Vec3{}
	}
	return render.Handle{Pose: best.pose, Face: best.face, Valid: true}, r.At(best.boxS)
}
