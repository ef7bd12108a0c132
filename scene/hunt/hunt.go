// Package hunt is the bug hunter behind `debugger hunt`: a randomised
// search over a scene for motions where the collision code goes wrong,
// each finding shrunk to a small case and written as a fixture.
//
// The scene's shape decides the shape hunted: an ellipsoid, a capsule or
// a box. It tries plain random motions, motions aimed at a face, an edge
// or a vertex (touching exactly or missing by 1e-3 .. 1e-12 in shape
// units), grazing motions nearly tangent to the shape at contact, and
// motions driven into the crease between two triangles, some of them
// shrunk to a tiny length (down to 1e-12), with the scene's shape or
// random ones of its kind and similar size in random orientations
// (ellipsoids up to 100:1 flat; capsules of other radii and segment
// lengths and directions; boxes of other half extents, turned). It looks
// for:
//
//   - disagreements between the three first-contact algorithms (the
//     core's, the second algorithm's — the unit-space method for an
//     ellipsoid, the convex method for a capsule or a box — and the
//     oracle's; see package opinions), named after the field that differs
//     and the algorithm the others outvote, e.g. "t: unitspace";
//   - slides (sweep.Mesh.SlideShape) that end inside geometry or pass
//     through it (shape distance below 1 - tolerance, by the oracle;
//     judge.Geometry), that stick (no progress after the first contact
//     although half of the tangential motion left is free), or that
//     produce NaN.
//
// The first case of each kind is shrunk (fewer triangles, a shorter
// motion, rounder numbers, while it fails the same way) and exported as a
// fixture named after its kind and its content; later cases of the kind
// are counted, and the worst is kept.
//
// Case k of a seed is a function of (seed, k) alone, so a hunt can run
// as several jobs in parallel (Config.Jobs) and be split into disjoint
// shards (Config.Shard) across machines: the results are merged in case
// order, and with a case budget (Config.Cases) the findings and the
// summary are the same for any number of jobs.
//
// This package is the library (Config, Run, Progress, Summary); the
// command — its flags, progress bar, summary table and exit codes — is
// cmd/debugger's hunt subcommand, and the window runs hunts through
// ui/editor.
package hunt

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"sweepdbg/scene"
	"sweepdbg/scene/engine"
	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
)

// Defaults of Config.
const (
	DefaultDuration = 30 * time.Second
	DefaultOut      = "hunt-findings"
)

// Config says what to hunt in and for how long.
type Config struct {
	Scene *scene.Scene // the scene whose mesh (and shape, slide options) is hunted in; required
	// Duration is how long to search, shrinking included, counted once
	// the scene's mesh is prepared; 0 means DefaultDuration, or no time
	// limit when Cases is set.
	Duration time.Duration
	// Cases ends the hunt after the case indices 0 .. Cases-1 of the seed
	// (those of them that Shard takes); 0 means no case limit. Without a
	// Duration the findings, their fixtures and the summary (all but
	// Elapsed) are then a function of the scene, Seed, Shard, Cases and
	// the engines' answers: the same for any Jobs.
	Cases int
	Seed  uint64 // seed of the random search; case k of a seed is always the same case
	Out   string // directory the fixtures go to (created if missing); "" means DefaultOut
	// StopAfter ends the hunt once this many kinds of finding are known
	// (after the case, in case order, that showed the last of them); 0
	// hunts for the whole Duration or Cases.
	StopAfter int
	// Jobs is how many searches run in parallel, each taking the next case
	// index in turn, with engines of its own (Engines); 0 means 1, or
	// len(Engines) when there are engines. Negative is an error.
	Jobs int
	// Shard is the part of the seed's cases this hunt tries; the zero
	// value is all of them.
	Shard Shard
	// Tolerance is what counts as a disagreement; zero means
	// judge.Exact.
	Tolerance judge.Tolerance
	// Now is the clock (the time budget); nil means time.Now.
	Now func() time.Time
	// Engines, when not empty, holds one set of engines per job (its
	// length must be the number of jobs), each set the same engines
	// started anew: they are judged against the exact core with Judge
	// instead of the core being checked. Kinds are named "<engine>:
	// <kind>" (judge.Verdict.Kind: the rule and the exact feature, e.g.
	// "naive-c: t (edge)"), each finding is shrunk to at most 4
	// triangles and its fixture expects the exact core's answer. An
	// engine that does not answer the scene's shape (engine.Shapes) sits
	// out: its queries are counted in Summary.SatOut, never judged; when
	// every engine sits out, Run returns a *NothingToHuntError. The hunt
	// ends with an error (a *engine.BrokenError) when an engine breaks,
	// after every job has stopped. The caller closes the engines.
	Engines [][]engine.Engine
	Judge   judge.Judge
}

