package editor

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/sweep"
)

// The inspector's values: how the panels print numbers and read what is
// typed into a number field, and the Result panel's lines.

// numDigits is the number of decimals the number fields show.
const numDigits = 4

// FormatNum prints v as the number fields show it: up to numDigits
// decimals, trailing zeros cut, "-0" as "0"; NaN and infinities as
// strconv prints them.
func FormatNum(v float64) string {
	s := strconv.FormatFloat(v, 'f', numDigits, 64)
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

// ResultLines formats the core's result for the Result panel: the core's
// time (smoothed), hit or "no contact", t, the contact point, the
// ellipsoid's center at contact, normal, feature, triangle and its
// vertices, one block per slide step (its point and center), the final
// position (ExpectLines adds the fixture's expectation). "point" is always
// a contact point on the mesh and "center" always the ellipsoid's center.
func ResultLines(d Doc, r Result) []string {
	out := []string{"core time: " + FormatSig2(r.AvgMicros) + " µs"}
	out = append(out, hitLines(d, r.Answer)...)
	return append(out, slideLines(r.Answer.Slide)...)
}

// hitLines describes the first contact.
func hitLines(d Doc, a sweep.Answer) []string {
	if !a.Hit {
		return []string{"no contact"}
	}
	h := a.First
	out := []string{fmt.Sprintf("hit at t = %.4f", h.T), "point  " + Vec(h.Point)}
	if d.Scene != nil {
		if c, ok := a.ContactCenter(d.Scene.Start, d.Scene.End); ok {
			out = append(out, "center "+Vec(c))
		}
	}
	out = append(out, "normal "+Vec(h.Normal), fmt.Sprintf("feature %s, triangle %d", h.Feature, h.Triangle))
	for k, v := range triangleCorners(d, h.Triangle) {
		out = append(out, fmt.Sprintf("  v%d %s", k, Vec(v)))
	}
	return out
}

// slideLines describes collide-and-slide: each step and the final center.
func slideLines(s sweep.SlideResult) []string {
	out := []string{fmt.Sprintf("slide: %d step(s)", len(s.Steps))}
	for i, st := range s.Steps {
		out = append(out,
			fmt.Sprintf("%d: t %.4f %s tri %d", i+1, st.Hit.T, st.Hit.Feature, st.Hit.Triangle),
			"   n      "+Vec(st.Hit.Normal),
			"   point  "+Vec(st.Hit.Point),
			"   center "+Vec(st.Contact))
	}
	return append(out, "final center "+Vec(s.Final))
}

// triangleCorners returns the corners of triangle i of d's mesh (none when
// i is out of range or an index in it is).
func triangleCorners(d Doc, i int) []mgl64.Vec3 {
	if d.Scene == nil || i < 0 || i >= len(d.Scene.Mesh.Triangles) {
		return nil
	}
	var out []mgl64.Vec3
	for _, vi := range d.Scene.Mesh.Triangles[i] {
		if vi < 0 || vi >= len(d.Scene.Mesh.Vertices) {
			return nil
		}
		out = append(out, d.Scene.Mesh.Vertices[vi])
	}
	return out
}

// ExpectLines checks the scene's expectation (a fixture's "expect") against
// the core's answer with scene.Expect.Check: "expect: PASS", or "expect:
// FAIL" and one line per mismatching field with the difference; fail is
// true for FAIL. Once the motion is edited (Doc.Edited) the expectation
// was written for another motion, so the heading says so instead of
// PASS or FAIL and fail is false: the difference is shown for reference,
// not as a failure. It returns nothing when the scene has no expectation.
func ExpectLines(d Doc, r Result) (lines []string, fail bool) {
	if d.Scene == nil || d.Scene.Expect == nil {
		return nil, false
	}
	ms := d.Scene.Expect.Check(r.Answer)
	switch {
	case d.Edited() && len(ms) == 0:
		lines = []string{"expect (of the motion as opened; edited since): same answer"}
	case d.Edited():
		lines = []string{fmt.Sprintf("expect (of the motion as opened; edited since): %d field(s) differ", len(ms))}
	case len(ms) == 0:
		return []string{"expect: PASS"}, false
	default:
		lines, fail = []string{fmt.Sprintf("expect: FAIL (%d field(s))", len(ms))}, true
	}
	for _, m := range ms {
		lines = append(lines, "  "+Printable(m.String()))
	}
	return lines, fail
}

// FormatSig2 prints x with two significant digits and no exponent (1234
// as "1200", 0.0123 as "0.012").
func FormatSig2(x float64) string {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	r, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 2, 64), 64)
	decimals := max(0, 1-int(math.Floor(math.Log10(math.Abs(r)))))
	return strconv.FormatFloat(r, 'f', decimals, 64)
}

// Vec formats a vector as "(x, y, z)" with FormatNum.
func Vec(v mgl64.Vec3) string {
	return fmt.Sprintf("(%s, %s, %s)", FormatNum(v[0]), FormatNum(v[1]), FormatNum(v[2]))
}
