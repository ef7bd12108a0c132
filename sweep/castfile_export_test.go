package sweep

import (
	"os"
	"path/filepath"
	"testing"

	"sweepdbg/internal/castfile"
)

// castsDirEnv names the directory TestExportLevelCasts writes to; unset,
// the test is skipped (tools/joltbench sets it).
const castsDirEnv = "SWEEP_CASTS_DIR"

// TestExportLevelCasts writes the level benchmarks' meshes and casts
// (benchLevels) as cast files for tools/joltbench: block.json and
// dense.json, with a sphere of the player's horizontal radius (16 map
// units, 0.3 m) in place of the ellipsoid, since other engines have no
// swept ellipsoid. It reads each file back and checks that the triangles
// and casts survive exactly.
func TestExportLevelCasts(t *testing.T) {
	dir := os.Getenv(castsDirEnv)
	if dir == "" {
		t.Skipf("set %s to a directory to export the level casts", castsDirEnv)
	}
	for _, lv := range benchLevels() {
		casts := make([]castfile.Cast, len(lv.casts))
		for i, q := range lv.casts {
			casts[i] = castfile.Cast{Begin: q.begin, Delta: q.delta}
		}
		r := lv.player.Axes[0].Len()
		path := filepath.Join(dir, lv.name+".json")
		if err := castfile.Write(path, castfile.New(lv.name, r, lv.tris, casts)); err != nil {
			t.Fatal(err)
		}
		f, err := castfile.Read(path)
		if err != nil {
			t.Fatal(err)
		}
		got := f.Tris()
		if len(got) != len(lv.tris) || f.Radius != r || len(f.CastList()) != len(casts) {
			t.Fatalf("%s: read back %d triangles, radius %v, %d casts; want %d, %v, %d",
				lv.name, len(got), f.Radius, len(f.CastList()), len(lv.tris), r, len(casts))
		}
		for i := range got {
			if got[i] != lv.tris[i] {
				t.Fatalf("%s: triangle %d read back as %v, want %v", lv.name, i, got[i], lv.tris[i])
			}
		}
		for i, c := range f.CastList() {
			if c != casts[i] {
				t.Fatalf("%s: cast %d read back as %v, want %v", lv.name, i, c, casts[i])
			}
		}
		t.Logf("%s: %d triangles, %d vertices, %d casts, sphere radius %v -> %s",
			lv.name, len(got), len(f.Vertices)/3, len(casts), r, path)
	}
}
