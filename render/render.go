// Package render draws the debugger's 3D view with Ebitengine: an orbit
// camera (mgl64), projection with near-plane clipping, the lit scene with
// correct occlusion, the four poses (start, end, contact, slide) and the
// overlays (paths, contact point, normals, labels).
//
// Ebitengine has no depth buffer, so the scene is drawn in passes (see
// DESIGN.md, "Rendering on a 2D engine", and shaders.go): a depth
// pre-pass writes each pixel's nearest depth as 24 bits over three 8-bit
// images (high, middle and low byte, each pass keeping the maximum of the
// reversed depth with BlendOperationMax and reading the pass before), then
// a colour pass whose Kage shader discards fragments behind the stored
// depth. The ellipsoids are ray-cast per pixel in Kage against the same
// depth (and write it, so they occlude and are occluded), drawn faintly
// with a full-strength outline ("x-ray") where geometry hides them.
// Depth-tested lines (grid, axes) follow; the overlays (paths, arrows,
// drag boxes) and labels go last, with the vector and text/v2 packages.
//
// Everything that touches the GPU needs a display; the camera, clipping and
// the CPU side of a frame (Lists.Build) do not. The package's pixel tests
// run inside an Ebitengine game loop and need a display: run them under
// xvfb-run -a -s "-screen 0 1600x1000x24" go test ./render (make test
// does); without one they fail saying so, and the rest pass.
package render

import (
	"image/color"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// Pose names one of the four ellipsoids the view shows.
type Pose int

// The poses: the start and end of the motion, the first contact along it
// and where collide-and-slide leaves the ellipsoid.
const (
	PoseStart Pose = iota
	PoseEnd
	PoseContact
	PoseSlide
)

// The poses' exact sRGB colours. Each appears unmodified in the pose's
// outline and its fully lit spot, so people and tests can find it.
var (
	ColorStart   = color.RGBA{0x2E, 0xCC, 0x40, 0xFF} // #2ECC40 green
	ColorEnd     = color.RGBA{0xFF, 0x41, 0x36, 0xFF} // #FF4136 red
	ColorContact = color.RGBA{0xFF, 0x85, 0x1B, 0xFF} // #FF851B orange
	ColorSlide   = color.RGBA{0xFF, 0xB0, 0x00, 0xFF} // #FFB000 amber
)

// Color returns the pose's colour (ColorStart for an unknown pose).
func (p Pose) Color() color.RGBA {
	switch p {
	case PoseEnd:
		return ColorEnd
	case PoseContact:
		return ColorContact
	case PoseSlide:
		return ColorSlide
	}
	return ColorStart
}

// String returns "start", "end", "contact" or "slide".
func (p Pose) String() string {
	switch p {
	case PoseStart:
		return "start"
	case PoseEnd:
		return "end"
	case PoseContact:
		return "contact"
	case PoseSlide:
		return "slide"
	}
	return "pose?"
}

// PoseBox returns the drag-handle box of the ellipsoid e centred at center:
// the tight world AABB of the ellipsoid (half-size e.Extent()).
func PoseBox(e sweep.Ellipsoid, center mgl64.Vec3) geom.AABB {
	h := e.Extent()
	return geom.AABB{Min: center.Sub(h), Max: center.Add(h)}
}

// Handle identifies a box face of the start or end pose (a drag handle).
// Face is geom.FaceNegX..geom.FacePosZ; Valid is false for "no handle".
type Handle struct {
	Pose  Pose
	Face  int
	Valid bool
}

// Options are the view toggles of the View panel.
type Options struct {
	Normals   bool // the contact normal arrow (and slide step normals)
	Edges     bool // triangle edges
	Ghosts    bool // a faint ghost ellipsoid at each slide step
	Labels    bool // pose labels with t and feature
	Grid      bool // ground grid and world axes
	BackFaces bool // tint triangles seen from their back
	XRay      bool // hidden parts of poses drawn faintly
}

// DefaultOptions returns every toggle on.
func DefaultOptions() Options {
	return Options{Normals: true, Edges: true, Ghosts: true, Labels: true, Grid: true, BackFaces: true, XRay: true}
}

// Frame is everything one frame draws. The ui fills it every frame.
type Frame struct {
	Scene  *scene.Scene
	Hit    sweep.Hit         // Mesh.Sweep(start -> end); meaningful when HasHit
	HasHit bool              //
	Slide  sweep.SlideResult // Mesh.Slide(start -> end)
	Hover  Handle            // box face under the cursor (highlighted)
	Active Handle            // box face being dragged (highlighted more strongly)
	Mesh   *sweep.Mesh       // optional; the built mesh (the renderer reads Scene.Mesh)
}

// ContactPose returns the center at first contact: start + Hit.T*(end -
// start). ok is false without a hit or a scene.
func (f *Frame) ContactPose() (c mgl64.Vec3, ok bool) {
	if f == nil || f.Scene == nil || !f.HasHit {
		return mgl64.Vec3{}, false
	}
	s := f.Scene
	return s.Start.Add(s.End.Sub(s.Start).Mul(f.Hit.T)), true
}

// SlidePose returns where the slide leaves the ellipsoid (Slide.Final). ok
// is false when there is no scene.
func (f *Frame) SlidePose() (c mgl64.Vec3, ok bool) {
	if f == nil || f.Scene == nil {
		return mgl64.Vec3{}, false
	}
	return f.Slide.Final, true
}
