// Package scene is the debugger's model of one inspected motion: a triangle
// mesh, an ellipsoid, its start and end centers and the slide options, plus
// an optional expected result. It reads and writes the fixture format
// (version 1, fixed in DESIGN.md), replays fixtures against the core, holds
// the built-in scenes, and loads user levels from Wavefront OBJ and glTF 2.0.
//
// Nothing here imports Ebitengine; everything runs headless.
package scene

import (
	"encoding/json"

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
	Name      string
	Mesh      Mesh
	Ellipsoid sweep.Ellipsoid
	Start     mgl64.Vec3          // center at t = 0, world units
	End       mgl64.Vec3          // center at t = 1 without collision, world units
	Slide     *sweep.SlideOptions // nil when the fixture has no "slide" object
	Expect    *Expect             // nil when the fixture has no "expect" object
	// Extra keeps unknown top-level fields of the file verbatim, so a load
	// followed by a save loses nothing a later version added.
	Extra map[string]json.RawMessage
}
