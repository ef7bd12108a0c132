package ui

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// The pixel tests need a GL context, which Ebitengine provides only inside
// its game loop on the main thread, and the other tests must not run in
// it (debugui would read the real pointer). A pixel test therefore runs
// the test binary again for itself (inLoop) with pixelEnv set, and
// TestMain then runs the tests from the first Update of a tiny game.

// pixelEnv, set to 1, makes TestMain run the tests inside the game loop.
const pixelEnv = "SWEEPDBG_UI_PIXEL_TEST"

// displayOK is true inside the game loop.
var displayOK bool

type testLoop struct {
	m    *testing.M
	code int
}

func (l *testLoop) Update() error {
	l.code = l.m.Run()
	return ebiten.Termination
}

func (l *testLoop) Draw(*ebiten.Image) {}

func (l *testLoop) Layout(int, int) (int, int) { return 64, 64 }

func TestMain(m *testing.M) {
	if os.Getenv(pixelEnv) != "1" {
		os.Exit(m.Run())
	}
	displayOK = true
	ebiten.SetWindowSize(64, 64)
	ebiten.SetWindowTitle("ui tests")
	ebiten.SetRunnableOnUnfocused(true)
	l := &testLoop{m: m, code: 1}
	if err := ebiten.RunGame(l); err != nil {
		fmt.Fprintln(os.Stderr, "ui tests: cannot start the Ebitengine game loop:", err)
		os.Exit(1)
	}
	os.Exit(l.code)
}

// inLoop reports whether the test runs inside the game loop; outside, it
// runs the test binary again for the test t alone with pixelEnv set,
// failing t with its output if that run fails, and returns false. The
// test then returns at once:
//
//	if !inLoop(t) {
//		return
//	}
func inLoop(t *testing.T) bool {
	t.Helper()
	if displayOK {
		return true
	}
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		t.Fatal(`this pixel test needs a display (DISPLAY is unset): run it under Xvfb, ` +
			`xvfb-run -a -s "-screen 0 1600x1000x24" go test ./ui`)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), pixelEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s in the game loop: %v\n%s", t.Name(), err, out)
	}
	if !strings.Contains(string(out), "--- PASS: "+t.Name()) {
		t.Fatalf("%s in the game loop ran no test:\n%s", t.Name(), out)
	}
	return false
}
