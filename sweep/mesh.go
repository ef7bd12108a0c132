package sweep

import (
	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// Mesh is a triangle mesh with a bounding volume hierarchy for sweeps.
//
// SKELETON: the mesh implementation replaces this file.
type Mesh struct {
	tris []geom.Triangle
}

// NewMesh builds the acceleration structure over tris. Triangle indices in
// hits are indices into tris.
func NewMesh(tris []geom.Triangle) *Mesh { return &Mesh{tris: tris} }

// Sweep returns the earliest contact over all triangles of the mesh, exactly
// as a brute-force loop would (ties go to the lowest triangle index).
func (m *Mesh) Sweep(e Ellipsoid, begin, delta mgl64.Vec3) (Hit, bool) {
	var best Hit
	found := false
	for i, tri := range m.tris {
		if h, ok := EllipsoidTriangle(e, begin, delta, tri); ok && (!found || h.T < best.T) {
			h.Triangle = i
			best, found = h, true
		}
	}
	return best, found
}

// SlideOptions tunes collide-and-slide. Zero values mean sensible defaults.
type SlideOptions struct {
	MaxIterations int     // contacts resolved at most; 0 means 5
	Skin          float64 // distance kept from surfaces along their normal, world units; 0 means 0.001
}

// SlideStep is one contact of a slide.
type SlideStep struct {
	Hit     Hit
	Contact mgl64.Vec3 // the center at this contact (the contact pose)
}

// SlideResult is the whole slide.
type SlideResult struct {
	Steps []SlideStep
	Final mgl64.Vec3 // the resting center (the slide pose)
}

// Slide moves e from from toward to, sliding along what it touches.
func (m *Mesh) Slide(e Ellipsoid, from, to mgl64.Vec3, opt SlideOptions) SlideResult {
	h, ok := m.Sweep(e, from, to.Sub(from))
	if !ok {
		return SlideResult{Final: to}
	}
	c := from.Add(to.Sub(from).Mul(h.T))
	return SlideResult{Steps: []SlideStep{{Hit: h, Contact: c}}, Final: c}
}
