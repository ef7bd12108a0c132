package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"sweepdbg/scene"
	"sweepdbg/scene/engine"
	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
)

// exitInterrupted is the exit status after SIGINT or SIGTERM (128 + 2).
const exitInterrupted = 130

// signalContext is a context cancelled by SIGINT or SIGTERM, so that a long
// replay or hunt stops and closes its engines (no engine outlives the
// debugger).
func signalContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// engineNames are the engines' names for reports, in order; a name that
// repeats (two versions of one engine) gets " (2)", " (3)", ...
func engineNames(engines []engine.Engine) []string {
	seen := map[string]int{}
	out := make([]string, len(engines))
	for i, e := range engines {
		n := e.Name()
		seen[n]++
		if k := seen[n]; k > 1 {
			n += " (" + strconv.Itoa(k) + ")"
		}
		out[i] = n
	}
	return out
}

// verdictJSON is one verdict as --json prints it.
type verdictJSON struct {
	Op     string `json:"op"`
	State  string `json:"state"`
	Rule   string `json:"rule,omitempty"`
	By     *jnum  `json:"by,omitempty"`
	Detail string `json:"detail,omitempty"`
}

func toVerdictJSON(op string, v judge.Verdict) verdictJSON {
	j := verdictJSON{Op: op, State: v.State.String(), Rule: v.Rule, Detail: v.Detail}
	if v.State == judge.Wrong {
		by := jnum(v.By)
		j.By = &by
	}
	return j
}

// answerJSON is an engine's answer as --json prints it: only the fields
// the engine reported.
type answerJSON struct {
	Hit      *bool   `json:"hit,omitempty"`
	T        *jnum   `json:"t,omitempty"`
	Point    *jvec   `json:"point,omitempty"`
	Normal   *jvec   `json:"normal,omitempty"`
	Feature  string  `json:"feature,omitempty"`
	Triangle *int    `json:"triangle,omitempty"`
	Steps    *[]step `json:"steps,omitempty"` // present (maybe empty) when the engine slid
	Final    *jvec   `json:"final,omitempty"`
}

// toAnswerJSON converts the fields of a that swept (Hit, First) and Slid
// (Slide) mark present.
func toAnswerJSON(a *sweep.Answer, swept bool) answerJSON {
	var j answerJSON
	if swept {
		j.Hit = &a.Hit
	}
	if swept && a.Hit {
		h := &a.First
		t := jnum(h.T)
		j.T = &t
		if a.Has&sweep.HasPoint != 0 {
			p := toJvec(h.Point)
			j.Point = &p
		}
		if a.Has&sweep.HasNormal != 0 {
			n := toJvec(h.Normal)
			j.Normal = &n
		}
		if a.Has&sweep.HasFeature != 0 {
			j.Feature = h.Feature.String()
		}
		if a.Has&sweep.HasTriangle != 0 {
			j.Triangle = &h.Triangle
		}
	}
	if a.Slid {
		steps := make([]step, 0, len(a.Slide.Steps))
		for _, st := range a.Slide.Steps {
			steps = append(steps, toStep(st))
		}
		j.Steps = &steps
		f := toJvec(a.Slide.Final)
		j.Final = &f
	}
	return j
}

// engineReport is one engine's answer to one motion and its verdicts
// against the exact core.
type engineReport struct {
	Name string `json:"name"`
	Pass bool   `json:"pass"`
	answerJSON
	verdictJSON                            // the deciding verdict: the first wrong one, else the sweep's
	Verdicts    []verdictJSON              `json:"verdicts"`
	Tolerance   jnum                       `json:"tolerance"`       // the judge's, unit-sphere distance
	Extra       map[string]json.RawMessage `json:"extra,omitempty"` // the answer's fields the protocol does not name
}

// replier is a live engine that keeps its last answer line.
type replier interface{ LastReply() engine.Reply }

// asked is one engine's answers to one motion.
type asked struct {
	ans      sweep.Answer // sweep fields from the sweep, slide fields from the slide
	swept    bool
	verdicts []verdictJSON
	judged   []judge.Verdict // the verdicts as judged, in the order of verdicts
	pass     bool
	extra    map[string]json.RawMessage
}

// ask puts op (OpSweep, OpSlide or both) of q to e and judges each answer
// against exact with j. An engine that answered {"error":...}, or could not
// be asked a query JSON cannot carry, gets an "unanswered" verdict and
// fails; one whose hello does not list the motion's shape sits out (an
// "unanswered" verdict with rule "sat out", which does not fail it); any
// other error (a broken engine, ctx ended) is returned.
func ask(ctx context.Context, e engine.Engine, ops engine.Ops, q engine.Query, exact sweep.Answer, j judge.Judge) (asked, error) {
	a := asked{pass: true}
	for _, op := range []engine.Ops{engine.OpSweep, engine.OpSlide} {
		if ops&op == 0 || e.Ops()&op == 0 {
			continue
		}
		got, err := askOne(ctx, e, op, q)
		switch {
		case engine.SatOut(err): // the engine does not answer this shape: not a failure
			a.add(op, engine.VerdictOf(err, nil))
			continue
		case !engine.Answered(err): // not answered; the engine runs on
			a.pass = false
			a.add(op, engine.VerdictOf(err, nil))
			continue
		case err != nil:
			return a, err
		}
		v := q.Judge(j, op, exact, got)
		a.merge(op, got)
		a.pass = a.pass && v.State == judge.Agrees
		a.add(op, v)
		if r, ok := e.(replier); ok && op == engine.OpSweep {
			rep := r.LastReply()
			a.extra = rep.Extra()
		}
	}
	return a, nil
}

