package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// twoLabels goes wrong for "npc" first at frame 2 (line 3, rule t) and for
// "player" first at frame 3 (line 4, rule inside), each again later; line
// 6 is malformed (see scene/engine/summary_test.go).
const twoLabels = "../../scene/engine/testdata/two-labels.jsonl"

// twoLabelsSummary is the capture's summary in text.
var twoLabelsSummary = twoLabels + `: 5 queries, 4 wrong (inside: 2, t: 2), 1 malformed line
  first wrong per label:
    npc: frame 2 sweep t by 0.4 (line 3)
    player: frame 3 slide inside by 0.5 (line 4)
  first wrong per rule:
    t: line 3 frame 2 label "npc" sweep t by 0.4
    inside: line 4 frame 3 label "player" slide inside by 0.5
  first malformed line: capture line 6: not one JSON object
`

// TestReplayCaptureSummary: the wrong lines, then the summary; --first
// prints only the summary.
func TestReplayCaptureSummary(t *testing.T) {
	code, out, _ := runCmd("replay", twoLabels)
	lines := strings.Split(out, "\n")
	if code != exitInvalid || len(lines) < 5 || !strings.HasPrefix(lines[0], "WRONG "+twoLabels+`:3 frame 2 label "npc" sweep wrong: t off by 0.4`) ||
		!strings.HasPrefix(lines[4], "WRONG "+twoLabels+":7") || !strings.HasSuffix(out, twoLabelsSummary) {
		t.Errorf("exit %d, stdout:\n%s\nwant exit 2, the four wrong lines and the malformed one, then\n%s", code, out, twoLabelsSummary)
	}
	code, out, _ = runCmd("replay", "--first", twoLabels)
	if code != exitInvalid || out != twoLabelsSummary {
		t.Errorf("--first: exit %d, stdout:\n%s\nwant exit 2 and only\n%s", code, out, twoLabelsSummary)
	}
}

// TestReplayCaptureSummaryJSON: --json ends each capture with its summary
// object; --first --json prints only that.
func TestReplayCaptureSummaryJSON(t *testing.T) {
	code, out, errOut := runCmd("replay", "--json", twoLabels)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != exitInvalid || len(lines) != 7 || !strings.HasSuffix(errOut, twoLabelsSummary) {
		t.Fatalf("exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 2, 6 records and the summary object, the text summary on stderr", code, out, errOut)
	}
	_, first, _ := runCmd("replay", "--json", "--first", twoLabels)
	if first != lines[6]+"\n" {
		t.Errorf("--first --json: %q, want only the summary object %q", first, lines[6])
	}
	var rec summaryRecord
	if err := json.Unmarshal([]byte(lines[6]), &rec); err != nil {
		t.Fatal(err)
	}
	s := rec.Summary
	if rec.File != twoLabels || s.Queries != 5 || s.Wrong != 4 || s.Rules["t"] != 2 || s.Rules["inside"] != 2 || s.Malformed != 1 ||
		s.FirstMalformed == nil || s.FirstMalformed.Line != 6 || len(s.FirstByLabel) != 2 || len(s.FirstByRule) != 2 {
		t.Fatalf("summary %+v", rec)
	}
	for i, want := range []struct {
		label, rule string
		line        int
		frame       int64
	}{{"npc", "t", 3, 2}, {"player", "inside", 4, 3}} {
		p := s.FirstByLabel[i]
		if p.Label == nil || *p.Label != want.label || p.Rule != want.rule || p.Line != want.line || p.Frame == nil || *p.Frame != want.frame || p.State != "wrong" || p.By == nil {
			t.Errorf("firstByLabel[%d] = %+v, want %+v", i, p, want)
		}
	}
}
