package editor

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sweepdbg/render/view"
)

// waitLoad polls a background load to its end (a liveness bound, not a
// speed check).
func waitLoad(t *testing.T, l *loader) loadResult {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		if r, ok := l.Poll(); ok {
			return r
		}
		if time.Now().After(deadline) {
			t.Fatal("background load never finished")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func writeFile(t *testing.T, name, data string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A mesh opens in the background into a Doc with its core mesh built and
// the ellipsoid's motion crossing the mesh (so the view shows a contact).
func TestBackgroundLoadOBJ(t *testing.T) {
	var b strings.Builder
	// A 20x20 grid of quads in the y = 0 plane.
	const n = 20
	for z := 0; z <= n; z++ {
		for x := 0; x <= n; x++ {
			fmt.Fprintf(&b, "v %d 0 %d\n", x, z)
		}
	}
	for z := 0; z < n; z++ {
		for x := 0; x < n; x++ {
			i := z*(n+1) + x + 1
			fmt.Fprintf(&b, "f %d %d %d\nf %d %d %d\n", i, i+1, i+n+2, i, i+n+2, i+n+1)
		}
	}
	p := writeFile(t, "grid.obj", b.String())
	l := startLoad(p, view.Default(), 0.5)
	r := waitLoad(t, l)
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if got := len(r.Doc.Scene.Mesh.Triangles); got != 2*n*n {
		t.Fatalf("%d triangles, want %d", got, 2*n*n)
	}
	// A level's snap grid follows its player (levelGrid), not the grid
	// of the scene shown before.
	if r.Doc.Mesh == nil || r.Doc.Source != p || r.Doc.Grid != 0.25 || l.Progress() != 1 {
		t.Fatalf("doc %+v, progress %v", r.Doc, l.Progress())
	}
	a := &App{Doc: r.Doc}
	a.RunCore()
	if !a.Result.Answer.Hit {
		t.Fatal("the placed motion does not touch the mesh")
	}
}

// Bad files report an error naming the file; the App keeps its scene.
func TestBackgroundLoadErrors(t *testing.T) {
	a := newTestApp(t)
	before := sum(a.Doc)
	for _, p := range []string{
		writeFile(t, "bad.json", `{"version": 1, "name": 5}`),
		writeFile(t, "bad.obj", "v 0 0 0\nf 1 2 3\n"),
		filepath.Join(t.TempDir(), "missing.glb"),
	} {
		r := waitLoad(t, startLoad(p, a.Doc.View, a.Doc.Grid))
		if r.Err == nil || !strings.Contains(r.Err.Error(), filepath.Base(p)) {
			t.Errorf("%s: error %v, want one naming the file", p, r.Err)
		}
	}
	if sum(a.Doc) != before {
		t.Fatal("a failed load changed the open scene")
	}
}

// The mesh build is a stage of the progress: it starts after the file's
// share, grows with the time taken and stays short of a full bar until
// the load is done.
func TestBuildFraction(t *testing.T) {
	prev := -1.0
	for _, ms := range []int{0, 10, 100, 300, 540, 600, 1000, 5000, 60000} {
		f := buildFraction(time.Duration(ms)*time.Millisecond, 1_000_000)
		if f < prev || f >= 1 {
			t.Fatalf("after %d ms: %v (before %v): not growing below 1", ms, f, prev)
		}
		prev = f
	}
	if f := buildFraction(300*time.Millisecond, 1_000_000); f < 0.4 || f > 0.6 {
		t.Errorf("half the expected build time shows %v", f)
	}
	l := &loader{}
	l.progress.Store(math.Float64bits(1))
	if p, s := l.Progress(), l.Stage(); p != readShare || s != "reading" {
		t.Errorf("file read, build not begun: %v %q", p, s)
	}
	l.tris.Store(1_000_000)
	l.building.Store(time.Now().Add(-300 * time.Millisecond).UnixNano())
	if p, s := l.Progress(), l.Stage(); p <= readShare || p >= 1 || s != "building the mesh" {
		t.Errorf("building: %v %q", p, s)
	}
}

// A directory or a file of a type the window does not read is refused
// before loading, saying what the window opens; a missing file of a known
// type is left to the loader, whose error names the file.
func TestCheckOpenable(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{dir, filepath.Join(dir, "gen.py"), filepath.Join(dir, "noext")} {
		err := CheckOpenable(p)
		if !errors.Is(err, errNotOpenable) || !strings.Contains(err.Error(), Openable) {
			t.Errorf("%s: %v, want errNotOpenable listing what opens", p, err)
		}
	}
	if err := CheckOpenable(dir); !strings.Contains(err.Error(), "a directory") {
		t.Errorf("a directory: %v", err)
	}
	for _, p := range []string{"missing.obj", "x.GLB", "f.json", "c.jsonl"} {
		if err := CheckOpenable(filepath.Join(dir, p)); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	r := waitLoad(t, startLoad(dir, view.Default(), 0))
	if !errors.Is(r.Err, errNotOpenable) {
		t.Errorf("loading a directory: %v", r.Err)
	}
}

// ExpandHome expands "~" and "~/..." only.
func TestExpandHome(t *testing.T) {
	home, err := os.UserHomeDir()
	if err != nil {
		t.Skip("no home directory")
	}
	cases := map[string]string{"~": home, "~/a b/x.obj": home + "/a b/x.obj", "~user/x": "~user/x", "/tmp/~/x": "/tmp/~/x", "": ""}
	for in, want := range cases {
		if got := ExpandHome(in); got != want {
			t.Errorf("ExpandHome(%q) = %q, want %q", in, got, want)
		}
	}
}
