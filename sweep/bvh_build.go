package sweep

import (
	"math"
	"slices"
	"unsafe"
)

// Building the bounding volume hierarchy (binned SAH).
//
// The build works on primRefs: one conservative float32 box per triangle
// (rounded outward, so every box still contains its triangle exactly),
// held as order-preserving integer keys (keyOf) so that growing boxes is
// integer min and max, its centroid (computed once: the binning and the
// centroid ranges read one coordinate of it per ref at every level; 12
// more bytes a ref while the tree is built) and the triangle's original
// index. A node's range of refs is split where the
// surface area heuristic, evaluated at numBins bin boundaries of the
// centroids along the node's longest axis (Wald, "On fast Construction of SAH-based Bounding
// Volume Hierarchies", 2007), is cheapest. Ranges of at most maxLeaf
// triangles become leaves. The result is a tree of buildNodes whose
// children come in adjacent pairs; encodeNodes then quantizes it.

const (
	// maxLeaf is the largest number of triangles in a leaf: Jolt's eight,
	// two passes of the four-lane leaf filter (leafLanes). Larger leaves
	// save node memory and cost narrow-phase tests. Against four, eight
	// (with nodeCost 2.5) took 5-11% fewer bytes a triangle on the level
	// benchmarks and the real levels for the same instructions a cast
	// (docs/performance.md, "leaf8").
	maxLeaf = 8
	// nodeCost is the SAH cost of visiting a node relative to testing a
	// triangle of a leaf, by which a range of at most maxLeaf triangles is
	// still split (fill). Leaves with one room-sized triangle among small
	// ones have boxes far larger than most of their triangles, which a
	// Quake-like level is full of. With leaves of up to four, against
	// never splitting such a range (instructions per cast on the
	// Quake-like / dense map 7,610 / 33,849, 28.2 / 26.5 bytes per
	// triangle; an older narrow phase): 2.5 gave 7,264 / 33,740 (29.9 /
	// 26.6 bytes), 2 gave 7,131 / 34,239 (31.9 / 28.1 bytes, and 13% more
	// on a terrain), 3 gave 7,373 / 33,741 (28.8 / 26.5). With leaves of
	// up to eight (block / dense sweeps): 2.5 gives 5,507 / 28,977 (23.3 /
	// 21.8 bytes), 2 gives 5,445 / 29,434 (24.0 / 23.7), 3 gives 5,662 /
	// 29,054 (22.9 / 20.8), 4 gives 6,056 / 29,096 (22.1 / 19.2), never
	// splitting 6,329 / 29,297 (21.9 / 18.9).
	nodeCost = 2.5
	// numBins is the number of centroid bins per axis for the SAH.
	numBins = 16
	// sahDepth is the depth past which splits are at the object median,
	// which bounds the tree's depth by sahDepth + 32 for any input.
	sahDepth = 40
	// maxDepth bounds the depth of any tree the builder makes; the
	// traversal stack has this many entries.
	maxDepth = sahDepth + 34
	// asmChunk is the most refs binRefs and centroidRange hand their
	// assembly at once: the assembly cannot be preempted, and a stop of
	// the world (the garbage collector's) waits for it, the other
	// goroutines stopped meanwhile. A chunk of 1<<15 refs takes some
	// 0.1 ms; a whole range at the root, 1M refs on the terrain, took
	// milliseconds.
	asmChunk = 1 << 15
	// parallelMin is the triangle count from which the two halves below
	// the root are built on two goroutines.
	parallelMin = 1 << 15
)

// primRef is one triangle during the build: its conservative box (as
// keys), the box's centroid and the triangle's index in the mesh's
// compacted triangle list.
type primRef struct {
	_ [0]uint64 // 8-byte alignment: swapRefs moves a ref as five words
	keyBox
	c  [3]float32 // the box's centroid, (lo + hi) * 0.5 in float32
	id uint32
}

