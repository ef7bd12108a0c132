package ui

import (
	"encoding/json"
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
	sess, err := editor.NewSession(a.Doc, cameraState(render.NewCamera(100, 100)), nil, "", false, &editor.SceneJSON{})
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
