package sweep

import (
	"encoding/binary"
	"math"
	"math/bits"
	"sync"
	"unsafe"
)

// The flat, quantized 4-wide bounding volume hierarchy and its traversal.
//
// The binned SAH build (bvh_build.go) makes a binary tree; wideNodes
// collapses it into nodes of up to four children (a child is an inner node
// or a leaf: a contiguous range of at most maxLeaf of the mesh's
// triangles, which are stored in leaf order), as in wide BVHs (Ylitie,
// Karras and Laine, "Efficient Incoherent Ray Traversal on GPUs Through
// Compressed Wide BVHs", 2017, section 3). The nodes are stored in
// depth-first order, a node's first inner child right after it.
//
// A node holds its four children's boxes in 8 bits per coordinate on a
// grid of its own: an origin (float32) and a power-of-two step per axis,
// child coordinate = origin + code * step. The step is a power of two, so
// code * step is exact; the encoder checks every decoded coordinate with
// the decoder's own arithmetic and rounds outward, so a decoded box always
// contains the child's triangles: culling stays conservative without any
// epsilon. A node is self-contained (the walk carries no parent box) and
// takes 56 bytes. The nodes are stored in preorder, or in treelet order
// for a large tree (treelet.go).

// wnode is one 4-wide node.
type wnode struct {
	org [3]float32  // the grid's origin: the node's min corner
	q   [6][4]uint8 // per child: min x, y, z, then max x, y, z codes
	ref [4]uint32   // per child: leaf size << refBits | first triangle, 0 << refBits | node; emptyRef if unused
	exp [3]int8     // the grid's step per axis is 2^exp
	// live has bit c set when child c is used (ref[c] != emptyRef): the
	// walk masks the entered children with it (it fills the padding).
	// Bit 4 is treeletBit (treelet.go), a hint to prefetch.
	live uint8
}

// step returns 2^e (e from minStepExp to 127: a normal float64).
func step(e int8) float64 { return math.Float64frombits(uint64(int64(e)+1023) << 52) }

const (
	refBits  = 28
	refMask  = 1<<refBits - 1
	qSteps   = 255          // the largest code
	maxNodes = 1 << refBits // node and triangle indices must fit in refBits
	emptyRef = math.MaxUint32
	// minStepExp is the exponent of the smallest step (the smallest
	// int8; the largest step needed, for extents up to 2*maxCoord, is
	// below 2^94).
	minStepExp = math.MinInt8
)

func makeRef(count, index uint32) uint32 { return count<<refBits | index }

// A leaf's size must fit in a reference's top 32 - refBits bits (leaf
// sizes up to 15): when maxLeaf does not, this array's length is negative,
// a compile error.
var _ [1<<(32-refBits) - 1 - maxLeaf]struct{}

// splitRef returns a reference's leaf size (0 for an inner node) and its
// index: the node for an inner node, the first triangle for a leaf.
func splitRef(r uint32) (count, index uint32) { return r >> refBits, r & refMask }

// box6 is a float64 box: min x, y, z then max x, y, z.
type box6 [6]float64

// decodeCoord is the decoder's arithmetic for one coordinate: origin o
// plus code q steps of s (explicit rounding: no FMA fusion, Go spec, so
// the encoder's check and the walk agree).
func decodeCoord(o float64, q uint8, s float64) float64 {
	return o + float64(float64(q)*s)
}

// child returns the decoded box of child c.
func (n *wnode) child(c int) box6 {
	var b box6
	for i := 0; i < 3; i++ {
		o, s := float64(n.org[i]), step(n.exp[i])
		b[i], b[3+i] = decodeCoord(o, n.q[i][c], s), decodeCoord(o, n.q[3+i][c], s)
	}
	return b
}

// liveMask returns the mask of n's used children (wnode.live).
func (n *wnode) liveMask() uint8 {
	var m uint8
	for c, r := range n.ref {
		if r != emptyRef {
			m |= 1 << c
		}
	}
	return m
}

// encodeAxis sets the grid of n on axis i for the node box lo..hi and the
// codes of its children's boxes kids on that axis: the smallest step
// from which every child's max code fits in 8 bits, each code rounded
// outward and checked against decodeCoord.
func (n *wnode) encodeAxis(i int, lo, hi float32, kids []box32) {
	o := float64(lo)
	e := minStepExp
	if ext := float64(hi) - o; ext > 0 {
		_, e = math.Frexp(ext / qSteps) // 2^e > ext/qSteps
		e = max(e, minStepExp)
	}
	for ; ; e++ {
		if n.codesFit(i, o, step(int8(e)), kids) {
			n.org[i], n.exp[i] = lo, int8(e)
			return
		}
	}
}