// refWords is a primRef as the five words swapRefs moves, and partition
// holds while others move: four in a struct the compiler keeps in
// registers (at most four fields) and one.
type refWords struct {
	head struct{ w0, w1, w2, w3 uint64 }
	tail uint64
}

// This fails to compile if a primRef is not five words.
var _ = [1]struct{}{}[unsafe.Sizeof(primRef{})-unsafe.Sizeof(refWords{})]

// swapRefs swaps *p and *q a word at a time, in registers. The plain
// swap (p, q = q, p on the refs) went through a stack temporary that it
// wrote with overlapping 16-byte stores (bytes 0-15, 16-31 and 24-39)
// and read back with the same loads: the middle load needs bytes from two
// stores, which the processor cannot forward, so it waited for both to
// reach the cache. That load took 63% of partition's CPU samples on the
// 1M-triangle terrain (docs/performance.md, "The terrain's build, sixth
// round (`build6`, 2026-11-27)").
func swapRefs(p, q *primRef) {
	a, b := (*refWords)(unsafe.Pointer(p)), (*refWords)(unsafe.Pointer(q))
	a.head, b.head = b.head, a.head
	a.tail, b.tail = b.tail, a.tail
}

func (p *primRef) centroid(axis int) float32 { return p.c[axis] }

// mustAxis panics unless axis is 0, 1 or 2. Called (inlined) before a
// loop that reads one centroid coordinate a ref, it lets the compiler
// drop that read's bounds check from the loop.
func mustAxis(axis int) {
	if uint(axis) >= 3 {
		panic("sweep: axis out of range")
	}
}

// keyOf maps a float32 (not NaN) to an int32 that orders as the float
// does, with -0 just below +0: the sign bit stays and a negative float's
// other bits are flipped, so a larger magnitude is a smaller key. Integer
// min and max on keys are then the min and max builtins on the floats,
// bit for bit (those also put -0 below +0), and compile to a compare and
// a conditional move where the float forms take two MINSS or MAXSS and
// an OR to get the signed zeros right (the box growing of the SAH build
// was the largest single function of its CPU profile).
func keyOf(f float32) int32 {
	b := int32(math.Float32bits(f))
	return b ^ (b >> 31 & math.MaxInt32)
}

// keyFloat is the float32 of a key (keyOf's inverse: the map is its own
// inverse).
func keyFloat(k int32) float32 { return math.Float32frombits(uint32(k ^ (k >> 31 & math.MaxInt32))) }

// keyBox is a box32 in keys (keyOf), the form the build grows boxes in.
type keyBox struct{ lo, hi [3]int32 }

// emptyKeyBox is the key form of emptyBox32.
var emptyKeyBox = keyBoxOf(emptyBox32())

// keyBoxOf returns b in keys.
func keyBoxOf(b box32) keyBox {
	return keyBox{lo: [3]int32{keyOf(b.lo[0]), keyOf(b.lo[1]), keyOf(b.lo[2])},
		hi: [3]int32{keyOf(b.hi[0]), keyOf(b.hi[1]), keyOf(b.hi[2])}}
}

// box returns the box32 of k.
func (k *keyBox) box() box32 {
	return box32{lo: [3]float32{keyFloat(k.lo[0]), keyFloat(k.lo[1]), keyFloat(k.lo[2])},
		hi: [3]float32{keyFloat(k.hi[0]), keyFloat(k.hi[1]), keyFloat(k.hi[2])}}
}

// grow extends k to contain o: box32.grow on the floats.
func (k *keyBox) grow(o *keyBox) {
	k.lo = [3]int32{min(k.lo[0], o.lo[0]), min(k.lo[1], o.lo[1]), min(k.lo[2], o.lo[2])}
	k.hi = [3]int32{max(k.hi[0], o.hi[0]), max(k.hi[1], o.hi[1]), max(k.hi[2], o.hi[2])}
}

