package engine

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

// FuzzDecodeAnswer: any line decodes to an answer or a protocol error,
// never a panic; a decoded line's extra fields never include known ones.
func FuzzDecodeAnswer(f *testing.F) {
	f.Add([]byte(`{"hit":true,"t":-nan,"point":[inf,0,1]}`))
	f.Add([]byte(`{"final":[1,2,3],"steps":[{"t":0.5,"center":[0,1,0]}]}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		for _, op := range []Ops{OpSweep, OpSlide} {
			r, err := decodeReply(op, line)
			if err != nil && !errors.Is(err, errNotObject) && !errors.Is(err, errMissingField) && !errors.Is(err, errBadField) {
				t.Fatalf("untyped error %v", err)
			}
			for k := range r.Extra() {
				if known[k] {
					t.Fatalf("known field %q in Extra", k)
				}
			}
		}
	})
}

// FuzzCapture: any capture text gives records or *CaptureErrors naming a
// line that exists, never a panic.
func FuzzCapture(f *testing.F) {
	f.Add([]byte(goodCapture))
	f.Fuzz(func(t *testing.T, text []byte) {
		lines := bytes.Count(text, []byte("\n")) + 1
		cr := NewCaptureReader(bytes.NewReader(text))
		for range lines + 1 {
			rec, err := cr.Next()
			if errors.Is(err, io.EOF) {
				return
			}
			var ce *captureError
			if err != nil && !errors.As(err, &ce) {
				t.Fatalf("untyped error %v", err)
			}
			if err == nil && (rec.Line < 1 || rec.Line > lines) || ce != nil && ce.Line > lines {
				t.Fatalf("line %d of %d (%v)", rec.Line, lines, err)
			}
		}
	})
}