// codesFit stores the codes of kids on axis i for origin o and step s and
// reports whether every max fits. (The min and max builtins clamp: their
// answers are math.Min's and math.Max's, NaN and the signs of zeros
// included, inlined where those are calls.) s is a power of two (step)
// whose inverse is a float64 too, so x * (1/s) is x / s bit for bit (the
// same exact quotient, rounded once) without two divisions' latency a
// child.
func (n *wnode) codesFit(i int, o, s float64, kids []box32) bool {
	inv := 1 / s
	for c, k := range kids {
		lo, hi := float64(k.lo[i]), float64(k.hi[i])
		a := int(min(max(math.Floor(float64((lo-o)*inv)), 0), qSteps))
		for a > 0 && decodeCoord(o, uint8(a), s) > lo {
			a--
		}
		b := int(min(max(math.Ceil(float64((hi-o)*inv)), 0), qSteps))
		for b < qSteps && decodeCoord(o, uint8(b), s) < hi {
			b++
		}
		if decodeCoord(o, uint8(b), s) < hi {
			return false
		}
		n.q[i][c], n.q[3+i][c] = uint8(a), uint8(b)
	}
	return true
}

// wideNodes collapses the binary build tree bn into 4-wide nodes in
// depth-first order and returns them and the root's box (exact, as
// float64). A root that is a leaf becomes a node with that one child.
// Which binary nodes become wide nodes is planCuts' choice.
func wideNodes(bn []buildNode) ([]wnode, box6) {
	if len(bn) == 0 {
		return nil, box6{}
	}
	r := bn[0].box
	root := box6{float64(r.lo[0]), float64(r.lo[1]), float64(r.lo[2]),
		float64(r.hi[0]), float64(r.hi[1]), float64(r.hi[2])}
	w := wideEncoder{bn: bn}
	if bn[0].child < 0 {
		w.emit([]int32{0})
		return w.out, root
	}
	w.cost = planCuts(bn)
	if len(bn) < parallelMin {
		w.out = make([]wnode, 0, len(bn)/3+1)
		w.emit(w.collapse(0))
		return w.out, root
	}
	return w.emitApart(w.collapse(0)), root
}

// emitApart is emit for the root, whose children are kids, with the
// subtrees of its inner children encoded concurrently, each into a list
// of its own, and then appended after the root in order, their node
// references moved by where they land: the same nodes as emit's, which
// appends them one after the other. (The wide nodes ran on one core,
// beside the shorter Mesh.index: docs/performance.md, "The terrain's
// build, sixth round (`build6`, 2026-11-27)".)
func (w *wideEncoder) emitApart(kids []int32) []wnode {
	subs := make([][]wnode, len(kids))
	var wg sync.WaitGroup
	for c, k := range kids {
		if w.bn[k].child < 0 {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := wideEncoder{bn: w.bn, cost: w.cost}
			e.emit(e.collapse(k))
			subs[c] = e.out
		}()
	}
	wg.Wait()
	n := 1
	for _, sub := range subs {
		n += len(sub)
	}
	w.out = make([]wnode, 1, n)
	var refs [maxWide]uint32
	for c, k := range kids {
		if subs[c] == nil {
			refs[c] = w.childRef(k)
			continue
		}
		off := uint32(len(w.out))
		refs[c] = makeRef(0, off)
		for _, x := range subs[c] {
			x.moveRefs(off)
			w.out = append(w.out, x)
		}
	}
	w.out[0] = w.node(kids, &refs)
	return w.out
}

// moveRefs adds off to the node index of each of n's references to an
// inner node.
func (n *wnode) moveRefs(off uint32) {
	for c, r := range n.ref {
		if r != emptyRef && r>>refBits == 0 {
			n.ref[c] = r + off
		}
	}
}

type wideEncoder struct {
	bn   []buildNode
	out  []wnode
	cost [][maxWide]float64 // planCuts
}

// maxWide is the most children a wide node has.
const maxWide = 4

