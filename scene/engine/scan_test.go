package engine

import (
	"fmt"
	"math"
	"strconv"
	"testing"
)

// scanLines are answer lines on both sides of what the scanner takes.
var scanLines = []string{
	`{"hit":true,"t":0.4,"point":[1,0,1],"normal":[0,1,0],"triangle":0,"feature":"face"}`,
	` {"hit" : false } `,
	`{"hit":true,"t":-nan,"point":[inf,-Infinity,+INF],"time_us":3,"why":{"a":[1,"x",null,true,nan]}}`,
	`{"hit":true,"t":1e999,"normal":[-0,1E-5,2.5e+3]}`,
	`{"final":[1,2,3],"steps":[{"t":0.5,"center":[0,1,0],"normal":[0,1,0],"extra":1},{"t":1,"center":[1,1,1]}]}`,
	`{"final":[1,2,3],"steps":[{"t":0.5}]}`,
	`{"final":[1,2,3],"steps":[],"center":"not a step"}`,
	`{"final":[1,2,3],"steps":[{"T":0.5,"center":[0,1,0]}]}`,
	`{"final":[1,2,3],"steps":null}`,
	`{"Hit":true,"t":1}`, `{"hit":true,"T":1}`, `{"hit":true,"t":1,"hit":false}`,
	`{"hit":true,"t":"NaN"}`, `{"hit":true,"t":null}`, `{"hit":null}`,
	`{"hit":true,"t":1,"triangle":2.0}`, `{"hit":true,"t":1,"triangle":-3}`, `{"hit":true,"t":1,"triangle":99999999999999999999}`,
	`{"hit":true,"t":1,"feature":"side"}`, `{"hit":false,"feature":"side"}`, `{"hit":true,"t":1,"feature":"fac\u0065"}`,
	`{"hit":true,"t":01}`, `{"hit":true,"t":1.}`, `{"hit":true,"t":.5}`, `{"hit":true,"t":1e}`, `{"hit":true,"t":+1}`,
	`{"hit":true,"t":nanx}`, `{"hit":true,"t":nan1}`, `{"hit":true,"t":1,"point":[1,2]}`, `{"hit":true,"t":1,"point":[1,2,3,4]}`,
	`{"hit":true,"t":1} x`, `{"hit":true,"t":1,}`, `{"hit":true "t":1}`, `{"error":"no \"mesh\" here"}`, `{"error":""}`,
	`{"hit":false,"note":"tab\there"}`, `{"hit":false,"ſ":1}`, `{"hit":false,"x":"é"}`, "\v{\"hit\":false}\u00a0",
	`[1,2]`, `nan`, ``, `{`, `{"hit":false,"x":[[[[[[1]]]]]]}`, `{"hit":true,"t":Infinity,"point":[1,2,3]}`,
}

// TestScanMatchesJSON: the scanner decodes every line exactly as
// encoding/json does (or leaves it to it).
func TestScanMatchesJSON(t *testing.T) {
	for _, line := range scanLines {
		checkScan(t, []byte(line))
	}
}

// FuzzScanAnswer: on any line the scanner and encoding/json agree.
func FuzzScanAnswer(f *testing.F) {
	for _, line := range scanLines {
		f.Add([]byte(line))
	}
	f.Fuzz(func(t *testing.T, line []byte) { checkScan(t, line) })
}

// checkScan compares both decodings of line for both ops.
func checkScan(t *testing.T, line []byte) {
	t.Helper()
	for _, op := range []Ops{OpSweep, OpSlide} {
		got, err := decodeAnswer(op, line, true)
		want, werr := decodeAnswer(op, line, false)
		g := fmt.Sprintf("%+v %q %v", got.Answer, got.Error, err)
		w := fmt.Sprintf("%+v %q %v", want.Answer, want.Error, werr)
		if g != w {
			t.Errorf("%s (op %d):\nscanned %s\njson    %s", line, op, g, w)
		}
	}
}

// TestScanTakesPlainLines: the plain answers of a fast engine take the
// scanner, allocation-free.
func TestScanTakesPlainLines(t *testing.T) {
	for _, line := range scanLines[:5] {
		var v answerVals
		if !scanAnswer([]byte(line), &v) {
			t.Errorf("%s: left to encoding/json", line)
		}
	}
	line := []byte(scanLines[0])
	if n := testing.AllocsPerRun(100, func() { _, _ = decodeReply(OpSweep, line) }); n != 0 {
		t.Errorf("%v allocations per sweep answer", n)
	}
}

// TestAppendNumIntegers: whole numbers come out as strconv's shortest
// form does.
func TestAppendNumIntegers(t *testing.T) {
	for _, f := range []float64{0, math.Copysign(0, -1), 1, -1, 7, 999999, -999999, 1e6, 1e6 + 1, 123456, 2.5, 1e21, 1e-7} {
		got, _ := appendNum(nil, f, true)
		if want := strconv.FormatFloat(f, 'g', -1, 64); string(got) != want {
			t.Errorf("%v: %s, want %s", f, got, want)
		}
	}
}
