package ui

import (
	"bytes"
	"image"
	"strings"
	"testing"
	"time"
)

// The frame log prints one line per Draw that drew, counting the Updates
// and the empty Draws before it; off, it prints nothing.
func TestFrameLog(t *testing.T) {
	var out bytes.Buffer
	l := frameLog{on: true, out: &out, raster: func() int { return 4 }}
	for range 2 {
		l.updated(l.now())
	}
	l.drew(l.now(), false)
	b := image.Rect(0, 0, 100, 50)
	l.drewParts(b, []image.Rectangle{b}, []image.Rectangle{image.Rect(0, 0, 50, 50)})
	l.drew(l.now().Add(-time.Millisecond), true)
	l.updated(l.now())
	l.drewParts(b, []image.Rectangle{image.Rect(0, 0, 10, 50), image.Rect(90, 40, 120, 60)}, nil)
	l.drew(l.now(), true)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "frame 1 interval 0.00ms draw ") ||
		!strings.HasSuffix(lines[0], "updates 2 update "+strings.Fields(lines[0])[9]+" skipped 1 raster 4 view 100.0% panels 1 over 50.0%") ||
		!strings.Contains(lines[1], "updates 1 ") || !strings.HasSuffix(lines[1], "skipped 0 raster 4 view 12.0% panels 0 over 0.0%") {
		t.Fatalf("frame log:\n%s", out.String())
	}
	off := frameLog{out: &out}
	out.Reset()
	off.updated(off.now())
	off.drew(off.now(), true)
	if out.Len() != 0 {
		t.Fatalf("a frame log that is off printed %q", out.String())
	}
}
