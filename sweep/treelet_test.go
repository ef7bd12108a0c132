package sweep

import (
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// preorder returns the tree nodes in preorder (a node, then each inner
// child's subtree in slot order, as wideEncoder.emit stores them),
// references renumbered and treeletBit cleared: the same slice for the
// same tree, whichever order it is stored in.
func preorder(nodes []wnode) []wnode {
	if len(nodes) == 0 {
		return nil
	}
	var order []uint32
	stack := []uint32{0}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		order = append(order, i)
		next := len(stack)
		stack = appendInner(stack, &nodes[i])
		slices.Reverse(stack[next:])
	}
	out := renumber(nodes, order)
	for i := range out {
		out[i].live &^= treeletBit
	}
	return out
}

// buildBoth returns tris built in the build's preorder and in treelet
// order.
func buildBoth(t *testing.T, tris []geom.Triangle) (pre, tl *Mesh) {
	t.Helper()
	defer func(v int) { treeletMinNodes = v }(treeletMinNodes)
	treeletMinNodes = 1 << 62
	pre = NewMesh(tris)
	treeletMinNodes = 0
	tl = NewMesh(tris)
	return pre, tl
}

// TestTreeletOrder: the treelet order stores the very tree the build
// made (in preorder, a build's own order, it is that order), each block
// as treelet.go says (a head with treeletBit, its inner children, then
// theirs), and every sweep, slide and walk on it is the same, bit for
// bit, as on the preorder tree.
func TestTreeletOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 8))
	meshes := map[string][]geom.Triangle{
		"terrain60": terrain(60),
		"soup":      randomSoup(rng, 4000, 60, 4),
		"block":     benchLevels()[0].tris,
	}
	for name, tris := range meshes {
		pre, tl := buildBoth(t, tris)
		if !slices.Equal(preorder(pre.nodes), pre.nodes) {
			t.Fatalf("%s: the build's order is not preorder", name)
		}
		if !slices.Equal(preorder(tl.nodes), pre.nodes) {
			t.Fatalf("%s: the treelet order holds another tree", name)
		}
		checkBlocks(t, name, tl.nodes)
		if pre.treelets || !tl.treelets {
			t.Fatalf("%s: Mesh.treelets %v in preorder, %v in treelet order", name, pre.treelets, tl.treelets)
		}
		sameSweeps(t, name, rng, pre, tl)
	}
}

// checkBlocks checks that each node with treeletBit heads its block (its
// inner children right after it, then theirs, in slot order), that each
// node with inner children either heads a block or lies in one, and that
// the root heads the first.
func checkBlocks(t *testing.T, name string, nodes []wnode) {
	t.Helper()
	inBlock := make([]bool, len(nodes))
	heads := 0
	for i := range nodes {
		n := &nodes[i]
		kids := appendInner(nil, n)
		if (n.live&treeletBit != 0) != (len(kids) > 0 && !inBlock[i]) {
			t.Fatalf("%s: node %d: treeletBit %v with %d inner children, in a block %v", name, i, n.live&treeletBit != 0, len(kids), inBlock[i])
		}
		if n.live&treeletBit == 0 {
			continue
		}
		heads++
		var grand []uint32
		for _, k := range kids {
			grand = appendInner(grand, &nodes[k])
		}
		want := append(kids, grand...)
		for j, k := range want {
			if k != uint32(i+1+j) {
				t.Fatalf("%s: block of node %d: member %d at %d, want %d", name, i, j, k, i+1+j)
			}
			inBlock[k] = true
		}
	}
	if len(nodes) > 1 && (nodes[0].live&treeletBit == 0 || heads == 0) {
		t.Fatalf("%s: the root heads no block", name)
	}
}

// hitHash is hashHit's digest of h alone (every bit of every field).
func hitHash(h Hit) uint64 {
	d := fnv.New64a()
	hashHit(d, h)
	return d.Sum64()
}

// sameSweeps checks that random sweeps, slides and walks give the same
// answers and visits on a and b.
func sameSweeps(t *testing.T, name string, rng *rand.Rand, a, b *Mesh) {
	t.Helper()
	box := a.Bounds()
	size := box.Max.Sub(box.Min)
	for i := 0; i < 2000; i++ {
		e := testEllipsoid(rng, 0.2, 3)
		begin := box.Min.Add(mgl64.Vec3{float64(size[0] * rng.Float64()), float64(size[1] * rng.Float64()), float64(size[2] * rng.Float64())})
		delta := randVec(rng, geom.Len(size)/4)
		ha, oka := a.Sweep(e, begin, delta)
		hb, okb := b.Sweep(e, begin, delta)
		if oka != okb || hitHash(ha) != hitHash(hb) {
			t.Fatalf("%s: sweep %d: %+v %v on preorder, %+v %v on treelets", name, i, ha, oka, hb, okb)
		}
		if i%10 == 0 {
			ra, rb := a.Slide(e, begin, begin.Add(delta), SlideOptions{}), b.Slide(e, begin, begin.Add(delta), SlideOptions{})
			if !sameBits(&ra.Final, &rb.Final) || len(ra.Steps) != len(rb.Steps) {
				t.Fatalf("%s: slide %d ends at %v in %d steps on preorder, %v in %d on treelets", name, i, ra.Final, len(ra.Steps), rb.Final, len(rb.Steps))
			}
			var va, vb []geom.AABB
			a.VisitedBoxes(e, begin, delta, func(bx geom.AABB, _ int) { va = append(va, bx) })
			b.VisitedBoxes(e, begin, delta, func(bx geom.AABB, _ int) { vb = append(vb, bx) })
			if !slices.Equal(va, vb) {
				t.Fatalf("%s: walk %d visits %d boxes on preorder, %d on treelets (or others)", name, i, len(va), len(vb))
			}
		}
	}
}
