package sweep

import (
	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// VisitedBoxes calls fn with the box of every node of the mesh's tree
// (leaves included) that the ellipsoid e moving from begin by delta
// reaches before its first contact, and the node's depth (0 for the root's
// box, 1 for its children: the tree is 4-wide): the nodes a Sweep of that
// motion has to enter. (The sweep itself may enter a few more, reached
// before it has found that contact.) It walks the tree with the sweep's
// own box tests but apart from it, for viewing; it does nothing for input
// Sweep rejects.
func (m *Mesh) VisitedBoxes(e Ellipsoid, begin, delta mgl64.Vec3, fn func(b geom.AABB, depth int)) {
	if !finiteVecs(begin, delta, e.Axes[0], e.Axes[1], e.Axes[2]) {
		return
	}
	if q := NewQuery(e, begin, delta); !q.Valid() {
		return
	}
	tmax := 1.0
	if h, ok := m.Sweep(e, begin, delta); ok {
		tmax = h.T
	}
	var w walker
	if !w.start(m, begin, delta, reach(e, begin, delta), tmax) {
		return
	}
	fn(aabbOf(&m.root), 0)
	m.visit(&w, 0, 1, tmax, fn)
}

// visit reports the children of node that the moving box enters by tmax
// (at the given depth) and recurses into those that are inner nodes.
func (m *Mesh) visit(w *walker, node uint32, depth int, tmax float64, fn func(geom.AABB, int)) {
	n := &m.nodes[node]
	t, x := w.enterChildren(n, tmax)
	for c, r := range n.ref {
		if r == emptyRef || !(t[c] <= x[c]) {
			continue
		}
		b := n.child(c)
		fn(aabbOf(&b), depth)
		if cnt, idx := splitRef(r); cnt == 0 {
			m.visit(w, idx, depth+1, tmax, fn)
		}
	}
}

func aabbOf(b *box6) geom.AABB {
	return geom.AABB{Min: mgl64.Vec3{b[0], b[1], b[2]}, Max: mgl64.Vec3{b[3], b[4], b[5]}}
}
