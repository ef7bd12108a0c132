package render

import (
	"image"
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Label box estimate for overlap checks (pixels at Scale 1): Go Regular's
// mean advance is about 0.55 em, and a line is the text size plus a little
// leading. Generous rather than exact: labels only need to stop overlapping.
const (
	labelCharW = 0.6 * labelSize
	labelLineH = labelSize + 4
	labelGap   = 8 // pixels between a pose's box and its label, at least
	labelRings = 8 // distances tried around a pose before giving up
)

// rect is a pixel rectangle [x0, x1) x [y0, y1); x1 <= x0 means empty.
type rect struct{ x0, y0, x1, y1 float64 }

func (r rect) empty() bool { return !(r.x1 > r.x0 && r.y1 > r.y0) }

func (r rect) overlaps(o rect) bool {
	return !r.empty() && !o.empty() && r.x0 < o.x1 && o.x0 < r.x1 && r.y0 < o.y1 && o.y0 < r.y1
}

func (r rect) inside(o rect) bool {
	return r.x0 >= o.x0 && r.y0 >= o.y0 && r.x1 <= o.x1 && r.y1 <= o.y1
}

// center returns the rectangle's centre.
func (r rect) center() (x, y float64) { return (r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2 }

// box returns the label's estimated text box.
func (lb label) box() rect {
	return rect{lb.x, lb.y, lb.x + labelWidth(lb.text), lb.y + labelLineH}
}

// labelWidth estimates the width of text as a label, in pixels.
func labelWidth(text string) float64 { return labelCharW * float64(len(text)) }

// labelAt queues text, drawn in a lightened col, as the label of the pose
// whose ellipsoid is centred at c; placeLabels puts it beside the pose.
func (l *drawLists) labelAt(c mgl64.Vec3, col color.RGBA, text string) {
	x0, y0, x1, y1, ok := l.screenRect(PoseBox(l.frameShape, c))
	if !ok {
		return
	}
	r := rect{x0, y0, x1, y1}
	l.labels = append(l.labels, label{x: x1 + labelGap, y: (y0+y1)/2 - labelLineH/2, text: text, col: lighten(col, 0.35, 0xff), pose: r})
}

// placeLabels moves each pose label to the first spot around its pose,
// nearest first, where it overlaps no pose's box, no label placed before
// it and does not leave the free area a (the view less the panels), and
// draws a leader line from the label to its pose. A label with no such
// spot keeps its place beside its pose, moved down until it overlaps no
// earlier label, then pulled back inside the free area.
func (l *drawLists) placeLabels(a image.Rectangle) {
	view := rect{float64(a.Min.X), float64(a.Min.Y), float64(a.Max.X), float64(a.Max.Y)}
	poses := make([]rect, 0, len(l.labels))
	for _, lb := range l.labels {
		poses = append(poses, lb.pose)
	}
	placeLabels(l.labels, poses, view)
	for _, lb := range l.labels {
		l.leader(lb)
	}
}

// placeLabels places ls (see drawLists.placeLabels) clear of the boxes in
// obstacles, inside view.
func placeLabels(ls []label, obstacles []rect, view rect) {
	for i := range ls {
		lb := &ls[i]
		if spot, ok := freeSpot(*lb, ls[:i], obstacles, view); ok {
			lb.x, lb.y = spot.x0, spot.y0
			continue
		}
		for moved := 0; moved < len(ls) && overlapsAny(*lb, ls[:i]); moved++ {
			lb.y += labelLineH
		}
		lb.x = max(view.x0, min(lb.x, view.x1-labelWidth(lb.text)))
		lb.y = max(view.y0, min(lb.y, view.y1-labelLineH))
	}
}

// freeSpot returns the first candidate box for lb around its pose that is
// free (see placeLabels).
func freeSpot(lb label, placed []label, obstacles []rect, view rect) (rect, bool) {
	p := lb.pose
	bw, bh := labelWidth(lb.text), float64(labelLineH)
	cx, cy := p.center()
	for ring := 0; ring < labelRings; ring++ {
		d := labelGap + float64(ring)*labelLineH
		for _, at := range [][2]float64{
			{p.x1 + d, cy - bh/2},          // right
			{p.x0 - d - bw, cy - bh/2},     // left
			{p.x1 + d, p.y0 - d - bh},      // upper right
			{p.x1 + d, p.y1 + d},           // lower right
			{cx - bw/2, p.y0 - d - bh},     // above
			{cx - bw/2, p.y1 + d},          // below
			{p.x0 - d - bw, p.y0 - d - bh}, // upper left
			{p.x0 - d - bw, p.y1 + d},      // lower left
		} {
			b := rect{at[0], at[1], at[0] + bw, at[1] + bh}
			if b.inside(view) && !hitsAny(b, obstacles) && !overlapsAny(label{x: b.x0, y: b.y0, text: lb.text}, placed) {
				return b, true
			}
		}
	}
	return rect{}, false
}

// hitsAny reports whether b overlaps any of rs.
func hitsAny(b rect, rs []rect) bool {
	for _, r := range rs {
		if b.overlaps(r) {
			return true
		}
	}
	return false
}

// overlapsAny reports whether lb's box overlaps that of any label in ls.
func overlapsAny(lb label, ls []label) bool {
	b := lb.box()
	for _, o := range ls {
		if b.overlaps(o.box()) {
			return true
		}
	}
	return false
}

// leader draws a thin line from the label's box to its pose: from the
// box's point nearest the pose's centre to the edge of the pose's
// ellipse (taken as the ellipse inscribed in its box), with a dot there.
func (l *drawLists) leader(lb label) {
	if lb.pose.empty() {
		return
	}
	px, py := lb.pose.center()
	b := lb.box()
	bx, by := math.Max(b.x0, math.Min(px, b.x1)), math.Max(b.y0, math.Min(py, b.y1))
	dx, dy := bx-px, by-py
	dist := math.Hypot(dx, dy)
	rx, ry := (lb.pose.x1-lb.pose.x0)/2, (lb.pose.y1-lb.pose.y0)/2
	if dist < 1e-9 || rx <= 0 || ry <= 0 {
		return
	}
	// The ellipse (x/rx)^2 + (y/ry)^2 = 1 meets the ray at distance s.
	s := 1 / math.Hypot(dx/dist/rx, dy/dist/ry) * 0.7
	if s >= dist {
		return
	}
	ex, ey := px+dx/dist*s, py+dy/dist*s
	col := lb.col
	col.A = 0xb0
	l.begin(ovStroke, col, 1)
	l.point(bx, by)
	l.point(ex, ey)
	l.begin(ovDisc, col, 2)
	l.point(ex, ey)
}

// LabelRects returns the boxes (device pixels) of the pose and engine
// labels as last placed, so that what the ui draws over the view (the
// hovered triangle's tip) can keep clear of them.
func (r *Renderer) LabelRects() []image.Rectangle {
	s := r.scale()
	out := make([]image.Rectangle, 0, len(r.lists.labels))
	for _, lb := range r.lists.labels {
		out = append(out, image.Rect(int(lb.x), int(lb.y-labelSize*(s-1)/2), int(math.Ceil(lb.x+labelWidth(lb.text)*s)), int(math.Ceil(lb.y+labelLineH*s))))
	}
	return out
}
