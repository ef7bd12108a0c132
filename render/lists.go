package render

import (
	"image"
	"image/color"
	"math"
	"runtime"
	"sync"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/geom"
	"sweepdbg/render/view"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// drawLists is the CPU side of one frame: everything Draw hands to the GPU,
// built from a Frame and a Camera without touching the GPU (so it runs and
// is benchmarked without a display). Its buffers are reused from frame to
// frame; the scene's geometry is cached until the scene's mesh changes.
type drawLists struct {
	cam Camera // the frame's camera, Bounds set to the frame's content
	// depthBox is the box the depth range was last fitted to, for
	// depthCam (with Bounds cleared): kept while only the poses move.
	depthBox geom.AABB
	depthCam Camera
	pr       projector // cam's view-projection
	eye      mgl64.Vec3
	fwd      mgl64.Vec3
	lit      mgl64.Vec3 // unit direction toward the light, world space

	geo sceneGeom

	frameShape sweep.Shape // the frame's shape (label placement)

	// Per scene vertex: its outcode, and its triVertex with the
	// barycentric weights and flag still to fill in (valid when the
	// outcode has no outClip bit).
	code []uint8
	vtx  []ebiten.Vertex

	// Scene triangles (layout: triVertex), built in chunks (in parallel
	// for big meshes): tris is the storage of every chunk's unclipped
	// triangles, seq the indices 0, 1, 2, ... they are drawn with. htris
	// and htriIdx are the hit triangle, drawn again tinted. The chunks
	// are rebuilt only when triKey changes.
	tris          []ebiten.Vertex
	chunks        []triChunk
	seq           []uint32
	htris         []ebiten.Vertex
	htriIdx       []uint32
	triKey        triKey
	triKeyValid   bool
	geoGeneration int // bumped whenever geo loads a new mesh
	sceneRev      int // bumped whenever the triangles are rebuilt (the GPU's copy of the scene is stale)
	maxParts      int // goroutines building the triangles at most; 0 means one per CPU

	lines      []ebiten.Vertex // depth-tested lines (grid, axes): see line3
	gridY      float64         // the grid's plane, y = gridY
	lineIdx    []uint32
	shapes     []shapeDraw
	bvh        []bvhBox // the tree boxes the sweep enters, walked when bvhKey changes
	bvhKey     bvhKey
	bvhValid   bool
	drops      []drop // the poses' height cues, cast when dropKey changes
	dropKey    dropKey
	dropsValid bool
	ovs        []overlay // 2D overlays in drawing order
	pts        []float32 // overlay points, x y pairs, referenced by ovs
	labels     []label
	hud        []label // fixed texts: the legend's names, the gizmo's letters, the view's name
	// legendRect is where the legend's panel lies; empty without one.
	legendRect image.Rectangle
	message    string // the view's message line ("no contact"), "" for none
}

// sceneGeom is the cached world-space geometry of a scene mesh.
type sceneGeom struct {
	// identity of the cached mesh: its slices' first elements and lengths
	vKey   *mgl64.Vec3
	tKey   *[3]int
	nv, nt int

	pos []mgl64.Vec3
	idx [][3]int32 // triangles with every index in range
	tri []int      // idx[k] is scene triangle tri[k]
	// plane[k] is idx[k]'s plane (nx, ny, nz, d): the unit normal by its
	// winding and d = n . (a corner); all zero when degenerate.
	plane  [][4]float64
	bounds geom.AABB
}

// load caches m's geometry unless it is the mesh cached already, and
// reports whether it loaded. Triangles with an out-of-range index are left
// out (the scene validator reports them; the view just does not draw
// them). The cache is keyed by the mesh's slices: a caller that edits a
// mesh in place must give it new slices to be seen.
func (g *sceneGeom) load(m *scene.Mesh) bool {
	var vk *mgl64.Vec3
	var tk *[3]int
	if len(m.Vertices) > 0 {
		vk = &m.Vertices[0]
	}
	if len(m.Triangles) > 0 {
		tk = &m.Triangles[0]
	}
	if g.pos != nil && vk == g.vKey && tk == g.tKey && len(m.Vertices) == g.nv && len(m.Triangles) == g.nt {
		return false
	}
	g.vKey, g.tKey, g.nv, g.nt = vk, tk, len(m.Vertices), len(m.Triangles)
	g.pos = append(g.pos[:0], m.Vertices...)
	g.idx, g.tri, g.plane = g.idx[:0], g.tri[:0], g.plane[:0]
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
		g.plane = append(g.plane, [4]float64{nrm[0], nrm[1], nrm[2], nrm.Dot(a)})
	}
	return true
}

