package main

// The end-to-end test: the real binary in a real X window (Xvfb under
// `make test`), driven by real input events from xdotool.
//
// To know where the red (end) ellipsoid is on screen, the test starts the
// binary with SWEEPDBG_DEBUG_PRINT=1, which makes the window print
// "poses start X Y end X Y size W H hover POSE capture C mode M cursor X Y
// triangle T selected S" (window pixels) whenever one of them changes. Every step waits for the
// app to show it took the previous one (the hover before pressing, the drag
// mode before moving, the moved pose before releasing), so a slow
// software-GL frame rate (a few frames per second on a loaded CI machine)
// does not merge or lose events.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"sweepdbg/scene"
)

// e2eWait bounds every wait for the app (start-up, an export appearing).
// It is a liveness limit on a loaded CI machine, not a speed assertion.
const e2eWait = 60 * time.Second

type e2ePoses struct {
	sx, sy, ex, ey, w, h int
	hover                string // the pose whose box is under the cursor, or "none"
	capture, mode        int    // debugui's capture bits; the mouse mode (3: dragging a pose)
	cx, cy               int    // the cursor
	tri, sel             int    // the triangle under the cursor and the selected one; -1 for none
}

// e2eApp is the running binary and what it printed.
type e2eApp struct {
	t      *testing.T
	cmd    *exec.Cmd
	dir    string
	mu     sync.Mutex
	last   e2ePoses
	seen   bool
	output strings.Builder
}

func (a *e2eApp) read(r io.Reader) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		a.mu.Lock()
		a.output.WriteString(line + "\n")
		var p e2ePoses
		if n, _ := fmt.Sscanf(line, "poses start %d %d end %d %d size %d %d hover %s capture %d mode %d cursor %d %d triangle %d selected %d",
			&p.sx, &p.sy, &p.ex, &p.ey, &p.w, &p.h, &p.hover, &p.capture, &p.mode, &p.cx, &p.cy, &p.tri, &p.sel); n == 13 {
			a.last, a.seen = p, true
		}
		a.mu.Unlock()
	}
}

func (a *e2eApp) poses() (e2ePoses, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.last, a.seen
}

