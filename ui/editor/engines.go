package editor

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"sync"

	"sweepdbg/scene/engine"
	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
)

// Live engines in the window: each user engine (`debugger --engine CMD`)
// has a runner, one goroutine that owns its engine.Process. The window
// posts the motion of every new revision without waiting; the runner
// answers only the newest (a drag posts many), judges the answer against
// the core's and hands a report back, which the window polls.

// engineQuery is one question for a live engine: the shown motion at
// revision Rev and the core's answer to it (the referee's, from
// App.Result: sweep and slide).
type engineQuery struct {
	Rev   uint64
	Query engine.Query
	Exact sweep.Answer
}

// EngineReport is what a live engine last said: its answer to the query
// of revision Rev (0 before any), each op's verdict against the core
// (judge.Pending for an op the engine does not answer), and its last
// standard-error lines, escaped for display.
type EngineReport struct {
	Name     string       // from the engine's hello, or its command's base name
	Rev      uint64       // the revision answered
	Answered bool         // Rev is set: the engine has had a query
	Ops      engine.Ops   // the ops the engine answers (0 before hello)
	Answer   sweep.Answer // Hit and First from its sweep; Slid and Slide from its slide
	Sweep    judge.Verdict
	Slide    judge.Verdict
	Stderr   []string // the last stderr lines, escaped (safe to print)
	// Down is true when the engine is not running (it never started or
	// broke): Restart starts it again.
	Down bool
}

// Verdict is the report's overall verdict: broken if either op broke,
// else wrong if either is wrong (the sweep's first), else unanswered if
// either got an {"error"} answer, else agrees (or pending before any
// answer).
func (r *EngineReport) Verdict() judge.Verdict {
	for _, s := range []judge.State{judge.Broken, judge.Wrong, judge.Unanswered, judge.Agrees} {
		for _, v := range []judge.Verdict{r.Sweep, r.Slide} {
			if v.State == s {
				return v
			}
		}
	}
	return judge.Verdict{}
}

// runner runs one live engine in its own goroutine, which alone touches
// the engine.Process. Post, Poll, Restart and Close are for one other
// goroutine (the window's); none of them waits for the engine.
type runner struct {
	cmd   string
	opt   engine.Options
	judge judge.Judge

	mu      sync.Mutex
	next    *engineQuery // the newest query not yet taken; older ones are dropped
	restart bool
	wake    chan struct{} // cap 1: something to do
	out     chan EngineReport
	cancel  context.CancelFunc
	done    chan struct{} // closed when the goroutine has ended and the engine is dead
}

// startRunner starts the engine cmdline in the background (its hello
// included) and returns at once; tol is the judge's tolerance (0: the
// default).
func startRunner(cmdline string, opt engine.Options, tol float64) *runner {
	ctx, cancel := context.WithCancel(context.Background())
	r := &runner{cmd: cmdline, opt: opt, judge: judge.Judge{Tol: judge.Uniform(tol)}, wake: make(chan struct{}, 1),
		out: make(chan EngineReport, 1), cancel: cancel, done: make(chan struct{})}
	go r.run(ctx)
	return r
}

// Post hands q to the engine without waiting, replacing a query it has
// not taken yet.
func (r *runner) Post(q engineQuery) {
	r.mu.Lock()
	r.next = &q
	r.mu.Unlock()
	r.poke()
}

// Restart asks for the engine to be started again (killed first if it
// still runs); the next report says how that went.
func (r *runner) Restart() {
	r.mu.Lock()
	r.restart = true
	r.mu.Unlock()
	r.poke()
}