// Colours of the view. The scene's base colours (0..1 RGB) are lit in the
// triangle shader.
var (
	colFront     = [3]float32{0.70, 0.73, 0.78} // front faces: cool light grey
	colBack      = [3]float32{0.66, 0.52, 0.60} // back faces when tinted: muted rose
	colHitTri    = [3]float32{0.92, 0.84, 0.52} // the hit triangle: pale yellow
	colBG        = color.RGBA{0x1e, 0x22, 0x2a, 0xff}
	colGridMinor = color.RGBA{0x3c, 0x43, 0x50, 0xff}
	colGridMajor = color.RGBA{0x5a, 0x63, 0x73, 0xff}
	colAxisX     = color.RGBA{0xd8, 0x4c, 0x4c, 0xff} // muted, never a pose colour
	colAxisY     = color.RGBA{0x5c, 0xb8, 0x5c, 0xff}
	colAxisZ     = color.RGBA{0x4c, 0x7c, 0xd8, 0xff}
)

// Which base colour a scene triangle vertex asks for (triVertex's ColorA).
const (
	flagFront = 0
	flagBack  = 1 // seen from behind (tinted when Options.BackFaces)
	flagHit   = 2 // the hit triangle's highlight
)

// Build fills the lists for frame f seen through cam with options opt. It
// does not touch the GPU. A nil frame or scene builds an empty view.
func (l *drawLists) Build(f *Frame, cam Camera, opt view.Options) {
	l.reset()
	var sc *scene.Scene
	if f != nil {
		sc = f.Scene
	}
	mesh := &scene.Mesh{}
	if sc != nil {
		mesh = &sc.Mesh
		l.frameShape = sc.Shape
	}
	if l.geo.load(mesh) {
		l.geoGeneration++
	}
	grid := l.gridSpec(f)
	b := l.contentBounds(f)
	if opt.Grid {
		b = b.Union(grid.bounds())
	}
	cam.Bounds = l.depthBounds(b, cam)
	l.setCamera(cam)
	if key := l.makeTriKey(); !l.triKeyValid || key != l.triKey {
		l.buildTriangles()
		l.triKey, l.triKeyValid = key, true
		l.sceneRev++
	}
	if f != nil && f.Answer.Hit {
		l.buildHighlight(f.Answer.First.Triangle)
	}
	l.gridY = grid.y
	if opt.Grid {
		l.buildGrid(grid)
	}
	if sc != nil {
		l.updateDrops(f)
		l.buildDrops(sc.Shape)
		l.buildPoses(f, opt)
		if opt.BVH {
			l.buildBVH(f)
		}
		l.buildOverlays(f, opt)
		l.markSmallPoses()
		l.buildEngines(f)
		l.placeLabels(l.freeArea(f)) // the poses' and the engines' labels together
	}
	l.buildHUD(f)
}

func (l *drawLists) reset() {
	l.htris, l.htriIdx = l.htris[:0], l.htriIdx[:0]
	l.lines, l.lineIdx = l.lines[:0], l.lineIdx[:0]
	l.shapes, l.ovs, l.pts, l.labels = l.shapes[:0], l.ovs[:0], l.pts[:0], l.labels[:0]
	l.hud, l.legendRect = l.hud[:0], image.Rectangle{}
	l.message = ""
}

