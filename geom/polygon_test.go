package geom_test

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// ccw2 is twice the signed area of the 2D polygon (positive when
// counter-clockwise).
func ccw2(v []mgl64.Vec2) float64 {
	a := 0.0
	for i, p := range v {
		q := v[(i+1)%len(v)]
		a += float64(p[0]*q[1]) - float64(p[1]*q[0])
	}
	return a
}

func TestNewPolygon(t *testing.T) {
	square := []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}}
	reversed := []mgl64.Vec3{{0, 1, 0}, {1, 1, 0}, {1, 0, 0}, {0, 0, 0}}
	far := []mgl64.Vec3{{1e5, 1e5, 1e5}, {1e5 + 1, 1e5, 1e5}, {1e5 + 1, 1e5 + 1, 1e5 + 1}, {1e5, 1e5 + 1, 1e5 + 1}}
	for _, pts := range [][]mgl64.Vec3{square, reversed, far} {
		p, err := geom.NewPolygon(pts)
		if err != nil {
			t.Fatalf("NewPolygon(%v): %v", pts, err)
		}
		if a := ccw2(p.V); !(a > 0) {
			t.Errorf("NewPolygon(%v): 2D vertices %v are not counter-clockwise", pts, p.V)
		}
		for i, w := range pts {
			if got := p.World(i); geom.Len(got.Sub(w)) > 1e-10 {
				t.Errorf("World(%d) = %v, want %v", i, got, w)
			}
		}
	}
	p, _ := geom.NewPolygon(square)
	if geom.Len(p.Plane.N.Sub(mgl64.Vec3{0, 0, 1})) > 1e-15 {
		t.Errorf("square's normal %v, want +z (counter-clockwise seen from +z)", p.Plane.N)
	}
	for _, tc := range []struct {
		name string
		pts  []mgl64.Vec3
		want string
	}{
		{"too few", square[:2], "at least 3"},
		{"NaN", []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {math.NaN(), 1, 0}}, "vertex 2"},
		{"duplicate", []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {1, 0, 0}, {0, 1, 0}}, "vertices 1 and 2 coincide"},
		{"collinear", []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}, "zero area"},
		{"not planar", []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {1, 1, 0.1}, {0, 1, 0}}, "not planar"},
		{"not convex", []mgl64.Vec3{{0, 0, 0}, {2, 0, 0}, {1, 0.5, 0}, {2, 2, 0}, {0, 2, 0}}, "not convex: it turns the wrong way at vertex 2"},
		{"star", star(), "winds"},
	} {
		_, err := geom.NewPolygon(tc.pts)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want it to mention %q", tc.name, err, tc.want)
		}
	}
}

// star is a pentagram: every turn is a left turn, but it winds twice.
func star() []mgl64.Vec3 {
	var pts []mgl64.Vec3
	for i := 0; i < 5; i++ {
		a := float64(2*i) * 2 * math.Pi / 5
		pts = append(pts, mgl64.Vec3{math.Cos(a), math.Sin(a), 0})
	}
	return pts
}

func TestPolygonContains(t *testing.T) {
	p, err := geom.NewPolygon([]mgl64.Vec3{{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		w    mgl64.Vec3
		want bool
	}{
		{mgl64.Vec3{1, 1, 0}, true},
		{mgl64.Vec3{0, 1, 0}, true}, // on an edge
		{mgl64.Vec3{2, 2, 0}, true}, // on a vertex
		{mgl64.Vec3{3, 1, 0}, false},
		{mgl64.Vec3{1, -0.001, 0}, false},
	} {
		if got := p.Contains(p.Plane.ToPlane(tc.w)); got != tc.want {
			t.Errorf("Contains(%v) = %v, want %v", tc.w, got, tc.want)
		}
	}
}
