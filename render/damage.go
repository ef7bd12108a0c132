package render

import (
	"image"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"sweepdbg/render/view"
)

// lastFrame is what the last frame drew into its destination, kept so
// the next frame can find the part of the view that changed
// (Renderer.DrawChanged).
type lastFrame struct {
	dst   *ebiten.Image // nil: nothing to compare with
	key   sceneKey
	cam   Camera
	opt   view.Options
	scale float64

	lines, htris []ebiten.Vertex
	shapes       []shapeDraw
	ovs          []overlay
	pts          []float32
	labels, hud  []label
	message      string
}

// remember keeps what the frame just drawn into dst drew (ok false: it
// cannot be compared with, as when it was drawn through r.view).
func (r *Renderer) remember(dst *ebiten.Image, ok bool, opt view.Options) {
	p, l := &r.last, &r.lists
	p.dst = nil
	if !ok || !r.cache.valid {
		return
	}
	p.dst, p.key, p.cam, p.opt, p.scale, p.message = dst, r.cache.key, l.cam, opt, r.scale(), l.message
	p.lines = append(p.lines[:0], l.lines...)
	p.htris = append(p.htris[:0], l.htris...)
	p.shapes = append(p.shapes[:0], l.shapes...)
	p.ovs = append(p.ovs[:0], l.ovs...)
	p.pts = append(p.pts[:0], l.pts...)
	p.labels = append(p.labels[:0], l.labels...)
	p.hud = append(p.hud[:0], l.hud...)
}

// changedShare is the largest part of the view DrawChanged redraws as a
// part: beyond it the whole view is drawn (the parts' draws cost about
// what the whole view's would).
const changedShare = 0.5

// DrawChanged draws f like Draw, for a dst that still holds the last
// frame Draw, DrawChanged or DrawParts drew into it, with nothing drawn
// over it since (or only what is drawn over the returned rectangle
// again). When the camera, the view's size, the options and the scene's
// kept images are those of that frame, it redraws only the rectangle
// where the picture changed (the old and new places of every pose, line,
// overlay and label that differs) and returns it, empty when nothing
// changed; otherwise, or when that rectangle is more than half the view,
// it draws everything, as Draw does, and returns dst's bounds. Everything
// it does not redraw is exactly what Draw would draw there.
func (r *Renderer) DrawChanged(dst *ebiten.Image, f *Frame, cam Camera, opt view.Options) image.Rectangle {
	parts := r.DrawParts(dst, f, cam, opt, nil, nil)
	if len(parts) == 0 {
		return image.Rectangle{}
	}
	return parts[0] // without must, a single rectangle
}

// DrawParts is DrawChanged that also redraws the view inside the
// rectangles of must (say, under translucent panels drawn again over
// it) and leaves dst alone inside the rectangles of covered (where the
// caller has drawn, and draws again, something opaque over the view:
// the view there need not be drawn). It returns the rectangles it
// redrew, none overlapping another (each is redrawn once): the changed
// part and must, merged where they overlap or nearly fill their bounding
// box, less covered; dst's bounds alone when it drew the whole view (as
// DrawChanged, also when the parts add up to more than half of it); none
// when nothing changed and must is empty.
func (r *Renderer) DrawParts(dst *ebiten.Image, f *Frame, cam Camera, opt view.Options, must, covered []image.Rectangle) []image.Rectangle {
	if dst == nil {
		return nil
	}
	w, h := max(cam.Width, 1), max(cam.Height, 1)
	cam.Width, cam.Height = w, h
	whole := []image.Rectangle{dst.Bounds()}
	if r.last.dst != dst || r.err != nil || dst.Bounds() != image.Rect(0, 0, w, h) {
		r.Draw(dst, f, cam, opt)
		return whole
	}
	r.lists.Build(f, cam, opt)
	reg, ok := r.changedRect(opt, w, h)
	parts := without(disjoint(append([]image.Rectangle{reg}, must...), dst.Bounds()), covered)
	if !ok || area(parts) > changedShare*float64(w*h) {
		r.drawScene(dst, opt)
		r.drawOverlays(dst)
		r.drawLabels(dst)
		r.remember(dst, true, opt)
		return whole
	}
	if len(parts) > 0 {
		r.poseDepth(w, h)
		for _, p := range parts {
			r.drawPart(dst, opt, p)
		}
	}
	r.remember(dst, true, opt)
	return parts
}

// drawPart redraws the view inside reg of dst over the kept scene
// images: the scene's colour, then the colour pass, the overlays and the
// labels, each clipped to reg. The poses' depth images must be drawn
// (poseDepth).
func (r *Renderer) drawPart(dst *ebiten.Image, opt view.Options, reg image.Rectangle) {
	c := &r.cache
	part := dst.SubImage(reg).(*ebiten.Image)
	op := &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy}
	op.GeoM.Translate(float64(reg.Min.X), float64(reg.Min.Y))
	part.DrawImage(c.colour.SubImage(reg).(*ebiten.Image), op)
	// The shaders read the depth images at the destination's pixel
	// through their origins: the same part of each.
	r.colourPass(part, opt, c.depth[2].SubImage(reg).(*ebiten.Image), r.depth[2].SubImage(reg).(*ebiten.Image))
	r.drawOverlays(part)
	r.drawLabels(part)
}

