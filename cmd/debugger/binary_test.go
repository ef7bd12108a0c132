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
		{[]string{"replay", p["fail.json"]}, 1, "t: want 0.75, got 0.5"},
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
