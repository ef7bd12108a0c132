package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sweepdbg/internal/testenv"
	"sync"
	"testing"

	"sweepdbg/scene"
)

// The example engines and capture demos, built once into engineDir.
var (
	engineDir  string
	buildOnce  sync.Once
	goEngine   string // examples/engines/go: agrees with the core
	naiveC     string // examples/engines/c/naive.c: deliberately wrong; "" without cc
	buildError error
)

func TestMain(m *testing.M) {
	if os.Getenv(fakeEngineEnv) != "" && len(os.Args) > 2 {
		os.Exit(fakeEngine(os.Args[2]))
	}
	dir, err := os.MkdirTemp("", "debugger-engines-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	engineDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// engines builds the example engines once; naive is "" when cc is missing.
func engines(t *testing.T) (goBin, naive string) {
	t.Helper()
	buildOnce.Do(func() {
		goEngine = filepath.Join(engineDir, "go-engine")
		out, err := exec.Command(testenv.GoTool(), "build", "-o", goEngine, "../../examples/engines/go").CombinedOutput()
		if err != nil {
			buildError = fmt.Errorf("go build examples/engines/go: %v\n%s", err, out)
			return
		}
		cc, err := exec.LookPath("cc")
		if err != nil {
			return
		}
		naiveC = filepath.Join(engineDir, "naive")
		if out, err := exec.Command(cc, "-O2", "-std=c99", "-o", naiveC, "../../examples/engines/c/naive.c", "-lm").CombinedOutput(); err != nil {
			buildError = fmt.Errorf("cc naive.c: %v\n%s", err, out)
		}
	})
	if buildError != nil {
		t.Fatal(buildError)
	}
	return goEngine, naiveC
}

// needNaive returns the naive C engine or skips the test.
func needNaive(t *testing.T) string {
	t.Helper()
	_, naive := engines(t)
	if naive == "" {
		t.Skip("cc is not installed: skipping the naive C engine (install a C compiler to run this test)")
	}
	return naive
}

// shellQuote quotes s for sh and for the engine command splitter.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// rotated is a fixture of the rotated ellipsoid of docs/engine-protocol.md
// falling onto the floor: semi-axes 2 along (1,1,0)/√2, 0.5 along
// (-1,1,0)/√2 and 1 along z, half-height sqrt(2 + 0.125), so it touches at
// t = (3 - sqrt(2.125))/4 where dividing by the radii per component says
// t = 0.625.
func rotated() string {
	t := (3 - math.Sqrt(2.125)) / 4
	return fmt.Sprintf(`{"version": 1, "name": "rotated",
  "mesh": {"vertices": [[0,0,0],[4,0,0],[0,0,4]], "triangles": [[0,1,2]]},
  "ellipsoid": {"axes": [[1.4142135623730951,1.4142135623730951,0],[-0.35355339059327373,0.35355339059327373,0],[0,0,1]]},
  "start": [2,3,1], "end": [2,-1,1],
  "expect": {"hit": true, "t": %v, "feature": "face", "triangle": 0, "tolerance": 1e-9}}`, t)
}

func TestReplayEngineAgrees(t *testing.T) {
	goBin, _ := engines(t)
	p := fixtures(t, map[string]string{"pass.json": passing})
	code, out, errOut := runCmd("replay", "--engine", tracked(t, goBin), p["pass.json"])
	if code != exitOK || !strings.Contains(out, `PASS `+p["pass.json"]+` engine "go-template": sweep agrees; slide agrees`) {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 0 and the engine's PASS line", code, out, errOut)
	}
}

func TestReplayEngineWrong(t *testing.T) {
	naive := needNaive(t)
	goBin, _ := engines(t)
	p := fixtures(t, map[string]string{"rotated.json": rotated()})
	code, out, errOut := runCmd("replay", "--engine", tracked(t, naive), "--engine", tracked(t, goBin), p["rotated.json"])
	lines := strings.Split(out, "\n")
	if code != exitFail || len(lines) < 3 || !strings.HasPrefix(lines[0], "PASS ") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 1, the core's PASS line, then one line per engine", code, out, errOut)
	}
	for _, want := range []string{`FAIL ` + p["rotated.json"] + ` engine "naive-c": sweep wrong: t off by `, "(tolerance 0.0001; T 0.625"} {
		if !strings.Contains(lines[1], want) {
			t.Errorf("naive line %q lacks %q", lines[1], want)
		}
	}
	// The fixture's expect is the core's (its own line): an engine is
	// judged by the judge alone.
	if strings.Contains(lines[1], "expect") {
		t.Errorf("naive line %q holds the engine to the fixture's expect", lines[1])
	}
	if !strings.Contains(lines[2], `PASS `+p["rotated.json"]+` engine "go-template"`) {
		t.Errorf("go engine line %q, want PASS", lines[2])
	}
}

func TestReplayEngineJSON(t *testing.T) {
	naive := needNaive(t)
	p := fixtures(t, map[string]string{"rotated.json": rotated()})
	code, out, _ := runCmd("replay", "--json", "--engine", tracked(t, naive), p["rotated.json"])
	var rec struct {
		Pass   bool `json:"pass"`
		Engine []struct {
			Name       string            `json:"name"`
			Pass       bool              `json:"pass"`
			Hit        *bool             `json:"hit"`
			T          *float64          `json:"t"`
			Final      *[3]float64       `json:"final"`
			State      string            `json:"state"`
			Rule       string            `json:"rule"`
			By         float64           `json:"by"`
			Verdicts   []verdictJSON     `json:"verdicts"`
			Tolerance  float64           `json:"tolerance"`
			Mismatches []json.RawMessage `json:"mismatches"`
		} `json:"engine"`
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil || code != exitFail {
		t.Fatalf("exit %d, %v:\n%s", code, err, out)
	}
	if rec.Pass || len(rec.Engine) != 1 {
		t.Fatalf("%+v: want a failing record with one engine", rec)
	}
	e := rec.Engine[0]
	if e.Name != "naive-c" || e.Pass || e.Hit == nil || !*e.Hit || e.T == nil || *e.T != 0.625 || e.Final == nil ||
		e.State != "wrong" || e.Rule != "t" || !(e.By > 1e-4) || len(e.Verdicts) != 2 || e.Mismatches != nil || e.Tolerance != 1e-4 {
		t.Errorf("engine record %+v: want naive-c, t 0.625, wrong on rule t, two verdicts, tolerance 1e-4, no mismatches", e)
	}
}

// brokenAfterHello answers hello, then writes a line on standard error and
// text where the mesh's answer goes.
const brokenAfterHello = `sh -c 'read x; echo "{\"protocol\":1,\"ops\":[\"sweep\"]}"; read x; echo "my-engine: loaded mesh" >&2; echo "sweeping 1 triangle"; sleep 5'`

func TestReplayEngineBroken(t *testing.T) {
	p := fixtures(t, map[string]string{"a.json": passing, "b.json": passing})
	cases := []struct {
		name, cmd string
		stderr    []string
	}{
		{"bad hello", tracked(t, `sh -c 'read x; echo notjson'`), []string{`engine "sh" (command "sh -c `, `") broke on hello #1`, `(wrote "notjson")`}},
		{"bad answer", tracked(t, brokenAfterHello), []string{`engine "sh" (command "sh -c `, `") broke on mesh #2`, `(wrote "sweeping 1 triangle")`, "engine stderr (last lines):\n  \"my-engine: loaded mesh\""}},
		{"missing", filepath.Join(t.TempDir(), "no-such-engine"), []string{`engine "no-such-engine" (command "`, `no-such-engine") broke on hello #1: cannot start`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runCmd("replay", "--engine", c.cmd, p["a.json"], p["b.json"])
			if code != exitInvalid || strings.Contains(out, p["b.json"]) {
				t.Errorf("exit %d\nstdout:\n%s\nwant exit 2 and b.json not replayed", code, out)
			}
			for _, want := range c.stderr {
				if !strings.Contains(errOut, want) {
					t.Errorf("stderr:\n%s\nlacks %q", errOut, want)
				}
			}
		})
	}
}

// captureDemos runs the capture demos that can run here and returns their
// outputs.
func captureDemos(t *testing.T) []string {
	t.Helper()
	dir := t.TempDir()
	var outs []string
	if py, err := exec.LookPath("python3"); err == nil {
		out := filepath.Join(dir, "py.jsonl")
		runTool(t, py, "../../examples/capture/python/capture.py", out)
		outs = append(outs, out)
	}
	if cc, err := exec.LookPath("cc"); err == nil {
		bin, out := filepath.Join(dir, "demo"), filepath.Join(dir, "c.jsonl")
		runTool(t, cc, "-O2", "-std=c99", "-o", bin, "../../examples/capture/c/demo.c")
		runTool(t, bin, out)
		outs = append(outs, out)
	}
	if len(outs) == 0 {
		t.Skip("neither python3 nor cc is installed: no capture demo can run")
	}
	return outs
}

func runTool(t *testing.T, argv ...string) {
	t.Helper()
	if out, err := exec.Command(argv[0], argv[1:]...).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(argv, " "), err, out)
	}
}

