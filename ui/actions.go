package ui

import (
	"errors"
	"fmt"
	"time"

	"sweepdbg/scene"
	"sweepdbg/ui/editor"
)

// openBuiltin makes the named built-in scene current (one undo step) and
// fits the camera to it.
func (g *game) openBuiltin(name string) {
	d, err := builtinDoc(name, g.app.Doc.View, g.app.Doc.Grid)
	if err != nil {
		g.app.Fail(fmt.Errorf("open built-in %q: %w", name, err))
		return
	}
	g.stopPlay()
	g.capt = captureSide{}
	g.app.Load(d)
	g.fitScene()
	g.app.Selection = editor.Selection{}
}

// openFile starts loading path ("~" is the home directory) in the
// background (a load already running is cancelled); pollLoad makes it
// current when done.
func (g *game) openFile(path string) {
	path = editor.ExpandHome(path)
	g.openFileUp(path, g.app.UpFor(path))
}

// openFileUp is openFile with a level's up axis given (UpAuto guesses).
func (g *game) openFileUp(path string, up editor.UpAxis) {
	if path == "" {
		g.app.Fail(errors.New("open: type a file path first (" + editor.Openable + ")"))
		return
	}
	path = editor.ExpandHome(path)
	if isCapture(path) {
		g.openCapture(path)
		return
	}
	g.capt = captureSide{}
	if g.app.Loading != nil {
		g.app.Loading.Cancel()
	}
	g.setPath(path)
	g.app.Loading = editor.StartLoadUp(path, g.app.Doc.View, g.app.Doc.Grid, up)
	g.app.Say("loading %s", path)
}

// setPath shows path in the path field, ending an edit of it without
// applying the edit (a file dropped or picked from Recent while the
// field was typed into replaces the typing).
func (g *game) setPath(path string) {
	p := g.panels
	if p.edit != nil && p.edit.id == fieldPath {
		p.edit = nil
	}
	p.path = path
}

// pollLoad finishes a background load: the new scene becomes current, or
// the error is shown and the open scene stays.
func (g *game) pollLoad() {
	if g.app.Loading == nil || g.mode == mouseDrag { // a finished load waits for the drag to end
		return
	}
	res, ok := g.app.Loading.Poll()
	if !ok {
		return
	}
	g.app.Loading = nil
	if res.Err != nil {
		g.app.Fail(res.Err)
		return
	}
	g.stopPlay()
	g.app.Load(res.Doc)
	g.panels.note = levelNote{}
	if res.Note != "" {
		g.app.RememberUp(res.Path, res.Up)
		g.app.Say("%s; %s", g.app.Msg, res.Note)
		g.panels.note = levelNote{source: res.Doc.Source, text: res.Note}
	}
	g.fitScene()
	g.app.Selection = editor.Selection{}
}

// reload opens the current scene's file again, or the built-in again.
func (g *game) reload() {
	d := g.app.Doc
	switch {
	case d.Source != "":
		g.openFile(d.Source)
	case d.Shared:
		g.app.Fail(errors.New("reopen: this scene came from a link or a dropped file; open the link or drop the file again"))
	case d.Scene != nil:
		g.openBuiltin(d.Scene.Name)
	}
}

// export writes the current moment as a fixture into ./fixtures under a
// fresh name (a download in a browser). Above scene.CropAbove triangles
// it keeps only those within reach of the motion and its slide (the
// answer is the same) unless full (Ctrl+Shift+E, or the window's --full).
func (g *game) export(full bool) {
	if g.capt.c != nil {
		g.exportCapture()
		return
	}
	if g.app.Doc.Scene == nil {
		g.app.Fail(errors.New("export: no scene open"))
		return
	}
	full = full || g.fullExport
	s, dropped := g.app.CroppedMoment(!full && len(g.app.Doc.Scene.Mesh.Triangles) > scene.CropAbove)
	data, err := s.Marshal()
	var path string
	if err == nil {
		path, err = writeFresh(g.exportDir, s.Name, ".json", data, time.Now())
	}
	if err != nil {
		g.app.Fail(fmt.Errorf("export: %w", err))
		return
	}
	if dropped > 0 {
		g.app.Say("exported %s: cropped to the %d triangles within reach of the motion (of %d; same answer; Ctrl+Shift+E exports them all)",
			path, len(s.Mesh.Triangles), len(s.Mesh.Triangles)+dropped)
		return
	}
	g.app.Say("exported %s", path)
}
