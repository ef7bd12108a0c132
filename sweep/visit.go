package sweep

import (
	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// VisitedBoxes calls fn with the box of every node of the mesh's tree
// (leaves included) that the ellipsoid e moving from begin by delta
// reaches before its first contact, and the node's depth (0 for the root):
// the nodes a Sweep of that motion has to enter. (The sweep itself may
// enter a few more, reached before it has found that contact.) It walks
// the tree with the sweep's own box tests but apart from it, for viewing;
// it does nothing for input Sweep rejects.
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
	m.visit(&w, 0, &m.root, 0, tmax, fn)
}

// visit reports node (box b) and recurses into the children the moving
// box enters by tmax.
func (m *Mesh) visit(w *walker, node uint32, b *box6, depth int, tmax float64, fn func(geom.AABB, int)) {
	fn(geom.AABB{Min: mgl64.Vec3{b[0], b[1], b[2]}, Max: mgl64.Vec3{b[3], b[4], b[5]}}, depth)
	cnt, idx := m.nodes[node].ref()
	if cnt > 0 {
		return
	}
	s := steps(b)
	for c := idx; c <= idx+1; c++ {
		var cb box6
		if _, ok := w.enterChild(b, &s, &m.nodes[c].q, &cb, tmax); ok {
			m.visit(w, c, &cb, depth+1, tmax, fn)
		}
	}
}