const (
	// cutReach is the half-extent, as a fraction of the root box's
	// largest extent, by which planCuts grows a node's box to weigh how
	// often a walk enters it: a cast whose shape and motion reach r
	// from a random start enters a box about as often as the start lies
	// in the box grown by r. Of 0.002, 0.005 (a Quake map's 16-unit
	// player in a level of some 3,000 units), 0.01, 0.02, 0.05 and 0.1,
	// 0.05 gave the fewest instructions a cast for the bytes
	// (docs/performance.md, "mem3").
	cutReach = 0.05
	// cutNodeCost is what a wide node's memory (56 bytes) costs in
	// planCuts, as a fraction of the root's grown volume, the weight of
	// the root: with 0 the plan minimises the walk's node visits alone,
	// and as it grows the plan takes fewer, fuller nodes for a few more
	// visits. 0.003 is the least of the values tried for which every
	// Quake map's bytes a triangle are at most native Jolt's
	// (docs/performance.md, "mem3").
	cutNodeCost = 0.003
)

// planCuts chooses, for the whole binary tree bn, which of its inner
// nodes become wide nodes: each wide node takes as its children a cut of
// two to four binary nodes under it, and each inner binary node of a cut
// becomes a wide node in turn. The plan minimises the sum over wide nodes
// of their weight, the volume of their box grown by cutReach (how often a
// walk visits one: every visit is the same four-child test) plus
// cutNodeCost (its memory). Dynamic programming, children before parents
// (the builder appends a node's children after it): cost[b][j] is the
// least cost of representing b's subtree as a cut of j+1 binary nodes
// (cost[b][0], b itself, is b's weight plus its best cut of two to four,
// or 0 for a leaf, which is no wide node; a leaf has no larger cut).
// A cut of b into j+1 is one of its first child into i+1 and one of its
// second into j-i, for the cheapest i.
//
// The greedy collapse it replaces (replace the inner child of largest
// area by its two children while there are fewer than four) left 22% of
// the slots of the Quake maps' nodes empty; the plan has 2.4-2.65 leaves
// a node instead of 2.0-2.2 on the meshes measured, and visits about as
// many (docs/performance.md, "mem3").
func planCuts(bn []buildNode) [][maxWide]float64 {
	cost := make([][maxWide]float64, len(bn))
	rb := bn[0].box
	reach := float64(cutReach * float64(max(rb.hi[0]-rb.lo[0], rb.hi[1]-rb.lo[1], rb.hi[2]-rb.lo[2])))
	grown := func(b *box32) float64 {
		return float64((float64(b.hi[0]-b.lo[0]) + float64(2*reach)) * (float64(b.hi[1]-b.lo[1]) + float64(2*reach)) *
			(float64(b.hi[2]-b.lo[2]) + float64(2*reach)))
	}
	perNode := float64(cutNodeCost * grown(&rb))
	inf := math.Inf(1)
	for b := len(bn) - 1; b >= 0; b-- {
		n := &bn[b]
		if n.child < 0 {
			cost[b] = [maxWide]float64{0, inf, inf, inf}
			continue
		}
		// The cuts into two, three and four, written out (as loops like
		// cut's, planCuts took 57.6 M instructions on the 1M-triangle
		// terrain instead of 25.9 M): the costs are never NaN, so min
		// gives what the loops' comparisons would.
		l, r := &cost[n.child], &cost[n.child+1]
		c := &cost[b]
		c[1] = l[0] + r[0]
		c[2] = min(l[0]+r[1], l[1]+r[0])
		c[3] = min(l[0]+r[2], l[1]+r[1], l[2]+r[0])
		c[0] = grown(&n.box) + perNode + min(c[1], c[2], c[3])
	}
	return cost
}

// collapse returns the children of the 4-wide node that the inner binary
// node b becomes: its cheapest cut of two to four (planCuts), in the
// binary tree's left-to-right order (so a node's leaves' triangles stay
// in leaf order).
func (w *wideEncoder) collapse(b int32) []int32 {
	c := &w.cost[b]
	j := 1
	for k := 2; k < maxWide; k++ {
		if c[k] < c[j] {
			j = k
		}
	}
	return w.cut(b, j, make([]int32, 0, maxWide))
}

// cut appends to kids the binary nodes of b's cheapest cut into j+1
// (planCuts' split: its first child's share i+1 for the cheapest i, the
// first such i on a tie).
func (w *wideEncoder) cut(b int32, j int, kids []int32) []int32 {
	if j == 0 {
		return append(kids, b)
	}
	n := &w.bn[b]
	l, r := &w.cost[n.child], &w.cost[n.child+1]
	best, at := math.Inf(1), 0
	for i := 0; i < j; i++ {
		if v := l[i] + r[j-1-i]; v < best {
			best, at = v, i
		}
	}
	kids = w.cut(n.child, at, kids)
	return w.cut(n.child+1, j-1-at, kids)
}