// waitFor polls cond until it holds or e2eWait passes.
func (a *e2eApp) waitFor(what string, cond func() bool) {
	a.t.Helper()
	deadline := time.Now().Add(e2eWait)
	for !cond() {
		if time.Now().After(deadline) {
			a.mu.Lock()
			out := a.output.String()
			a.mu.Unlock()
			a.t.Fatalf("timed out waiting for %s; app output:\n%s", what, out)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// e2eFiles lists dir/*ext, sorted.
func e2eFiles(dir, ext string) []string {
	m, _ := filepath.Glob(filepath.Join(dir, "*"+ext))
	sort.Strings(m)
	return m
}

func e2eXdo(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), e2eWait)
	defer cancel()
	out, err := exec.CommandContext(ctx, "xdotool", args...).CombinedOutput()
	if err != nil {
		t.Fatalf("xdotool %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// e2eKey raises and focuses the window, then presses the key combination
// (real XTEST events, which go to the focused window). Focusing every time keeps the
// keys ours even when another test's window appeared meanwhile.
func e2eKey(t *testing.T, wid, keys string) {
	t.Helper()
	e2eXdo(t, "windowraise", wid)
	e2eXdo(t, "windowfocus", "--sync", wid)
	// Held for a while: a slow software-GL frame must see the key down.
	e2eXdo(t, "keydown", keys, "sleep", "0.3", "keyup", keys)
}

func e2eRequireDisplay(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		if testing.Short() {
			t.Skip("end-to-end test needs an X display; none set (-short): run `make test` to use Xvfb")
		}
		t.Fatal("end-to-end test needs an X display: DISPLAY is not set. Run it under Xvfb: " +
			`xvfb-run -a -s "-screen 0 1600x1000x24" go test ./cmd/debugger (make test does this)`)
	}
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Fatal("end-to-end test needs xdotool (apt-get install xdotool; make test installs it)")
	}
}

func e2eGoTool() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return filepath.Join(runtime.GOROOT(), "bin", "go")
}

// e2eBuild builds the real binary into a temporary directory.
func e2eBuild(t *testing.T) (bin, tmp string) {
	tmp = t.TempDir()
	bin = filepath.Join(tmp, "debugger")
	build := exec.Command(e2eGoTool(), "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin, tmp
}

// e2eStartApp starts bin with args in tmp/work, with its config (the
// session) in tmp/config.
func e2eStartApp(t *testing.T, bin, tmp string, args ...string) *e2eApp {
	work := filepath.Join(tmp, "work")
	if err := os.MkdirAll(work, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = work
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+filepath.Join(tmp, "config"), "SWEEPDBG_DEBUG_PRINT=1")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	a := &e2eApp{t: t, cmd: cmd, dir: work}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go a.read(stdout)
	t.Cleanup(a.stop)
	return a
}

// stop ends the app (idempotent).
func (a *e2eApp) stop() {
	_ = a.cmd.Process.Kill()
	_ = a.cmd.Wait()
}

// e2eLaunchFresh builds the binary, starts it with --fresh, finds its
// window and waits for the first printed poses. It fails the test when no
// display is available.
func e2eLaunchFresh(t *testing.T) (bin, tmp string, a *e2eApp, wid string, p0 e2ePoses) {
	e2eRequireDisplay(t)
	bin, tmp = e2eBuild(t)
	a = e2eStartApp(t, bin, tmp, "--fresh")
	wid = e2eWindowOf(t, a)
	a.waitFor("the window to print the poses", func() bool { _, ok := a.poses(); return ok })
	p0, _ = a.poses()
	return bin, tmp, a, wid, p0
}

// TestEndToEnd exports with Ctrl+E, drags the red ellipsoid with the
// mouse, exports again, undoes and redoes the drag (Ctrl+Z, Ctrl+Shift+Z),
// and checks the two fixtures (the end moved, the start did not) and a
// screenshot (F12) showing the start and end colours.
// Then it starts the app again without --fresh: the autosaved session
// brings the moved end back.
func TestEndToEnd(t *testing.T) {
	bin, tmp, a, wid, p0 := e2eLaunchFresh(t)

	// Pointer inside the window (keys follow the pointer without a window
	// manager), then focus it and export.
	e2eXdo(t, "mousemove", "--window", wid, fmt.Sprint(p0.w/2), fmt.Sprint(p0.h-4))
	fixtures := filepath.Join(a.dir, scene.DefaultExportDir)
	e2eKey(t, wid, "ctrl+e")
	a.waitFor("the first export", func() bool { return len(e2eFiles(fixtures, ".json")) == 1 })

	p1 := a.dragEnd(wid, p0) // where the drag left the end (one undo step)
	if p1.sx != p0.sx || p1.sy != p0.sy {
		t.Errorf("the start pose moved on screen: %+v -> %+v", p0, p1)
	}

	e2eKey(t, wid, "ctrl+e")
	a.waitFor("the second export", func() bool { return len(e2eFiles(fixtures, ".json")) == 2 })
	// Undo puts the end back where it was; redo moves it again.
	e2eKey(t, wid, "ctrl+z")
	a.waitFor("undo to restore the end", func() bool { p, _ := a.poses(); return p.ex == p0.ex && p.ey == p0.ey })
	e2eKey(t, wid, "ctrl+shift+z")
	a.waitFor("redo to move the end again", func() bool { p, _ := a.poses(); return p.ex == p1.ex && p.ey == p1.ey })
	e2eKey(t, wid, "F12")
	shots := filepath.Join(a.dir, "screenshots")
	a.waitFor("the screenshot", func() bool { return len(e2eFiles(shots, ".png")) == 1 })

	got := e2eFiles(fixtures, ".json")
	first, err := scene.Load(got[0])
	if err != nil {
		t.Fatal(err)
	}
	second, err := scene.Load(got[1])
	if err != nil {
		t.Fatal(err)
	}
	if first.End == second.End {
		t.Errorf("the end did not move between the exports: %v", first.End)
	}
	if first.Start != second.Start {
		t.Errorf("the start moved: %v -> %v", first.Start, second.Start)
	}
	if second.Expect == nil || second.Expect.Hit == nil {
		t.Errorf("the export has no expected result")
	}
	e2eCheckColours(t, e2eFiles(shots, ".png")[0])

	// The session autosaves within a few seconds of a change.
	session := filepath.Join(tmp, "config", "sweepdbg", "session.json")
	a.waitFor("the session to be saved", func() bool {
		var sess struct{ Scene json.RawMessage }
		data, err := os.ReadFile(session)
		if err != nil || json.Unmarshal(data, &sess) != nil {
			return false
		}
		s, err := scene.Parse(sess.Scene)
		return err == nil && s.End == second.End
	})
	a.stop()
	b := e2eStartApp(t, bin, tmp)
	b.waitFor("the restarted window to print the poses", func() bool { _, ok := b.poses(); return ok })
	p2, _ := b.poses()
	if e2eAbs(p2.ex-p1.ex) > 2 || e2eAbs(p2.ey-p1.ey) > 2 || e2eAbs(p2.sx-p1.sx) > 2 {
		t.Errorf("restarted app shows poses %+v, want the session's %+v", p2, p1)
	}
}

// dragEnd drags the end ellipsoid 150 pixels to the right, in small
// steps, and returns the poses after the drag (one undo step).
func (a *e2eApp) dragEnd(wid string, p0 e2ePoses) e2ePoses {
	t := a.t
	t.Helper()
	e2eXdo(t, "windowraise", wid) // above any window another package's test opened
	e2eXdo(t, "mousemove", "--window", wid, fmt.Sprint(p0.ex), fmt.Sprint(p0.ey))
	a.waitFor("the end pose to be hovered", func() bool { p, _ := a.poses(); return p.hover == "end" })
	e2eXdo(t, "mousedown", "1")
	a.waitFor("the drag to start", func() bool { p, _ := a.poses(); return p.mode == 3 })
	for i := 1; i <= 10; i++ {
		time.Sleep(50 * time.Millisecond)
		e2eXdo(t, "mousemove", "--window", wid, fmt.Sprint(p0.ex+15*i), fmt.Sprint(p0.ey))
	}
	// The center follows the grab point on the box face, which is nearer
	// the eye, so it moves on screen by a bit less or more than the mouse.
	a.waitFor("the end pose to follow the mouse", func() bool { p, _ := a.poses(); return p.ex-p0.ex >= 100 })
	e2eXdo(t, "mouseup", "1")
	a.waitFor("the drag to end", func() bool { p, _ := a.poses(); return p.mode == 0 })
	p1, _ := a.poses()
	return p1
}

// e2eCheckColours requires pixels of the start (#2ECC40) and end (#FF4136)
// colours in the PNG, within a small tolerance for blending at edges.
func e2eCheckColours(t *testing.T, path string) {
	e2eRequireColours(t, path, image.Rectangle{}, map[string][3]int{"start #2ECC40": {0x2E, 0xCC, 0x40}, "end #FF4136": {0xFF, 0x41, 0x36}})
}

// e2eRequireColours requires at least 10 pixels of each named colour in
// the PNG's part within (all of it when within is empty), within a small
// tolerance for blending at edges.
func e2eRequireColours(t *testing.T, path string, within image.Rectangle, want map[string][3]int) {
	t.Helper()
	for name, c := range want {
		if n := e2eCountIn(t, path, within, c); n < 10 {
			t.Errorf("%s: %d pixels of the %s colour, want at least 10", path, n, name)
		}
	}
}

// e2eCountIn counts the pixels of colour c in the PNG's part within (all
// of it when within is empty), within a small tolerance for blending at
// edges.
func e2eCountIn(t *testing.T, path string, within image.Rectangle, c [3]int) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if !within.Empty() {
		img = img.(interface {
			SubImage(image.Rectangle) image.Image
		}).SubImage(within)
	}
	return e2eCountNear(img, c, 6)
}

func e2eCountNear(img image.Image, c [3]int, tol int) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if e2eAbs(int(r>>8)-c[0]) <= tol && e2eAbs(int(g>>8)-c[1]) <= tol && e2eAbs(int(bl>>8)-c[2]) <= tol {
				n++
			}
		}
	}
	return n
}

