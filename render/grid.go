package render

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/geom"
)

// gridSpec is the ground grid: lines every step world units on the plane
// y = y over [lo, hi] in x and z, every tenth line (and the world axes,
// when the grid reaches them) major.
type gridSpec struct {
	step   float64
	y      float64
	lo, hi [2]float64 // x, z ranges, multiples of step
}

func (gs gridSpec) bounds() geom.AABB {
	return geom.AABB{Min: mgl64.Vec3{gs.lo[0], gs.y, gs.lo[1]}, Max: mgl64.Vec3{gs.hi[0], gs.y, gs.hi[1]}}
}

// maxGridLines caps the grid's lines per direction.
const maxGridLines = 80

// gridSpec sizes the grid to the frame's content: the step is the first of
// 1, 2, 5 times a power of ten reaching a sixteenth of the content's width,
// and the grid reaches two steps past the content. It lies on y = 0 when
// that plane is near the content (within the content's width below it or
// inside it), else under the scene's mesh: never stretched to the world's
// origin, so a scene far from it is framed as tightly as one at it.
func (l *drawLists) gridSpec(f *Frame) gridSpec {
	b := l.contentBounds(f)
	if b.IsEmpty() {
		b = geom.AABB{Min: mgl64.Vec3{-5, 0, -5}, Max: mgl64.Vec3{5, 0, 5}}
	}
	size := math.Max(b.Size()[0], b.Size()[2])
	if !(size > 0) || math.IsInf(size, 0) {
		size = 10
	}
	step := niceStep(size / 16)
	for (size/step)+4 > maxGridLines {
		step = niceStep(step * 1.01)
	}
	gs := gridSpec{step: step}
	for i, a := range [2]int{0, 2} {
		gs.lo[i] = (math.Floor(b.Min[a]/step) - 2) * step
		gs.hi[i] = (math.Ceil(b.Max[a]/step) + 2) * step
	}
	if b.Min[1]-size > 0 || b.Max[1] < 0 {
		gs.y = b.Min[1]
		if !l.geo.bounds.IsEmpty() {
			gs.y = l.geo.bounds.Min[1]
		}
	}
	return gs
}

// niceStep returns the smallest of 1, 2, 5 times a power of ten that is at
// least x (x > 0).
func niceStep(x float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= x {
			return m * p
		}
	}
	return 10 * p
}

// buildGrid emits the ground grid and, where the grid reaches them, the
// world axes as depth-tested lines.
func (l *drawLists) buildGrid(gs gridSpec) {
	const eps = 1e-9
	for axis := 0; axis < 2; axis++ {
		other := 1 - axis
		for v := gs.lo[axis]; v <= gs.hi[axis]+eps*gs.step; v += gs.step {
			col, w := colGridMinor, 1.0
			if k := math.Round(v / gs.step); math.Mod(k, 10) == 0 {
				col, w = colGridMajor, 1.5
			}
			if math.Abs(v) < eps*gs.step && gs.y == 0 {
				col, w = [2]color.RGBA{colAxisZ, colAxisX}[axis], 2
			}
			a, b := mgl64.Vec3{0, gs.y, 0}, mgl64.Vec3{0, gs.y, 0}
			a[2*axis], b[2*axis] = v, v
			a[2*other], b[2*other] = gs.lo[other], gs.hi[other]
			l.line3(a, b, w, col, 0, true)
		}
	}
	if gs.y == 0 && gs.lo[0] <= 0 && gs.hi[0] >= 0 && gs.lo[1] <= 0 && gs.hi[1] >= 0 {
		ext := math.Max(gs.hi[0]-gs.lo[0], gs.hi[1]-gs.lo[1]) / 2
		l.line3(mgl64.Vec3{}, mgl64.Vec3{0, ext / 2, 0}, 2, colAxisY, 0, false)
	}
}

// line3 emits the world segment a-b as a depth-tested screen quad width
// pixels wide. hidden is the opacity where the scene hides it (0: not
// drawn there). A line on the ground (y = gridY: the grid, the x and z axes)
// takes each quad corner's depth from the ground under that corner's
// pixel, so it ties exactly with a floor there however steeply the floor
// recedes; other lines take their ends' depths across their width.
func (l *drawLists) line3(a, b mgl64.Vec3, width float64, col color.RGBA, hidden float32, onGround bool) {
	qa, qb := l.pr.clip(a), l.pr.clip(b)
	if !clipSegment(&qa, &qb) {
		return
	}
	ax, ay, az := l.pr.screen(qa)
	bx, by, bz := l.pr.screen(qb)
	dx, dy := bx-ax, by-ay
	ln := math.Hypot(dx, dy)
	if ln < 1e-9 {
		return
	}
	nx, ny := -dy/ln*width/2, dx/ln*width/2
	r, g, bl, al := float32(col.R)/255, float32(col.G)/255, float32(col.B)/255, float32(col.A)/255
	v := func(x, y, z float64) ebiten.Vertex {
		if onGround {
			z = l.groundDepth(x, y, z)
		}
		return ebiten.Vertex{DstX: float32(x), DstY: float32(y), ColorR: r, ColorG: g, ColorB: bl, ColorA: al, Custom0: float32(z), Custom1: hidden}
	}
	base := uint32(len(l.lines))
	l.lines = append(l.lines, v(ax+nx, ay+ny, az), v(ax-nx, ay-ny, az), v(bx+nx, by+ny, bz), v(bx-nx, by-ny, bz))
	l.lineIdx = append(l.lineIdx, base, base+1, base+2, base+1, base+3, base+2)
}

// groundDepth returns the reversed depth of the grid's plane y = gridY under
// the pixel (x, y), or z when the pixel's ray does not meet it in front of
// the near plane.
func (l *drawLists) groundDepth(x, y, z float64) float64 {
	r := l.cam.Ray(x, y)
	if r.Dir[1] == 0 {
		return z
	}
	s := (l.gridY - r.Origin[1]) / r.Dir[1]
	q := l.pr.clip(r.At(s))
	if !(s > 0) || outcode(q)&outNear != 0 {
		return z
	}
	return l.pr.zeta(q)
}
