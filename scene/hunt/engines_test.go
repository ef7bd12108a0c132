package hunt

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"sweepdbg/scene"
	"sweepdbg/scene/engine"
	"sweepdbg/sweep"
)

// lateEngine is the exact core with every hit reported 0.25 later (capped
// at 1): wrong by rule "t" (or "hit" past the end) wherever the core hits
// after the start. It answers sweeps only.
type lateEngine struct{ engine.Engine }

func (lateEngine) Name() string    { return "late" }
func (lateEngine) Ops() engine.Ops { return engine.OpSweep }
func (l lateEngine) Sweep(ctx context.Context, q engine.Query) (sweep.Answer, error) {
	a, err := l.Engine.Sweep(ctx, q)
	if a.Hit {
		a.First.T = min(1, a.First.T+0.25)
	}
	return a, err
}

// brokenEngine fails its third sweep like a live engine that broke.
type brokenEngine struct {
	engine.Engine
	n int
}

func (b *brokenEngine) Sweep(ctx context.Context, q engine.Query) (sweep.Answer, error) {
	if b.n++; b.n == 3 {
		return sweep.Answer{}, &engine.BrokenError{Engine: "fake", Request: engine.Request{Op: "sweep", Seq: 3}, Reason: engine.ErrExited}
	}
	return b.Engine.Sweep(ctx, q)
}

func floorScene(t *testing.T) *scene.Scene {
	t.Helper()
	s, err := scene.Builtin("floor")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestHuntEngineAgrees: the core as an engine is never wrong.
func TestHuntEngineAgrees(t *testing.T) {
	sum, err := Run(t.Context(), Config{Scene: floorScene(t), Duration: huntTime(), Seed: 1, Out: t.TempDir(),
		Engines: [][]engine.Engine{{engine.Core()}}}, nil)
	if err != nil || len(sum.Findings) != 0 || sum.Cases == 0 {
		t.Errorf("%v, %d cases, findings %+v: want cases and none", err, sum.Cases, sum.Findings)
	}
}

// TestHuntEngineFinds: a late engine is found out under its name and rule;
// each finding is shrunk to at most 4 triangles and written as a fixture
// whose expectation is the exact core's answer, so the core passes it and
// the engine's answer fails it.
func TestHuntEngineFinds(t *testing.T) {
	eng := lateEngine{engine.Core()}
	var last Progress
	sum, err := Run(t.Context(), Config{Scene: floorScene(t), Duration: time.Minute, Seed: 1, Out: t.TempDir(), StopAfter: 1,
		Engines: [][]engine.Engine{{eng}}}, func(p Progress) { last = p })
	if err != nil || len(sum.Findings) == 0 {
		t.Fatalf("%v, findings %+v: want one", err, sum.Findings)
	}
	f := sum.Findings[0]
	if !strings.HasPrefix(f.Kind, "late: ") || f.Triangles > maxFixtureTris || f.Fixture == "" {
		t.Fatalf("finding %+v: want kind late: RULE, at most 4 triangles, a fixture", f)
	}
	if last.Queries == 0 || len(last.ByKind) != 1 || last.ByKind[0].Kind != f.Kind {
		t.Errorf("last progress %+v: want queries and the finding by kind", last)
	}
	s, err := scene.Load(f.Fixture)
	if err != nil {
		t.Fatal(err)
	}
	r, err := scene.Replay(s)
	if err != nil || !r.Pass() {
		t.Fatalf("the core on the fixture: %v %+v, want a pass", err, r)
	}
	e := s.Expect
	if e == nil || e.Hit == nil || !*e.Hit || e.T == nil || e.Point == nil || e.Normal == nil || e.Feature == nil || e.Triangle == nil || e.Final == nil {
		t.Fatalf("expectation %+v: want the core's whole answer", e)
	}
	q := engine.Query{Mesh: engine.NewMesh(s.Mesh.Tris()), Motion: sweep.Motion{Shape: sweep.EllipsoidShape(s.Ellipsoid), Start: s.Start, End: s.End, Slide: s.Slide}}
	got, _ := eng.Sweep(t.Context(), q)
	if ms := e.Check(sweep.Answer{Hit: got.Hit, First: got.First, Has: got.Has, Slid: true, Slide: r.Answer.Slide}); len(ms) == 0 {
		t.Errorf("the late engine's answer %+v passes the fixture", got)
	}
}

// TestHuntEngineBroken: a broken engine ends the hunt with its error.
func TestHuntEngineBroken(t *testing.T) {
	_, err := Run(t.Context(), Config{Scene: floorScene(t), Duration: time.Minute, Seed: 1, Out: t.TempDir(),
		Engines: [][]engine.Engine{{&brokenEngine{Engine: engine.Core()}}}}, nil)
	var be *engine.BrokenError
	if !errors.As(err, &be) || be.Engine != "fake" {
		t.Errorf("error %v, want the engine's *BrokenError", err)
	}
}
