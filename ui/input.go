package ui

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"sweepdbg/geom"
	"sweepdbg/render"
	"sweepdbg/ui/editor"
)

// command is what a key press asks for.
type command int

const (
	cmdNone command = iota
	cmdHelp
	cmdScreenshot
	cmdCancelDrag
	cmdExport
	cmdExportFull // Ctrl+Shift+E: export every triangle
	cmdShare      // Ctrl+L: a share link to the moment
	cmdUndo
	cmdRedo
	cmdFront
	cmdSide
	cmdTop
	cmdOrtho
	cmdFrame
	cmdPlay        // P: play, pause, resume
	cmdStepBack    // Left arrow or comma: one tick back (paused)
	cmdStepForward // Right arrow or period: one tick forward (paused)
	cmdInspectTick // I: the tick under the cursor becomes the inspected motion
)

// keyCommand maps this frame's key presses to a command: justPressed
// reports a key pressed this frame; ctrl and shift whether the modifiers
// are held. With Ctrl held, only Ctrl shortcuts count (Ctrl+1 is not 1).
func keyCommand(justPressed func(ebiten.Key) bool, ctrl, shift bool) command {
	pressed := func(keys ...ebiten.Key) bool {
		for _, k := range keys {
			if justPressed(k) {
				return true
			}
		}
		return false
	}
	switch {
	case pressed(ebiten.KeyF1):
		return cmdHelp
	case pressed(ebiten.KeyF12):
		return cmdScreenshot
	case pressed(ebiten.KeyEscape):
		return cmdCancelDrag
	case ctrl && shift && pressed(ebiten.KeyE):
		return cmdExportFull
	case ctrl && pressed(ebiten.KeyE):
		return cmdExport
	case ctrl && pressed(ebiten.KeyL):
		return cmdShare
	case ctrl && (shift && pressed(ebiten.KeyZ) || pressed(ebiten.KeyY)):
		return cmdRedo
	case ctrl && pressed(ebiten.KeyZ):
		return cmdUndo
	case ctrl:
		return cmdNone
	case pressed(ebiten.KeyDigit1, ebiten.KeyNumpad1):
		return cmdFront
	case pressed(ebiten.KeyDigit3, ebiten.KeyNumpad3):
		return cmdSide
	case pressed(ebiten.KeyDigit7, ebiten.KeyNumpad7):
		return cmdTop
	case pressed(ebiten.KeyDigit5, ebiten.KeyNumpad5):
		return cmdOrtho
	case pressed(ebiten.KeyF):
		return cmdFrame
	case pressed(ebiten.KeyP):
		return cmdPlay
	case pressed(ebiten.KeyArrowLeft, ebiten.KeyComma):
		return cmdStepBack
	case pressed(ebiten.KeyArrowRight, ebiten.KeyPeriod):
		return cmdStepForward
	case pressed(ebiten.KeyI):
		return cmdInspectTick
	}
	return cmdNone
}

// commandKey reports whether Ctrl, or Command (Meta) as on macOS, is
// held: every Ctrl shortcut, and Ctrl-drag's snapping, take either, so a
// Mac user's Cmd+Z undoes and a Windows or Linux user's Ctrl+Z does.
func commandKey() bool {
	return ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
}

// keys reads the keyboard and runs the command it asks for. While a text
// field has the keyboard (inField) only the function keys act (F1, F12):
// every other key is typed into the field.
func (g *game) keys(inField bool) {
	ctrl := commandKey()
	c := keyCommand(inpututil.IsKeyJustPressed, ctrl, ebiten.IsKeyPressed(ebiten.KeyShift))
	if inField && !c.functionKey() {
		return
	}
	g.run(c)
}

// functionKey reports whether c is asked for by a key no text field
// takes (F1, F12).
func (c command) functionKey() bool { return c == cmdHelp || c == cmdScreenshot }

// run carries out a command. Undo and redo wait while a drag is going on
// (Escape cancels it first).
func (g *game) run(c command) {
	switch c {
	case cmdHelp:
		g.help = !g.help
	case cmdScreenshot:
		g.shotPending = true
	case cmdCancelDrag:
		g.cancelDrag()
	case cmdExport, cmdExportFull:
		g.export(c == cmdExportFull)
	case cmdShare:
		g.shareMoment()
	case cmdUndo, cmdRedo:
		g.stopPlay()
		if g.mode == mouseDrag {
			g.app.Say("finish or cancel (Escape) the drag first")
		} else if c == cmdUndo {
			g.app.Undo()
		} else {
			g.app.Redo()
		}
	case cmdFront:
		g.cam.SetPreset(render.Front)
	case cmdSide:
		g.cam.SetPreset(render.Side)
	case cmdTop:
		g.cam.SetPreset(render.Top)
	case cmdOrtho:
		g.cam.Ortho = !g.cam.Ortho
	case cmdFrame:
		g.frameSelection()
	case cmdPlay:
		g.togglePlay()
	case cmdStepBack:
		g.stepTimeline(-1)
	case cmdStepForward:
		g.stepTimeline(1)
	case cmdInspectTick:
		g.inspectTick()
	}
}

