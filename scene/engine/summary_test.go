package engine

import (
	"os"
	"strings"
	"testing"

	"sweepdbg/scene/judge"
)

// twoLabels (testdata/two-labels.jsonl) goes wrong for "npc" first at
// frame 2 on line 3 (rule t: the ellipsoid of half-height 1 falling from
// y = 3 touches the floor at t = 0.5, not 0.4) and for "player" first at
// frame 3 on line 4 (rule inside: a final center 0.5 above the floor is
// inside the unit sphere's reach), each again later; line 6 is malformed.
const twoLabels = "testdata/two-labels.jsonl"

func TestCaptureSummary(t *testing.T) {
	f, err := os.Open(twoLabels)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var s CaptureSummary
	_, err = JudgeCapture(t.Context(), f, judge.Judge{}, func(rec Record, v judge.Verdict) error {
		s.Add(&rec, v)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if s.Queries != 5 || s.WrongCount() != 4 || s.Wrong["t"] != 2 || s.Wrong["inside"] != 2 || s.Malformed != 1 {
		t.Errorf("counts: %d queries, wrong %v, %d malformed; want 5, t: 2 and inside: 2, 1", s.Queries, s.Wrong, s.Malformed)
	}
	if s.FirstMalformed == nil || s.FirstMalformed.Line != 6 || !strings.Contains(s.FirstMalformed.Verdict.Detail, "not one JSON object") {
		t.Errorf("first malformed line: %+v, want line 6", s.FirstMalformed)
	}
	type want struct {
		label, rule string
		line        int
		frame       int64
	}
	check := func(what string, got []Place, wants []want) {
		if len(got) != len(wants) {
			t.Fatalf("%s: %+v, want %d places", what, got, len(wants))
		}
		for i, w := range wants {
			g := got[i]
			if g.Label != w.label || g.Rule() != w.rule || g.Line != w.line || !g.HasFrame || g.Frame != w.frame || !(g.Verdict.By > 0) {
				t.Errorf("%s[%d]: %+v, want %+v", what, i, g, w)
			}
		}
	}
	check("by label", s.FirstByLabel(), []want{{"npc", "t", 3, 2}, {"player", "inside", 4, 3}})
	check("by rule", s.FirstByRule(), []want{{"npc", "t", 3, 2}, {"player", "inside", 4, 3}})
	if p := s.FirstByRule()[1]; p.Op != OpSlide || p.Verdict.By != 0.5 {
		t.Errorf("inside: op %v by %v, want a slide 0.5 inside", p.Op, p.Verdict.By)
	}
}
