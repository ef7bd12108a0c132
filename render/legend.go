package render

import (
	"image"
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/render/view"
)

// legendStyle is how a legend entry's swatch is drawn.
type legendStyle int

// The swatch styles.
const (
	legendDisc   legendStyle = iota // a filled disc: a pose, a point
	legendLine                      // a short thick line: a path, an arrow
	legendSquare                    // a filled square: a surface colour
	legendRing                      // a faint disc with a full outline: a hidden pose seen through geometry
)

// legendEntry is one row of the legend: a swatch of Color drawn in Style,
// then Name.
type legendEntry struct {
	Color color.RGBA
	Name  string
	Style legendStyle
}

// PickedLegend is the legend row of Frame.Highlight's outlines; the ui
// appends it when it highlights a triangle.
var PickedLegend = legendEntry{colPicked, "picked triangle", legendLine}

// Legend returns the view's own legend for the options opt: the four
// poses, the paths, and what the toggles that are on add (normals, back
// faces, x-ray). The ui passes it in Frame.Legend, with any entries of its
// own appended.
func Legend(opt view.Options) []legendEntry {
	ls := []legendEntry{
		{colorStart, "start", legendDisc},
		{colorEnd, "end (no collision)", legendDisc},
		{colorContact, "first contact", legendDisc},
		{colorSlide, "slide result", legendDisc},
		{colPath, "straight motion", legendLine},
		{colSlide, "slide path", legendLine},
		{rgb(colHitTri), "hit triangle", legendSquare},
		{colPoint, "contact point", legendDisc},
	}
	if opt.Normals {
		ls = append(ls, legendEntry{colNormal, "contact normal", legendLine})
	}
	if opt.BackFaces {
		ls = append(ls, legendEntry{rgb(colBack), "back face", legendSquare})
	}
	if opt.BVH {
		ls = append(ls, legendEntry{colBVH, "tree box the sweep enters", legendLine})
	}
	if opt.XRay {
		ls = append(ls, legendEntry{lighten(colPath, 0, 0xff), "hidden pose (x-ray)", legendRing})
	}
	return ls
}

// rgb returns the opaque colour of a 0..1 base colour.
func rgb(c [3]float32) color.RGBA {
	return color.RGBA{uint8(c[0]*255 + 0.5), uint8(c[1]*255 + 0.5), uint8(c[2]*255 + 0.5), 0xff}
}

// HUD layout, pixels at Scale 1.
const (
	hudMargin   = 10 // from the free area's edge
	swatchW     = 18 // a legend swatch's column
	gizmoLen    = 34 // an axis of the gizmo
	gizmoMargin = 52 // the gizmo's centre from the free area's corner
)

var (
	colLegendBG = color.RGBA{0x12, 0x15, 0x1b, 0xd8}
	colHUDText  = color.RGBA{0xd8, 0xdc, 0xe4, 0xff}
)

// freeArea returns the part of the view panels leave free: f.Inset
// clipped to the view, or the whole view.
func (l *drawLists) freeArea(f *Frame) image.Rectangle {
	w, h := l.cam.size()
	all := image.Rect(0, 0, int(w), int(h))
	if f == nil || f.Inset.Empty() {
		return all
	}
	if r := f.Inset.Intersect(all); !r.Empty() {
		return r
	}
	return all
}

// buildHUD adds the legend (bottom left of the free area), the axis gizmo
// (bottom right) and the view's name (top left).
func (l *drawLists) buildHUD(f *Frame) {
	a := l.freeArea(f)
	l.hudText(float64(a.Min.X+hudMargin), float64(a.Min.Y+hudMargin), l.cam.ViewName(), colHUDText)
	l.buildGizmo(float64(a.Max.X-gizmoMargin), float64(a.Max.Y-gizmoMargin))
	if f != nil {
		l.buildLegend(f.Legend, a)
	}
}

// hudText queues a HUD text (not a pose label: it never moves).
func (l *drawLists) hudText(x, y float64, s string, col color.RGBA) {
	l.hud = append(l.hud, label{x: x, y: y, text: s, col: col})
}

// legendShare is the largest part of the free area's height the legend
// may cover: a legend taller than that would hide much of what it
// explains, so it takes more columns, or gives way to a one-line note.
const legendShare = 0.45

// legendNote is drawn in place of a legend too big for the view.
const legendNote = "legend hidden: small view"

