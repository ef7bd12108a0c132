package main

// End-to-end checks of the window as a person uses it: a number field
// gives the keyboard back after Enter, every panel is on screen in a small
// window, and an idle window does not keep a core busy.

import (
	"fmt"
	"image"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"sweepdbg/scene"
)

// widgets returns the last "panel ..." or "field ..." bounds printed for
// each name of that kind (see ui's printWidgets).
func (a *e2eApp) widgets(kind string) map[string][4]int {
	a.mu.Lock()
	out := a.output.String()
	a.mu.Unlock()
	m := map[string][4]int{}
	for _, line := range strings.Split(out, "\n") {
		var name string
		var r [4]int
		if n, _ := fmt.Sscanf(line, kind+" %s %d %d %d %d", &name, &r[0], &r[1], &r[2], &r[3]); n == 5 {
			m[name] = r
		}
	}
	return m
}

// TestEndToEndNumberField clicks the radius x field, types 0.6 at ten
// keys a second, presses Enter, then Ctrl+E: the shortcut acts (a fixture
// appears) and the fixture holds the typed radius, so the field took the
// number and gave the keyboard back.
func TestEndToEndNumberField(t *testing.T) {
	if got := e2eTypeRadius(t, "0.6", 0); math.Abs(got-0.6) > 1e-12 {
		t.Errorf("exported radius x %v, typed 0.6", got)
	}
}

// TestEndToEndTypeAfterIdle is TestEndToEndNumberField with 1.25 typed
// after the window was left idle long enough to rest (it lowers its
// Update rate): no typed character is lost to the low rate.
func TestEndToEndTypeAfterIdle(t *testing.T) {
	if got := e2eTypeRadius(t, "1.25", 2*time.Second); math.Abs(got-1.25) > 1e-12 {
		t.Errorf("exported radius x %v, typed 1.25", got)
	}
}

// e2eTypeRadius starts the app, clicks the radius x field, clears it,
// waits idle, types typed at ten keys a second, presses F12 (a screenshot
// is taken, the field keeps the keyboard), then Enter and Ctrl+E, and
// returns the radius x of the exported fixture.
func e2eTypeRadius(t *testing.T, typed string, idle time.Duration) float64 {
	_, _, a, wid, _ := e2eLaunchFresh(t)
	e2eClickField(t, a, wid, "radii_x")
	for _, k := range []string{"ctrl+a", "BackSpace", "BackSpace", "BackSpace", "BackSpace"} {
		e2eXdo(t, "key", "--delay", "100", k)
	}
	time.Sleep(idle) // the window rests after a second without change (see ui's redrawer)
	e2eXdo(t, "type", "--delay", "100", typed)
	// F12 acts while the field has the keyboard (a function key types
	// nothing) and leaves the edit as it was.
	shots := filepath.Join(a.dir, "screenshots")
	e2eKey(t, wid, "F12")
	a.waitFor("F12 to take a screenshot while typing", func() bool { return len(e2eFiles(shots, ".png")) == 1 })
	if p, _ := a.poses(); p.capture&2 == 0 {
		t.Fatal("F12 took the keyboard from the field")
	}
	e2eKey(t, wid, "Return")
	a.waitFor("the field to give the keyboard back", func() bool { p, _ := a.poses(); return p.capture&2 == 0 })
	fixtures := filepath.Join(a.dir, scene.DefaultExportDir)
	e2eKey(t, wid, "ctrl+e")
	a.waitFor("Ctrl+E to export after Enter", func() bool { return len(e2eFiles(fixtures, ".json")) == 1 })
	s, err := scene.Load(e2eFiles(fixtures, ".json")[0])
	if err != nil {
		t.Fatal(err)
	}
	return s.Ellipsoid.Axes[0].Len()
}

