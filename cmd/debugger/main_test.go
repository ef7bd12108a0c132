package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"sweepdbg/scene"
	"sweepdbg/scene/engine"
	"sweepdbg/scene/judge"
	"sweepdbg/ui"
)

// runCmd runs the command line in-process and returns its exit status and
// output.
func runCmd(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// passing is a fixture whose expectation holds (derived by hand: the
// ellipsoid of half-height 1 falls from y=3 to y=-1 onto the floor y=0 and
// touches at t=0.5, at the point under its center).
const passing = `{
  "version": 1,
  "name": "by-hand",
  "mesh": {"vertices": [[0,0,0],[4,0,0],[0,0,4]], "triangles": [[0,1,2]]},
  "ellipsoid": {"axes": [[0.5,0,0],[0,1,0],[0,0,0.5]]},
  "start": [1,3,1],
  "end": [1,-1,1],
  "slide": {"maxIterations": 5, "skin": 0.001},
  "expect": {"hit": true, "t": 0.5, "point": [1,0,1], "normal": [0,1,0],
             "feature": "face", "triangle": 0, "final": [1,1.001,1], "tolerance": 1e-6}
}`

// fixtures writes named files into a new temporary directory and returns
// their paths by name.
func fixtures(t *testing.T, files map[string]string) map[string]string {
	t.Helper()
	dir := t.TempDir()
	paths := map[string]string{}
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		paths[name] = p
	}
	return paths
}

// invalidInputs are malformed fixtures, each with what its message must
// say besides the file name.
var invalidInputs = map[string][2]string{
	"truncated.json":   {passing[:200], "unexpected end of JSON input"},
	"wrongtype.json":   {strings.Replace(passing, `"start": [1,3,1]`, `"start": {"x": 1}`, 1), "start: want an array of 3 numbers, got object"},
	"nan.json":         {strings.Replace(passing, `"end": [1,-1,1]`, `"end": [1,NaN,1]`, 1), ":7:"},
	"inf.json":         {strings.Replace(passing, `"end": [1,-1,1]`, `"end": [1,Infinity,1]`, 1), "Infinity is not a JSON number"},
	"1e400.json":       {strings.Replace(passing, `[4,0,0]`, `[4,1e400,0]`, 1), "mesh.vertices[1][1]: number 1e400 is out of range"},
	"index.json":       {strings.Replace(passing, `[[0,1,2]]`, `[[0,1,3]]`, 1), "mesh.triangles[0][2]: index 3 out of range (3 vertices)"},
	"zeroaxis.json":    {strings.Replace(passing, `[0,0,0.5]]`, `[0,0,0]]`, 1), "ellipsoid.axes[2]: zero-length axis"},
	"skewaxes.json":    {strings.Replace(passing, `[0,1,0]`, `[0,1,1]`, 1), "ellipsoid.axes: axes 1 and 2 are not orthogonal"},
	"future.json":      {strings.Replace(passing, `"version": 1`, `"version": 3`, 1), "version: fixture format version 3 is newer"},
	"binary.json":      {"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary data"},
	"empty.json":       {"", "empty file"},
	"expectfield.json": {strings.Replace(passing, `"final"`, `"fnal"`, 1), "expect.fnal: unknown field"},
}

func TestReplayInvalidFilesExit2(t *testing.T) {
	files := map[string]string{}
	for name, c := range invalidInputs {
		files[name] = c[0]
	}
	paths := fixtures(t, files)
	huge := filepath.Join(filepath.Dir(paths["empty.json"]), "huge.json")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(200 << 20) // 200 MB, sparse
	f.Close()
	paths["huge.json"] = huge
	invalidInputs["huge.json"] = [2]string{"", "too large: 200 MiB, the limit is 64 MiB"}
	for name, p := range paths {
		code, out, errOut := runCmd("replay", p)
		want := invalidInputs[name][1]
		if code != exitInvalid || !strings.HasPrefix(out, "INVALID "+p+":") || !strings.Contains(out, want) || errOut != "" {
			t.Errorf("replay %s: exit %d, stdout %q, stderr %q; want 2 and INVALID naming the file and %q", name, code, out, errOut, want)
		}
	}
}

