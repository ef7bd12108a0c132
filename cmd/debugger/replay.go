package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/scene"
	"sweepdbg/scene/engine"
	"sweepdbg/scene/judge"
	"sweepdbg/scene/opinions"
	"sweepdbg/sweep"
)

// runReplay replays fixtures and captures: debugger replay [--json]
// [--first] [--junit FILE] [--builtins] [--engine "CMD ARGS"]... FILE|DIR...
// Files ending in .jsonl are captures (see replayer.capture); a directory
// stands for its .json and .jsonl files, in sorted order (see expand).
// Every file runs even when an earlier one is invalid; a broken engine
// stops the run. --junit writes the outcome as JUnit XML on every path
// after the flags are checked (junitLog). Exit status: 2 when any file is
// invalid or an engine is broken, else 1 when any expectation or verdict
// fails (or the JUnit file cannot be written), else 0.
func runReplay(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("replay", "replay [--json] [--first] [--junit FILE] [--builtins] [--engine \"CMD ARGS\"]... FILE|DIR...", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per file (per query line of a capture, and the capture's summary) instead of a line of text")
	first := fs.Bool("first", false, "for a capture, print only its summary (where it first went wrong per label and per rule), not a line per wrong query")
	junit := fs.String("junit", "", "also write the outcome as JUnit XML to `FILE` (a test suite per file, a test case per fixture or capture query line), whatever the exit status")
	builtins := fs.Bool("builtins", false, "replay every built-in scene too (named builtin:NAME in the output)")
	noOpinions := fs.Bool("no-opinions", false, "skip the second opinions (unit-space method and numeric oracle); faster on huge meshes")
	var ef engine.Flags
	ef.Add(fs)
	files, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(files) == 0 && !*builtins {
		return usageErr(stderr, "replay: want at least one FILE or DIR (or --builtins)")
	}
	if err := ef.Validate(); err != nil {
		return usageErr(stderr, "replay: %v", err)
	}
	if err := checkJUnitPath(*junit); err != nil {
		return usageErr(stderr, "replay: %v", err)
	}
	ctx, stop := signalContext()
	defer stop()
	rp := &replayer{ctx: ctx, stdout: stdout, stderr: stderr, asJSON: *asJSON, first: *first, second: !*noOpinions,
		judge: ef.Judge(), tty: isTerminal(stderr), junit: newJUnitLog(*junit)}
	engines, err := ef.Start(ctx)
	if err != nil {
		rp.broken(err)
		return rp.finish(rp.stopped())
	}
	defer engine.CloseAll(engines)
	rp.engines, rp.names = engines, engineNames(engines)
	return rp.finish(rp.all(files, *builtins))
}

// finish writes the JUnit file, if asked for, and returns the exit status
// code (at least 1 when the file cannot be written).
func (rp *replayer) finish(code int) int {
	if rp.junit == nil {
		return code
	}
	if err := rp.junit.write(); err != nil {
		fmt.Fprintf(rp.stderr, "debugger: replay: %v\n", err) // the path is escaped in the message
		return max(code, exitFail)
	}
	return code
}

// replayer runs one replay command: its options, engines and status.
type replayer struct {
	ctx            context.Context
	stdout, stderr io.Writer
	asJSON, second bool
	first          bool // captures: only the summary, no line per query
	engines        []engine.Engine
	names          []string // the engines' names in reports (engineNames)
	judge          judge.Judge
	status         int
	tty            bool      // stderr is a terminal: draw progress lines
	junit          *junitLog // --junit; nil without it
}

// all replays the built-in scenes (when builtins), then files in order,
// closes the engines and returns the exit status (2 when an engine wrote
// anything after its last answer).
func (rp *replayer) all(files []string, builtins bool) int {
	if builtins {
		for _, name := range scene.Builtins() {
			if !rp.fixture("builtin:"+name, func() (*scene.Scene, error) { return scene.Builtin(name) }) {
				return rp.stopped()
			}
		}
	}
	for _, file := range rp.expand(files) {
		var ok bool
		if isCapture(file) {
			ok = rp.capture(file)
		} else {
			ok = rp.fixture(file, func() (*scene.Scene, error) { return scene.Load(file) })
		}
		if !ok {
			return rp.stopped()
		}
	}
	if err := engine.CloseAll(rp.engines); err != nil { // an engine that wrote after its last answer
		rp.broken(err)
		return rp.stopped()
	}
	return rp.status
}

// expand replaces each directory among files by the fixtures (.json) and
// captures (.jsonl) in it, in sorted order (not its subdirectories nor
// hidden files). A directory that cannot be read is an invalid input
// (exit status 2); one without such files is reported on stderr and
// replays nothing.
func (rp *replayer) expand(files []string) []string {
	var out []string
	for _, file := range files {
		if fi, err := os.Stat(file); err != nil || !fi.IsDir() {
			out = append(out, file)
			continue
		}
		found, err := replayable(file)
		switch {
		case err != nil:
			fmt.Fprintf(rp.stderr, "debugger: replay: %s\n", scene.Printable(err.Error()))
			rp.fail(exitInvalid)
		case len(found) == 0:
			fmt.Fprintf(rp.stderr, "debugger: replay: %s: no .json or .jsonl files\n", scene.ShowPath(file))
		}
		out = append(out, found...)
	}
	return out
}

// replayable lists the regular .json and .jsonl files directly in dir
// whose names do not start with ".", sorted by name.
func replayable(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir) // sorted by name
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		name := e.Name()
		ext := strings.ToLower(filepath.Ext(name))
		if e.Type().IsRegular() && !strings.HasPrefix(name, ".") && (ext == ".json" || ext == ".jsonl") {
			out = append(out, filepath.Join(dir, name))
		}
	}
	return out, nil
}

