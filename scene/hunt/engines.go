package hunt

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"sweepdbg/geom"
	"sweepdbg/scene"
	"sweepdbg/scene/engine"
	"sweepdbg/scene/opinions"
	"sweepdbg/sweep"
)

// maxFixtureTris is the most triangles an engine finding's fixture keeps.
const maxFixtureTris = 4

// KindCount is how many cases showed one kind of finding.
type KindCount struct {
	Kind  string
	Count int
}

// engineCheck judges live engines against the exact core instead of
// checking the core (Config.Engines): every engine's sweep of a case, and
// its slide from a free start when it offers slides, each judged with
// engine.Judge; a wrong answer is a Problem of kind "<engine>: <rule>".
type engineCheck struct {
	ctx     context.Context
	engines []engine.Engine
	names   []string
	judge   engine.Judge
	err     error // the first engine that broke; nothing is asked after it
	queries int   // requests answered
	// unanswered counts {"error":...} answers and queries JSON cannot carry.
	unanswered int
	meshes     [2]meshFor
}

// meshFor is the engine mesh of one triangle slice.
type meshFor struct {
	tris []geom.Triangle
	m    *engine.Mesh
}

func newEngineCheck(ctx context.Context, engines []engine.Engine, j engine.Judge) *engineCheck {
	names := make([]string, len(engines))
	seen := map[string]int{}
	for i, e := range engines {
		names[i] = printable(e.Name())
		if seen[names[i]]++; seen[names[i]] > 1 {
			names[i] += fmt.Sprintf(" (%d)", seen[names[i]])
		}
	}
	return &engineCheck{ctx: ctx, engines: engines, names: names, judge: j}
}

// mesh is the engine mesh of w's triangles: the whole scene's is kept, so
// it is sent to the engines once; a shrinking variant's is made anew.
func (ec *engineCheck) mesh(w *world) *engine.Mesh {
	for _, m := range ec.meshes {
		if m.m != nil && len(m.tris) == len(w.tris) && (len(w.tris) == 0 || &m.tris[0] == &w.tris[0]) {
			return m.m
		}
	}
	m := meshFor{w.tris, engine.NewMesh(w.tris)}
	if ec.meshes[0].m == nil {
		ec.meshes[0] = m // the first is the whole scene
	} else {
		ec.meshes[1] = m
	}
	return m.m
}

// forget drops the kept meshes, so that the next query on the scene sends
// it under a new id: after a shrink has sent many small meshes, an engine
// that keeps only its newest few (docs/engine-protocol.md, "mesh") has
// forgotten the scene's.
func (ec *engineCheck) forget() { ec.meshes = [2]meshFor{} }

// check asks every engine about c and returns each wrong answer.
func (ec *engineCheck) check(w *world, c Case) []Problem {
	if ec.err != nil || ec.ctx.Err() != nil {
		return nil
	}
	q := engine.Query{Mesh: ec.mesh(w), Ellipsoid: c.E, Start: c.Start, End: c.End, Slide: c.Slide}
	var exact sweep.Answer
	exact.First, exact.Hit = w.mesh.Sweep(c.E, c.Start, c.End.Sub(c.Start))
	free := false
	if d, _ := w.geo.Dist(c.Start); d > 1+1e-9 {
		free = true
		exact.Slid, exact.Slide = true, w.mesh.Slide(c.E, c.Start, c.End, c.Slide)
	}
	var probs []Problem
	for i, e := range ec.engines {
		for _, op := range []engine.Ops{engine.OpSweep, engine.OpSlide} {
			if e.Ops()&op == 0 || op == engine.OpSlide && !free {
				continue
			}
			v, ok := ec.ask(e, op, q, exact)
			if !ok {
				return nil
			}
			if v.State == engine.Wrong {
				probs = append(probs, Problem{Kind: ec.names[i] + ": " + v.Rule, Worst: v.By, Detail: v.Detail})
			}
		}
	}
	return probs
}

// ask puts one op to e and judges the answer; false when the engine broke
// or the hunt was cancelled. An {"error":...} answer, or a query JSON
// cannot carry, is no verdict.
func (ec *engineCheck) ask(e engine.Engine, op engine.Ops, q engine.Query, exact sweep.Answer) (engine.Verdict, bool) {
	var got sweep.Answer
	var err error
	if op == engine.OpSlide {
		got, err = e.Slide(ec.ctx, q)
	} else {
		got, err = e.Sweep(ec.ctx, q)
	}
	var ae *engine.AnswerError
	switch {
	case err == nil:
	case errors.As(err, &ae) || errors.Is(err, engine.ErrNotFinite):
		ec.unanswered++
		return engine.Verdict{}, true
	case ec.ctx.Err() != nil: // cancelled: not the engine's fault
		return engine.Verdict{}, false
	default:
		ec.err = err
		return engine.Verdict{}, false
	}
	ec.queries++
	if op == engine.OpSlide {
		return ec.judge.Slide(q, exact, got), true
	}
	return ec.judge.Sweep(q, exact, got), true
}