// Progress is reported while hunting, a few times a second.
type Progress struct {
	Elapsed, Duration time.Duration
	Cases             int         // cases tried so far
	CaseBudget        int         // the shard's cases in Config.Cases; 0 without a case budget
	Findings          int         // kinds of finding so far
	Shrinking         string      // a kind being shrunk, "" while only searching
	Queries           int         // requests the engines answered (Config.Engines)
	Unanswered        int         // engine queries answered {"error":...} or not askable
	SatOut            int         // engine queries sat out: the engine does not answer the scene's shape
	ByKind            []KindCount // cases per kind of finding, in the order found
}

// Finding is one kind of problem.
type Finding struct {
	Kind      string  // e.g. "t: unitspace" or KindSlideThrough
	Count     int     // cases that showed it
	Worst     float64 // the largest Problem.Worst among them
	Saved     float64 // the shrunk case's Problem.Worst: how far off the fixture is
	Detail    string  // the shrunk case's problem, in words
	Case      Case    // the shrunk case
	Triangles int     // triangles left in the shrunk case
	Fixture   string  // the fixture written for the shrunk case
	Index     uint64  // the seed's case index of its first case
}

// Summary is the outcome of a hunt.
type Summary struct {
	Scene    string
	Seed     uint64
	Shard    Shard // the part of the seed's cases searched
	Cases    int   // cases tried (of the shard)
	Elapsed  time.Duration
	Findings []Finding // in the order of their first cases' indices
	// Noise holds, for each engine whose wrong cases are mostly off by
	// little more than the judge's tolerance, the tolerance that would
	// set them apart from the rest (see NoiseHint); by engine name.
	Noise []NoiseHint
	// SatOut lists, for each engine that does not answer the scene's shape
	// (while another one does), how many queries it sat out: neither
	// wrong nor broken, and not judged.
	SatOut []SatOut
}

// progressEvery is how often Run reports progress.
const progressEvery = 200 * time.Millisecond