// emit appends the node whose children are the binary nodes kids, then
// the subtrees of its inner children (depth first), and returns its index.
func (w *wideEncoder) emit(kids []int32) uint32 {
	at := uint32(len(w.out))
	w.out = append(w.out, wnode{})
	var refs [maxWide]uint32
	for c, k := range kids {
		refs[c] = w.childRef(k)
	}
	w.out[at] = w.node(kids, &refs)
	return at
}

// childRef returns the reference to the binary node k as a child of a
// wide node: the leaf's, or that of the wide node k becomes, emitted.
func (w *wideEncoder) childRef(k int32) uint32 {
	if n := &w.bn[k]; n.child < 0 {
		return makeRef(uint32(n.count), uint32(n.first))
	}
	return makeRef(0, w.emit(w.collapse(k)))
}

// node returns the wide node whose children are the binary nodes kids,
// referenced by refs.
func (w *wideEncoder) node(kids []int32, refs *[maxWide]uint32) wnode {
	var n wnode
	var boxes [maxWide]box32
	all := emptyBox32()
	for c := range n.ref {
		if c >= len(kids) {
			n.ref[c] = emptyRef
			continue
		}
		k := &w.bn[kids[c]]
		boxes[c] = k.box
		all.grow(k.box.lo, k.box.hi)
		n.ref[c] = refs[c]
	}
	for i := 0; i < 3; i++ {
		n.encodeAxis(i, all.lo[i], all.hi[i], boxes[:len(kids)])
	}
	n.live = n.liveMask()
	return n
}

// walker visits the leaves of a mesh's tree that a moving box can touch,
// front to back: the point o + t*dir for t in [0, tmax], grown by the
// half-extents r on each side, against each node's box. Callers pass the
// current best t to next, which prunes every node entered later.
type walker struct {
	nodes  []wnode
	axes   [3]slabAxis // the slab test per axis
	moving bool        // along every axis: no still one (slabAxis.still); slab4 takes only such walks
	// The stack of nodes and leaves to visit, nearest on top: sp entries
	// (entry times in stackT, references in stackRef), below them the
	// entries of spilled (bottom first). The arrays are small (a walk
	// zeroes them; two arrays spare walkEntry's padding): deep trees spill
	// (see spill).
	stackT   [walkStack]float64
	stackRef [walkStack]uint32
	sp       int
	spilled  []walkEntry
	// leafTris is the mesh's triangle words (Mesh.tris) when its tree is
	// in treelet order (Mesh.treelets), else nil: walk4AVX2 then
	// prefetches the words of each leaf it pushes, which it reads after
	// the nearer child's subtree.
	leafTris *uint32
}

// walkStack is the walker's stack size: enough for trees of depth 15
// without spilling (expanding a node pushes at most three entries, its
// nearest child being visited in place; push and walk4AVX2 spill with
// room for four); the level and terrain meshes of the benchmarks have
// depths of 7 to 10.
const walkStack = 48

// slabAxis is the slab test on one axis of a box b grown by r: the
// moving point o + t*dir is inside for t between (b.min - r - o)·inv and
// (b.max + r - o)·inv, inv = 1/dir (+Inf for a zero component of either
// sign, see startAt). Ordered by the direction's sign, the slab is entered
// at its near side (b.min for inv >= 0, else b.max: offset on = o + r,
// else o - r) and left at its far side (offset of). nearOff and farOff
// are the byte offsets in a wnode of the near and far code rows (rows()
// gives their indices). slab4_amd64.s hard-codes this layout: 48 bytes.
type slabAxis struct {
	nearOff, farOff uintptr
	on, of          float64
	ninv, inv       float64 // -inv and inv
}

// rows returns the indices of the near and far code rows (wnode.q), and
// of the near and far sides in a box6.
func (a *slabAxis) rows() (near, far int) {
	qOff := unsafe.Offsetof(wnode{}.q)
	return int((a.nearOff - qOff) >> 2), int((a.farOff - qOff) >> 2)
}

// still reports whether the point does not move along the axis (inv is
// infinite).
func (a *slabAxis) still() bool { return a.inv > math.MaxFloat64 }

