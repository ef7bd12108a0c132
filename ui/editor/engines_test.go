package editor

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sweepdbg/internal/testenv"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/scene"
	"sweepdbg/scene/engine"
	"sweepdbg/scene/judge"
)

// engineWait bounds waits for an engine's report: a liveness limit on a
// loaded machine, not a speed assertion.
const engineWait = 60 * time.Second

// goEngine builds examples/engines/go (it answers with the exact core).
func goEngine(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "go-engine")
	out, err := exec.Command(testenv.GoTool(), "build", "-o", bin, "../../examples/engines/go").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// shEngine writes script into a file and returns the command running it.
func shEngine(t *testing.T, script string) string {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	p := filepath.Join(t.TempDir(), "engine.sh")
	if err := os.WriteFile(p, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	return "sh " + p
}

// waitReport updates e until cond holds for engine 0's report.
func waitReport(t *testing.T, e *Engines, a *App, what string, cond func(r *EngineReport) bool) EngineReport {
	t.Helper()
	deadline := time.Now().Add(engineWait)
	for {
		a.Refresh()
		e.Update(a.Doc, a.Rev, a.Result)
		if cond(&e.Reports[0]) {
			return e.Reports[0]
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s; last report %+v", what, e.Reports[0])
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// checkNoLeak fails when goroutines started during the test outlive it.
func checkNoLeak(t *testing.T, before int) {
	t.Helper()
	deadline := time.Now().Add(engineWait)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines left (had %d):\n%s", runtime.NumGoroutine(), before, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestEngineAgreesWithCore(t *testing.T) {
	before := runtime.NumGoroutine()
	a := newTestApp(t)
	e := StartEngines([]string{goEngine(t)}, engine.Options{}, 0)
	rep := waitReport(t, e, a, "the first answer", func(r *EngineReport) bool { return r.Answered && r.Rev == a.Rev || r.Down })
	if rep.Down || rep.Verdict().State != judge.Agrees || rep.Name != "go-template" {
		t.Fatalf("report %+v, verdict %v", rep, rep.Verdict())
	}
	if rep.Answer.Hit != a.Result.Answer.Hit || rep.Answer.First.T != a.Result.Answer.First.T || !rep.Answer.Slid {
		t.Errorf("answer %+v, core %+v", rep.Answer, a.Result.Answer)
	}
	mesh := e.Query(a.Doc).Mesh
	if err := a.SetPose(scene.PoseEnd, a.Doc.Scene.End.Add(mgl64.Vec3{0.5, 0, 0})); err != nil {
		t.Fatal(err)
	}
	a.Refresh()
	if !e.Stale(0, a.Rev) { // checked before Update polls: a fast engine may already have answered by then
		t.Errorf("the report of the old motion is not stale right after an edit")
	}
	e.Update(a.Doc, a.Rev, a.Result)
	waitReport(t, e, a, "the answer to the edit", func(r *EngineReport) bool { return r.Answered && r.Rev == a.Rev })
	if e.Query(a.Doc).Mesh != mesh {
		t.Errorf("a pose edit made a new engine mesh")
	}
	e.Close()
	checkNoLeak(t, before)
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(engineWait)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// brokenOnceScript breaks on its first mesh (a line that is not JSON,
// after a stderr line with a control character) unless the marker file
// exists, which it creates; the restarted engine answers every sweep with
// a miss.
const brokenOnceScript = `while IFS= read -r line; do
  case "$line" in
    *'"op":"hello"'*) echo '{"protocol":1,"name":"flaky","ops":["sweep"]}';;
    *'"op":"mesh"'*)
      if [ -e "$MARK" ]; then echo '{"ok":true}'; else
        : > "$MARK"; printf 'boom \033[31m here\n' >&2; echo 'not json'; fi;;
    *) echo '{"hit":false}';;
  esac
done
`

func TestEngineBrokenAndRestart(t *testing.T) {
	before := runtime.NumGoroutine()
	mark := filepath.Join(t.TempDir(), "mark")
	a := newTestApp(t)
	e := StartEngines([]string{shEngine(t, "MARK="+mark+"\n"+brokenOnceScript)}, engine.Options{}, 0)
	rep := waitReport(t, e, a, "the broken report", func(r *EngineReport) bool { return r.Down })
	v := rep.Verdict()
	if v.State != judge.Broken || !strings.Contains(v.String(), "broken: ") || !strings.Contains(v.Detail, "not json") {
		t.Errorf("verdict %q", v)
	}
	if got := strings.Join(rep.Stderr, "\n"); !strings.Contains(got, `boom \x1b[31m here`) {
		t.Errorf("stderr tail %q: want the escape character escaped", got)
	}
	e.Restart(0)
	rep = waitReport(t, e, a, "the restarted engine's answer", func(r *EngineReport) bool {
		return !r.Down && r.Answered && r.Rev == a.Rev && r.Sweep.State != judge.Broken
	})
	if rep.Verdict().State != judge.Wrong || rep.Verdict().Rule != "miss" {
		t.Errorf("after restart: %v, want wrong: miss", rep.Verdict())
	}
	e.Close()
	checkNoLeak(t, before)
}

func TestEngineCannotStart(t *testing.T) {
	a := newTestApp(t)
	e := StartEngines([]string{filepath.Join(t.TempDir(), "no-such-engine")}, engine.Options{}, 0)
	defer e.Close()
	rep := waitReport(t, e, a, "the start failure", func(r *EngineReport) bool { return r.Down && r.Answered && r.Rev == a.Rev })
	if rep.Verdict().State != judge.Broken || rep.Name != "no-such-engine" {
		t.Errorf("report %+v", rep)
	}
}

// errorScript answers every sweep with {"error":...} and slides normally.
const errorScript = `while IFS= read -r line; do
  case "$line" in
    *'"op":"hello"'*) echo '{"protocol":1,"name":"picky","ops":["sweep","slide"]}';;
    *'"op":"mesh"'*) echo '{"ok":true}';;
    *'"op":"sweep"'*) echo '{"error":"cannot do this one"}';;
    *) echo '{"final":[0,9,0]}';;
  esac
done
`

// TestEngineErrorAnswer: an {"error":...} answer leaves the engine up: the
// sweep is unanswered (not broken), and the slide is still asked.
func TestEngineErrorAnswer(t *testing.T) {
	a := newTestApp(t)
	e := StartEngines([]string{shEngine(t, errorScript)}, engine.Options{}, 0)
	defer e.Close()
	rep := waitReport(t, e, a, "the answer", func(r *EngineReport) bool { return r.Answered && r.Rev == a.Rev })
	if rep.Down || rep.Sweep.State != judge.Unanswered || !strings.Contains(rep.Sweep.Detail, "cannot do this one") {
		t.Errorf("sweep verdict %q (down %v), want unanswered with the engine's message", rep.Sweep, rep.Down)
	}
	if rep.Slide.State == judge.Pending || rep.Slide.State == judge.Broken || !rep.Answer.Slid {
		t.Errorf("slide %q (slid %v): want it asked and judged", rep.Slide, rep.Answer.Slid)
	}
	if v := rep.Verdict(); v.State == judge.Broken || v.State == judge.Agrees {
		t.Errorf("overall verdict %q", v)
	}
}
