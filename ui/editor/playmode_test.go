package editor

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Play headless: ticks show the motion, Stop puts the poses back, Inspect
// keeps a tick as one undo step.
func TestPlayStopAndInspect(t *testing.T) {
	a := newTestApp(t)
	start, end := a.Doc.Scene.Start, a.Doc.Scene.End
	p := StartPlay(a)
	if p == nil || !p.Running {
		t.Fatal("play did not start")
	}
	for range 5 {
		p.Tick(a, PlayInput{Forward: true, Look: mgl64.Vec3{1, 0, 0}})
	}
	if p.TickNumber() != 4 || a.Doc.Scene.Start == start {
		t.Fatalf("tick %d, start %v: the ticks were not shown", p.TickNumber(), a.Doc.Scene.Start)
	}
	if rec, ok := p.Seek(a, 2); !ok || p.Running || a.Doc.Scene.Start != rec.Start {
		t.Fatal("seek did not pause and show tick 2")
	}
	p.Stop(a)
	if a.Doc.Scene.Start != start || a.Doc.Scene.End != end {
		t.Fatal("stop did not put the poses back")
	}
	p = StartPlay(a)
	p.Tick(a, PlayInput{})
	undo, _ := a.History.Len()
	if !p.Inspect(a) {
		t.Fatal("inspect refused a tick")
	}
	if n, _ := a.History.Len(); n != undo+1 {
		t.Fatalf("inspect made %d undo steps, want 1", n-undo)
	}
	if got := p.DebugLine(); len(got) < 10 || (*Play)(nil).DebugLine() != "play off" {
		t.Fatalf("debug line %q", got)
	}
}
