package render

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// The 2D overlays (overlay, overlays.go) are drawn as triangles in one
// draw call with ovSrc, which computes each pixel's coverage from its
// distance to the shape: anti-aliased like the vector package's paths,
// at the cost of the shapes' own area. (The vector package renders each
// path eight times into a stencil image as large as the path's bounding
// box, clears it and covers the box again: on a software rasteriser the
// overlays of a drag frame took about as long as the rest of the view.)
//
// Every vertex carries its colour (premultiplied) and, in custom, the
// pixel's position in the frame of the segment it belongs to: x the
// distance past the segment's start (negative before it), z the distance
// before its end (negative past it), y the signed distance from the
// segment's line, w the half width. The fragment's distance to the shape
// is |(min(x,0)+min(z,0), y)|: to the line beside the segment, to an end
// beyond it (a round cap); the coverage is that distance against w with
// a one-pixel ramp. An end that joins the next segment gets ovFar added
// to x or z, so it never caps: the two segments' quads are cut along the
// bisector of the corner and meet there without overlapping (a mitred
// join, so translucent strokes are not doubled at their corners). Discs
// are zero-length segments; filled polygons have coverage 1 (custom all
// zero, w large) and are not anti-aliased.
const ovSrc = `//kage:unit pixels

package main

func Fragment(dstPos vec4, srcPos vec2, color vec4, custom vec4) vec4 {
	d := length(vec2(min(custom.x, 0.0)+min(custom.z, 0.0), custom.y))
	return color * clamp(custom.w+0.5-d, 0.0, 1.0)
}
`

const (
	// ovFar is added to a segment end's along-distance when the end is a
	// join, so the cap term min(x, 0) stays 0 over the quad (which reaches
	// at most a few pixels past the end).
	ovFar = 1e4
	// ovPad is how far a shape's quad reaches beyond its edge: the
	// coverage ramp's outer half pixel, and a half pixel more so no
	// partly covered pixel is left out.
	ovPad = 1
	// ovMiterLimit is the longest a mitred corner's cut may be, in half
	// widths plus pad, before the corner is drawn as two round caps
	// instead (overlapping: a sharp corner of a translucent stroke shows a
	// darker spot, as it never was cut into a spike).
	ovMiterLimit = 4
	// ovFillW is the half width given to fills: coverage 1 everywhere.
	ovFillW = 1e6
)

// ovBatch collects the overlays' triangles.
type ovBatch struct {
	verts []ebiten.Vertex
	idx   []uint32
	col   [4]float32 // the current shape's premultiplied colour
}

func (b *ovBatch) reset() { b.verts, b.idx = b.verts[:0], b.idx[:0] }

// vertex appends one vertex with the current colour.
func (b *ovBatch) vertex(x, y, cx, cy, cz, cw float64) {
	b.verts = append(b.verts, ebiten.Vertex{
		DstX: float32(x), DstY: float32(y),
		ColorR: b.col[0], ColorG: b.col[1], ColorB: b.col[2], ColorA: b.col[3],
		Custom0: float32(cx), Custom1: float32(cy), Custom2: float32(cz), Custom3: float32(cw),
	})
}

// quad appends the two triangles of the last four vertices (in order
// around the quad).
func (b *ovBatch) quad() {
	n := uint32(len(b.verts))
	b.idx = append(b.idx, n-4, n-3, n-2, n-4, n-2, n-1)
}

// disc appends a disc of radius r at (x, y).
func (b *ovBatch) disc(x, y, r float64) {
	e := r + ovPad
	for _, c := range [4][2]float64{{-e, -e}, {e, -e}, {e, e}, {-e, e}} {
		b.vertex(x+c[0], y+c[1], c[0], c[1], -c[0], r) // min(x,0)+min(z,0) = -|x|
	}
	b.quad()
}

// fill appends the convex polygon pts (x, y pairs) as a fan.
func (b *ovBatch) fill(pts []float32) {
	n := len(pts) / 2
	if n < 3 {
		return
	}
	base := uint32(len(b.verts))
	for i := 0; i < n; i++ {
		b.vertex(float64(pts[2*i]), float64(pts[2*i+1]), 0, 0, 0, ovFillW)
	}
	for i := 1; i+1 < n; i++ {
		b.idx = append(b.idx, base, base+uint32(i), base+uint32(i+1))
	}
}

