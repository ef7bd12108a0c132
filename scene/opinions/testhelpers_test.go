package opinions

import (
	"sweepdbg/scene"
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
	return Compare(NewGeometry(s.Ellipsoid, tris), sweep.NewMesh(tris), s.Start, s.End.Sub(s.Start), DefaultTolerance), nil
}
