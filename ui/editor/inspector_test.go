package editor

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// The Result panel's lines, for a miss and for a hit with one slide step.
func TestResultLines(t *testing.T) {
	s := &scene.Scene{Name: "t", Mesh: scene.Mesh{
		Vertices:  []mgl64.Vec3{{0, 0, 0}, {4, 0, 0}, {0, 0, 4}},
		Triangles: [][3]int{{0, 1, 2}},
	}}
	d := Doc{Scene: s}
	none := strings.Join(ResultLines(d, Result{Answer: sweep.Answer{Slid: true, Slide: sweep.SlideResult{Final: mgl64.Vec3{1, 2, 3}}}, Micros: 12.34}), "\n")
	for _, want := range []string{"no contact", "final (1, 2, 3)", "12.3 µs", "0 step"} {
		if !strings.Contains(none, want) {
			t.Errorf("no-hit result lacks %q:\n%s", want, none)
		}
	}
	h := sweep.Hit{T: 0.5, Point: mgl64.Vec3{1, 0, 1}, Normal: mgl64.Vec3{0, 1, 0}, Feature: sweep.Edge}
	r := Result{Answer: sweep.Answer{Hit: true, First: h, Slid: true, Slide: sweep.SlideResult{
		Steps: []sweep.SlideStep{{Hit: h, Contact: mgl64.Vec3{1, 1, 1}}}, Final: mgl64.Vec3{2, 1, 1}}}}
	hit := strings.Join(ResultLines(d, r), "\n")
	for _, want := range []string{"t = 0.5000", "point  (1, 0, 1)", "normal (0, 1, 0)", "edge, triangle 0",
		"v1 (4, 0, 0)", "1: t 0.5000 edge tri 0", "at (1, 1, 1)", "final (2, 1, 1)"} {
		if !strings.Contains(hit, want) {
			t.Errorf("hit result lacks %q:\n%s", want, hit)
		}
	}
}
