//go:build plantbug

package hunt

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"sweepdbg/scene"
	"sweepdbg/scene/judge"
)

// TestPlantedBug: with the planted bug (edge hits on long edges come 1e-3
// late in the unit-space method), a hunt in the default scene finds a
// unit-space disagreement within 30 s and shrinks it to at most 4
// triangles; the fixture written reproduces it.
func TestPlantedBug(t *testing.T) {
	s, err := scene.Builtin(scene.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	sum, err := Run(t.Context(), Config{Scene: s, Duration: 30 * time.Second, Seed: 2, Out: dir, StopAfter: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Findings) == 0 {
		t.Fatalf("nothing found in %d cases", sum.Cases)
	}
	f := sum.Findings[0]
	t.Logf("found %q after %d cases, shrunk to %d triangles in %s: %s", f.Kind, sum.Cases, f.Triangles, f.Fixture, f.Detail)
	if !strings.Contains(f.Kind, "unitspace") {
		t.Errorf("finding %q does not blame the unit-space method", f.Kind)
	}
	if f.Triangles > 4 {
		t.Errorf("shrunk to %d triangles, want at most 4", f.Triangles)
	}
	back, err := scene.Load(f.Fixture)
	if err != nil {
		t.Fatal(err)
	}
	if !failsAs(&checker{tol: judge.Exact}, f.Kind)(caseOf(back)) {
		t.Errorf("the fixture %s does not reproduce %q", f.Fixture, f.Kind)
	}
}

// TestPlantedBugJobs: with the planted bug, the core's own findings (no
// engines) are the same with one job and two for a case budget: kinds,
// counts, worst values, shrunk cases and fixture names.
func TestPlantedBugJobs(t *testing.T) {
	s, err := scene.Builtin(scene.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	var sums []Summary
	for _, jobs := range []int{1, 2} {
		sum, err := Run(t.Context(), Config{Scene: s, Cases: 1500, Seed: 3, Out: t.TempDir(), Jobs: jobs}, nil)
		if err != nil {
			t.Fatal(err)
		}
		sums = append(sums, sum)
	}
	a, b := sums[0], sums[1]
	if len(a.Findings) == 0 || a.Cases != 1500 || b.Cases != a.Cases || len(b.Findings) != len(a.Findings) {
		t.Fatalf("one job: %d cases, %d findings; two: %d, %d; want 1500 cases and the same findings", a.Cases, len(a.Findings), b.Cases, len(b.Findings))
	}
	for i, f := range a.Findings {
		g := b.Findings[i]
		if filepath.Base(f.Fixture) != filepath.Base(g.Fixture) || f.Kind != g.Kind || f.Count != g.Count || f.Worst != g.Worst || f.Index != g.Index || !reflect.DeepEqual(f.Case, g.Case) {
			t.Errorf("finding %d: one job %+v\ntwo jobs %+v", i, f, g)
		}
	}
}
