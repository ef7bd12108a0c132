package sweep

import (
	"os"
	"path/filepath"
	"testing"

	"sweepdbg/geom"
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
	dir := castsDir(t)
	for _, lv := range benchLevels() {
		casts := make([]castfile.Cast, len(lv.casts))
		for i, q := range lv.casts {
			casts[i] = castfile.Cast{Begin: q.begin, Delta: q.delta}
		}
		exportCasts(t, dir, lv.name, geom.Len(lv.player.Axes[0]), lv.tris, casts)
	}
}

// TestExportTerrainCasts writes the terrain benchmarks' mesh (1,002,528
// triangles, float64 vertices) and the 2000 queries of benchQueries, cast
// with BenchmarkSweepTerrain's sphere (radius 0.5), as terrain.json: the
// terrain's comparison with native Jolt in docs/performance.md, "Terrain,
// second round". It is not part of tools/joltbench's run (a 40 MB file).
func TestExportTerrainCasts(t *testing.T) {
	dir := castsDir(t)
	qs := benchQueries()
	casts := make([]castfile.Cast, len(qs))
	for i, q := range qs {
		casts[i] = castfile.Cast{Begin: q.begin, Delta: q.delta}
	}
	exportCasts(t, dir, "terrain", geom.Len(benchShapes[0].e.Axes[0]), terrain(benchCells), casts)
}

// castsDir returns the directory named by castsDirEnv, and skips the test
// when it is unset.
func castsDir(t *testing.T) string {
	dir := os.Getenv(castsDirEnv)
	if dir == "" {
		t.Skipf("set %s to a directory to export the casts", castsDirEnv)
	}
	return dir
}

// exportCasts writes the mesh tris and casts of a sphere of radius r as
// the cast file name.json in dir, reads it back and checks that the
// triangles and casts survive exactly.
func exportCasts(t *testing.T, dir, name string, r float64, tris []geom.Triangle, casts []castfile.Cast) {
	t.Helper()
	path := filepath.Join(dir, name+".json")
	if err := castfile.Write(path, castfile.New(name, r, tris, casts)); err != nil {
		t.Fatal(err)
	}
	f, err := castfile.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	got := f.Tris()
	if len(got) != len(tris) || f.Radius != r || len(f.CastList()) != len(casts) {
		t.Fatalf("%s: read back %d triangles, radius %v, %d casts; want %d, %v, %d",
			name, len(got), f.Radius, len(f.CastList()), len(tris), r, len(casts))
	}
	for i := range got {
		if got[i] != tris[i] {
			t.Fatalf("%s: triangle %d read back as %v, want %v", name, i, got[i], tris[i])
		}
	}
	for i, c := range f.CastList() {
		if c != casts[i] {
			t.Fatalf("%s: cast %d read back as %v, want %v", name, i, c, casts[i])
		}
	}
	t.Logf("%s: %d triangles, %d vertices, %d casts, sphere radius %v -> %s",
		name, len(got), len(f.Vertices)/3, len(casts), r, path)
}