// TestReplayCaptureDemos: each demo writes one deliberately wrong line
// (line 4, frame 3, t = 0.4 where the exact contact is at 0.5); replay
// lists exactly that line and exits 1.
func TestReplayCaptureDemos(t *testing.T) {
	for _, file := range captureDemos(t) {
		code, out, errOut := runCmd("replay", file)
		var wrong []string
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "WRONG") {
				wrong = append(wrong, l)
			}
		}
		want := "WRONG " + file + `:4 frame 3 label "wrong on purpose" sweep wrong: t off by 0.4`
		if code != exitFail || len(wrong) != 1 || !strings.HasPrefix(wrong[0], want) || !strings.Contains(out, file+": 7 queries, 1 wrong (t: 1)") {
			t.Errorf("%s: exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 1, one line %q and the summary", file, code, out, errOut, want)
		}
	}
}

// TestReplayCaptureJSON: one record per query line with its place, op and
// verdict, then the summary; with --engine each record has the engine's
// verdict too.
func TestReplayCaptureJSON(t *testing.T) {
	naive := needNaive(t)
	file := captureDemos(t)[0]
	code, out, _ := runCmd("replay", "--json", "--engine", tracked(t, naive), file)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != exitFail || len(lines) != 8 || !strings.Contains(lines[7], `"summary":{"queries":7,"wrong":1,`) ||
		!strings.Contains(lines[7], `"name":"naive-c","queries":7,"wrong":0,"satOut":3,`) {
		t.Fatalf("exit %d, %d lines:\n%s\nwant exit 1, 7 records and the summary (the engine sits out the capsule and box lines)", code, len(lines), out)
	}
	var recs []captureRecord
	for _, l := range lines[:7] {
		var r captureRecord
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		recs = append(recs, r)
	}
	r := recs[2]
	if r.Line != 4 || r.Frame == nil || *r.Frame != 3 || r.Label == nil || *r.Label != "wrong on purpose" || r.Op != "sweep" || r.Pass ||
		r.State != "wrong" || r.Rule != "t" || r.By == nil || len(r.Engine) != 1 || r.Engine[0].Name != "naive-c" || r.Engine[0].State != "agrees" {
		t.Errorf("record of line 4: %+v", r)
	}
	if !recs[0].Pass || recs[0].Line != 2 || recs[3].Op != "slide" {
		t.Errorf("records: %+v", recs)
	}
}

