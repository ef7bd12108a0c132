package ui

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"sweepdbg/scene"
	"sweepdbg/scene/hunt"
)

// The Hunt button runs the bug hunter (package hunt) on the current scene
// in the background, with a progress bar and Cancel, then opens the worst
// finding's fixture as the current scene (one undo step).

// defaultHuntTime is how long the window's hunt searches by default.
const defaultHuntTime = 10 * time.Second

// huntOut is where the window's hunt writes its fixtures, relative to the
// working directory (the same directory `debugger hunt` uses).
const huntOut = hunt.DefaultOut

// hunter is one background hunt.
type hunter struct {
	cancel context.CancelFunc
	mu     sync.Mutex
	prog   hunt.Progress
}

// startHunt runs hunt.Run on a copy of s for d, reporting to done from
// its goroutine when it ends (cancelled or not).
func startHunt(s *scene.Scene, d time.Duration, seed uint64, out string, done func(hunt.Summary, error)) *hunter {
	ctx, cancel := context.WithCancel(context.Background())
	h := &hunter{cancel: cancel, prog: hunt.Progress{Duration: d}}
	cfg := hunt.Config{Scene: s.Clone(), Duration: d, Seed: seed, Out: out}
	go func() {
		defer cancel()
		sum, err := hunt.Run(ctx, cfg, func(p hunt.Progress) {
			h.mu.Lock()
			h.prog = p
			h.mu.Unlock()
		})
		done(sum, err)
	}()
	return h
}

// Progress returns the last progress report.
func (h *hunter) Progress() hunt.Progress {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.prog
}

// Fraction is how far the hunt is through its time, in [0, 1].
func (h *hunter) Fraction() float64 {
	p := h.Progress()
	if p.Duration <= 0 {
		return 0
	}
	return min(max(float64(p.Elapsed)/float64(p.Duration), 0), 1)
}

// Cancel ends the hunt early; it still reports the summary so far.
func (h *hunter) Cancel() { h.cancel() }

// worstFinding returns the finding with the largest Worst that has a
// fixture, and false when there is none.
func worstFinding(s hunt.Summary) (hunt.Finding, bool) {
	var best hunt.Finding
	found := false
	for _, f := range s.Findings {
		if f.Fixture != "" && (!found || f.Worst > best.Worst) {
			best, found = f, true
		}
	}
	return best, found
}

// huntSummary is the status line's account of a finished hunt.
func huntSummary(s hunt.Summary) string {
	msg := fmt.Sprintf("hunt (seed %d): %d cases in %.1fs, ", s.Seed, s.Cases, s.Elapsed.Seconds())
	if len(s.Findings) == 0 {
		return msg + "no findings"
	}
	msg += fmt.Sprintf("%d kind(s) of finding", len(s.Findings))
	if w, ok := worstFinding(s); ok {
		msg += fmt.Sprintf("; worst %q (%.2g, %d triangles): opened %s", w.Kind, w.Worst, w.Triangles, w.Fixture)
	}
	return msg
}

// runHunt starts a hunt on the current scene (the Hunt button).
func (g *game) runHunt() {
	if g.hunter != nil {
		g.app.Say("a hunt is already running")
		return
	}
	if g.app.Doc.Scene == nil {
		g.app.Fail(errors.New("hunt: no scene open"))
		return
	}
	d := time.Duration(g.panels.huntSeconds * float64(time.Second))
	if d <= 0 {
		d = defaultHuntTime
	}
	seed := uint64(time.Now().UnixNano())
	g.app.Say("hunting for %s (seed %d)", d, seed)
	g.hunter = startHunt(g.app.Doc.Scene, d, seed, g.huntDir, func(s hunt.Summary, err error) {
		g.postWait(func() { g.huntDone(s, err) })
	})
}

// huntDone opens the worst finding and reports the summary.
func (g *game) huntDone(s hunt.Summary, err error) {
	g.hunter = nil
	if err != nil {
		g.app.Fail(fmt.Errorf("hunt: %w", err))
		return
	}
	w, ok := worstFinding(s)
	if !ok {
		g.app.Say("%s", huntSummary(s))
		return
	}
	sc, lerr := scene.Load(w.Fixture)
	if lerr == nil {
		var d Doc
		if d, lerr = NewDoc(sc, w.Fixture, g.app.Doc.View, g.app.Doc.Grid); lerr == nil {
			g.stopPlay()
			g.app.Load(d)
			g.fitScene()
			g.hasSelection = false
		}
	}
	if lerr != nil {
		g.app.Fail(fmt.Errorf("hunt: opening the worst finding: %w", lerr))
		return
	}
	g.app.Say("%s", huntSummary(s))
}