// mergeWaste is how much of two rectangles' bounding box may lie outside
// both for disjoint to take the box instead of the two: each part costs
// a few draw calls over every line and overlay, so panels stacked with a
// small gap between them are cheaper as one.
const mergeWaste = 0.25

// disjoint returns rectangles that cover the non-empty rectangles of rs
// within bounds and no more but for mergeWaste, no two overlapping: two
// whose bounding box is at most mergeWaste larger than what they cover
// become that box, then each rectangle loses what earlier ones cover.
func disjoint(rs []image.Rectangle, bounds image.Rectangle) []image.Rectangle {
	var out []image.Rectangle
	for _, r := range rs {
		if r = r.Intersect(bounds); !r.Empty() {
			out = append(out, r)
		}
	}
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(out) && !merged; i++ {
			for j := i + 1; j < len(out); j++ {
				a, b := out[i], out[j]
				if u := a.Union(b); float64(size(u)) <= (1+mergeWaste)*float64(size(a)+size(b)-size(a.Intersect(b))) {
					out[i] = u
					out = slices.Delete(out, j, j+1)
					merged = true
					break
				}
			}
		}
	}
	var cut []image.Rectangle
	for _, r := range out {
		cut = append(cut, without([]image.Rectangle{r}, cut)...)
	}
	return cut
}

// without returns the parts of the rectangles of rs outside every
// rectangle of cut (those of disjoint rectangles are disjoint).
func without(rs, cut []image.Rectangle) []image.Rectangle {
	for _, c := range cut {
		var rest []image.Rectangle
		for _, r := range rs {
			rest = subtract(rest, r, c)
		}
		rs = rest
	}
	return rs
}

// subtract appends to dst the parts of r outside c: up to four
// rectangles (the bands above and below c, and left and right of it
// between them).
func subtract(dst []image.Rectangle, r, c image.Rectangle) []image.Rectangle {
	o := r.Intersect(c)
	if o.Empty() {
		return append(dst, r)
	}
	for _, p := range []image.Rectangle{
		image.Rect(r.Min.X, r.Min.Y, r.Max.X, o.Min.Y),
		image.Rect(r.Min.X, o.Max.Y, r.Max.X, r.Max.Y),
		image.Rect(r.Min.X, o.Min.Y, o.Min.X, o.Max.Y),
		image.Rect(o.Max.X, o.Min.Y, r.Max.X, o.Max.Y),
	} {
		if !p.Empty() {
			dst = append(dst, p)
		}
	}
	return dst
}

// size is r's area in pixels.
func size(r image.Rectangle) int { return r.Dx() * r.Dy() }

// area is the rectangles' total area in pixels.
func area(rs []image.Rectangle) float64 {
	n := 0
	for _, r := range rs {
		n += size(r)
	}
	return float64(n)
}

// changedRect returns the rectangle of the view that differs from the
// last frame's, and false when the view must be drawn whole (anything
// besides the lists changed, or the rectangle is too large).
func (r *Renderer) changedRect(opt view.Options, w, h int) (image.Rectangle, bool) {
	p, l, c := &r.last, &r.lists, &r.cache
	key := sceneKey{rev: l.sceneRev, edges: opt.Edges, back: opt.BackFaces, w: w, h: h}
	if !c.valid || c.key != key || p.key != key || p.cam != l.cam || p.opt != opt || p.scale != r.scale() || p.message != l.message {
		return image.Rectangle{}, false
	}
	var d box2
	diffQuads(&d, p.lines, l.lines, 4)
	if !slices.Equal(p.htris, l.htris) {
		d.verts(p.htris)
		d.verts(l.htris)
	}
	growShape := func(e *shapeDraw) { d.add(e.x0, e.y0, e.x1, e.y1) }
	diffLists(len(p.shapes), len(l.shapes), func(i, j int) bool { return p.shapes[i] == l.shapes[j] },
		func(i int) { growShape(&p.shapes[i]) }, func(j int) { growShape(&l.shapes[j]) })
	r.diffOverlays(&d)
	r.diffLabels(&d, p.labels, l.labels)
	r.diffLabels(&d, p.hud, l.hud)
	if d.empty() {
		return image.Rectangle{}, true
	}
	// Two pixels of margin: anti-aliased edges and the rounding of
	// positions to pixels.
	reg := image.Rect(int(math.Floor(d.x0))-2, int(math.Floor(d.y0))-2, int(math.Ceil(d.x1))+2, int(math.Ceil(d.y1))+2).Intersect(image.Rect(0, 0, w, h))
	if float64(reg.Dx()*reg.Dy()) > changedShare*float64(w*h) {
		return image.Rectangle{}, false
	}
	return reg, true
}

