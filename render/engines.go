package render

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/sweep"
)

// Other engines' answers drawn against the core's: each engine's contact
// and slide poses as outlines (outlineLoops: an ellipsoid's three principal ellipses, a
// capsule's end circles and profiles, a box's edges) in its own
// colour, its contact point as a dot, its name beside each pose,
// and a legend of every engine with its verdict. A stale answer (the
// engine has not answered the shown motion yet) is drawn dashed and
// faded.

// engineColors is the palette of the engines' colours, in command-line
// order (it repeats after the last). None is a pose colour, and the first
// two are far from the contact normal's teal.
var engineColors = []color.RGBA{
	{0xF0, 0x12, 0xBE, 0xFF}, // magenta
	{0x4D, 0x7C, 0xFF, 0xFF}, // blue
	{0x00, 0xE5, 0xFF, 0xFF}, // cyan
	{0xB1, 0x0D, 0xC9, 0xFF}, // violet
	{0xFF, 0x8F, 0xD8, 0xFF}, // pink
	{0xE8, 0xE8, 0xE8, 0xFF}, // white
}

// EngineColor returns engine i's colour.
func EngineColor(i int) color.RGBA { return engineColors[i%len(engineColors)] }

// EnginePose is one engine's answer as the view draws it. Legend is its
// line in the legend (name and verdict, safe to draw).
type EnginePose struct {
	Name                           string
	Legend                         string
	Color                          color.RGBA
	Contact                        mgl64.Vec3 // the center at its first contact, when HasContact
	Point                          mgl64.Vec3 // its contact point, when HasPoint
	Final                          mgl64.Vec3 // its slide's resting center, when HasFinal
	HasContact, HasPoint, HasFinal bool
	Stale                          bool
}

// staleAlpha is a stale answer's outline opacity.
const staleAlpha = 0x80

// buildEngines queues every engine's poses, point and label.
func (l *drawLists) buildEngines(f *Frame) {
	for i := range f.Engines {
		ep := &f.Engines[i]
		col := ep.Color
		if ep.Stale {
			col.A = staleAlpha
		}
		if ep.HasContact {
			l.outline(f.Scene.Shape, ep.Contact, col, 2, ep.Stale)
			l.engineLabel(ep.Contact, ep, "contact")
		}
		if ep.HasFinal {
			l.outline(f.Scene.Shape, ep.Final, col, 1.5, ep.Stale)
			l.engineLabel(ep.Final, ep, "slide")
		}
		if ep.HasPoint {
			l.disc3(ep.Point, 5, col, colPointRim)
		}
	}
}

// outlineSegs is the number of segments of each outline ellipse.
const outlineSegs = 48

// outline draws shape s at c as wire loops (outlineLoops); dashed draws
// every other segment.
func (l *drawLists) outline(s sweep.Shape, c mgl64.Vec3, col color.RGBA, width float32, dashed bool) {
	m, half := shapeFrame(s)
	for _, loop := range outlineLoops(s.Kind, half) {
		pts := make([]mgl64.Vec3, len(loop.pts))
		for i, p := range loop.pts {
			pts[i] = c.Add(m.Mul3x1(p))
		}
		if !dashed {
			l.polyline3(pts, col, width, loop.closed)
			continue
		}
		for i := 0; i+1 < len(pts) || loop.closed && i < len(pts); i += 2 {
			l.segment3(pts[i], pts[(i+1)%len(pts)], col, width)
		}
	}
}

// wireLoop is one polyline of an outline, in the shape's local space.
type wireLoop struct {
	pts    []mgl64.Vec3
	closed bool
}

// outlineLoops returns the wire outline of a shape of kind in its local
// space (shapeFrame): the ellipsoid's three principal circles (ellipses
// once mapped), the capsule's circles at both ends of its segment and its
// two profiles through the segment, the box's twelve edges.
func outlineLoops(kind sweep.ShapeKind, half float64) []wireLoop {
	arc := func(a, b, off mgl64.Vec3, from, to float64, n int) []mgl64.Vec3 {
		pts := make([]mgl64.Vec3, n)
		for i := range pts {
			s, c := math.Sincos(from + (to-from)*float64(i)/float64(n))
			pts[i] = off.Add(a.Mul(c)).Add(b.Mul(s))
		}
		return pts
	}
	x, y, z := mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{0, 0, 1}
	switch kind {
	case sweep.KindCapsule:
		top, bottom := z.Mul(half), z.Mul(-half)
		out := []wireLoop{{arc(x, y, top, 0, 2*math.Pi, outlineSegs), true}, {arc(x, y, bottom, 0, 2*math.Pi, outlineSegs), true}}
		for _, u := range []mgl64.Vec3{x, y} {
			pts := append(arc(u, z, top, 0, math.Pi, outlineSegs/2), arc(u, z, bottom, math.Pi, 2*math.Pi, outlineSegs/2)...)
			out = append(out, wireLoop{pts, true})
		}
		return out
	case sweep.KindBox:
		var out []wireLoop
		for k := range 3 { // the four edges along axis k
			a, b := mgl64.Vec3{}, mgl64.Vec3{}
			a[(k+1)%3], b[(k+2)%3] = 1, 1
			for _, sg := range [4][2]float64{{1, 1}, {1, -1}, {-1, -1}, {-1, 1}} {
				p := a.Mul(sg[0]).Add(b.Mul(sg[1]))
				var e mgl64.Vec3
				e[k] = 1
				out = append(out, wireLoop{edgePoints(p.Sub(e), p.Add(e), 8), false})
			}
		}
		return out
	}
	return []wireLoop{{arc(x, y, mgl64.Vec3{}, 0, 2*math.Pi, outlineSegs), true},
		{arc(y, z, mgl64.Vec3{}, 0, 2*math.Pi, outlineSegs), true},
		{arc(z, x, mgl64.Vec3{}, 0, 2*math.Pi, outlineSegs), true}}
}

// edgePoints returns n+1 evenly spaced points from a to b (so a dashed
// edge has n/2 dashes).
func edgePoints(a, b mgl64.Vec3, n int) []mgl64.Vec3 {
	pts := make([]mgl64.Vec3, n+1)
	for i := range pts {
		pts[i] = a.Add(b.Sub(a).Mul(float64(i) / float64(n)))
	}
	return pts
}

// engineLabel names the engine and the pose (what, "contact" or
// "slide") beside its pose at c: in the engine's colour, and the name
// tells its outline from the core's pose where they overlap.
func (l *drawLists) engineLabel(c mgl64.Vec3, ep *EnginePose, what string) {
	text := ep.Name + " " + what
	if ep.Stale {
		text += " (stale)"
	}
	l.labelAt(c, ep.Color, text)
}

// EngineLegend is the legend's rows for the engines: a square in each
// engine's exact colour and its line, marked when stale. The ui adds them
// to Frame.Legend when the legend is shown.
func EngineLegend(eps []EnginePose) []legendEntry {
	out := make([]legendEntry, len(eps))
	for i, ep := range eps {
		out[i] = legendEntry{Color: ep.Color, Name: ep.Legend, Style: legendSquare}
		if ep.Stale {
			out[i].Name += " (stale)"
		}
	}
	return out
}
