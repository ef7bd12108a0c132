package ui

import (
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
	cache  editor.SceneJSON   // the scene's JSON, encoded once per scene
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

// autosave writes the session when the document (its revision) or the
// camera changed and a few seconds passed, in the background; final (on
// exit) writes at once and waits.
func (g *game) autosave(final bool) {
	sv := &g.save
	if sv.path == "" || g.app.Doc.Scene == nil || (sv.saving && !final) {
		return
	}
	cs, layout := cameraState(g.cam), g.panels.layout()
	if g.app.Rev == sv.rev && cs == sv.cam && maps.Equal(layout, sv.panels) && !final {
		return
	}
	if !final && time.Since(sv.last) < autosaveEvery {
		return
	}
	d, recent, field, help := g.app.Doc, append([]string(nil), g.app.Recent...), g.panels.path, g.help
	ups := maps.Clone(g.app.Ups)
	path := sv.path
	save := func() error { // d is an immutable snapshot: safe to encode off the frame loop
		sv.mu.Lock() // a final save waits for a background one, then overwrites it
		defer sv.mu.Unlock()
		s, err := editor.NewSession(d, cs, recent, field, help, &sv.cache)
		if err == nil {
			s.Panels = layout
			s.SetUpAxes(ups)
			err = editor.SaveSession(path, s)
		}
		return err
	}
	sv.markSaved(g.app.Rev, cs)
	sv.panels = layout
	if final {
		if err := save(); err != nil {
			g.app.Fail(err)
		}
		return
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
}