// area is box32.area of the floats.
func (k *keyBox) area() float32 {
	dx := keyFloat(k.hi[0]) - keyFloat(k.lo[0])
	dy := keyFloat(k.hi[1]) - keyFloat(k.lo[1])
	dz := keyFloat(k.hi[2]) - keyFloat(k.lo[2])
	if dx < 0 || dy < 0 || dz < 0 {
		return 0
	}
	return float32(dx*dy) + float32(dy*dz) + float32(dz*dx)
}

// box32 is an axis-aligned box in float32 (min, max).
type box32 struct{ lo, hi [3]float32 }

func emptyBox32() box32 {
	inf := float32(math.Inf(1))
	return box32{lo: [3]float32{inf, inf, inf}, hi: [3]float32{-inf, -inf, -inf}}
}

// grow extends b to contain the box lo..hi. (The min and max builtins
// compile to branch-free code; plain comparisons were branches that the
// SAH binning's random boxes mispredict.)
func (b *box32) grow(lo, hi [3]float32) {
	b.lo = [3]float32{min(b.lo[0], lo[0]), min(b.lo[1], lo[1]), min(b.lo[2], lo[2])}
	b.hi = [3]float32{max(b.hi[0], hi[0]), max(b.hi[1], hi[1]), max(b.hi[2], hi[2])}
}

// area is half the surface area, or 0 for an empty box (enough for SAH
// comparisons).
func (b *box32) area() float32 {
	dx, dy, dz := b.hi[0]-b.lo[0], b.hi[1]-b.lo[1], b.hi[2]-b.lo[2]
	if dx < 0 || dy < 0 || dz < 0 {
		return 0
	}
	return float32(dx*dy) + float32(dy*dz) + float32(dz*dx)
}

// buildNode is a node of the unquantized tree: its box, and either the
// index of its first child (the second is first+1) or a range of refs.
type buildNode struct {
	box          box32
	child        int32 // -1 for a leaf
	first, count int32 // leaf's range in the ref array
}

// builder builds the subtree over one range of refs into its own node list.
// Builders of disjoint ranges share refs and bins.
type builder struct {
	refs []primRef
	// bins holds per ref (same index) the bin binRefs put it in last, for
	// partition: recomputing the centroid and its bin there cost about 7%
	// of the tree's time on the 1M-triangle terrain.
	bins  []uint8
	nodes []buildNode
	// boxes and counts are the bins of the range being split (binRefs):
	// each builder's own, so that neither is zeroed or copied a split.
	boxes  [numBins]binBox
	counts [numBins]int32
	sweep  binSweep
}

// boxOf returns the box of refs[lo:hi].
func (b *builder) boxOf(lo, hi int) keyBox {
	// The six keys in locals, which the compiler keeps in registers
	// (growing a keyBox stored each key back a ref).
	e := &emptyKeyBox
	l0, l1, l2, h0, h1, h2 := e.lo[0], e.lo[1], e.lo[2], e.hi[0], e.hi[1], e.hi[2]
	refs := b.refs[lo:hi]
	for k := range refs {
		r := &refs[k]
		l0, l1, l2 = min(l0, r.lo[0]), min(l1, r.lo[1]), min(l2, r.lo[2])
		h0, h1, h2 = max(h0, r.hi[0]), max(h1, r.hi[1]), max(h2, r.hi[2])
	}
	return keyBox{lo: [3]int32{l0, l1, l2}, hi: [3]int32{h0, h1, h2}}
}