// stroke appends the polyline pts (x, y pairs), hw pixels either side of
// its line, closed back to its first point when closed.
func (b *ovBatch) stroke(pts []float32, hw float64, closed bool) {
	n := len(pts) / 2
	if closed && n > 2 && pts[0] == pts[2*n-2] && pts[1] == pts[2*n-1] {
		n-- // the last point repeats the first
	}
	if n < 2 {
		if n == 1 {
			b.disc(float64(pts[0]), float64(pts[1]), hw)
		}
		return
	}
	p := func(i int) [2]float64 { i = (i + n) % n; return [2]float64{float64(pts[2*i]), float64(pts[2*i+1])} }
	segs := n - 1
	if closed {
		segs = n
	}
	for i := 0; i < segs; i++ {
		a, c := p(i), p(i+1)
		var prev, next *[2]float64
		if closed || i > 0 {
			q := p(i - 1)
			prev = &q
		}
		if closed || i+1 < segs {
			q := p(i + 2)
			next = &q
		}
		b.segment(a, c, prev, next, hw)
	}
}

// segment appends the quad of segment a-c of a polyline whose previous
// point is prev and next point is next (nil at an open end, which gets a
// round cap). A zero-length segment draws nothing (its neighbours' join
// covers it), unless it is the whole polyline.
func (b *ovBatch) segment(a, c [2]float64, prev, next *[2]float64, hw float64) {
	dx, dy := c[0]-a[0], c[1]-a[1]
	length := math.Hypot(dx, dy)
	if length < 1e-9 {
		if prev == nil && next == nil {
			b.disc(a[0], a[1], hw)
		}
		return
	}
	ux, uy := dx/length, dy/length // along the segment
	nx, ny := -uy, ux              // its normal
	e := hw + ovPad
	// Each end is either capped (the quad reaches e past it, square) or
	// cut along the corner's bisector: the end's offset along the segment
	// at the quad's two sides (+e and -e across it).
	capStart, sPlus, sMinus := endCut(a, prev, ux, uy, e, true)
	capEnd, ePlus, eMinus := endCut(c, next, ux, uy, e, false)
	if capStart {
		sPlus, sMinus = -e, -e
	}
	if capEnd {
		ePlus, eMinus = e, e
	}
	if sPlus >= length+ePlus || sMinus >= length+eMinus {
		// The two ends cross (a segment shorter than its corners' cuts):
		// capped both ends instead, overlapping its neighbours.
		capStart, capEnd = true, true
		sPlus, sMinus, ePlus, eMinus = -e, -e, e, e
	}
	farS, farE := 0.0, 0.0
	if !capStart {
		farS = ovFar
	}
	if !capEnd {
		farE = ovFar
	}
	for _, k := range [4]struct{ along, side float64 }{{sPlus, e}, {length + ePlus, e}, {length + eMinus, -e}, {sMinus, -e}} {
		x, y := a[0]+ux*k.along+nx*k.side, a[1]+uy*k.along+ny*k.side
		b.vertex(x, y, k.along+farS, k.side, length-k.along+farE, hw)
	}
	b.quad()
}

// endCut returns how the quad of a segment (direction u) ends at its
// point p joined to the polyline's point o beyond it (o nil: an open
// end): capped, or cut along the bisector of the corner at p, the cut's
// offsets along the segment at the quad's +e and -e sides. start tells
// whether p is the segment's first point.
func endCut(p [2]float64, o *[2]float64, ux, uy, e float64, start bool) (capped bool, plus, minus float64) {
	if o == nil {
		return true, 0, 0
	}
	// v: the other segment's direction, pointing the same way along the
	// polyline as u.
	vx, vy := p[0]-o[0], p[1]-o[1]
	if !start {
		vx, vy = o[0]-p[0], o[1]-p[1]
	}
	lv := math.Hypot(vx, vy)
	if lv < 1e-9 {
		return true, 0, 0
	}
	vx, vy = vx/lv, vy/lv
	// The bisector's cut: at side offset s across the segment (along its
	// normal, u turned a quarter counterclockwise) the cut lies -s *
	// tan(phi/2) along it, phi the signed turn between the two segments
	// (from u to v at the end, from v to u at the start, which flips its
	// sign: cross is u x v either way); tan(phi/2) = sin phi / (1 + cos
	// phi).
	dot := ux*vx + uy*vy
	cross := ux*vy - uy*vx
	if 1+dot < 1e-9 {
		return true, 0, 0 // the polyline turns back on itself
	}
	t := -cross / (1 + dot)
	if math.Abs(t) > ovMiterLimit {
		return true, 0, 0
	}
	return false, t * e, -t * e
}
