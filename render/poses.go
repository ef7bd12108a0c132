package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/render/view"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// ellipsoidDraw is one ray-cast ellipsoid: where it is, its colour, and
// the screen rectangle its shader runs over.
type ellipsoidDraw struct {
	center mgl64.Vec3
	inv    mgl64.Mat3 // world offset -> unit-sphere space (inverse of the axes matrix)
	pose   scene.Pose
	ghost  bool // a faint slide-step ghost: no depth write, no x-ray
	x0, y0 float64
	x1, y1 float64
}

// addEllipsoid queues an ellipsoid draw unless it is off screen or its
// axes are degenerate (then it cannot be ray-cast; the labels and overlays
// still show where it is).
func (l *Lists) addEllipsoid(e sweep.Ellipsoid, c mgl64.Vec3, pose scene.Pose, ghost bool) {
	m := mgl64.Mat3FromCols(e.Axes[0], e.Axes[1], e.Axes[2])
	// A relative determinant tolerance: Mat3.Inv returns zero when nearly
	// singular, and axes this flat would not draw anyway.
	scale := e.Axes[0].Len() * e.Axes[1].Len() * e.Axes[2].Len()
	if d := m.Det(); !(math.Abs(d) > 1e-12*scale) || math.IsInf(d, 0) {
		return
	}
	box := PoseBox(e, c)
	x0, y0, x1, y1, ok := l.screenRect(box)
	if !ok {
		return
	}
	l.ells = append(l.ells, ellipsoidDraw{center: c, inv: m.Inv(), pose: pose, ghost: ghost, x0: x0, y0: y0, x1: x1, y1: y1})
}

// screenRect returns the pixel rectangle covering box, clamped to the
// viewport (the whole viewport when the box reaches behind the near
// plane), and false when it is off screen.
func (l *Lists) screenRect(box geom.AABB) (x0, y0, x1, y1 float64, ok bool) {
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
func (l *Lists) buildPoses(f *Frame, opt view.Options) {
	s := f.Scene
	if opt.Ghosts {
		for i, st := range f.Answer.Slide.Steps {
			if i == 0 && f.Answer.Hit {
				continue // the contact pose itself
			}
			l.addEllipsoid(s.Ellipsoid, st.Contact, scene.PoseSlide, true)
		}
	}
	l.addEllipsoid(s.Ellipsoid, s.Start, scene.PoseStart, false)
	l.addEllipsoid(s.Ellipsoid, s.End, scene.PoseEnd, false)
	if c, ok := f.ContactPose(); ok {
		l.addEllipsoid(s.Ellipsoid, c, scene.PoseContact, false)
	}
	if len(f.Answer.Slide.Steps) > 0 {
		l.addEllipsoid(s.Ellipsoid, f.Answer.Slide.Final, scene.PoseSlide, false)
	}
}