// fill makes node ni the root of the subtree over refs[lo:hi], whose box
// is box.
//
// The boxes go by pointer, and split, smallSplit and setNode write theirs
// in place: returned by value, a box came back on the stack, written a
// key or a float at a time and copied on with 16-byte moves, which wait
// for the stores they span to reach the cache (as in swapRefs); those
// copies took most of fill's CPU samples on the 1M-triangle terrain
// (docs/performance.md, "The terrain's build, sixth round (`build6`,
// 2026-11-27)").
func (b *builder) fill(ni, lo, hi int, box *keyBox, depth int) {
	var mid int
	var l, r keyBox
	if n := hi - lo; n > maxLeaf {
		mid = b.split(lo, hi, box, depth, &l, &r)
	} else {
		// A range that may be a leaf is split only when that is cheaper
		// by the SAH: n·A as a leaf against nodeCost·A + n_L·A_L + n_R·A_R.
		// With nodeCost >= 2 a pair never is (A_L + A_R >= 0).
		leaf := n <= 2
		if !leaf {
			var cost float32
			mid, cost = b.smallSplit(lo, hi, box, &l, &r)
			a := box.area() // once: area is not inlined
			leaf = float32(n)*a <= float32(nodeCost*a)+cost
		}
		if leaf {
			b.setNode(ni, box, -1, lo, n)
			return
		}
	}
	c := len(b.nodes)
	b.nodes = append(b.nodes, buildNode{}, buildNode{})
	b.setNode(ni, box, int32(c), 0, 0)
	b.fill(c, lo, mid, &l, depth+1)
	b.fill(c+1, mid, hi, &r, depth+1)
}

// setNode sets node ni: the box of box, its child (-1 for a leaf) and
// for a leaf its range of refs.
func (b *builder) setNode(ni int, box *keyBox, child int32, first, count int) {
	n := &b.nodes[ni]
	for i := 0; i < 3; i++ {
		n.box.lo[i], n.box.hi[i] = keyFloat(box.lo[i]), keyFloat(box.hi[i])
	}
	n.child, n.first, n.count = child, int32(first), int32(count)
}

// split partitions refs[lo:hi] (whose box is box) into two non-empty
// halves and returns the boundary, and stores the halves' boxes in l and
// r: at the cheapest SAH bin boundary along the box's longest axis, the
// bins spanning the centroids' range on it, or at the object median when
// the tree is already deep or the centroids do not spread along the axis.
func (b *builder) split(lo, hi int, box *keyBox, depth int, l, r *keyBox) int {
	axis := longestAxis(box)
	nb := min(hi-lo, numBins) // small ranges need no more bins than refs
	cmin, cmax := b.centroidRange(lo, hi, axis)
	if scale := binScale(cmin, cmax, nb); depth < sahDepth && scale > 0 {
		b.binRefs(lo, hi, axis, cmin, scale, nb)
		if k, ok := b.bestBoundary(nb, l, r); ok {
			return b.partition(lo, hi, uint8(k))
		}
	}
	mid := b.median(lo, hi, axis)
	*l, *r = b.boxOf(lo, mid), b.boxOf(mid, hi)
	return mid
}

// smallSplit is split for a range of at most maxLeaf refs: it sorts them
// by centroid along the box's longest axis (ties by id, so the build is
// deterministic) and returns the boundary of least SAH cost
// A_L·N_L + A_R·N_R and that cost, and stores the halves' boxes in l and r.
func (b *builder) smallSplit(lo, hi int, box, l, r *keyBox) (mid int, cost float32) {
	axis := longestAxis(box)
	refs := b.refs[lo:hi]
	for i := 1; i < len(refs); i++ {
		for j := i; j > 0 && refBefore(&refs[j], &refs[j-1], axis); j-- {
			swapRefs(&refs[j], &refs[j-1])
		}
	}
	b.sweepRefs(refs)
	sw := &b.sweep
	cost = float32(math.Inf(1))
	for i := 0; i < len(refs)-1; i++ {
		c := float32(sw.preArea[i]*float32(i+1)) + float32(sw.sufArea[i+1]*float32(len(refs)-i-1))
		if c < cost {
			mid, cost = i+1, c
		}
	}
	if mid == 0 {
		// No cost below +Inf (areas that overflow float32): what the
		// loop keeping the boxes returned, which fill then decides on.
		return 0, cost
	}
	sw.pre[mid-1].keyBoxTo(l)
	sw.suf[mid].keyBoxTo(r)
	return lo + mid, cost
}

// refBefore orders refs by centroid along axis, then by id.
func refBefore(p, q *primRef, axis int) bool {
	if c, d := p.centroid(axis), q.centroid(axis); c != d {
		return c < d
	}
	return p.id < q.id
}

