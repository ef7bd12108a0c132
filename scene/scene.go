// Package scene is the debugger's model of one inspected motion: a triangle
// mesh, an ellipsoid, its start and end centers and the slide options, plus
// an optional expected result. It reads and writes the fixture format
// (version 1, see docs/fixture-format.md), replays fixtures against the
// core and holds the built-in scenes. User levels (Wavefront OBJ, glTF 2.0)
// are read by package scene/meshfile, which builds on this one.
//
// The pieces:
//   - Parse and Load read fixtures; Validate checks
//     a scene; errors are *Error values naming the file and the field
//     ("mesh.triangles[12][2]: index 40 out of range (31 vertices)") or
//     the line of a JSON syntax error.
//   - Marshal, Save and Export write fixtures; writes are atomic and never
//     replace an earlier file unless asked.
//   - Crop keeps the triangles within reach of a motion, for a fixture
//     small enough to share with the same answer.
//   - Replay runs the core on a scene and reports every way the result
//     differs from the scene's expectation (Expect.Check).
//   - Builtins, Builtin and DefaultName give the built-in edge-case scenes
//     (assets/scenes), each a fixture with its expected result.
//
// Fixtures as regression tests: go test ./scene replays every built-in
// scene and every *.json file in scene/testdata and fails on any mismatch.
// To keep a bug found in the debugger fixed, export the moment (it lands
// in fixtures/<scene>-<date>-<time>.json), write the correct result into
// its "expect" object, and drop the file into scene/testdata.
//
// Nothing here imports Ebitengine; everything runs headless.
package scene

import (
	"encoding/json"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// Mesh is an indexed triangle mesh in world units.
type Mesh struct {
	Vertices  []mgl64.Vec3
	Triangles [][3]int // indices into Vertices
}

// Tris expands the mesh into triangles, one per entry of Triangles, in the
// same order (so triangle i of a hit is Triangles[i]). Out-of-range indices
// must have been rejected by Validate; Tris does not check them.
func (m Mesh) Tris() []geom.Triangle {
	out := make([]geom.Triangle, len(m.Triangles))
	for i, t := range m.Triangles {
		out[i] = geom.Triangle{m.Vertices[t[0]], m.Vertices[t[1]], m.Vertices[t[2]]}
	}
	return out
}

// Expect is a fixture's expected result; every field is optional and only
// what is present is checked.
type Expect struct {
	Hit       *bool
	T         *float64
	Point     *mgl64.Vec3
	Normal    *mgl64.Vec3
	Feature   *string
	Triangle  *int
	Final     *mgl64.Vec3
	Tolerance *float64 // absolute, per component; default 1e-6
}

// Scene is one fixture: a scene snapshot of an inspected motion.
type Scene struct {
	Name string
	Mesh Mesh
	// Motion is the motion under test: the shape (its Ellipsoid), the
	// start and end centers and the slide options (zero fields are the
	// core's defaults; a fixture without a "slide" object has zero ones).
	sweep.Motion
	Expect *Expect // nil when the fixture has no "expect" object
	// Extra keeps unknown top-level fields of the file verbatim, so a load
	// followed by a save loses nothing a later version added.
	Extra map[string]json.RawMessage
}

// Clone returns a deep copy of s: no slice, pointer or map is shared, so
// the copy can be edited (or kept on an undo stack) independently.
func (s *Scene) Clone() *Scene {
	if s == nil {
		return nil
	}
	c := *s
	c.Mesh.Vertices = slices.Clone(s.Mesh.Vertices)
	c.Mesh.Triangles = slices.Clone(s.Mesh.Triangles)
	c.Expect = s.Expect.clone()
	if s.Extra != nil {
		c.Extra = make(map[string]json.RawMessage, len(s.Extra))
		for k, v := range s.Extra {
			c.Extra[k] = slices.Clone(v)
		}
	}
	return &c
}

// clone deep-copies an expectation (nil stays nil).
func (e *Expect) clone() *Expect {
	if e == nil {
		return nil
	}
	c := Expect{
		Hit: clonePtr(e.Hit), T: clonePtr(e.T), Point: clonePtr(e.Point), Normal: clonePtr(e.Normal),
		Feature: clonePtr(e.Feature), Triangle: clonePtr(e.Triangle), Final: clonePtr(e.Final),
		Tolerance: clonePtr(e.Tolerance),
	}
	return &c
}

// clonePtr returns a pointer to a copy of *p, or nil for nil.
func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
