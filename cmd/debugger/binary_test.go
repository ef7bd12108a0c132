package main

import (
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sweepdbg/internal/testenv"
	"sync"
	"testing"
)

// The debugger binary, built once into engineDir by debuggerBinary.
var (
	binOnce  sync.Once
	binPath  string
	binError error
)

// debuggerBinary builds the real binary once (into engineDir, removed by
// TestMain) and returns its path.
func debuggerBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		binPath = filepath.Join(engineDir, "debugger")
		if runtime.GOOS == "windows" {
			binPath += ".exe"
		}
		if out, err := exec.Command(testenv.GoTool(), "build", "-o", binPath, ".").CombinedOutput(); err != nil {
			binError = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binError != nil {
		t.Fatal(binError)
	}
	return binPath
}

// TestBinaryExitCodes builds the real binary and checks the exit status
// and output of the headless commands as a shell sees them.
func TestBinaryExitCodes(t *testing.T) {
	dir := t.TempDir()
	bin := debuggerBinary(t)
	p := fixtures(t, map[string]string{
		"pass.json": passing,
		"fail.json": strings.Replace(passing, `"t": 0.5`, `"t": 0.75`, 1),
		"miss.json": strings.Replace(passing, `"end": [1,-1,1]`, `"end": [1,2.5,1]`, 1),
		"bad.json":  strings.Replace(passing, `[[0,1,2]]`, `[[0,1,2],[2,1,40]]`, 1),
	})
	exported := filepath.Join(dir, "out.json")
	cases := []struct {
		args []string
		code int
		out  string // a piece of stdout or stderr
	}{
		{[]string{"replay", p["pass.json"]}, 0, "PASS"},
		{[]string{"replay", "--json", p["pass.json"]}, 0, `"pass":true`},
		{[]string{"replay", p["pass.json"], p["miss.json"]}, 1, "FAIL " + p["miss.json"] + " (by-hand): hit: want true, got false"},
		{[]string{"replay", p["bad.json"], p["pass.json"]}, 2, "INVALID " + p["bad.json"] + ": mesh.triangles[1][2]: index 40 out of range (3 vertices)"},
		{[]string{"replay", p["fail.json"]}, 1, "t off by 0.25 (tolerance 1e-06): want 0.75, got 0.5"},
		{[]string{"scenes"}, 0, "wall-ramp"},
		{[]string{"export-scene", "spike", exported}, 0, "wrote " + exported},
		{[]string{"export-scene", "spike", exported}, 1, "never overwrites"},
		{[]string{"replay", exported}, 0, "PASS " + exported + " (spike)"},
		{[]string{"frobnicate"}, 2, "unknown command or file"},
		// An invalid file is exit 2 before any window opens, prefixed once.
		{[]string{"screenshot", p["bad.json"], "--out", filepath.Join(dir, "s.png")}, 2,
			"debugger: screenshot: " + p["bad.json"] + ": mesh.triangles[1][2]: index 40 out of range"},
	}
	for _, c := range cases {
		code, out := runBinary(t, exec.Command(bin, c.args...))
		if code != c.code || !strings.Contains(string(out), c.out) || strings.Contains(string(out), "screenshot: screenshot:") {
			t.Errorf("debugger %s: exit %d, output\n%s\nwant exit %d and %q", strings.Join(c.args, " "), code, out, c.code, c.out)
		}
	}
}

// TestBinaryShapeErrors runs the real binary on fixtures whose capsule or
// box is wrong: each is exit 2 (invalid input) with INVALID, the file and
// the field named (a valid file beside it does not change the status).
func TestBinaryShapeErrors(t *testing.T) {
	bin := debuggerBinary(t)
	capsule := strings.Replace(strings.Replace(passing, `"version": 1`, `"version": 2`, 1),
		`"ellipsoid": {"axes": [[0.5,0,0],[0,1,0],[0,0,0.5]]}`, `"capsule": {"radius": 0.5, "halfSegment": [0, 0.5, 0]}`, 1)
	box := strings.Replace(capsule, `"capsule": {"radius": 0.5, "halfSegment": [0, 0.5, 0]}`, `"box": {"axes": [[0.5,0,0],[0,1,0],[0,0,0.5]]}`, 1)
	bad := map[string]string{
		"radius.json":   strings.Replace(capsule, `"radius": 0.5`, `"radius": -1`, 1),
		"v1.json":       strings.Replace(capsule, `"version": 2`, `"version": 1`, 1),
		"two.json":      strings.Replace(capsule, `"start"`, `"ellipsoid": {"axes": [[1,0,0],[0,1,0],[0,0,1]]}, "start"`, 1),
		"boxzero.json":  strings.Replace(box, `[0,1,0]`, `[0,0,0]`, 1),
		"boxskew.json":  strings.Replace(box, `[0,0,0.5]]`, `[0.5,0,0.5]]`, 1),
		"segment.json":  strings.Replace(capsule, `[0, 0.5, 0]`, `[0, 0.5]`, 1),
		"boxvalid.json": box,
	}
	want := map[string]string{
		"radius.json":  "capsule.radius: -1 is not positive",
		"v1.json":      `capsule: version 1 cannot hold a capsule (write "version": 2)`,
		"two.json":     `capsule: two shapes: "ellipsoid" and "capsule"`,
		"boxzero.json": "box.axes[1]: zero-length axis",
		"boxskew.json": "box.axes: axes 0 and 2 are not orthogonal",
		"segment.json": "capsule.halfSegment: want an array of 3 numbers, got 2 elements",
	}
	p := fixtures(t, bad)
	for name, msg := range want {
		code, out := runBinary(t, exec.Command(bin, "replay", p[name], p["boxvalid.json"]))
		if code != 2 || !strings.Contains(string(out), "INVALID "+p[name]+": "+msg) {
			t.Errorf("debugger replay %s: exit %d, output\n%s\nwant exit 2 and INVALID %s: %s", name, code, out, p[name], msg)
		}
	}
	// A valid version-2 file is not refused (whatever the core answers).
	if code, out := runBinary(t, exec.Command(bin, "replay", p["boxvalid.json"])); code == 2 || strings.Contains(string(out), "INVALID") {
		t.Errorf("debugger replay (valid box fixture): exit %d, output\n%s", code, out)
	}
}

// runBinary runs cmd and returns its exit status and combined output; a
// command that could not start fails the test.
func runBinary(t *testing.T, cmd *exec.Cmd) (int, []byte) {
	t.Helper()
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), out
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, out
}