// centroidRange returns the smallest and largest centroid coordinate of
// refs[lo:hi] (not empty) along axis. Starting both at the first
// centroid, a centroid below cmin cannot be above cmax: one comparison a
// ref for most refs, and the loop keeps cmin and cmax in place (with the
// two separate tests the compiler shuffled three registers a ref).
//
// With AVX2 centroidRangeAVX takes one VMINSS and one VMAXSS a ref. Where
// a zero of each sign is among the centroids these may pick the other
// zero than the comparisons here; binRefs and binScale do not see the
// difference: c - cmin and cmax - cmin are then the same numbers up to
// the sign of a zero, which the conversion to int and the test ext > 0
// ignore.
func (b *builder) centroidRange(lo, hi, axis int) (cmin, cmax float32) {
	refs := b.refs[lo:hi] // (b.refs[k] reloaded b.refs a ref)
	mustAxis(axis)
	if useAVX2 {
		cmin, cmax = centroidRangeAVX(&refs[0].c[axis], min(len(refs), asmChunk))
		for k := asmChunk; k < len(refs); k += asmChunk {
			l, h := centroidRangeAVX(&refs[k].c[axis], min(len(refs)-k, asmChunk))
			cmin, cmax = min(cmin, l), max(cmax, h)
		}
		return cmin, cmax
	}
	cmin = refs[0].centroid(axis)
	cmax = cmin
	for k := range refs {
		if c := refs[k].centroid(axis); c < cmin {
			cmin = c
		} else if c > cmax {
			cmax = c
		}
	}
	return cmin, cmax
}

// longestAxis returns the axis along which k's box extends furthest (the
// first of equals), by the extents of its floats. (Written out: as loops
// over an array of the extents it took some 100 instructions a call,
// 50M on the 1M-triangle terrain.)
func longestAxis(k *keyBox) int {
	ext := keyFloat(k.hi[0]) - keyFloat(k.lo[0])
	axis := 0
	if e := keyFloat(k.hi[1]) - keyFloat(k.lo[1]); e > ext {
		axis, ext = 1, e
	}
	if e := keyFloat(k.hi[2]) - keyFloat(k.lo[2]); e > ext {
		axis = 2
	}
	return axis
}

// binOf maps a centroid coordinate to its bin (of nb) on an axis with the
// given minimum and scale (bins per unit).
func binOf(c, cmin, scale float32, nb int) int {
	k := int((c - cmin) * scale)
	return min(max(k, 0), nb-1)
}

// binScale returns nb bins' worth per unit of the centroid range
// cmin..cmax, 0 when it is empty. The factor 1 - 1e-6 maps the largest
// centroid into the last bin rather than past it.
func binScale(cmin, cmax float32, nb int) float32 {
	ext := cmax - cmin
	if !(ext > 0) {
		return 0
	}
	return float32(nb) * (1 - 1e-6) / ext
}

// binBox is a bin's box in the form binRefs grows it: the lo keys in
// lanes 0-2 of lo, the hi keys in lanes 1-3 of hi, so that a ref's bytes
// 0-15 (lo and hi[0]) and 8-23 (lo[2] and hi) each grow one side with one
// vector min or max (binRefsAVX). Lane 3 of lo (the least hi[0]) and
// lane 0 of hi (the greatest lo[2]) mean nothing.
type binBox struct{ lo, hi [4]int32 }

// emptyBinBox is emptyKeyBox as a binBox.
var emptyBinBox = binBox{
	lo: [4]int32{emptyKeyBox.lo[0], emptyKeyBox.lo[1], emptyKeyBox.lo[2], emptyKeyBox.lo[0]},
	hi: [4]int32{emptyKeyBox.hi[2], emptyKeyBox.hi[0], emptyKeyBox.hi[1], emptyKeyBox.hi[2]},
}

