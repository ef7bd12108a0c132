// Package render draws the debugger's 3D view with Ebitengine: an orbit
// camera (mgl64), projection with near-plane clipping, the lit scene with
// correct occlusion, the four poses (start, end, contact, slide) and the
// overlays (paths, contact point, normals, labels).
//
// SKELETON: the render implementation replaces this file.
package render

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/geom"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// Camera is an orbit camera around Target. Angles are radians, lengths world
// units, Width and Height the viewport in device pixels.
type Camera struct {
	Target        mgl64.Vec3
	Yaw, Pitch    float64
	Distance      float64
	FovY          float64 // vertical field of view, radians, perspective only
	Ortho         bool
	Width, Height int
}

// Ray returns the world-space pick ray through the pixel (x, y), y down.
func (c Camera) Ray(x, y float64) geom.Ray { return geom.Ray{} }

// Project returns the pixel (x, y, y down) of the world point p and whether
// it lies in front of the camera.
func (c Camera) Project(p mgl64.Vec3) (x, y float64, ok bool) { return 0, 0, false }

// Options are the view toggles of the View panel.
type Options struct {
	Normals, Edges, Ghosts, Labels, Grid, BackFaces bool
}

// Frame is everything one frame draws.
type Frame struct {
	Scene  *scene.Scene
	Hit    sweep.Hit
	HasHit bool
	Slide  sweep.SlideResult
}

// Renderer draws frames; it keeps GPU resources between frames.
type Renderer struct{}

// Draw draws f into dst as seen by cam.
func (r *Renderer) Draw(dst *ebiten.Image, f *Frame, cam Camera, opt Options) {}
