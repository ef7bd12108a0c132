package editor

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
)

// The inspector's values: how the panels print numbers and read what is
// typed into a number field, and the Result panel's lines.

// NumDigits is the number of decimals the number fields show.
const NumDigits = 4

// FormatNum prints v as the number fields show it: up to NumDigits
// decimals, trailing zeros cut, "-0" as "0"; NaN and infinities as
// strconv prints them.
func FormatNum(v float64) string {
	s := strconv.FormatFloat(v, 'f', NumDigits, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}

// ParseNum reads a number typed into a field (surrounding space
// ignored); text that is not a number is an error quoting it.
func ParseNum(s string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	return v, nil
}

// ResultLines formats the core's result for the Result panel: hit or "no
// contact", t, point, normal, feature, triangle and its vertices, the
// core's time, one block per slide step and the final position.
func ResultLines(d Doc, r Result) []string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	add("core time: %.1f µs", r.Micros)
	if !r.Answer.Hit {
		add("no contact")
	} else {
		h := r.Answer.First
		add("hit at t = %.4f", h.T)
		add("point  %s", Vec(h.Point))
		add("normal %s", Vec(h.Normal))
		add("feature %s, triangle %d", h.Feature, h.Triangle)
		if d.Scene != nil && h.Triangle >= 0 && h.Triangle < len(d.Scene.Mesh.Triangles) {
			for k, vi := range d.Scene.Mesh.Triangles[h.Triangle] {
				if vi >= 0 && vi < len(d.Scene.Mesh.Vertices) {
					add("  v%d %s", k, Vec(d.Scene.Mesh.Vertices[vi]))
				}
			}
		}
	}
	add("slide: %d step(s)", len(r.Answer.Slide.Steps))
	for i, s := range r.Answer.Slide.Steps {
		add("%d: t %.4f %s tri %d", i+1, s.Hit.T, s.Hit.Feature, s.Hit.Triangle)
		add("   n %s", Vec(s.Hit.Normal))
		add("   at %s", Vec(s.Contact))
	}
	add("final %s", Vec(r.Answer.Slide.Final))
	return out
}

// Vec formats a vector as "(x, y, z)" with FormatNum.
func Vec(v mgl64.Vec3) string {
	return fmt.Sprintf("(%s, %s, %s)", FormatNum(v[0]), FormatNum(v[1]), FormatNum(v[2]))
}