// fail raises the exit status to code (2 beats 1 beats 0).
func (rp *replayer) fail(code int) { rp.status = max(rp.status, code) }

// stopped is the exit status after a broken engine or a signal ended the
// run (the message has been printed).
func (rp *replayer) stopped() int {
	if rp.ctx.Err() != nil {
		fmt.Fprintln(rp.stderr, "debugger: interrupted")
		return exitInterrupted
	}
	return exitInvalid
}

// fixture replays one fixture, asks the engines about it and prints the
// report; false when an engine broke (reported on stderr) or the run was
// interrupted.
func (rp *replayer) fixture(file string, load func() (*scene.Scene, error)) bool {
	rep := replayOne(rp.ctx, file, rp.second, load)
	var err error
	if rep.scene != nil && len(rp.engines) > 0 {
		err = rep.askEngines(rp.ctx, rp.engines, rp.names, rp.judge)
	}
	switch {
	case rep.Error != "":
		rp.fail(exitInvalid)
	case !rep.Pass:
		rp.fail(exitFail)
	}
	rep.print(rp.stdout, rp.asJSON)
	rp.junit.suite(file)
	rp.fixtureCase(&rep)
	if err != nil {
		rp.broken(err)
		return false
	}
	return true
}

// broken reports an engine that broke (or a run that was interrupted),
// in the JUnit file too.
func (rp *replayer) broken(err error) {
	if rp.ctx.Err() != nil {
		err = errors.New("interrupted")
	} else {
		engine.PrintBroken(rp.stderr, "debugger", err)
	}
	rp.junit.broken(err)
}

// print writes the report as one line of text or JSON.
func (rep *report) print(w io.Writer, asJSON bool) {
	if !asJSON {
		fmt.Fprintln(w, rep.text())
		for i := range rep.Engine {
			fmt.Fprintln(w, rep.Engine[i].text(rep.File))
		}
		return
	}
	line, err := json.Marshal(rep)
	if err != nil { // cannot happen: every float goes through jnum
		line = []byte(fmt.Sprintf(`{"file":%q,"error":%q,"pass":false}`, rep.File, err.Error()))
	}
	fmt.Fprintf(w, "%s\n", line)
}

// report is the outcome of replaying one file, as printed by --json.
type report struct {
	File       string     `json:"file"`
	Name       string     `json:"name,omitempty"`
	Error      string     `json:"error,omitempty"` // set when the file is invalid; nothing else is then
	answerJSON            // the core's answer
	Pass       bool       `json:"pass"`
	Mismatches []mismatch `json:"mismatches"`
	// Opinions are the three algorithms' first contacts (absent with
	// --no-opinions); Disagreements lists where they differ beyond
	// tolerance, which fails the file like a mismatch does.
	Opinions      []opinion `json:"opinions,omitempty"`
	Disagreements []string  `json:"disagreements,omitempty"`
	// Engine holds each --engine's answer and verdicts, in flag order.
	Engine []engineReport `json:"engine,omitempty"`

	scene *scene.Scene // the replayed scene; nil when the file is invalid
	query engine.Query // the scene's motion over its mesh, for the engines
	exact sweep.Answer // the core's answer to query
}

// opinion is one algorithm's first contact, for --json.
type opinion struct {
	Algorithm string `json:"algorithm"`
	answerJSON
	Err jnum `json:"err"` // distance from a true first contact, unit-sphere units
}

// step is one contact of the slide.
type step struct {
	T        jnum   `json:"t"`
	Point    jvec   `json:"point"`
	Normal   jvec   `json:"normal"`
	Feature  string `json:"feature"`
	Triangle int    `json:"triangle"`
	Contact  jvec   `json:"contact"` // the center at this contact
}

// mismatch is one failed expectation.
type mismatch struct {
	Field     string `json:"field"`
	Want      any    `json:"want"`
	Got       any    `json:"got"` // null when nothing was computed (no hit)
	Diff      jnum   `json:"diff"`
	Tolerance jnum   `json:"tolerance"`
	Message   string `json:"message"`
}

