package main

import (
	"encoding/xml"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"sweepdbg/internal/atomicfile"
	"sweepdbg/scene"
	"sweepdbg/scene/engine"
	"sweepdbg/scene/judge"
)

// junitLog collects a replay's outcome for --junit FILE as JUnit XML, the
// format CI systems show: a <testsuite> per replayed file, a <testcase>
// per fixture or per judged capture query line, a <failure> for a wrong
// one, an <error> for an invalid file or line and for a broken engine. A
// nil *junitLog collects nothing (no --junit).
type junitLog struct {
	path   string
	suites []junitSuite
}

// newJUnitLog is the log for --junit path; nil when path is "".
func newJUnitLog(path string) *junitLog {
	if path == "" {
		return nil
	}
	return &junitLog{path: path}
}

// checkJUnitPath refuses a --junit FILE whose directory does not exist or
// that names a directory, before anything runs.
func checkJUnitPath(path string) error {
	if path == "" {
		return nil
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("--junit %s: is a directory", scene.ShowPath(path))
	}
	if fi, err := os.Stat(filepath.Dir(path)); err != nil || !fi.IsDir() {
		return fmt.Errorf("--junit %s: no such directory", scene.ShowPath(path))
	}
	return nil
}

// junitSuites is the document's root.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

// junitSuite is one replayed file.
type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Cases    []junitCase `xml:"testcase"`
}

// junitCase is one fixture, one capture query line, an invalid file or
// line, or a broken engine.
type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitProblem `xml:"failure,omitempty"`
	Error     *junitProblem `xml:"error,omitempty"`
}

// junitProblem is a failure or an error: a one-line message and the
// report's text.
type junitProblem struct {
	Message string `xml:"message,attr"`
	Text    string `xml:",chardata"`
}

// problem is a junitProblem, or nil when message is "".
func problem(message, text string) *junitProblem {
	if message == "" {
		return nil
	}
	return &junitProblem{Message: xmlSafe(message), Text: xmlText(text)}
}

// suite starts the suite of file.
func (j *junitLog) suite(file string) {
	if j != nil {
		j.suites = append(j.suites, junitSuite{Name: xmlSafe(file)})
	}
}

// add adds a case named name to the current suite (a suite "debugger
// replay" when none was started): failing with failure, or in error with
// errMsg, when not "", with text as the body.
func (j *junitLog) add(name, failure, errMsg, text string) {
	if j == nil {
		return
	}
	if len(j.suites) == 0 {
		j.suite("debugger replay")
	}
	s := &j.suites[len(j.suites)-1]
	s.Cases = append(s.Cases, junitCase{Name: xmlSafe(name), Classname: s.Name, Failure: problem(failure, text), Error: problem(errMsg, text)})
}

// broken adds an error case for an engine that broke (named after it) or
// an interrupted run.
func (j *junitLog) broken(err error) {
	name := "engines"
	var be *engine.BrokenError
	if errors.As(err, &be) {
		name = "engine " + strconv.Quote(be.Engine)
	}
	j.add(name, "", err.Error(), "")
}

// write writes the XML to the log's file atomically, with the counts.
func (j *junitLog) write() error {
	doc := junitSuites{Name: "debugger replay", Suites: j.suites}
	for i := range doc.Suites {
		s := &doc.Suites[i]
		s.Tests = len(s.Cases)
		for _, c := range s.Cases {
			s.Failures += btoi(c.Failure != nil)
			s.Errors += btoi(c.Error != nil)
		}
		doc.Tests, doc.Failures, doc.Errors = doc.Tests+s.Tests, doc.Failures+s.Failures, doc.Errors+s.Errors
	}
	b, err := xml.MarshalIndent(&doc, "", "  ")
	if err != nil {
		return fmt.Errorf("junit: %w", err)
	}
	b = append([]byte(xml.Header), append(b, '\n')...)
	if err := atomicfile.Write(j.path, b, true); err != nil {
		return fmt.Errorf("write --junit %s: %w", scene.ShowPath(j.path), err)
	}
	return nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// xmlSafe is s for an XML attribute: escaped like scene.Printable (so a
// control character reads \x1b) and without any character XML 1.0 cannot
// carry (encoding/xml escapes the markup: < & " and so on).
func xmlSafe(s string) string { return xmlText(scene.Printable(s)) }

// xmlText is s without the characters XML 1.0 cannot carry (control
// characters but tab, newline and carriage return; U+FFFE, U+FFFF);
// invalid UTF-8 reads U+FFFD. For text already escaped where it was made.
func xmlText(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF {
			return r
		}
		return -1
	}, s)
}

// fixtureCase adds a fixture's case: failing with every failed
// expectation, disagreement and engine verdict, or in error when the file
// is invalid.
func (rp *replayer) fixtureCase(rep *report) {
	if rep.Error != "" {
		rp.junit.add(scene.ShowPath(rep.File), "", rep.Error, "")
		return
	}
	var msgs []string
	for _, m := range rep.Mismatches {
		msgs = append(msgs, m.Message)
	}
	for _, d := range rep.Disagreements {
		msgs = append(msgs, "algorithms disagree: "+d)
	}
	lines := []string{rep.text()}
	for i := range rep.Engine {
		er := &rep.Engine[i]
		msgs = append(msgs, er.failures(rp.judge.Tolerance().T)...)
		lines = append(lines, er.text(rep.File))
	}
	rp.junit.add(orName(rep.Name, rep.File), strings.Join(msgs, "; "), "", strings.Join(lines, "\n"))
}

// orName is a fixture's name, or its file's when it has none.
func orName(name, file string) string {
	if name != "" {
		return name
	}
	return scene.ShowPath(file)
}

// failures are the engine's failing verdicts with the judge's tolerance,
// each prefixed with its name.
func (er *engineReport) failures(tol float64) []string {
	var out []string
	prefix := "engine " + strconv.Quote(er.Name) + ": "
	for _, v := range er.Verdicts {
		if v.State != judge.Agrees.String() {
			out = append(out, prefix+v.short(tol))
		}
	}
	return out
}

// short reads "sweep wrong: t off by 0.00473 (tolerance 0.0001)", or
// "sweep unanswered: DETAIL".
func (v *verdictJSON) short(tol float64) string {
	if v.By == nil {
		return v.text()
	}
	return fmt.Sprintf("%s %s: %s off by %s (tolerance %s)", v.Op, v.State, v.Rule, scene.Amount(float64(*v.By)), scene.Amount(tol))
}

// captureCase adds a capture query line's case, failing when the game's
// answer or an engine's is wrong.
func (rp *replayer) captureCase(c *captureRecord) {
	name := "line " + strconv.Itoa(c.Line)
	if c.Frame != nil {
		name += " frame " + strconv.FormatInt(*c.Frame, 10)
	}
	if c.Label != nil {
		name += " label " + showLabel(*c.Label)
	}
	if c.allPass() {
		rp.junit.add(name, "", "", "")
		return
	}
	tol := rp.judge.Tolerance().T
	var msgs []string
	if !c.Pass {
		msgs = append(msgs, c.verdictJSON.short(tol))
	}
	for i := range c.Engine {
		msgs = append(msgs, c.Engine[i].failures(tol)...)
	}
	rp.junit.add(name, strings.Join(msgs, "; "), "", c.text())
}