// walkEntry is a spilled entry of the walker's stack.
type walkEntry struct {
	t   float64 // entry parameter of the grown box
	ref uint32  // a node or a leaf, as in wnode.ref
}

// start prepares a walk over m's tree; it reports false when the root's
// grown box is not reached for t in [0, tmax].
func (w *walker) start(m *Mesh, o, dir, r [3]float64, tmax float64) bool {
	return w.startAt(m, &o, &dir, &r, tmax)
}

// startAt is start with the vectors passed by pointer (a mesh sweep's
// set-up). It orders each axis's slab by the direction's sign without a
// branch (random motions have either sign as often): the offsets on and
// of are o + r and o - r with r negated for a negative direction (x + -y
// and x - -y are exactly x - y and x + y), the code rows are those of the
// min and the max, swapped by an offset of three rows, and the root's
// sides likewise.
//
// The root's entry is the slab method, axis by axis as each is set: the
// first t in [0, tmax] at which the moving point lies in the root's box
// grown by r, if any. For a zero direction component 1/dir is +Inf: a
// point outside that slab gives an infinite entry or exit (culled), and
// one exactly on its boundary gives 0*Inf = NaN, which every comparison
// ignores (the slab does not constrain t), as it should for a point
// inside. (With -Inf the sides would be swapped, and a NaN and an infinity
// misordered, hence the +Inf.) The slab is entered at its near side: for
// a moving axis the entry is at most the exit (the grown box is not empty
// and the products are monotonic), so this is what sorting the two
// products would give. (Plain comparisons rather than math.Min and
// math.Max, which are calls, or the min and max builtins, which would
// propagate a NaN.)
func (w *walker) startAt(m *Mesh, o, dir, r *[3]float64, tmax float64) bool {
	w.nodes, w.sp, w.spilled, w.leafTris = m.nodes, 0, w.spilled[:0], nil
	if m.treelets && len(m.tris) > 0 {
		w.leafTris = &m.tris[0]
	}
	const qOff = unsafe.Offsetof(wnode{}.q)
	moving := true
	root := (*[2][3]float64)(unsafe.Pointer(&m.root)) // min, max
	t0, t1 := 0.0, tmax
	for i := 0; i < 3; i++ {
		a := &w.axes[i]
		inv := 1 / dir[i]
		if math.IsInf(inv, 0) {
			inv = math.Inf(1) // -0 (or a tiny negative) too: see below
			moving = false
		}
		neg := uint64(b2u(inv < 0))
		rs := math.Float64frombits(math.Float64bits(r[i]) ^ neg<<63) // r, or -r for a negative direction
		swap := uintptr(12 * neg)                                    // three rows of four codes
		// Field by field: a composite literal is built aside and copied.
		a.nearOff, a.farOff = qOff+uintptr(4*i)+swap, qOff+uintptr(4*(3+i))-swap
		a.on, a.of = o[i]+rs, o[i]-rs
		a.ninv, a.inv = -inv, inv
		if e := float64((root[neg&1][i] - a.on) * inv); e > t0 {
			t0 = e
		}
		if x := float64((root[(neg^1)&1][i] - a.of) * inv); x < t1 {
			t1 = x
		}
	}
	w.moving = moving
	if len(m.nodes) == 0 || !(t0 <= t1) {
		return false
	}
	w.stackT[0], w.stackRef[0] = t0, makeRef(0, 0)
	w.sp = 1
	return true
}