// replayOne loads a scene with load, replays it and checks it (and, with
// second, compares the built-in algorithms through engine.Opinions, the
// core as referee); file names it in the report. The core's BVH is built
// once and kept in the report's query for the engines.
func replayOne(ctx context.Context, file string, second bool, load func() (*scene.Scene, error)) report {
	rep := report{File: file, Mismatches: []mismatch{}}
	s, err := load()
	var r *scene.ReplayResult
	if err == nil {
		r, err = scene.Replay(s)
	}
	if err != nil {
		rep.Error = err.Error()
		if se := (*scene.Error)(nil); !errors.As(err, &se) || se.File == "" {
			rep.Error = scene.ShowPath(file) + ": " + rep.Error
		}
		return rep
	}
	rep.scene, rep.exact = s, r.Answer
	rep.query = engine.Query{Mesh: engine.MeshOf(s.Mesh.Tris(), r.Mesh), Motion: s.Motion}
	rep.query.Slide = s.EffectiveSlideOptions()
	rep.fill(s, r)
	if second {
		o, _ := engine.Opinions(ctx, rep.query, engine.Builtins(), judge.Exact)
		rep.fillOpinions(o)
	}
	return rep
}

// fill copies a replay result into the report.
func (rep *report) fill(s *scene.Scene, r *scene.ReplayResult) {
	rep.Name = s.Name
	rep.answerJSON = toAnswerJSON(&r.Answer, true)
	rep.Pass = r.Pass()
	for _, m := range r.Mismatches {
		rep.Mismatches = append(rep.Mismatches, toMismatch(m))
	}
}

// toMismatch converts a failed expectation for the report.
func toMismatch(m scene.Mismatch) mismatch {
	return mismatch{Field: m.Field, Want: jsonValue(m.Want), Got: jsonValue(m.Got),
		Diff: jnum(m.Diff), Tolerance: jnum(m.Tolerance), Message: m.String()}
}

// fillOpinions copies the second opinions into the report; a disagreement
// fails the file.
func (rep *report) fillOpinions(o *opinions.Report) {
	for _, op := range o.Opinions {
		a := sweep.Answer{Hit: op.OK, First: op.Hit, Has: sweep.AllFields &^ sweep.HasSteps}
		rep.Opinions = append(rep.Opinions, opinion{Algorithm: op.Algorithm, answerJSON: toAnswerJSON(&a, true), Err: jnum(op.Err)})
	}
	for _, d := range o.Disagreements {
		rep.Disagreements = append(rep.Disagreements, d.String())
	}
	if len(rep.Disagreements) > 0 {
		rep.Pass = false
	}
}

func toStep(st sweep.SlideStep) step {
	return step{T: jnum(st.Hit.T), Point: toJvec(st.Hit.Point), Normal: toJvec(st.Hit.Normal),
		Feature: st.Hit.Feature.String(), Triangle: st.Hit.Triangle, Contact: toJvec(st.Contact)}
}

// text is the one-line summary of a report.
func (rep *report) text() string {
	switch {
	case rep.Error != "":
		return "INVALID " + rep.Error // escaped where it was made
	case len(rep.Mismatches)+len(rep.Disagreements) > 0: // the core's failures; the engines' have their own lines
		msgs := make([]string, 0, len(rep.Mismatches)+len(rep.Disagreements))
		for _, m := range rep.Mismatches {
			msgs = append(msgs, m.Message)
		}
		for _, d := range rep.Disagreements {
			msgs = append(msgs, "algorithms disagree: "+d)
		}
		return fmt.Sprintf("FAIL %s (%s): %s", scene.ShowPath(rep.File), scene.Printable(rep.Name), strings.Join(msgs, "; "))
	}
	what := "no hit"
	if rep.T != nil {
		what = fmt.Sprintf("%s of triangle %d at t=%.6g", rep.Feature, *rep.Triangle, float64(*rep.T))
	}
	agree := ""
	if len(rep.Opinions) > 0 {
		agree = fmt.Sprintf(", %d algorithms agree", len(rep.Opinions))
	}
	return fmt.Sprintf("PASS %s (%s): %s, %d slide steps%s", scene.ShowPath(rep.File), scene.Printable(rep.Name), what, len(*rep.Steps), agree)
}

// jnum is a float64 that encodes NaN and ±Inf (which JSON cannot hold) as
// the strings "NaN", "+Inf" and "-Inf", so a broken result is still
// reported rather than failing the encoder.
type jnum float64

// MarshalJSON implements json.Marshaler.
func (x jnum) MarshalJSON() ([]byte, error) {
	f := float64(x)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return []byte(`"` + fmt.Sprint(f) + `"`), nil
	}
	return json.Marshal(f)
}

// jvec is a vector of jnum.
type jvec [3]jnum

func toJvec(v mgl64.Vec3) jvec { return jvec{jnum(v[0]), jnum(v[1]), jnum(v[2])} }

// jsonValue makes a Mismatch's Want or Got safe to encode.
func jsonValue(v any) any {
	switch x := v.(type) {
	case float64:
		return jnum(x)
	case mgl64.Vec3:
		return toJvec(x)
	}
	return v
}
