package opinions

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene/internal/testmesh"
	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
)

// BenchmarkPile200k is one comparison of the three opinions on a sweep
// beside 200k distinct triangles piled in one small region.
func BenchmarkPile200k(b *testing.B) {
	begin, delta := testmesh.PileFall()
	benchCompare(b, testmesh.Pile(200_000), begin, delta)
}

// BenchmarkTerrain100k is one comparison of the three opinions on a sweep
// onto a terrain of about 100k triangles.
func BenchmarkTerrain100k(b *testing.B) {
	begin, delta := testmesh.TerrainFall()
	benchCompare(b, testmesh.Terrain(225), begin, delta)
}

// benchCompare times Compare on one sweep over tris (which must agree).
func benchCompare(b *testing.B, tris []geom.Triangle, begin, delta mgl64.Vec3) {
	g := judge.NewGeometry(sweep.EllipsoidShape(sweep.Sphere(1)), tris)
	m := sweep.NewMesh(tris)
	if r := Compare(g, m, sweep.Motion{Shape: sweep.EllipsoidShape(g.E), Start: begin, End: begin.Add(delta)}, judge.Exact); !r.Agree() || !r.Opinions[0].OK {
		b.Fatalf("the opinions disagree:\n%s", r)
	}
	for b.Loop() {
		Compare(g, m, sweep.Motion{Shape: sweep.EllipsoidShape(g.E), Start: begin, End: begin.Add(delta)}, judge.Exact)
	}
}
