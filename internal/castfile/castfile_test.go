package castfile

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/internal/atomicfile"
)

func sample() ([]geom.Triangle, []Cast) {
	a, b, c, d := mgl64.Vec3{0, 0, 0}, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{1, 1, 0}, mgl64.Vec3{0.1, 1.0 / 3, -2.5e-7}
	tris := []geom.Triangle{{a, b, c}, {a, c, d}}
	casts := []Cast{{mgl64.Vec3{0.5, 0.25, 1}, mgl64.Vec3{0, 0, -2}}, {mgl64.Vec3{-1, 0.7, 0.3}, mgl64.Vec3{3, 0.1, -0.3}}}
	return tris, casts
}

func TestRoundTrip(t *testing.T) {
	tris, casts := sample()
	f := New("sample", 0.25, tris, casts)
	if got := len(f.Vertices) / 3; got != 4 {
		t.Errorf("%d vertices, want 4 (shared corners written once)", got)
	}
	path := filepath.Join(t.TempDir(), "out", "sample.json")
	if err := Write(path, f); err != nil {
		t.Fatal(err)
	}
	g, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if g.Name != "sample" || g.Radius != 0.25 {
		t.Errorf("name %q radius %v, want sample 0.25", g.Name, g.Radius)
	}
	if !reflect.DeepEqual(g.Tris(), tris) || !reflect.DeepEqual(g.CastList(), casts) {
		t.Errorf("read back %v %v, want %v %v", g.Tris(), g.CastList(), tris, casts)
	}
	if err := Write(path, f); !errors.Is(err, atomicfile.ErrExists) {
		t.Errorf("second write: %v, want ErrExists", err)
	}
}

func TestReadRejects(t *testing.T) {
	tris, casts := sample()
	good := New("x", 1, tris, casts)
	bad := map[string]func(f *File){
		"format":   func(f *File) { f.Format = "other/1" },
		"radius":   func(f *File) { f.Radius = 0 },
		"vertices": func(f *File) { f.Vertices = f.Vertices[:5] },
		"casts":    func(f *File) { f.Casts = f.Casts[:7] },
		"index":    func(f *File) { f.Triangles[4] = 4 },
	}
	dir := t.TempDir()
	for name, spoil := range bad {
		f := good
		f.Vertices = append([]float64(nil), good.Vertices...)
		f.Triangles = append([]uint32(nil), good.Triangles...)
		spoil(&f)
		path := filepath.Join(dir, name+".json")
		if err := Write(path, f); err != nil {
			t.Fatal(err)
		}
		if _, err := Read(path); !errors.Is(err, errFormat) {
			t.Errorf("%s: Read = %v, want errFormat", name, err)
		}
	}
	path := filepath.Join(dir, "junk.json")
	if err := os.WriteFile(path, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(path); !errors.Is(err, errFormat) {
		t.Errorf("junk: Read = %v, want errFormat", err)
	}
}
