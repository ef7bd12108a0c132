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

// Lists is the CPU side of one frame: everything Draw hands to the GPU,
// built from a Frame and a Camera without touching the GPU (so it runs and
// is benchmarked without a display). Its buffers are reused from frame to
// frame; the scene's geometry is cached until the scene's mesh changes.
type Lists struct {
	cam Camera    // the frame's camera, Bounds set to the frame's content
	pr  projector // cam's view-projection
	eye mgl64.Vec3
	fwd mgl64.Vec3
	lit mgl64.Vec3 // unit direction toward the light, world space

	geo sceneGeom

	frameEllipsoid sweep.Ellipsoid // the frame's ellipsoid (label placement)

	// Per scene vertex: clip coordinates, outcode, and pixel x, y with
	// window depth z (valid when the outcode has no outClip bit).
	clip []mgl64.Vec4
	code []uint8
	scr  []mgl64.Vec3

	tris    []ebiten.Vertex // scene triangles: see triVertex for the layout
	triIdx  []uint32
	lines   []ebiten.Vertex // depth-tested lines (grid, axes): see lineQuad
	lineIdx []uint32
	ells    []ellipsoidDraw
	ovs     []overlay // 2D overlays in drawing order
	pts     []float32 // overlay points, x y pairs, referenced by ovs
	labels  []label
	message string // the view's message line ("no contact"), "" for none
}

// sceneGeom is the cached world-space geometry of a scene mesh.
type sceneGeom struct {
	// identity of the cached mesh: its slices' first elements and lengths
	vKey   *mgl64.Vec3
	tKey   *[3]int
	nv, nt int

	pos    []mgl64.Vec3
	idx    [][3]int32   // triangles with every index in range
	tri    []int        // idx[k] is scene triangle tri[k]
	normal []mgl64.Vec3 // unit normal of idx[k] by its winding; zero when degenerate
	bounds geom.AABB
}

// load caches m's geometry unless it is the mesh cached already. Triangles
// with an out-of-range index are left out (the scene validator reports
// them; the view just does not draw them).
func (g *sceneGeom) load(m *scene.Mesh) {
	var vk *mgl64.Vec3
	var tk *[3]int
	if len(m.Vertices) > 0 {
		vk = &m.Vertices[0]
	}
	if len(m.Triangles) > 0 {
		tk = &m.Triangles[0]
	}
	if g.pos != nil && vk == g.vKey && tk == g.tKey && len(m.Vertices) == g.nv && len(m.Triangles) == g.nt {
		return
	}
	g.vKey, g.tKey, g.nv, g.nt = vk, tk, len(m.Vertices), len(m.Triangles)
	g.pos = append(g.pos[:0], m.Vertices...)
	g.idx, g.tri, g.normal = g.idx[:0], g.tri[:0], g.normal[:0]
	g.bounds = geom.EmptyAABB()
	for _, p := range g.pos {
		g.bounds = g.bounds.Extend(p)
	}
	n := len(g.pos)
	for i, t := range m.Triangles {
		if t[0] < 0 || t[1] < 0 || t[2] < 0 || t[0] >= n || t[1] >= n || t[2] >= n {
			continue
		}
		a, b, c := g.pos[t[0]], g.pos[t[1]], g.pos[t[2]]
		nrm := b.Sub(a).Cross(c.Sub(a))
		if l := nrm.Len(); l > 0 && !math.IsInf(l, 0) {
			nrm = nrm.Mul(1 / l)
		} else {
			nrm = mgl64.Vec3{}
		}
		g.idx = append(g.idx, [3]int32{int32(t[0]), int32(t[1]), int32(t[2])})
		g.tri = append(g.tri, i)
		g.normal = append(g.normal, nrm)
	}
}

// Colours of the scene (linear 0..1 RGB, before lighting).
var (
	colFront     = mgl64.Vec3{0.70, 0.73, 0.78} // front faces: cool light grey
	colBack      = mgl64.Vec3{0.78, 0.50, 0.62} // back faces when tinted: muted rose
	colHitTri    = mgl64.Vec3{1.00, 0.86, 0.35} // the hit triangle
	colBG        = color.RGBA{0x1e, 0x22, 0x2a, 0xff}
	colGridMinor = color.RGBA{0x3c, 0x43, 0x50, 0xff}
	colGridMajor = color.RGBA{0x5a, 0x63, 0x73, 0xff}
	colAxisX     = color.RGBA{0xd8, 0x4c, 0x4c, 0xff} // muted, never a pose colour
	colAxisY     = color.RGBA{0x5c, 0xb8, 0x5c, 0xff}
	colAxisZ     = color.RGBA{0x4c, 0x7c, 0xd8, 0xff}
)