func (r *runner) poke() {
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// Poll returns the newest report not yet polled, if any.
func (r *runner) Poll() (EngineReport, bool) {
	select {
	case rep := <-r.out:
		return rep, true
	default:
		return EngineReport{}, false
	}
}

// Close stops the engine (its process group is killed, a request in
// flight abandoned) and waits for the goroutine to end.
func (r *runner) Close() {
	r.Cancel()
	<-r.done
}

// Cancel starts stopping the engine without waiting (see Close).
func (r *runner) Cancel() { r.cancel() }

// runnerState is what the runner goroutine keeps between requests.
type runnerState struct {
	p    *engine.Process
	err  error // why p is nil: the start failed
	last EngineReport
	q    *engineQuery // the last query answered, asked again after a restart
}

func (r *runner) run(ctx context.Context) {
	defer close(r.done)
	st := &runnerState{last: EngineReport{Name: filepath.Base(firstWord(r.cmd))}}
	defer func() {
		if st.p != nil {
			st.p.Close()
		}
	}()
	r.start(ctx, st)
	for {
		select {
		case <-ctx.Done():
			return
		case <-r.wake:
		}
		r.mu.Lock()
		q, restart := r.next, r.restart
		r.next, r.restart = nil, false
		r.mu.Unlock()
		if restart {
			r.start(ctx, st)
			if q == nil {
				q = st.q
			}
		}
		if q != nil && ctx.Err() == nil {
			st.q = q
			r.answer(ctx, st, q)
		}
	}
}

// firstWord is the command's program, for the name before hello.
func firstWord(cmd string) string {
	if args, err := engine.SplitCommand(cmd); err == nil && len(args) > 0 {
		return args[0]
	}
	return cmd
}

// start starts (or restarts) the engine and reports how it went.
func (r *runner) start(ctx context.Context, st *runnerState) {
	if st.p != nil {
		st.err = st.p.Restart(ctx)
	} else {
		st.p, st.err = engine.Start(ctx, r.cmd, r.opt)
	}
	// A (re)started engine has answered nothing yet: its report waits for
	// the next motion's answer (Answered false: drawn as stale, no verdict).
	rep := EngineReport{Name: st.last.Name, Rev: st.last.Rev}
	if st.err == nil {
		rep.Name, rep.Ops = st.p.Name(), st.p.Ops()
	} else {
		rep.Down, rep.Sweep = true, engine.BrokenVerdict(st.err)
		rep.Stderr = stderrOf(st.err, nil)
	}
	r.report(st, rep)
}

// answer asks the engine for q's sweep and slide (those it answers) and
// judges them.
func (r *runner) answer(ctx context.Context, st *runnerState, q *engineQuery) {
	rep := EngineReport{Name: st.last.Name, Rev: q.Rev, Answered: true}
	if st.err != nil {
		rep.Down, rep.Sweep, rep.Stderr = true, engine.BrokenVerdict(st.err), st.last.Stderr
		r.report(st, rep)
		return
	}
	p := st.p
	rep.Name, rep.Ops = p.Name(), p.Ops()
	if p.Ops()&engine.OpSweep != 0 {
		a, err := p.Sweep(ctx, q.Query)
		rep.Answer.Hit, rep.Answer.First, rep.Answer.Has = a.Hit, a.First, a.Has
		rep.Sweep = engine.VerdictOf(err, func() judge.Verdict { return q.Query.Judge(r.judge, engine.OpSweep, q.Exact, a) })
	}
	if p.Ops()&engine.OpSlide != 0 && rep.Sweep.State != judge.Broken {
		a, err := p.Slide(ctx, q.Query)
		rep.Answer.Slid, rep.Answer.Slide, rep.Answer.Has = a.Slid, a.Slide, rep.Answer.Has|a.Has
		rep.Slide = engine.VerdictOf(err, func() judge.Verdict { return q.Query.Judge(r.judge, engine.OpSlide, q.Exact, a) })
	}
	if ctx.Err() != nil {
		return // closing: nobody reads the report
	}
	rep.Down = p.Err() != nil
	rep.Stderr = stderrOf(p.Err(), p)
	r.report(st, rep)
}

// stderrOf is the engine's stderr tail, escaped: from its BrokenError
// when it broke, else from the running process.
func stderrOf(err error, p *engine.Process) []string {
	var lines []string
	var be *engine.BrokenError
	switch {
	case errors.As(err, &be):
		lines = be.StderrTail
	case p != nil:
		lines = p.StderrTail()
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = Escape(l)
	}
	return out
}

// Escape makes text from an engine or a file safe to draw: control
// characters, invalid UTF-8 and non-ASCII runes are escaped as in Go
// string literals (without the surrounding quotes).
func Escape(s string) string {
	q := strconv.QuoteToASCII(s)
	return q[1 : len(q)-1]
}

// report hands rep to the window, replacing a report it has not polled.
func (r *runner) report(st *runnerState, rep EngineReport) {
	st.last = rep
	for {
		select {
		case r.out <- rep:
			return
		default:
		}
		select {
		case <-r.out: // superseded
		default:
		}
	}
}

// Engines is the window's set of live engines: one runner each, the
// engine.Mesh of the shown Doc's mesh (a new one, with a new id, only
// when the Doc's mesh changes: loads, not drags) and the newest report of
// each. Used from the window's goroutine only.
type Engines struct {
	runners []*runner
	Reports []EngineReport // the newest report of each engine, in command-line order

	asked   uint64 // the revision last posted
	askedOK bool
	core    *sweep.Mesh  // the Doc mesh emesh wraps
	emesh   *engine.Mesh // the engines' view of it
}

// StartEngines starts one runner per command line; nothing waits for the
// engines to start.
func StartEngines(cmds []string, opt engine.Options, tol float64) *Engines {
	e := &Engines{Reports: make([]EngineReport, len(cmds))}
	for i, c := range cmds {
		e.runners = append(e.runners, startRunner(c, opt, tol))
		e.Reports[i].Name = filepath.Base(firstWord(c))
	}
	return e
}

// Len is the number of engines (0 for a nil set).
func (e *Engines) Len() int {
	if e == nil {
		return 0
	}
	return len(e.runners)
}

// Update posts the Doc's motion to every engine when the revision changed
// since the last post and res (the core's answer) is for it, then takes
// the reports that came back; it reports whether any did. Nothing waits.
func (e *Engines) Update(d Doc, rev uint64, res Result) bool {
	if e.Len() == 0 {
		return false
	}
	if (!e.askedOK || rev != e.asked) && res.Rev == rev && d.Scene != nil && d.Mesh != nil {
		e.asked, e.askedOK = rev, true
		q := engineQuery{Rev: rev, Query: e.Query(d), Exact: res.Answer}
		for _, r := range e.runners {
			r.Post(q)
		}
	}
	got := false
	for i, r := range e.runners {
		if rep, ok := r.Poll(); ok {
			e.Reports[i], got = rep, true
		}
	}
	return got
}

// Query is d's motion as the engines see it.
func (e *Engines) Query(d Doc) engine.Query {
	if e.core != d.Mesh || e.emesh == nil {
		e.core, e.emesh = d.Mesh, engine.MeshOf(d.Scene.Mesh.Tris(), d.Mesh)
	}
	return engine.Query{Mesh: e.emesh, Motion: motionOf(d.Scene)}
}

// Stale reports whether engine i's report is not for revision rev: its
// answer to the current motion is still pending.
func (e *Engines) Stale(i int, rev uint64) bool {
	return !e.Reports[i].Answered || e.Reports[i].Rev != rev
}

// Restart starts engine i again; its report follows.
func (e *Engines) Restart(i int) {
	if i >= 0 && i < e.Len() {
		e.askedOK = false // ask the current motion again once it is up
		e.runners[i].Restart()
	}
}

// Close stops every engine and waits for their goroutines.
func (e *Engines) Close() {
	if e == nil {
		return
	}
	for _, r := range e.runners {
		r.Cancel()
	}
	for _, r := range e.runners {
		<-r.done
	}
}

// AnswerRows formats an engine's answer for the Result panel: its t,
// point, normal, feature and triangle (those it gave), then its slide's
// steps and final. Everything in it comes from numbers: safe to draw.
func AnswerRows(a sweep.Answer, sweeps bool) []string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	switch {
	case !sweeps:
	case !a.Hit:
		add("no contact")
	default:
		h := a.First
		add("t %.6f", h.T)
		if a.Has&sweep.HasPoint != 0 {
			add("point  %s", Vec(h.Point))
		}
		if a.Has&sweep.HasNormal != 0 {
			add("normal %s", Vec(h.Normal))
		}
		if a.Has&(sweep.HasFeature|sweep.HasTriangle) != 0 {
			add("feature %s, triangle %d", fieldOr(a.Has&sweep.HasFeature != 0, h.Feature.String()), h.Triangle)
		}
	}
	if a.Slid {
		add("slide: %d step(s), final %s", len(a.Slide.Steps), Vec(a.Slide.Final))
	}
	return out
}

func fieldOr(ok bool, s string) string {
	if ok {
		return s
	}
	return "-"
}

// VerdictLine is a verdict as the panel shows it, with the op it is for:
// "sweep agrees", "slide wrong: sticks off by ...", "broken: ...".
func VerdictLine(op string, v judge.Verdict) string {
	if v.State == judge.Broken {
		return v.String()
	}
	return op + " " + v.String()
}
