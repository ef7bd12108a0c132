package scene

import (
	"encoding/json"
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// CropMargin is how far beyond the ellipsoid's reach Crop keeps triangles,
// as a multiple of the ellipsoid's largest half-extent: a moment cropped
// this way still shows its neighbourhood, and a small edit of the poses
// in the cropped fixture meets the same triangles.
const CropMargin = 1.0

// Crop returns a copy of s whose mesh keeps only the triangles within
// reach of its motion as a answered it (a: the core's answer for s, from
// sweep.Mesh.Answer): the sweep from Start to End and every piece of the
// slide (Start, each step's Contact and Resume, Final), each piece's
// swept box grown by the ellipsoid's half-extents (sweep.Ellipsoid.Extent)
// and CropMargin. Every triangle the core could have touched on the way is
// kept, in the original order, so the cropped scene gives the same answer
// (the hit's Triangle renumbered with the mesh; expect.triangle too) — a
// moment on a big level becomes a fixture small enough to share (see
// docs/fixture-format.md, "Unknown fields"). Vertices no kept triangle uses are dropped. The
// copy records the whole mesh's size in the extra field "cropped"
// ({"triangles": N}). It returns s's copy unchanged, without "cropped",
// when every triangle is within reach.
func Crop(s *Scene, a sweep.Answer) *Scene {
	reach := motionBoxes(s, a)
	keep := make([]int, 0, len(s.Mesh.Triangles))
	for i, t := range s.Mesh.Triangles {
		box := geom.EmptyAABB().Extend(s.Mesh.Vertices[t[0]]).Extend(s.Mesh.Vertices[t[1]]).Extend(s.Mesh.Vertices[t[2]])
		if overlapsAny(box, reach) {
			keep = append(keep, i)
		}
	}
	c := s.Clone()
	if len(keep) == len(s.Mesh.Triangles) {
		return c
	}
	newIndex := c.keepTriangles(keep)
	if c.Expect != nil && c.Expect.Triangle != nil {
		if j, ok := newIndex[*c.Expect.Triangle]; ok {
			c.Expect.Triangle = &j
		} else {
			c.Expect.Triangle = nil // the expected triangle was out of reach: the expectation was not the core's
		}
	}
	if c.Extra == nil {
		c.Extra = map[string]json.RawMessage{}
	}
	c.Extra["cropped"] = json.RawMessage(fmt.Sprintf(`{"triangles":%d}`, len(s.Mesh.Triangles)))
	return c
}

// motionBoxes are the boxes the ellipsoid sweeps through on a's sweep and
// slide, grown by its half-extents and CropMargin.
func motionBoxes(s *Scene, a sweep.Answer) []geom.AABB {
	ext := s.Ellipsoid.Extent()
	grow := ext.Add(mgl64.Vec3{1, 1, 1}.Mul(CropMargin * max(ext[0], ext[1], ext[2])))
	path := []mgl64.Vec3{s.Start}
	for _, st := range a.Slide.Steps {
		path = append(path, st.Contact, st.Resume)
	}
	path = append(path, a.Slide.Final)
	boxes := []geom.AABB{segmentBox(s.Start, s.End, grow)}
	for i := 1; i < len(path); i++ {
		boxes = append(boxes, segmentBox(path[i-1], path[i], grow))
	}
	return boxes
}

// segmentBox is the box of the segment ab grown by grow on each side.
func segmentBox(a, b, grow mgl64.Vec3) geom.AABB {
	return geom.EmptyAABB().Extend(a).Extend(b).Expand(grow)
}

// overlapsAny reports whether box overlaps one of boxes.
func overlapsAny(box geom.AABB, boxes []geom.AABB) bool {
	for _, b := range boxes {
		if box.Overlaps(b) {
			return true
		}
	}
	return false
}

// keepTriangles keeps the triangles at the indices keep (ascending) and
// the vertices they use, renumbered in order; it returns the old index of
// each kept triangle mapped to its new one.
func (s *Scene) keepTriangles(keep []int) map[int]int {
	vertexIndex := map[int]int{}
	var verts []mgl64.Vec3
	tris := make([][3]int, 0, len(keep))
	newIndex := make(map[int]int, len(keep))
	for _, i := range keep {
		var t [3]int
		for k, v := range s.Mesh.Triangles[i] {
			j, ok := vertexIndex[v]
			if !ok {
				j = len(verts)
				vertexIndex[v] = j
				verts = append(verts, s.Mesh.Vertices[v])
			}
			t[k] = j
		}
		newIndex[i] = len(tris)
		tris = append(tris, t)
	}
	s.Mesh = Mesh{Vertices: verts, Triangles: tris}
	return newIndex
}
