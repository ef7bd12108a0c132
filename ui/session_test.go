package ui

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/render"
	"sweepdbg/scene"
	"sweepdbg/ui/editor"
)

// setup ignores a corrupt session with a message and opens the default.
func TestSetupIgnoresCorruptSession(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, editor.SessionFile), []byte("{oops"), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := setup(Options{ConfigDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if !g.app.MsgErr || !strings.Contains(g.app.Msg, "session") || g.app.Doc.Scene.Name != scene.DefaultName {
		t.Fatalf("corrupt session: msg %q, scene %q", g.app.Msg, g.app.Doc.Scene.Name)
	}
}

// A saved session comes back through setup (the window's start-up path),
// and Fresh ignores it.
func TestSetupRestoresSession(t *testing.T) {
	dir := t.TempDir()
	a := newTestGame(t).app
	_ = a.SetPose(scene.PoseStart, mgl64.Vec3{0.125, 3, -1})
	sess, err := editor.NewSession(a.Doc, a.Rev, cameraState(render.NewCamera(100, 100)), nil, "", false, &editor.SceneJSON{})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(sess)
	if err := os.WriteFile(filepath.Join(dir, editor.SessionFile), data, 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := setup(Options{ConfigDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if g.app.Doc.Scene.Start != (mgl64.Vec3{0.125, 3, -1}) {
		t.Fatalf("session start not restored: %v", g.app.Doc.Scene.Start)
	}
	g, err = setup(Options{ConfigDir: dir, Fresh: true})
	if err != nil {
		t.Fatal(err)
	}
	if g.app.Doc.Scene.Start == (mgl64.Vec3{0.125, 3, -1}) {
		t.Fatal("--fresh restored the session")
	}
	if _, err := setup(Options{ConfigDir: dir, Scene: "no-such-scene"}); err == nil {
		t.Fatal("unknown built-in scene accepted")
	}
}

// writeSession writes data as the session file in dir.
func writeSession(t *testing.T, dir string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, editor.SessionFile)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// validSession returns a session file's bytes for the default scene with
// the start moved to start and the given camera.
func validSession(t *testing.T, start mgl64.Vec3, cam editor.CameraState) []byte {
	t.Helper()
	a := newTestGame(t).app
	_ = a.SetPose(scene.PoseStart, start)
	sess, err := editor.NewSession(a.Doc, a.Rev, cam, nil, "", false, nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(sess)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// A session that fails to load (bad JSON, an unknown version, an invalid
// scene) is moved aside with its bytes intact, the status line and the log
// say where, and the save on exit does not touch it.
func TestSetupSetsAsideInvalidSession(t *testing.T) {
	for name, data := range map[string]string{
		"garbage":   "{oops\x1b[31m",
		"version":   `{"version": 99}`,
		"bad scene": `{"version": 2, "scene": {"version": 1}}`,
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			p := writeSession(t, dir, []byte(data))
			var log strings.Builder
			g, err := setup(Options{ConfigDir: dir, Log: &log})
			if err != nil {
				t.Fatal(err)
			}
			aside, _ := filepath.Glob(p + ".invalid-*")
			if len(aside) != 1 {
				t.Fatalf("set-aside files %v", aside)
			}
			if !g.app.MsgErr || !strings.Contains(g.app.Msg, aside[0]) || !strings.Contains(log.String(), aside[0]) {
				t.Errorf("status %q, log %q: want the path %s", g.app.Msg, log.String(), aside[0])
			}
			if strings.Contains(g.app.Msg+log.String(), "\x1b") {
				t.Errorf("control characters from the file reached the message: %q", log.String())
			}
			if err := g.autosave(true); err != nil {
				t.Fatal(err)
			}
			if got, _ := os.ReadFile(aside[0]); string(got) != data {
				t.Errorf("set-aside file holds %q, want %q", got, data)
			}
			if _, err := editor.LoadSession(p); err != nil {
				t.Errorf("the new session does not load: %v", err)
			}
		})
	}
}

// --fresh keeps the previous session as session.json.1 and says so; the
// save on exit replaces session.json but not the backup.
func TestSetupFreshKeepsBackup(t *testing.T) {
	dir := t.TempDir()
	old := validSession(t, mgl64.Vec3{0.125, 3, -1}, cameraState(render.NewCamera(100, 100)))
	p := writeSession(t, dir, old)
	var log strings.Builder
	g, err := setup(Options{ConfigDir: dir, Fresh: true, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	backup := editor.BackupPath(p, 1)
	if !strings.Contains(g.app.Msg, backup) || !strings.Contains(log.String(), backup) {
		t.Errorf("status %q, log %q: want the backup's path", g.app.Msg, log.String())
	}
	if err := g.autosave(true); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(backup); string(got) != string(old) {
		t.Error("the backup does not hold the previous session")
	}
	if got, _ := os.ReadFile(p); string(got) == string(old) {
		t.Error("the fresh session was not saved")
	}
}

// An absurd saved camera is replaced by the default camera, with a word
// on the status line; the rest of the session is restored.
func TestSetupResetsAbsurdCamera(t *testing.T) {
	good := cameraState(render.NewCamera(100, 100))
	for name, mod := range map[string]func(*editor.CameraState){
		"zero distance":     func(c *editor.CameraState) { c.Distance = 0 },
		"negative distance": func(c *editor.CameraState) { c.Distance = -3 },
		"huge distance":     func(c *editor.CameraState) { c.Distance = 1e300 },
		"huge target":       func(c *editor.CameraState) { c.Target[1] = -1e300 },
		"huge yaw":          func(c *editor.CameraState) { c.Yaw = 1e300 },
		"zero fov":          func(c *editor.CameraState) { c.FovY = 0 },
	} {
		t.Run(name, func(t *testing.T) {
			cam := good
			mod(&cam)
			dir := t.TempDir()
			writeSession(t, dir, validSession(t, mgl64.Vec3{0.125, 3, -1}, cam))
			g, err := setup(Options{ConfigDir: dir})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(g.app.Msg, "camera was reset") {
				t.Errorf("status %q: want a word about the camera", g.app.Msg)
			}
			if cameraState(g.cam) != good || g.framed {
				t.Errorf("camera %+v, want the default %+v, to be framed", cameraState(g.cam), good)
			}
			if g.app.Doc.Scene.Start != (mgl64.Vec3{0.125, 3, -1}) {
				t.Errorf("the session's scene was not restored")
			}
		})
	}
}

// A failing save on exit is reported (status line and Run's error, which
// the command prints) and leaves the previous session file as it was.
func TestFinalSaveFailureReported(t *testing.T) {
	dir := t.TempDir()
	old := validSession(t, mgl64.Vec3{0.125, 3, -1}, cameraState(render.NewCamera(100, 100)))
	p := writeSession(t, dir, old)
	g, err := setup(Options{ConfigDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	diskFull := errors.New("no space left on device")
	g.save.write = func(string, *editor.Session) error { return diskFull }
	err = g.autosave(true)
	if !errors.Is(err, ErrSessionNotSaved) || !errors.Is(err, diskFull) {
		t.Fatalf("final save error %v, want ErrSessionNotSaved and the cause", err)
	}
	if !g.app.MsgErr || !strings.Contains(g.app.Msg, "not saved") {
		t.Errorf("status %q: want the failure", g.app.Msg)
	}
	if got, _ := os.ReadFile(p); string(got) != string(old) {
		t.Error("the session file changed")
	}
}
