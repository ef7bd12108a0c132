package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/internal/castfile"
)

func TestQuantile(t *testing.T) {
	xs := []float64{5, 1, 4, 2, 3, 9, 8, 7, 6, 10}
	if got := median(xs); got != 6 {
		t.Errorf("median %v, want 6 (floor(n/2) of the sorted)", got)
	}
	if got := quantile(xs, 0.9); got != 10 {
		t.Errorf("p90 %v, want 10", got)
	}
	if got := quantile(xs, 1); got != 10 {
		t.Errorf("q=1 %v, want the largest", got)
	}
	if xs[0] != 5 {
		t.Error("quantile sorted its argument")
	}
	if !math.IsNaN(median(nil)) {
		t.Error("median of nothing is not NaN")
	}
}

func TestSideAndPerCastRatio(t *testing.T) {
	ours := []output{
		{BuildMS: 3, BytesPerTri: 18.4, TimesNS: []int64{1000, 2000, 3000}},
		{BuildMS: 5, BytesPerTri: 18.4, TimesNS: []int64{1000, 4000, 5000}},
		{BuildMS: 4, BytesPerTri: 18.4, TimesNS: []int64{3000, 2000, 1000}},
	}
	jolt := []output{
		{BuildMS: 2, BytesPerTri: 18.8, TimesNS: []int64{2000, 2000, 2000}},
		{BuildMS: 2, BytesPerTri: 18.8, TimesNS: []int64{2000, 4000, 2000}},
		{BuildMS: 2, BytesPerTri: 18.8, TimesNS: []int64{2000, 4000, 4000}},
	}
	s := sideOf(ours)
	// Round medians 2, 4, 2 µs; p90s 3, 5, 3 µs.
	want := side{Median: 2, P90: 3, BuildMS: 4, BytesPerTri: 18.4}
	if s != want {
		t.Errorf("sideOf(ours) = %+v, want %+v", s, want)
	}
	// Cast medians over rounds: ours 1000, 2000, 3000; Jolt's 2000, 4000,
	// 2000: ratios 0.5, 0.5, 1.5.
	if got := perCastRatio(ours, jolt); got != 0.5 {
		t.Errorf("perCastRatio = %v, want 0.5", got)
	}
}

func TestDisagreementsAndClassify(t *testing.T) {
	const radius = 2.0
	casts := make([]castfile.Cast, 6)
	for i := range casts {
		casts[i].Delta = mgl64.Vec3{10, 0, 0} // 1/1000 of r is t 2e-4
	}
	ours := []hit{{true, 0.5, 1}, {true, 0.5, 1}, {true, 0, 2}, {false, 0, 0}, {true, 0.3, 4}, {true, 0.7, 5}}
	jolt := []hit{{true, 0.50019, 1}, {true, 0.5003, 3}, {false, 0, -1}, {false, 0, -1}, {false, 0, -1}, {true, 0.75, 5}}
	ds := disagreements(casts, radius, ours, jolt)
	var got []int
	for _, d := range ds {
		got = append(got, d.Cast)
	}
	if fmt.Sprint(got) != "[1 2 4 5]" {
		t.Fatalf("disagreements on casts %v, want [1 2 4 5]", got)
	}
	qs := questions(ds)
	if len(qs) != 8 || qs[2] != (question{2, -1, 1}) || qs[3] != (question{2, 2, 0}) {
		t.Fatalf("questions %v", qs)
	}
	// Cast 1: both within the tolerance; cast 2: ours touching at the
	// start, Jolt's miss ends apart; cast 4: Jolt's miss ends 5% of r
	// into a wall; cast 5: Jolt stops 0.2% of r into the mesh.
	as := []answer{{1, 2e-4, 0.5}, {1, 0, 0.5}, {2, 0.3, -0.2}, {2, 0, -0.2}, {4, -0.05, 0.3}, {4, 0, 0.3}, {5, -0.002, 0.9}, {5, 1e-9, 0.9}}
	var r row
	r.classify(ds, as)
	if r.Disagree != 4 || r.Jolt.Wrong != 2 || r.Ours.Wrong != 0 || r.Tolerance != 1 || r.TouchStart != 1 {
		t.Errorf("classify: %+v", r)
	}
	// Touching at the start but moving into the contact: Jolt's later
	// hit is within its tolerance.
	as[3].Approach = 0.01
	r = row{}
	r.classify(ds, as)
	if r.Tolerance != 2 || r.TouchStart != 0 {
		t.Errorf("classify, moving into the contact: %+v", r)
	}
}

func TestWrong(t *testing.T) {
	for _, c := range []struct {
		h    hit
		gap  float64
		want bool
	}{
		{hit{true, 0.4, 0}, 0.0005, false},
		{hit{true, 0.4, 0}, 0.002, true},  // apart
		{hit{true, 0.4, 0}, -0.002, true}, // into the mesh past the start
		{hit{true, 0, 0}, -0.5, false},    // starts into it: hit at 0 is right
		{hit{false, 0, -1}, 0.5, false},   // ends apart
		{hit{false, 0, -1}, -0.002, true}, // ends into the mesh
	} {
		if got := wrong(c.h, answer{GapRatio: c.gap}); got != c.want {
			t.Errorf("wrong(%+v, gap %v) = %v, want %v", c.h, c.gap, got, c.want)
		}
	}
}

