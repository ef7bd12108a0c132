package scene

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// CropAbove is the triangle count above which the window's export
// (Ctrl+E) crops a moment to what is within reach (Crop): a moment on a
// big level then makes a fixture of a few kilobytes instead of tens of
// megabytes. Share links are always cropped.
const CropAbove = 5000

// Crop returns s with only the triangles within reach of its motion: the
// boxes swept by the shape along the straight motion from Start to
// End and along every piece of the slide's path (Start, each contact and
// resume center, Final), each grown by margin (world units; 0 or less
// means the shape's largest extent). No other triangle can touch the
// shape anywhere on those paths, so the core answers the cropped
// scene exactly as it answers s (the sweep and every slide step), with
// triangle indices renumbered: kept[i] is the index in s of the cropped
// scene's triangle i (kept in their order in s). Unused vertices are
// dropped and Expect.Triangle is renumbered (cleared when its triangle is
// cropped away, which cannot happen for the core's answer). A scene
// whose every triangle is within reach comes back as it is. A cropped
// scene records the whole mesh's size in the extra field "cropped"
// ({"triangles": N}; docs/fixture-format.md, "Unknown fields"). a is the
// core's answer for s (see Mesh.Answer); s is not modified.
func Crop(s *Scene, a sweep.Answer, margin float64) (c *Scene, kept []int) {
	ext := s.Shape.Extent()
	if !(margin > 0) {
		margin = max(ext[0], ext[1], ext[2])
	}
	reach := ext.Add(mgl64.Vec3{margin, margin, margin})
	boxes := []geom.AABB{segmentBox(s.Start, s.End, reach)}
	path := []mgl64.Vec3{s.Start}
	for _, st := range a.Slide.Steps {
		path = append(path, st.Contact, st.Resume)
	}
	path = append(path, a.Slide.Final)
	for i := 1; i < len(path); i++ {
		boxes = append(boxes, segmentBox(path[i-1], path[i], reach))
	}
	c = s.Clone()
	mesh, kept := cropMesh(s.Mesh, boxes)
	if len(kept) == len(s.Mesh.Triangles) {
		return c, kept // all within reach: s as it is, vertices unrenumbered
	}
	c.Mesh = mesh
	if c.Extra == nil {
		c.Extra = map[string]json.RawMessage{}
	}
	c.Extra["cropped"] = json.RawMessage(fmt.Sprintf(`{"triangles":%d}`, len(s.Mesh.Triangles)))
	if e := c.Expect; e != nil && e.Triangle != nil {
		if i, ok := slices.BinarySearch(kept, *e.Triangle); ok {
			e.Triangle = &i
		} else {
			e.Triangle = nil
		}
	}
	return c, kept
}

// segmentBox is the box around the segment from a to b grown by r.
func segmentBox(a, b, r mgl64.Vec3) geom.AABB {
	return geom.EmptyAABB().Extend(a).Extend(b).Expand(r)
}

// cropMesh keeps the triangles of m whose boxes overlap one of boxes, in
// order, and the vertices they use, renumbered in order of first use.
func cropMesh(m Mesh, boxes []geom.AABB) (Mesh, []int) {
	var out Mesh
	var kept []int
	index := map[int]int{}
	for ti, t := range m.Triangles {
		tb := geom.EmptyAABB().Extend(m.Vertices[t[0]]).Extend(m.Vertices[t[1]]).Extend(m.Vertices[t[2]])
		if !slices.ContainsFunc(boxes, tb.Overlaps) {
			continue
		}
		var nt [3]int
		for k, vi := range t {
			ni, ok := index[vi]
			if !ok {
				ni = len(out.Vertices)
				index[vi] = ni
				out.Vertices = append(out.Vertices, m.Vertices[vi])
			}
			nt[k] = ni
		}
		out.Triangles = append(out.Triangles, nt)
		kept = append(kept, ti)
	}
	return out, kept
}

// CropCore is Crop with the core's answer on s computed here (building
// the mesh, which takes a while on a big level; the window passes the
// answer it has) and the default margin.
func CropCore(s *Scene) (c *Scene, kept []int) {
	m := sweep.NewMesh(s.Mesh.Tris())
	return Crop(s, m.Answer(s.Motion), 0)
}
