package editor

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene"
	"sweepdbg/sweep"
	"sweepdbg/sweep/oracle"
)

// A ray picks the first triangle it meets (the core's ray cast), and the
// triangle the core's first contact names is touched by the contact pose
// at unit distance 1 and by neither the start nor the end.
func TestInspectHitTriangle(t *testing.T) {
	a := newTestApp(t)
	a.Refresh()
	ans := a.Result.Answer
	if !ans.Hit {
		t.Fatal("the default scene has no hit")
	}
	info, ok := InspectTriangle(a.Doc, ans, ans.First.Triangle)
	if !ok {
		t.Fatalf("triangle %d not inspectable", ans.First.Triangle)
	}
	var poses []scene.Pose
	for _, p := range info.Touching {
		poses = append(poses, p.Pose)
		if math.Abs(p.Dist-1) > touchTolerance {
			t.Errorf("%s touches at %v", p.Pose, p.Dist)
		}
	}
	if len(poses) == 0 || poses[0] != scene.PoseContact {
		t.Fatalf("hit triangle touched by %v, want the contact pose first", poses)
	}
	if n := info.Normal; math.Abs(geom.Len(n)-1) > 1e-12 {
		t.Errorf("normal %v is not unit", n)
	}
	lines := strings.Join(TriangleLines(info), "\n")
	for _, want := range []string{"triangle ", "  v2 ", "normal", "touched by contact"} {
		if !strings.Contains(lines, want) {
			t.Errorf("lines lack %q:\n%s", want, lines)
		}
	}
	// Aim a ray from above the contact point straight at it.
	p := ans.First.Point
	i, ok := PickTriangle(a.Doc, geom.Ray{Origin: p.Add(geom.Scale(ans.First.Normal, 5)), Dir: geom.Scale(ans.First.Normal, -1)})
	if !ok {
		t.Fatal("a ray at the contact point picks nothing")
	}
	if got, _ := InspectTriangle(a.Doc, ans, i); geom.Dot(got.Normal, info.Normal) < 0.999 && i != info.Index {
		t.Errorf("picked triangle %d (normal %v), want %d or one coplanar", i, got.Normal, info.Index)
	}
	if _, ok := InspectTriangle(a.Doc, ans, len(a.Doc.Scene.Mesh.Triangles)); ok {
		t.Error("an index past the mesh is inspectable")
	}
}

// unitDistance (the core's unit-sphere mapping) agrees with the
// independent oracle's distance.
func TestUnitDistanceMatchesOracle(t *testing.T) {
	e := sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{2, 0, 0}, {0, 0.5, 0}, {0, 0, 1}}}
	tri := geom.Triangle{{-3, 0, -3}, {3, 0, -3}, {0, 0, 3}}
	for _, c := range []mgl64.Vec3{{0, 0.5, 0}, {0, 2, 0}, {5, 0.1, 0}, {0, 0.25, 0}} {
		got, want := unitDistance(e, c, tri), oracle.UnitDistance(e.Axes, c, tri)
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("center %v: %v, oracle %v", c, got, want)
		}
	}
}

// A load clears the selected triangle.
func TestLoadClearsTriangle(t *testing.T) {
	a := newTestApp(t)
	a.SelectTriangle(2, true)
	if !a.Triangle.Valid || a.Triangle.Index != 2 {
		t.Fatalf("selection %+v", a.Triangle)
	}
	a.Load(a.Doc.Clone())
	if a.Triangle.Valid {
		t.Fatal("a load kept the selected triangle")
	}
}