// TestReplayCaptureMalformed: every bad line is named (the file goes on),
// the good lines are judged, and the exit status is 2.
func TestReplayCaptureMalformed(t *testing.T) {
	body := strings.Join([]string{
		`{"op":"mesh","id":1,"vertices":[[0,0,0],[4,0,0],[0,0,4]],"triangles":[[0,1,2]]}`,
		`{"op":"sweep","mesh":2,"ellipsoid":{"axes":[[1,0,0],[0,1,0],[0,0,1]]},"start":[1,3,1],"end":[1,-1,1],"answer":{"hit":false}}`,
		"not json \x1b[31m",
		`{"op":"sweep","mesh":1,"ellipsoid":{"axes":[[1,0,0],[0,1,0],[0,0,1]]},"start":[1,3,1],"end":[1,-1,1],"answer":{"hit":true,"t":0.4}}`,
		`{"op":"slide","mesh":1,"ellipsoid":{"axes":[[1,0,0],[0,1,0],[0,0,1]]},"start":[1,2,1],"end":[2,0,1],"answer":{"steps":[]}}`,
	}, "\n") + "\n"
	p := fixtures(t, map[string]string{"bad.jsonl": body, "pass.json": passing})
	code, out, _ := runCmd("replay", p["bad.jsonl"], p["pass.json"])
	for _, want := range []string{
		"INVALID " + p["bad.jsonl"] + ": capture line 2: field mesh: mesh id not defined by an earlier mesh line: 2",
		"INVALID " + p["bad.jsonl"] + ": capture line 3: not one JSON object",
		"WRONG " + p["bad.jsonl"] + ":4 sweep wrong: t off by",
		"INVALID " + p["bad.jsonl"] + ": capture line 5: field answer: required field missing: final",
		p["bad.jsonl"] + ": 1 queries, 1 wrong (t: 1), 3 malformed lines",
		"PASS " + p["pass.json"],
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q", want)
		}
	}
	if code != exitInvalid || strings.Contains(out, "\x1b") {
		t.Errorf("exit %d, stdout:\n%q\nwant exit 2 and nothing unescaped", code, out)
	}
}

