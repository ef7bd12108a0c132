package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sweepdbg/scene/hunt"
)

func TestHuntBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"--bogus"},
		{"--scene", "no-such-scene"},
		{"--time", "0s"},
		{"--time", "soon"},
		{"--seed", "-1"},
		{"surplus"},
	} {
		code, _, stderr := runCmd(append([]string{"hunt"}, args...)...)
		if code != exitInvalid {
			t.Errorf("%v: exit %d, want %d (stderr %q)", args, code, exitInvalid, stderr)
		}
		if stderr == "" {
			t.Errorf("%v: nothing on stderr", args)
		}
	}
	code, _, stderr := runCmd("hunt", "--scene", filepath.Join(t.TempDir(), "missing.json"))
	if code != exitInvalid || !strings.Contains(stderr, "missing.json") {
		t.Errorf("missing file: exit %d, stderr %q", code, stderr)
	}
}

// TestHuntEscapes: a scene file's name and the --out path reach the
// terminal escaped, in the errors, the progress bar and the summary.
func TestHuntEscapes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out\x1b[31m")
	code, _, stderr := runCmd("hunt", "--scene", filepath.Join(dir, "missing\x1b]0;x\a.json"))
	if code != exitInvalid || strings.ContainsAny(stderr, "\x1b\a") {
		t.Errorf("missing file: exit %d, stderr %q", code, stderr)
	}
	var b strings.Builder
	bar := newHuntBar(&b, "evil\x1b[2J", nil)
	bar.show(hunt.Progress{Duration: time.Second, Shrinking: "t: \x1b[2J"})
	writeHuntSummary(&b, hunt.Summary{Scene: "evil\x1b[2J", Findings: []hunt.Finding{{Kind: "x\x1b[2J: t", Count: 1, Fixture: filepath.Join(dir, "f.json")}}}, nil)
	if strings.Contains(b.String(), "\x1b") || !strings.Contains(b.String(), `evil\x1b[2J`) || !strings.Contains(b.String(), `out\x1b[31m`) {
		t.Errorf("bar and summary %q: want the scene name, kinds and paths escaped", b.String())
	}
}

// TestHuntCheckOut: a directory is made and probed; a path under a file is
// not writable.
func TestHuntCheckOut(t *testing.T) {
	dir := t.TempDir() + "/new/findings"
	if err := checkOut(dir); err != nil {
		t.Fatal(err)
	}
	file := dir + "/file"
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := checkOut(file + "/sub"); err == nil {
		t.Error("checkOut under a file: no error")
	}
}

// TestHuntBrokenEngineSummary: a hunt that an engine's crash stopped says
// so on the summary's first line, with the engine's name and the cases
// tried before, never "no findings"; the exit status is 2.
func TestHuntBrokenEngineSummary(t *testing.T) {
	code, stdout, stderr := runCmd("hunt", "--engine", fakeEngineCmd(t, "crash"), "--scene", "floor", "--cases", "50", "--seed", "1", "--jobs", "1", "--out", t.TempDir())
	first, _, _ := strings.Cut(stdout, "\n")
	if code != exitInvalid || first != `hunt stopped: engine "fake-crash" broke after 2 cases — no verdict` || strings.Contains(stdout, "no findings") {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 2 and the stop on the first line", code, stdout, stderr)
	}
}

// TestHuntSummaryAmounts: the table shows the saved case's amount beside
// the worst one seen, a legend says which is which, and a noise hint
// follows, its engine name escaped.
func TestHuntSummaryAmounts(t *testing.T) {
	var b strings.Builder
	writeHuntSummary(&b, hunt.Summary{Scene: "wall-ramp", Cases: 1407, Findings: []hunt.Finding{{Kind: "e: t (edge)", Count: 1407, Saved: 0.031512, Worst: 10.43, Triangles: 1, Fixture: "f.json"}},
		Noise: []hunt.NoiseHint{{Engine: "e\x1b", Total: 1407, Below: 1389, Under: 2e-4, Tolerance: 3e-4}}}, nil)
	lines := strings.Split(b.String(), "\n")
	if len(lines) < 4 || strings.Join(strings.Fields(lines[1]), " ") != "KIND COUNT SAVED WORST TRIANGLES FIXTURE" ||
		strings.Join(strings.Fields(lines[2]), " ") != "e: t (edge) 1407 0.0315 10.4 1 f.json" || !strings.HasPrefix(lines[3], "SAVED: how far off the saved") ||
		lines[4] != `e\x1b: 1389 of 1407 wrong cases are off by at most 0.0002 (float32 noise at this scale?); --engine-tolerance 0.0003 would keep the other 18` {
		t.Errorf("summary:\n%s\nwant the saved amount 0.0315, the worst 10.4, the legend and the noise hint", b.String())
	}
}
