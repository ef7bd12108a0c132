package sweep

import (
	"github.com/go-gl/mathgl/mgl64"
)

// planeSweptSphere is section 3.1 (PlaneSweptSphereIntersect): the interval
// [t1, t2] within [0, maxT] over which a sphere of radius r, whose center
// has signed distance dist + t*nd to a plane, touches that plane
// (|dist + t*nd| <= r). It reports false when there is no such t.
//
// The published routine tests nd == 0 exactly and otherwise divides by nd.
// Here the sign of nd picks the branch and the division is done only when
// it is meaningful: a tiny nd yields a huge (or infinite) entry time, which
// the comparison with maxT rejects, and nd == 0 is the limit of either
// branch. No tolerance is needed.
func planeSweptSphere(dist, nd, r, maxT float64) (t1, t2 float64, ok bool) {
	if dist < 0 { // two-sided: look at the plane from the center's side
		dist, nd = -dist, -nd
	}
	switch {
	case dist <= r && nd >= 0: // touching now; leaves the slab through +r (or never)
		t1, t2 = 0, (r-dist)/nd
	case dist <= r: // touching now, moving to the far side
		t1, t2 = 0, (dist+r)/-nd
	case nd < 0: // approaching: enter at +r, leave at -r
		t1, t2 = (dist-r)/-nd, (dist+r)/-nd
	default: // beyond r and not approaching (or NaN)
		return 0, 0, false
	}
	if !(t1 <= maxT) {
		return 0, 0, false
	}
	if !(t2 <= maxT) { // also catches the NaN of 0/0 when touching exactly with nd = 0
		t2 = maxT
	}
	return t1, t2, true
}

// sweptCircle is the moving circle of section 3.2, in the space of the
// polygon: center C'(t) = B + t*D and squared radius
// R'(t)² = r1 t² + r2 t + r3. For a polygon stored as plane + 2D vertices B
// and D are plane-space points embedded with z = 0 (sections 3 and 4); for
// 3D points (section 5) they are 3D and r1 = r2 = 0, r3 = R².
type sweptCircle struct {
	B, D       mgl64.Vec3
	r1, r2, r3 float64
}

// contact is where a swept circle first meets a polygon: the time, the
// contact point in the polygon's space, the feature and its index (vertex
// index, or the first vertex of the edge).
type contact struct {
	t       float64
	point   mgl64.Vec3
	feature Feature
	index   int
}

// polygonCircle is section 3.3 (PolygonCircleIntersect): whether the static
// circle with in-plane center and squared radius radiusSq meets the convex
// polygon verts (counter-clockwise around n, in the plane through the
// origin with normal n). A center inside is a face contact at the center;
// otherwise the closest boundary point within the radius is an edge or
// vertex contact.
func polygonCircle(verts []mgl64.Vec3, n, center mgl64.Vec3, radiusSq float64) (contact, bool) {
	if polygonContains(verts, n, center) {
		return contact{point: center, feature: Face}, true
	}
	var best contact
	found := false
	for i, v1 := range verts {
		e := verts[(i+1)%len(verts)].Sub(v1)
		f := center.Sub(v1).Dot(e)
		ee := e.Dot(e)
		c := contact{point: v1, feature: Vertex, index: i}
		switch {
		case !(ee > 0) || f <= 0:
		case f >= ee:
			c.point, c.index = verts[(i+1)%len(verts)], (i+1)%len(verts)
		default:
			c.point, c.feature = v1.Add(e.Mul(f/ee)), Edge
		}
		if d := c.point.Sub(center).LenSqr(); d <= radiusSq {
			best, radiusSq, found = c, d, true
		}
	}
	return best, found
}

// polygonContains is section 3.3's PolygonContains for a polygon in the
// plane through the origin with normal n: p is inside or on the boundary
// when it is on the left of every counter-clockwise edge.
func polygonContains(verts []mgl64.Vec3, n, p mgl64.Vec3) bool {
	for i, v1 := range verts {
		e := verts[(i+1)%len(verts)].Sub(v1)
		if e.Cross(p.Sub(v1)).Dot(n) < 0 {
			return false
		}
	}
	return true
}

// minEdgeSq is the smallest squared edge length, relative to the polygon's
// squared size, that edgeVertex treats as an edge. A shorter edge lies
// within 1e-12 of the polygon's size of its end vertices, which are tested
// anyway; projecting onto it would divide by (almost) nothing.
const minEdgeSq = 1e-24

// tinyEdgeSq is an absolute floor under minEdgeSq (squared unit-sphere
// lengths): below it e.e/ee could overflow.
const tinyEdgeSq = 1e-200

// edgeVertex is sections 3.4-3.6 (SweptCircleEdgeVertexIntersect): the
// first contact within [0, upper] of the swept circle with a vertex (3.4) or
// with the inside of an edge (3.5) of the polygon verts. Simultaneous
// contacts (only at t = 0 in practice) go to the deepest one, so an
// overlapping start reports the closest feature.
//
// The edge quadratic is the paper's divided by |v2-v1|²: the squared
// distance to the edge's line is |B⊥ + t D⊥|², with B⊥ and D⊥ the
// components of B - v1 and D across the edge. This keeps a = r1 - |D⊥|²
// exactly non-positive when the motion is (nearly) parallel to the edge,
// where the published |e|²|D|² - (e·D)² cancels catastrophically.
func (s *sweptCircle) edgeVertex(verts []mgl64.Vec3, upper float64, size2 float64) (contact, bool) {
	var best contact
	bestC := 0.0
	found := false
	dd := s.D.Dot(s.D)
	for i, v1 := range verts {
		// 3.4: |v - C'(t)|² = R'(t)².
		bv := v1.Sub(s.B)
		a, b, c := s.r1-dd, s.r2+2*s.D.Dot(bv), s.r3-bv.Dot(bv)
		if t, ok := lowestRoot(a, b, c, upper); ok && (!found || t < upper || c > bestC) {
			best, bestC, found, upper = contact{t, v1, Vertex, i}, c, true, t
		}
		// 3.5: d_edge(C'(t))² = R'(t)², then the contact must lie on the edge.
		e := verts[(i+1)%len(verts)].Sub(v1)
		ee := e.Dot(e)
		if !(ee > minEdgeSq*size2) || !(ee > tinyEdgeSq) {
			continue
		}
		bPerp := bv.Mul(-1)
		bPerp = bPerp.Sub(e.Mul(bPerp.Dot(e) / ee))
		dPerp := s.D.Sub(e.Mul(s.D.Dot(e) / ee))
		a, b, c = s.r1-dPerp.Dot(dPerp), s.r2-2*dPerp.Dot(bPerp), s.r3-bPerp.Dot(bPerp)
		t, ok := lowestRoot(a, b, c, upper)
		if !ok || (found && t == upper && c <= bestC) {
			continue
		}
		if f := s.B.Add(s.D.Mul(t)).Sub(v1).Dot(e); f >= 0 && f <= ee {
			best, bestC, found, upper = contact{t, v1.Add(e.Mul(f / ee)), Edge, i}, c, true, t
		}
	}
	return best, found
}

// radiusSq returns R'(t)², the circle's squared radius at t (section 3.2).
func (s *sweptCircle) radiusSq(t float64) float64 { return (s.r1*t+s.r2)*t + s.r3 }
