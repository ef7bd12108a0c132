//go:build !amd64 || purego || amd64.v3

package sweep

import (
	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// haveSweptCullAVX is false: EllipsoidTriangle runs outsideSweptBox and
// triFrame.plane in Go.
const haveSweptCullAVX = false

// sweptCullAVX is never called here (haveSweptCullAVX is false).
func sweptCullAVX(e *Ellipsoid, tri *geom.Triangle, begin, delta *mgl64.Vec3) int {
	panic("sweptCullAVX: no assembly on this platform")
}

// planeFrameAVX is never called here (haveSweptCullAVX is false).
func planeFrameAVX(f *triFrame, e *Ellipsoid, tri *geom.Triangle, begin, delta *mgl64.Vec3) bool {
	panic("planeFrameAVX: no assembly on this platform")
}
