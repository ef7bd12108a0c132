package editor

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/sweep"
)

// change describes what differs between two Docs, for the status line
// after an edit ("moved end to (4, 0.8, 3)") and after undo or redo
// ("undo: radius x 0.5 → 0.4"). A different scene is named; otherwise
// every changed pose, radius, angle, slide option, grid step and view
// toggle is listed. It returns "" when nothing the panels show differs.
func change(from, to Doc) string {
	if from.Scene == nil || to.Scene == nil {
		return ""
	}
	if from.Scene.Name != to.Scene.Name || from.Source != to.Source || from.MeshRev != to.MeshRev {
		return "scene " + Printable(to.Describe())
	}
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	pose := func(name string, a, b mgl64.Vec3) {
		if a != b {
			add("moved %s to %s", name, Vec(b))
		}
	}
	pose("start", from.Scene.Start, to.Scene.Start)
	pose("end", from.Scene.End, to.Scene.End)
	nums := func(name string, labels string, a, b [3]float64) {
		for i := range a {
			if a[i] != b[i] {
				add("%s %c %s → %s", name, labels[i], FormatNum(a[i]), FormatNum(b[i]))
			}
		}
	}
	shapeChange(add, from.Shape, to.Shape)
	nums("rotation", "ypr", from.Shape.Rot, to.Shape.Rot)
	fo, tog := from.SlideOptions(), to.SlideOptions()
	if fo.MaxIterations != tog.MaxIterations {
		add("slide iterations %d → %d", fo.MaxIterations, tog.MaxIterations)
	}
	if fo.Skin != tog.Skin {
		add("skin %s → %s", FormatNum(fo.Skin), FormatNum(tog.Skin))
	}
	if from.Grid != to.Grid {
		add("snap grid %s → %s", FormatNum(from.Grid), FormatNum(to.Grid))
	}
	if from.View != to.View {
		add("view options")
	}
	return strings.Join(out, ", ")
}

// shapeChange adds what differs between two shapes' kinds and sizes.
func shapeChange(add func(string, ...any), from, to Shape) {
	if from.Kind != to.Kind {
		add("shape %s → %s", from.Kind, to.Kind)
		return
	}
	num := func(name string, a, b float64) {
		if a != b {
			add("%s %s → %s", name, FormatNum(a), FormatNum(b))
		}
	}
	if to.Kind == sweep.KindCapsule {
		num("capsule radius", from.Radius, to.Radius)
		num("half segment", from.Half, to.Half)
		return
	}
	name := "radius"
	if to.Kind == sweep.KindBox {
		name = "half extent"
	}
	for i := range 3 {
		num(fmt.Sprintf("%s %c", name, "xyz"[i]), from.Radii[i], to.Radii[i])
	}
}

// Printable returns s with every character that is not printable (control
// characters, invalid UTF-8) written as a Go escape, so text from a file
// cannot garble the panels or the status line.
func Printable(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '\uFFFD' || !isGraphic(r) {
			q := fmt.Sprintf("%+q", string(r))
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// isGraphic reports r printable (letters, marks, numbers, punctuation,
// symbols and the ASCII space).
func isGraphic(r rune) bool { return unicode.IsGraphic(r) && (r == ' ' || !unicode.IsSpace(r)) }
