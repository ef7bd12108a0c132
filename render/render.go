// Package render draws the debugger's 3D view with Ebitengine: an orbit
// camera (mgl64), projection with near-plane clipping, the lit scene with
// correct occlusion, the four poses (start, end, contact, slide) and the
// overlays (paths, contact point, normals, labels).
//
// Ebitengine has no depth buffer, so the scene is drawn in passes (see
// docs/architecture.md and shaders.go): a depth
// pre-pass writes each pixel's nearest depth as 24 bits over three 8-bit
// images (high, middle and low byte, each pass keeping the maximum of the
// reversed depth with BlendOperationMax and reading the pass before), then
// a colour pass whose Kage shader discards fragments behind the stored
// depth. The ellipsoids are ray-cast per pixel in Kage against the same
// depth (and write it, so they occlude and are occluded), drawn faintly
// with a full-strength outline ("x-ray") where geometry hides them.
// Depth-tested lines (grid, axes, the poses' drop lines and shadows)
// follow; the overlays (paths, arrows, drag boxes, tree boxes) and labels
// go last (the overlays as one batch of triangles with a distance-coverage
// shader, strokes.go; the labels with text/v2), then the legend, the axis
// gizmo and the view's name inside Frame.Inset. While a pose is dragged
// the window redraws only the part of the view that changed
// (Renderer.DrawChanged, damage.go).
//
// The scene's colour and depth are kept between frames (composite.go)
// while only the poses move: such a frame draws the poses' depth alone
// and composites them against the kept images. Everything is projected
// relative to the camera's Target, so a scene 1e7 from the origin draws
// as precisely as one at it.
//
// Everything that touches the GPU needs a display; the camera, clipping and
// the CPU side of a frame (drawLists.Build) do not. The package's pixel tests
// run inside an Ebitengine game loop and need a display: run them under
// xvfb-run -a -s "-screen 0 1600x1000x24" go test ./render (make test
// does); without one they fail saying so, and the rest pass.
package render

import (
	"image"
	"image/color"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// The poses' exact sRGB colours. Each appears unmodified in the pose's
// outline and its fully lit spot, so people and tests can find it.
var (
	colorStart   = color.RGBA{0x2E, 0xCC, 0x40, 0xFF} // #2ECC40 green
	colorEnd     = color.RGBA{0xFF, 0x41, 0x36, 0xFF} // #FF4136 red
	colorContact = color.RGBA{0xFF, 0x85, 0x1B, 0xFF} // #FF851B orange
	colorSlide   = color.RGBA{0xFF, 0xB0, 0x00, 0xFF} // #FFB000 amber
)

// PoseColor returns the colour the view draws pose p in (colorStart for
// an unknown pose).
func PoseColor(p scene.Pose) color.RGBA {
	switch p {
	case scene.PoseEnd:
		return colorEnd
	case scene.PoseContact:
		return colorContact
	case scene.PoseSlide:
		return colorSlide
	}
	return colorStart
}

// PoseBox returns the drag-handle box of the shape s centred at center:
// the tight world AABB of the shape (half-size s.Extent()), for any kind.
func PoseBox(s sweep.Shape, center mgl64.Vec3) geom.AABB {
	h := s.Extent()
	return geom.AABB{Min: center.Sub(h), Max: center.Add(h)}
}

// Handle identifies a box face of the start or end pose (a drag handle).
// Face is geom.FaceNegX..geom.FacePosZ; Valid is false for "no handle".
type Handle struct {
	Pose  scene.Pose
	Face  int
	Valid bool
}

// Frame is everything one frame draws. The ui fills it every frame.
type Frame struct {
	Scene  *scene.Scene
	Answer sweep.Answer // the core's answer for Scene's motion: first contact and slide
	Hover  Handle       // box face under the cursor (highlighted)
	Active Handle       // box face being dragged (highlighted more strongly)
	Mesh   *sweep.Mesh  // optional; the built mesh (the renderer reads Scene.Mesh)

	// Legend is the legend's rows (Legend gives the view's own; the ui
	// appends its own and EngineLegend's); none draws no legend.
	Legend []legendEntry
	// Inset is the part of the view no panel covers, in the view's
	// pixels: the legend, axis gizmo and view name go inside it. Empty
	// means the whole view.
	Inset image.Rectangle
	// Highlight are triangles of Scene's mesh to outline like the hit
	// triangle, in the pick colour (the ui's hovered and selected
	// triangles); indices out of range are skipped.
	Highlight []int
	// Engines are other engines' answers drawn against Answer (engines.go).
	Engines []EnginePose
}

// ContactPose returns the center at first contact: start + T*(end -
// start). ok is false without a hit or a scene.
func (f *Frame) ContactPose() (c mgl64.Vec3, ok bool) {
	if f == nil || f.Scene == nil {
		return mgl64.Vec3{}, false
	}
	return f.Answer.ContactCenter(f.Scene.Start, f.Scene.End)
}