func TestReplayMixedFiles(t *testing.T) {
	failing := strings.Replace(passing, `"t": 0.5`, `"t": 0.25`, 1)
	p := fixtures(t, map[string]string{"pass.json": passing, "fail.json": failing, "bad.json": passing[:50]})
	cases := []struct {
		files []string
		code  int
		lines []string
	}{
		{[]string{p["pass.json"]}, exitOK, []string{"PASS " + p["pass.json"] + " (by-hand): face of triangle 0 at t=0.5, 1 slide steps"}},
		{[]string{p["fail.json"], p["pass.json"]}, exitFail, []string{
			"FAIL " + p["fail.json"] + " (by-hand): t off by 0.25 (tolerance 1e-06): want 0.25, got 0.5",
			"PASS " + p["pass.json"]}},
		{[]string{p["bad.json"], p["fail.json"], p["pass.json"]}, exitInvalid, []string{
			"INVALID " + p["bad.json"] + ":", "FAIL " + p["fail.json"], "PASS " + p["pass.json"]}},
	}
	for _, c := range cases {
		code, out, _ := runCmd(append([]string{"replay"}, c.files...)...)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != c.code || len(lines) != len(c.lines) {
			t.Errorf("replay %v: exit %d, output\n%s\nwant exit %d and %d lines", c.files, code, out, c.code, len(c.lines))
			continue
		}
		for i, want := range c.lines {
			if !strings.HasPrefix(lines[i], want) {
				t.Errorf("replay %v: line %d = %q, want it to start with %q", c.files, i, lines[i], want)
			}
		}
	}
}

func TestReplayJSON(t *testing.T) {
	failing := strings.Replace(passing, `"feature": "face"`, `"feature": "edge"`, 1)
	p := fixtures(t, map[string]string{"pass.json": passing, "fail.json": failing, "bad.json": "{"})
	code, out, _ := runCmd("replay", p["pass.json"], "--json", p["fail.json"], p["bad.json"])
	if code != exitInvalid {
		t.Errorf("exit %d, want 2", code)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("want 3 JSON lines, got\n%s", out)
	}
	var reps [3]map[string]any
	for i, l := range lines {
		if err := json.Unmarshal([]byte(l), &reps[i]); err != nil {
			t.Fatalf("line %d is not JSON: %v\n%s", i, err, l)
		}
	}
	ok := reps[0]
	want := map[string]any{
		"file": p["pass.json"], "name": "by-hand", "hit": true, "t": 0.5, "point": []any{1.0, 0.0, 1.0},
		"normal": []any{0.0, 1.0, 0.0}, "feature": "face", "triangle": 0.0, "final": []any{1.0, 1.001, 1.0},
		"pass": true, "mismatches": []any{},
	}
	for k, v := range want {
		if !reflect.DeepEqual(ok[k], v) {
			t.Errorf("passing file: %s = %#v, want %#v", k, ok[k], v)
		}
	}
	steps, _ := ok["steps"].([]any)
	if len(steps) != 1 || !reflect.DeepEqual(steps[0].(map[string]any)["contact"], []any{1.0, 1.0, 1.0}) {
		t.Errorf("passing file: steps %v, want one step with contact [1, 1, 1]", ok["steps"])
	}
	mm, _ := reps[1]["mismatches"].([]any)
	if reps[1]["pass"] != false || len(mm) != 1 || mm[0].(map[string]any)["field"] != "feature" ||
		mm[0].(map[string]any)["want"] != "edge" || mm[0].(map[string]any)["got"] != "face" {
		t.Errorf("failing file: %v, want pass false and one feature mismatch", reps[1])
	}
	if e, _ := reps[2]["error"].(string); reps[2]["pass"] != false || !strings.HasPrefix(e, p["bad.json"]+":1:1:") {
		t.Errorf("invalid file: %v, want pass false and an error naming the file and line", reps[2])
	}
}

func TestReplayUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"replay"}, {"replay", "--bogus", "x.json"}} {
		if code, _, errOut := runCmd(args...); code != exitInvalid || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a message", args, code, errOut)
		}
	}
	if code, _, errOut := runCmd("replay", "-h"); code != exitOK || !strings.Contains(errOut, "usage: debugger replay [--json] [--first] [--junit FILE] [--builtins] [--engine \"CMD ARGS\"]... FILE|DIR...") {
		t.Errorf("replay -h: exit %d, stderr %q", code, errOut)
	}
}

func TestScenes(t *testing.T) {
	code, out, _ := runCmd("scenes")
	if code != exitOK {
		t.Fatalf("scenes: exit %d", code)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	names := scene.Builtins()
	if len(lines) != len(names) {
		t.Fatalf("scenes printed %d lines for %d scenes:\n%s", len(lines), len(names), out)
	}
	for i, name := range names {
		s, _ := scene.Builtin(name)
		if f := strings.Fields(lines[i]); len(f) < 3 || f[0] != name || !strings.Contains(lines[i], s.Description()) {
			t.Errorf("line %q does not list %s with its description", lines[i], name)
		}
	}
	if !strings.Contains(lines[0], "(default)") {
		t.Errorf("first line %q does not mark the default scene", lines[0])
	}
}

func TestExportScene(t *testing.T) {
	p := filepath.Join(t.TempDir(), "ramp.json")
	if code, out, errOut := runCmd("export-scene", "ramp", p); code != exitOK || !strings.Contains(out, p) {
		t.Fatalf("export-scene: exit %d, %q %q", code, out, errOut)
	}
	got, err := scene.Load(p)
	want, _ := scene.Builtin("ramp")
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("exported file loads as %+v, %v; want the built-in", got, err)
	}
	before, _ := os.ReadFile(p)
	if code, _, errOut := runCmd("export-scene", "floor", p); code != exitFail || !strings.Contains(errOut, "never overwrites") {
		t.Errorf("export-scene over an existing file: exit %d, %q; want 1 and a refusal", code, errOut)
	}
	if after, _ := os.ReadFile(p); !bytes.Equal(after, before) {
		t.Errorf("refused export changed the file")
	}
	if code, out, _ := runCmd("replay", p); code != exitOK || !strings.HasPrefix(out, "PASS") {
		t.Errorf("replaying the exported built-in: exit %d, %q", code, out)
	}
	if code, _, errOut := runCmd("export-scene", "nope", p+"2"); code != exitInvalid || !strings.Contains(errOut, "no built-in scene \"nope\"") {
		t.Errorf("export-scene unknown: exit %d, %q", code, errOut)
	}
	if code, _, _ := runCmd("export-scene", "ramp"); code != exitInvalid {
		t.Errorf("export-scene with one argument: exit %d, want 2", code)
	}
}

// fakeUI replaces the window entry points for one test and records what
// they were asked.
func fakeUI(t *testing.T, err error) (*[]ui.Options, *[]ui.ScreenshotOptions) {
	var runs []ui.Options
	var shots []ui.ScreenshotOptions
	oldRun, oldShot := openWindow, takeScreenshot
	openWindow = func(o ui.Options) error { runs = append(runs, o); return err }
	takeScreenshot = func(o ui.ScreenshotOptions) error { shots = append(shots, o); return err }
	t.Cleanup(func() { openWindow, takeScreenshot = oldRun, oldShot })
	return &runs, &shots
}