// TestEndToEndTypePath clicks the file path field and types the path of
// a level, whose directory and name have spaces, at a key a millisecond
// (many characters within one frame), then presses Enter (then a quick
// move and click in the view leaves the field alone): the level
// opens, so no typed character was lost and Enter opened the path.
func TestEndToEndTypePath(t *testing.T) {
	_, tmp, a, wid, _ := e2eLaunchFresh(t)
	dir := filepath.Join(tmp, "my levels")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	level := filepath.Join(dir, "two rooms_v2-final.obj")
	if err := os.WriteFile(level, []byte("v 0 0 0\nv 10 0 0\nv 0 10 0\nf 1 2 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e2eClickField(t, a, wid, "path")
	e2eXdo(t, "type", "--delay", "1", level)
	e2eKey(t, wid, "Return")
	a.waitFor("the typed level to open", func() bool { return strings.Contains(a.lastStatus(), "opened") })
	if s := a.lastStatus(); !strings.Contains(s, "two rooms_v2-final.obj") {
		t.Errorf("status %q does not name the typed level %q", s, level)
	}
	// The pointer, still over the field, moves to the middle of the view
	// and presses within one tick: the field it left must not take the
	// press (debugui gives a press to the widget hovered last tick).
	e2eXdo(t, "mousemove", "--window", wid, "640", "400", "click", "1")
	time.Sleep(700 * time.Millisecond)
	if p, _ := a.poses(); p.capture&2 != 0 {
		t.Error("a click in the view right after the path field's Enter started editing the field again")
	}
}

// lastStatus is the last status line the app printed (see ui's
// printWidgets).
func (a *e2eApp) lastStatus() string {
	a.mu.Lock()
	out := a.output.String()
	a.mu.Unlock()
	last := ""
	for _, line := range strings.Split(out, "\n") {
		if s, ok := strings.CutPrefix(line, "status "); ok {
			last = s
		}
	}
	return last
}

// TestEndToEndTrianglePick moves the mouse from a panel onto the mesh of
// the default scene: a triangle is hovered and outlined (the view gains
// pixels of the picked-triangle colour); a click selects it and the status
// line names it.
func TestEndToEndTrianglePick(t *testing.T) {
	_, _, a, wid, _ := e2eLaunchFresh(t)
	shots := filepath.Join(a.dir, "screenshots")
	view := image.Rect(495, 0, 995, 780) // between the panels, right of the legend (which has the colour)
	picked := [3]int{0x39, 0xcc, 0xff}
	var seen []string
	shoot := func() int { // F12, and the picked-colour pixels of the new screenshot
		e2eKey(t, wid, "F12")
		a.waitFor("the screenshot", func() bool { return len(e2eFiles(shots, ".png")) == len(seen)+1 })
		for _, f := range e2eFiles(shots, ".png") { // names sort by time only roughly ("-2" before ".png")
			if !slices.Contains(seen, f) {
				seen = append(seen, f)
			}
		}
		return e2eCountIn(t, seen[len(seen)-1], view, picked)
	}
	moveTo := func(x, y int) e2ePoses {
		e2eXdo(t, "mousemove", "--window", wid, fmt.Sprint(x), fmt.Sprint(y))
		a.waitFor("the cursor to arrive", func() bool { p, _ := a.poses(); return p.cx == x && p.cy == y })
		p, _ := a.poses()
		return p
	}
	e2eXdo(t, "windowraise", wid)
	if p := moveTo(100, 150); p.tri != -1 { // over the Scene panel
		t.Fatalf("triangle %d hovered through a panel", p.tri)
	}
	before := shoot()
	var p e2ePoses
	for _, c := range [][2]int{{640, 400}, {700, 470}, {560, 450}, {760, 300}} { // the mesh fills the view's middle
		if p = moveTo(c[0], c[1]); p.tri >= 0 {
			break
		}
	}
	if p.tri < 0 {
		t.Fatalf("no triangle under the cursor at the view's middle: %+v", p)
	}
	after := shoot()
	t.Logf("picked-colour pixels in the view: %d over a panel, %d over triangle %d", before, after, p.tri)
	if after < before+50 {
		t.Errorf("hovered triangle %d not outlined: %d picked-colour pixels, %d before", p.tri, after, before)
	}
	e2eXdo(t, "click", "1")
	a.waitFor("the click to select the hovered triangle", func() bool { q, _ := a.poses(); return q.sel == p.tri })
	a.waitFor("the status line to name it", func() bool { return a.lastStatus() == fmt.Sprint("selected triangle ", p.tri) })
}

// TestEndToEndSmallWindow shrinks the window to 800x500: every panel lies
// inside it (so each is reachable; debugui scrolls what does not fit) and
// the poses are still in the view.
func TestEndToEndSmallWindow(t *testing.T) {
	_, _, a, wid, _ := e2eLaunchFresh(t)
	// Resize until the window reports it: a resize that lands while the
	// window system is still settling the new window's first size can be
	// undone by it (as a user would, try again).
	resized := func() bool { p, _ := a.poses(); return p.w == 800 && p.h == 500 }
	for try := 0; try < 10 && !resized(); try++ {
		e2eXdo(t, "windowsize", wid, "800", "500")
		for end := time.Now().Add(2 * time.Second); time.Now().Before(end) && !resized(); {
			time.Sleep(100 * time.Millisecond)
		}
	}
	a.waitFor("the 800x500 size", resized)
	want := []string{"Scene", "Shape", "View", "Result", "Play,_probe,_hunt"}
	inside := func() bool {
		ps := a.widgets("panel")
		for _, n := range want {
			r, ok := ps[n]
			if !ok || r[0] < 0 || r[1] < 0 || r[2] > 800 || r[3] > 500 || r[3]-r[1] < 40 {
				return false
			}
		}
		return true
	}
	a.waitFor("every panel inside the 800x500 window", inside)
	p, _ := a.poses()
	for _, c := range [][2]int{{p.sx, p.sy}, {p.ex, p.ey}} {
		if c[0] < 0 || c[0] > 800 || c[1] < 0 || c[1] > 500 {
			t.Errorf("a pose is off screen at %v: %+v", c, p)
		}
	}
	t.Logf("panels at 800x500: %v", a.widgets("panel"))
}

// TestEndToEndIdle leaves the window alone and measures the process's CPU
// time over three seconds: a window that draws only when something
// changes stays far below the bound (a generous one: this checks that the
// window rests when idle, not how fast it is).
func TestEndToEndIdle(t *testing.T) {
	_, _, a, wid, p0 := e2eLaunchFresh(t)
	e2eXdo(t, "mousemove", "--window", wid, fmt.Sprint(p0.w/2), fmt.Sprint(p0.h/2))
	time.Sleep(3 * time.Second) // start-up work and the first autosave settle
	pid := a.cmd.Process.Pid
	c0, w0 := e2eCPU(t, pid), time.Now()
	time.Sleep(3 * time.Second)
	c1, wall := e2eCPU(t, pid), time.Since(w0)
	share := (c1 - c0).Seconds() / wall.Seconds()
	t.Logf("idle: %.1f%% of a core over %v", 100*share, wall.Round(time.Millisecond))
	if share > 0.30 {
		t.Errorf("idle window used %.0f%% of a core, want < 30%%", 100*share)
	}
}

// e2eCPU is the user plus system CPU time of process pid so far, from
// /proc/PID/stat (fields 14 and 15, in clock ticks of 1/100 s on Linux).
func e2eCPU(t *testing.T, pid int) time.Duration {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	s := string(data)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]) // after the command name
	utime, err1 := strconv.ParseInt(fields[11], 10, 64)
	stime, err2 := strconv.ParseInt(fields[12], 10, 64)
	if err1 != nil || err2 != nil {
		t.Fatalf("parsing /proc/%d/stat: %q", pid, s)
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// TestEndToEndZUpLevel opens a generated Z-up OBJ level (a floor in z = 0
// and a wall): the status line states the guessed up axis and the
// player's height.
func TestEndToEndZUpLevel(t *testing.T) {
	e2eRequireDisplay(t)
	bin, tmp := e2eBuild(t)
	level := filepath.Join(tmp, "zup.obj")
	obj := "v 0 0 0\nv 1000 0 0\nv 1000 1000 0\nv 0 1000 0\nv 0 0 100\nv 1000 0 100\n" +
		"f 1 2 3\nf 1 3 4\nf 1 2 6\nf 1 6 5\n"
	if err := os.WriteFile(level, []byte(obj), 0o644); err != nil {
		t.Fatal(err)
	}
	a := e2eStartApp(t, bin, tmp, "--fresh", level)
	a.waitFor("the status line to state the up axis", func() bool {
		a.mu.Lock()
		defer a.mu.Unlock()
		out := a.output.String()
		return strings.Contains(out, "up axis Z guessed") && strings.Contains(out, "player height 56")
	})
}

// TestEndToEndFarScene renders wall-ramp-far (the scene 1e5 from the
// origin) with the real binary: all four poses are drawn, each in its
// colour (looked for between the panel columns and above the legend,
// whose discs have the same colours).
func TestEndToEndFarScene(t *testing.T) {
	e2eRequireDisplay(t)
	bin, tmp := e2eBuild(t)
	out := filepath.Join(tmp, "far.png")
	cmd := exec.Command(bin, "screenshot", "--scene", "wall-ramp-far", "--out", out)
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+filepath.Join(tmp, "config"))
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("screenshot: %v\n%s", err, b)
	}
	view := image.Rect(290, 0, 990, 540) // of the default 1280x800
	e2eRequireColours(t, out, view, map[string][3]int{
		"start #2ECC40": {0x2E, 0xCC, 0x40}, "end #FF4136": {0xFF, 0x41, 0x36},
		"contact #FF851B": {0xFF, 0x85, 0x1B}, "slide #FFB000": {0xFF, 0xB0, 0x00},
	})
}

// e2eClickField waits for the named field (see ui's printWidgets), clicks
// its middle in the focused window wid and waits for it to take the
// keyboard.
func e2eClickField(t *testing.T, a *e2eApp, wid, name string) {
	t.Helper()
	a.waitFor("the "+name+" field", func() bool { _, ok := a.widgets("field")[name]; return ok })
	r := a.widgets("field")[name]
	e2eXdo(t, "windowraise", wid)
	e2eXdo(t, "windowfocus", "--sync", wid)
	e2eXdo(t, "mousemove", "--window", wid, fmt.Sprint((r[0]+r[2])/2), fmt.Sprint((r[1]+r[3])/2))
	e2eXdo(t, "click", "1")
	a.waitFor("the "+name+" field to take the keyboard", func() bool { p, _ := a.poses(); return p.capture&2 != 0 })
}
