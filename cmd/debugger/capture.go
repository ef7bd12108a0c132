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
	"sweepdbg/scene/judge"
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
	sum     engine.CaptureSummary   // the game's answers
	engines []engine.CaptureSummary // per engine, its answers (nil without engines)
	read    int64                   // bytes read, for the progress line
	size    int64
	last    time.Time
	line    progressLine // on stderr, drawn when it is a terminal
}

// capture judges every query line of a capture against the exact core
// (and asks the engines too), printing wrong and malformed lines and a
// summary; false when an engine broke or the run was interrupted.
func (rp *replayer) capture(file string) bool {
	rp.junit.suite(file)
	f, err := os.Open(file)
	if err != nil {
		rp.invalidCapture(file, err)
		return true
	}
	defer f.Close()
	run := &captureRun{file: file, last: time.Now(), line: progressLine{w: rp.stderr}}
	if fi, err := f.Stat(); err == nil {
		run.size = fi.Size()
	}
	_, err = engine.JudgeCapture(rp.ctx, &countingReader{f, &run.read}, rp.judge, func(rec engine.Record, v judge.Verdict) error {
		return rp.captureLine(run, &rec, v)
	})
	rp.progressDone(run)
	rp.summary(run)
	switch {
	case run.sum.Malformed > 0:
		rp.fail(exitInvalid)
	case run.sum.WrongCount() > 0 || anyWrong(run.engines):
		rp.fail(exitFail)
	}
	var be *engine.BrokenError
	if errors.As(err, &be) || rp.ctx.Err() != nil {
		rp.broken(err)
		return false
	}
	if err != nil {
		rp.invalidCapture(file, err)
	}
	return true
}

// invalidCapture reports a capture that cannot be read (on, at all).
func (rp *replayer) invalidCapture(file string, err error) {
	msg := invalidLine(file, scene.Printable(err.Error()))
	fmt.Fprintln(rp.stdout, msg)
	rp.junit.add(scene.ShowPath(file), "", msg, "")
	rp.fail(exitInvalid)
}

// anyWrong reports whether an engine answered a query wrongly.
func anyWrong(sums []engine.CaptureSummary) bool {
	for i := range sums {
		if sums[i].WrongCount() > 0 {
			return true
		}
	}
	return false
}

// captureLine handles one judged line: counts it, asks the engines and
// prints what is wrong with it.
func (rp *replayer) captureLine(run *captureRun, rec *engine.Record, v judge.Verdict) error {
	out := captureRecord{File: run.file, Line: rec.Line, Pass: v.State == judge.Agrees}
	run.sum.Add(rec, v)
	if rec.Op == 0 { // JudgeCapture's call for a malformed line: Detail is its *CaptureError's text
		out.Error = v.Detail
		rp.printRecord(&out, invalidLine(run.file, v.Detail))
		rp.junit.add("line "+strconv.Itoa(rec.Line), "", v.Detail, "")
		return nil
	}
	out.fill(rec, v)
	if err := rp.askCapture(run, rec, &out); err != nil {
		return err
	}
	rp.progress(run)
	rp.captureCase(&out)
	if !rp.asJSON && out.allPass() {
		return nil
	}
	rp.printRecord(&out, out.text())
	return nil
}

// invalidLine is the text of a malformed line (detail is already escaped).
func invalidLine(file, detail string) string {
	return "INVALID " + scene.ShowPath(file) + ": " + detail
}

// fill copies the record's place and the verdict.
func (c *captureRecord) fill(rec *engine.Record, v judge.Verdict) {
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
		exact = sweep.Answer{Slid: true, Slide: q.Mesh.Core.SlideShape(q.Shape, q.Start, q.End, q.Slide)}
	} else {
		exact.First, exact.Hit = q.Mesh.Core.Cast(q.Shape, q.Start, q.Delta())
	}
	if run.engines == nil {
		run.engines = make([]engine.CaptureSummary, len(rp.engines))
	}
	for i, e := range rp.engines {
		a, err := ask(rp.ctx, e, rec.Op, q, exact, rp.judge)
		if err != nil {
			return err
		}
		if len(a.judged) > 0 { // asked: the engine answers this op
			run.engines[i].Add(rec, a.judged[0])
		}
		out.Engine = append(out.Engine, a.report(rp.names[i]))
	}
	return nil
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

// printRecord prints one line: the record as JSON, or the text; nothing
// with --first (only the summary).
func (rp *replayer) printRecord(c *captureRecord, text string) {
	switch {
	case rp.first:
	case rp.asJSON:
		rp.printJSON(c, func(err error) string {
			return fmt.Sprintf(`{"file":%q,"line":%d,"error":%q,"pass":false}`, c.File, c.Line, err.Error())
		})
	default:
		fmt.Fprintln(rp.stdout, text)
	}
}

// printJSON prints v as one line of JSON on stdout, or what failed gives
// for the error if it cannot be encoded (cannot happen: every float goes
// through jnum).
func (rp *replayer) printJSON(v any, failed func(error) string) {
	line, err := json.Marshal(v)
	if err != nil {
		line = []byte(failed(err))
	}
	fmt.Fprintf(rp.stdout, "%s\n", line)
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
	run.line.draw(fmt.Sprintf("%s: %3.0f%%  %d queries, %s", scene.ShowPath(run.file), pct, run.sum.Queries, byRule(run.sum.Wrong)))
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
