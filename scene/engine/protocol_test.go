package engine

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"

	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
)

func TestDecodeNonFinite(t *testing.T) {
	spell := map[string]float64{
		"nan": math.NaN(), "-nan": math.NaN(), "NaN": math.NaN(), "NAN": math.NaN(),
		"inf": math.Inf(1), "-inf": math.Inf(-1), "+Inf": math.Inf(1), "Infinity": math.Inf(1),
		"-Infinity": math.Inf(-1), "-INFINITY": math.Inf(-1), "1e999": math.Inf(1),
	}
	for s, want := range spell {
		r, err := decodeReply(OpSweep, []byte(`{"hit":true,"t":`+s+`,"label":"nan inf"}`))
		got := r.Answer.First.T
		if err != nil || !(got == want || math.IsNaN(got) && math.IsNaN(want)) {
			t.Errorf("%s: %v, %v", s, got, err)
		}
		if string(r.Extra()["label"]) != `"nan inf"` {
			t.Errorf("%s: a string holding nan is kept: %s", s, r.Extra()["label"])
		}
	}
}

func TestDecodeAnswer(t *testing.T) {
	r, err := decodeReply(OpSweep, []byte(`{"hit":true,"t":0.37,"point":[1,2,3],"triangle":3,"feature":"edge","why":{"k":1}}`))
	a := r.Answer
	if err != nil || !a.Hit || a.First.T != 0.37 || a.First.Triangle != 3 || a.First.Feature != sweep.Edge ||
		a.Has != sweep.HasPoint|sweep.HasTriangle|sweep.HasFeature || string(r.Extra()["why"]) != `{"k":1}` {
		t.Fatalf("%+v %v", r, err)
	}
	r, err = decodeReply(OpSlide, []byte(`{"final":[1,2,3],"steps":[{"t":0.5,"center":[0,1,0],"normal":[0,1,0]}]}`))
	if err != nil || !r.Answer.Slid || len(r.Answer.Slide.Steps) != 1 || r.Answer.Has != sweep.HasSteps|sweep.HasNormal {
		t.Fatalf("slide %+v %v", r, err)
	}
	if r, err := decodeReply(OpSweep, []byte(`{"error":"no \"mesh\""}`)); err != nil || r.Error != `no "mesh"` {
		t.Fatalf("error answer %+v %v", r, err)
	}
	bad := map[string]error{
		`nan`: errNotObject, `[1]`: errNotObject, `{"hit":tru}`: errNotObject, `null`: errNotObject,
		`{}`: errMissingField, `{"hit":true}`: errMissingField, `{"hit":"yes"}`: errBadField,
		`{"hit":true,"t":"0.5"}`: errBadField, `{"hit":true,"t":1,"feature":"side"}`: errBadField,
	}
	for line, want := range bad {
		if _, err := decodeReply(OpSweep, []byte(line)); !errors.Is(err, want) {
			t.Errorf("%s: %v, want %v", line, err, want)
		}
	}
	if _, err := decodeReply(OpSlide, []byte(`{"steps":[]}`)); !errors.Is(err, errMissingField) {
		t.Errorf("slide without final: %v", err)
	}
}

func TestAppendQuery(t *testing.T) {
	q := fallQuery(floorMesh())
	q.Slide.Skin = 0.25
	b, err := appendQuery(nil, OpSlide, &q)
	want := `"ellipsoid":{"axes":[[1,0,0],[0,1,0],[0,0,1]]},"start":[1,3,1],"end":[1,-2,1],"skin":0.25}` + "\n"
	if err != nil || !strings.HasPrefix(string(b), `{"op":"slide","mesh":`) || !strings.HasSuffix(string(b), want) {
		t.Fatalf("%s %v", b, err)
	}
	q.End[0] = math.NaN()
	if b, err := appendQuery([]byte("x"), OpSweep, &q); !errors.Is(err, errNotFinite) || string(b) != "x" {
		t.Fatalf("non-finite: %q %v", b, err)
	}
}

const goodCapture = `{"op":"mesh","id":7,"vertices":[[0,0,0],[4,0,0],[0,0,4]],"triangles":[[0,1,2]]}

{"op":"sweep","mesh":7,"ellipsoid":{"axes":[[1,0,0],[0,1,0],[0,0,1]]},"start":[1,3,1],"end":[1,-2,1],"answer":{"hit":true,"t":0.4},"frame":12,"label":"jump"}
{"op":"sweep","mesh":7,"ellipsoid":{"axes":[[1,0,0],[0,1,0],[0,0,1]]},"start":[1,3,1],"end":[1,-2,1],"answer":{"hit":true,"t":NaN}}
{"op":"slide","mesh":7,"ellipsoid":{"axes":[[1,0,0],[0,1,0],[0,0,1]]},"start":[1,3,1],"end":[1,-2,1],"answer":{"final":[1,-2,1]}}`

