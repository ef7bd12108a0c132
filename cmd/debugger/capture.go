package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"sweepdbg/scene"
	"sweepdbg/scene/engine"
	"sweepdbg/sweep"
)

// isCapture reports whether file is a capture (docs/engine-protocol.md,
// "Captures"): its name ends in .jsonl.
func isCapture(file string) bool { return strings.HasSuffix(strings.ToLower(file), ".jsonl") }

// captureRecord is one query line of a capture as --json prints it.
type captureRecord struct {
	File  string  `json:"file"`
	Line  int     `json:"line"`
	Frame *int64  `json:"frame,omitempty"`
	Label *string `json:"label,omitempty"`
	Op    string  `json:"op,omitempty"`
	Pass  bool    `json:"pass"`
	verdictJSON
	Error  string         `json:"error,omitempty"` // a malformed line: what is wrong with it
	Engine []engineReport `json:"engine,omitempty"`
}

// captureRun is the tally of one capture.
type captureRun struct {
	file    string
	queries int
	wrong   map[string]int   // rule -> count ("unanswered" for {"error"} answers)
	bad     int              // malformed lines
	engines []map[string]int // per engine: rule -> count
	read    int64            // bytes read, for the progress line
	size    int64
	last    time.Time
	line    progressLine // on stderr, drawn when it is a terminal
}

// capture judges every query line of a capture against the exact core
// (and asks the engines too), printing wrong and malformed lines and a
// summary; false when an engine broke or the run was interrupted.
func (rp *replayer) capture(file string) bool {
	f, err := os.Open(file)
	if err != nil {
		fmt.Fprintf(rp.stdout, "INVALID %s: %v\n", scene.ShowPath(file), err)
		rp.fail(exitInvalid)
		return true
	}
	defer f.Close()
	run := &captureRun{file: file, wrong: map[string]int{}, last: time.Now(), line: progressLine{w: rp.stderr}}
	if fi, err := f.Stat(); err == nil {
		run.size = fi.Size()
	}
	_, err = engine.JudgeCapture(rp.ctx, &countingReader{f, &run.read}, rp.judge, func(rec engine.Record, v engine.Verdict) error {
		return rp.captureLine(run, &rec, v)
	})
	rp.progressDone(run)
	rp.summary(run)
	switch {
	case run.bad > 0:
		rp.fail(exitInvalid)
	case len(run.wrong) > 0 || anyWrong(run.engines):
		rp.fail(exitFail)
	}
	var be *engine.BrokenError
	if errors.As(err, &be) || rp.ctx.Err() != nil {
		rp.broken(err)
		return false
	}
	if err != nil {
		fmt.Fprintf(rp.stdout, "INVALID %s: %v\n", scene.ShowPath(file), err)
		rp.fail(exitInvalid)
	}
	return true
}

func anyWrong(m []map[string]int) bool {
	for _, rules := range m {
		if len(rules) > 0 {
			return true
		}
	}
	return false
}

// captureLine handles one judged line: counts it, asks the engines and
// prints what is wrong with it.
func (rp *replayer) captureLine(run *captureRun, rec *engine.Record, v engine.Verdict) error {
	out := captureRecord{File: run.file, Line: rec.Line, Pass: v.State == engine.Agrees}
	if rec.Op == 0 { // JudgeCapture's call for a malformed line: Detail is its *CaptureError's text

		run.bad++
		out.Error = v.Detail
		rp.printRecord(&out, "INVALID "+scene.ShowPath(run.file)+": "+v.Detail)
		return nil
	}
	run.queries++
	out.fill(rec, v)
	if !out.Pass {
		run.wrong[ruleOf(v)]++
	}
	if err := rp.askCapture(run, rec, &out); err != nil {
		return err
	}
	rp.progress(run)
	if !rp.asJSON && out.allPass() {
		return nil
	}
	rp.printRecord(&out, out.text())
	return nil
}

// ruleOf names a failing verdict in the summary.
func ruleOf(v engine.Verdict) string {
	if v.State == engine.Wrong {
		return v.Rule
	}
	return v.State.String() // unanswered
}

// fill copies the record's place and the verdict.
func (c *captureRecord) fill(rec *engine.Record, v engine.Verdict) {
	if rec.HasFrame {
		c.Frame = &rec.Frame
	}
	if rec.Label != "" {
		c.Label = &rec.Label
	}
	c.Op = opName(rec.Op)
	c.verdictJSON = toVerdictJSON(c.Op, v)
}

// allPass reports whether the game's answer and every engine's are right.
func (c *captureRecord) allPass() bool {
	for i := range c.Engine {
		if !c.Engine[i].Pass {
			return false
		}
	}
	return c.Pass
}

