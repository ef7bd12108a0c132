package engine

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
)

// TestOpinionsAnyScale drops a sphere of radius r on the floor triangle
// from 2r above to 2r below, at radii from 1e-8 to 1e6: every built-in
// engine must hit at T = 0.25 (it touches after falling r of its 4r
// path, by hand) and the three must agree. At r = 1e-8 the oracle used to
// say T = 0 at a vertex 1.4 away, because the world-to-unit inverse
// underflowed to the zero matrix.
func TestOpinionsAnyScale(t *testing.T) {
	m := floorMesh()
	for _, r := range []float64{1e-8, 1e-5, 1e-3, 1, 1e3, 1e6} {
		p := mgl64.Vec3{1, 0, 1}
		q := Query{Mesh: m, Motion: sweep.Motion{Shape: sweep.EllipsoidShape(sweep.Sphere(r)), Start: p.Add(mgl64.Vec3{0, float64(2 * r), 0}), End: p.Sub(mgl64.Vec3{0, float64(2 * r), 0})}}
		if r > 1 { // keep the sphere over the triangle's interior, scaled with it
			q.Mesh = NewMesh(scaled(m, r))
			p = mgl64.Vec3{r, 0, r}
			q.Start, q.End = p.Add(mgl64.Vec3{0, float64(2 * r), 0}), p.Sub(mgl64.Vec3{0, float64(2 * r), 0})
		}
		rep, errs := Opinions(t.Context(), q, Builtins(), judge.Exact)
		for i, err := range errs {
			if err != nil && !SatOut(err) { // the convex method sits out ellipsoids
				t.Fatalf("r %g: engine %d: %v", r, i, err)
			}
		}
		for _, o := range rep.Opinions {
			if !o.OK || math.Abs(o.Hit.T-0.25) > 1e-9 {
				t.Errorf("r %g: %s says hit %v at T %v, want T 0.25", r, o.Algorithm, o.OK, o.Hit.T)
			}
		}
		if !rep.Agree() {
			t.Errorf("r %g: disagreements %v", r, rep.Disagreements)
		}
	}
}

// scaled is m's triangles scaled by s about the origin.
func scaled(m *Mesh, s float64) []geom.Triangle {
	out := make([]geom.Triangle, len(m.Tris))
	for i, tri := range m.Tris {
		out[i] = geom.Triangle{geom.Scale(tri[0], s), geom.Scale(tri[1], s), geom.Scale(tri[2], s)}
	}
	return out
}
