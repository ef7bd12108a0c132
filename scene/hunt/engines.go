package hunt

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"

	"sweepdbg/geom"
	"sweepdbg/scene"
	"sweepdbg/scene/engine"
	"sweepdbg/scene/judge"
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
// judge.Judge; a wrong answer is a Problem of kind "<engine>: <verdict's
// kind>" (judge.Verdict.Kind), e.g. "naive-c: feature edge->vertex".
type engineCheck struct {
	ctx     context.Context
	engines []engine.Engine
	names   []string
	judge   judge.Judge
	err     error        // the first engine that broke; nothing is asked after it
	queries atomic.Int64 // requests answered (read by the progress reports)
	// unanswered counts {"error":...} answers and queries JSON cannot carry.
	unanswered atomic.Int64
	// satOut counts, per engine, the queries it sat out: the case's shape
	// is not among those it answers (engine.SatOut). They are neither
	// wrong nor broken.
	satOut []atomic.Int64
	meshes [2]meshFor
}

// meshFor is the engine mesh of one triangle slice.
type meshFor struct {
	tris []geom.Triangle
	m    *engine.Mesh
}

func newEngineCheck(ctx context.Context, engines []engine.Engine, j judge.Judge) *engineCheck {
	names := make([]string, len(engines))
	seen := map[string]int{}
	for i, e := range engines {
		names[i] = printable(e.Name())
		if seen[names[i]]++; seen[names[i]] > 1 {
			names[i] += fmt.Sprintf(" (%d)", seen[names[i]])
		}
	}
	return &engineCheck{ctx: ctx, engines: engines, names: names, judge: j, satOut: make([]atomic.Int64, len(engines))}
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
	q := engine.Query{Mesh: ec.mesh(w), Motion: c.Motion}
	var exact sweep.Answer
	exact.First, exact.Hit = w.mesh.Cast(c.Shape, c.Start, c.Delta())
	free := false
	if d, _ := w.geo.Dist(c.Start); d > 1+1e-9 {
		free = true
		exact.Slid, exact.Slide = true, w.mesh.SlideShape(c.Shape, c.Start, c.End, c.Slide)
	}
	var probs []Problem
	for i, e := range ec.engines {
		for _, op := range []engine.Ops{engine.OpSweep, engine.OpSlide} {
			if e.Ops()&op == 0 || op == engine.OpSlide && !free {
				continue
			}
			v, ok := ec.ask(i, op, q, exact)
			if !ok {
				return nil
			}
			if v.State == judge.Wrong {
				probs = append(probs, Problem{Kind: ec.names[i] + ": " + v.Kind(), Worst: v.By, Detail: v.Detail, Engine: ec.names[i]})
			}
		}
	}
	return probs
}

// ask puts one op to engine i and judges the answer; false when the
// engine broke or the hunt was cancelled. A query the engine sits out (its
// shape), an {"error":...} answer, or a query JSON cannot carry, is no
// verdict.
func (ec *engineCheck) ask(i int, op engine.Ops, q engine.Query, exact sweep.Answer) (judge.Verdict, bool) {
	e := ec.engines[i]
	var got sweep.Answer
	var err error
	if op == engine.OpSlide {
		got, err = e.Slide(ec.ctx, q)
	} else {
		got, err = e.Sweep(ec.ctx, q)
	}
	switch {
	case err == nil:
	case engine.SatOut(err):
		ec.satOut[i].Add(1)
		return judge.Verdict{}, true
	case !engine.Answered(err):
		ec.unanswered.Add(1)
		return judge.Verdict{}, true
	case ec.ctx.Err() != nil: // cancelled: not the engine's fault
		return judge.Verdict{}, false
	default:
		ec.err = err
		return judge.Verdict{}, false
	}
	ec.queries.Add(1)
	return q.Judge(ec.judge, op, exact, got), true
}

// SatOut is how many queries of a hunt one engine sat out because it
// does not answer the hunted shape (engine.SatOutError): not wrong, not
// broken, not judged.
type SatOut struct {
	Engine  string          // its name, as in the kinds
	Shape   sweep.ShapeKind // the hunted scene's shape
	Shapes  engine.Shapes   // the shapes it answers
	Queries int             // sweeps and slides it was not asked
}

// Reason reads e.g. "it does not answer capsules (it answers ellipsoid)".
func (o SatOut) Reason() string {
	return fmt.Sprintf("it does not answer %s (it answers %s)", shapesPlural(o.Shape), o.Shapes)
}