// Run hunts until cfg.Duration has passed (counted once the scene's mesh
// is prepared), cfg.Cases cases are tried, ctx is cancelled or
// cfg.StopAfter kinds are found, calling progress (may be nil; from one
// goroutine) as it goes. A missing or invalid scene, a bad shard, Jobs or
// Engines, is an error, and so are engines that all sit out the scene's
// shape (a *NothingToHuntError; an engine that sits it out beside one
// that answers it is counted in Summary.SatOut); so is a fixture that cannot be written (the error
// names the file) and a broken engine, in which case the summary so far
// is returned with it. Cancellation is not an error.
func Run(ctx context.Context, cfg Config, progress func(Progress)) (Summary, error) {
	cfg = cfg.withDefaults()
	if err := cfg.validate(); err != nil {
		return Summary{}, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	h := &hunter{cfg: cfg, progress: progress, cancel: cancel, kinds: map[string]int{},
		pending: map[uint64][]Problem{}, cases: map[uint64]Case{}, shrinking: map[string]bool{}, spreads: map[string]*spread{}}
	// Preparing a large mesh takes a while; the hunt's time starts after.
	h.gen = newGenerator(cfg.Scene)
	h.full = newWorld(Case{Tris: h.gen.tris, Motion: sweep.Motion{Shape: cfg.Scene.Shape}})
	h.start = cfg.Now()
	if cfg.Duration > 0 {
		h.deadline = h.start.Add(cfg.Duration)
	}
	h.sum = Summary{Scene: cfg.Scene.Name, Seed: cfg.Seed, Shard: cfg.Shard.norm()}
	h.runJobs(ctx)
	h.sum.Noise = h.noise()
	if len(cfg.Engines) > 0 {
		h.sum.SatOut = h.satOuts()
	}
	h.sum.Elapsed = cfg.Now().Sub(h.start)
	h.report()
	return h.sum, h.err
}

func (c Config) withDefaults() Config {
	if c.Duration <= 0 && c.Cases <= 0 {
		c.Duration = DefaultDuration
	}
	if c.Out == "" {
		c.Out = DefaultOut
	}
	if c.Tolerance == (judge.Tolerance{}) {
		c.Tolerance = judge.Exact
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Jobs == 0 {
		c.Jobs = max(1, len(c.Engines))
	}
	return c
}

// validate reports what is wrong with a config (after withDefaults).
func (c Config) validate() error {
	switch {
	case c.Scene == nil:
		return errors.New("hunt: no scene")
	case c.Jobs < 1:
		return fmt.Errorf("hunt: %d jobs: want at least 1", c.Jobs)
	case len(c.Engines) > 0 && len(c.Engines) != c.Jobs:
		return fmt.Errorf("hunt: %d sets of engines for %d jobs: want one per job", len(c.Engines), c.Jobs)
	case c.Cases < 0:
		return fmt.Errorf("hunt: %d cases: want 0 (no limit) or more", c.Cases)
	}
	if err := c.Shard.Validate(); err != nil {
		return fmt.Errorf("hunt: shard %w", err)
	}
	if err := c.Scene.Validate(); err != nil {
		return fmt.Errorf("hunt: scene %q: %w", c.Scene.Name, err)
	}
	if len(c.Engines) > 0 {
		return sittingOut(c.Engines[0], c.Scene.Kind)
	}
	return nil
}

// hunter is one hunt in progress: what its jobs share. The fields below
// mu are guarded by it.
type hunter struct {
	cfg             Config
	progress        func(Progress)
	cancel          context.CancelFunc
	gen             *generator // the scene's part; read-only
	full            *world     // the whole scene; read-only
	start, deadline time.Time  // deadline: zero without a time limit
	jobs            []*job

	mu        sync.Mutex
	claimed   uint64               // the next ordinal of the shard to hand out
	folded    uint64               // the ordinals below have been merged into sum
	pending   map[uint64][]Problem // problems of tried cases at or above folded
	cases     map[uint64]Case      // their cases, for the ones with problems
	stopped   bool                 // StopAfter reached: nothing more is tried or merged
	sum       Summary
	kinds     map[string]int // kind -> index in sum.Findings
	shrinking map[string]bool
	spreads   map[string]*spread // engine -> how far off its wrong cases are
	err       error              // the first error: a broken engine, a fixture not written
}

// runJobs runs the jobs until they are done, reporting progress.
func (h *hunter) runJobs(ctx context.Context) {
	var wg sync.WaitGroup
	for i := range h.cfg.Jobs {
		j := &job{h: h, k: &checker{tol: h.cfg.Tolerance}}
		if len(h.cfg.Engines) > 0 {
			j.k.eng = newEngineCheck(ctx, h.cfg.Engines[i], h.cfg.Judge)
		}
		h.jobs = append(h.jobs, j)
	}
	for _, j := range h.jobs {
		wg.Go(func() { j.run(ctx) })
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	tick := time.NewTicker(progressEvery)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-tick.C:
			h.report()
		}
	}
}

// fail keeps the first error and stops every job.
func (h *hunter) fail(err error) {
	h.mu.Lock()
	if h.err == nil {
		h.err = err
	}
	h.mu.Unlock()
	h.cancel()
}

// shrinkDeadline gives one shrink a quarter of the hunt's time (at least
// 2 s, at most 20 s), even past the end of the hunt; without a time limit
// (a case budget) only shrinkTries bounds it, so that the shrunk case is
// the same however busy the machine is.
func (h *hunter) shrinkDeadline() time.Time {
	if h.deadline.IsZero() {
		return time.Time{}
	}
	budget := min(max(h.cfg.Duration/4, 2*time.Second), 20*time.Second)
	return h.cfg.Now().Add(budget)
}

// caseBudget is how many of the Cases budget's indices the shard takes.
func (h *hunter) caseBudget() int {
	if h.cfg.Cases <= 0 {
		return 0
	}
	s := h.cfg.Shard.norm()
	return (h.cfg.Cases - s.Index + s.Count - 1) / s.Count
}

func (h *hunter) report() {
	if h.progress == nil {
		return
	}
	h.mu.Lock()
	p := Progress{Elapsed: h.cfg.Now().Sub(h.start), Duration: h.cfg.Duration, Cases: h.sum.Cases, CaseBudget: h.caseBudget(), Findings: len(h.sum.Findings)}
	for _, f := range h.sum.Findings {
		p.ByKind = append(p.ByKind, KindCount{f.Kind, f.Count})
		if h.shrinking[f.Kind] && p.Shrinking == "" {
			p.Shrinking = f.Kind
		}
	}
	h.mu.Unlock()
	for _, j := range h.jobs {
		if e := j.k.eng; e != nil {
			p.Queries += int(e.queries.Load())
			p.Unanswered += int(e.unanswered.Load())
			for i := range e.satOut {
				p.SatOut += int(e.satOut[i].Load())
			}
		}
	}
	h.progress(p)
}