// frameSelection fits the camera to the selected pose, or to the scene.
func (g *game) frameSelection() {
	d := g.app.Doc
	if sel := g.app.Selection; sel.Valid && d.Scene != nil {
		g.fit(render.PoseBox(d.Scene.Shape, d.PoseAt(sel.Pose)))
		return
	}
	g.fit(sceneBounds(d))
}

// mouse handles the 3D view: picking and dragging the pose boxes, orbit,
// pan and zoom. A gesture that started in the view keeps the mouse until
// the button is released, even over a panel; a new gesture starts only
// where debugui captures nothing.
func (g *game) mouse() {
	x, y := ebiten.CursorPosition()
	fx, fy := float64(x), float64(y)
	dx, dy := float64(x-g.lastX), float64(y-g.lastY)
	g.lastX, g.lastY = x, y
	left := ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft)
	middle := ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle)
	free := g.capture == 0 && g.app.Doc.Scene != nil
	switch g.mode {
	case mouseOrbit:
		if !left {
			g.mode = mouseIdle
			g.clickTriangle(x, y)
		} else {
			g.cam.Orbit(dx, dy)
		}
	case mousePan:
		if !left && !middle {
			g.mode = mouseIdle
		} else {
			g.cam.Pan(dx, dy)
		}
	case mouseDrag:
		if !left {
			g.finishDrag()
		} else {
			g.moveDrag(fx, fy)
		}
	default:
		g.idleMouse(fx, fy, free)
	}
}

func (g *game) idleMouse(fx, fy float64, free bool) {
	if !free {
		g.hover, g.tri.hoverValid = render.Handle{}, false
		return
	}
	d := g.app.Doc
	ray := g.cam.Ray(fx, fy)
	h, grab := pickHandle(ray, d.Scene.Shape, d.Scene.Start, d.Scene.End)
	g.hover = h
	g.hoverTriangle(fx, fy)
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	switch {
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && h.Valid && g.play == nil:
		g.beginDrag(h, grab, shift)
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && shift,
		inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonMiddle):
		g.mode = mousePan
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft):
		g.mode, g.app.Selection = mouseOrbit, editor.Selection{}
		g.tri.pressX, g.tri.pressY = int(fx), int(fy)
	}
	if _, wy := ebiten.Wheel(); wy != 0 {
		g.cam.ZoomAt(wy, fx, fy)
	}
}

// fitScene turns the camera to the direction from which the fewest of the
// start, contact and slide poses hide behind geometry (render.FitView),
// then frames the whole scene beside the panels. It runs the core first so
// the contact and slide poses are current.
func (g *game) fitScene() {
	g.app.Refresh()
	f := g.frame()
	if f.Scene == nil {
		g.fit(sceneBounds(g.app.Doc))
		return
	}
	c := render.FitView(&f, g.cam.Width, g.cam.Height)
	g.cam.Yaw, g.cam.Pitch = c.Yaw, c.Pitch
	g.fit(render.FocusBounds(&f))
}

// fit frames the box b in the part of the view the panel columns leave
// free: the camera fits b to the whole viewport, then backs off by the
// ratio of the viewport's width to the free width (the two columns are
// equally wide, so the free area stays centered).
func (g *game) fit(b geom.AABB) {
	g.cam.Frame(b)
	w := float64(max(g.cam.Width, 1))
	free := w - 2*float64((columnWidth(int(w)/g.uiScale())+panelGap)*g.uiScale())
	if free > 0.25*w {
		g.cam.Distance *= w / free
	}
	g.comeInside(b)
}

// comeInside moves a perspective camera that fit placed behind geometry
// (outside a closed level's room, above its ceiling) in front of it, so
// the view shows the room instead of its outside: the eye comes to just
// before the first triangle the ray from b's center (the view's center)
// to the eye meets. An occluder within b's radius is left alone: the
// focus is the whole scene or wraps it (a small closed room is seen from
// outside through its tinted back faces), and coming closer would not
// show b better.
func (g *game) comeInside(b geom.AABB) {
	m := g.app.Doc.Mesh
	if m == nil || g.cam.Ortho || b.IsEmpty() {
		return
	}
	back := g.cam.Eye().Sub(g.cam.Target)
	dist := back.Len()
	if !(dist > 0) {
		return
	}
	_, s, ok := m.Raycast(geom.Ray{Origin: g.cam.Target, Dir: back.Mul(1 / dist)})
	if ok && s > b.Size().Len()/2 && s < dist {
		g.cam.Distance = s * insideMargin
	}
}

// insideMargin is the share of the way to the occluder the eye goes: 2%
// short of it, so the occluder is behind the eye, not in the near plane.
const insideMargin = 0.98
