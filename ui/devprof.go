package ui

import (
	"fmt"
	"image"
	"io"
	"os"
	"runtime/pprof"
	"time"
)

// Developer switches (see the package doc): SWEEPDBG_CPUPROFILE=FILE
// writes a CPU profile of the window's run to FILE, and
// SWEEPDBG_FRAMELOG=1 prints one line per Update to stderr with the
// Update's and the Draws' durations since the previous Update.
const (
	envCPUProfile = "SWEEPDBG_CPUPROFILE"
	envFrameLog   = "SWEEPDBG_FRAMELOG"
)

// startCPUProfile starts a CPU profile into the file SWEEPDBG_CPUPROFILE
// names, if any, and returns the function that stops it and closes the
// file. A profile that cannot start is reported to log and skipped.
func startCPUProfile(log io.Writer) (stop func()) {
	path := os.Getenv(envCPUProfile)
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err == nil {
		if err = pprof.StartCPUProfile(f); err != nil {
			f.Close()
		}
	}
	if err != nil {
		fmt.Fprintf(log, "%s: %v\n", envCPUProfile, err)
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fmt.Fprintf(log, "%s: %v\n", envCPUProfile, err)
		}
	}
}

// frameLog times frames for SWEEPDBG_FRAMELOG=1: it prints one line
// per Draw that draws, with the time since the previous one that drew
// and what ran in between. The zero value (off) does nothing.
type frameLog struct {
	on       bool
	out      io.Writer
	n        int           // frames drawn so far
	lastDraw time.Time     // when the previous drawing Draw began
	updates  int           // Updates since then
	update   time.Duration // their total duration
	skipped  int           // Draws since then that did not draw
	// raster returns how many times the renderer rasterised the scene so
	// far (nil: not shown).
	raster func() int
	// view and over are the shares of the window's pixels the frame
	// drew the view and the panels in (see drewParts).
	view, over float64
}

// newFrameLog returns the frame log, on when SWEEPDBG_FRAMELOG=1.
func newFrameLog(out io.Writer, raster func() int) frameLog {
	return frameLog{on: os.Getenv(envFrameLog) == "1", out: out, raster: raster}
}

// now returns the time when the log is on (a zero time otherwise, so a
// frame costs no clock read).
func (l *frameLog) now() time.Time {
	if !l.on {
		return time.Time{}
	}
	return time.Now()
}

// updated records an Update that began at start.
func (l *frameLog) updated(start time.Time) {
	if l.on {
		l.updates++
		l.update += time.Since(start)
	}
}

// drew records a Draw that began at start and prints its line when it
// drew.
func (l *frameLog) drew(start time.Time, drawn bool) {
	if !l.on {
		return
	}
	if !drawn {
		l.skipped++
		return
	}
	l.n++
	interval := 0.0
	if !l.lastDraw.IsZero() {
		interval = ms(start.Sub(l.lastDraw))
	}
	raster := -1
	if l.raster != nil {
		raster = l.raster()
	}
	over := 0
	if l.over > 0 {
		over = 1
	}
	fmt.Fprintf(l.out, "frame %d interval %.2fms draw %.2fms updates %d update %.2fms skipped %d raster %d view %.1f%% panels %d over %.1f%%\n",
		l.n, interval, ms(time.Since(start)), l.updates, ms(l.update), l.skipped, raster, 100*l.view, over, 100*l.over)
	l.lastDraw, l.updates, l.update, l.skipped = start, 0, 0, 0
}

// drewParts records what the frame being drawn drew into a screen of
// bounds b: the view in the rectangles of parts and the panels in those
// of over (each list's rectangles do not overlap).
func (l *frameLog) drewParts(b image.Rectangle, parts, over []image.Rectangle) {
	if !l.on {
		return
	}
	l.view, l.over = areaShare(b, parts), areaShare(b, over)
}

// areaShare is the part of b's area that the rectangles of rs, which do not
// overlap, cover.
func areaShare(b image.Rectangle, rs []image.Rectangle) float64 {
	n := 0
	for _, r := range rs {
		n += size(r.Intersect(b))
	}
	return float64(n) / float64(max(size(b), 1))
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
