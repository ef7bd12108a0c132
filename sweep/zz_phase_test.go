//go:build zz

package sweep

import (
	"testing"
	"time"
)

func TestZZPhases(t *testing.T) {
	tris := terrain(708)
	t.Log("terrain")
	defer lockThread()()
	for rep := 0; rep < 2; rep++ {
		c := func() time.Duration { d, _ := threadCPU(); return d }
		t0 := c()
		refs := make([]primRef, 0, len(tris))
		for i := range tris {
			if usable(&tris[i]) {
				refs = append(refs, refOf(&tris[i], uint32(i)))
			}
		}
		t1 := c()
		t.Log("refs", t1-t0)
		b := &builder{refs: refs, nodes: make([]buildNode, 1, nodeCap(len(refs)))}
		all := b.boxOf(0, len(refs))
		mid, l, r := b.split(0, len(refs), all, 0)
		t2 := c()
		t.Log("split", t2-t1)
		left := &builder{refs: refs, nodes: make([]buildNode, 1, nodeCap(mid))}
		left.fill(0, 0, mid, l, 1)
		t3 := c()
		t.Log("left", t3-t2)
		right := &builder{refs: refs, nodes: make([]buildNode, 1, nodeCap(len(refs)-mid))}
		right.fill(0, mid, len(refs), r, 1)
		t4 := c()
		t.Log("right", t4-t3)
		b.nodes = append(b.nodes, buildNode{}, buildNode{})
		b.nodes = graft(b.nodes, 1, left.nodes)
		b.nodes = graft(b.nodes, 2, right.nodes)
		t5 := c()
		m := &Mesh{}
		m.nodes, m.root = encodeNodes(b.nodes)
		t6 := c()
		t.Log("encode", t6-t5)
		corners, verts := dedupCorners(tris)
		t7 := c()
		t.Log("dedup", t7-t6)
		m.index(refs, corners, verts)
		t8 := c()
		t.Log("index", t8-t7)
	}
}
