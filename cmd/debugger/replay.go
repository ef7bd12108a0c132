package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/scene"
	"sweepdbg/scene/opinions"
	"sweepdbg/sweep"
)

// runReplay replays fixtures: debugger replay [--json] [--builtins] FILE...
// Every file runs even when an earlier one is invalid. Exit status: 2 when
// any file is invalid, else 1 when any expectation fails, else 0.
func runReplay(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("replay", "replay [--json] [--builtins] FILE...", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per file instead of a line of text")
	builtins := fs.Bool("builtins", false, "replay every built-in scene too (named builtin:NAME in the output)")
	noOpinions := fs.Bool("no-opinions", false, "skip the second opinions (unit-space method and numeric oracle); faster on huge meshes")
	files, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(files) == 0 && !*builtins {
		return usageErr(stderr, "replay: want at least one FILE (or --builtins)")
	}
	var reps []report
	if *builtins {
		for _, name := range scene.Builtins() {
			reps = append(reps, replayOne("builtin:"+name, !*noOpinions, func() (*scene.Scene, error) { return scene.Builtin(name) }))
		}
	}
	for _, file := range files {
		reps = append(reps, replayOne(file, !*noOpinions, func() (*scene.Scene, error) { return scene.Load(file) }))
	}
	status := exitOK
	for _, rep := range reps {
		switch {
		case rep.Error != "":
			status = exitInvalid
		case !rep.Pass && status == exitOK:
			status = exitFail
		}
		rep.print(stdout, *asJSON)
	}
	return status
}

// print writes the report as one line of text or JSON.
func (rep *report) print(w io.Writer, asJSON bool) {
	if !asJSON {
		fmt.Fprintln(w, rep.text())
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
	Hit        *bool      `json:"hit,omitempty"`
	T          *jnum      `json:"t,omitempty"`
	Point      *jvec      `json:"point,omitempty"`
	Normal     *jvec      `json:"normal,omitempty"`
	Feature    string     `json:"feature,omitempty"`
	Triangle   *int       `json:"triangle,omitempty"`
	Steps      []step     `json:"steps"`
	Final      *jvec      `json:"final,omitempty"`
	Pass       bool       `json:"pass"`
	Mismatches []mismatch `json:"mismatches"`
	// Opinions are the three algorithms' first contacts (absent with
	// --no-opinions); Disagreements lists where they differ beyond
	// tolerance, which fails the file like a mismatch does.
	Opinions      []opinion `json:"opinions,omitempty"`
	Disagreements []string  `json:"disagreements,omitempty"`
}

// opinion is one algorithm's first contact, for --json.
type opinion struct {
	Algorithm string `json:"algorithm"`
	Hit       bool   `json:"hit"`
	T         *jnum  `json:"t,omitempty"`
	Point     *jvec  `json:"point,omitempty"`
	Normal    *jvec  `json:"normal,omitempty"`
	Feature   string `json:"feature,omitempty"`
	Triangle  *int   `json:"triangle,omitempty"`
	Err       jnum   `json:"err"` // distance from a true first contact, unit-sphere units
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
// second, compares the three algorithms); file names it in the report.
func replayOne(file string, second bool, load func() (*scene.Scene, error)) report {
	rep := report{File: file, Steps: []step{}, Mismatches: []mismatch{}}
	s, err := load()
	if err == nil {
		var r *scene.ReplayResult
		if r, err = scene.Replay(s); err == nil {
			rep.fill(s, r)
			if !second {
				return rep
			}
			g := opinions.NewGeometry(s.Ellipsoid, s.Mesh.Tris())
			rep.fillOpinions(opinions.Compare(g, r.Mesh, s.Start, s.End.Sub(s.Start), opinions.DefaultTolerance))
			return rep
		}
	}
	rep.Error = err.Error()
	if !strings.Contains(rep.Error, file) {
		rep.Error = file + ": " + rep.Error
	}
	return rep
}

// fill copies a replay result into the report.
func (rep *report) fill(s *scene.Scene, r *scene.ReplayResult) {
	rep.Name = s.Name
	rep.Hit = &r.Answer.Hit
	if r.Answer.Hit {
		h := r.Answer.First
		t, p, n := jnum(h.T), toJvec(h.Point), toJvec(h.Normal)
		rep.T, rep.Point, rep.Normal = &t, &p, &n
		rep.Feature, rep.Triangle = h.Feature.String(), &h.Triangle
	}
	for _, st := range r.Answer.Slide.Steps {
		rep.Steps = append(rep.Steps, toStep(st))
	}
	final := toJvec(r.Answer.Slide.Final)
	rep.Final = &final
	rep.Pass = r.Pass()
	for _, m := range r.Mismatches {
		rep.Mismatches = append(rep.Mismatches, mismatch{
			Field: m.Field, Want: jsonValue(m.Want), Got: jsonValue(m.Got),
			Diff: jnum(m.Diff), Tolerance: jnum(m.Tolerance), Message: m.String(),
		})
	}
}

// fillOpinions copies the second opinions into the report; a disagreement
// fails the file.
func (rep *report) fillOpinions(o *opinions.Report) {
	for _, op := range o.Opinions {
		j := opinion{Algorithm: op.Algorithm, Hit: op.OK, Err: jnum(op.Err)}
		if op.OK {
			h := op.Hit
			t, p, n := jnum(h.T), toJvec(h.Point), toJvec(h.Normal)
			j.T, j.Point, j.Normal = &t, &p, &n
			j.Feature, j.Triangle = h.Feature.String(), &h.Triangle
		}
		rep.Opinions = append(rep.Opinions, j)
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
		return "INVALID " + rep.Error
	case !rep.Pass:
		msgs := make([]string, 0, len(rep.Mismatches)+len(rep.Disagreements))
		for _, m := range rep.Mismatches {
			msgs = append(msgs, m.Message)
		}
		for _, d := range rep.Disagreements {
			msgs = append(msgs, "algorithms disagree: "+d)
		}
		return fmt.Sprintf("FAIL %s (%s): %s", rep.File, rep.Name, strings.Join(msgs, "; "))
	}
	what := "no hit"
	if rep.T != nil {
		what = fmt.Sprintf("%s of triangle %d at t=%.6g", rep.Feature, *rep.Triangle, float64(*rep.T))
	}
	agree := ""
	if len(rep.Opinions) > 0 {
		agree = ", 3 algorithms agree"
	}
	return fmt.Sprintf("PASS %s (%s): %s, %d slide steps%s", rep.File, rep.Name, what, len(rep.Steps), agree)
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
