package sweep

import (
	"slices"
	"unsafe"
)

// Treelet order: how the nodes of a tree too big for the caches are
// stored, so that a walk's chain of node loads overlaps (docs/performance.md,
// "Treelets (`treelet8`, 2026-11-28)").
//
// A walk loads a node, tests its children's boxes and then loads the child
// it enters: each level waits for the one above it. On a tree of a million
// triangles, a cast's nodes below the first few levels are rarely in the
// caches (other casts touched other parts of the tree in between), and the
// cast waits for memory once a level. In treelet order a node is followed
// in memory by its inner children and then by theirs (up to treeletNodes
// nodes in one block), and carries treeletBit: walk4AVX2, on loading such
// a node, prefetches the whole block, so that the next two levels of the
// walk are (mostly) on their way before it needs them. The grandchildren's
// inner children start the next blocks, depth first. The tree is the same
// (the same nodes, boxes and children in the same slots, references
// renumbered), so every walk visits the same nodes in the same order and
// every answer is the same bit for bit; only where the nodes lie changes.
//
// The build's own order is preorder (wideEncoder.emit: a node, then each
// child's subtree in slot order); trees of fewer than treeletMinNodes
// nodes keep it: they stay in the caches, where the prefetches would only
// cost instructions.

const (
	// treeletBit in wnode.live marks a node stored at the head of its
	// treelet block: its inner children follow it, then theirs. The
	// children mask is the low four bits; the walk's masks never have
	// this bit (enteredMask, VMOVMSKPD), so ANDing them with live drops it.
	treeletBit = 1 << 4
	// treeletNodes is the most nodes a block holds: a node, its four
	// children and their sixteen (1176 bytes: walk4AVX2 prefetches the
	// lines from its head's through its last).
	treeletNodes = 1 + 4 + 16
)

// treeletMinNodes is the size from which NewMesh stores its tree in
// treelet order: 1 MiB of nodes (the L2 cache of a current x86 core holds
// 1 to 2 MiB), about 170,000 triangles. A variable, so that tests can
// reorder small trees.
var treeletMinNodes = (1 << 20) / int(unsafe.Sizeof(wnode{}))

// treeletOrder returns the tree nodes (root first, in any order whose
// references are node indices) in treelet order, the root still first,
// with treeletBit set on the head of every block that has inner children.
func treeletOrder(nodes []wnode) []wnode {
	order, heads := treeletPlaces(nodes)
	out := renumber(nodes, order)
	for _, h := range heads {
		out[h].live |= treeletBit
	}
	return out
}

// treeletPlaces returns the old index of each node in treelet order, and
// the new indices of the heads of the blocks that have inner children.
func treeletPlaces(nodes []wnode) (order, heads []uint32) {
	order = make([]uint32, 0, len(nodes))
	var kids, grand []uint32
	todo := []uint32{0} // the heads of the blocks still to place, the next on top
	for len(todo) > 0 {
		h := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		kids = appendInner(kids[:0], &nodes[h])
		grand = grand[:0]
		for _, k := range kids {
			grand = appendInner(grand, &nodes[k])
		}
		if len(kids) > 0 {
			heads = append(heads, uint32(len(order)))
		}
		order = append(order, h)
		order = append(order, kids...)
		order = append(order, grand...)
		next := len(todo)
		for _, g := range grand {
			todo = appendInner(todo, &nodes[g])
		}
		slices.Reverse(todo[next:]) // the first grandchild's first child on top
	}
	return order, heads
}

// renumber returns the nodes at the old indices order (every node once),
// their references to inner children renumbered to the new indices.
func renumber(nodes []wnode, order []uint32) []wnode {
	at := make([]uint32, len(nodes)) // new index of each node
	for i, o := range order {
		at[o] = uint32(i)
	}
	out := make([]wnode, len(order))
	for i, o := range order {
		n := &out[i]
		*n = nodes[o]
		for c, r := range n.ref {
			if idx, ok := innerChild(r); ok {
				n.ref[c] = makeRef(0, at[idx])
			}
		}
	}
	return out
}

// appendInner appends to s the indices of n's inner children, in slot
// order.
func appendInner(s []uint32, n *wnode) []uint32 {
	for _, r := range n.ref {
		if idx, ok := innerChild(r); ok {
			s = append(s, idx)
		}
	}
	return s
}

// innerChild returns the node a child reference r names, if it names one
// (not a leaf, not an unused slot).
func innerChild(r uint32) (uint32, bool) {
	cnt, idx := splitRef(r)
	return idx, r != emptyRef && cnt == 0
}
