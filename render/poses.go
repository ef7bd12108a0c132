package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/render/view"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// shapeDraw is one ray-cast pose: the shape's kind and local frame, where
// it is, its colour, and the screen rectangle its shader runs over.
type shapeDraw struct {
	center mgl64.Vec3
	inv    mgl64.Mat3 // world offset -> the shape's local space (see shapeFrame)
	kind   sweep.ShapeKind
	half   float64 // a capsule's half segment in local units (radius 1); 0 otherwise
	pose   scene.Pose
	ghost  bool // a faint slide-step ghost: no depth write, no x-ray
	x0, y0 float64
	x1, y1 float64
}

// shapeFrame returns the matrix whose columns map the shape's local space
// onto world offsets from its center, and a capsule's half segment in
// local units. In local space the ellipsoid is the unit sphere, the box
// the cube [-1, 1]³, and the capsule the points within 1 of the segment
// from (0, 0, -half) to (0, 0, half): its frame is an orthonormal basis
// with z along HalfSegment, scaled by Radius.
func shapeFrame(s sweep.Shape) (mgl64.Mat3, float64) {
	switch s.Kind {
	case sweep.KindCapsule:
		r, h := s.Capsule.Radius, s.Capsule.HalfSegment
		z, l := mgl64.Vec3{0, 0, 1}, h.Len()
		if l > 0 && !math.IsInf(l, 0) {
			z = h.Mul(1 / l)
		}
		x := perpendicular(z)
		return mgl64.Mat3FromCols(x.Mul(r), z.Cross(x).Mul(r), z.Mul(r)), l / r
	case sweep.KindBox:
		return mgl64.Mat3FromCols(s.Box.Axes[0], s.Box.Axes[1], s.Box.Axes[2]), 0
	}
	e := s.Ellipsoid
	return mgl64.Mat3FromCols(e.Axes[0], e.Axes[1], e.Axes[2]), 0
}

// perpendicular returns a unit vector perpendicular to the unit vector u.
func perpendicular(u mgl64.Vec3) mgl64.Vec3 {
	a := mgl64.Vec3{1, 0, 0}
	if math.Abs(u[0]) > 0.9 {
		a = mgl64.Vec3{0, 1, 0}
	}
	return a.Sub(u.Mul(a.Dot(u))).Normalize()
}

// addShape queues the draw of shape s centered at c unless it is off
// screen or its frame is degenerate (then it cannot be ray-cast; the
// labels and overlays still show where it is).
func (l *drawLists) addShape(s sweep.Shape, c mgl64.Vec3, pose scene.Pose, ghost bool) {
	m, half := shapeFrame(s)
	// A relative determinant tolerance: Mat3.Inv returns zero when nearly
	// singular, and a frame this flat would not draw anyway.
	scale := m.Col(0).Len() * m.Col(1).Len() * m.Col(2).Len()
	if d := m.Det(); !(math.Abs(d) > 1e-12*scale) || math.IsInf(d, 0) || math.IsNaN(half) || math.IsInf(half, 0) {
		return
	}
	x0, y0, x1, y1, ok := l.screenRect(PoseBox(s, c))
	if !ok {
		return
	}
	l.shapes = append(l.shapes, shapeDraw{center: c, inv: m.Inv(), kind: s.Kind, half: half, pose: pose, ghost: ghost, x0: x0, y0: y0, x1: x1, y1: y1})
}

// screenRect returns the pixel rectangle covering box, clamped to the
// viewport (the whole viewport when the box reaches behind the near
// plane), and false when it is off screen.
func (l *drawLists) screenRect(box geom.AABB) (x0, y0, x1, y1 float64, ok bool) {
	w, h := l.cam.size()
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	all := ^uint8(0)
	for i := 0; i < 8; i++ {
		p := box.Min
		for k := 0; k < 3; k++ {
			if i>>k&1 == 1 {
				p[k] = box.Max[k]
			}
		}
		q := l.pr.clip(p)
		c := outcode(q)
		all &= c
		if c&outNear != 0 {
			x0, y0, x1, y1 = 0, 0, w, h
			continue
		}
		x, y, _ := l.pr.screen(q)
		x0, y0, x1, y1 = math.Min(x0, x), math.Min(y0, y), math.Max(x1, x), math.Max(y1, y)
	}
	if all&(outLeft|outRight|outTop|outBottom|outNear) != 0 {
		return 0, 0, 0, 0, false
	}
	const pad = 2 // pixels, for the outline's anti-aliasing
	x0, y0 = math.Max(0, math.Floor(x0)-pad), math.Max(0, math.Floor(y0)-pad)
	x1, y1 = math.Min(w, math.Ceil(x1)+pad), math.Min(h, math.Ceil(y1)+pad)
	return x0, y0, x1, y1, x1 > x0 && y1 > y0
}

// buildPoses queues the ghosts (drawn first, under everything solid) and
// the four poses. The contact pose is shown only with a hit, and the slide
// pose only when the slide touched something (otherwise it is the end).
func (l *drawLists) buildPoses(f *Frame, opt view.Options) {
	s := f.Scene
	if opt.Ghosts {
		for i, st := range f.Answer.Slide.Steps {
			if i == 0 && f.Answer.Hit {
				continue // the contact pose itself
			}
			l.addShape(s.Shape, st.Contact, scene.PoseSlide, true)
		}
	}
	l.addShape(s.Shape, s.Start, scene.PoseStart, false)
	l.addShape(s.Shape, s.End, scene.PoseEnd, false)
	if c, ok := f.ContactPose(); ok {
		l.addShape(s.Shape, c, scene.PoseContact, false)
	}
	if len(f.Answer.Slide.Steps) > 0 {
		l.addShape(s.Shape, f.Answer.Slide.Final, scene.PoseSlide, false)
	}
}
