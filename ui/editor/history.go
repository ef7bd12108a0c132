package editor

import (
	"sync/atomic"

	"sweepdbg/render/view"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// Doc is one undoable state of the debugger: everything an edit can
// change. A Doc is a value; its Scene and Mesh are shared between
// snapshots and never modified in place (edits copy the Scene struct; the
// mesh's slices are never written after load), so a snapshot costs a few
// hundred bytes whatever the mesh size.
type Doc struct {
	Scene *scene.Scene // the inspected motion; Scene.Shape == Shape.Sweep()
	Mesh  *sweep.Mesh  // the core's mesh built from Scene.Mesh, once per load
	// MeshRev identifies Mesh (and Scene.Mesh's triangles): NewDoc gives
	// every mesh it builds a new one, never repeated in the process; edits
	// that move poses keep it. Caches of what depends on the triangles only
	// are keyed by it (App.Rev keys what depends on the whole Doc).
	MeshRev uint64
	Shape   Shape        // the Shape panel's kind, sizes and rotation
	View    view.Options // View panel toggles
	Grid    float64      // Ctrl-drag snapping step, world units (> 0)
	Source  string       // the file the scene was opened from; "" for a built-in
	// Shared marks a scene opened from a share link or a file dropped on
	// the browser page: no built-in and no file to reopen.
	Shared bool
	// ExpectFor is the motion Scene.Expect was written for: the scene's
	// motion when it was opened (nil without an expectation). Edits keep
	// it, so the Result panel can say the expectation no longer applies.
	ExpectFor *sweep.Motion
}

// meshRevs hands out Doc.MeshRev values; loads run NewDoc on background
// goroutines, hence atomic.
var meshRevs atomic.Uint64

// nextMeshRev returns a mesh revision never returned before (never 0).
func nextMeshRev() uint64 { return meshRevs.Add(1) }

// Clone returns d with its own copy of the Scene struct, ready to be
// edited without touching d.
func (d Doc) Clone() Doc {
	if d.Scene != nil {
		s := *d.Scene
		d.Scene = &s
	}
	return d
}

// historyLimit is the number of undo steps kept; older ones are dropped.
const historyLimit = 1000

// history is the undo/redo stack of Doc snapshots. Every edit records the
// state before it (Record); Undo and Redo swap the current state with the
// neighbouring snapshot. A new edit after undoing clears the redo stack.
// The zero history is empty and ready to use.
type history struct {
	undo, redo []Doc
}

// Record remembers before as the state to return to on Undo, and forgets
// every redo step.
func (h *history) Record(before Doc) {
	h.undo = append(h.undo, before)
	if len(h.undo) > historyLimit {
		h.undo = append(h.undo[:0], h.undo[len(h.undo)-historyLimit:]...)
	}
	h.redo = h.redo[:0]
}

// Undo returns the state before the last edit and remembers current for
// Redo; it reports false (and returns current) when there is nothing to
// undo.
func (h *history) Undo(current Doc) (Doc, bool) {
	return step(&h.undo, &h.redo, current)
}

// Redo returns the state the last Undo left, remembering current for Undo;
// false when there is nothing to redo.
func (h *history) Redo(current Doc) (Doc, bool) {
	return step(&h.redo, &h.undo, current)
}

// Len returns the number of undo and redo steps available.
func (h *history) Len() (undo, redo int) { return len(h.undo), len(h.redo) }

// Clear forgets every step.
func (h *history) Clear() { h.undo, h.redo = h.undo[:0], h.redo[:0] }

func step(from, to *[]Doc, current Doc) (Doc, bool) {
	n := len(*from)
	if n == 0 {
		return current, false
	}
	prev := (*from)[n-1]
	(*from)[n-1] = Doc{} // drop the reference so an old mesh can be freed
	*from = (*from)[:n-1]
	*to = append(*to, current)
	return prev, true
}
