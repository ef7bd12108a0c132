package render

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/geom"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// drop is a pose's height cue: straight down from its centre to the
// ground (the scene below it, else the grid's plane), whose unit normal
// there points up.
type drop struct {
	pose           scene.Pose
	center, ground mgl64.Vec3
	normal         mgl64.Vec3
}

// dropKey is what the drops depend on: they are cast again (a ray per
// pose against the mesh) only when it changes, never because the camera
// moved.
type dropKey struct {
	mesh    *sweep.Mesh
	gen     int
	gridY   float64
	centers [4]mgl64.Vec3
	n       int
}

// solidPoses returns the poses drawn solid: start, end, and the contact
// and slide poses when there are any.
func solidPoses(f *Frame) ([4]scene.Pose, [4]mgl64.Vec3, int) {
	ps := [4]scene.Pose{scene.PoseStart, scene.PoseEnd}
	cs := [4]mgl64.Vec3{f.Scene.Start, f.Scene.End}
	n := 2
	if c, ok := f.ContactPose(); ok {
		ps[n], cs[n] = scene.PoseContact, c
		n++
	}
	if len(f.Answer.Slide.Steps) > 0 {
		ps[n], cs[n] = scene.PoseSlide, f.Answer.Slide.Final
		n++
	}
	return ps, cs, n
}

// updateDrops casts the drops of f's poses when the poses, the mesh or
// the grid moved since the last cast.
func (l *drawLists) updateDrops(f *Frame) {
	ps, cs, n := solidPoses(f)
	key := dropKey{mesh: f.Mesh, gen: l.geoGeneration, gridY: l.gridY, centers: cs, n: n}
	if l.dropsValid && key == l.dropKey {
		return
	}
	l.dropKey, l.dropsValid = key, true
	l.drops = l.drops[:0]
	for i := 0; i < n; i++ {
		if d, ok := l.castDrop(f, cs[i]); ok {
			d.pose = ps[i]
			l.drops = append(l.drops, d)
		}
	}
}

// castDrop finds the ground straight below c: the first mesh triangle
// (with f.Mesh), else the grid's plane when c is above it.
func (l *drawLists) castDrop(f *Frame, c mgl64.Vec3) (drop, bool) {
	down := geom.Ray{Origin: c, Dir: mgl64.Vec3{0, -1, 0}}
	if f.Mesh != nil {
		if tri, s, ok := f.Mesh.Raycast(down); ok && tri < len(f.Scene.Mesh.Triangles) {
			n := triNormal(&f.Scene.Mesh, tri)
			if n[1] < 0 {
				n = n.Mul(-1)
			}
			return drop{center: c, ground: down.At(s), normal: n}, true
		}
	}
	if c[1] > l.gridY {
		return drop{center: c, ground: mgl64.Vec3{c[0], l.gridY, c[2]}, normal: mgl64.Vec3{0, 1, 0}}, true
	}
	return drop{}, false
}

// triNormal returns the unit normal of mesh triangle i by its winding
// (zero for a degenerate or invalid one).
func triNormal(m *scene.Mesh, i int) mgl64.Vec3 {
	t := m.Triangles[i]
	for _, k := range t {
		if k < 0 || k >= len(m.Vertices) {
			return mgl64.Vec3{}
		}
	}
	a, b, c := m.Vertices[t[0]], m.Vertices[t[1]], m.Vertices[t[2]]
	n := b.Sub(a).Cross(c.Sub(a))
	if ln := n.Len(); ln > 0 && !math.IsInf(ln, 0) {
		return n.Mul(1 / ln)
	}
	return mgl64.Vec3{}
}

// colShadow is a pose's shadow, at its darkest.
var colShadow = color.RGBA{0, 0, 0, 0x90}

// buildDrops draws each drop: a thin line from the pose down to the
// ground, and a shadow there, a dark flattened ellipse the size of the
// shape's footprint (its world AABB's), fainter the higher the pose floats.
func (l *drawLists) buildDrops(s sweep.Shape) {
	h := s.Extent()
	for _, d := range l.drops {
		l.line3(d.center, d.ground, 1.2, lighten(PoseColor(d.pose), 0.2, 0x90), 0.3, false)
		if d.normal[1] < 0.25 {
			continue // too steep to lie on
		}
		height := d.center.Sub(d.ground).Len()
		k := math.Max(0.3, 1-height/(6*math.Max(h[1], 1e-12)))
		col := colShadow
		col.A = uint8(float64(col.A) * k)
		l.shadow(d, h, col)
	}
}

// shadow fills the footprint ellipse of half-sizes h[0], h[2] around
// d.ground in its plane, lifted a little off it, as a depth-tested fan.
func (l *drawLists) shadow(d drop, h mgl64.Vec3, col color.RGBA) {
	const n = 24
	lift := d.normal.Mul(1e-3 * math.Max(h[0], h[2]))
	base := uint32(len(l.lines))
	for i := 0; i < n; i++ {
		s, c := math.Sincos(2 * math.Pi * float64(i) / n)
		dx, dz := h[0]*c, h[2]*s
		p := d.ground.Add(mgl64.Vec3{dx, -(d.normal[0]*dx + d.normal[2]*dz) / d.normal[1], dz}).Add(lift)
		q := l.pr.clip(p)
		if outcode(q)&outNear != 0 {
			l.lines = l.lines[:base]
			return
		}
		x, y, z := l.pr.screen(q)
		l.lines = append(l.lines, ebiten.Vertex{DstX: float32(x), DstY: float32(y),
			ColorR: float32(col.R) / 255, ColorG: float32(col.G) / 255, ColorB: float32(col.B) / 255, ColorA: float32(col.A) / 255,
			Custom0: float32(z)})
	}
	for i := uint32(2); i < n; i++ {
		l.lineIdx = append(l.lineIdx, base, base+i-1, base+i)
	}
}

// minPosePx is the on-screen size below which a pose gets a marker ring.
const minPosePx = 22

// markSmallPoses rings every solid pose drawn smaller than minPosePx
// across, so poses stay findable in a view of a whole level.
func (l *drawLists) markSmallPoses() {
	for _, e := range l.shapes {
		if e.ghost || e.x1-e.x0 > minPosePx+4 || e.y1-e.y0 > minPosePx+4 {
			continue
		}
		x, y := (e.x0+e.x1)/2, (e.y0+e.y1)/2
		l.circle2(x, y, minPosePx/2+3, lighten(PoseColor(e.pose), 0.3, 0xff), 2)
	}
}