// diffLists calls growOld(i) and growCur(j) for the elements of two
// lists, nOld and nCur long, that differ (same(i, j) reports old[i] equal
// to cur[j]). The lists are matched from both ends, their longest common
// beginning and, in what is left, their longest common end: an element
// added to or taken from the middle of a list (a contact marker appearing
// as the pose moves) changes the middle alone, not every element after
// it (the legend, the gizmo). When the middles are as long as each other
// their elements are compared in place. Either way an element outside
// what it reports is drawn where it was, in the same order among the
// others, so the pixels it covers are unchanged.
func diffLists(nOld, nCur int, same func(i, j int) bool, growOld, growCur func(int)) {
	lo := 0
	for lo < nOld && lo < nCur && same(lo, lo) {
		lo++
	}
	endOld, endCur := nOld, nCur
	for endOld > lo && endCur > lo && same(endOld-1, endCur-1) {
		endOld, endCur = endOld-1, endCur-1
	}
	if endOld-lo == endCur-lo {
		for i := lo; i < endOld; i++ {
			if !same(i, i) {
				growOld(i)
				growCur(i)
			}
		}
		return
	}
	for i := lo; i < endOld; i++ {
		growOld(i)
	}
	for j := lo; j < endCur; j++ {
		growCur(j)
	}
}

// box2 is a pixel box, grown by what changed.
type box2 struct {
	x0, y0, x1, y1 float64
	some           bool
}

func (b *box2) empty() bool { return !b.some }

func (b *box2) add(x0, y0, x1, y1 float64) {
	if !b.some {
		b.x0, b.y0, b.x1, b.y1, b.some = x0, y0, x1, y1, true
		return
	}
	b.x0, b.y0, b.x1, b.y1 = math.Min(b.x0, x0), math.Min(b.y0, y0), math.Max(b.x1, x1), math.Max(b.y1, y1)
}

// verts grows b by the vertices' positions.
func (b *box2) verts(vs []ebiten.Vertex) {
	for _, v := range vs {
		b.add(float64(v.DstX), float64(v.DstY), float64(v.DstX), float64(v.DstY))
	}
}

// diffQuads grows b by the groups of n vertices (a line's quad) of old
// and cur that differ (see diffLists).
func diffQuads(b *box2, old, cur []ebiten.Vertex, n int) {
	quad := func(vs []ebiten.Vertex, i int) []ebiten.Vertex { return vs[i*n : min(i*n+n, len(vs))] }
	diffLists((len(old)+n-1)/n, (len(cur)+n-1)/n, func(i, j int) bool { return slices.Equal(quad(old, i), quad(cur, j)) },
		func(i int) { b.verts(quad(old, i)) }, func(j int) { b.verts(quad(cur, j)) })
}

// diffOverlays grows b by the overlays that differ from last frame's
// (see diffLists), with their stroke width or radius.
func (r *Renderer) diffOverlays(b *box2) {
	p, l := &r.last, &r.lists
	s := r.scale()
	grow := func(o overlay, pts []float32) {
		m := float64(o.width)*s/2 + ovPad + 1
		if o.kind == ovDisc {
			m = float64(o.width)*s + ovPad + 1
		}
		for i := 0; i+1 < len(pts); i += 2 {
			x, y := float64(pts[i]), float64(pts[i+1])
			b.add(x-m, y-m, x+m, y+m)
		}
	}
	same := func(i, j int) bool {
		a, c := &p.ovs[i], &l.ovs[j]
		return a.kind == c.kind && a.col == c.col && a.width == c.width && a.closed == c.closed && slices.Equal(p.pts[a.p0:a.p1], l.pts[c.p0:c.p1])
	}
	diffLists(len(p.ovs), len(l.ovs), same,
		func(i int) { grow(p.ovs[i], p.pts[p.ovs[i].p0:p.ovs[i].p1]) }, func(j int) { grow(l.ovs[j], l.pts[l.ovs[j].p0:l.ovs[j].p1]) })
}

// diffLabels grows b by the labels of old and cur that differ (see
// diffLists): each as wide as its text's advance in the label font and
// a fifth of the text size either side (no glyph's ink reaches further
// past its advance), or as a line of em-wide characters without the
// font (then nothing is drawn), and a line and a half high, with the
// shadow.
func (r *Renderer) diffLabels(b *box2, old, cur []label) {
	scale := r.scale()
	size := labelSize * scale
	grow := func(lb *label) {
		y := lb.y - labelSize*(scale-1)/2
		w := float64(len(lb.text)) * size
		if r.font != nil {
			r.labelFace.Source, r.labelFace.Size = r.font, size
			w, _ = text.Measure(lb.text, &r.labelFace, 0)
			w += 0.2 * size
		}
		b.add(lb.x-2-0.2*size, y-2, lb.x+w+3, y+1.5*size+3)
	}
	diffLists(len(old), len(cur), func(i, j int) bool { return old[i] == cur[j] },
		func(i int) { grow(&old[i]) }, func(j int) { grow(&cur[j]) })
}