// keyBox returns the box of x.
func (x *binBox) keyBox() keyBox {
	return keyBox{lo: [3]int32{x.lo[0], x.lo[1], x.lo[2]}, hi: [3]int32{x.hi[1], x.hi[2], x.hi[3]}}
}

// keyBoxTo stores the box of x in k (keyBox, in place: see fill).
func (x *binBox) keyBoxTo(k *keyBox) {
	k.lo[0], k.lo[1], k.lo[2] = x.lo[0], x.lo[1], x.lo[2]
	k.hi[0], k.hi[1], k.hi[2] = x.hi[1], x.hi[2], x.hi[3]
}

// binBoxOf returns k as a binBox.
func binBoxOf(k *keyBox) binBox {
	return binBox{lo: [4]int32{k.lo[0], k.lo[1], k.lo[2], k.hi[0]}, hi: [4]int32{k.lo[2], k.hi[0], k.hi[1], k.hi[2]}}
}

// binRefs sorts refs[lo:hi] into the first nb bins (b.boxes and
// b.counts) by centroid along axis, and notes each ref's bin in b.bins.
func (b *builder) binRefs(lo, hi, axis int, cmin, scale float32, nb int) {
	b.resetBins(nb)
	if !useAVX2 {
		binRefsGo(b, lo, hi, axis, cmin, scale, nb)
		return
	}
	refs, ks := b.refs[lo:hi], b.bins[lo:hi]
	ks = ks[:len(refs)]
	mustAxis(axis)
	for k := 0; k < len(refs); k += asmChunk { // the bins add up across the calls
		binRefsAVX(&refs[k], min(len(refs)-k, asmChunk), &ks[k], &b.boxes, &b.counts, axis, cmin, scale, nb-1)
	}
}

// resetBins empties the first nb bins.
func (b *builder) resetBins(nb int) {
	boxes, counts := b.boxes[:nb], b.counts[:nb]
	for i := range boxes {
		boxes[i], counts[i] = emptyBinBox, 0
	}
}

// binRefsGo is binRefs' loop in Go, on bins emptied by resetBins.
func binRefsGo(b *builder, lo, hi, axis int, cmin, scale float32, nb int) {
	boxes, counts := b.boxes[:nb], b.counts[:nb]
	refs, ks := b.refs[lo:hi], b.bins[lo:hi]
	ks = ks[:len(refs)] // one bounds check, not one a ref
	mustAxis(axis)
	for k := range refs {
		r := &refs[k]
		i := binOf(r.centroid(axis), cmin, scale, nb)
		ks[k] = uint8(i)
		x := &boxes[i]
		x.lo = [4]int32{min(x.lo[0], r.lo[0]), min(x.lo[1], r.lo[1]), min(x.lo[2], r.lo[2]), x.lo[3]}
		x.hi = [4]int32{x.hi[0], max(x.hi[1], r.hi[0]), max(x.hi[2], r.hi[1]), max(x.hi[3], r.hi[2])}
		counts[i]++
	}
}

// binSweep holds, for the bins of the range being split (sweepBins) or
// the refs of a small range (sweepRefs), the boxes and areas of their
// prefixes and suffixes: pre[i] is the box of bins (refs) 0..i and
// preArea[i] its area, suf[i] that of bins i.. and sufArea[i] its area
// (an area means nothing where the box is empty).
type binSweep struct {
	pre, suf         [numBins]binBox
	preArea, sufArea [numBins]float32
}

// sweepBins fills b.sweep for the first nb bins (sweepBoxes).
func (b *builder) sweepBins(nb int) {
	if useAVX2 {
		b.sweep.fillAVX(&b.boxes[0].lo[0], nb, int(unsafe.Sizeof(binBox{})), int(unsafe.Offsetof(binBox{}.hi)))
		return
	}
	b.sweep.fill(nb, func(i int) keyBox { return b.boxes[i].keyBox() })
}

