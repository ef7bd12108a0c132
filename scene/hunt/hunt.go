// Package hunt is the bug hunter behind `debugger hunt`: a randomised
// search over a scene for motions where the collision code goes wrong,
// each finding shrunk to a small case and written as a fixture.
//
// It tries plain random motions, motions aimed at a face, an edge or a
// vertex (touching exactly or missing by 1e-3 .. 1e-12 in unit distance),
// grazing motions nearly tangent to the ellipsoid at contact, and motions
// driven into the crease between two triangles, some of them shrunk to a
// tiny length (down to 1e-12), with the scene's ellipsoid or random ones of
// similar size (up to 100:1 flat) in random orientations. It looks for:
//
//   - disagreements between the three first-contact algorithms (the
//     core's, the unit-space method's and the oracle's; see package
//     opinions), named after the field that differs and the algorithm the
//     others outvote, e.g. "t: unitspace";
//   - slides (sweep.Mesh.Slide) that end inside geometry or pass through
//     it (unit distance below 1 - tolerance, by the oracle), that stick
//     (no progress after the first contact although half of the tangential
//     motion left is free), or that produce NaN.
//
// The first case of each kind is shrunk (fewer triangles, a shorter
// motion, rounder numbers, while it fails the same way) and exported as a
// fixture; later cases of the kind are counted, and the worst is kept.
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
	"math"
	"math/rand/v2"
	"time"

	"sweepdbg/scene"
	"sweepdbg/scene/engine"
	"sweepdbg/scene/opinions"
)

// Defaults of Config.
const (
	DefaultDuration = 30 * time.Second
	DefaultOut      = "hunt-findings"
)

// Config says what to hunt in and for how long.
type Config struct {
	Scene    *scene.Scene  // the scene whose mesh (and ellipsoid size, slide options) is hunted in; required
	Duration time.Duration // how long to search, shrinking included; 0 means DefaultDuration
	Seed     uint64        // seed of the random search; the same seed and scene give the same cases
	Out      string        // directory the fixtures go to (created if missing); "" means DefaultOut
	// StopAfter ends the hunt once this many kinds of finding are known;
	// 0 hunts for the whole Duration.
	StopAfter int
	// Tolerance is what counts as a disagreement; zero means
	// opinions.DefaultTolerance.
	Tolerance opinions.Tolerance
	// Now is the clock (fixture names, the time budget); nil means
	// time.Now.
	Now func() time.Time
	// Engines, when not empty, are judged against the exact core with
	// Judge instead of the core being checked: kinds are named
	// "<engine>: <rule>" (engine.Verdict.Rule), each finding is shrunk to
	// at most 4 triangles and its fixture expects the exact core's answer.
	// The hunt ends with an error (a *engine.BrokenError) when an engine
	// breaks. The caller closes the engines.
	Engines []engine.Engine
	Judge   engine.Judge
}

// Progress is reported while hunting, a few times a second.
type Progress struct {
	Elapsed, Duration time.Duration
	Cases             int         // cases tried so far
	Findings          int         // kinds of finding so far
	Shrinking         string      // the kind being shrunk, "" while searching
	Queries           int         // requests the engines answered (Config.Engines)
	Unanswered        int         // engine queries answered {"error":...} or not askable
	ByKind            []KindCount // cases per kind of finding, in the order found
}

// Finding is one kind of problem.
type Finding struct {
	Kind      string  // e.g. "t: unitspace" or KindSlideThrough
	Count     int     // cases that showed it
	Worst     float64 // the largest Problem.Worst among them
	Detail    string  // the shrunk case's problem, in words
	Case      Case    // the shrunk case
	Triangles int     // triangles left in the shrunk case
	Fixture   string  // the fixture written for the shrunk case
}

// Summary is the outcome of a hunt.
type Summary struct {
	Scene    string
	Seed     uint64
	Cases    int
	Elapsed  time.Duration
	Findings []Finding // in the order found
}

// progressEvery is how often Run reports progress.
const progressEvery = 200 * time.Millisecond

// Run hunts until cfg.Duration has passed (counted once the scene's mesh
// is prepared), ctx is cancelled or
// cfg.StopAfter kinds are found, calling progress (may be nil) as it goes.
// A missing or invalid scene is an error; so is a fixture that cannot be
// written (the error names the file), in which case the summary so far is
// returned with it. Cancellation is not an error.
func Run(ctx context.Context, cfg Config, progress func(Progress)) (Summary, error) {
	cfg = cfg.withDefaults()
	if cfg.Scene == nil {
		return Summary{}, errors.New("hunt: no scene")
	}
	if err := cfg.Scene.Validate(); err != nil {
		return Summary{}, fmt.Errorf("hunt: scene %q: %w", cfg.Scene.Name, err)
	}
	h := &hunter{cfg: cfg, progress: progress, k: &checker{tol: cfg.Tolerance}, kinds: map[string]int{}}
	if len(cfg.Engines) > 0 {
		h.k.eng = newEngineCheck(ctx, cfg.Engines, cfg.Judge)
	}
	// Preparing a large mesh takes a while; the hunt's time starts after.
	h.gen = newGenerator(cfg.Scene, rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15)))
	h.full = newWorld(Case{Tris: h.gen.tris, E: cfg.Scene.Ellipsoid})
	h.start = cfg.Now()
	h.deadline = h.start.Add(cfg.Duration)
	h.sum = Summary{Scene: cfg.Scene.Name, Seed: cfg.Seed}
	err := h.run(ctx)
	h.sum.Elapsed = cfg.Now().Sub(h.start)
	h.report("")
	return h.sum, err
}