// Lighting of flat-shaded triangles: ambient plus Lambert, with the light
// fixed relative to the camera (above and to the left of the eye) so every
// visible face is lit and shape reads from any direction.
const (
	ambient = 0.38
	diffuse = 0.62
)

// Build fills the lists for frame f seen through cam with options opt. It
// does not touch the GPU. A nil frame or scene builds an empty view.
func (l *Lists) Build(f *Frame, cam Camera, opt Options) {
	l.reset()
	var sc *scene.Scene
	if f != nil {
		sc = f.Scene
	}
	if sc != nil {
		l.geo.load(&sc.Mesh)
		l.frameEllipsoid = sc.Ellipsoid
	} else {
		l.geo.load(&scene.Mesh{})
	}
	grid := l.gridSpec(f)
	b := l.contentBounds(f)
	if opt.Grid {
		b = b.Union(grid.bounds())
	}
	cam.Bounds = b
	l.setCamera(cam)
	hitTri := -1
	if f != nil && f.HasHit {
		hitTri = f.Hit.Triangle
	}
	l.buildTriangles(opt, hitTri)
	if opt.Grid {
		l.buildGrid(grid)
	}
	if sc != nil {
		l.buildPoses(f, opt)
		l.buildOverlays(f, opt)
	}
}

func (l *Lists) reset() {
	l.tris, l.triIdx = l.tris[:0], l.triIdx[:0]
	l.lines, l.lineIdx = l.lines[:0], l.lineIdx[:0]
	l.ells, l.ovs, l.pts, l.labels = l.ells[:0], l.ovs[:0], l.pts[:0], l.labels[:0]
	l.message = ""
}

func (l *Lists) setCamera(cam Camera) {
	l.cam = cam
	l.pr = cam.projector()
	l.eye = cam.Eye()
	right, up, fwd := cam.basis()
	l.fwd = fwd
	l.lit = up.Mul(0.55).Sub(right.Mul(0.35)).Sub(fwd.Mul(0.75)).Normalize()
}

// Camera returns the camera the lists were built for, with Bounds set to
// the frame's content (what near/far were fitted to).
func (l *Lists) Camera() Camera { return l.cam }

// TriangleCount returns the number of triangles handed to the GPU (after
// culling and clipping).
func (l *Lists) TriangleCount() int { return len(l.triIdx) / 3 }

// contentBounds returns the box of everything the frame shows: the mesh and
// the poses (with their ellipsoid's extent) and the slide steps.
func (l *Lists) contentBounds(f *Frame) geom.AABB {
	b := l.geo.bounds
	if f == nil || f.Scene == nil {
		return b
	}
	s := f.Scene
	h := s.Ellipsoid.Extent()
	add := func(c mgl64.Vec3) { b = b.Union(geom.AABB{Min: c.Sub(h), Max: c.Add(h)}) }
	add(s.Start)
	add(s.End)
	if c, ok := f.ContactPose(); ok {
		add(c)
	}
	add(f.Slide.Final)
	for _, st := range f.Slide.Steps {
		add(st.Contact)
	}
	if !finiteBox(b) {
		return l.geo.bounds
	}
	return b
}

// shade returns the lit colour of scene triangle k (index into geo.idx).
func (l *Lists) shade(k int, opt Options, hitTri int) [3]float32 {
	g := &l.geo
	n := g.normal[k]
	var toEye mgl64.Vec3
	if l.cam.Ortho {
		toEye = l.fwd.Mul(-1)
	} else {
		toEye = l.eye.Sub(g.pos[g.idx[k][0]])
	}
	base := colFront
	if n.Dot(toEye) < 0 {
		n = n.Mul(-1) // the visible side's normal
		if opt.BackFaces {
			base = colBack
		}
	}
	if g.tri[k] == hitTri {
		base = colHitTri
	}
	k1 := ambient + diffuse*math.Max(0, n.Dot(l.lit))
	return [3]float32{float32(base[0] * k1), float32(base[1] * k1), float32(base[2] * k1)}
}

