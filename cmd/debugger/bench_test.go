package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sweepdbg/internal/castfile"
)

func TestBenchLevel(t *testing.T) {
	dir := t.TempDir()
	obj := filepath.Join(dir, "room.obj")
	// A 64 x 64 floor and one wall, integer coordinates.
	src := "v 0 0 0\nv 64 0 0\nv 64 64 0\nv 0 64 0\nv 0 64 32\nv 64 64 32\nf 1 2 3\nf 1 3 4\nf 4 3 6\nf 4 6 5\n"
	if err := os.WriteFile(obj, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd("bench", "--level", obj, "--n", "50")
	// The player the window would give this Z-up level (64 units across:
	// metres, a 1.8 m player), not a size picked from the extent.
	for _, want := range []string{"4 triangles, 50 casts", "player 0.522 x 0.9 x 0.522 (half-extents): up axis Z guessed",
		"bytes per triangle", "sweep  median", "slide  median"} {
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("bench --level: exit %d, output %q lacks %q (stderr %q)", code, out, want, errOut)
		}
	}
	if code, out, _ := runCmd("bench", "--level", obj, "--n", "20", "--radius", "4"); code != exitOK || !strings.Contains(out, "player 4 x 4 x 4 (half-extents): a sphere") {
		t.Errorf("bench --radius 4: exit %d, %q", code, out)
	}
	testBenchExport(t, dir, obj)
	if code, _, _ := runCmd("bench", "--level", filepath.Join(dir, "missing.obj")); code != exitInvalid {
		t.Errorf("bench of a missing level: exit %d, want %d", code, exitInvalid)
	}
	if code, _, _ := runCmd("bench", "--level", obj, "--radius", "-1"); code != exitInvalid {
		t.Errorf("bench --radius -1: exit %d, want %d", code, exitInvalid)
	}
}

// testBenchExport checks bench --export: the cast file holds the level's
// triangles and the requested casts of a sphere of the guessed player's
// horizontal radius, and an existing file is not overwritten.
func testBenchExport(t *testing.T, dir, obj string) {
	out := filepath.Join(dir, "room.casts.json")
	code, stdout, errOut := runCmd("bench", "--level", obj, "--n", "30", "--export", out)
	if code != exitOK || !strings.Contains(stdout, "export 30 casts of a sphere of radius 0.522 to") {
		t.Fatalf("bench --export: exit %d, %q (stderr %q)", code, stdout, errOut)
	}
	f, err := castfile.Read(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Tris()) != 4 || len(f.CastList()) != 30 || f.Radius != 0.522 || f.Name != "room.obj" {
		t.Errorf("exported %d triangles, %d casts, radius %v, name %q; want 4, 30, 0.522, room.obj",
			len(f.Tris()), len(f.CastList()), f.Radius, f.Name)
	}
	if code, _, errOut := runCmd("bench", "--level", obj, "--n", "30", "--export", out); code != exitFail || !strings.Contains(errOut, "exists") {
		t.Errorf("bench --export over an existing file: exit %d, stderr %q; want %d and a refusal", code, errOut, exitFail)
	}
	if code, _, _ := runCmd("bench", "--export", out); code != exitInvalid {
		t.Errorf("bench --export without --level: exit %d, want %d", code, exitInvalid)
	}
}
