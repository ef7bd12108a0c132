package engine

import (
	"cmp"
	"slices"

	"sweepdbg/scene/judge"
)

// CaptureSummary is what went wrong in a judged capture, built one
// record at a time with Add (e.g. from JudgeCapture's callback): the
// counts, and where it first went wrong for each label and for each rule,
// so that a long capture that goes wrong once is told in a few lines.
// "First" is the earliest line of the file (a game writes its frames in
// order). The zero value is ready to use; not safe for concurrent use.
type CaptureSummary struct {
	Queries   int            // query lines judged
	Wrong     map[string]int // wrong answers per rule; "unanswered" counts {"error"} answers
	SatOut    int            // queries the engine sat out (a shape its hello does not list): neither right nor wrong
	Malformed int            // malformed lines
	// FirstMalformed is the first malformed line (Verdict.Detail says
	// what is wrong with it); nil when there is none.
	FirstMalformed *Place

	byLabel, byRule map[string]Place
}

// Place is one judged line of a capture: where it is and its verdict.
type Place struct {
	Line     int // 1-based
	Frame    int64
	HasFrame bool
	Label    string // as written ("" when the line has none); escape before printing
	Op       Ops    // 0 for a malformed line
	Verdict  judge.Verdict
}

// Rule names what is wrong with the place's verdict: its Rule when Wrong,
// else its state ("unanswered", "broken").
func (p *Place) Rule() string {
	if p.Verdict.State == judge.Wrong {
		return p.Verdict.Rule
	}
	return p.Verdict.State.String()
}

// Add counts one judged record: a query line with its verdict, or a
// malformed line (rec.Op 0, v as JudgeCapture gives it). Records must come
// in line order.
func (s *CaptureSummary) Add(rec *Record, v judge.Verdict) {
	p := Place{Line: rec.Line, Frame: rec.Frame, HasFrame: rec.HasFrame, Label: rec.Label, Op: rec.Op, Verdict: v}
	if rec.Op == 0 {
		s.Malformed++
		if s.FirstMalformed == nil {
			s.FirstMalformed = &p
		}
		return
	}
	s.Queries++
	if v.SatOut() {
		s.SatOut++
		return
	}
	if v.State == judge.Agrees {
		return
	}
	if s.Wrong == nil {
		s.Wrong, s.byLabel, s.byRule = map[string]int{}, map[string]Place{}, map[string]Place{}
	}
	rule := p.Rule()
	s.Wrong[rule]++
	if _, ok := s.byLabel[p.Label]; !ok {
		s.byLabel[p.Label] = p
	}
	if _, ok := s.byRule[rule]; !ok {
		s.byRule[rule] = p
	}
}

// WrongCount is the number of wrong (or unanswered) answers.
func (s *CaptureSummary) WrongCount() int {
	n := 0
	for _, k := range s.Wrong {
		n += k
	}
	return n
}

// FirstByLabel returns the first wrong answer of each label (lines
// without a label count as the label ""), earliest first.
func (s *CaptureSummary) FirstByLabel() []Place { return byLine(s.byLabel) }

// FirstByRule returns the first wrong answer of each rule (see
// Place.Rule), earliest first.
func (s *CaptureSummary) FirstByRule() []Place { return byLine(s.byRule) }

// byLine returns m's places in line order.
func byLine(m map[string]Place) []Place {
	out := make([]Place, 0, len(m))
	for _, p := range m {
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b Place) int { return cmp.Compare(a.Line, b.Line) })
	return out
}
