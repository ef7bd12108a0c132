package ui

import (
	"errors"
	"fmt"
	"time"

	"sweepdbg/scene"
	"sweepdbg/scene/hunt"
	"sweepdbg/ui/editor"
)

// The Hunt button's window side: it starts editor.StartHunt on the current
// scene and, when the hunt reports, opens the worst finding's fixture as
// one undo step.

// runHunt starts a hunt on the current scene (the Hunt button).
func (g *game) runHunt() {
	if g.app.Hunter != nil {
		g.app.Say("a hunt is already running")
		return
	}
	if g.app.Doc.Scene == nil {
		g.app.Fail(errors.New("hunt: no scene open"))
		return
	}
	d := time.Duration(g.panels.huntSeconds * float64(time.Second))
	if d <= 0 {
		d = editor.DefaultHuntTime
	}
	seed := uint64(time.Now().UnixNano())
	g.app.Say("hunting for %s (seed %d)", d, seed)
	g.app.Hunter = editor.StartHunt(g.app.Doc.Scene, d, seed, g.huntDir, func(s hunt.Summary, err error) {
		g.postWait(func() { g.huntDone(s, err) })
	})
}

// huntDone opens the worst finding and reports the summary.
func (g *game) huntDone(s hunt.Summary, err error) {
	g.app.Hunter = nil
	if err != nil {
		g.app.Fail(fmt.Errorf("hunt: %w", err))
		return
	}
	w, ok := editor.WorstFinding(s)
	if !ok {
		g.app.Say("%s", editor.HuntSummary(s))
		return
	}
	sc, lerr := scene.Load(w.Fixture)
	if lerr == nil {
		var d editor.Doc
		if d, lerr = editor.NewDoc(sc, w.Fixture, g.app.Doc.View, g.app.Doc.Grid); lerr == nil {
			g.stopPlay()
			g.app.Load(d)
			g.fitScene()
			g.app.Selection = editor.Selection{}
		}
	}
	if lerr != nil {
		g.app.Fail(fmt.Errorf("hunt: opening the worst finding: %w", lerr))
		return
	}
	g.app.Say("%s", editor.HuntSummary(s))
}