func (l *drawLists) setCamera(cam Camera) {
	l.cam = cam
	l.pr = cam.projector()
	l.eye = cam.Eye()
	right, up, fwd := cam.basis()
	l.fwd = fwd
	l.lit = up.Mul(0.55).Sub(right.Mul(0.35)).Sub(fwd.Mul(0.75)).Normalize()
}

// Camera returns the camera the lists were built for, with Bounds set to
// the frame's content (what near/far were fitted to).
func (l *drawLists) Camera() Camera { return l.cam }

// contentBounds returns frameBounds from the cached mesh bounds (the
// mesh's box alone if the poses are not finite).
func (l *drawLists) contentBounds(f *Frame) geom.AABB {
	b := addPoses(f, l.geo.bounds)
	if !finiteBox(b) {
		return l.geo.bounds
	}
	return b
}

// depthSlack is how much room the depth range leaves around the content,
// as a fraction of its size: a pose dragged that far keeps the planes
// (and with them the scene's kept images) as they are.
const depthSlack = 0.25

// depthBounds returns the box the depth range is fitted to for content
// b seen by cam: last frame's box while the camera is the same and its
// depth range still holds b's (a pose may leave the box sideways, or a
// slide answer appear beside the mesh, without moving the planes) without
// being more than three times as deep, else b grown by depthSlack. Only
// the planes matter: keeping them keeps the scene's kept images valid, so
// dropping a pose on a big level does not redraw every triangle.
func (l *drawLists) depthBounds(b geom.AABB, cam Camera) geom.AABB {
	cam.Bounds = geom.AABB{}
	last := l.depthBox
	if l.depthCam == cam && !last.IsEmpty() && !b.IsEmpty() && finiteBox(b) && holdsDepth(cam, last, b) {
		return last
	}
	l.depthCam = cam
	if b.IsEmpty() || !finiteBox(b) {
		l.depthBox = geom.EmptyAABB()
		return b
	}
	l.depthBox = b.Expand(b.Size().Mul(depthSlack))
	return l.depthBox
}

// holdsDepth reports whether the depth range cam fits to box last holds
// the one it fits to b, and is at most three times as deep. When the eye
// is inside both boxes, both near planes are far*nearFarRatio, not the
// content's near depth; the kept one is then at most three times the
// fitted one (far is at most three times as deep), both some ten
// thousandths of far from the eye, and is kept: otherwise every frame of
// a drag whose poses change far by a hair (the eye inside a level) would
// move the near plane and redraw every triangle.
func holdsDepth(cam Camera, last, b geom.AABB) bool {
	cam.Bounds = last
	n0, f0, c0 := cam.depthRange()
	cam.Bounds = b
	n1, f1, c1 := cam.depthRange()
	return (n0 <= n1 || c0 && c1) && f1 <= f0 && f0-n0 <= 3*(f1-n1)
}

// triKey is what the scene triangles' vertices depend on: when it is the
// same as last frame's (the camera did not move, the mesh did not change,
// which is every frame of a drag), they are reused as they are.
type triKey struct {
	vp         mgl64.Mat4
	target     mgl64.Vec3
	w, h       float64
	ortho      bool
	generation int
}

func (l *drawLists) makeTriKey() triKey {
	return triKey{vp: l.pr.m, target: l.cam.Target, w: l.pr.w, h: l.pr.h, ortho: l.cam.Ortho, generation: l.geoGeneration}
}

// viewPoint returns the eye in homogeneous coordinates: (eye, 1) in
// perspective, and the point at infinity behind the view, (-fwd, 0), in
// Ortho. A triangle with plane (n, d) is seen from behind exactly when
// n . v.xyz - d v.w < 0.
func (l *drawLists) viewPoint() [4]float64 {
	if l.cam.Ortho {
		return [4]float64{-l.fwd[0], -l.fwd[1], -l.fwd[2], 0}
	}
	return [4]float64{l.eye[0], l.eye[1], l.eye[2], 1}
}