func TestWindowArguments(t *testing.T) {
	file := fixtures(t, map[string]string{"a.json": passing})["a.json"]
	cases := []struct {
		args []string
		want ui.Options
	}{
		{nil, ui.Options{}},
		{[]string{"--scene", "crease"}, ui.Options{Scene: "crease"}},
		{[]string{"-fresh"}, ui.Options{Fresh: true}},
		{[]string{file}, ui.Options{File: file}},
		{[]string{file, "--fresh"}, ui.Options{File: file, Fresh: true}},
		{[]string{"--engine", "./a x", "--engine=b", "--engine-timeout", "2s", "--engine-tolerance", "1e-3"},
			ui.Options{Engines: []string{"./a x", "b"}, EngineTimeout: 2 * time.Second, EngineTolerance: 1e-3}},
	}
	for _, c := range cases {
		runs, _ := fakeUI(t, nil)
		if c.want.EngineTimeout == 0 {
			c.want.EngineTimeout, c.want.EngineTolerance = engine.DefaultTimeout, judge.Engine.T
		}
		if code, _, errOut := runCmd(c.args...); code != exitOK || len(*runs) != 1 || !reflect.DeepEqual((*runs)[0], c.want) {
			t.Errorf("%v: exit %d (%s), window opened with %+v; want %+v", c.args, code, errOut, *runs, c.want)
		}
	}
	bad := [][]string{
		{"--scene", "nope"}, {"--scene", "crease", file}, {file, file}, {"frobnicate"},
		{filepath.Join(t.TempDir(), "missing.json")}, {"--bogus"},
	}
	for _, args := range bad {
		runs, _ := fakeUI(t, nil)
		if code, _, errOut := runCmd(args...); code != exitInvalid || len(*runs) != 0 || errOut == "" {
			t.Errorf("%v: exit %d, opened %d windows, stderr %q; want 2, none, a message", args, code, len(*runs), errOut)
		}
	}
	fakeUI(t, errors.New("no display"))
	if code, _, errOut := runCmd(); code != exitFail || !strings.Contains(errOut, "no display") {
		t.Errorf("window error: exit %d, stderr %q; want 1 and the error", code, errOut)
	}
}

func TestScreenshotArguments(t *testing.T) {
	_, shots := fakeUI(t, nil)
	code, out, errOut := runCmd("screenshot", "--scene", "spike", "--out", "s.png", "--size", "640x480")
	want := ui.ScreenshotOptions{Scene: "spike", Out: "s.png", Width: 640, Height: 480}
	if code != exitOK || len(*shots) != 1 || (*shots)[0] != want || !strings.Contains(out, "s.png") {
		t.Errorf("screenshot: exit %d (%s), called with %+v; want %+v", code, errOut, *shots, want)
	}
	_, shots = fakeUI(t, nil)
	if code, _, _ := runCmd("screenshot", "--out", "c.png", "--shape", "capsule"); code != exitOK || (*shots)[0].Kind != "capsule" {
		t.Errorf("screenshot --shape capsule: exit %d, %+v", code, *shots)
	}
	_, shots = fakeUI(t, nil)
	if code, _, _ := runCmd("screenshot", "--out", "d.png"); code != exitOK || (*shots)[0].Width != 1280 || (*shots)[0].Height != 800 {
		t.Errorf("screenshot default size: exit %d, %+v", code, *shots)
	}
	capture := filepath.Join(t.TempDir(), "game.jsonl")
	if err := os.WriteFile(capture, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"screenshot", "--scene", "spike"}, {"screenshot", "--out", "x.png", "--size", "big"},
		{"screenshot", "--out", "x.png", "--size", "0x10"}, {"screenshot", "--out", "x.png", "--scene", "nope"},
		{"screenshot", "--out", "x.png", capture}, // a capture: the window shows those
		{"screenshot", "--out", "x.png", "--shape", "cylinder"},
	} {
		_, shots := fakeUI(t, nil)
		if code, _, errOut := runCmd(args...); code != exitInvalid || len(*shots) != 0 || errOut == "" {
			t.Errorf("%v: exit %d, %d shots, stderr %q; want 2", args, code, len(*shots), errOut)
		}
	}
	fakeUI(t, errors.New("no display"))
	if code, _, errOut := runCmd("screenshot", "--out", "x.png"); code != exitFail || !strings.Contains(errOut, "no display") {
		t.Errorf("screenshot error: exit %d, %q", code, errOut)
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}} {
		code, out, _ := runCmd(args...)
		if code != exitOK {
			t.Errorf("%v: exit %d", args, code)
		}
		for _, c := range commands {
			if !strings.Contains(out, "debugger "+c.name) {
				t.Errorf("%v: usage does not mention %s:\n%s", args, c.name, out)
			}
		}
	}
}

