package ui

import (
	"errors"
	"fmt"
	"maps"
	"sync"
	"time"

	"sweepdbg/render"
	"sweepdbg/ui/editor"
)

// autosaveEvery is how often a changed session is written.
const autosaveEvery = 3 * time.Second

// autosaver keeps the session file up to date: it remembers the document
// revision and camera last saved, and saves in the background at most
// every autosaveEvery while they change. The zero value (no path) never
// saves. Its fields are the game's (ebiten's goroutine) except cache,
// which mu guards while a background save encodes.
type autosaver struct {
	path   string             // the session file; "" turns saving off
	rev    uint64             // the editor.App.Rev last saved
	cam    editor.CameraState // the camera last saved
	panels map[string][4]int  // the panel layout last saved
	last   time.Time          // when the last save began
	saving bool               // a background save is running
	mu     sync.Mutex         // held while saving; guards cache
	cache  editor.SceneJSON   // the scene's JSON, encoded once per revision (its mesh once per mesh)
	// write saves a session; nil means storeSession (a file on the
	// desktop, localStorage in a browser; tests inject
	// a failing one).
	write func(path string, s *editor.Session) error
}

// markSaved records rev and cam as saved now.
func (sv *autosaver) markSaved(rev uint64, cam editor.CameraState) {
	sv.rev, sv.cam, sv.last = rev, cam, time.Now()
}

// cameraState is the part of c the session keeps.
func cameraState(c render.Camera) editor.CameraState {
	return editor.CameraState{Target: c.Target, Yaw: c.Yaw, Pitch: c.Pitch, Distance: c.Distance, FovY: c.FovY, Ortho: c.Ortho}
}

// applyCamera copies a saved camera state into c, keeping c's viewport; a
// state with non-finite or non-positive values is refused (see
// editor.CameraState.Validate) and leaves c as it was.
func applyCamera(s editor.CameraState, c *render.Camera) error {
	if err := s.Validate(); err != nil {
		return err
	}
	c.Target, c.Yaw, c.Pitch, c.Distance, c.FovY, c.Ortho = s.Target, s.Yaw, s.Pitch, s.Distance, s.FovY, s.Ortho
	return nil
}

// ErrSessionNotSaved marks a failed save of the session file; the file
// keeps its previous content (saves are atomic).
var ErrSessionNotSaved = errors.New("the session was not saved (the session file keeps the last save)")

// autosave writes the session when the document (its revision) or the
// camera changed and a few seconds passed, in the background; final (on
// exit) writes at once, waits and returns the failure, if any. Every
// failure also goes to the status line. Errors wrap ErrSessionNotSaved.
func (g *game) autosave(final bool) error {
	sv := &g.save
	if !g.saveDue(final) {
		return nil
	}
	save := g.sessionWriter()
	sv.markSaved(g.app.Rev, cameraState(g.cam))
	sv.panels = g.panels.layout()
	if final {
		err := save()
		if err != nil {
			g.app.Fail(err)
		}
		return err
	}
	sv.saving = true
	go func() {
		err := save()
		g.post(func() {
			sv.saving = false
			if err != nil {
				g.app.Fail(err)
			}
		})
	}()
	return nil
}

// saveDue reports whether autosave should write now: always on exit
// (final) when there is a session file and a scene; otherwise when no save
// is running, something changed and autosaveEvery passed.
func (g *game) saveDue(final bool) bool {
	sv := &g.save
	switch {
	case sv.path == "" || g.app.Doc.Scene == nil:
		return false
	case final:
		return true
	}
	changed := g.app.Rev != sv.rev || cameraState(g.cam) != sv.cam || !maps.Equal(g.panels.layout(), sv.panels)
	return !sv.saving && changed && time.Since(sv.last) >= autosaveEvery
}

// sessionWriter snapshots the state to save and returns the function that
// encodes and writes it, which may run off the frame loop (the Doc is
// immutable, the rest is copied).
func (g *game) sessionWriter() func() error {
	sv := &g.save
	d, rev, cs, recent, field, help := g.app.Doc, g.app.Rev, cameraState(g.cam), append([]string(nil), g.app.Recent...), g.panels.path, g.help
	layout, ups := g.panels.layout(), maps.Clone(g.app.Ups)
	path, write := sv.path, sv.write
	if write == nil {
		write = storeSession
	}
	return func() error {
		sv.mu.Lock() // a final save waits for a background one, then overwrites it
		defer sv.mu.Unlock()
		s, err := editor.NewSession(d, rev, cs, recent, field, help, &sv.cache)
		if err == nil {
			s.Panels = layout
			s.SetUpAxes(ups)
			err = write(path, s)
		}
		if err != nil {
			return fmt.Errorf("%w: %w", ErrSessionNotSaved, err)
		}
		return nil
	}
}
