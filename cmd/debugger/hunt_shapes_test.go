package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/scene"
	"sweepdbg/scene/engine"
	"sweepdbg/scene/hunt"
	"sweepdbg/sweep"
)

// capsuleFloor writes the built-in floor with a capsule in place of its
// ellipsoid (a version-2 fixture named "floor-capsule") and returns its
// path.
func capsuleFloor(t *testing.T) string {
	t.Helper()
	s, err := scene.Builtin("floor")
	if err != nil {
		t.Fatal(err)
	}
	s.Name = "floor-capsule"
	s.Shape = sweep.CapsuleShape(sweep.Capsule{Radius: 0.4, HalfSegment: mgl64.Vec3{0, 0.5, 0}})
	s.Expect = nil
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "floor-capsule.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestHuntCapsuleScene: a hunt in a fixture whose shape is a capsule runs
// its cases on the capsule and reports (the seed's first 10 cases hold no
// finding): exit 0, the scene's name and case count, "no findings".
func TestHuntCapsuleScene(t *testing.T) {
	code, stdout, stderr := runCmd("hunt", "--scene", capsuleFloor(t), "--cases", "10", "--seed", "1", "--jobs", "1", "--out", t.TempDir())
	if code != exitOK || !strings.Contains(stdout, "hunted floor-capsule for ") || !strings.Contains(stdout, ": 10 cases, seed 1") || !strings.Contains(stdout, "no findings") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 0, 10 cases of floor-capsule, no findings", code, stdout, stderr)
	}
}

// TestHuntCapsuleSatOut: an engine that answers ellipsoids only (its
// hello lists no shapes) has nothing to hunt in a capsule scene: the
// command says so on stderr, prints no summary and exits 2.
func TestHuntCapsuleSatOut(t *testing.T) {
	code, stdout, stderr := runCmd("hunt", "--scene", capsuleFloor(t), "--engine", fakeEngineCmd(t, "good"), "--cases", "10", "--seed", "1", "--jobs", "1", "--out", t.TempDir())
	want := `debugger: hunt: engine "fake-good" sits out capsules (it answers ellipsoid): nothing to hunt`
	if code != exitInvalid || !strings.Contains(stderr, want) || stdout != "" {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 2 and %q", code, stdout, stderr, want)
	}
}

// TestHuntSummarySatOut: the summary has a line per engine that sat out
// the scene's shape, with its count and what it answers.
func TestHuntSummarySatOut(t *testing.T) {
	var b strings.Builder
	writeHuntSummary(&b, hunt.Summary{Scene: "floor-capsule", Cases: 40, Seed: 1,
		SatOut: []hunt.SatOut{{Engine: "unitspace", Shape: sweep.KindCapsule, Shapes: engine.EllipsoidOnly, Queries: 40}}}, nil)
	lines := strings.Split(b.String(), "\n")
	if len(lines) < 3 || lines[1] != `engine "unitspace" sat out 40 queries: it does not answer capsules (it answers ellipsoid); not judged` || lines[2] != "no findings" {
		t.Errorf("summary:\n%s\nwant the sat-out line after the first, then no findings", b.String())
	}
}
