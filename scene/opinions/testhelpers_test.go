package opinions

import (
	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/scene"
	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
)

// Helpers only the tests use (no caller outside the tests).

// CompareScene compares the three opinions on the scene's motion from
// Start to End. An invalid scene gives its validation error.
func CompareScene(s *scene.Scene) (*Report, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	tris := s.Mesh.Tris()
	return Compare(judge.NewGeometry(s.Shape, tris), sweep.NewMesh(tris), s.Motion, judge.Exact), nil
}

// motionOf is the motion of g's ellipsoid from begin by delta.
func motionOf(g *judge.Geometry, begin, delta mgl64.Vec3) sweep.Motion {
	return sweep.Motion{Shape: sweep.EllipsoidShape(g.E), Start: begin, End: begin.Add(delta)}
}