func e2eAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// e2ePlay is one "play ..." line the window prints (see ui's printPlay).
type e2ePlay struct {
	state      string
	tick       int
	pos        [3]float64
	dist       float64
	inside     bool
	start, end [3]float64
}

// plays returns every play line printed so far.
func (a *e2eApp) plays() []e2ePlay {
	a.mu.Lock()
	out := a.output.String()
	a.mu.Unlock()
	var ps []e2ePlay
	for _, line := range strings.Split(out, "\n") {
		var p e2ePlay
		n, _ := fmt.Sscanf(line, "play %s tick %d pos %g %g %g dist %g inside %t start %g %g %g end %g %g %g",
			&p.state, &p.tick, &p.pos[0], &p.pos[1], &p.pos[2], &p.dist, &p.inside,
			&p.start[0], &p.start[1], &p.start[2], &p.end[0], &p.end[1], &p.end[2])
		if n == 13 {
			ps = append(ps, p)
		}
	}
	return ps
}

// lastPlay returns the last play line in state, if any.
func (a *e2eApp) lastPlay(state string) (e2ePlay, bool) {
	ps := a.plays()
	for i := len(ps) - 1; i >= 0; i-- {
		if ps[i].state == state {
			return ps[i], true
		}
	}
	return e2ePlay{}, false
}

