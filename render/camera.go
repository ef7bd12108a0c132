package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// Camera is an orbit camera around Target. Angles are radians, lengths world
// units, Width and Height the viewport in device pixels. Pixel coordinates
// are y-down everywhere (0, 0 is the top-left corner of the viewport).
//
// The world is y-up. The eye sits at Target + Distance*(cos Pitch sin Yaw,
// sin Pitch, cos Pitch cos Yaw): Yaw = Pitch = 0 looks from +z toward -z,
// Pitch = pi/2 looks straight down. The view matrix is built from the angles
// (not from a look-at with an up vector), so it never degenerates, not even
// looking straight down.
type Camera struct {
	Target        mgl64.Vec3
	Yaw, Pitch    float64
	Distance      float64
	FovY          float64 // vertical field of view, radians; in Ortho the view's height at Target matches it
	Ortho         bool
	Width, Height int
	// Bounds is the world box the depth range (near and far planes) must
	// cover; Proj keeps near/far tight around it and Target. An empty box
	// (geom.EmptyAABB, as NewCamera sets) means a sphere of radius
	// Distance around Target. The renderer sets it to the frame's content
	// (frameBounds plus the grid) for drawing; it matters to Ray only in
	// Ortho, where rays start on the near plane.
	Bounds geom.AABB
}

// Camera limits. Distances outside [minDistance, maxDistance] are clamped by
// the camera's own operations (Orbit, ZoomAt, Frame); the pitch is kept in
// [-pi/2, pi/2], where the angle-built view matrix stays well defined.
const (
	minDistance  = 1e-3
	maxDistance  = 1e6
	defaultFovY  = 50 * math.Pi / 180
	orbitPerPix  = math.Pi / 600 // radians of orbit per pixel dragged (a 600-pixel drag turns half way round)
	zoomPerStep  = 0.85          // distance factor per wheel step toward the cursor
	nearFarRatio = 1e-4          // perspective near is at least this fraction of far (24-bit depth precision)
)

// NewCamera returns a perspective camera for a width x height viewport,
// looking at the origin from the front-right and slightly above, 10 units
// away. Non-positive sizes are taken as 1.
func NewCamera(width, height int) Camera {
	return Camera{
		Yaw: 0.6, Pitch: 0.45, Distance: 10, FovY: defaultFovY,
		Width: max(width, 1), Height: max(height, 1),
		Bounds: geom.EmptyAABB(),
	}
}

// size returns the viewport size as floats, never below 1 pixel.
func (c Camera) size() (w, h float64) {
	return float64(max(c.Width, 1)), float64(max(c.Height, 1))
}

// fov returns FovY, or the default when it is not in (0, pi).
func (c Camera) fov() float64 {
	if !(c.FovY > 0 && c.FovY < math.Pi) {
		return defaultFovY
	}
	return c.FovY
}

// dist returns Distance clamped to the camera's limits (NaN becomes the minimum).
func (c Camera) dist() float64 {
	if !(c.Distance >= minDistance) {
		return minDistance
	}
	return math.Min(c.Distance, maxDistance)
}

// dir returns the unit vector from Target toward the eye.
func (c Camera) dir() mgl64.Vec3 {
	sy, cy := math.Sincos(c.Yaw)
	sp, cp := math.Sincos(c.Pitch)
	return mgl64.Vec3{cp * sy, sp, cp * cy}
}

// Eye returns the camera position in world space (for Ortho, the point the
// view is centred on, Distance back from Target).
func (c Camera) Eye() mgl64.Vec3 { return c.Target.Add(c.dir().Mul(c.dist())) }

// basis returns the camera's right and up vectors and its forward (viewing)
// direction in world space, all unit length.
func (c Camera) basis() (right, up, fwd mgl64.Vec3) {
	sy, cy := math.Sincos(c.Yaw)
	sp, cp := math.Sincos(c.Pitch)
	right = mgl64.Vec3{cy, 0, -sy}
	up = mgl64.Vec3{-sp * sy, cp, -sp * cy}
	fwd = mgl64.Vec3{-cp * sy, -sp, -cp * cy}
	return
}

// View returns the world-to-view matrix (view space looks down -z, y up).
func (c Camera) View() mgl64.Mat4 { return c.viewFrom(mgl64.Vec3{}) }

