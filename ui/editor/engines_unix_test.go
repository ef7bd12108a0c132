//go:build unix

package editor

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/scene"
	"sweepdbg/scene/engine"
	"sweepdbg/scene/judge"
)

// gateScript answers hello and mesh, logs every request and answers each
// sweep only after a line can be read from the fifo gate (an open that
// meets the end of the previous writer reads nothing and opens again).
const gateScript = `while IFS= read -r line; do
  printf '%s\n' "$line" >> "$LOG"
  case "$line" in
    *'"op":"hello"'*) echo '{"protocol":1,"name":"gate","ops":["sweep"]}';;
    *'"op":"mesh"'*) echo '{"ok":true}';;
    *) until read -r go < "$GATE"; do :; done; echo '{"hit":false}';;
  esac
done
`

func TestEngineCoalesces(t *testing.T) {
	before := runtime.NumGoroutine()
	dir := t.TempDir()
	log, gate := filepath.Join(dir, "log"), filepath.Join(dir, "gate")
	if err := syscall.Mkfifo(gate, 0o600); err != nil {
		t.Skip("no fifo:", err)
	}
	cmd := shEngine(t, "LOG="+log+"; GATE="+gate+"\n"+gateScript)
	a := newTestApp(t)
	e := StartEngines([]string{cmd}, engine.Options{Timeout: time.Hour}, 0)
	defer e.Close()
	a.Refresh()
	e.Update(a.Doc, a.Rev, a.Result)
	first := a.Rev
	sweeps := func() int {
		b, _ := os.ReadFile(log)
		return strings.Count(string(b), `"op":"sweep"`)
	}
	waitFor(t, "the first sweep to reach the engine", func() bool { return sweeps() == 1 })
	ends := []float64{1, 2, 3}
	for _, x := range ends { // three edits while the engine is busy
		_ = a.SetPose(scene.PoseEnd, a.Doc.Scene.End.Add(mgl64.Vec3{x, 0, 0}))
		a.Refresh()
		e.Update(a.Doc, a.Rev, a.Result)
	}
	release(t, gate)
	rep := waitReport(t, e, a, "the first answer", func(r *EngineReport) bool { return r.Answered && r.Rev == first })
	if rep.Verdict().State != judge.Wrong || !e.Stale(0, a.Rev) {
		t.Errorf("first answer: %+v (stale %v), want a wrong miss, stale", rep, e.Stale(0, a.Rev))
	}
	waitFor(t, "the newest sweep to reach the engine", func() bool { return sweeps() == 2 })
	release(t, gate)
	waitReport(t, e, a, "the newest answer", func(r *EngineReport) bool { return r.Answered && r.Rev == a.Rev })
	if n := sweeps(); n != 2 {
		t.Errorf("the engine was asked %d sweeps, want 2 (the superseded edits dropped)", n)
	}
	e.Close()
	checkNoLeak(t, before)
}

// release lets the gated engine answer one sweep.
func release(t *testing.T, gate string) {
	t.Helper()
	f, err := os.OpenFile(gate, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("go\n")
	f.Close()
}
