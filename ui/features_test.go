package ui

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/scene"
	"sweepdbg/scene/hunt"
	"sweepdbg/scene/opinions"
	"sweepdbg/sweep"
	"sweepdbg/sweep/oracle"
	"sweepdbg/ui/editor"
)

// The Result panel's second opinions, through debugui without a window:
// on the default scene the three algorithms agree with the core's result
// and with the oracle run here; the rejected candidates of the hit
// triangle are listed with reasons; the opinions are computed once per
// scene change, not per frame.
func TestOpinionsPanel(t *testing.T) {
	g := newTestGame(t)
	g.app.RunCore()
	g.app.UpdateDerived(g.forceOps, g.forceProb)
	updatePanels(t, g)
	r := g.app.Opinions.Report
	if r == nil || len(r.Opinions) != 3 {
		t.Fatalf("no report after the first frame: %+v", g.app.Opinions)
	}
	if !r.Agree() || g.app.Opinions.Disagree() != "" || len(g.banners()) != 0 {
		t.Fatalf("the default scene's opinions disagree: %v", r)
	}
	s := g.app.Doc.Scene
	want := g.app.Result.Answer.First
	c, ok := oracle.FirstContact(s.Ellipsoid.Axes, s.Start, s.End.Sub(s.Start), s.Mesh.Tris()[want.Triangle])
	if !ok || math.Abs(c.T-want.T) > 1e-6 {
		t.Fatalf("oracle here: %+v %v; core %+v", c, ok, want)
	}
	rows := editor.OpinionRows(&g.app.Opinions)
	text := rowsText(rows)
	for _, name := range []string{opinions.Rouwe, opinions.UnitSpace, opinions.Oracle} {
		if !strings.Contains(text, name+" ") {
			t.Errorf("no row for %s:\n%s", name, text)
		}
	}
	for _, sub := range []string{"agree within tolerance", "face:", "edge 0:", "vertex 2:", unitspaceWinner(r)} {
		if !strings.Contains(text, sub) {
			t.Errorf("rows lack %q:\n%s", sub, text)
		}
	}
	for _, row := range rows {
		if row.Bad {
			t.Errorf("row %q highlighted though the opinions agree", row.Text)
		}
	}
	// The same scene again: no recomputation. A moved end: recomputed.
	before := g.app.Opinions.Report
	for i := 0; i < 3; i++ {
		g.app.UpdateDerived(g.forceOps, g.forceProb)
		updatePanels(t, g)
	}
	if g.app.Opinions.Report != before {
		t.Fatal("opinions recomputed without a change of the scene")
	}
	end := s.End.Add(mgl64.Vec3{0, 0.25, 0})
	if err := g.app.SetPose(scene.PoseEnd, end); err != nil {
		t.Fatal(err)
	}
	g.app.RunCore()
	g.app.UpdateDerived(g.forceOps, g.forceProb)
	if g.app.Opinions.Report == before || !g.app.Opinions.For(g.app.Rev) {
		t.Fatal("opinions not recomputed after the end moved")
	}
}

func rowsText(rows []editor.OpinionRow) string {
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(r.Text + "\n")
	}
	return b.String()
}

// unitspaceWinner is the text the winning candidate's row must show.
func unitspaceWinner(r *opinions.Report) string {
	for _, c := range r.Candidates {
		if c.Reason == "winner" {
			return editor.CandidateName(c.Feature, c.Index) + ": " + editor.CandidateText(c.T, c.Reason)
		}
	}
	return "(no winner)"
}

// A disagreement is marked: the banner names it, the rows of both
// algorithms involved are highlighted, the uninvolved one is not.
func TestOpinionsDisagreementMarked(t *testing.T) {
	g := newTestGame(t)
	g.app.RunCore()
	g.app.UpdateDerived(g.forceOps, g.forceProb)
	r := *g.app.Opinions.Report
	r.Disagreements = []opinions.Disagreement{{Field: "t", A: opinions.UnitSpace, B: opinions.Oracle, Diff: 3.2e-4}}
	g.app.Opinions.Report = &r
	updatePanels(t, g)
	b := g.banners()
	if len(b) != 1 || !strings.HasPrefix(b[0], "algorithms disagree: t: unitspace vs oracle") {
		t.Fatalf("banners %q", b)
	}
	for _, row := range editor.OpinionRows(&g.app.Opinions) {
		mine := strings.HasPrefix(row.Text, opinions.UnitSpace) || strings.HasPrefix(row.Text, opinions.Oracle) || strings.HasPrefix(row.Text, "! t: unitspace vs oracle 3.2e-04")
		if strings.HasPrefix(row.Text, opinions.Rouwe) && row.Bad {
			t.Errorf("the core's row %q highlighted", row.Text)
		}
		if mine && !row.Bad {
			t.Errorf("row %q not highlighted", row.Text)
		}
	}
}