// viewFrom returns the view matrix of points given relative to o (it maps
// p - o to view space). With o = Target the eye sits Distance from the
// origin, so the matrix keeps full precision however far the scene lies
// from the world's origin (camera-relative rendering).
func (c Camera) viewFrom(o mgl64.Vec3) mgl64.Mat4 {
	right, up, fwd := c.basis()
	e := c.Target.Sub(o).Add(c.dir().Mul(c.dist()))
	// Rows are the camera axes; the translation moves the eye to the origin.
	return mgl64.Mat4{
		right[0], up[0], -fwd[0], 0,
		right[1], up[1], -fwd[1], 0,
		right[2], up[2], -fwd[2], 0,
		-right.Dot(e), -up.Dot(e), fwd.Dot(e), 1,
	}
}

// DepthRange returns the near and far plane distances Proj uses: the depth
// span of Bounds and Target in front of the camera (of the sphere of
// radius Distance around Target when Bounds is empty), padded by 2% (and a
// thousandth of Distance) so nothing on the box's surface is clipped. In
// perspective near is at least far*1e-4, which keeps the 24-bit depth
// usable even when the eye is inside Bounds.
func (c Camera) DepthRange() (near, far float64) {
	near, far, _ = c.depthRange()
	return near, far
}

// depthRange is DepthRange, and whether near is far*nearFarRatio rather
// than the content's own near depth (the eye is inside Bounds, or nearly).
func (c Camera) depthRange() (near, far float64, clamped bool) {
	_, _, fwd := c.basis()
	e := c.Eye()
	lo, hi := 0.0, 2*c.dist() // a sphere of radius Distance around Target
	if b := c.Bounds; !b.IsEmpty() && finiteBox(b) {
		lo, hi = c.dist(), c.dist()
		for i := 0; i < 8; i++ {
			p := mgl64.Vec3{b.Min[0], b.Min[1], b.Min[2]}
			for k := 0; k < 3; k++ {
				if i>>k&1 == 1 {
					p[k] = b.Max[k]
				}
			}
			d := p.Sub(e).Dot(fwd)
			lo, hi = math.Min(lo, d), math.Max(hi, d)
		}
	}
	pad := 0.02*(hi-lo) + 1e-3*c.dist()
	lo, hi = lo-pad, hi+pad
	if !c.Ortho && lo < hi*nearFarRatio {
		return hi * nearFarRatio, hi, true
	}
	return lo, hi, false
}

func finiteBox(b geom.AABB) bool {
	for i := 0; i < 3; i++ {
		if math.IsInf(b.Min[i], 0) || math.IsInf(b.Max[i], 0) || math.IsNaN(b.Min[i]) || math.IsNaN(b.Max[i]) {
			return false
		}
	}
	return true
}

// halfHeight returns half the view's height in world units at Target's
// depth: the Ortho view's half-height, and the perspective scale there.
func (c Camera) halfHeight() float64 { return c.dist() * math.Tan(c.fov()/2) }

// Proj returns the projection matrix (OpenGL clip space, z in [-1, 1]) with
// the near and far planes of DepthRange.
func (c Camera) Proj() mgl64.Mat4 {
	w, h := c.size()
	aspect := w / h
	near, far := c.DepthRange()
	if c.Ortho {
		hh := c.halfHeight()
		return mgl64.Ortho(-hh*aspect, hh*aspect, -hh, hh, near, far)
	}
	return mgl64.Perspective(c.fov(), aspect, near, far)
}

// pixelToNDC maps a y-down pixel to normalised device x, y (y up).
func (c Camera) pixelToNDC(x, y float64) (nx, ny float64) {
	w, h := c.size()
	return 2*x/w - 1, 1 - 2*y/h
}

// Ray returns the world-space pick ray through the pixel (x, y), y down.
// Perspective rays start at the eye; orthographic rays start on the near
// plane. Dir has unit length.
func (c Camera) Ray(x, y float64) geom.Ray {
	nx, ny := c.pixelToNDC(x, y)
	right, up, fwd := c.basis()
	w, h := c.size()
	hh := c.halfHeight()
	hw := hh * w / h
	if c.Ortho {
		near, _ := c.DepthRange()
		o := c.Eye().Add(right.Mul(nx * hw)).Add(up.Mul(ny * hh)).Add(fwd.Mul(near))
		return geom.Ray{Origin: o, Dir: fwd}
	}
	// The pixel's point on the plane through Target facing the camera.
	d := fwd.Mul(c.dist()).Add(right.Mul(nx * hw)).Add(up.Mul(ny * hh))
	return geom.Ray{Origin: c.Eye(), Dir: d.Normalize()}
}

