package ui

import (
	"fmt"
	"io"
	"strings"
	"time"

	"sweepdbg/render"
	"sweepdbg/scene"
	"sweepdbg/ui/editor"
)

// startup collects what setup has to say about the session file (where a
// backup or an invalid file went, a camera that was reset), for the status
// line and the log, and whether the session file may be written at all.
type startup struct {
	app      *editor.App
	notes    []string
	failed   bool // a note reports a problem
	noSave   bool // autosave is off: writing would destroy a file it could not keep
	cameraOK bool // the saved camera was applied
}

// note adds a message.
func (st *startup) note(format string, args ...any) {
	st.notes = append(st.notes, fmt.Sprintf(format, args...))
}

// fail adds a problem.
func (st *startup) fail(err error) {
	st.notes = append(st.notes, err.Error())
	st.failed = true
}

// loadSession returns the saved session at path (nil when there is none,
// when fresh, or when it is invalid). Before the session can be replaced
// it keeps a backup of it (backupSession), and an invalid one is
// set aside; when either is impossible autosave is turned off.
func (st *startup) loadSession(path string, fresh bool) *editor.Session {
	if path == "" {
		return nil
	}
	var sess *editor.Session
	if !fresh {
		var err error
		if sess, err = readSession(path); err != nil {
			st.invalid(path, err)
			return nil
		}
	}
	backup, err := backupSession(path)
	switch {
	case err != nil:
		st.noSave = true
		st.fail(fmt.Errorf("%w; autosave is off so the session file is not replaced", err))
	case fresh && backup != "":
		st.note("--fresh: the previous session is kept as %s", backup)
	}
	return sess
}

// invalid sets aside the session file at path, which failed to load
// because of err, so that autosave does not replace it, and says where it
// went.
func (st *startup) invalid(path string, err error) {
	aside, aerr := setAsideSession(path, time.Now())
	if aerr != nil {
		st.noSave = true
		st.fail(fmt.Errorf("ignored the saved session: %w; it could not be moved aside (%w), so autosave is off", err, aerr))
		return
	}
	st.fail(fmt.Errorf("ignored the saved session: %w; it is kept as %s", err, aside))
}

// restoreCamera applies the saved camera to c, or leaves c at its default
// and says so when the saved one is absurd.
func (st *startup) restoreCamera(saved editor.CameraState, c *render.Camera) {
	if err := applyCamera(saved, c); err != nil {
		st.note("the saved camera was reset: %v", err)
		return
	}
	st.cameraOK = true
}

// report puts the notes on the status line (or the help hint when there
// are none) and writes each to log, escaped.
func (st *startup) report(log io.Writer) {
	if len(st.notes) == 0 {
		st.app.Say("F1: keys and mouse help")
		return
	}
	msg := scene.Printable(strings.Join(st.notes, "; "))
	if st.failed {
		st.app.Fail(fmt.Errorf("%s", msg))
	} else {
		st.app.Say("%s", msg)
	}
	if log != nil {
		for _, n := range st.notes {
			fmt.Fprintln(log, "debugger:", scene.Printable(n))
		}
	}
}