// TestHuntEngine: hunting the naive engine on the floor finds something;
// every fixture keeps at most 4 triangles, passes on the core and fails
// on the naive engine.
func TestHuntEngine(t *testing.T) {
	naive := needNaive(t)
	out := t.TempDir()
	code, stdout, stderr := runCmd("hunt", "--engine", tracked(t, naive), "--scene", "floor", "--time", "2s", "--seed", "1", "--out", out)
	if code != 1 || !strings.Contains(stdout, "naive-c: ") || !strings.Contains(stderr, "q/s") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 1, findings named after naive-c and a progress line with q/s", code, stdout, stderr)
	}
	files, _ := filepath.Glob(filepath.Join(out, "*.json"))
	if len(files) == 0 {
		t.Fatal("no fixture written")
	}
	for _, f := range files {
		s, err := scene.Load(f)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(s.Mesh.Triangles); n > 4 {
			t.Errorf("%s: %d triangles, want at most 4", f, n)
		}
		if code, out, _ := runCmd("replay", f); code != exitOK {
			t.Errorf("replay %s on the core: exit %d\n%s", f, code, out)
		}
		if code, out, _ := runCmd("replay", "--engine", tracked(t, naive), f); code != exitFail {
			t.Errorf("replay --engine naive %s: exit %d\n%s", f, code, out)
		}
	}
}

// TestHuntEngineBroken: a broken engine ends the hunt with exit 2, naming
// the engine and the request; an unwritable --out is refused before the
// search.
func TestHuntEngineBroken(t *testing.T) {
	out := t.TempDir()
	code, _, stderr := runCmd("hunt", "--engine", tracked(t, brokenAfterHello), "--scene", "floor", "--time", "30s", "--out", out)
	if code != exitInvalid || !strings.Contains(stderr, `engine "sh" (command "sh -c `) || !strings.Contains(stderr, `") broke on mesh #2`) || !strings.Contains(stderr, `"my-engine: loaded mesh"`) {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 2 naming the engine, the request and its stderr", code, stderr)
	}
	file := filepath.Join(out, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runCmd("hunt", "--engine", tracked(t, brokenAfterHello), "--scene", "floor", "--out", filepath.Join(file, "sub"))
	if code != exitInvalid || !strings.Contains(stderr, "--out") {
		t.Errorf("unwritable --out: exit %d, stderr:\n%s", code, stderr)
	}
}

// TestReplayEngineExtraAfterLast: an engine that writes a second line to
// the last request of the run (no request follows to notice it) is broken:
// exit 2, naming the engine and the request after which it wrote.
func TestReplayEngineExtraAfterLast(t *testing.T) {
	p := fixtures(t, map[string]string{"pass.json": passing})
	code, out, errOut := runCmd("replay", "--engine", fakeEngineCmd(t, "extra"), p["pass.json"])
	if code != exitInvalid || !strings.Contains(out, `PASS `+p["pass.json"]+` engine "fake-extra"`) ||
		!strings.Contains(errOut, `engine "fake-extra" broke after slide #4 (mesh `) || !strings.Contains(errOut, "wrote a line nobody asked for") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 2, the judged line, and the break after the last slide", code, out, errOut)
	}
	code, _, errOut = runCmd("replay", "--engine", fakeEngineCmd(t, "good"), p["pass.json"])
	if code != exitOK || errOut != "" {
		t.Errorf("a good engine: exit %d, stderr %q; want 0 and nothing", code, errOut)
	}
}

// TestReplayEngineVariantsNamed: two variants of one program that exit
// before their hello are told apart by their commands.
func TestReplayEngineVariantsNamed(t *testing.T) {
	p := fixtures(t, map[string]string{"pass.json": passing})
	var msgs []string
	for _, v := range []string{"a", "b"} {
		code, _, errOut := runCmd("replay", "--engine", fakeEngineCmd(t, "exit", "--mode", v), p["pass.json"])
		if code != exitInvalid || !strings.Contains(errOut, `exit --mode `+v+`") broke on hello #1: exited`) || !strings.Contains(errOut, "cannot load level") {
			t.Errorf("variant %s: exit %d, stderr:\n%s\nwant exit 2 naming the command", v, code, errOut)
		}
		msgs = append(msgs, strings.SplitN(errOut, "\n", 2)[0])
	}
	if msgs[0] == msgs[1] {
		t.Errorf("both variants read %q", msgs[0])
	}
}
