package render

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// maxBVHBoxes caps the tree boxes drawn (a long sweep over a huge level
// enters many).
const maxBVHBoxes = 1500

// colBVH is the tree boxes' colour; deeper boxes are drawn more opaque.
var colBVH = color.RGBA{0xa8, 0x8c, 0xff, 0xff}

// bvhBox is one tree box the sweep enters, with its depth in the tree.
type bvhBox struct {
	box   geom.AABB
	depth int
}

// bvhKey is what the visited boxes depend on: they are walked again only
// when the mesh or the motion changes.
type bvhKey struct {
	mesh       *sweep.Mesh
	e          sweep.Shape
	start, end mgl64.Vec3
}

// buildBVH draws the boxes of the mesh's tree that the frame's sweep
// enters before its first contact, as wireframes.
func (l *drawLists) buildBVH(f *Frame) {
	if f.Mesh == nil {
		return
	}
	s := f.Scene
	key := bvhKey{f.Mesh, s.Shape, s.Start, s.End}
	if !l.bvhValid || key != l.bvhKey {
		l.bvhKey, l.bvhValid = key, true
		l.bvh = l.bvh[:0]
		f.Mesh.VisitedBoxes(boundingEllipsoid(s.Shape), s.Start, s.End.Sub(s.Start), func(b geom.AABB, depth int) {
			if len(l.bvh) < maxBVHBoxes {
				l.bvh = append(l.bvh, bvhBox{b, depth})
			}
		})
	}
	for _, b := range l.bvh {
		col := colBVH
		col.A = uint8(min(0x40+b.depth*14, 0xd0))
		l.wireBox(b.box, col, 1)
	}
}

// boundingEllipsoid is the ellipsoid itself, or for a capsule or a box the
// ellipsoid that holds the shape's world AABB (its half-sizes times √3):
// the tree walk (Mesh.VisitedBoxes) takes an ellipsoid, so for those kinds
// the boxes shown are the ones a slightly larger sweep would enter.
func boundingEllipsoid(s sweep.Shape) sweep.Ellipsoid {
	if s.Kind == sweep.KindEllipsoid {
		return s.Ellipsoid
	}
	h := s.Extent().Mul(math.Sqrt(3))
	return sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{h[0], 0, 0}, {0, h[1], 0}, {0, 0, h[2]}}}
}

// wireBox draws the twelve edges of b.
func (l *drawLists) wireBox(b geom.AABB, col color.RGBA, width float32) {
	for _, fc := range []int{geom.FaceNegY, geom.FacePosY} {
		q := boxFace(b, fc)
		l.polyline3(q[:], col, width, true)
	}
	for _, xz := range [4][2]int{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
		lo, hi := b.Min, b.Max
		for k, axis := range [2]int{0, 2} {
			v := b.Min[axis]
			if xz[k] == 1 {
				v = b.Max[axis]
			}
			lo[axis], hi[axis] = v, v
		}
		l.segment3(lo, hi, col, width)
	}
}