// printable is s with control characters, quotes and invalid UTF-8
// escaped as strconv.Quote does, without the surrounding quotes: an
// engine's name, safe in kinds, progress lines and summaries.
func printable(s string) string {
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// engineErr is the error of an engine that broke, nil while all run.
func (k *checker) engineErr() error {
	if k.eng == nil {
		return nil
	}
	return k.eng.err
}

// fewer cuts a shrunk engine finding to at most maxFixtureTris triangles
// when the shrinker ran out of time first: the triangles nearest the
// motion, as few as still fail.
func fewer(c Case, fails func(Case) bool) Case {
	if len(c.Tris) <= maxFixtureTris {
		return c
	}
	type near struct {
		d float64
		t geom.Triangle
	}
	ranked := make([]near, len(c.Tris))
	for i, t := range c.Tris {
		d, _, _ := opinions.NewGeometry(c.E, []geom.Triangle{t}).MinDist(c.Start, c.End.Sub(c.Start), 0, 1)
		ranked[i] = near{d, t}
	}
	sort.SliceStable(ranked, func(i, j int) bool { return ranked[i].d < ranked[j].d })
	for n := 1; n <= maxFixtureTris; n++ {
		d := c
		d.Tris = make([]geom.Triangle, n)
		for i := range n {
			d.Tris[i] = ranked[i].t
		}
		if fails(d) {
			return d
		}
	}
	return c
}

// fixture turns a shrunk case into a fixture. For an engine finding its
// expectation is the exact core's whole answer (hit, t, point, normal,
// feature, triangle, final), so that the fixture passes on the core and
// fails on the engine (`debugger replay --engine`).
func (h *hunter) fixture(c Case, p Problem) (*scene.Scene, error) {
	s, err := sceneOf(c, p, h.cfg.Scene.Name, h.cfg.Seed, h.cfg.Tolerance)
	if err != nil || h.k.eng == nil {
		return s, err
	}
	s.Expect = coreExpect(sweep.NewMesh(c.Tris).Answer(c.E, c.Start, c.End, c.Slide))
	return s, s.Validate()
}

// coreExpect is the expectation of the core's answer a.
func coreExpect(a sweep.Answer) *scene.Expect {
	e := &scene.Expect{Hit: &a.Hit, Final: &a.Slide.Final}
	if a.Hit {
		f := a.First.Feature.String()
		e.T, e.Point, e.Normal, e.Feature, e.Triangle = &a.First.T, &a.First.Point, &a.First.Normal, &f, &a.First.Triangle
	}
	return e
}

// CheckOut reports whether dir (created if missing) can take fixtures,
// by writing and removing a probe file.
func CheckOut(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("--out %q: %w", dir, err)
	}
	f, err := os.CreateTemp(dir, ".probe-*")
	if err != nil {
		return fmt.Errorf("--out %q is not writable: %w", dir, err)
	}
	name := f.Name()
	f.Close()
	return os.Remove(filepath.Clean(name))
}

// progressFor returns the progress printer of a hunt and the function
// that ends its line: the plain bar, or with engines the bar with their
// query rate and findings by kind.
func progressFor(w io.Writer, sceneName string, engines []engine.Engine) (show func(Progress), done func()) {
	if len(engines) == 0 {
		b := &progressBar{w: w, scene: sceneName}
		return b.show, b.done
	}
	b := newEngineBar(w, sceneName, engines)
	return b.show, b.done
}

// engineBar draws "hunting NAME with ENGINES 12s/30s  1234 cases  800 q/s
// findings: naive-c: t 3, naive-c: inside 1" on one line, rewritten
// with \r.
type engineBar struct {
	w       io.Writer
	scene   string
	engines string
	width   int
}

func newEngineBar(w io.Writer, sceneName string, engines []engine.Engine) *engineBar {
	names := make([]string, len(engines))
	for i, e := range engines {
		names[i] = printable(e.Name())
	}
	return &engineBar{w: w, scene: sceneName, engines: strings.Join(names, ", ")}
}

func (b *engineBar) show(p Progress) {
	qps := 0.0
	if s := p.Elapsed.Seconds(); s > 0 {
		qps = float64(p.Queries) / s
	}
	line := fmt.Sprintf("hunting %s with %s %s/%s  %d cases  %.0f q/s  %d %s", b.scene, b.engines,
		p.Elapsed.Round(100*time.Millisecond), p.Duration, p.Cases, qps, p.Findings, plural(p.Findings, "finding"))
	if len(p.ByKind) > 0 {
		parts := make([]string, len(p.ByKind))
		for i, k := range p.ByKind {
			parts[i] = fmt.Sprintf("%s %d", k.Kind, k.Count)
		}
		line += ": " + strings.Join(parts, ", ")
	}
	if p.Unanswered > 0 {
		line += fmt.Sprintf("  %d unanswered", p.Unanswered)
	}
	if p.Shrinking != "" {
		line += "  shrinking " + p.Shrinking
	}
	redraw(b.w, &b.width, line)
}

// redraw rewrites the progress line with line, blanking what is left of
// the last one (*width long); *width becomes line's length.
func redraw(w io.Writer, width *int, line string) {
	pad := max(0, *width-len(line))
	*width = len(line)
	fmt.Fprintf(w, "\r%s%s", line, strings.Repeat(" ", pad))
}

func (b *engineBar) done() {
	if b.width > 0 {
		fmt.Fprintln(b.w)
	}
}
