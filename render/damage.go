package render

import (
	"image"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

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
	ells         []ellipsoidDraw
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
	p.ells = append(p.ells[:0], l.ells...)
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
// frame Draw or DrawChanged drew into it, with nothing drawn over it
// since (or only what is drawn over the returned rectangle again). When
// the camera, the view's size, the options and the scene's kept images
// are those of that frame, it redraws only the rectangle where the
// picture changed (the old and new places of every pose, line, overlay
// and label that differs) and returns it, empty when nothing changed;
// otherwise, or when that rectangle is more than half the view, it draws
// everything, as Draw does, and returns dst's bounds. Everything it does
// not redraw is exactly what Draw would draw there.
func (r *Renderer) DrawChanged(dst *ebiten.Image, f *Frame, cam Camera, opt view.Options) image.Rectangle {
	if dst == nil {
		return image.Rectangle{}
	}
	w, h := max(cam.Width, 1), max(cam.Height, 1)
	cam.Width, cam.Height = w, h
	if r.last.dst != dst || r.err != nil || dst.Bounds() != image.Rect(0, 0, w, h) {
		r.Draw(dst, f, cam, opt)
		return dst.Bounds()
	}
	r.lists.Build(f, cam, opt)
	reg, ok := r.changedRect(opt, w, h)
	if !ok {
		r.drawScene(dst, opt)
		r.drawOverlays(dst)
		r.drawLabels(dst)
		r.remember(dst, true, opt)
		return dst.Bounds()
	}
	if !reg.Empty() {
		r.drawPart(dst, opt, reg)
	}
	r.remember(dst, true, opt)
	return reg
}

// drawPart redraws the view inside reg of dst over the kept scene
// images: the scene's colour, then the colour pass, the overlays and the
// labels, each clipped to reg.
func (r *Renderer) drawPart(dst *ebiten.Image, opt view.Options, reg image.Rectangle) {
	l, c := &r.lists, &r.cache
	r.poseDepth(max(l.cam.Width, 1), max(l.cam.Height, 1))
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
	for i := range max(len(p.ells), len(l.ells)) {
		a, b := at(p.ells, i), at(l.ells, i)
		if a == nil || b == nil || *a != *b {
			for _, e := range []*ellipsoidDraw{a, b} {
				if e != nil {
					d.add(e.x0, e.y0, e.x1, e.y1)
				}
			}
		}
	}
	r.diffOverlays(&d)
	s := r.scale()
	diffLabels(&d, p.labels, l.labels, s)
	diffLabels(&d, p.hud, l.hud, s)
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

// at returns &s[i], or nil past its end.
func at[T any](s []T, i int) *T {
	if i < len(s) {
		return &s[i]
	}
	return nil
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
// and cur that differ, at the same place in each list.
func diffQuads(b *box2, old, cur []ebiten.Vertex, n int) {
	for i := 0; i < max(len(old), len(cur)); i += n {
		o, c := old[min(i, len(old)):min(i+n, len(old))], cur[min(i, len(cur)):min(i+n, len(cur))]
		if !slices.Equal(o, c) {
			b.verts(o)
			b.verts(c)
		}
	}
}

// diffOverlays grows b by the overlays that differ from last frame's at
// the same place in the list, with their stroke width or radius.
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
	for i := range max(len(p.ovs), len(l.ovs)) {
		a, c := at(p.ovs, i), at(l.ovs, i)
		var ap, cp []float32
		if a != nil {
			ap = p.pts[a.p0:a.p1]
		}
		if c != nil {
			cp = l.pts[c.p0:c.p1]
		}
		if a != nil && c != nil && a.kind == c.kind && a.col == c.col && a.width == c.width && a.closed == c.closed && slices.Equal(ap, cp) {
			continue
		}
		if a != nil {
			grow(*a, ap)
		}
		if c != nil {
			grow(*c, cp)
		}
	}
}

// diffLabels grows b by the labels of old and cur that differ, at the
// same place in each list: each as wide as a line of em-wide characters
// (no glyph of the label font is wider) and a line and a half high, with
// the shadow.
func diffLabels(b *box2, old, cur []label, scale float64) {
	size := labelSize * scale
	grow := func(lb *label) {
		if lb == nil {
			return
		}
		y := lb.y - labelSize*(scale-1)/2
		b.add(lb.x-2, y-2, lb.x+float64(len(lb.text))*size+3, y+1.5*size+3)
	}
	for i := range max(len(old), len(cur)) {
		a, c := at(old, i), at(cur, i)
		if a != nil && c != nil && *a == *c {
			continue
		}
		grow(a)
		grow(c)
	}
}