// triVertex is one scene vertex for the triangle shaders: pixel position
// s[0], s[1]; ColorR/G/B the barycentric weights b (edges are drawn where
// one reaches 0); ColorA the base colour flag (flagFront, flagBack,
// flagHit); Custom0 the reversed depth s[2]; Custom1..3 the world position
// w relative to the camera's Target (the shader lights the face with the
// normal it derives from their screen derivatives: flat shading without a
// per-triangle colour, and Target-relative so float32 keeps the
// precision). projectVertices builds the same layout per scene vertex.
func triVertex(s, w, b mgl64.Vec3, flag float32) ebiten.Vertex {
	return ebiten.Vertex{
		DstX: float32(s[0]), DstY: float32(s[1]),
		ColorR: float32(b[0]), ColorG: float32(b[1]), ColorB: float32(b[2]), ColorA: flag,
		Custom0: float32(s[2]), Custom1: float32(w[0]), Custom2: float32(w[1]), Custom3: float32(w[2]),
	}
}

// triChunk is the scene triangles of one range of geo.idx: verts the
// unclipped ones, three vertices each (a window of drawLists.tris, drawn with
// indices drawLists.seq), and cverts, cidx the clipped ones.
type triChunk struct {
	verts  []ebiten.Vertex
	cverts []ebiten.Vertex
	cidx   []uint32
}

// parallelMin is the fewest vertices or triangles worth a goroutine.
const parallelMin = 16384

// parts returns how many goroutines should share n items: one per CPU (or
// maxParts when set), at most 8, each with at least parallelMin items.
func (l *drawLists) parts(n int) int {
	cpus := runtime.GOMAXPROCS(0)
	if l.maxParts > 0 {
		cpus = l.maxParts
	}
	return max(1, min(cpus, 8, n/parallelMin))
}

// forParts runs fn(p, lo, hi) for the k parts [lo, hi) of [0, n)
// concurrently and waits for all.
func forParts(n, k int, fn func(p, lo, hi int)) {
	if k <= 1 {
		fn(0, 0, n)
		return
	}
	var wg sync.WaitGroup
	for p := 1; p < k; p++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fn(p, p*n/k, (p+1)*n/k)
		}()
	}
	fn(0, 0, n/k)
	wg.Wait()
}

// buildTriangles projects every scene vertex once, then emits each
// triangle that is not wholly outside one frustum plane: straight into its
// chunk when no corner needs clipping, else clipped and fanned into the
// chunk's clipped list.
func (l *drawLists) buildTriangles() {
	g := &l.geo
	n := len(g.pos)
	l.code = resize(l.code, n)
	l.vtx = resize(l.vtx, n)
	forParts(n, l.parts(n), l.projectVertices)
	nt := len(g.idx)
	l.tris = resize(l.tris, 3*nt)
	k := l.parts(nt)
	l.chunks = resize(l.chunks, k)
	forParts(nt, k, func(p, lo, hi int) { l.buildChunk(&l.chunks[p], lo, hi) })
	longest := 0
	for i := range l.chunks {
		longest = max(longest, len(l.chunks[i].verts))
	}
	if len(l.seq) < longest {
		l.seq = resize(l.seq, longest)
		for i := range l.seq {
			l.seq[i] = uint32(i)
		}
	}
}

// projectVertices projects scene vertices [lo, hi).
func (l *drawLists) projectVertices(_, lo, hi int) {
	o := l.cam.Target
	for i := lo; i < hi; i++ {
		p := l.geo.pos[i]
		q := l.pr.clip(p)
		c := outcode(q)
		l.code[i] = c
		if c&outClip == 0 {
			x, y, z := l.pr.screen(q)
			l.vtx[i] = ebiten.Vertex{
				DstX: float32(x), DstY: float32(y), Custom0: float32(z),
				Custom1: float32(p[0] - o[0]), Custom2: float32(p[1] - o[1]), Custom3: float32(p[2] - o[2]),
			}
		}
	}
}

