package main

import (
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"sweepdbg/render"
)

// e2eNaiveEngine builds the naive C example engine, or skips without cc.
func e2eNaiveEngine(t *testing.T, dir string) string {
	t.Helper()
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skip("no C compiler (cc) to build examples/engines/c/naive.c")
	}
	bin := filepath.Join(dir, "naive")
	src, _ := filepath.Abs("../../examples/engines/c/naive.c")
	if out, err := exec.Command(cc, "-O2", "-std=c99", "-o", bin, src, "-lm").CombinedOutput(); err != nil {
		t.Fatalf("cc: %v\n%s", err, out)
	}
	return bin
}

// TestEndToEndEngine opens the window on the default scene with the naive
// C engine, waits for its judged answer (the debug print's "engines"
// line), takes a screenshot (F12) and checks the engine's colour is drawn.
func TestEndToEndEngine(t *testing.T) {
	e2eRequireDisplay(t)
	bin, tmp := e2eBuild(t)
	naive := e2eNaiveEngine(t, tmp)
	a := e2eStartApp(t, bin, tmp, "--fresh", "--engine", naive)
	wid := e2eWindow(t)
	judged := regexp.MustCompile(`(?m)^engines naive-c (agrees|wrong) fresh$`)
	a.waitFor("the engine's judged answer", func() bool { return judged.MatchString(a.out()) })
	e2eKey(t, wid, "F12")
	shots := filepath.Join(a.dir, "screenshots")
	a.waitFor("the screenshot", func() bool { return len(e2eFiles(shots, ".png")) == 1 })
	shot := e2eFiles(shots, ".png")[0]
	e2eKeep(t, shot)
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	c := render.EngineColor(0)
	if n := e2eCountNear(img, [3]int{int(c.R), int(c.G), int(c.B)}, 0); n < 20 {
		t.Errorf("the engine's colour %v covers %d pixels of the screenshot, want its legend swatch and outlines", render.EngineColor(0), n)
	}
	t.Logf("engine state: %s", judged.FindString(a.out()))
}

// e2eKeep copies a screenshot into $SWEEPDBG_E2E_SHOTS when set, to look
// at after the test.
func e2eKeep(t *testing.T, path string) {
	dir := os.Getenv("SWEEPDBG_E2E_SHOTS")
	if dir == "" {
		return
	}
	b, err := os.ReadFile(path)
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, t.Name()+".png"), b, 0o644)
	}
	if err != nil {
		t.Logf("keeping the screenshot: %v", err)
	}
}

// e2eWindow finds the debugger's window.
func e2eWindow(t *testing.T) string {
	t.Helper()
	return regexp.MustCompile(`\S+`).FindString(e2eXdo(t, "search", "--sync", "--onlyvisible", "--name", "sweepdbg collision debugger"))
}

// out is everything the app printed so far.
func (a *e2eApp) out() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.output.String()
}