func askOne(ctx context.Context, e engine.Engine, op engine.Ops, q engine.Query) (sweep.Answer, error) {
	if op == engine.OpSlide {
		return e.Slide(ctx, q)
	}
	return e.Sweep(ctx, q)
}

// add keeps the verdict on op.
func (a *asked) add(op engine.Ops, v judge.Verdict) {
	a.verdicts = append(a.verdicts, toVerdictJSON(opName(op), v))
	a.judged = append(a.judged, v)
}

// merge adds an answer to op: the sweep's first contact, or the slide.
func (a *asked) merge(op engine.Ops, got sweep.Answer) {
	if op == engine.OpSlide {
		a.ans.Slid, a.ans.Slide = true, got.Slide
		a.ans.Has |= got.Has & sweep.HasSteps
		return
	}
	a.swept, a.ans.Hit, a.ans.First = true, got.Hit, got.First
	a.ans.Has |= got.Has &^ sweep.HasSteps
}

// report builds the engine's report.
func (a *asked) report(name string) engineReport {
	r := engineReport{Name: name, Pass: a.pass, answerJSON: toAnswerJSON(&a.ans, a.swept), Verdicts: a.verdicts, Extra: a.extra}
	if r.Verdicts == nil {
		r.Verdicts = []verdictJSON{}
	}
	for _, v := range a.verdicts {
		if v.State != judge.Agrees.String() || r.verdictJSON.State == "" {
			r.verdictJSON = v
		}
		if v.State != judge.Agrees.String() {
			break
		}
	}
	return r
}

func opName(op engine.Ops) string {
	if op == engine.OpSlide {
		return "slide"
	}
	return "sweep"
}

// askEngines asks every engine about the report's fixture and judges the
// answers against the exact core with j, the engine's tolerance; a
// failing engine fails the file. The fixture's expectation is the core's
// (checked by replayOne at its own tolerance), not the engines': an
// engine is held to the exact answer within j's tolerance, and its slide
// to the slide rules, never to the core's resting place. A broken
// engine's error is returned (the report keeps the engines asked before
// it).
func (rep *report) askEngines(ctx context.Context, engines []engine.Engine, names []string, j judge.Judge) error {
	for i, e := range engines {
		a, err := ask(ctx, e, engine.OpSweep|engine.OpSlide, rep.query, rep.exact, j)
		if err != nil {
			return err
		}
		er := a.report(names[i])
		er.Tolerance = jnum(j.Tolerance().T)
		rep.Pass = rep.Pass && er.Pass
		rep.Engine = append(rep.Engine, er)
	}
	return nil
}

// text is the engine's line under its file's line: what is wrong first
// (each failing verdict with its rule, amount and the tolerance), then
// what agrees.
func (er *engineReport) text(file string) string {
	word := "PASS"
	if !er.Pass {
		word = "FAIL"
	}
	return fmt.Sprintf("  %s %s engine %s: %s", word, scene.ShowPath(file), strconv.Quote(er.Name), strings.Join(er.wrongFirst(float64(er.Tolerance)), "; "))
}

// wrongFirst is every verdict's text, those that do not agree first.
func (er *engineReport) wrongFirst(tol float64) []string {
	var bad, good []string
	for _, v := range er.Verdicts {
		if v.State == judge.Agrees.String() {
			good = append(good, v.text())
		} else {
			bad = append(bad, v.long(tol))
		}
	}
	return append(bad, good...)
}

// long reads "sweep wrong: t off by 0.0047 (tolerance 0.0001; T 0.3770,
// exact 0.3723)", or v.text() when v is not wrong.
func (v *verdictJSON) long(tol float64) string {
	if v.By == nil {
		return v.text()
	}
	return fmt.Sprintf("%s %s: %s off by %s (tolerance %s; %s)", v.Op, v.State, v.Rule, scene.Amount(float64(*v.By)), scene.Amount(tol), v.Detail)
}

// text reads e.g. "sweep agrees", "sweep wrong: t off by 0.24 (...)" or
// "sweep sat out (engine ... does not answer capsules ...)".
func (v *verdictJSON) text() string {
	s := v.Op + " " + v.State
	if v.Rule == judge.RuleSatOut && v.State == judge.Unanswered.String() {
		s = v.Op + " " + v.Rule
	}
	if v.By != nil {
		s += ": " + v.Rule + " off by " + scene.Amount(float64(*v.By))
	}
	if v.Detail != "" {
		s += " (" + v.Detail + ")"
	}
	return s
}