// enterChildren returns the entry and exit times of n's four children,
// clamped to [0, tmax]: child c is entered by tmax if t[c] <= x[c]
// (unused slots' answers are meaningless).
//
// The slab test has four forms, one definition: enterChildrenGo is it,
// in Go; slab4 (slab4_amd64.s, SSE2) is the same arithmetic four children
// at a time, which enterChildren takes on amd64 for a moving walk;
// slab4AVX2 is the same again in one AVX2 register, returning the entered
// mask (kept for TestSlab4MatchesGo); walk4AVX2 is nextGo's whole loop in
// assembly around slab4AVX2's arithmetic, which next takes where the CPU
// has AVX2, for every walk. A change to the test goes into
// enterChildrenGo and then into each assembly form; TestSlab4MatchesGo and
// TestWalk4MatchesGo require them to agree with it (the times up to the
// sign of a zero, the walks exactly).
//
// On an axis along which the point moves it is startAt's root test on
// the decoded boxes, with the same arithmetic (for dir[i] >= 0 the slab's
// entry is at its min and its exit at its max, the other way round for
// dir[i] < 0, which is where startAt's rows put them), but without
// branches: 1/dir is finite, so no product is NaN and the min builtin
// gives what startAt's comparisons do. The entry times are kept negated
// (max(t, a) is -min(-t, -a), and the product by -1/dir is exactly -a),
// which spares the builtin max's sign flips. On an axis along which it
// does not move (1/dir = +Inf) it is startAt's root test exactly: each
// product is an infinity, or NaN for a point on the grown slab's boundary,
// which the comparisons ignore (minNum): a point inside the slab leaves
// the times alone, one outside gives an infinite entry (-Inf, negated) or
// a -Inf exit, so the child is never entered. The four children are
// written out (scalars stay in registers; arrays would not).
func (w *walker) enterChildren(n *wnode, tmax float64) (t, x [4]float64) {
	if haveSlab4 && w.moving {
		slab4(n, &w.axes, tmax, &t, &x)
		return t, x
	}
	return w.enterChildrenGo(n, tmax)
}

// enterChildrenGo is enterChildren in Go.
func (w *walker) enterChildrenGo(n *wnode, tmax float64) (t, x [4]float64) {
	var e0, e1, e2, e3 float64 // minus the entry times
	x0, x1, x2, x3 := tmax, tmax, tmax, tmax
	for i := range w.axes {
		a := &w.axes[i]
		o, s := float64(n.org[i]), step(n.exp[i])
		// The four children's codes, one load each.
		near, far := a.rows()
		qn, qf := binary.LittleEndian.Uint32(n.q[near][:]), binary.LittleEndian.Uint32(n.q[far][:])
		on, of := a.on, a.of
		ninv, inv := a.ninv, a.inv
		if a.still() {
			e0, e1 = minNum(e0, float64((decodeCoord(o, uint8(qn), s)-on)*ninv)), minNum(e1, float64((decodeCoord(o, uint8(qn>>8), s)-on)*ninv))
			e2, e3 = minNum(e2, float64((decodeCoord(o, uint8(qn>>16), s)-on)*ninv)), minNum(e3, float64((decodeCoord(o, uint8(qn>>24), s)-on)*ninv))
			x0, x1 = minNum(x0, float64((decodeCoord(o, uint8(qf), s)-of)*inv)), minNum(x1, float64((decodeCoord(o, uint8(qf>>8), s)-of)*inv))
			x2, x3 = minNum(x2, float64((decodeCoord(o, uint8(qf>>16), s)-of)*inv)), minNum(x3, float64((decodeCoord(o, uint8(qf>>24), s)-of)*inv))
			continue
		}
		e0, e1 = min(e0, (decodeCoord(o, uint8(qn), s)-on)*ninv), min(e1, (decodeCoord(o, uint8(qn>>8), s)-on)*ninv)
		e2, e3 = min(e2, (decodeCoord(o, uint8(qn>>16), s)-on)*ninv), min(e3, (decodeCoord(o, uint8(qn>>24), s)-on)*ninv)
		x0, x1 = min(x0, (decodeCoord(o, uint8(qf), s)-of)*inv), min(x1, (decodeCoord(o, uint8(qf>>8), s)-of)*inv)
		x2, x3 = min(x2, (decodeCoord(o, uint8(qf>>16), s)-of)*inv), min(x3, (decodeCoord(o, uint8(qf>>24), s)-of)*inv)
	}
	return [4]float64{-e0, -e1, -e2, -e3}, [4]float64{x0, x1, x2, x3}
}

// minNum returns the smaller of a and p, or a when p is NaN (a never is):
// the min of startAt's comparisons, and of the assembly's VMINPD with the
// product as its first source.
func minNum(a, p float64) float64 {
	if p < a {
		return p
	}
	return a
}

// next returns the next leaf entered at a t no greater than tmax, nearest
// first: its triangles are first..first+count-1 in leaf order. On a CPU
// with AVX2, walk4AVX2 runs the loop (nextGo's, in assembly); the
// spilling and unspilling are left here.
func (w *walker) next(tmax float64) (first, count uint32, ok bool) {
	if !walk4On {
		return w.nextGo(tmax)
	}
	ref := uint32(emptyRef) // pop first
	for {
		ref = walk4AVX2(w, tmax, ref)
		if ref == emptyRef {
			if !w.unspill() {
				return 0, 0, false
			}
			continue
		}
		if cnt, idx := splitRef(ref); cnt > 0 {
			return idx, cnt, true
		}
		w.spill() // ref is an inner node to expand
	}
}