// The play flow through the game, no window: P starts play, ticks run and
// are shown as the inspected motion without undo steps, stepping back
// shows the earlier tick, Inspect keeps it as one undo step; Stop puts
// the scene back as it was.
func TestGamePlayFlow(t *testing.T) {
	g := newTestGame(t)
	g.shot.noInput = true
	before := g.app.Doc.Scene
	undo0, _ := g.app.History.Len()
	g.run(cmdPlay)
	if g.play == nil || !g.play.Running {
		t.Fatal("P did not start play")
	}
	for i := 0; i < 30; i++ {
		g.playUpdate()
	}
	ps := g.play
	if ps.Timeline.Len() != 30 {
		t.Fatalf("%d ticks recorded, want 30", ps.Timeline.Len())
	}
	last, _ := ps.Timeline.Current()
	if g.app.Doc.Scene.Start != last.Start || g.app.Doc.Scene.End != last.Desired {
		t.Fatalf("shown motion %v -> %v, want the last tick's %v -> %v", g.app.Doc.Scene.Start, g.app.Doc.Scene.End, last.Start, last.Desired)
	}
	if n, _ := g.app.History.Len(); n != undo0 {
		t.Fatalf("ticks made undo steps: %d", n-undo0)
	}
	g.run(cmdPlay) // pause
	if ps.Running {
		t.Fatal("P did not pause")
	}
	g.run(cmdStepBack)
	g.run(cmdStepBack)
	rec, _ := ps.Timeline.Current()
	if rec.Before.Tick != 27 || g.app.Doc.Scene.Start != rec.Start {
		t.Fatalf("two steps back: tick %d, shown start %v", rec.Before.Tick, g.app.Doc.Scene.Start)
	}
	g.run(cmdInspectTick)
	if g.play != nil {
		t.Fatal("still playing after inspecting a tick")
	}
	if n, _ := g.app.History.Len(); n != undo0+1 {
		t.Fatalf("inspect made %d undo steps, want 1", n-undo0)
	}
	if s := g.app.Doc.Scene; s.Start != rec.Start || s.End != rec.Desired {
		t.Fatalf("inspected %v -> %v", s.Start, s.End)
	}
	g.app.RunCore()
	m := g.app.Moment()
	if m.Start != rec.Start || m.End != rec.Desired {
		t.Fatal("the exported moment is not the inspected tick")
	}
	g.app.Undo()
	if g.app.Doc.Scene.Start != before.Start || g.app.Doc.Scene.End != before.End {
		t.Fatal("undo did not return to the scene before play")
	}
	cam := g.cam
	g.run(cmdPlay)
	g.playUpdate()
	if g.cam.Target == cam.Target {
		t.Fatal("the camera does not follow the player")
	}
	sh := g.app.Doc.Shape
	sh.Radii[1] = 0.7
	if err := g.app.SetShape(sh); err != nil {
		t.Fatal(err)
	}
	g.playUpdate()
	if g.play.Player.Shape != g.app.Doc.Scene.Shape {
		t.Fatal("the player did not take the ellipsoid edited while playing")
	}
	g.quitPlay()
	if g.play != nil || g.app.Doc.Scene.Start != before.Start || g.app.Doc.Scene.End != before.End {
		t.Fatal("stop did not restore the scene")
	}
	if g.app.Doc.Shape.Radii[1] != 0.7 {
		t.Fatal("stop undid the ellipsoid edit made while playing")
	}
	if g.cam != cam {
		t.Fatalf("stop did not restore the camera: %+v, want %+v", g.cam, cam)
	}
	updatePanels(t, g)
}

// A tick that ends inside geometry pauses play with a message: a player
// whose slide is skipped (a mesh the core does not know about) walks into
// a floor it cannot see.
func TestPlayPausesInside(t *testing.T) {
	g := newTestGame(t)
	g.shot.noInput = true
	g.run(cmdPlay)
	p := g.play.Player
	p.Mesh = sweep.NewMesh(nil) // the core sees nothing, the inside check sees the scene
	for i := 0; i < 300 && g.play.Running; i++ {
		g.playUpdate()
	}
	if g.play.Running {
		t.Fatal("play kept running while falling through the floor")
	}
	rec, _ := g.play.Timeline.Current()
	if !rec.Inside() || !strings.Contains(g.play.Note, "inside geometry") || !g.app.MsgErr {
		t.Fatalf("paused without an inside tick: %+v note %q", rec.After, g.play.Note)
	}
	if b := g.banners(); len(b) != 1 || !strings.Contains(b[0], "inside") {
		t.Fatalf("banners %q", b)
	}
}