// buildLegend lays out entries in columns from the free area's bottom-left
// corner, on a dark panel: in as few columns (up to three) as keep it
// within legendShare of the area's height and clear of the axis gizmo;
// when none does, a note says it is hidden.
func (l *drawLists) buildLegend(entries []legendEntry, a image.Rectangle) {
	if len(entries) == 0 {
		return
	}
	tw := 0.0
	for _, e := range entries {
		tw = math.Max(tw, labelWidth(e.Name))
	}
	colW := swatchW + 8 + tw + 12
	x0, y1 := float64(a.Min.X+hudMargin), float64(a.Max.Y-hudMargin)
	room := float64(a.Max.X-2*gizmoMargin) - x0 // left of the gizmo
	for cols := 1; cols <= 3; cols++ {
		rows := (len(entries) + cols - 1) / cols
		w, h := float64(cols)*colW, float64(rows)*labelLineH+8
		if h > legendShare*float64(a.Dy()) || w > room {
			continue
		}
		y0 := y1 - h
		l.legendRect = image.Rect(int(x0), int(y0), int(math.Ceil(x0+w)), int(math.Ceil(y1)))
		l.rect2(x0, y0, x0+w, y1, colLegendBG)
		for i, e := range entries {
			x, y := x0+float64(i/rows)*colW, y0+4+float64(i%rows)*labelLineH
			l.swatch(e, x+6, y+labelLineH/2)
			l.hudText(x+6+swatchW+4, y+1, e.Name, colHUDText)
		}
		return
	}
	l.hudText(x0, y1-labelLineH, legendNote, colHUDText)
}

// swatch draws e's swatch with its left end at (x, cy).
func (l *drawLists) swatch(e legendEntry, x, cy float64) {
	cx := x + swatchW/2
	switch e.Style {
	case legendLine:
		l.begin(ovStroke, e.Color, 3)
		l.point(x+1, cy)
		l.point(x+swatchW-1, cy)
	case legendSquare:
		l.rect2(cx-6, cy-6, cx+6, cy+6, e.Color)
	case legendRing:
		l.begin(ovDisc, color.RGBA{e.Color.R, e.Color.G, e.Color.B, 0x48}, 6)
		l.point(cx, cy)
		l.circle2(cx, cy, 6, e.Color, 1.6)
	default:
		l.begin(ovDisc, e.Color, 6)
		l.point(cx, cy)
	}
}

// rect2 fills the pixel rectangle (x0, y0)-(x1, y1).
func (l *drawLists) rect2(x0, y0, x1, y1 float64, col color.RGBA) {
	l.begin(ovFill, col, 0)
	l.point(x0, y0)
	l.point(x1, y0)
	l.point(x1, y1)
	l.point(x0, y1)
}

// circle2 strokes a circle of r pixels around (x, y).
func (l *drawLists) circle2(x, y, r float64, col color.RGBA, width float32) {
	l.begin(ovStroke, col, width)
	const n = 24
	for i := 0; i < n; i++ {
		s, c := math.Sincos(2 * math.Pi * float64(i) / n)
		l.point(x+r*c, y+r*s)
	}
	l.ovs[len(l.ovs)-1].closed = true
}

// buildGizmo draws the world axes as seen by the camera around (cx, cy):
// X red, Y green, Z blue, those pointing away from the viewer first.
func (l *drawLists) buildGizmo(cx, cy float64) {
	right, up, fwd := l.cam.basis()
	axes := []struct {
		dir  mgl64.Vec3
		col  color.RGBA
		name string
	}{{mgl64.Vec3{1, 0, 0}, colAxisX, "X"}, {mgl64.Vec3{0, 1, 0}, colAxisY, "Y"}, {mgl64.Vec3{0, 0, 1}, colAxisZ, "Z"}}
	l.begin(ovDisc, colLegendBG, gizmoLen+12)
	l.point(cx, cy)
	for pass := 0; pass < 2; pass++ {
		for _, ax := range axes {
			if away := ax.dir.Dot(fwd) > 0; away != (pass == 0) {
				continue
			}
			x, y := cx+gizmoLen*ax.dir.Dot(right), cy-gizmoLen*ax.dir.Dot(up)
			l.begin(ovStroke, ax.col, 3)
			l.point(cx, cy)
			l.point(x, y)
			l.begin(ovDisc, ax.col, 3.5)
			l.point(x, y)
			l.hudText(x+(x-cx)*0.25-4, y+(y-cy)*0.25-9, ax.name, ax.col)
		}
	}
}
