package sweep

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// The boxes a sweep visits start at the root (depth 0), nest (every box
// lies in the box one level up), include the leaf holding the hit
// triangle, and leave out the far side of a long row of triangles the
// motion never nears.
func TestVisitedBoxes(t *testing.T) {
	var tris []geom.Triangle
	for i := 0; i < 64; i++ {
		x := float64(i)
		tris = append(tris, geom.Triangle{{x, 0, 0}, {x + 1, 0, 0}, {x, 0, 1}})
	}
	m := NewMesh(tris)
	e := Sphere(0.25)
	begin, delta := mgl64.Vec3{2.3, 2, 0.3}, mgl64.Vec3{0, -4, 0}
	var boxes []geom.AABB
	var depths []int
	m.VisitedBoxes(e, begin, delta, func(b geom.AABB, d int) {
		boxes, depths = append(boxes, b), append(depths, d)
	})
	if len(boxes) == 0 || depths[0] != 0 {
		t.Fatalf("visited %d boxes, depths %v: want the root first", len(boxes), depths)
	}
	root := m.Bounds()
	if geom.Len(boxes[0].Min.Sub(root.Min)) > 1e-9 || geom.Len(boxes[0].Max.Sub(root.Max)) > 1e-9 {
		t.Errorf("first box %v is not the mesh's bounds %v", boxes[0], root)
	}
	parents := map[int]geom.AABB{} // the last box seen at each depth (the walk is depth first)
	for i, b := range boxes {
		if p, ok := parents[depths[i]-1]; depths[i] > 0 && (!ok || !p.Contains(b.Min) || !p.Contains(b.Max)) {
			t.Errorf("box %v at depth %d is not inside its parent %v", b, depths[i], p)
		}
		parents[depths[i]] = b
	}
	h, _ := m.Sweep(e, begin, delta)
	hitLeaf := false
	for i, b := range boxes {
		if b.Min[0] > 40 {
			t.Errorf("visited a box %v far beyond the motion", b)
		}
		if b.Contains(h.Point) && depths[i] > 0 {
			hitLeaf = true
		}
	}
	if !hitLeaf || len(boxes) >= 2*len(tris) {
		t.Errorf("visited %d boxes (hit point inside one below the root: %v)", len(boxes), hitLeaf)
	}
}
