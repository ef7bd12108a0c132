//go:build amd64 && !purego && !amd64.v3

package sweep

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// haveSweptCullAVX reports whether sweptCullAVX is the assembly of
// sweptcull_amd64.s. Not with GOAMD64=v3 or above, where the compiler fuses
// the sums of products in outsideSweptBox into FMAs (see haveLeaf4).
const haveSweptCullAVX = true

// sweptCullAVX is EllipsoidTriangle's two rejections before the inverse of
// M: outsideSweptBox with the three world axes in one AVX register (the
// same IEEE operations in the same order, so the same answer for every
// input), then, for a triangle it keeps, triFrame.plane's missesSlab
// against maxT = 1 on setFrame's values, as ellipsoidTriangleInBox reaches
// it (the same operations again; the assembly's comment has the argument).
// It returns cullBox, cullPlane or cullKeep; cullKeep also where plane
// would recompute the normal exactly or finds no usable plane, which the
// Go code decides. TestSweptCullAVXMatchesGo compares it with the Go code.
// Call it only when useAVX2 is true.
//
//go:noescape
func sweptCullAVX(e *Ellipsoid, tri *geom.Triangle, begin, delta *mgl64.Vec3) (cull int)

// planeFrameAVX is setFrame followed by triFrame.plane with the axes of e
// as the normal's map, up to its slab test: it fills f's world-space frame,
// nw and usable and, when usable, n, bn and dn, with the same operations
// in the same order as the Go code (TestPlaneFrameAVXMatchesGo). It
// reports false, having filled nothing, where plane would recompute the
// normal exactly. Call it only when useAVX2 is true.
//
//go:noescape
func planeFrameAVX(f *triFrame, e *Ellipsoid, tri *geom.Triangle, begin, delta *mgl64.Vec3) (ok bool)

// boxConsts are sweptCullAVX's constants: slabAbout's 0.5 and 1e-9 (the
// same Go constants, so the same float64 values) and the masks of all
// bits but the sign and of the sign. Its plane constants are leafConsts'.
var boxConsts = [4]uint64{math.Float64bits(0.5), math.Float64bits(1e-9), 1<<63 - 1, 1 << 63}