// sweepRefs fills b.sweep for refs (sweepBoxes), the boxes of prefixes
// and suffixes of refs.
func (b *builder) sweepRefs(refs []primRef) {
	if useAVX2 {
		// A ref's hi keys are at bytes 12-23: lanes 1-3 from byte 8.
		b.sweep.fillAVX(&refs[0].lo[0], len(refs), int(unsafe.Sizeof(primRef{})), 8)
		return
	}
	b.sweep.fill(len(refs), func(i int) keyBox { return refs[i].keyBox })
}

// fillAVX fills s for the n boxes whose keys start at keys, stride bytes
// apart, their hi keys in lanes 1-3 of the 16 bytes from hiOff: with two
// calls of sweepAVX, which grow a box through them with one VPMINSD and
// one VPMAXSD a box and take its area four lanes at a time, the same
// roundings in the same order as keyBox.area (where keyBox.area, a call
// converting six keys, took 7% of the terrain build's instructions).
func (s *binSweep) fillAVX(keys *int32, n, stride, hiOff int) {
	last := (*int32)(unsafe.Add(unsafe.Pointer(keys), (n-1)*stride))
	sweepAVX(keys, n, stride, hiOff, &s.preArea[0], &s.pre[0], 1)
	sweepAVX(last, n, -stride, hiOff, &s.sufArea[n-1], &s.suf[n-1], -1)
}

// fill is fillAVX in Go, for the n boxes box(0) .. box(n-1).
func (s *binSweep) fill(n int, box func(i int) keyBox) {
	acc := emptyKeyBox
	for i := 0; i < n; i++ {
		x := box(i)
		acc.grow(&x)
		s.pre[i], s.preArea[i] = binBoxOf(&acc), acc.area()
	}
	acc = emptyKeyBox
	for i := n - 1; i >= 0; i-- {
		x := box(i)
		acc.grow(&x)
		s.suf[i], s.sufArea[i] = binBoxOf(&acc), acc.area()
	}
}

// bestBoundary evaluates the SAH cost A_L*N_L + A_R*N_R at every boundary
// between the first nb bins and returns the cheapest with both sides
// non-empty (refs in bins <= k go left), and stores the boxes of both
// sides in left and right. An empty bin changes neither side's box nor
// count, so its boundary reuses the costs of the one before.
func (b *builder) bestBoundary(nb int, left, right *keyBox) (k int, ok bool) {
	b.sweepBins(nb)
	s, counts := &b.sweep, b.counts[:nb]
	var rightCost [numBins]float32 // A*N of bins i.., or -1 if they are empty
	n := int32(0)
	last := float32(-1) // rightCost of the bins past i
	for i := nb - 1; i > 0; i-- {
		if counts[i] > 0 {
			n += counts[i]
			last = float32(s.sufArea[i] * float32(n))
		}
		rightCost[i] = last
	}
	n = 0
	var area float32 // of the bins up to i
	best := float32(math.Inf(1))
	for i := 0; i < nb-1; i++ {
		if rightCost[i+1] < 0 {
			break // the bins past i are empty, and so past any later boundary
		}
		if counts[i] > 0 {
			n += counts[i]
			area = s.preArea[i]
		}
		if n == 0 {
			continue
		}
		if cost := float32(area*float32(n)) + rightCost[i+1]; cost < best {
			best, k, ok = cost, i, true
		}
	}
	if !ok {
		return 0, false
	}
	s.pre[k].keyBoxTo(left)
	s.suf[k+1].keyBoxTo(right)
	return k, true
}

