package render

import (
	"fmt"
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/render/view"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// overlayKind says how an overlay's points are drawn.
type overlayKind int

const (
	ovStroke overlayKind = iota // a polyline, width pixels wide
	ovFill                      // a filled polygon
	ovDisc                      // a filled disc at the first point, radius width
)

// overlay is one 2D shape drawn over the scene, after it, in one batched
// draw (strokes.go): points pts[p0:p1] as x, y pairs in pixels.
type overlay struct {
	kind   overlayKind
	p0, p1 int
	col    color.RGBA // straight alpha
	width  float32
	closed bool
}

// label is one text label; (x, y) is its top-left corner in pixels. A
// pose's label also has the pose's screen box (pose, empty for a fixed
// text), which it keeps clear of and draws a leader line to.
type label struct {
	x, y float64
	text string
	col  color.RGBA
	pose rect
}

// Overlay colours. None equals a pose colour exactly: the exact pose
// colours come only from the ellipsoids, so tests can find them.
var (
	colPath     = color.RGBA{0xc8, 0xcc, 0xd4, 0xc0}
	colSlide    = color.RGBA{0xff, 0xd2, 0x7a, 0xff}
	colHitEdge  = color.RGBA{0xff, 0xe0, 0x66, 0xff}
	colPicked   = color.RGBA{0x39, 0xcc, 0xff, 0xff} // hovered or selected triangles (Frame.Highlight)
	colFeature  = color.RGBA{0xff, 0xff, 0xff, 0xff}
	colNormal   = color.RGBA{0x39, 0xcc, 0xcc, 0xff}
	colPoint    = color.RGBA{0xff, 0xff, 0xff, 0xff}
	colPointRim = color.RGBA{0x10, 0x10, 0x10, 0xff}
	colMessage  = color.RGBA{0xff, 0xd0, 0xd0, 0xff}
)

// lighten mixes c with white by k in [0, 1] and sets alpha a (0..255).
func lighten(c color.RGBA, k float64, a uint8) color.RGBA {
	m := func(v uint8) uint8 { return uint8(math.Round(float64(v) + (255-float64(v))*k)) }
	return color.RGBA{m(c.R), m(c.G), m(c.B), a}
}

// begin starts an overlay; points follow with point, and end closes it.
func (l *drawLists) begin(kind overlayKind, col color.RGBA, width float32) {
	l.ovs = append(l.ovs, overlay{kind: kind, p0: len(l.pts), p1: len(l.pts), col: col, width: width})
}

func (l *drawLists) point(x, y float64) {
	l.pts = append(l.pts, float32(x), float32(y))
	l.ovs[len(l.ovs)-1].p1 = len(l.pts)
}

// polyline3 draws the world polyline pts, clipped at the near plane: a
// clipped-away stretch splits it into separate strokes.
func (l *drawLists) polyline3(pts []mgl64.Vec3, col color.RGBA, width float32, closed bool) {
	open := false
	n := len(pts)
	segs := n - 1
	if closed {
		segs = n
	}
	first := len(l.ovs)
	for i := 0; i < segs; i++ {
		a, b := l.pr.clip(pts[i]), l.pr.clip(pts[(i+1)%n])
		a0, b0 := a, b
		if !clipSegment(&a, &b) {
			open = false
			continue
		}
		if !open || a != a0 {
			l.begin(ovStroke, col, width)
			x, y, _ := l.pr.screen(a)
			l.point(x, y)
		}
		x, y, _ := l.pr.screen(b)
		l.point(x, y)
		open = b == b0
	}
	// A closed shape that came through whole is one closed stroke.
	if closed && len(l.ovs) == first+1 && l.ovs[first].p1-l.ovs[first].p0 == 2*(n+1) {
		o := &l.ovs[first]
		o.p1 -= 2
		o.closed = true
	}
}

// segment3 draws the world segment a-b.
func (l *drawLists) segment3(a, b mgl64.Vec3, col color.RGBA, width float32) {
	l.polyline3([]mgl64.Vec3{a, b}, col, width, false)
}

// arrow3 draws an arrow from a to b with a head of headPx pixels at b.
func (l *drawLists) arrow3(a, b mgl64.Vec3, col color.RGBA, width float32, headPx float64) {
	l.segment3(a, b, col, width)
	bx, by, ok1 := l.project(b)
	ax, ay, ok2 := l.project(b.Add(a.Sub(b).Mul(0.1)))
	if !ok1 || !ok2 {
		return
	}
	dx, dy := bx-ax, by-ay
	ln := math.Hypot(dx, dy)
	if ln < 1e-9 {
		return
	}
	dx, dy = dx/ln, dy/ln
	const spread = 0.45 // radians either side of the shaft
	s, c := math.Sincos(spread)
	l.begin(ovStroke, col, width)
	l.point(bx-headPx*(dx*c-dy*s), by-headPx*(dy*c+dx*s))
	l.point(bx, by)
	l.point(bx-headPx*(dx*c+dy*s), by-headPx*(dy*c-dx*s))
}

// project returns the pixel of p if it is in front of the near plane.
func (l *drawLists) project(p mgl64.Vec3) (x, y float64, ok bool) {
	q := l.pr.clip(p)
	if outcode(q)&outNear != 0 {
		return 0, 0, false
	}
	x, y, _ = l.pr.screen(q)
	return x, y, true
}

// disc3 draws a filled disc of r pixels at p, with a rim when rim.A > 0.
func (l *drawLists) disc3(p mgl64.Vec3, r float64, col, rim color.RGBA) {
	x, y, ok := l.project(p)
	if !ok {
		return
	}
	if rim.A > 0 {
		l.begin(ovDisc, rim, float32(r+1.5))
		l.point(x, y)
	}
	l.begin(ovDisc, col, float32(r))
	l.point(x, y)
}

// boxFace returns the four corners of face f of box b, in order around it.
func boxFace(b geom.AABB, f int) [4]mgl64.Vec3 {
	axis, side := f/2, f%2
	u, v := (axis+1)%3, (axis+2)%3
	var out [4]mgl64.Vec3
	for i, uv := range [4][2]int{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
		p := b.Min
		if side == 1 {
			p[axis] = b.Max[axis]
		}
		if uv[0] == 1 {
			p[u] = b.Max[u]
		}
		if uv[1] == 1 {
			p[v] = b.Max[v]
		}
		out[i] = p
	}
	return out
}

// face3 fills the world quad q (all corners in front of the near plane).
func (l *drawLists) face3(q [4]mgl64.Vec3, col color.RGBA) {
	var xs, ys [4]float64
	for i, p := range q {
		x, y, ok := l.project(p)
		if !ok {
			return
		}
		xs[i], ys[i] = x, y
	}
	l.begin(ovFill, col, 0)
	for i := range q {
		l.point(xs[i], ys[i])
	}
}

// buildBox draws a pose's drag-handle box, its hovered or active face
// highlighted.
func (l *drawLists) buildBox(f *Frame, pose scene.Pose, c mgl64.Vec3) {
	b := PoseBox(f.Scene.Shape, c)
	col := lighten(PoseColor(pose), 0.45, 0x70)
	for _, fc := range []int{geom.FaceNegY, geom.FacePosY} {
		q := boxFace(b, fc)
		l.polyline3(q[:], col, 1, true)
	}
	for _, xz := range [4][2]int{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
		a, top := b.Min, b.Max
		if xz[0] == 0 {
			top[0] = b.Min[0]
		} else {
			a[0] = b.Max[0]
		}
		if xz[1] == 0 {
			top[2] = b.Min[2]
		} else {
			a[2] = b.Max[2]
		}
		l.segment3(a, top, col, 1)
	}
	for _, h := range []struct {
		h     Handle
		alpha uint8
	}{{f.Hover, 0x50}, {f.Active, 0x90}} {
		if !h.h.Valid || h.h.Pose != pose || h.h.Face < geom.FaceNegX || h.h.Face > geom.FacePosZ {
			continue
		}
		q := boxFace(b, h.h.Face)
		l.face3(q, lighten(PoseColor(pose), 0.3, h.alpha))
		l.polyline3(q[:], lighten(PoseColor(pose), 0.6, 0xff), 2, true)
	}
}

// buildOverlays adds the drag boxes, the paths, the hit triangle and its
// touched feature, the contact point, normal and slide direction, and the
// labels.
func (l *drawLists) buildOverlays(f *Frame, opt view.Options) {
	s := f.Scene
	l.buildBox(f, scene.PoseStart, s.Start)
	l.buildBox(f, scene.PoseEnd, s.End)
	l.segment3(s.Start, s.End, colPath, 1.5)
	if len(f.Answer.Slide.Steps) > 0 {
		path := make([]mgl64.Vec3, 0, len(f.Answer.Slide.Steps)+2)
		path = append(path, s.Start)
		for _, st := range f.Answer.Slide.Steps {
			path = append(path, st.Contact)
		}
		path = append(path, f.Answer.Slide.Final)
		l.polyline3(path, colSlide, 2.5, false)
	}
	for _, i := range f.Highlight {
		if tri, ok := l.triangleAt(f, i); ok {
			l.polyline3(tri[:], colPicked, 2.5, true)
		}
	}
	size := meanRadius(s.Shape)
	if f.Answer.Hit {
		l.buildHit(f, opt, size)
	} else {
		l.message = "no contact"
	}
	if opt.Normals {
		for i, st := range f.Answer.Slide.Steps {
			if i == 0 && f.Answer.Hit {
				continue // drawn by buildHit
			}
			l.arrow3(st.Hit.Point, st.Hit.Point.Add(st.Hit.Normal.Mul(size*0.8)), lighten(colNormal, 0.3, 0xb0), 1.5, 8)
		}
	}
	if opt.Labels {
		l.buildLabels(f)
	}
}

// meanRadius returns the mean semi-axis length of an ellipsoid, or the
// mean half-size of a capsule's or box's world AABB (1 if that is not a
// positive finite number): the scale of arrows and markers.
func meanRadius(s sweep.Shape) float64 {
	h := s.Extent()
	if s.Kind == sweep.KindEllipsoid {
		a := s.Ellipsoid.Axes
		h = mgl64.Vec3{a[0].Len(), a[1].Len(), a[2].Len()}
	}
	r := (h[0] + h[1] + h[2]) / 3
	if !(r > 0) || math.IsInf(r, 0) {
		return 1
	}
	return r
}

// buildHit highlights the hit triangle and its touched feature, and draws
// the contact point, the normal and the slide direction.
func (l *drawLists) buildHit(f *Frame, opt view.Options, size float64) {
	h := f.Answer.First
	if tri, ok := l.hitTriangle(f); ok {
		l.polyline3(tri[:], colHitEdge, 2, true)
		switch h.Feature {
		case sweep.Edge:
			i := nearestEdge(tri, h.Point)
			l.segment3(tri[i], tri[(i+1)%3], colFeature, 5)
		case sweep.Vertex:
			l.disc3(tri[nearestVertex(tri, h.Point)], 7, colFeature, colPointRim)
		}
	}
	if opt.Normals {
		l.arrow3(h.Point, h.Point.Add(h.Normal.Mul(size*1.2)), colNormal, 2.5, 12)
	}
	// The slide direction: from the first contact pose toward where the
	// slide goes next.
	if c, ok := f.ContactPose(); ok && len(f.Answer.Slide.Steps) > 0 {
		next := f.Answer.Slide.Final
		if len(f.Answer.Slide.Steps) > 1 {
			next = f.Answer.Slide.Steps[1].Contact
		}
		if d := next.Sub(c); d.Len() > 1e-9 {
			ln := math.Min(d.Len(), size*1.5)
			l.arrow3(c, c.Add(d.Normalize().Mul(ln)), colSlide, 3, 14)
		}
	}
	l.disc3(h.Point, 4.5, colPoint, colPointRim)
}

// hitTriangle returns the hit triangle's corners, if the hit's index is a
// triangle of the scene mesh.
func (l *drawLists) hitTriangle(f *Frame) (geom.Triangle, bool) {
	return l.triangleAt(f, f.Answer.First.Triangle)
}

// triangleAt returns the corners of triangle i of the scene mesh, if i
// and its vertex indices are in range.
func (l *drawLists) triangleAt(f *Frame, i int) (geom.Triangle, bool) {
	m := &f.Scene.Mesh
	if i < 0 || i >= len(m.Triangles) {
		return geom.Triangle{}, false
	}
	var tri geom.Triangle
	for k, vi := range m.Triangles[i] {
		if vi < 0 || vi >= len(m.Vertices) {
			return geom.Triangle{}, false
		}
		tri[k] = m.Vertices[vi]
	}
	return tri, true
}

// nearestEdge returns i such that the edge tri[i]-tri[i+1] is nearest p.
func nearestEdge(tri geom.Triangle, p mgl64.Vec3) int {
	best, bestD := 0, math.Inf(1)
	for i := 0; i < 3; i++ {
		if d := segmentDist(tri[i], tri[(i+1)%3], p); d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// nearestVertex returns the index of the corner of tri nearest p.
func nearestVertex(tri geom.Triangle, p mgl64.Vec3) int {
	best, bestD := 0, math.Inf(1)
	for i, v := range tri {
		if d := v.Sub(p).Len(); d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// segmentDist returns the distance from p to the segment a-b.
func segmentDist(a, b, p mgl64.Vec3) float64 {
	ab := b.Sub(a)
	s := 0.0
	if l2 := ab.Dot(ab); l2 > 0 {
		s = math.Max(0, math.Min(1, p.Sub(a).Dot(ab)/l2))
	}
	return a.Add(ab.Mul(s)).Sub(p).Len()
}

// buildLabels puts a label beside each pose: its name, and for the contact
// pose the t-value and the feature.
func (l *drawLists) buildLabels(f *Frame) {
	s := f.Scene
	l.labelAt(s.Start, PoseColor(scene.PoseStart), "start")
	if f.Answer.Hit {
		l.labelAt(s.End, PoseColor(scene.PoseEnd), "end")
	} else {
		l.labelAt(s.End, PoseColor(scene.PoseEnd), "end  (no contact)")
	}
	if c, ok := f.ContactPose(); ok {
		l.labelAt(c, PoseColor(scene.PoseContact), fmt.Sprintf("contact  t = %.4f  %s", f.Answer.First.T, f.Answer.First.Feature))
	}
	if n := len(f.Answer.Slide.Steps); n > 0 {
		word := "contacts"
		if n == 1 {
			word = "contact"
		}
		l.labelAt(f.Answer.Slide.Final, PoseColor(scene.PoseSlide), fmt.Sprintf("slide  %d %s", n, word))
	}
}
