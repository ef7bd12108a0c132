package sweep

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// coincident returns n copies of one triangle: every box and centroid is
// equal, so no surface-area split can separate them.
func coincident(n int) []geom.Triangle {
	tris := make([]geom.Triangle, n)
	for i := range tris {
		tris[i] = geom.Triangle{{0, 0, 0}, {1, 0, 0}, {0, 0, 1}}
	}
	return tris
}

// TestCoincidentTriangles builds a tree over many equal triangles: it
// holds every one in bounded depth, and a sweep onto them finds the first
// contact (the lowest index among equal contacts is not required, any of
// them is the same contact).
func TestCoincidentTriangles(t *testing.T) {
	n := 20000
	if !testing.Short() {
		n = 200000
	}
	tris := coincident(n)
	m := NewMesh(tris)
	checkTree(t, m, tris)
	e := Ellipsoid{Axes: [3]mgl64.Vec3{{0.1, 0, 0}, {0, 0.1, 0}, {0, 0, 0.1}}}
	h, ok := m.Sweep(e, mgl64.Vec3{0.25, 1, 0.25}, mgl64.Vec3{0, -2, 0})
	if !ok || h.Feature != Face || !mgl64.FloatEqualThreshold(h.T, 0.45, 1e-12) {
		t.Errorf("Sweep onto %d coincident triangles = %+v, %v; want a face hit at t = 0.45", n, h, ok)
	}
}

// BenchmarkCoincidentBuild builds the tree over 200,000 equal triangles.
func BenchmarkCoincidentBuild(b *testing.B) {
	tris := coincident(200000)
	for b.Loop() {
		NewMesh(tris)
	}
}

// BenchmarkCoincidentSweep sweeps onto 200,000 equal triangles: every one
// is a candidate, so this is the worst case of the narrow phase.
func BenchmarkCoincidentSweep(b *testing.B) {
	m := NewMesh(coincident(200000))
	e := Ellipsoid{Axes: [3]mgl64.Vec3{{0.1, 0, 0}, {0, 0.1, 0}, {0, 0, 0.1}}}
	for b.Loop() {
		m.Sweep(e, mgl64.Vec3{0.25, 1, 0.25}, mgl64.Vec3{0, -2, 0})
	}
}