// buildChunk emits the triangles [lo, hi) of geo.idx into c, its
// unclipped vertices into tris[3*lo:3*hi].
func (l *drawLists) buildChunk(c *triChunk, lo, hi int) {
	g := &l.geo
	out := l.tris[3*lo : 3*hi]
	c.cverts, c.cidx = c.cverts[:0], c.cidx[:0]
	e := l.viewPoint()
	nv := 0
	for k := lo; k < hi; k++ {
		t := &g.idx[k]
		c0, c1, c2 := l.code[t[0]], l.code[t[1]], l.code[t[2]]
		if c0&c1&c2 != 0 {
			continue // wholly outside one plane
		}
		flag := float32(flagFront)
		if pl := &g.plane[k]; pl[0]*e[0]+pl[1]*e[1]+pl[2]*e[2]-pl[3]*e[3] < 0 {
			flag = flagBack
		}
		if (c0|c1|c2)&outClip != 0 {
			c.cverts, c.cidx = l.appendClipped(c.cverts, c.cidx, k, flag)
			continue
		}
		vs := out[nv : nv+3 : nv+3]
		vs[0], vs[1], vs[2] = l.vtx[t[0]], l.vtx[t[1]], l.vtx[t[2]]
		vs[0].ColorR, vs[0].ColorA = 1, flag
		vs[1].ColorG, vs[1].ColorA = 1, flag
		vs[2].ColorB, vs[2].ColorA = 1, flag
		nv += 3
	}
	c.verts = out[:nv]
}

// buildHighlight queues the hit triangle (scene index hit) again, flagged
// flagHit; the colour pass draws it over itself where it is visible.
func (l *drawLists) buildHighlight(hit int) {
	g := &l.geo
	k := hit
	if k < 0 || k >= len(g.tri) || g.tri[k] != hit {
		k = -1
		for j, i := range g.tri { // some triangles were invalid: search
			if i == hit {
				k = j
				break
			}
		}
		if k < 0 {
			return
		}
	}
	l.htris, l.htriIdx = l.appendClipped(l.htris, l.htriIdx, k, flagHit)
}

// appendClipped clips scene triangle k (index into geo.idx) and appends
// what is left as a triangle fan. It projects the corners itself, so it
// works whether or not buildTriangles ran this frame.
func (l *drawLists) appendClipped(vs []ebiten.Vertex, idx []uint32, k int, flag float32) ([]ebiten.Vertex, []uint32) {
	g := &l.geo
	var tri [3]mgl64.Vec4
	var rel [3]mgl64.Vec3
	for j, vi := range g.idx[k] {
		tri[j] = l.pr.clip(g.pos[vi])
		rel[j] = g.pos[vi].Sub(l.cam.Target)
	}
	var pa, pb clipPoly
	clipTriangle(tri, &pa, &pb)
	if pa.n < 3 {
		return vs, idx
	}
	base := uint32(len(vs))
	for i := 0; i < pa.n; i++ {
		v := &pa.v[i]
		x, y, z := l.pr.screen(v.P)
		// Clip space is affine in world space, so the weights that give
		// the clipped point give its world position too.
		w := rel[0].Mul(v.B[0]).Add(rel[1].Mul(v.B[1])).Add(rel[2].Mul(v.B[2]))
		vs = append(vs, triVertex(mgl64.Vec3{x, y, z}, w, v.B, flag))
	}
	for i := 2; i < pa.n; i++ {
		idx = append(idx, base, base+uint32(i-1), base+uint32(i))
	}
	return vs, idx
}

// resize returns s with length n, reusing its storage when large enough.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
