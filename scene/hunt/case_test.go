package hunt

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// A crease between a floor and a wall gets the sum of their normals as its
// direction at every ellipsoid size, down to semi-axes of 1e-5 (where
// mgl64's Mat3.Inv returns the zero matrix).
func TestCreaseDirectionTinyEllipsoid(t *testing.T) {
	tris := [2]geom.Triangle{
		{{0, 0, 0}, {0, 0, 1}, {1, 0, 0}}, // floor, normal +y
		{{0, 0, 0}, {0, 1, 0}, {0, 0, 1}}, // wall, normal +x
	}
	want := geom.Normalize(mgl64.Vec3{1, 1, 0})
	for _, r := range []float64{1e-5, 1e-4, 1, 1e4} {
		n := creaseDirection(sweep.Sphere(r), tris, [2]float64{1, 1})
		if geom.Len(n) < 1e-6 || math.Abs(geom.Dot(geom.Normalize(n), want)-1) > 1e-12 {
			t.Errorf("radius %g: direction %v, want along %v", r, n, want)
		}
	}
	flat := sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{1, 0, 0}, {2, 0, 0}, {0, 0, 1}}}
	if n := creaseDirection(flat, tris, [2]float64{1, 1}); n != (mgl64.Vec3{}) {
		t.Errorf("singular axes: direction %v, want zero", n)
	}
}