func TestBench(t *testing.T) {
	code, out, errOut := runCmd("bench", "--scene", "crease", "--n", "3")
	if code != exitOK || !strings.Contains(out, "scene crease: 4 triangles") || !strings.Contains(out, "slide") {
		t.Errorf("bench: exit %d, %q %q", code, out, errOut)
	}
	if code, _, _ := runCmd("bench", "--n", "0"); code != exitInvalid {
		t.Errorf("bench --n 0: exit %d, want 2", code)
	}
}

func TestReplayBuiltins(t *testing.T) {
	code, out, errOut := runCmd("replay", "--builtins")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != exitOK || len(lines) != len(scene.Builtins()) {
		t.Fatalf("replay --builtins: exit %d, stderr %q, output\n%s", code, errOut, out)
	}
	for i, name := range scene.Builtins() {
		if !strings.HasPrefix(lines[i], "PASS builtin:"+name+" ("+name+"): ") {
			t.Errorf("line %q, want a PASS for %s", lines[i], name)
		}
	}
}

// TestHuntWired checks that run reaches the hunt subcommand (hunt_test.go
// covers what it does).
func TestHuntWired(t *testing.T) {
	code, _, errOut := runCmd("hunt", "-h")
	if code != exitOK || !strings.Contains(errOut, "usage: debugger hunt") {
		t.Errorf("hunt -h: exit %d, stderr %q", code, errOut)
	}
	for _, line := range strings.Split(errOut, "\n") { // a default said once, not "(default: from the clock) (default 1795…)"
		if strings.Count(line, "(default") > 1 {
			t.Errorf("hunt -h says a default twice: %q", line)
		}
	}
	if code, _, errOut := runCmd("hunt", "--scene", "no-such-scene"); code != exitInvalid || !strings.Contains(errOut, "no-such-scene") {
		t.Errorf("hunt --scene no-such-scene: exit %d, stderr %q; want 2", code, errOut)
	}
}

// Paths and names from the command line reach the terminal escaped and,
// when very long, shortened: a missing file, a second FILE, a written
// fixture, one that exists.
func TestHostilePathsEscaped(t *testing.T) {
	fakeUI(t, nil)
	dir := t.TempDir()
	evil := filepath.Join(dir, "a\x1b]0;pwned\a\n.json")
	long := filepath.Join(dir, strings.Repeat("d", 3000), "x.json")
	cases := [][]string{
		{evil},                  // a missing file
		{"--fresh", evil, evil}, // too many files
		{"screenshot", "--out", "x.png", evil},
		{"export-scene", "spike", evil},
		{"export-scene", "spike", evil}, // exists now: never overwritten
		{long},
	}
	for _, args := range cases {
		_, out, errOut := runCmd(args...)
		all := out + errOut
		if strings.ContainsAny(all, "\x1b\a") || strings.Count(all, "\n") > 4 {
			t.Errorf("debugger %q printed control characters:\n%q", args, all)
		}
		if strings.Contains(all, strings.Repeat("d", 300)) {
			t.Errorf("debugger %q printed a 3000-byte path whole", args[:1])
		}
	}
}
