package ui

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/render"
	"sweepdbg/scene"
	"sweepdbg/ui/editor"
)

// dragState is a drag of a pose's box in progress (the game's mode is
// mouseDrag): the drag math (editor.Drag), the pose dragged, the document
// before the drag (Commit makes the whole drag one undo step) and whether
// Shift was held at the last move (a change rebases the drag).
type dragState struct {
	math   editor.Drag
	pose   scene.Pose
	before editor.Doc
	shift  bool
}

// beginDrag starts dragging the handle h grabbed at the world point grab;
// shift says whether the drag starts along the face's normal.
func (g *game) beginDrag(h render.Handle, grab mgl64.Vec3, shift bool) {
	d := g.app.Doc
	g.mode = mouseDrag
	g.drag = dragState{math: editor.NewDrag(h.Face, grab, d.PoseAt(h.Pose)), pose: h.Pose, before: d, shift: shift}
	g.app.Selection = editor.Selection{Pose: h.Pose, Valid: true}
}

// moveDrag moves the dragged pose under the cursor without an undo step;
// finishDrag records the whole drag as one.
func (g *game) moveDrag(fx, fy float64) {
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	ctrl := commandKey()
	dr := &g.drag
	cur := g.app.Doc.PoseAt(dr.pose)
	if shift != dr.shift {
		dr.math, dr.shift = dr.math.Rebase(cur), shift
	}
	c, ok := dr.math.Move(g.cam.Ray(fx, fy), shift, ctrl, g.app.Doc.Grid)
	if ok && c != cur {
		g.app.Preview(dr.pose, c)
	}
}

func (g *game) finishDrag() {
	g.mode = mouseIdle
	p := g.drag.pose
	g.app.Commit(g.drag.before, fmt.Sprintf("moved %s to %s", p, editor.Vec(g.app.Doc.PoseAt(p))))
}

// cancelDrag (Escape) puts the dragged pose back where the drag began.
func (g *game) cancelDrag() {
	if g.mode != mouseDrag {
		return
	}
	g.mode = mouseIdle
	g.app.Preview(g.drag.pose, g.drag.math.Cancel())
	g.app.Say("drag cancelled")
}
