package main

import (
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"sweepdbg/scene"
	"sweepdbg/scene/engine"
	"sweepdbg/scene/judge"
)

// summary prints a capture's summary: "FILE: N queries, M wrong (t: 2,
// point: 1), K malformed lines", where the game's answers first went
// wrong per label and per rule, the first malformed line, then the same
// per engine. With --json it goes to stderr (stdout holds only JSON) and
// stdout gets it as a final JSON object (summaryRecord).
func (rp *replayer) summary(run *captureRun) {
	w := rp.stdout
	if rp.asJSON {
		w = rp.stderr
		rec := summaryRecord{File: run.file, Summary: toSummaryJSON(&run.sum, "")}
		for i := range run.engines {
			rec.Summary.Engine = append(rec.Summary.Engine, toSummaryJSON(&run.engines[i], rp.names[i]))
		}
		rp.printJSON(&rec, func(err error) string { return fmt.Sprintf(`{"file":%q,"error":%q}`, run.file, err.Error()) })
	}
	fmt.Fprintf(w, "%s: %d queries, %s", scene.ShowPath(run.file), run.sum.Queries, byRule(run.sum.Wrong))
	if n := run.sum.Malformed; n > 0 {
		fmt.Fprintf(w, ", %d malformed %s", n, plural(n, "line"))
	}
	fmt.Fprintln(w)
	writeFirsts(w, "  ", &run.sum)
	for i := range run.engines {
		sat := ""
		if n := run.engines[i].SatOut; n > 0 {
			sat = fmt.Sprintf(", sat out %d (shapes it does not answer)", n)
		}
		fmt.Fprintf(w, "  engine %s: %s%s\n", strconv.Quote(rp.names[i]), byRule(run.engines[i].Wrong), sat)
		writeFirsts(w, "    ", &run.engines[i])
	}
}

// writeFirsts prints where s first went wrong, each line after indent:
//
//	first wrong per label:
//	  player: frame 455 slide inside by 0.000119 (line 457)
//	first wrong per rule:
//	  inside: line 457 frame 455 label "player" slide inside by 0.000119
//	first malformed line: capture line 12: ...
func writeFirsts(w io.Writer, indent string, s *engine.CaptureSummary) {
	if s.WrongCount() > 0 {
		fmt.Fprintf(w, "%sfirst wrong per label:\n", indent)
		for _, p := range s.FirstByLabel() {
			where := "line " + strconv.Itoa(p.Line)
			if p.HasFrame {
				where = "frame " + strconv.FormatInt(p.Frame, 10)
			}
			fmt.Fprintf(w, "%s  %s: %s %s (line %d)\n", indent, showLabel(p.Label), where, placeVerdict(&p), p.Line)
		}
		fmt.Fprintf(w, "%sfirst wrong per rule:\n", indent)
		for _, p := range s.FirstByRule() {
			fmt.Fprintf(w, "%s  %s: %s %s\n", indent, p.Rule(), placeText(&p), placeVerdict(&p))
		}
	}
	if p := s.FirstMalformed; p != nil {
		fmt.Fprintf(w, "%sfirst malformed line: %s\n", indent, p.Verdict.Detail) // escaped where it was made
	}
}

// placeText reads "line 457 frame 455 label "player"" (frame and label
// when the line has them).
func placeText(p *engine.Place) string {
	s := "line " + strconv.Itoa(p.Line)
	if p.HasFrame {
		s += " frame " + strconv.FormatInt(p.Frame, 10)
	}
	if p.Label != "" {
		s += " label " + engine.Excerpt([]byte(p.Label))
	}
	return s
}

// placeVerdict reads "slide inside by 0.000119" or "sweep unanswered".
func placeVerdict(p *engine.Place) string {
	s := opName(p.Op) + " " + p.Rule()
	if p.Verdict.State == judge.Wrong {
		s += fmt.Sprintf(" by %.3g", p.Verdict.By)
	}
	return s
}

// maxLabel is the longest label shown whole in a summary, in bytes.
const maxLabel = 80

// showLabel is a label as the summary shows it: escaped, cut after
// maxLabel bytes ("…"), "(no label)" for none.
func showLabel(l string) string {
	if l == "" {
		return "(no label)"
	}
	if len(l) <= maxLabel {
		return scene.Printable(l)
	}
	cut := maxLabel
	for cut > 0 && !utf8.RuneStart(l[cut]) {
		cut--
	}
	return scene.Printable(l[:cut]) + "…"
}

// summaryRecord is the last JSON object of a capture with --json:
//
//	{"file":F,"summary":{"queries":N,"wrong":M,"rules":{"t":2,...},"malformed":K,
//	  "firstByLabel":[PLACE...],"firstByRule":[PLACE...],"firstMalformed":{"line":L,"error":E},
//	  "engine":[{"name":NAME,"queries":...,"firstByRule":[...]}...]}}
//
// where PLACE is {"line","frame","label","op","state","rule","by","detail"}
// as in the query records (frame and label when the line has them).
type summaryRecord struct {
	File    string      `json:"file"`
	Summary summaryJSON `json:"summary"`
}

// summaryJSON is an engine.CaptureSummary for --json.
type summaryJSON struct {
	Name           string         `json:"name,omitempty"` // the engine's, in Engine
	Queries        int            `json:"queries"`
	Wrong          int            `json:"wrong"`
	SatOut         int            `json:"satOut,omitempty"` // queries an engine sat out (a shape it does not answer)
	Rules          map[string]int `json:"rules"`
	Malformed      int            `json:"malformed"`
	FirstByLabel   []placeJSON    `json:"firstByLabel"`
	FirstByRule    []placeJSON    `json:"firstByRule"`
	FirstMalformed *malformedJSON `json:"firstMalformed,omitempty"`
	Engine         []summaryJSON  `json:"engine,omitempty"`
}

// placeJSON is one judged line in a summary.
type placeJSON struct {
	Line  int     `json:"line"`
	Frame *int64  `json:"frame,omitempty"`
	Label *string `json:"label,omitempty"`
	verdictJSON
}

// malformedJSON is a malformed line in a summary.
type malformedJSON struct {
	Line  int    `json:"line"`
	Error string `json:"error"`
}

func toSummaryJSON(s *engine.CaptureSummary, name string) summaryJSON {
	j := summaryJSON{Name: name, Queries: s.Queries, Wrong: s.WrongCount(), SatOut: s.SatOut, Rules: map[string]int{}, Malformed: s.Malformed,
		FirstByLabel: toPlacesJSON(s.FirstByLabel()), FirstByRule: toPlacesJSON(s.FirstByRule())}
	for k, n := range s.Wrong {
		j.Rules[k] = n
	}
	if p := s.FirstMalformed; p != nil {
		j.FirstMalformed = &malformedJSON{Line: p.Line, Error: p.Verdict.Detail}
	}
	return j
}

func toPlacesJSON(ps []engine.Place) []placeJSON {
	out := make([]placeJSON, len(ps))
	for i := range ps {
		p := &ps[i]
		out[i] = placeJSON{Line: p.Line, verdictJSON: toVerdictJSON(opName(p.Op), p.Verdict)}
		if p.HasFrame {
			out[i].Frame = &p.Frame
		}
		if p.Label != "" {
			out[i].Label = &p.Label
		}
	}
	return out
}