// Project returns the pixel (x, y, y down) of the world point p and whether
// it lies in front of the camera (perspective: in front of the eye; Ortho:
// always). Points off screen still project; ok only rules out the divide by
// a non-positive w.
func (c Camera) Project(p mgl64.Vec3) (x, y float64, ok bool) {
	pr := c.projector()
	return pr.project(p)
}

// Orbit turns the camera around Target by a mouse drag of (dx, dy) pixels:
// dragging right turns the scene right, dragging down shows it more from
// above. Pitch stays within [-pi/2, pi/2].
func (c *Camera) Orbit(dx, dy float64) {
	c.Yaw = math.Mod(c.Yaw-dx*orbitPerPix, 2*math.Pi)
	c.Pitch = math.Max(-math.Pi/2, math.Min(math.Pi/2, c.Pitch+dy*orbitPerPix))
}

// worldPerPixel returns the world size of one pixel at Target's depth.
func (c Camera) worldPerPixel() float64 {
	_, h := c.size()
	return 2 * c.halfHeight() / h
}

// Pan moves Target in the view plane by a drag of (dx, dy) pixels, so the
// point under the cursor at Target's depth follows the cursor.
func (c *Camera) Pan(dx, dy float64) {
	right, up, _ := c.basis()
	s := c.worldPerPixel()
	c.Target = c.Target.Sub(right.Mul(dx * s)).Add(up.Mul(dy * s))
}

// ZoomAt zooms by wheel steps (positive: closer) toward the pixel (x, y):
// the point under the cursor at Target's depth stays under the cursor.
func (c *Camera) ZoomAt(steps, x, y float64) {
	if math.IsNaN(steps) || math.IsInf(steps, 0) {
		return
	}
	right, up, _ := c.basis()
	w, h := c.size()
	s0 := c.worldPerPixel()
	c.Distance = math.Max(minDistance, math.Min(maxDistance, c.dist()*math.Pow(zoomPerStep, steps)))
	s1 := c.worldPerPixel()
	ox, oy := x-w/2, h/2-y
	c.Target = c.Target.Add(right.Mul(ox * (s0 - s1))).Add(up.Mul(oy * (s0 - s1)))
}

// Preset is a fixed view direction (keys 1, 3, 7 as in Blender).
type Preset int

// The presets: Front looks along -z (from +z), Side along -x (from +x), Top
// straight down (from +y, with -z up on screen).
const (
	Front Preset = iota
	Side
	Top
)

// SetPreset turns the camera to the preset's direction, keeping Target,
// Distance and the projection. An unknown preset is ignored.
func (c *Camera) SetPreset(p Preset) {
	switch p {
	case Front:
		c.Yaw, c.Pitch = 0, 0
	case Side:
		c.Yaw, c.Pitch = math.Pi/2, 0
	case Top:
		c.Yaw, c.Pitch = 0, math.Pi/2
	}
}

// ViewName names the view: the preset its direction matches ("front",
// "side", "top") or "user", then "perspective" or "orthographic".
func (c Camera) ViewName() string {
	name := "user"
	for _, p := range []struct {
		p    Preset
		name string
	}{{Front, "front"}, {Side, "side"}, {Top, "top"}} {
		q := c
		q.SetPreset(p.p)
		if _, _, f0 := c.basis(); f0.Sub(q.dir().Mul(-1)).Len() < 1e-6 {
			name = p.name
		}
	}
	if c.Ortho {
		return name + "  orthographic"
	}
	return name + "  perspective"
}

// frameFill is the fraction of the view's half-size a framed box reaches.
const frameFill = 0.9

