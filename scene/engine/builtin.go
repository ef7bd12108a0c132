package engine

import (
	"context"
	"fmt"
	"strconv"

	"sweepdbg/scene/judge"
	"sweepdbg/scene/opinions"
	"sweepdbg/sweep"
	"sweepdbg/sweep/unitspace"
)

// The built-in engines' names.
const (
	coreName      = opinions.Rouwe     // "core": the exact core, Rouwé's plane-space method (sweep.Mesh)
	unitSpaceName = opinions.UnitSpace // the unit-sphere-space interior/edge/vertex method (package unitspace)
	convexName    = opinions.Convex    // conservative advancement on GJK distances (package convex), capsules and boxes
	oracleName    = opinions.Oracle    // the numeric oracle: bisection on the shape's distance (package oracle)
)

// hitFields are the optional fields of a first contact: every built-in
// sweep fills all of them (point, normal, feature and triangle).
const hitFields = sweep.HasPoint | sweep.HasNormal | sweep.HasFeature | sweep.HasTriangle

// builtin is one of the project's own algorithms as an Engine; it never
// fails and is safe for concurrent use.
type builtin struct {
	name   string
	ops    Ops
	shapes Shapes       // the shapes it answers; it sits out the others
	has    sweep.Fields // the optional fields its sweeps fill
	sweep  func(q *Query) (sweep.Hit, bool)
}

// Core returns the exact core as an engine: sweep.Mesh's Cast and
// SlideShape, for every shape (AllShapes). Both answers carry every field
// (sweep.AllFields), like sweep.Mesh.Answer: a sweep fills the whole
// first contact and a slide every step's contact, so nothing the core
// computes is ever marked missing. It is the referee.
func Core() Engine {
	return &builtin{coreName, OpSweep | OpSlide, AllShapes, sweep.AllFields, func(q *Query) (sweep.Hit, bool) {
		return q.Mesh.Core.Cast(q.Shape, q.Start, q.Delta())
	}}
}

// UnitSpace returns the unit-space method as an engine (sweeps only, every
// field of the first contact present; ellipsoids only: it sits out
// capsules and boxes).
func UnitSpace() Engine {
	return &builtin{unitSpaceName, OpSweep, EllipsoidOnly, hitFields, func(q *Query) (sweep.Hit, bool) {
		return opinions.UnitSpaceSweep(q.Mesh.Geometry(q.Shape), q.Start, q.Delta())
	}}
}

// convexEngine returns the convex method as an engine (sweeps only, every field
// of the first contact present; capsules and boxes only: it sits out
// ellipsoids, which UnitSpace answers).
func convexEngine() Engine {
	return &builtin{convexName, OpSweep, ShapesOf(sweep.KindCapsule, sweep.KindBox), hitFields, func(q *Query) (sweep.Hit, bool) {
		return opinions.ConvexSweep(q.Mesh.Geometry(q.Shape), q.Start, q.Delta())
	}}
}

// oracleEngine returns the numeric oracle as an engine (sweeps only, every field
// of the first contact present, every shape; slow: a few microseconds per
// nearby triangle).
func oracleEngine() Engine {
	return &builtin{oracleName, OpSweep, AllShapes, hitFields, func(q *Query) (sweep.Hit, bool) {
		return q.Mesh.Geometry(q.Shape).Oracle(q.Start, q.Delta())
	}}
}

// Builtins returns the built-in engines, the core first: for every shape
// three of them answer (the core, the second algorithm of its kind,
// UnitSpace or convexEngine, and the oracle) and the fourth sits out.
func Builtins() []Engine { return []Engine{Core(), UnitSpace(), convexEngine(), oracleEngine()} }

func (b *builtin) Name() string   { return b.name }
func (b *builtin) Ops() Ops       { return b.ops }
func (b *builtin) Shapes() Shapes { return b.shapes }
func (b *builtin) Close() error   { return nil }

// Sweep answers with the algorithm's first contact (Hit, First and the
// engine's fields in Has); a *SatOutError for a shape it does not answer.
func (b *builtin) Sweep(_ context.Context, q Query) (sweep.Answer, error) {
	if err := checkShape(b.name, OpSweep, b.shapes, &q); err != nil {
		return sweep.Answer{}, err
	}
	h, ok := b.sweep(&q)
	return sweep.Answer{Hit: ok, First: h, Has: b.has}, nil
}

// Slide answers with the core's collide-and-slide (Slid, Slide and every
// field: each step carries its whole contact); ErrUnsupported for the
// sweep-only engines.
func (b *builtin) Slide(_ context.Context, q Query) (sweep.Answer, error) {
	if b.ops&OpSlide == 0 {
		return sweep.Answer{}, fmt.Errorf("engine %s: slide: %w", strconv.Quote(b.name), ErrUnsupported)
	}
	if err := checkShape(b.name, OpSlide, b.shapes, &q); err != nil {
		return sweep.Answer{}, err
	}
	res := q.Mesh.Core.SlideShape(q.Shape, q.Start, q.End, q.Slide)
	return sweep.Answer{Slid: true, Slide: res, Has: sweep.AllFields}, nil
}

// Opinions asks every engine that sweeps for its first contact of q and
// compares each answer with the first engine's, the referee (normally
// Core): Report.Opinions holds the answers in the order of engines (those
// that failed are left out; errs[i] says why engine i did not answer),
// each with its Err (how far from a true first contact, unit distance);
// Report.Disagreements lists every answer that differs from the referee's
// or fails a check on its own beyond tol; Report.Candidates are the
// unit-space method's roots for the triangle the first unitspace engine
// (else the referee) touched. Work is bounded by the triangles near the
// motion, deduplicated (see judge.Geometry).
func Opinions(ctx context.Context, q Query, engines []Engine, tol judge.Tolerance) (*opinions.Report, []error) {
	errs := make([]error, len(engines))
	var ops []opinions.Opinion
	for i, e := range engines {
		if e.Ops()&OpSweep == 0 {
			errs[i] = fmt.Errorf("engine %s: sweep: %w", strconv.Quote(e.Name()), ErrUnsupported)
			continue
		}
		a, err := e.Sweep(ctx, q)
		if err != nil {
			errs[i] = err
			continue
		}
		ops = append(ops, opinions.Opinion{Algorithm: e.Name(), OK: a.Hit, Hit: a.First, Missing: hitFields &^ a.Has})
	}
	g := q.Mesh.Geometry(q.Shape)
	delta := q.End.Sub(q.Start)
	r := opinions.Referee(g, q.Motion, tol, ops)
	if w := candidateOf(ops, len(q.Mesh.Tris)); w != nil {
		r.Candidates = unitspace.Explain(q.Ellipsoid, q.Start, delta, q.Mesh.Tris[w.Hit.Triangle])
	}
	return r, errs
}

// candidateOf picks the opinion whose triangle the candidates explain.
func candidateOf(ops []opinions.Opinion, tris int) *opinions.Opinion {
	var pick *opinions.Opinion
	for i := range ops {
		o := &ops[i]
		if !o.OK || o.Missing&sweep.HasTriangle != 0 || o.Hit.Triangle < 0 || o.Hit.Triangle >= tris {
			continue
		}
		if o.Algorithm == unitSpaceName {
			return o
		}
		if pick == nil {
			pick = o
		}
	}
	return pick
}