func TestCaptureGood(t *testing.T) {
	var got []string
	tally, err := JudgeCapture(t.Context(), strings.NewReader(goodCapture), judge.Judge{}, func(r Record, v judge.Verdict) error {
		got = append(got, v.State.String()+" "+v.Rule)
		if r.Line == 3 && (!r.HasFrame || r.Frame != 12 || r.Label != "jump") {
			t.Errorf("line 3: %+v", r)
		}
		return nil
	})
	want := "agrees |wrong nonfinite|wrong passes-through"
	if err != nil || strings.Join(got, "|") != want || tally != (Tally{Records: 3, Agrees: 1, Wrong: 2}) {
		t.Fatalf("%q %+v %v", got, tally, err)
	}
}

func TestCaptureBad(t *testing.T) {
	q := `"ellipsoid":{"axes":[[1,0,0],[0,1,0],[0,0,1]]},"start":[1,3,1],"end":[1,-2,1]`
	cases := []struct {
		line  string
		field string
		err   error
	}{
		{`{"op":"sweep","mesh":9,` + q + `,"answer":{"hit":false}}`, "mesh", errUnknownMesh},
		{`{"op":"sweep","mesh":7,` + q + `}`, "answer", errMissingField},
		{`{"op":"sweep","mesh":7,` + q + `,"answer":{"t":1}}`, "answer", errMissingField},
		{`{"op":"jump","mesh":7}`, "op", errUnknownOp},
		{`{"op":"sweep","mesh":7,` + q + `,"start":[1,2],"answer":{"hit":false}}`, "", errBadField},
		{`{"op":"mesh","id":8,"vertices":[[0,0,0]],"triangles":[[0,1,2]]}`, "triangles[0]", errBadField},
		{`not json`, "", errNotObject},
		{`{"op":"sweep","pad":"` + strings.Repeat("x", maxLine) + `"}`, "", errLineTooLong},
	}
	mesh := strings.SplitN(goodCapture, "\n", 2)[0]
	for _, c := range cases {
		cr := NewCaptureReader(strings.NewReader(mesh + "\n" + c.line + "\n" + mesh + "\n"))
		_, err := cr.Next()
		var ce *captureError
		if !errors.As(err, &ce) || ce.Line != 2 || ce.Field != c.field || !errors.Is(err, c.err) {
			t.Errorf("%.60s: %v, want line 2 field %q %v", c.line, err, c.field, c.err)
		}
		if _, err := cr.Next(); !errors.Is(err, io.EOF) {
			t.Errorf("%.60s: reading goes on to the end: %v", c.line, err)
		}
	}
}

// TestCaptureBigMesh: a level's mesh line may be far longer than an answer
// line (here 3 MiB, 40,000 triangles); the queries on it still replay.
func TestCaptureBigMesh(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"op":"mesh","id":1,"vertices":[`)
	const n = 40000
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		x := float64(i % 200)
		z := float64(i / 200)
		fmt.Fprintf(&b, "[%g,0,%g],[%g,0,%g],[%g,0,%g]", x, z, x+1.000001, z, x, z+1.000001)
	}
	b.WriteString(`],"triangles":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "[%d,%d,%d]", 3*i, 3*i+1, 3*i+2)
	}
	b.WriteString("]}\n")
	if b.Len() <= maxLine {
		t.Fatalf("mesh line of %d bytes: want more than maxLine", b.Len())
	}
	b.WriteString(`{"op":"sweep","mesh":1,"ellipsoid":{"axes":[[1,0,0],[0,1,0],[0,0,1]]},"start":[0.2,3,0.2],"end":[0.2,-2,0.2],"answer":{"hit":true,"t":0.4}}` + "\n")
	tally, err := JudgeCapture(t.Context(), strings.NewReader(b.String()), judge.Judge{}, func(Record, judge.Verdict) error { return nil })
	if err != nil || tally != (Tally{Records: 1, Agrees: 1}) {
		t.Fatalf("tally %+v, err %v: want the one query judged and agreeing", tally, err)
	}
}