// partition moves the refs whose bin (binRefs) is <= k before the others
// and returns the boundary.
//
// The refs end where a loop of swaps would put them (the tree depends on
// their order): i from the front and j from the back, a ref at i whose
// bin is > k swapped with the one at j (j--), and the ref it gets tested
// in its place. Such a ref x at i starts a chain of swaps through the
// refs at j, j-1, ... that go right, down to the first one, at m, that
// goes left: x lands at j, the refs at m+1..j move down one place and the
// one at m lands at i. partition finds m on the bins and moves each ref
// once: the swaps read and wrote each ref twice, and the bins too, which
// no one reads after the split. (When the chain reaches i, x lands at j
// and the refs at i+1..j move down one; that ends it.)
func (b *builder) partition(lo, hi int, k uint8) int {
	// Local slices of the range, of equal length, so that the compiler
	// can prove the indices in bounds.
	refs, bins := b.refs[lo:hi], b.bins[lo:hi]
	bins = bins[:len(refs)]
	i, j := 0, len(refs)-1
	for i <= j {
		if bins[i] <= k {
			i++
			continue
		}
		m := j
		for m > i && bins[m] > k {
			m--
		}
		x := (*refWords)(unsafe.Pointer(&refs[i]))
		head, tail := x.head, x.tail // in registers: no temporary (swapRefs)
		if m > i {
			refs[i] = refs[m]
		}
		if m < j {
			moveDown(refs[m : j+1])
		}
		x = (*refWords)(unsafe.Pointer(&refs[j]))
		x.head, x.tail = head, tail
		if m == i {
			break
		}
		i, j = i+1, m-1
	}
	return lo + i
}

// moveDown moves refs[1:] down one place, to refs[:len(refs)-1].
func moveDown(refs []primRef) {
	for p := 1; p < len(refs); p++ {
		refs[p-1] = refs[p]
	}
}

// median sorts refs[lo:hi] along axis (ties by id, so the build is
// deterministic) and returns the middle.
func (b *builder) median(lo, hi, axis int) int {
	slices.SortFunc(b.refs[lo:hi], func(p, q primRef) int {
		if c, d := p.centroid(axis), q.centroid(axis); c != d {
			if c < d {
				return -1
			}
			return 1
		}
		return int(p.id) - int(q.id)
	})
	return lo + (hi-lo)/2
}

// buildTree builds the tree over refs (reordering them so that every leaf's
// range is contiguous) and returns its nodes, root first. The two subtrees
// under the root are built concurrently for large inputs.
func buildTree(refs []primRef) []buildNode {
	if len(refs) == 0 {
		return nil
	}
	bins := make([]uint8, len(refs))
	b := &builder{refs: refs, bins: bins, nodes: make([]buildNode, 1, nodeCap(len(refs)))}
	all := b.boxOf(0, len(refs))
	if len(refs) < parallelMin {
		b.fill(0, 0, len(refs), &all, 0)
		return b.nodes
	}
	var l, r keyBox
	mid := b.split(0, len(refs), &all, 0, &l, &r)
	b.nodes = append(b.nodes, buildNode{}, buildNode{})
	b.setNode(0, &all, 1, 0, 0)
	// The left half goes on in the root's list (node 1 and on), the right
	// half into a list of its own that is then grafted at node 2: the
	// same nodes in the same order as grafting both, with half the copy
	// after the join.
	done := make(chan struct{})
	go func() {
		b.fill(1, 0, mid, &l, 1)
		close(done)
	}()
	right := &builder{refs: refs, bins: bins, nodes: make([]buildNode, 1, nodeCap(len(refs)-mid))}
	right.fill(0, mid, len(refs), &r, 1)
	<-done
	b.nodes = slices.Grow(b.nodes, len(right.nodes)-1)
	return graft(b.nodes, 2, right.nodes)
}

// nodeCap is the node slice capacity for n triangles: enough for leaves of
// three triangles on average (SAH builds of game meshes average more), so
// that the slice rarely grows.
func nodeCap(n int) int { return 2*n/3 + 16 }

// graft puts the subtree sub (root at sub[0]) at node slot at of dst,
// appending its other nodes and renumbering its child links.
func graft(dst []buildNode, at int, sub []buildNode) []buildNode {
	off := int32(len(dst)) - 1 // sub[i] for i >= 1 lands at off+i
	relink := func(n buildNode) buildNode {
		if n.child >= 0 {
			n.child += off
		}
		return n
	}
	dst[at] = relink(sub[0])
	for _, n := range sub[1:] {
		dst = append(dst, relink(n))
	}
	return dst
}
