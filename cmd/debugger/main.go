// Command debugger is the swept-ellipsoid collision debugger: with no
// subcommand it opens the window; replay, scenes, export-scene, screenshot,
// bench and hunt run headless.
package main

import (
	"fmt"
	"os"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
	_ "sweepdbg/ui"
)

func main() {
	tri := geom.Triangle{{0, 0, 0}, {4, 0, 0}, {0, 0, 4}}
	h, ok := sweep.EllipsoidTriangle(sweep.Sphere(1), mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -4, 0}, tri)
	fmt.Println(h, ok)
	os.Exit(0)
}