// triVertex is one scene vertex for the triangle shaders: pixel position;
// ColorR/G/B the barycentric weights (edges are drawn where one reaches 0);
// Custom0 the window depth z in [0, 1]; Custom1..3 the lit colour.
func triVertex(x, y, z float64, b mgl64.Vec3, c [3]float32) ebiten.Vertex {
	return ebiten.Vertex{
		DstX: float32(x), DstY: float32(y),
		ColorR: float32(b[0]), ColorG: float32(b[1]), ColorB: float32(b[2]), ColorA: 1,
		Custom0: float32(z), Custom1: c[0], Custom2: c[1], Custom3: c[2],
	}
}

// buildTriangles projects every scene vertex once, then emits each
// triangle that is not wholly outside one frustum plane: directly when no
// corner needs clipping, else clipped and fanned.
func (l *Lists) buildTriangles(opt Options, hitTri int) {
	g := &l.geo
	n := len(g.pos)
	l.clip = resize(l.clip, n)
	l.code = resize(l.code, n)
	l.scr = resize(l.scr, n)
	for i, p := range g.pos {
		q := l.pr.clip(p)
		c := outcode(q)
		l.clip[i], l.code[i] = q, c
		if c&outClip == 0 {
			x, y, z := l.pr.screen(q)
			l.scr[i] = mgl64.Vec3{x, y, z}
		}
	}
	bary := [3]mgl64.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	var pa, pb clipPoly
	for k, t := range g.idx {
		c0, c1, c2 := l.code[t[0]], l.code[t[1]], l.code[t[2]]
		if c0&c1&c2 != 0 {
			continue // wholly outside one plane
		}
		col := l.shade(k, opt, hitTri)
		if (c0|c1|c2)&outClip == 0 {
			base := uint32(len(l.tris))
			for j, vi := range t {
				s := l.scr[vi]
				l.tris = append(l.tris, triVertex(s[0], s[1], s[2], bary[j], col))
			}
			l.triIdx = append(l.triIdx, base, base+1, base+2)
			continue
		}
		clipTriangle([3]mgl64.Vec4{l.clip[t[0]], l.clip[t[1]], l.clip[t[2]]}, &pa, &pb)
		l.emitPolygon(&pa, col)
	}
}

// emitPolygon appends a clipped convex polygon as a triangle fan.
func (l *Lists) emitPolygon(p *clipPoly, col [3]float32) {
	if p.n < 3 {
		return
	}
	base := uint32(len(l.tris))
	for i := 0; i < p.n; i++ {
		x, y, z := l.pr.screen(p.v[i].P)
		l.tris = append(l.tris, triVertex(x, y, z, p.v[i].B, col))
	}
	for i := 2; i < p.n; i++ {
		l.triIdx = append(l.triIdx, base, base+uint32(i-1), base+uint32(i))
	}
}

// resize returns s with length n, reusing its storage when large enough.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// gridSpec is the ground grid: lines every step world units on y = 0 over
// [lo, hi] in x and z, every tenth line (and the axes) major.
type gridSpec struct {
	step   float64
	lo, hi [2]float64 // x, z ranges, multiples of step
}

func (gs gridSpec) bounds() geom.AABB {
	return geom.AABB{Min: mgl64.Vec3{gs.lo[0], 0, gs.lo[1]}, Max: mgl64.Vec3{gs.hi[0], 0, gs.hi[1]}}
}

// maxGridLines caps the grid's lines per direction.
const maxGridLines = 80

// gridSpec sizes the grid to the frame's content: the step is a power of
// ten near a tenth of the content's width, and the grid reaches two steps
// past the content (and always covers the origin).
func (l *Lists) gridSpec(f *Frame) gridSpec {
	b := l.contentBounds(f).Extend(mgl64.Vec3{})
	size := math.Max(b.Size()[0], b.Size()[2])
	if !(size > 0) || math.IsInf(size, 0) {
		size = 10
	}
	step := math.Pow(10, math.Floor(math.Log10(size/8)))
	for (size/step)+4 > maxGridLines {
		step *= 10
	}
	gs := gridSpec{step: step}
	for i, a := range [2]int{0, 2} {
		gs.lo[i] = (math.Floor(b.Min[a]/step) - 2) * step
		gs.hi[i] = (math.Ceil(b.Max[a]/step) + 2) * step
	}
	return gs
}