// Frame centres the camera on b and sets Distance so that all eight of b's
// corners fall within 90% of the view, keeping the direction and the
// projection. An empty or non-finite box is ignored; a point box is framed
// as a box of size 1.
func (c *Camera) Frame(b geom.AABB) {
	if b.IsEmpty() || !finiteBox(b) {
		return
	}
	if b.Size().Len() == 0 {
		b = b.Expand(mgl64.Vec3{0.5, 0.5, 0.5})
	}
	right, up, fwd := c.basis()
	w, h := c.size()
	ty := math.Tan(c.fov()/2) * frameFill // visible half-height per unit depth
	tx := ty * w / h
	c.Target = b.Center()
	d := minDistance
	for i := 0; i < 8; i++ {
		p := b.Min
		for k := 0; k < 3; k++ {
			if i>>k&1 == 1 {
				p[k] = b.Max[k]
			}
		}
		o := p.Sub(c.Target)
		x, y, z := math.Abs(o.Dot(right)), math.Abs(o.Dot(up)), o.Dot(fwd)
		if c.Ortho {
			// The view's half-height is Distance*tan(fov/2).
			d = math.Max(d, math.Max(x/tx, y/ty))
			continue
		}
		// The corner sits at depth Distance + z: it fits when
		// x <= (Distance + z)*tx and y <= (Distance + z)*ty.
		d = math.Max(d, math.Max(x/tx, y/ty)-z)
	}
	c.Distance = math.Min(maxDistance, d)
}

// projector projects world points to pixels with one precomputed matrix:
// the renderer's per-vertex hot path (no allocation, no matrix rebuild).
// It works relative to the camera's Target: m maps p - o to clip space.
type projector struct {
	o     mgl64.Vec3 // the camera's Target, the origin of m's input
	m     mgl64.Mat4 // view-projection of points relative to o
	w, h  float64    // viewport size
	ortho bool
	// The reversed depth zeta = 1 - window z (1 at the near plane, 0 at
	// the far plane) is zA/w + zB in perspective and zB - zA*z_clip in
	// Ortho (w = 1). Computed this way rather than as 1 - z it keeps its
	// relative precision for distant points, where window z crowds
	// toward 1.
	zA, zB float64
}

func (c Camera) projector() projector {
	w, h := c.size()
	pr := projector{o: c.Target, m: c.Proj().Mul4(c.viewFrom(c.Target)), w: w, h: h, ortho: c.Ortho}
	n, f := c.DepthRange()
	if c.Ortho {
		// z_ndc = (2d - (f+n)) / (f-n) for view depth d, zeta = (1 - z_ndc)/2.
		pr.zA, pr.zB = 0.5, 0.5
	} else {
		// z_ndc = (f+n)/(f-n) - 2fn/((f-n) d) and w = d, so
		// zeta = (1 - z_ndc)/2 = n f/((f-n) w) - n/(f-n).
		pr.zA, pr.zB = n*f/(f-n), -n/(f-n)
	}
	return pr
}

// zeta returns the reversed depth of the clip-space point q (see zA).
func (pr *projector) zeta(q mgl64.Vec4) float64 {
	if pr.ortho {
		return pr.zB - pr.zA*q[2]
	}
	return pr.zA/q[3] + pr.zB
}

// clip returns the clip-space coordinates of p.
func (pr *projector) clip(p mgl64.Vec3) mgl64.Vec4 {
	m := &pr.m
	p = mgl64.Vec3{p[0] - pr.o[0], p[1] - pr.o[1], p[2] - pr.o[2]}
	return mgl64.Vec4{
		m[0]*p[0] + m[4]*p[1] + m[8]*p[2] + m[12],
		m[1]*p[0] + m[5]*p[1] + m[9]*p[2] + m[13],
		m[2]*p[0] + m[6]*p[1] + m[10]*p[2] + m[14],
		m[3]*p[0] + m[7]*p[1] + m[11]*p[2] + m[15],
	}
}

// screen maps a clip-space point with w > 0 to pixel x, y (y down) and
// its reversed depth zeta in [0, 1] (1 at the near plane, 0 at the far
// plane). zeta, like window z, is affine in 1/w and so in screen space:
// interpolating it across a triangle is exact.
func (pr *projector) screen(q mgl64.Vec4) (x, y, zeta float64) {
	iw := 1 / q[3]
	return (q[0]*iw + 1) / 2 * pr.w, (1 - q[1]*iw) / 2 * pr.h, pr.zeta(q)
}

func (pr *projector) project(p mgl64.Vec3) (x, y float64, ok bool) {
	q := pr.clip(p)
	if !pr.ortho && !(q[3] > 0) {
		return 0, 0, false
	}
	x, y, _ = pr.screen(q)
	return x, y, true
}