func TestTable(t *testing.T) {
	rows := []row{{
		Level: "lqdm13_a3", Triangles: 6084,
		Ours:    side{Median: 0.62, P90: 0.94, BuildMS: 3.5, BytesPerTri: 18.43, Hits: 1855},
		Jolt:    side{Median: 0.87, P90: 1.77, BuildMS: 2.8, BytesPerTri: 18.78, Hits: 1854, Wrong: 1},
		PerCast: 0.68, Disagree: 12, Tolerance: 10, TouchStart: 1,
	}}
	got := table(rows)
	lines := strings.Split(strings.TrimSpace(got), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines, want 3:\n%s", len(lines), got)
	}
	want := "| `lqdm13_a3` | 6,084 | 0.62 / 0.94 | 0.87 / 1.77 | **0.71** / 0.53 | 0.68 | 3.5 / 2.8 | 18.4 / 18.8 | 1855 / 1854 | 12 | 0 / 1 | 10 / 1 |"
	if lines[2] != want {
		t.Errorf("row\n%s\nwant\n%s", lines[2], want)
	}
	if n := strings.Count(lines[0], "|"); n != strings.Count(lines[1], "|") || n != strings.Count(want, "|") {
		t.Errorf("header, separator and row have different column counts:\n%s", got)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 6084: "6,084", 1000000: "1,000,000", -17072: "-17,072"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"-rounds", "0", "x.json"}, {"-nope", "x.json"}} {
		if err := run(args, io.Discard, io.Discard); err != errUsage {
			t.Errorf("run(%q) = %v, want the usage error", args, err)
		}
	}
}

// The end-to-end test runs the comparison with this test binary standing
// in for both engines (copied as gocast and joltcast; see fakeEngine).
func TestMain(m *testing.M) {
	if os.Getenv("JOLTBENCH_COMPARE_FAKE") == "1" {
		os.Exit(fakeEngine(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// fakeEngine answers as gocast (time, check) or joltcast (time), by its
// binary's name: every cast takes 1000 ns for gocast and 2000 for
// joltcast; both hit cast 0 (at t 0.5 and 0.6), only gocast cast 1.
func fakeEngine(args []string) int {
	isGo := strings.HasPrefix(filepath.Base(os.Args[0]), "gocast")
	if len(args) == 3 && args[0] == "check" && isGo {
		fmt.Println(`[{"cast":0,"gap_ratio":0.1},{"cast":0,"gap_ratio":0},{"cast":1,"gap_ratio":-0.2},{"cast":1,"gap_ratio":0}]`)
		return 0
	}
	if len(args) < 2 || args[0] != "time" {
		fmt.Fprintln(os.Stderr, "fake: bad arguments", args)
		return 2
	}
	o := output{Triangles: 1, BuildMS: 1, BytesPerTri: 20, TimesNS: []int64{1000, 1000, 1000}}
	o.Results = []hit{{true, 0.5, 0}, {true, 0.5, 0}, {false, 0, -1}}
	if !isGo {
		o.BytesPerTri, o.TimesNS = 18, []int64{2000, 2000, 2000}
		o.Results = []hit{{true, 0.6, 0}, {false, 0, -1}, {false, 0, -1}}
	}
	if len(args) < 3 || args[2] != "-results" {
		o.Results = nil
	}
	if err := json.NewEncoder(os.Stdout).Encode(o); err != nil {
		return 1
	}
	return 0
}

func TestEndToEnd(t *testing.T) {
	dir := t.TempDir()
	exe := ""
	if runtime.GOOS == "windows" {
		exe = ".exe"
	}
	self, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Skip("cannot read the test binary:", err)
	}
	bins := map[string]string{}
	for _, name := range []string{"gocast", "joltcast"} {
		bins[name] = filepath.Join(dir, name+exe)
		if err := os.WriteFile(bins[name], self, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	tri := geom.Triangle{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}
	casts := []castfile.Cast{{Delta: mgl64.Vec3{1, 0, 0}}, {Delta: mgl64.Vec3{1, 0, 0}}, {Delta: mgl64.Vec3{1, 0, 0}}}
	level := filepath.Join(dir, "tiny.json")
	if err := castfile.Write(level, castfile.New("tiny", 0.5, []geom.Triangle{tri}, casts)); err != nil {
		t.Fatal(err)
	}
	t.Setenv("JOLTBENCH_COMPARE_FAKE", "1")
	out := filepath.Join(dir, "out")
	var stdout bytes.Buffer
	if err := run([]string{"-gocast", bins["gocast"], "-joltcast", bins["joltcast"], "-rounds", "3", "-out", out, level}, &stdout, io.Discard); err != nil {
		t.Fatal(err)
	}
	want := "| `tiny` | 1 | 1.00 / 1.00 | 2.00 / 2.00 | **0.50** / 0.50 | 0.50 | 1.0 / 1.0 | 20.0 / 18.0 | 2 / 1 | 2 | 0 / 2 | 0 / 0 |"
	if !strings.Contains(stdout.String(), want) {
		t.Errorf("report\n%s\nwant the row\n%s", stdout.String(), want)
	}
	for _, f := range []string{"tiny.r00.ours.json", "tiny.r02.jolt.json", "tiny.results.jolt.json", "tiny.questions.json", "tiny.answers.json", "report.md"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
}