// buildGrid emits the ground grid and the world axes as depth-tested lines.
func (l *Lists) buildGrid(gs gridSpec) {
	const eps = 1e-9
	for axis := 0; axis < 2; axis++ {
		other := 1 - axis
		for v := gs.lo[axis]; v <= gs.hi[axis]+eps*gs.step; v += gs.step {
			if math.Abs(v) < eps*gs.step {
				continue // the axis line itself is drawn below
			}
			col, w := colGridMinor, 1.0
			if k := math.Round(v / gs.step); math.Mod(k, 10) == 0 {
				col, w = colGridMajor, 1.5
			}
			a, b := mgl64.Vec3{}, mgl64.Vec3{}
			a[2*axis], b[2*axis] = v, v
			a[2*other], b[2*other] = gs.lo[other], gs.hi[other]
			l.line3(a, b, w, col, 0)
		}
	}
	ext := math.Max(gs.hi[0]-gs.lo[0], gs.hi[1]-gs.lo[1]) / 2
	l.line3(mgl64.Vec3{gs.lo[0], 0, 0}, mgl64.Vec3{gs.hi[0], 0, 0}, 2, colAxisX, 0)
	l.line3(mgl64.Vec3{0, 0, gs.lo[1]}, mgl64.Vec3{0, 0, gs.hi[1]}, 2, colAxisZ, 0)
	l.line3(mgl64.Vec3{}, mgl64.Vec3{0, ext / 2, 0}, 2, colAxisY, 0)
}

// line3 emits the world segment a-b as a depth-tested screen quad width
// pixels wide. hidden is the opacity where the scene hides it (0: not
// drawn there).
func (l *Lists) line3(a, b mgl64.Vec3, width float64, col color.RGBA, hidden float32) {
	qa, qb := l.pr.clip(a), l.pr.clip(b)
	if !ClipSegment(&qa, &qb) {
		return
	}
	ax, ay, az := l.pr.screen(qa)
	bx, by, bz := l.pr.screen(qb)
	dx, dy := bx-ax, by-ay
	ln := math.Hypot(dx, dy)
	if ln < 1e-9 {
		return
	}
	nx, ny := -dy/ln*width/2, dx/ln*width/2
	r, g, bl, al := float32(col.R)/255, float32(col.G)/255, float32(col.B)/255, float32(col.A)/255
	v := func(x, y, z float64) ebiten.Vertex {
		return ebiten.Vertex{DstX: float32(x), DstY: float32(y), ColorR: r, ColorG: g, ColorB: bl, ColorA: al, Custom0: float32(z), Custom1: hidden}
	}
	base := uint32(len(l.lines))
	l.lines = append(l.lines, v(ax+nx, ay+ny, az), v(ax-nx, ay-ny, az), v(bx+nx, by+ny, bz), v(bx-nx, by-ny, bz))
	l.lineIdx = append(l.lineIdx, base, base+1, base+2, base+1, base+3, base+2)
}

// ellipsoidDraw is one ray-cast ellipsoid: where it is, its colour, and
// the screen rectangle its shader runs over.
type ellipsoidDraw struct {
	center mgl64.Vec3
	inv    mgl64.Mat3 // world offset -> unit-sphere space (inverse of the axes matrix)
	pose   Pose
	ghost  bool // a faint slide-step ghost: no depth write, no x-ray
	x0, y0 float64
	x1, y1 float64
}

// addEllipsoid queues an ellipsoid draw unless it is off screen or its
// axes are degenerate (then it cannot be ray-cast; the labels and overlays
// still show where it is).
func (l *Lists) addEllipsoid(e sweep.Ellipsoid, c mgl64.Vec3, pose Pose, ghost bool) {
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
func (l *Lists) buildPoses(f *Frame, opt Options) {
	s := f.Scene
	if opt.Ghosts {
		for i, st := range f.Slide.Steps {
			if i == 0 && f.HasHit {
				continue // the contact pose itself
			}
			l.addEllipsoid(s.Ellipsoid, st.Contact, PoseSlide, true)
		}
	}
	l.addEllipsoid(s.Ellipsoid, s.Start, PoseStart, false)
	l.addEllipsoid(s.Ellipsoid, s.End, PoseEnd, false)
	if c, ok := f.ContactPose(); ok {
		l.addEllipsoid(s.Ellipsoid, c, PoseContact, false)
	}
	if len(f.Slide.Steps) > 0 {
		l.addEllipsoid(s.Ellipsoid, f.Slide.Final, PoseSlide, false)
	}
}