// TestEndToEndPlay walks the ellipsoid with real keys: P starts play mode,
// W held for a second and a half walks, P pauses; the player moved, and
// neither the pause nor any tick it printed is inside geometry. Then I
// inspects the paused tick and Ctrl+E exports it: the fixture's start and
// end are that tick's motion.
func TestEndToEndPlay(t *testing.T) {
	_, _, a, wid, p0 := e2eLaunchFresh(t)
	// The pointer in the middle of the view, away from the panels.
	e2eXdo(t, "mousemove", "--window", wid, fmt.Sprint(p0.w/2), fmt.Sprint(p0.h/2))

	e2eKey(t, wid, "p")
	a.waitFor("play to start", func() bool { _, ok := a.lastPlay("running"); return ok })
	begin, _ := a.lastPlay("running")
	// Let the player fall onto the floor first, then walk.
	time.Sleep(700 * time.Millisecond)
	e2eXdo(t, "windowfocus", "--sync", wid)
	e2eXdo(t, "keydown", "w", "sleep", "1.5", "keyup", "w")
	e2eKey(t, wid, "p")
	a.waitFor("play to pause", func() bool { _, ok := a.lastPlay("paused"); return ok })
	end, _ := a.lastPlay("paused")
	for _, p := range a.plays() {
		if p.inside || p.dist < 1-1e-6 {
			t.Errorf("play line inside geometry: %+v", p)
		}
	}
	dx, dz := end.pos[0]-begin.pos[0], end.pos[2]-begin.pos[2]
	if walked := dx*dx + dz*dz; walked < 0.5*0.5 || end.tick < 10 {
		t.Fatalf("the player did not walk: from %+v to %+v", begin, end)
	}
	t.Logf("walked from %.3v to %.3v in %d ticks, unit distance %.6f at the pause", begin.pos, end.pos, end.tick, end.dist)

	e2eKey(t, wid, "i")
	fixtures := filepath.Join(a.dir, scene.DefaultExportDir)
	e2eKey(t, wid, "ctrl+e")
	a.waitFor("the export of the inspected tick", func() bool { return len(e2eFiles(fixtures, ".json")) == 1 })
	s, err := scene.Load(e2eFiles(fixtures, ".json")[0])
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if d := s.Start[i] - end.start[i]; d > 1e-8 || d < -1e-8 {
			t.Errorf("exported start %v, the paused tick's %v", s.Start, end.start)
		}
		if d := s.End[i] - end.end[i]; d > 1e-8 || d < -1e-8 {
			t.Errorf("exported end %v, the paused tick's %v", s.End, end.end)
		}
	}
}

// e2eWindowOf finds the window of a's process by its _NET_WM_PID, not by
// its title: a window of an earlier test (still closing) or of another
// package's test on the same display has the same title.
func e2eWindowOf(t *testing.T, a *e2eApp) string {
	return strings.Fields(e2eXdo(t, "search", "--sync", "--onlyvisible", "--pid", fmt.Sprint(a.cmd.Process.Pid), "--name", "sweepdbg collision debugger"))[0]
}
