//go:build !amd64 || purego || amd64.v3

package sweep

import (
	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// haveSweptBoxAVX is false: outsideSweptBox uses its Go form.
const haveSweptBoxAVX = false

// sweptBoxAVX is never called here (haveSweptBoxAVX is false).
func sweptBoxAVX(e *Ellipsoid, tri *geom.Triangle, begin, delta *mgl64.Vec3) bool {
	panic("sweptBoxAVX: no assembly on this platform")
}