// askCapture asks every engine the record's query and judges the answers.
func (rp *replayer) askCapture(run *captureRun, rec *engine.Record, out *captureRecord) error {
	if len(rp.engines) == 0 {
		return nil
	}
	q := rec.Query
	var exact sweep.Answer
	if rec.Op == engine.OpSlide {
		exact = sweep.Answer{Slid: true, Slide: q.Mesh.Core.Slide(q.Ellipsoid, q.Start, q.End, q.Slide)}
	} else {
		exact.First, exact.Hit = q.Mesh.Core.Sweep(q.Ellipsoid, q.Start, q.End.Sub(q.Start))
	}
	if run.engines == nil {
		run.engines = make([]map[string]int, len(rp.engines))
		for i := range run.engines {
			run.engines[i] = map[string]int{}
		}
	}
	for i, e := range rp.engines {
		a, err := ask(rp.ctx, e, rec.Op, q, exact, rp.judge)
		if err != nil {
			return err
		}
		er := a.report(rp.names[i])
		if !er.Pass && er.verdictJSON.State != "" {
			run.engines[i][orElse(er.Rule, er.State)]++
		}
		out.Engine = append(out.Engine, er)
	}
	return nil
}

// orElse is a if it is not empty, else b.
func orElse(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// text is the line of a query that something got wrong: its place, the
// game's verdict and each engine's.
func (c *captureRecord) text() string {
	var b strings.Builder
	word := "WRONG"
	if c.Pass {
		word = "OK"
	}
	fmt.Fprintf(&b, "%s %s:%d", word, scene.ShowPath(c.File), c.Line)
	if c.Frame != nil {
		fmt.Fprintf(&b, " frame %d", *c.Frame)
	}
	if c.Label != nil {
		b.WriteString(" label " + engine.Excerpt([]byte(*c.Label)))
	}
	b.WriteString(" " + c.verdictJSON.text())
	for i := range c.Engine {
		er := &c.Engine[i]
		for _, v := range er.Verdicts {
			fmt.Fprintf(&b, "; engine %s %s", strconv.Quote(er.Name), v.text())
		}
	}
	return b.String()
}

// printRecord prints one line: the record as JSON, or the text.
func (rp *replayer) printRecord(c *captureRecord, text string) {
	if !rp.asJSON {
		fmt.Fprintln(rp.stdout, text)
		return
	}
	line, err := json.Marshal(c)
	if err != nil { // cannot happen: every float goes through jnum
		line = []byte(fmt.Sprintf(`{"file":%q,"line":%d,"error":%q,"pass":false}`, c.File, c.Line, err.Error()))
	}
	fmt.Fprintf(rp.stdout, "%s\n", line)
}

// summary prints "FILE: N queries, M wrong (t: 2, point: 1), K malformed
// lines" and a line per engine; to stderr with --json (stdout holds only
// records there).
func (rp *replayer) summary(run *captureRun) {
	w := rp.stdout
	if rp.asJSON {
		w = rp.stderr
	}
	fmt.Fprintf(w, "%s: %d queries, %s", scene.ShowPath(run.file), run.queries, byRule(run.wrong))
	if run.bad > 0 {
		fmt.Fprintf(w, ", %d malformed %s", run.bad, plural(run.bad, "line"))
	}
	fmt.Fprintln(w)
	for i, rules := range run.engines {
		fmt.Fprintf(w, "  engine %s: %s\n", strconv.Quote(rp.names[i]), byRule(rules))
	}
}

// byRule reads "0 wrong" or "3 wrong (t: 2, point: 1)".
func byRule(rules map[string]int) string {
	total := 0
	keys := make([]string, 0, len(rules))
	for k, n := range rules {
		total += n
		keys = append(keys, k)
	}
	if total == 0 {
		return "0 wrong"
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s: %d", k, rules[k])
	}
	return fmt.Sprintf("%d wrong (%s)", total, strings.Join(parts, ", "))
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// progressEvery is how often a big capture's progress line is redrawn.
const progressEvery = time.Second

// progress redraws "FILE: 41% 120000 queries" on stderr, at most once a
// second and only when stderr is a terminal.
func (rp *replayer) progress(run *captureRun) {
	if !rp.tty || time.Since(run.last) < progressEvery {
		return
	}
	run.last = time.Now()
	pct := 0.0
	if run.size > 0 {
		pct = 100 * float64(run.read) / float64(run.size)
	}
	run.line.draw(fmt.Sprintf("%s: %3.0f%%  %d queries, %s", scene.ShowPath(run.file), pct, run.queries, byRule(run.wrong)))
}

// progressDone blanks the progress line, if one was drawn.
func (rp *replayer) progressDone(run *captureRun) { run.line.clear() }

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n *int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	*c.n += int64(n)
	return n, err
}