// The hunt button's helpers: the worst finding with a fixture is chosen
// and the summary names it; a real short hunt on the crease scene runs in
// the background and its result opens as one undo step.
func TestHuntInWindow(t *testing.T) {
	sum := hunt.Summary{Seed: 7, Cases: 100, Elapsed: 2 * time.Second, Findings: []hunt.Finding{
		{Kind: "a", Worst: 0.5, Fixture: "a.json"}, {Kind: "b", Worst: 2}, {Kind: "c", Worst: 1, Fixture: "c.json", Triangles: 2},
	}}
	if w, ok := editor.WorstFinding(sum); !ok || w.Kind != "c" {
		t.Fatalf("worst %+v", w)
	}
	if s := editor.HuntSummary(sum); !strings.Contains(s, `worst "c"`) || !strings.Contains(s, "3 kind(s)") {
		t.Fatalf("summary %q", s)
	}
	if s := editor.HuntSummary(hunt.Summary{Cases: 5}); !strings.Contains(s, "no findings") {
		t.Fatalf("summary %q", s)
	}
	g := newTestGame(t)
	g.huntDir = filepath.Join(t.TempDir(), "hunt")
	g.panels.huntSeconds = 0.3
	g.runHunt()
	if g.app.Hunter == nil {
		t.Fatal("no hunt running")
	}
	updatePanels(t, g)
	undo0, _ := g.app.History.Len()
	deadline := time.Now().Add(60 * time.Second) // liveness bound only
	for g.app.Hunter != nil && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		g.drainPosted()
	}
	if g.app.Hunter != nil {
		t.Fatal("the hunt never reported")
	}
	if !strings.HasPrefix(g.app.Msg, "hunt (seed") {
		t.Fatalf("status %q", g.app.Msg)
	}
	files, _ := os.ReadDir(g.huntDir)
	undo, _ := g.app.History.Len()
	if len(files) > 0 && (undo != undo0+1 || !strings.Contains(g.app.Msg, "opened")) {
		t.Fatalf("%d fixtures written but the worst was not opened: %q (undo %d->%d)", len(files), g.app.Msg, undo0, undo)
	}
	if len(files) == 0 && undo != undo0 {
		t.Fatal("no findings but the scene changed")
	}

	// A correct core gives the hunt nothing to find, so the opening of the
	// worst finding is driven with a summary that has one: its fixture (a
	// built-in scene other than the open one) must become the open scene
	// as one undo step, and the status must say so.
	var want *scene.Scene
	for _, name := range scene.Builtins() {
		if name != g.app.Doc.Scene.Name {
			s, err := scene.Builtin(name)
			if err != nil {
				t.Fatal(err)
			}
			want = s
			break
		}
	}
	if err := os.MkdirAll(g.huntDir, 0o755); err != nil {
		t.Fatal(err)
	}
	fix := filepath.Join(g.huntDir, "finding.json")
	if err := scene.Save(fix, want, true); err != nil {
		t.Fatal(err)
	}
	found := hunt.Summary{Seed: 9, Cases: 10, Findings: []hunt.Finding{{Kind: "k", Worst: 1, Fixture: fix, Triangles: 1}}}
	undo0, _ = g.app.History.Len()
	g.huntDone(found, nil)
	undo, _ = g.app.History.Len()
	if undo != undo0+1 || g.app.Doc.Scene.Name != want.Name || g.app.MsgErr || !strings.Contains(g.app.Msg, "opened "+fix) {
		t.Fatalf("worst finding not opened: scene %q, want %q; status %q (error %v); undo %d->%d",
			g.app.Doc.Scene.Name, want.Name, g.app.Msg, g.app.MsgErr, undo0, undo)
	}
	// A finding whose fixture cannot be read is reported and changes nothing.
	found.Findings[0].Fixture = filepath.Join(g.huntDir, "missing.json")
	g.huntDone(found, nil)
	if u, _ := g.app.History.Len(); u != undo || !g.app.MsgErr || !strings.Contains(g.app.Msg, "opening the worst finding") {
		t.Fatalf("unreadable finding: status %q (error %v), undo %d->%d", g.app.Msg, g.app.MsgErr, undo, u)
	}
}

// Play frames the player at its own scale: the same scene 50 times larger
// starts play with the camera 50 times farther away.
func TestPlayFramesAtPlayerScale(t *testing.T) {
	distance := func(k float64) float64 {
		g := newTestGame(t)
		g.shot.noInput = true
		s := g.app.Doc.Scene.Clone()
		for i := range s.Mesh.Vertices {
			s.Mesh.Vertices[i] = s.Mesh.Vertices[i].Mul(k)
		}
		for i := range s.Ellipsoid.Axes {
			s.Ellipsoid.Axes[i] = s.Ellipsoid.Axes[i].Mul(k)
		}
		s.Start, s.End = s.Start.Mul(k), s.End.Mul(k)
		d, err := editor.NewDoc(s, "", g.app.Doc.View, g.app.Doc.Grid)
		if err != nil {
			t.Fatal(err)
		}
		g.app.SetDoc(d)
		g.app.Refresh()
		g.run(cmdPlay)
		return g.cam.Distance
	}
	one, fifty := distance(1), distance(50)
	if r := fifty / one; math.Abs(r-50) > 1e-6*50 {
		t.Fatalf("play camera distance %v at scale 1, %v at scale 50: ratio %v, want 50", one, fifty, r)
	}
}
