package meshfile

import (
	"sweepdbg/geom"

	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/scene"
	"sweepdbg/sweep/oracle"
)

func TestOpenFixture(t *testing.T) {
	p := filepath.Join("..", "testdata", "design-example.json")
	want, err := scene.Load(p)
	if err != nil {
		t.Fatal(err)
	}
	var last float64
	s, err := Open(context.Background(), p, func(f float64) { last = f })
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != want.Name || !reflect.DeepEqual(s.Mesh, want.Mesh) || last != 1 {
		t.Errorf("Open(fixture) = %+v (progress %v), want the example and progress 1", s, last)
	}
	bad := filepath.Join(t.TempDir(), "bad.JSON")
	os.WriteFile(bad, []byte(`{"version": 9}`), 0o644)
	if _, err := Open(context.Background(), bad, nil); err == nil || !strings.HasPrefix(err.Error(), bad+": version:") {
		t.Errorf("Open(bad fixture) = %v, want an error naming the file and the field", err)
	}
}

// TestOpenMeshPlacesMotion opens an OBJ of a floor with a box on it and
// checks the scene made around it: named after the file, starting clear
// above the mesh, and moving so that it touches the mesh (by the oracle
// and by the core).
func TestOpenMeshPlacesMotion(t *testing.T) {
	obj := `# floor 10 x 10 and a box 2 x 1 x 2 on it
v -5 0 -5
v 5 0 -5
v 5 0 5
v -5 0 5
v -1 1 -1
v 1 1 -1
v 1 1 1
v -1 1 1
f 1 2 3
f 1 3 4
f 5 6 7
f 5 7 8
f 1 1 2
`
	p := filepath.Join(t.TempDir(), "level.obj")
	if err := os.WriteFile(p, []byte(obj), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Open(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != "level" || len(s.Mesh.Triangles) != 5 {
		t.Fatalf("Open(level.obj) = %q with %d triangles", s.Name, len(s.Mesh.Triangles))
	}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	// The ellipsoid's lowest point at the start is above the highest vertex.
	if bottom := s.Start[1] - s.Ellipsoid.Extent()[1]; !(bottom > 1) {
		t.Errorf("start %v: ellipsoid bottom %v is not above the mesh (top y = 1)", s.Start, bottom)
	}
	tris := s.Mesh.Tris()
	touches := false
	for _, tri := range tris {
		if _, ok := oracle.FirstContact(s.Ellipsoid.Axes, s.Start, s.End.Sub(s.Start), tri); ok {
			touches = true
		}
	}
	if !touches {
		t.Errorf("the oracle finds no contact for the placed motion %v -> %v", s.Start, s.End)
	}
	if r, err := scene.Replay(s); err != nil || !r.Answer.Hit {
		t.Errorf("Replay of the placed scene: %v, %v; want a hit", r, err)
	}
}

func TestOpenMeshErrorsNameTheFile(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]string{
		"flat.obj":  "v 0 0 0\nv 1 0 0\nv 2 0 0\nf 1 2 3\n", // only a zero-area triangle
		"empty.obj": "",
		"mesh.stl":  "solid x\n",
		"gone.obj":  "",
	}
	for name, body := range cases {
		p := filepath.Join(dir, name)
		if name != "gone.obj" {
			os.WriteFile(p, []byte(body), 0o644)
		}
		s, err := Open(context.Background(), p, nil)
		if err == nil {
			t.Errorf("Open(%s) = %+v, want an error", name, s)
			continue
		}
		if !strings.HasPrefix(err.Error(), p+": ") || strings.HasPrefix(err.Error(), p+": "+p) {
			t.Errorf("Open(%s) error %q does not name the file once at the start", name, err)
		}
	}
}

func TestSceneAroundTarget(t *testing.T) {
	m := scene.Mesh{Vertices: []mgl64.Vec3{{0, 0, 0}, {3, 0, 0}, {0, 0, 3}}, Triangles: [][3]int{{0, 1, 2}}}
	s, err := sceneAround(m, "t")
	if err != nil {
		t.Fatal(err)
	}
	// The path passes through the centroid (1, 0, 1).
	c := mgl64.Vec3{1, 0, 1}
	d := s.End.Sub(s.Start)
	u := geom.Dot(c.Sub(s.Start), d) / geom.Dot(d, d)
	if off := geom.Len(s.Start.Add(geom.Scale(d, u)).Sub(c)); !(u > 0 && u < 1 && off < 1e-12) {
		t.Errorf("path %v -> %v passes %.3g from the centroid (at u = %v)", s.Start, s.End, off, u)
	}
}