// NothingToHuntError says that no engine of a hunt answers the scene's
// shape: every one would sit out every query (engine.Shapes), so there is
// nothing to judge. Run returns it before trying a case. It wraps
// engine.ErrShapeUnsupported (engine.SatOut is true for it).
type NothingToHuntError struct {
	Shape   sweep.ShapeKind
	Engines []SatOut // each engine with what it answers; Queries is 0
}

// Error reads e.g. `hunt: engine "naive-c" sits out capsules (it answers
// ellipsoid): nothing to hunt`, or with several engines `hunt: engines
// "a" (ellipsoid), "b" (ellipsoid, box) sit out capsules: nothing to
// hunt`; the names are escaped (printable).
func (e *NothingToHuntError) Error() string {
	if len(e.Engines) == 1 {
		s := e.Engines[0]
		return fmt.Sprintf("hunt: engine \"%s\" sits out %s (it answers %s): nothing to hunt", s.Engine, shapesPlural(e.Shape), s.Shapes)
	}
	parts := make([]string, len(e.Engines))
	for i, s := range e.Engines {
		parts[i] = fmt.Sprintf("\"%s\" (%s)", s.Engine, s.Shapes)
	}
	return fmt.Sprintf("hunt: engines %s sit out %s: nothing to hunt", strings.Join(parts, ", "), shapesPlural(e.Shape))
}

// Unwrap returns engine.ErrShapeUnsupported.
func (e *NothingToHuntError) Unwrap() error { return engine.ErrShapeUnsupported }

// shapesPlural is "ellipsoids", "capsules" or "boxes".
func shapesPlural(k sweep.ShapeKind) string {
	if k == sweep.KindBox {
		return "boxes"
	}
	return k.String() + "s"
}

// sittingOut checks that at least one of engines answers shape k: nil,
// else a *NothingToHuntError.
func sittingOut(engines []engine.Engine, k sweep.ShapeKind) error {
	e := &NothingToHuntError{Shape: k}
	for _, en := range engines {
		if en.Shapes().Has(k) {
			return nil
		}
		e.Engines = append(e.Engines, SatOut{Engine: printable(en.Name()), Shape: k, Shapes: en.Shapes()})
	}
	return e
}

// satOuts adds up, per engine, the queries the jobs' engines sat out, in
// the order of the engines; engines that sat out none are left out.
func (h *hunter) satOuts() []SatOut {
	var out []SatOut
	for i, e := range h.cfg.Engines[0] {
		n := 0
		for _, j := range h.jobs {
			n += int(j.k.eng.satOut[i].Load())
		}
		if n > 0 {
			out = append(out, SatOut{Engine: h.jobs[0].k.eng.names[i], Shape: h.cfg.Scene.Kind, Shapes: e.Shapes(), Queries: n})
		}
	}
	return out
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
		d, _, _ := judge.NewGeometry(c.Shape, []geom.Triangle{t}).MinDist(c.Start, c.End.Sub(c.Start), 0, 1)
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
func (j *job) fixture(c Case, p Problem) (*scene.Scene, error) {
	cfg := &j.h.cfg
	s, err := sceneOf(c, p, cfg.Scene.Name, cfg.Seed, cfg.Tolerance)
	if err != nil || j.k.eng == nil {
		return s, err
	}
	s.Expect = coreExpect(sweep.NewMesh(c.Tris).Answer(c.Motion), expectTolerance(c.Shape, cfg.Judge))
	return s, s.Validate()
}

// expectTolerance is the world-unit tolerance of an engine finding's
// expectation: the judge's tolerance in shape units times the shape's
// unit (sweep.Shape.Unit: the ellipsoid's smallest semi-axis, the
// capsule's radius, the box's smallest half extent; a distance of tol in
// shape units is at least that many world units in every direction), at
// most the tolerance itself, so an engine the judge accepts on this
// motion also passes the fixture's point, normal and t checks.
func expectTolerance(s sweep.Shape, j judge.Judge) float64 {
	return float64(j.Tolerance().Max() * math.Min(s.Unit(), 1))
}

// coreExpect is the expectation of the core's answer a, within tol.
func coreExpect(a sweep.Answer, tol float64) *scene.Expect {
	e := &scene.Expect{Hit: &a.Hit, Final: &a.Slide.Final, Tolerance: &tol}
	if a.Hit {
		f := a.First.Feature.String()
		e.T, e.Point, e.Normal, e.Feature, e.Triangle = &a.First.T, &a.First.Point, &a.First.Normal, &f, &a.First.Triangle
	}
	return e
}
