package engine

import (
	"errors"
	"io"
	"strings"
	"testing"

	"sweepdbg/scene"
)

// Windows programs end lines with CRLF: an engine's answers and a game's
// capture read the same with "\r\n" as with "\n" (docs/platforms.md).
func TestCRLFAnswers(t *testing.T) {
	_, ops, _, err := decodeHello([]byte(`{"protocol":1,"name":"win","ops":["sweep","slide"]}` + "\r"))
	if err != nil || ops != OpSweep|OpSlide {
		t.Fatalf("hello with CR: ops %v, %v", ops, err)
	}
	for _, scan := range []bool{true, false} { // the scanner and encoding/json
		r, err := decodeAnswer(OpSweep, []byte(`{"hit":true,"t":0.4,"feature":"face"}`+"\r"), scan)
		if err != nil || !r.Answer.Hit || r.Answer.First.T != 0.4 {
			t.Errorf("scan=%v: sweep answer with CR: %+v, %v", scan, r.Answer, err)
		}
		r, err = decodeAnswer(OpSlide, []byte(`{"final":[1,1,1],"steps":[]}`+"\r"), scan)
		if err != nil || r.Answer.Slide.Final[1] != 1 {
			t.Errorf("scan=%v: slide answer with CR: %+v, %v", scan, r.Answer, err)
		}
	}
}

func TestCRLFCapture(t *testing.T) {
	lines := []string{
		`{"op":"mesh","id":1,"vertices":[[0,0,0],[4,0,0],[0,0,4]],"triangles":[[0,1,2]]}`,
		``,
		`{"op":"sweep","mesh":1,"ellipsoid":{"axes":[[1,0,0],[0,1,0],[0,0,1]]},"start":[1,3,1],"end":[1,-2,1],"frame":7,"label":"player","answer":{"hit":true,"t":0.4}}`,
	}
	c := NewCaptureReader(strings.NewReader(strings.Join(lines, "\r\n") + "\r\n"))
	rec, err := c.Next()
	if err != nil || rec.Line != 3 || rec.Label != "player" || rec.Frame != 7 || !rec.Answer.Answer.Hit || rec.Answer.Answer.First.T != 0.4 {
		t.Fatalf("CRLF capture: %+v, %v", rec, err)
	}
	if _, err := c.Next(); !errors.Is(err, io.EOF) {
		t.Errorf("after the last CRLF line: %v, want io.EOF", err)
	}
}

// A fixture saved by a Windows editor (CRLF) loads as the same scene.
func TestCRLFFixture(t *testing.T) {
	s, err := scene.Builtin(scene.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	crlf := strings.ReplaceAll(string(data), "\n", "\r\n")
	back, err := scene.Parse([]byte(crlf))
	if err != nil {
		t.Fatalf("CRLF fixture: %v", err)
	}
	if again, _ := back.Marshal(); string(again) != string(data) {
		t.Errorf("CRLF fixture loads differently:\n%s\nwant\n%s", again, data)
	}
}
