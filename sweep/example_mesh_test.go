package sweep_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// A sphere of radius 1 moving down and sideways onto the floor y = 0: it
// touches halfway, then slides along the floor to the target's x, skin
// above it.
func ExampleMesh_Slide() {
	floor := []geom.Triangle{
		{{-10, 0, -10}, {10, 0, -10}, {-10, 0, 10}},
		{{10, 0, -10}, {10, 0, 10}, {-10, 0, 10}},
	}
	m := sweep.NewMesh(floor)
	hit, _ := m.Sweep(sweep.Sphere(1), mgl64.Vec3{0, 3, 0}, mgl64.Vec3{4, -4, 0})
	fmt.Printf("first contact at T=%.2f, normal %.0f\n", hit.T, hit.Normal)
	res := m.Slide(sweep.Sphere(1), mgl64.Vec3{0, 3, 0}, mgl64.Vec3{4, -1, 0}, sweep.SlideOptions{})
	fmt.Printf("%d contact, contact pose %.3f, final %.3f\n", len(res.Steps), res.Steps[0].Contact, res.Final)
	// Output:
	// first contact at T=0.50, normal [0 1 0]
	// 1 contact, contact pose [2.000 1.000 0.000], final [4.000 1.001 0.000]
}