func (c Config) withDefaults() Config {
	if c.Duration <= 0 {
		c.Duration = DefaultDuration
	}
	if c.Out == "" {
		c.Out = DefaultOut
	}
	if c.Tolerance == (opinions.Tolerance{}) {
		c.Tolerance = opinions.DefaultTolerance
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// hunter is one hunt in progress.
type hunter struct {
	cfg             Config
	progress        func(Progress)
	k               *checker
	gen             *generator
	full            *world // the whole scene
	start, deadline time.Time
	lastReport      time.Time
	sum             Summary
	kinds           map[string]int // kind -> index in sum.Findings
}

func (h *hunter) run(ctx context.Context) error {
	for ctx.Err() == nil && h.cfg.Now().Before(h.deadline) {
		if h.cfg.StopAfter > 0 && len(h.sum.Findings) >= h.cfg.StopAfter {
			return nil
		}
		c, w := h.nextCase()
		h.sum.Cases++
		for _, p := range h.k.check(w, c) {
			if err := h.record(c, p); err != nil {
				return err
			}
		}
		if err := h.k.engineErr(); err != nil {
			return err
		}
		if now := h.cfg.Now(); now.Sub(h.lastReport) >= progressEvery {
			h.lastReport = now
			h.report("")
		}
	}
	return nil
}

// freeTries is how many times nextCase draws a case looking for one whose
// start is clear of the mesh: random and aimed motions often start inside
// some other triangle, and such cases only exercise T = 0.
const freeTries = 3

// nextCase draws the next case, preferring one with a clear start, and its
// world.
func (h *hunter) nextCase() (Case, *world) {
	for i := 1; ; i++ {
		c := h.gen.next()
		w := h.full.forCase(c)
		if d, _ := w.geo.Dist(c.Start); d > 1 || i == freeTries {
			return c, w
		}
	}
}

// record counts a problem; the first of its kind is shrunk and written.
func (h *hunter) record(c Case, p Problem) error {
	if i, ok := h.kinds[p.Kind]; ok {
		f := &h.sum.Findings[i]
		f.Count++
		f.Worst = math.Max(f.Worst, p.Worst)
		return nil
	}
	h.report(p.Kind)
	s := &shrinker{fails: failsAs(h.k, p.Kind), now: h.cfg.Now, deadline: h.shrinkDeadline()}
	small := s.shrink(c)
	if h.k.eng != nil {
		small = fewer(small, s.fails)
		h.k.eng.forget()
	}
	final := p
	for _, q := range h.k.check(newWorld(small), small) {
		if q.Kind == p.Kind {
			final = q
		}
	}
	f := Finding{Kind: p.Kind, Count: 1, Worst: p.Worst, Detail: final.Detail, Case: small, Triangles: len(small.Tris)}
	fx, err := h.fixture(small, final)
	if err == nil {
		f.Fixture, err = scene.Export(h.cfg.Out, fx, h.cfg.Now())
	}
	h.kinds[p.Kind] = len(h.sum.Findings)
	h.sum.Findings = append(h.sum.Findings, f)
	if err != nil {
		return fmt.Errorf("hunt: writing the fixture of %q: %w", p.Kind, err)
	}
	return nil
}

// shrinkDeadline gives one shrink a quarter of the hunt's time (at least
// 2 s, at most 20 s), even past the end of the hunt.
func (h *hunter) shrinkDeadline() time.Time {
	budget := min(max(h.cfg.Duration/4, 2*time.Second), 20*time.Second)
	return h.cfg.Now().Add(budget)
}

func (h *hunter) report(shrinking string) {
	if h.progress == nil {
		return
	}
	p := Progress{Elapsed: h.cfg.Now().Sub(h.start), Duration: h.cfg.Duration, Cases: h.sum.Cases, Findings: len(h.sum.Findings), Shrinking: shrinking}
	if h.k.eng != nil {
		p.Queries, p.Unanswered = h.k.eng.queries, h.k.eng.unanswered
	}
	for _, f := range h.sum.Findings {
		p.ByKind = append(p.ByKind, KindCount{f.Kind, f.Count})
	}
	h.progress(p)
}
