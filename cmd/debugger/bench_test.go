package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/internal/castfile"
	"sweepdbg/internal/levelcasts"
	"sweepdbg/scene/meshfile"
	"sweepdbg/sweep/oracle"
	"sweepdbg/ui/editor"
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
	// Character casts: the exported ones are made for the sphere, so the
	// walks among them start resting on the floor (y = 0 once upright) at
	// the sphere's radius.
	out = filepath.Join(dir, "room.character.json")
	code, stdout, errOut = runCmd("bench", "--level", obj, "--n", "40", "--casts", "character", "--export", out)
	if code != exitOK || !strings.Contains(stdout, "4 triangles, 40 casts") || !strings.Contains(stdout, "export 40 casts of a sphere of radius 0.522") {
		t.Fatalf("bench --casts character --export: exit %d, %q (stderr %q)", code, stdout, errOut)
	}
	if f, err = castfile.Read(out); err != nil {
		t.Fatal(err)
	}
	resting := 0
	for _, c := range f.CastList() {
		if c.Begin[1] == 0.522 {
			resting++
		}
	}
	if resting == 0 {
		t.Errorf("no exported character cast starts resting on the floor: %v", f.CastList())
	}
	if code, _, errOut := runCmd("bench", "--level", obj, "--casts", "walk"); code != exitInvalid || !strings.Contains(errOut, "want random or character") {
		t.Errorf("bench --casts walk: exit %d, stderr %q; want %d", code, errOut, exitInvalid)
	}
}

// TestBenchShape checks bench --shape: a level's guessed player (half
// extents 0.522 x 0.9 x 0.522) cast as a capsule as tall (radius 0.522,
// half segment 0.9 - 0.522 = 0.378) and as a box of its extents, with as
// many hits as the oracle finds for the same casts of the same shape; a
// built-in scene's own shape by default, and another kind on request; an
// unknown kind refused with exit 2.
func TestBenchShape(t *testing.T) {
	dir := t.TempDir()
	obj := filepath.Join(dir, "room.obj")
	src := "v 0 0 0\nv 64 0 0\nv 64 64 0\nv 0 64 0\nv 0 64 32\nv 64 64 32\nf 1 2 3\nf 1 3 4\nf 4 3 6\nf 4 6 5\n"
	if err := os.WriteFile(obj, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := meshfile.Open(t.Context(), obj, nil)
	if err != nil {
		t.Fatal(err)
	}
	editor.FitLevel(s, editor.UpAuto)
	tris := s.Mesh.Tris()
	const n = 60
	casts := levelcasts.Random(tris, 0.9, n) // the casts bench makes: sized by the player's half height
	for _, c := range []struct {
		kind, shape string
		hits        func(levelcasts.Cast, geom.Triangle) bool
	}{
		{"capsule", "shape  capsule (radius 0.522, half segment (0, 0.378, 0))", func(c levelcasts.Cast, tri geom.Triangle) bool {
			_, ok := oracle.CapsuleFirstContact(0.522, mgl64.Vec3{0, 0.378, 0}, c.Begin, c.Delta, tri)
			return ok
		}},
		{"box", "shape  box (half extents 0.522 x 0.9 x 0.522)", func(c levelcasts.Cast, tri geom.Triangle) bool {
			_, ok := oracle.BoxFirstContact([3]mgl64.Vec3{{0.522, 0, 0}, {0, 0.9, 0}, {0, 0, 0.522}}, c.Begin, c.Delta, tri)
			return ok
		}},
	} {
		want := 0
		for _, cast := range casts {
			hit := false
			for _, tri := range tris {
				hit = hit || c.hits(cast, tri)
			}
			if hit {
				want++
			}
		}
		code, out, errOut := runCmd("bench", "--level", obj, "--n", strconv.Itoa(n), "--shape", c.kind)
		for _, line := range []string{c.shape, "player 0.522 x 0.9 x 0.522 (half-extents)", fmt.Sprintf("%d casts (%d hit)", n, want)} {
			if code != exitOK || !strings.Contains(out, line) {
				t.Errorf("bench --shape %s: exit %d, output %q lacks %q (stderr %q)", c.kind, code, out, line, errOut)
			}
		}
	}
	if code, out, _ := runCmd("bench", "--scene", "capsule-step", "--n", "3"); code != exitOK ||
		!strings.Contains(out, "shape  capsule (radius 0.5, half segment (0, 0.5, 0))") || !strings.Contains(out, "(hit: true)") {
		t.Errorf("bench --scene capsule-step: exit %d, %q; want its own capsule, hitting", code, out)
	}
	if code, out, _ := runCmd("bench", "--scene", "capsule-step", "--n", "3", "--shape", "box"); code != exitOK ||
		!strings.Contains(out, "shape  box (half extents 0.5 x 1 x 0.5)") || !strings.Contains(out, "(1 steps)") {
		t.Errorf("bench --scene capsule-step --shape box: exit %d, %q; want a box of the capsule's extents", code, out)
	}
	code, _, errOut := runCmd("bench", "--scene", "floor", "--shape", "cylinder")
	if code != exitInvalid || !strings.Contains(errOut, `unknown shape "cylinder": want ellipsoid, capsule or box`) {
		t.Errorf("bench --shape cylinder: exit %d, stderr %q; want 2 and the kinds", code, errOut)
	}
}
