package sweep

import (
	"math"
	"math/bits"
	"sync/atomic"
	"unsafe"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// Mesh is a triangle mesh prepared for sweeps: an indexed copy of the
// triangles (float64, exact) and a bounding volume hierarchy over them.
//
// Memory: the vertices are deduplicated (bitwise-identical positions share
// one entry) and stored as float32 when every coordinate is exactly a
// float32 (12 bytes a vertex: integer-coordinate levels and glTF files,
// whose positions are float32, always are; converting back to float64 is
// exact, so no answer changes), else as float64 (24 bytes). Each triangle
// is one 4-byte word, its three vertex indices, 10 bits each, relative to
// the vertex base of its group of 32 triangles in leaf order (4 bytes a
// group; a vertex that falls out of a group's window of 1024 is stored
// again: 1 to 8% more vertices on the meshes measured), and a 2-byte
// original index (relative to a base a run of triangles on meshes of more
// than 65,536: indexIDs). A tree node (4-wide) takes 56 bytes, about one
// node per nine triangles (planCuts). On the generated and real levels
// this is 18.2 to 20.4 bytes per triangle with float32 vertices; on a
// terrain grid (about half as many vertices as triangles) about 26.7 with
// float64 ones (docs/performance.md, "mem2" and "mem3"). BytesPerTriangle reports the figure
// of any mesh. (A triangle soup sharing no vertices needs 72 bytes per
// triangle for its float64 vertices alone.)
//
// A Mesh is immutable after NewMesh and safe for concurrent use.
type Mesh struct {
	verts  []mgl64.Vec3 // vertices, unless vert32 holds them
	vert32 [][3]float32 // vertices, when every coordinate is a float32
	// tris holds per triangle in leaf order its vertex indices relative to
	// the base of its group: a | b<<triIdxBits | c<<2*triIdxBits (the top
	// two bits zero); vertex a of the triangle at k is
	// vbase[k>>groupShift] + a (triVerts).
	tris  []uint32
	vbase []uint32 // per group of 1<<groupShift triangles in leaf order: the vertex base
	// ids holds per triangle in leaf order its original index minus
	// idBase[k>>idShift] (id, indexIDs): a mesh of at most 1<<16
	// triangles has one base, 0 (idShift 31: k>>31 is 0 for every k below
	// maxNodes), a larger one a base a run of 1<<idShift triangles, the
	// lowest of the run's indices.
	ids     []uint16
	idBase  []uint32
	idShift uint8
	nodes   []wnode // the tree, root first
	// treelets tells that nodes is in treelet order (treeletOrder).
	treelets bool
	root     box6 // the root's box, exact
	n        int  // number of triangles given to NewMesh

	// last is the shape of the last ellipsoid swept whose M is
	// invertible (setShape): a cache, replaced whole, so a Mesh stays
	// safe for concurrent use.
	last atomic.Pointer[lastShape]
}

// lastShape is a shape and the axes it was made from, with their
// smallest semi-axis (the slide's unit: Mesh.ellipsoidUnit).
type lastShape struct {
	axes axesKey
	s    shape
	unit float64
}

// axesKey is the bits of an ellipsoid's nine axis coordinates: a shape
// is reused only for the very same numbers (-0 is not +0).
type axesKey [9]uint64

// axesBits returns e's axesKey.
func axesBits(e *Ellipsoid) (b axesKey) {
	for i, a := range &e.Axes {
		b[3*i], b[3*i+1], b[3*i+2] = math.Float64bits(a[0]), math.Float64bits(a[1]), math.Float64bits(a[2])
	}
	return b
}

// setShape sets q's shape for e (shape.invert and derive): the last one
// this mesh made when e has the same axes, bit for bit, which spares a
// sweep most of its set-up. Else it makes it and keeps it for the next
// sweep. (Sweeps of two shapes taking turns on one mesh make a shape,
// and an allocation, each time; the answers are the same either way.)
func (m *Mesh) setShape(e *Ellipsoid, q *Query) {
	if l := m.last.Load(); l != nil && l.axes.matches(e) {
		q.shape = l.s
		return
	}
	q.shape = shape{} // q may hold an earlier sweep's (sweepScratch)
	q.shape.invert(e)
	q.shape.derive()
	if q.inverted {
		m.last.Store(&lastShape{axes: axesBits(e), s: q.shape, unit: e.minAxis()})
	}
}

// ellipsoidUnit is e's Shape.Unit, its smallest semi-axis: kept with the
// mesh's last shape when that is e's (a slide asks it for its default
// skin every call, SlideOptions.WithDefaults, and its three careful
// lengths cost a slide on the terrain about 2% of its instructions).
func (m *Mesh) ellipsoidUnit(e *Ellipsoid) float64 {
	if l := m.last.Load(); l != nil && l.axes.matches(e) {
		return l.unit
	}
	return e.minAxis()
}

// matches reports whether k is e's axesKey, bit for bit: the nine
// words' differences ORed, with one branch (an array comparison
// builds e's key and calls memequal). Each XOR is in parentheses: Go
// gives | and ^ the same precedence, left to right, and without them
// the expression was (((k0^x0)|k1)^x1)|..., which is zero for some
// different axes (TestAxesKeyEveryBit, docs/performance.md, "Pooled
// cast state, fifth round").
func (k *axesKey) matches(e *Ellipsoid) bool {
	a := &e.Axes
	d := (k[0] ^ math.Float64bits(a[0][0])) | (k[1] ^ math.Float64bits(a[0][1])) | (k[2] ^ math.Float64bits(a[0][2])) |
		(k[3] ^ math.Float64bits(a[1][0])) | (k[4] ^ math.Float64bits(a[1][1])) | (k[5] ^ math.Float64bits(a[1][2])) |
		(k[6] ^ math.Float64bits(a[2][0])) | (k[7] ^ math.Float64bits(a[2][1])) | (k[8] ^ math.Float64bits(a[2][2]))
	return d == 0
}

const (
	// triIdxBits is the width of a vertex index relative to its group's
	// base (Mesh.tris): a group's vertices lie in a window of
	// 1<<triIdxBits vertices from its base. Three fit in a 32-bit word.
	triIdxBits = 10
	triIdxMask = 1<<triIdxBits - 1
	// groupShift: a group is 1<<groupShift triangles in leaf order, which
	// share one vertex base.
	groupShift = 5
	groupSize  = 1 << groupShift
	// maxCoord bounds the coordinates of triangles that take part: larger
	// or non-finite ones would overflow the float32 build boxes.
	maxCoord = 1e30
)

// vertWindow is the window of vertex indices a group may use from its
// base, at most 1<<triIdxBits and at least 3*groupSize (a variable so
// that tests can make it small and exercise the copies of vertices that
// fall out of it: Mesh.index).
var vertWindow = 1 << triIdxBits

// NewMesh builds the acceleration structure over tris. Triangle indices in
// hits are indices into tris. tris is not retained.
//
// Triangles with a coordinate that is not finite or larger than 1e30 in
// magnitude are left out (never hit), as are triangles from index 2^28 on.
// Degenerate (zero-area) triangles take part like any other: what the
// narrow phase reports for them is what Sweep reports.
//
// The vertex deduplication runs concurrently with the tree build, and the
// tree's quantization with the indexing of the triangles.
func NewMesh(tris []geom.Triangle) *Mesh {
	m := &Mesh{n: len(tris)}
	var corners []uint32
	var verts []mgl64.Vec3
	done := make(chan struct{})
	go func() {
		corners, verts = dedupCorners(tris)
		close(done)
	}()
	refs := make([]primRef, min(len(tris), maxNodes))
	n := 0
	for i := range refs {
		if refOf(&tris[i], uint32(i), &refs[n]) {
			n++
		}
	}
	refs = refs[:n]
	tree := buildTree(refs)
	encoded := make(chan struct{})
	go func() {
		m.nodes, m.root = wideNodes(tree)
		if len(m.nodes) >= treeletMinNodes {
			m.nodes, m.treelets = treeletOrder(m.nodes), true
		}
		close(encoded)
	}()
	<-done
	m.index(refs, corners, verts)
	<-encoded
	return m
}

// axisRange returns the least and the greatest coordinate of t's
// vertices on axis i, by the min and max builtins (branch-free; a -0 and
// a +0 give -0 as the min and +0 as the max), and whether both lie within
// maxCoord. That rules out NaN and ±Inf too: the builtins return NaN when
// any argument is NaN, and every comparison with NaN is false. (A finite
// sum of the nine coordinates, tested first, said the same for 15 more
// instructions a triangle on NewMesh's serial loop.)
func axisRange(t *geom.Triangle, i int) (lo, hi float64, ok bool) {
	lo, hi = min(t[0][i], t[1][i], t[2][i]), max(t[0][i], t[1][i], t[2][i])
	return lo, hi, lo >= -maxCoord && hi <= maxCoord
}

// refOf stores in r the build reference of t, its box rounded outward to
// float32 (floor32 and ceil32: without a branch, where a triangle's
// coordinates that are not float32 values round either way as often as
// not), and reports whether t is usable (r holds nothing of use
// otherwise). The centroid is that of the rounded box: (lo + hi) * 0.5 in
// float32. (It writes r in place, an axis at a time: a primRef returned
// by value, or a box6 of the triangle, went through temporaries written
// and read with moves of different widths, whose reads waited on the
// writes, as in swapRefs.)
func refOf(t *geom.Triangle, id uint32, r *primRef) bool {
	usable := true
	for i := 0; i < 3; i++ {
		lo64, hi64, ok := axisRange(t, i)
		usable = usable && ok
		lo, hi := floor32(lo64), ceil32(hi64) // anything for NaN: not used
		r.lo[i], r.hi[i] = keyOf(lo), keyOf(hi)
		r.c[i] = float32((lo + hi) * 0.5)
	}
	r.id = id
	return usable
}

// dedupCorners gives every bitwise-distinct vertex of the triangles below
// maxNodes one index: corners[3i+j] is the index of tris[i][j] in verts.
// Triangles that take no part (not usable) are indexed too: Mesh.index
// reads only the corners of those that do, and numbers their vertices
// anew, so theirs cost table space and nothing else, and the check
// (about a tenth of this function's CPU profile on the 1M-triangle
// terrain) is left to NewMesh's own loop.
//
// Neighbours in a mesh's order often share vertices, so a corner is first
// matched against the previous triangle's; the others go to the hash
// table a block of dedupBlock triangles at a time (dedupBatch).
func dedupCorners(tris []geom.Triangle) (corners []uint32, verts []mgl64.Vec3) {
	tris = tris[:min(len(tris), maxNodes)]
	d := newDedup(3 * len(tris))
	corners = make([]uint32, 3*len(tris))
	var batch dedupBatch
	for lo := 0; lo < len(tris); lo += dedupBlock {
		hi := min(lo+dedupBlock, len(tris))
		batch.look(d, tris, lo, hi)
		batch.add(d, tris, corners, lo, hi)
	}
	return corners, d.verts
}

// dedupBlock is the number of triangles dedupBatch looks up at once.
const dedupBlock = 64

// dedupBatch holds, per corner of a block of triangles, which corner of
// the previous triangle has its bits (0 to 2) or 3 for none, and for the
// others the corner's hash. On a large mesh the table's slot a corner
// hashes to is a cache miss more often than not (the 1M-triangle
// terrain's table is 4 MB): look reads the block's slots first, loads
// that do not wait on one another, so that add's probes find them cached.
type dedupBatch struct {
	prev [3 * dedupBlock]uint8
	hash [3 * dedupBlock]uint64
	sink uint32 // the slots' words, ORed: keeps look's loads
}

// look fills the batch for triangles lo..hi-1, then reads their slots in
// a loop of its own, a few instructions a corner. (Read in the loop that
// also hashes, some 40 instructions a corner, few slots were in flight at
// once, and that loop took 11% of the terrain build's CPU samples; reading
// the full slots' vertices too, for addHashed's comparison, in a third
// loop, saved nothing more: docs/performance.md, "The terrain's build,
// sixth round (`build6`, 2026-11-27)".)
func (b *dedupBatch) look(d *dedup, tris []geom.Triangle, lo, hi int) {
	for i := lo; i < hi; i++ {
		c := 3 * (i - lo)
		prev := (*[3]uint8)(b.prev[c : c+3])
		if i > 0 {
			matchCorners(&tris[i], &tris[i-1], prev)
		} else {
			*prev = [3]uint8{3, 3, 3}
		}
		for j, k := range prev {
			if k == 3 {
				b.hash[c+j] = hashVec(tris[i][j])
			}
		}
	}
	n := 3 * (hi - lo)
	prev, hash := b.prev[:n], b.hash[:n]
	slots, mask := d.slots, d.mask
	sink := uint32(0)
	for c, p := range prev {
		if p == 3 {
			sink |= slots[hash[c]&mask]
		}
	}
	b.sink |= sink
}

// add numbers the corners of triangles lo..hi-1 as look found them.
func (b *dedupBatch) add(d *dedup, tris []geom.Triangle, corners []uint32, lo, hi int) {
	for i := lo; i < hi; i++ {
		for j := 0; j < 3; j++ {
			c := 3*(i-lo) + j
			if k := b.prev[c]; k < 3 {
				corners[3*i+j] = corners[3*(i-1)+int(k)]
			} else {
				corners[3*i+j] = d.addHashed(&tris[i][j], b.hash[c])
			}
		}
	}
}

// matchCorners stores in prev, for each corner of t, which vertex of p
// has its bits (the first of equals, 0 to 2), or 3. It reads p's nine
// words once and tests each corner against its three vertices without a
// branch (sameBits' ORed differences). (A call a corner testing p's
// vertices in turn, each read again, took 200M instructions on the
// 1M-triangle terrain: docs/performance.md, "The terrain's build,
// seventh round (`build7`, 2026-11-28)".)
func matchCorners(t, p *geom.Triangle, prev *[3]uint8) {
	q, tt := (*[3][3]uint64)(unsafe.Pointer(p)), (*[3][3]uint64)(unsafe.Pointer(t))
	for j := range tt {
		v := &tt[j]
		k := uint32(3)
		if bitsDiff(v, &q[2]) == 0 {
			k = 2
		}
		if bitsDiff(v, &q[1]) == 0 {
			k = 1
		}
		if bitsDiff(v, &q[0]) == 0 {
			k = 0
		}
		prev[j] = uint8(k)
	}
}

// bitsDiff returns the differences of v's and w's words, ORed: 0 exactly
// when they are the same.
func bitsDiff(v, w *[3]uint64) uint64 { return (v[0] ^ w[0]) | (v[1] ^ w[1]) | (v[2] ^ w[2]) }

// sameBits reports whether v and w are bitwise the same: the three words'
// differences ORed, with one branch. (Three comparisons joined by && were
// three branches each; the check of a triangle's corners against the
// previous triangle's took 5x as long that way on the 1M-triangle
// terrain.)
func sameBits(v, w *mgl64.Vec3) bool {
	return bitsDiff((*[3]uint64)(unsafe.Pointer(v)), (*[3]uint64)(unsafe.Pointer(w))) == 0
}

// index stores the triangles of refs, in leaf order, as indices into a
// copy of verts renumbered in order of first use, so that the vertices of
// nearby triangles lie near each other in memory. A group of groupSize
// triangles in leaf order stores its indices relative to its base, which
// is vertWindow - 3*groupSize below the number of vertices stored before
// it (or 0): the vertices the group adds (at most three a triangle) and
// those stored since its base fit in the window; a vertex stored before
// the base is stored again (bitwise the same) and later groups use the
// copy. A window of 1024 stores 1 to 8% more vertices than there are
// distinct ones on the levels measured (docs/performance.md, "mem2").
// The original indices are stored apart (indexIDs), concurrently: at the
// end of a build the wide nodes and this loop are all that is left to do.
func (m *Mesh) index(refs []primRef, corners []uint32, verts []mgl64.Vec3) {
	ids := make(chan struct{})
	go func() {
		m.indexIDs(refs)
		close(ids)
	}()
	const unseen = math.MaxUint32
	at := make([]uint32, len(verts)) // where each vertex was stored last
	for i := range at {
		at[i] = unseen
	}
	m.verts = make([]mgl64.Vec3, 0, len(verts))
	m.tris = make([]uint32, len(refs))
	m.vbase = make([]uint32, (len(refs)+groupSize-1)/groupSize)
	var base uint32
	for k := range refs {
		if k%groupSize == 0 {
			base = uint32(max(len(m.verts)+3*groupSize-vertWindow, 0))
			m.vbase[k/groupSize] = base
		}
		id := refs[k].id
		var w uint32
		for j := 0; j < 3; j++ {
			v := corners[3*id+uint32(j)]
			if at[v] == unseen || at[v] < base {
				at[v] = uint32(len(m.verts))
				m.verts = append(m.verts, verts[v])
			}
			w |= (at[v] - base) << (j * triIdxBits)
		}
		m.tris[k] = w
	}
	<-ids
	m.narrow()
}

// indexIDs stores the original indices of refs (in leaf order) in 16
// bits each relative to a base (Mesh.ids): 0 for a mesh of at most 1<<16
// triangles, else the lowest index of each run of 1<<idShift triangles,
// the longest runs up to a group (groupShift) whose indices all span
// less than 1<<16 (idRuns). A level's triangles near each other in
// space, which the tree's leaves gather, are mostly near each other in
// its order too.
func (m *Mesh) indexIDs(refs []primRef) {
	m.ids = make([]uint16, len(refs))
	if m.n <= 1<<16 {
		m.idBase, m.idShift = []uint32{0}, 31
		for k := range refs {
			m.ids[k] = uint16(refs[k].id) // by index: range would copy each 40-byte primRef
		}
		return
	}
	id := make([]uint32, len(refs))
	for k := range refs {
		id[k] = refs[k].id
	}
	m.idShift, m.idBase = idRuns(id)
	for k, x := range id {
		m.ids[k] = uint16(x - m.idBase[k>>m.idShift])
	}
}

// idRuns returns the largest s up to groupShift for which the indices id
// of every run of 1<<s triangles span less than 1<<16 (0 if none: a run
// of one always does), and the lowest index of each run. Level by level
// from runs of one (the indices themselves), each run's lowest and
// highest index come from its two halves'.
func idRuns(id []uint32) (uint8, []uint32) {
	lo, hi := id, id
	for s := uint8(0); s < groupShift; s++ {
		n := (len(lo) + 1) / 2
		up, uphi := make([]uint32, n), make([]uint32, n)
		for i := range up {
			b := min(2*i+1, len(lo)-1)
			up[i], uphi[i] = min(lo[2*i], lo[b]), max(hi[2*i], hi[b])
			if uphi[i]-up[i] > math.MaxUint16 {
				return s, lo
			}
		}
		lo, hi = up, uphi
	}
	return groupShift, lo
}

// narrow moves the vertices to float32 storage when that is exact: every
// coordinate converts to float32 and back unchanged (bitwise: the sign of
// a zero survives the conversion, and NaN cannot occur in usable
// triangles).
func (m *Mesh) narrow() {
	for _, v := range m.verts {
		for _, x := range v {
			if float64(float32(x)) != x {
				return
			}
		}
	}
	// One vertex of padding past the end: the leaf filter reads each
	// vertex with one 16-byte load, the last one's four bytes past it
	// (leaf4_amd64.s, LANE).
	m.vert32 = make([][3]float32, len(m.verts), len(m.verts)+1)
	for i, v := range m.verts {
		m.vert32[i] = [3]float32{float32(v[0]), float32(v[1]), float32(v[2])}
	}
	m.verts = nil
}

// vertex returns the i-th vertex.
func (m *Mesh) vertex(i uint64) mgl64.Vec3 {
	if m.vert32 != nil {
		v := &m.vert32[i]
		return mgl64.Vec3{float64(v[0]), float64(v[1]), float64(v[2])}
	}
	return m.verts[i]
}

// triVerts returns the vertex indices of the k-th triangle in leaf order.
func (m *Mesh) triVerts(k uint32) (a, b, c uint64) {
	p, base := uint64(m.tris[k]), uint64(m.vbase[k>>groupShift])
	return base + p&triIdxMask, base + p>>triIdxBits&triIdxMask, base + p>>(2*triIdxBits)
}

// id returns the original index of the k-th triangle in leaf order
// (indexIDs).
func (m *Mesh) id(k uint32) int { return idAt(m.ids, m.idBase, m.idShift, k) }

// idAt is Mesh.id on the mesh's ids, idBase and idShift, which a loop
// over many triangles (testFromStart) keeps in registers.
func idAt(ids []uint16, bases []uint32, shift uint8, k uint32) int {
	return int(bases[k>>(shift&31)] + uint32(ids[k]))
}

// load stores the k-th triangle in leaf order in t: tri, written in
// place (a triangle returned by value is built in temporaries and copied
// twice), with float32 vertices read without tri's per-vertex branches.
func (m *Mesh) load(k uint32, t *geom.Triangle) {
	if m.vert32 == nil {
		*t = m.tri(k)
		return
	}
	i, j, l := m.triVerts(k)
	v := m.vert32
	a, b, c := &v[i], &v[j], &v[l]
	t[0][0], t[0][1], t[0][2] = float64(a[0]), float64(a[1]), float64(a[2])
	t[1][0], t[1][1], t[1][2] = float64(b[0]), float64(b[1]), float64(b[2])
	t[2][0], t[2][1], t[2][2] = float64(c[0]), float64(c[1]), float64(c[2])
}

// nearBox is a world box [lo, hi] in the form loadNear compares float32
// vertices with: lo rounded up and hi rounded down to float32. For a
// float32 v and a float64 hi, v > hi exactly when v > hi rounded down to
// float32 (the next float32 above that is already above hi), and v < lo
// exactly when v < lo rounded up: the same answers as the float64
// comparisons of outsideBox on the converted vertices, without converting.
type nearBox struct {
	lo, hi [3]float32
}

// set makes b the float32 form of [lo, hi].
func (b *nearBox) set(lo, hi *[3]float64) {
	b.lo = [3]float32{ceil32(lo[0]), ceil32(lo[1]), ceil32(lo[2])}
	b.hi = [3]float32{floor32(hi[0]), floor32(hi[1]), floor32(hi[2])}
}

// floor32 is the largest float32 at most x (-Inf below the float32 range,
// MaxFloat32 above it); x is not NaN.
//
// When the nearest float32 f lies above x it steps one float32 down: one
// step of the magnitude's bits, down for a positive f (+Inf becomes
// MaxFloat32) and up for a negative one (-0, from a tiny negative x,
// becomes -SmallestNonzeroFloat32; +0 is never above x, which has its
// sign). Without a branch: whether f lies above x is as often true as not,
// and a sweep rounds six coordinates (nearBox.set).
func floor32(x float64) float32 {
	f := float32(x) // nearest
	b := math.Float32bits(f)
	up := uint32(b2u(float64(f) > x))             // 1 when f must step down
	neg := b >> 31                                // 1 for a negative f
	m := neg - 1                                  // 0 for a negative f, all ones for a positive one
	return math.Float32frombits(b + (up ^ m) - m) // b + up, or b - up
}

// ceil32 is the smallest float32 at least x; x is not NaN.
func ceil32(x float64) float32 { return -floor32(-x) }

// loadNear is load for the common form (float32 vertices, which the
// caller has checked) after outsideBox's test against
// b, on the float32 vertices: it reports false, and leaves t alone, when
// outsideBox would reject the triangle against the float64 box b was set
// from (see nearBox), and otherwise stores the triangle in t as load does.
// Most triangles of the leaves a sweep enters lie outside the swept box;
// this spares them the nine conversions and the stores.
func (m *Mesh) loadNear(k uint32, b *nearBox, t *geom.Triangle) bool {
	i, j, l := m.triVerts(k)
	v := m.vert32
	a, bb, c := &v[i], &v[j], &v[l]
	if outside32(a[0], bb[0], c[0], b.lo[0], b.hi[0]) || outside32(a[1], bb[1], c[1], b.lo[1], b.hi[1]) ||
		outside32(a[2], bb[2], c[2], b.lo[2], b.hi[2]) {
		return false
	}
	t[0][0], t[0][1], t[0][2] = float64(a[0]), float64(a[1]), float64(a[2])
	t[1][0], t[1][1], t[1][2] = float64(bb[0]), float64(bb[1]), float64(bb[2])
	t[2][0], t[2][1], t[2][2] = float64(c[0]), float64(c[1]), float64(c[2])
	return true
}

// loadNear64 is loadNear for float64 vertices: it reports false, and
// leaves t alone, when outsideBox would reject the triangle against the
// box lo..hi (triOutsideSlab's comparisons on the same numbers, read in
// place),
// and otherwise stores it in t as load does. A triangle returned by value
// (tri) is copied twice before the box test; most triangles of the leaves
// a sweep enters lie outside its box.
func (m *Mesh) loadNear64(k uint32, lo, hi *[3]float64, t *geom.Triangle) bool {
	i, j, l := m.triVerts(k)
	a, b, c := &m.verts[i], &m.verts[j], &m.verts[l]
	for n := 0; n < 3; n++ {
		if outside64(a[n], b[n], c[n], lo[n], hi[n]) {
			return false
		}
	}
	t[0], t[1], t[2] = *a, *b, *c
	return true
}

// outside32 reports whether x, y and z all lie above hi or all below lo.
func outside32(x, y, z, lo, hi float32) bool {
	return (x > hi && y > hi && z > hi) || (x < lo && y < lo && z < lo)
}

// tri returns the k-th triangle in leaf order.
func (m *Mesh) tri(k uint32) geom.Triangle {
	a, b, c := m.triVerts(k)
	return geom.Triangle{m.vertex(a), m.vertex(b), m.vertex(c)}
}

// Len returns the number of triangles given to NewMesh.
func (m *Mesh) Len() int { return m.n }

// Bounds returns the box of every triangle that takes part (rounded
// outward to float32 precision), or an empty box for a mesh without any.
func (m *Mesh) Bounds() geom.AABB {
	if len(m.nodes) == 0 {
		return geom.EmptyAABB()
	}
	r := m.root
	return geom.AABB{Min: mgl64.Vec3{r[0], r[1], r[2]}, Max: mgl64.Vec3{r[3], r[4], r[5]}}
}

// Bytes returns the memory the built mesh holds: vertices (with the
// float32 ones' padding), triangles (vertex indices and original
// indices), the groups' vertex and index bases and the tree.
func (m *Mesh) Bytes() int {
	return len(m.verts)*int(unsafe.Sizeof(mgl64.Vec3{})) + 12*cap(m.vert32) + 4*len(m.tris) + 4*len(m.vbase) +
		2*len(m.ids) + 4*len(m.idBase) +
		len(m.nodes)*int(unsafe.Sizeof(wnode{})) + int(unsafe.Sizeof(*m))
}

// BytesPerTriangle returns Bytes divided by Len (0 for an empty mesh).
func (m *Mesh) BytesPerTriangle() float64 {
	if m.n == 0 {
		return 0
	}
	return float64(m.Bytes()) / float64(m.n)
}

// dedup assigns one index to every bitwise-distinct vertex (open
// addressing, linear probing; slots hold index+1, 0 is empty). The table
// starts sized for a typical mesh (about half as many vertices as
// triangles; the vertex slice a little more) and doubles when it is half
// full.
type dedup struct {
	verts []mgl64.Vec3
	slots []uint32
	mask  uint64
}

func newDedup(corners int) *dedup {
	d := &dedup{verts: make([]mgl64.Vec3, 0, corners/5+16)}
	d.resize(max(16, corners/3))
	return d
}

// resize makes the table at least n slots (a power of two) and reinserts
// every vertex.
func (d *dedup) resize(n int) {
	size := 16
	for size < n {
		size *= 2
	}
	d.slots, d.mask = make([]uint32, size), uint64(size-1)
	for i, v := range d.verts {
		j := hashVec(v) & d.mask
		for d.slots[j] != 0 {
			j = (j + 1) & d.mask
		}
		d.slots[j] = uint32(i + 1)
	}
}

// hashVec hashes a vertex's bits for the table, whose index is the hash's
// low bits. Integer-valued coordinates (grid-snapped levels) have all-zero
// low mantissa bits, and a product by an odd constant keeps low zero bits
// zero, so the combined words go through MurmurHash3's 64-bit finaliser
// (fmix64), whose every output bit depends on every input bit. Without it
// a 180,000-triangle integer grid built 26x slower than the same grid
// shifted by a non-integer offset (BenchmarkNewMeshIntegerCoords).
func hashVec(v mgl64.Vec3) uint64 {
	x, y, z := math.Float64bits(v[0]), math.Float64bits(v[1]), math.Float64bits(v[2])
	h := x*0x9E3779B97F4A7C15 ^ bits.RotateLeft64(y, 21)*0xC2B2AE3D27D4EB4F ^ bits.RotateLeft64(z, 42)*0x165667B19E3779F9
	h ^= h >> 33
	h *= 0xFF51AFD7ED558CCD
	h ^= h >> 33
	h *= 0xC4CEB9FE1A85EC53
	return h ^ h>>33
}

// addHashed returns the index of *v, whose hashVec is h, adding *v if it
// is new. (v by pointer: a vertex passed by value was copied twice through
// the stack with overlapping 16-byte moves, the second copy's loads
// waiting on the first's stores, as in swapRefs.)
func (d *dedup) addHashed(v *mgl64.Vec3, h uint64) uint32 {
	for i := h & d.mask; ; i = (i + 1) & d.mask {
		s := d.slots[i]
		if s == 0 {
			d.verts = append(d.verts, *v)
			d.slots[i] = uint32(len(d.verts))
			if 2*len(d.verts) > len(d.slots) {
				d.resize(2 * len(d.slots))
			}
			return uint32(len(d.verts) - 1)
		}
		if sameBits(&d.verts[s-1], v) {
			return s - 1
		}
	}
}
