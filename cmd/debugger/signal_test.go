package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"sweepdbg/scene"
)

// sessionEnd reads the end pose of the scene in the session file.
func sessionEnd(path string) (scene.Scene, error) {
	var sess struct{ Scene json.RawMessage }
	data, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(data, &sess)
	}
	if err != nil {
		return scene.Scene{}, err
	}
	s, err := scene.Parse(sess.Scene)
	if err != nil {
		return scene.Scene{}, err
	}
	return *s, nil
}

// SIGTERM ends the real window like its close button: the binary exits
// with status 0 (not killed by the signal) and the session file holds the
// edit made just before (a restarted window shows it).
func TestSignalSavesSession(t *testing.T) {
	bin, tmp, a, wid, p0 := e2eLaunchFresh(t)
	p1 := a.dragEnd(wid, p0)
	if p1.ex == p0.ex {
		t.Fatal("the drag did not move the end")
	}
	if err := a.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- a.cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(e2eWait): // a liveness bound, not a speed assertion
		t.Fatal("the window did not close on SIGTERM")
	}
	if err != nil { // *exec.ExitError: killed by the signal, or a failure status
		t.Fatalf("exit after SIGTERM: %v (want status 0)", err)
	}
	session := filepath.Join(tmp, "config", "sweepdbg", "session.json")
	saved, err := sessionEnd(session)
	if err != nil {
		t.Fatal(err)
	}
	// Starting again shows the dragged end: the saved end is the edit.
	b := e2eStartApp(t, bin, tmp)
	b.waitFor("the restarted window to print the poses", func() bool { _, ok := b.poses(); return ok })
	p2, _ := b.poses()
	if e2eAbs(p2.ex-p1.ex) > 2 || e2eAbs(p2.ey-p1.ey) > 2 {
		t.Errorf("after SIGTERM the session shows the end at %+v (saved %v), want %+v", p2, saved.End, p1)
	}
}
