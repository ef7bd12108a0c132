package main

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// junitDoc is a JUnit file as a CI system reads it.
type junitDoc struct {
	Tests    int `xml:"tests,attr"`
	Failures int `xml:"failures,attr"`
	Errors   int `xml:"errors,attr"`
	Suites   []struct {
		Name     string `xml:"name,attr"`
		Tests    int    `xml:"tests,attr"`
		Failures int    `xml:"failures,attr"`
		Errors   int    `xml:"errors,attr"`
		Cases    []struct {
			Name      string `xml:"name,attr"`
			Classname string `xml:"classname,attr"`
			Failure   *struct {
				Message string `xml:"message,attr"`
			} `xml:"failure"`
			Error *struct {
				Message string `xml:"message,attr"`
			} `xml:"error"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

// replayJUnit runs replay with --junit and parses the file back.
func replayJUnit(t *testing.T, args ...string) (int, junitDoc) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "junit.xml")
	code, out, errOut := runCmd(append([]string{"replay", "--junit", path}, args...)...)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("exit %d, no JUnit file: %v\nstdout:\n%s\nstderr:\n%s", code, err, out, errOut)
	}
	var doc junitDoc
	if err := xml.Unmarshal(b, &doc); err != nil {
		t.Fatalf("the JUnit file does not parse: %v\n%s", err, b)
	}
	return code, doc
}

// TestReplayJUnit: a suite per file with the right counts: a passing
// fixture, one whose name has markup and control characters (read back
// as text, the control character escaped), an invalid file, and a capture
// with wrong lines and a malformed one.
func TestReplayJUnit(t *testing.T) {
	p := fixtures(t, map[string]string{
		"pass.json":   passing,
		"markup.json": strings.Replace(passing, `"name": "by-hand"`, `"name": "<b>&\"\u001b]0;x\u0007"`, 1),
		"bad.json":    passing[:50],
	})
	code, doc := replayJUnit(t, p["pass.json"], p["markup.json"], p["bad.json"], twoLabels)
	if code != exitInvalid || len(doc.Suites) != 4 || doc.Tests != 9 || doc.Failures != 4 || doc.Errors != 2 {
		t.Fatalf("exit %d, %d suites, totals %d/%d/%d; want 2, 4 suites, 9 tests, 4 failures, 2 errors: %+v",
			code, len(doc.Suites), doc.Tests, doc.Failures, doc.Errors, doc)
	}
	pass, markup, bad, capture := doc.Suites[0], doc.Suites[1], doc.Suites[2], doc.Suites[3]
	if pass.Name != p["pass.json"] || pass.Tests != 1 || pass.Failures+pass.Errors != 0 || pass.Cases[0].Name != "by-hand" || pass.Cases[0].Classname != p["pass.json"] {
		t.Errorf("passing fixture: %+v", pass)
	}
	if c := markup.Cases[0]; c.Name != `<b>&"\x1b]0;x\a` || c.Failure != nil {
		t.Errorf("markup name read back as %q, want the text with the control characters escaped", c.Name)
	}
	if c := bad.Cases[0]; bad.Errors != 1 || c.Error == nil || !strings.HasPrefix(c.Error.Message, p["bad.json"]+":") {
		t.Errorf("invalid file: %+v", bad)
	}
	if capture.Name != twoLabels || capture.Tests != 6 || capture.Failures != 4 || capture.Errors != 1 {
		t.Fatalf("capture: %+v, want 6 cases, 4 failures, 1 error", capture)
	}
	c := capture.Cases[1]
	if c.Name != "line 3 frame 2 label npc" || c.Failure == nil || c.Failure.Message != "sweep wrong: t off by 0.4 (tolerance 0.0001)" {
		t.Errorf("capture line 3: %+v", c)
	}
	if c := capture.Cases[0]; c.Name != "line 2 frame 1 label player" || c.Failure != nil {
		t.Errorf("capture line 2: %+v", c)
	}
	if c := capture.Cases[4]; c.Name != "line 6" || c.Error == nil || !strings.Contains(c.Error.Message, "not one JSON object") {
		t.Errorf("capture line 6: %+v", c)
	}
}

// TestReplayJUnitEngine: an engine that answers wrong fails the fixture
// with its rule and amount; one that breaks leaves what was judged and an
// error naming it.
func TestReplayJUnitEngine(t *testing.T) {
	p := fixtures(t, map[string]string{"pass.json": passing})
	code, doc := replayJUnit(t, "--engine", fakeEngineCmd(t, "wrong"), p["pass.json"])
	if code != exitFail || doc.Tests != 1 || doc.Failures != 1 || doc.Errors != 0 {
		t.Fatalf("exit %d, %+v; want 1 and one failure", code, doc)
	}
	// The ellipsoid falls 4 units of its unit-sphere space: half of t = 0.5 is off by 1.
	if f := doc.Suites[0].Cases[0].Failure; f == nil || !strings.HasPrefix(f.Message, `engine "fake-wrong": sweep wrong: t off by 1 (tolerance 0.0001)`) || strings.Contains(f.Message, "expect") {
		t.Errorf("failure %+v", f)
	}
	code, doc = replayJUnit(t, "--engine", fakeEngineCmd(t, "extra"), p["pass.json"])
	if code != exitInvalid || doc.Tests != 2 || doc.Failures != 0 || doc.Errors != 1 {
		t.Fatalf("exit %d, %+v; want 2, the fixture and an error", code, doc)
	}
	if c := doc.Suites[0].Cases[1]; c.Name != `engine "fake-extra"` || c.Error == nil || !strings.Contains(c.Error.Message, "broke after slide #4") {
		t.Errorf("broken engine's case: %+v", c)
	}
	code, doc = replayJUnit(t, "--engine", fakeEngineCmd(t, "exit"), p["pass.json"])
	if code != exitInvalid || doc.Errors != 1 || !strings.Contains(doc.Suites[0].Cases[0].Error.Message, "broke on hello #1") {
		t.Errorf("an engine that cannot start: exit %d, %+v", code, doc)
	}
}

// TestReplayJUnitBadPath: a --junit FILE in a missing directory is bad
// usage, refused before anything runs.
func TestReplayJUnitBadPath(t *testing.T) {
	p := fixtures(t, map[string]string{"pass.json": passing})
	code, out, errOut := runCmd("replay", "--junit", filepath.Join(t.TempDir(), "no", "j.xml"), p["pass.json"])
	if code != exitInvalid || out != "" || !strings.Contains(errOut, "--junit") {
		t.Errorf("exit %d, stdout %q, stderr %q; want 2, nothing replayed, a message naming --junit", code, out, errOut)
	}
}
