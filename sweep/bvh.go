package sweep

import "math"

// The flat, quantized bounding volume hierarchy and its traversal.
//
// Nodes live in one slice; the children of an inner node are adjacent
// (first, first+1); a leaf names a contiguous range of the mesh's
// triangles, which are stored in leaf order. A node's box is stored in 8
// bits per coordinate relative to its parent's box (decoded from the root
// down during traversal, as in compressed BVHs): each min coordinate as a
// number of 1/255 steps up from the parent's min, each max coordinate as a
// number of steps down from the parent's max. The encoder checks every
// decoded coordinate with the decoder's own arithmetic and rounds outward,
// so a decoded box always contains the node's triangles: culling stays
// conservative without any epsilon. A node takes 10 bytes.

// qnode is one quantized node.
type qnode struct {
	q      [6]uint8 // min x, y, z steps up from the parent's min; max x, y, z steps down from its max
	lo, hi uint16   // ref = lo | hi<<16 with the leaf size in the top 4 bits (0: inner node)
}

const (
	refBits  = 28
	refMask  = 1<<refBits - 1
	qSteps   = 255          // steps per parent extent
	maxNodes = 1 << refBits // node and triangle indices must fit in refBits
)

func makeQnode(q [6]uint8, count, index uint32) qnode {
	r := count<<refBits | index
	return qnode{q: q, lo: uint16(r), hi: uint16(r >> 16)}
}

// ref returns the node's leaf size (0 for an inner node) and its index:
// the first child for an inner node, the first triangle for a leaf.
func (n *qnode) ref() (count, index uint32) {
	r := uint32(n.lo) | uint32(n.hi)<<16
	return r >> refBits, r & refMask
}

// box6 is a float64 box: min x, y, z then max x, y, z.
type box6 [6]float64

// decode returns the box that q describes inside the parent box p.
func decode(p *box6, q *[6]uint8) box6 {
	s := steps(p)
	var b box6
	decodeWith(p, &s, q, &b)
	return b
}

// steps returns the step sizes of p: its extents / qSteps.
func steps(p *box6) [3]float64 {
	return [3]float64{(p[3] - p[0]) * (1.0 / qSteps), (p[4] - p[1]) * (1.0 / qSteps), (p[5] - p[2]) * (1.0 / qSteps)}
}

// decodeWith stores in b the box that q describes inside p, whose step
// sizes are s. The tree walk (enterChild) and decode share it: a
// hand-inlined copy in the walk measured no faster (BenchmarkSweepLevelLoop,
// best of 6 interleaved runs: block 2598 vs 2600 ns, dense 19321 vs 19132
// ns per cast), so there is one copy.
func decodeWith(p *box6, s *[3]float64, q *[6]uint8, b *box6) {
	for i := 0; i < 3; i++ {
		b[i] = p[i] + float64(float64(q[i])*s[i]) // explicit rounding: no FMA fusion (Go spec), so encoder and decoder agree
		b[3+i] = p[3+i] - float64(float64(q[3+i])*s[i])
	}
}

// encode returns the codes of the box c inside the parent box p (c must lie
// in p), each rounded outward and checked against decode.
func encode(p *box6, c box32) [6]uint8 {
	var q [6]uint8
	for i := 0; i < 3; i++ {
		s := (p[3+i] - p[i]) * (1.0 / qSteps)
		if !(s > 0) || math.IsInf(s, 0) {
			continue // codes 0 decode to the parent's own bounds
		}
		lo, hi := float64(c.lo[i]), float64(c.hi[i])
		k := int(math.Min(math.Max(math.Floor((lo-p[i])/s), 0), qSteps))
		for k > 0 && p[i]+float64(float64(k)*s) > lo {
			k--
		}
		m := int(math.Min(math.Max(math.Floor((p[3+i]-hi)/s), 0), qSteps))
		for m > 0 && p[3+i]-float64(float64(m)*s) < hi {
			m--
		}
		q[i], q[3+i] = uint8(k), uint8(m)
	}
	return q
}

// encodeNodes quantizes the build tree top-down (a parent's decoded box is
// the frame of its children's codes). The root's own box is returned
// exactly (as float64); its codes are unused.
func encodeNodes(bn []buildNode) ([]qnode, box6) {
	if len(bn) == 0 {
		return nil, box6{}
	}
	out := make([]qnode, len(bn))
	r := bn[0].box
	root := box6{float64(r.lo[0]), float64(r.lo[1]), float64(r.lo[2]),
		float64(r.hi[0]), float64(r.hi[1]), float64(r.hi[2])}
	type item struct {
		node int32
		box  box6 // the node's decoded box
	}
	stack := []item{{0, root}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := &bn[it.node]
		if n.child < 0 {
			out[it.node] = makeQnode(out[it.node].q, uint32(n.count), uint32(n.first))
			continue
		}
		out[it.node] = makeQnode(out[it.node].q, 0, uint32(n.child))
		for c := n.child; c <= n.child+1; c++ {
			q := encode(&it.box, bn[c].box)
			out[c].q = q
			stack = append(stack, item{c, decode(&it.box, &q)})
		}
	}
	return out, root
}

