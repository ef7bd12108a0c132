package editor

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/render/view"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// Above opinionsAutoLimit triangles the opinions wait for Compare.
func TestOpinionsSkipLargeMesh(t *testing.T) {
	s := gridScene(160) // 51200 triangles
	d, err := NewDoc(s, "", view.Default(), DefaultGrid)
	if err != nil {
		t.Fatal(err)
	}
	var o opinionCache
	if o.Update(d, 1, false) || o.Report != nil || !strings.Contains(o.Skipped, "51200 triangles") {
		t.Fatalf("large mesh: %+v", o)
	}
	if rows := OpinionRows(&o); len(rows) != 1 || !strings.Contains(rows[0].Text, "Compare") {
		t.Fatalf("rows %v", rows)
	}
	if !o.Update(d, 1, true) || o.Report == nil || !o.Report.Agree() {
		t.Fatalf("Compare: %+v", o.Report)
	}
	if o.Report.Opinions[0].Hit.T <= 0 || o.Report.Opinions[0].Hit.T >= 1 {
		t.Fatalf("the grid's first contact: %+v", o.Report.Opinions[0])
	}
}

// gridScene is an n×n grid of unit squares (2n² triangles) at y = 0 with a
// unit sphere falling onto it from y = 3 to y = -1.
func gridScene(n int) *scene.Scene {
	s := &scene.Scene{Name: "grid", Motion: sweep.Motion{Shape: sweep.EllipsoidShape(sweep.Sphere(1)), Start: mgl64.Vec3{float64(float64(n) / 2), 3, float64(float64(n) / 2)}, End: mgl64.Vec3{float64(float64(n)/2) + 0.3, -1, float64(float64(n) / 2)}}}
	for z := 0; z <= n; z++ {
		for x := 0; x <= n; x++ {
			s.Mesh.Vertices = append(s.Mesh.Vertices, mgl64.Vec3{float64(x), 0, float64(z)})
		}
	}
	for z := 0; z < n; z++ {
		for x := 0; x < n; x++ {
			i := z*(n+1) + x
			s.Mesh.Triangles = append(s.Mesh.Triangles, [3]int{i, i + n + 1, i + 1}, [3]int{i + 1, i + n + 1, i + n + 2})
		}
	}
	return s
}