// walk4On is useAVX2, a variable so that tests can compare walk4AVX2's
// walks with the Go loop's.
var walk4On = useAVX2

// nextGo is next in Go. A node is expanded in place: its nearest entered
// child is visited next and the others are pushed (push), which is what
// pushing them all, sorted by falling t, and popping the top would give;
// the nearest is entered by tmax (the entry test), so the pop's check
// could not drop it.
func (w *walker) nextGo(tmax float64) (first, count uint32, ok bool) {
	var t [4]float64 // entry times of the children of the node expanded
	for w.sp > 0 || w.unspill() {
		w.sp--
		if w.stackT[w.sp] > tmax {
			continue
		}
		for ref := w.stackRef[w.sp]; ; {
			cnt, idx := splitRef(ref)
			if cnt > 0 {
				return idx, cnt, true
			}
			n := &w.nodes[idx]
			in := w.enterMask(n, tmax, &t)
			if in == 0 {
				break
			}
			if in&(in-1) == 0 { // one child: nothing to push (most nodes)
				ref = n.ref[bits.TrailingZeros(uint(in))&3]
				continue
			}
			ref = w.push(n, &t, in)
		}
	}
	return 0, 0, false
}

// enterMask is slab4AVX2 without AVX2 (slab4, or the Go form for a walk
// with a still axis, see enterChildren): it stores the entry times of n's children in t and
// returns the mask of the used children entered by tmax.
func (w *walker) enterMask(n *wnode, tmax float64, t *[4]float64) int {
	var x [4]float64
	if haveSlab4 && w.moving {
		slab4(n, &w.axes, tmax, t, &x)
	} else {
		*t, x = w.enterChildrenGo(n, tmax)
	}
	return enteredMask(t, &x) & int(n.live)
}

// push pushes the children of n in the mask in (two or more, entered at
// the times t) but the nearest, which it returns, nearer on top: the stack
// and the returned child are what pushing them all sorted by falling t
// (among equal t the later child on top) and popping the top would give.
func (w *walker) push(n *wnode, t *[4]float64, in int) (nearest uint32) {
	if w.sp > walkStack-4 {
		w.spill()
	}
	c := bits.TrailingZeros(uint(in)) & 3
	nearest, topT := n.ref[c], t[c]
	base := w.sp
	for in &= in - 1; in != 0; in &= in - 1 {
		c = bits.TrailingZeros(uint(in)) & 3
		r, tc := n.ref[c], t[c]
		if tc <= topT { // the new child is the nearest: the held one is pushed
			r, tc, nearest, topT = nearest, topT, r, tc
		}
		// Insertion into the pushed entries, sorted by falling t.
		j := w.sp
		for j > base && w.stackT[j-1] < tc {
			w.stackT[j], w.stackRef[j] = w.stackT[j-1], w.stackRef[j-1]
			j--
		}
		w.stackT[j], w.stackRef[j] = tc, r
		w.sp++
	}
	return nearest
}

// enteredMask returns the mask of the children entered by the times t and x
// of enterChildren: bit c is set when t[c] <= x[c].
func enteredMask(t, x *[4]float64) int {
	in := 0
	for c := range t {
		if t[c] <= x[c] {
			in |= 1 << c
		}
	}
	return in
}

// spill moves the bottom half of the stack to spilled (the far entries,
// visited last).
func (w *walker) spill() {
	h := w.sp / 2
	for i := 0; i < h; i++ {
		w.spilled = append(w.spilled, walkEntry{t: w.stackT[i], ref: w.stackRef[i]})
	}
	copy(w.stackT[:], w.stackT[h:w.sp])
	w.sp = copy(w.stackRef[:], w.stackRef[h:w.sp])
}

// unspill moves the top of spilled back to the empty stack and reports
// whether there was any.
func (w *walker) unspill() bool {
	h := max(len(w.spilled)-walkStack/2, 0)
	for i, e := range w.spilled[h:] {
		w.stackT[i], w.stackRef[i] = e.t, e.ref
	}
	w.sp = len(w.spilled) - h
	w.spilled = w.spilled[:h]
	return w.sp > 0
}