// walker visits the leaves of a mesh's tree that a moving box can touch,
// front to back: the point o + t*dir for t in [0, tmax], grown by the
// half-extents r on each side, against each node's box. Callers pass the
// current best t to next, which prunes every node entered later.
type walker struct {
	nodes []qnode
	// The slab test of box b grown by r: on axis i the moving point is
	// inside for t between (b.min - r - o)·inv and (b.max + r - o)·inv, so
	// oLo = o + r and oHi = o - r are subtracted from b.min and b.max.
	oLo, oHi [3]float64
	inv      [3]float64 // 1/dir; +Inf for a zero component (of either sign)
	stack    [maxDepth + 2]walkEntry
	sp       int
}

type walkEntry struct {
	box  box6
	t    float64 // entry parameter of the grown box
	node uint32
}

// start prepares a walk over m's tree; it reports false when the root's
// grown box is not reached for t in [0, tmax].
func (w *walker) start(m *Mesh, o, dir, r [3]float64, tmax float64) bool {
	w.nodes, w.sp = m.nodes, 0
	for i := 0; i < 3; i++ {
		w.oLo[i], w.oHi[i] = o[i]+r[i], o[i]-r[i]
		w.inv[i] = 1 / dir[i]
		if math.IsInf(w.inv[i], 0) {
			w.inv[i] = math.Inf(1) // -0 (or a tiny negative) too: see enter
		}
	}
	if len(m.nodes) == 0 {
		return false
	}
	t, ok := w.enter(&m.root, tmax)
	if ok {
		w.stack[0] = walkEntry{box: m.root, t: t, node: 0}
		w.sp = 1
	}
	return ok
}

// enter returns the first t in [0, tmax] at which the moving point lies in
// b grown by r (the slab method), or false if there is none. For a zero
// direction component 1/dir is +Inf: a point outside that slab gives an
// infinite entry or exit (culled), and one exactly on its boundary gives
// 0*Inf = NaN, which every comparison in slab ignores (the slab does not
// constrain t), as it should for a point inside. (With -Inf the swap
// would misorder a NaN and an infinity, hence start's +Inf.)
func (w *walker) enter(b *box6, tmax float64) (float64, bool) {
	t0, t1 := w.slab(0, b[0], b[3], 0, tmax)
	t0, t1 = w.slab(1, b[1], b[4], t0, t1)
	t0, t1 = w.slab(2, b[2], b[5], t0, t1)
	return t0, t0 <= t1
}

// slab narrows [t0, t1] to the times at which the moving point lies
// between lo and hi grown by r along axis i. (Plain comparisons rather
// than math.Min and math.Max, which are calls, or the min and max
// builtins, which would propagate a NaN; the axis is a constant at every
// call, so the indexing is not checked.)
func (w *walker) slab(i int, lo, hi, t0, t1 float64) (float64, float64) {
	a, c := (lo-w.oLo[i])*w.inv[i], (hi-w.oHi[i])*w.inv[i]
	if a > c {
		a, c = c, a
	}
	if a > t0 {
		t0 = a
	}
	if c < t1 {
		t1 = c
	}
	return t0, t1
}

// enterChild is decode followed by enter for a child with codes q of the
// parent box p whose step sizes (p's extents / qSteps) are s: it stores
// the child's box in b and returns its entry time. One pass per axis,
// with decode's arithmetic, so the box is bitwise decode's.
func (w *walker) enterChild(p *box6, s *[3]float64, q *[6]uint8, b *box6, tmax float64) (float64, bool) {
	decodeWith(p, s, q, b)
	return w.enter(b, tmax)
}

// next returns the next leaf entered at a t no greater than tmax, nearest
// first: its triangles are first..first+count-1 in leaf order.
func (w *walker) next(tmax float64) (first, count uint32, ok bool) {
	for w.sp > 0 {
		w.sp--
		e := &w.stack[w.sp]
		if e.t > tmax {
			continue
		}
		cnt, idx := w.nodes[e.node].ref()
		if cnt > 0 {
			return idx, cnt, true
		}
		kids := w.nodes[idx : idx+2 : idx+2]
		s := steps(&e.box)
		var bl, br box6
		tl, okl := w.enterChild(&e.box, &s, &kids[0].q, &bl, tmax)
		tr, okr := w.enterChild(&e.box, &s, &kids[1].q, &br, tmax)
		if okl && okr && tr < tl { // push the far child first
			w.push(&bl, tl, idx)
			w.push(&br, tr, idx+1)
			continue
		}
		if okr {
			w.push(&br, tr, idx+1)
		}
		if okl {
			w.push(&bl, tl, idx)
		}
	}
	return 0, 0, false
}

func (w *walker) push(b *box6, t float64, node uint32) {
	e := &w.stack[w.sp]
	e.box, e.t, e.node = *b, t, node
	w.sp++
}
