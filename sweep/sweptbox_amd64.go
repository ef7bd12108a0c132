//go:build amd64 && !purego && !amd64.v3

package sweep

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// haveSweptBoxAVX reports whether sweptBoxAVX is the assembly of
// sweptbox_amd64.s. Not with GOAMD64=v3 or above, where the compiler fuses
// the sums of products in outsideSweptBox into FMAs (see haveLeaf4).
const haveSweptBoxAVX = true

// sweptBoxAVX is outsideSweptBox with the three world axes in one AVX
// register: the same IEEE operations in the same order, so the same
// answer for every input (TestSweptBoxAVXMatchesGo). Call it only when
// useAVX2 is true.
//
//go:noescape
func sweptBoxAVX(e *Ellipsoid, tri *geom.Triangle, begin, delta *mgl64.Vec3) (out bool)

// boxConsts are sweptBoxAVX's constants: slabAbout's 0.5 and 1e-9 (the
// same Go constants, so the same float64 values) and the masks of all
// bits but the sign and of the sign.
var boxConsts = [4]uint64{math.Float64bits(0.5), math.Float64bits(1e-9), 1<<63 - 1, 1 << 63}
