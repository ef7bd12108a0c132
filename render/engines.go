package render

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Other engines' answers drawn against the core's: each engine's contact
// and slide poses as outlines (three principal ellipses) in its own
// colour, its contact point as a dot, its name beside each pose,
// and a legend of every engine with its verdict. A stale answer (the
// engine has not answered the shown motion yet) is drawn dashed and
// faded.

// EngineColors is the palette of the engines' colours, in command-line
// order (it repeats after the last). None is a pose colour, and the first
// two are far from the contact normal's teal.
var EngineColors = []color.RGBA{
	{0xF0, 0x12, 0xBE, 0xFF}, // magenta
	{0x4D, 0x7C, 0xFF, 0xFF}, // blue
	{0x00, 0xE5, 0xFF, 0xFF}, // cyan
	{0xB1, 0x0D, 0xC9, 0xFF}, // violet
	{0xFF, 0x8F, 0xD8, 0xFF}, // pink
	{0xE8, 0xE8, 0xE8, 0xFF}, // white
}

// EngineColor returns engine i's colour.
func EngineColor(i int) color.RGBA { return EngineColors[i%len(EngineColors)] }

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
func (l *Lists) buildEngines(f *Frame) {
	for i := range f.Engines {
		ep := &f.Engines[i]
		col := ep.Color
		if ep.Stale {
			col.A = staleAlpha
		}
		if ep.HasContact {
			l.outline(f.Scene.Ellipsoid.Axes, ep.Contact, col, 2, ep.Stale)
			l.engineLabel(ep.Contact, ep, "contact")
		}
		if ep.HasFinal {
			l.outline(f.Scene.Ellipsoid.Axes, ep.Final, col, 1.5, ep.Stale)
			l.engineLabel(ep.Final, ep, "slide")
		}
		if ep.HasPoint {
			l.disc3(ep.Point, 5, col, colPointRim)
		}
	}
}

// outlineSegs is the number of segments of each outline ellipse.
const outlineSegs = 48

// outline draws the ellipsoid with axes ax at c as its three principal
// ellipses; dashed draws every other segment.
func (l *Lists) outline(ax [3]mgl64.Vec3, c mgl64.Vec3, col color.RGBA, width float32, dashed bool) {
	for k := 0; k < 3; k++ {
		a, b := ax[k], ax[(k+1)%3]
		pts := make([]mgl64.Vec3, outlineSegs)
		for i := range pts {
			s, co := math.Sincos(2 * math.Pi * float64(i) / outlineSegs)
			pts[i] = c.Add(a.Mul(co)).Add(b.Mul(s))
		}
		if !dashed {
			l.polyline3(pts, col, width, true)
			continue
		}
		for i := 0; i < outlineSegs; i += 2 {
			l.segment3(pts[i], pts[(i+1)%outlineSegs], col, width)
		}
	}
}

// engineLabel names the engine and the pose (what, "contact" or
// "slide") beside its pose at c: in the engine's colour, and the name
// tells its outline from the core's pose where they overlap.
func (l *Lists) engineLabel(c mgl64.Vec3, ep *EnginePose, what string) {
	text := ep.Name + " " + what
	if ep.Stale {
		text += " (stale)"
	}
	l.labelAt(c, ep.Color, text)
}

// EngineLegend is the legend's rows for the engines: a square in each
// engine's exact colour and its line, marked when stale. The ui adds them
// to Frame.Legend when the legend is shown.
func EngineLegend(eps []EnginePose) []LegendEntry {
	out := make([]LegendEntry, len(eps))
	for i, ep := range eps {
		out[i] = LegendEntry{Color: ep.Color, Name: ep.Legend, Style: LegendSquare}
		if ep.Stale {
			out[i].Name += " (stale)"
		}
	}
	return out
}
