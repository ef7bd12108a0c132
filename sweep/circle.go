package sweep

import "math"

// planeSweptSphere is section 3.1 (PlaneSweptSphereIntersect): the first
// time t1 in [0, maxT] at which a sphere of radius r, whose center has
// signed distance dist + t*nd to a plane, touches that plane
// (|dist + t*nd| <= r). It reports false when there is no such t. The
// paper also returns the exit time t2, but uses the interval only to start
// the static test at t1: section 3.6 solves the edge and vertex quadratics
// over [0, current closest fraction] instead, so t2 is not computed.
//
// The published routine tests nd == 0 exactly and otherwise divides by nd.
// Here the sign of nd picks the branch: a tiny approaching nd yields a huge
// (or infinite) entry time, which the comparison with maxT rejects, and
// nd == 0 is the limit of either branch. No tolerance is needed.
func planeSweptSphere(dist, nd, r, maxT float64) (t1 float64, ok bool) {
	dist, nd = centerSide(dist, nd) // two-sided: look at the plane from the center's side
	switch {
	case dist <= r: // touching already
		return 0, true
	case nd < 0: // approaching: enter at +r
		t1 = (dist - r) / -nd
		return t1, t1 <= maxT
	}
	return 0, false // beyond r and not approaching (or NaN)
}

// centerSide returns the signed distance dist and speed nd of a center
// relative to a plane as seen from the center's side: |dist|, and nd with
// its sign flipped when dist < 0. Multiplying by ±1 is exact, so this is
// the branch "if dist < 0 { dist, nd = -dist, -nd }" without the branch,
// which random motions mispredict half the time. (It also flips for
// dist = -0 or a NaN with the sign bit set; every caller treats dist = 0
// as touching whatever the speed, and a NaN dist as no contact.)
func centerSide(dist, nd float64) (float64, float64) {
	s := math.Copysign(1, dist)
	return float64(dist * s), float64(nd * s)
}

// sweptCircle is the moving circle of section 3.2, in the space of the
// polygon: center C'(t) = B + t*D and squared radius
// R'(t)² = r1 t² + r2 t + r3. For a polygon stored as plane + 2D vertices B
// and D are plane-space points embedded with z = 0 (sections 3 and 4); for
// 3D points (section 5) they are 3D and r1 = r2 = 0, r3 = R².
type sweptCircle struct {
	B, D       vec3
	r1, r2, r3 float64
}

// contact is where a swept circle first meets a polygon: the time, the
// contact point in the polygon's space, the feature and its index (vertex
// index, or the first vertex of the edge).
type contact struct {
	t       float64
	point   vec3
	feature Feature
	index   int
}

// polygonCircle is section 3.3 (PolygonCircleIntersect): whether the static
// circle with in-plane center and squared radius radiusSq meets the convex
// polygon verts (counter-clockwise around n, in the plane through the
// origin with normal n). A center inside is a face contact at the center;
// otherwise the closest boundary point within the radius is an edge or
// vertex contact.
func polygonCircle(verts []vec3, n, center vec3, radiusSq float64) (contact, bool) {
	if polygonContains(verts, n, center) {
		return contact{point: center, feature: Face}, true
	}
	var best contact
	found := false
	for i, v1 := range verts {
		j := next(i, len(verts))
		e := verts[j].sub(v1)
		f := center.sub(v1).dot(e)
		ee := e.dot(e)
		c := contact{point: v1, feature: Vertex, index: i}
		switch {
		case !(ee > 0) || f <= 0:
		case f >= ee:
			c.point, c.index = verts[j], j
		default:
			c.point, c.feature = v1.madd(e, f/ee), Edge
		}
		if d := c.point.sub(center).lenSq(); d <= radiusSq {
			best, radiusSq, found = c, d, true
		}
	}
	return best, found
}

// next is the index after i in a cyclic list of n.
func next(i, n int) int {
	if i+1 == n {
		return 0
	}
	return i + 1
}

// polygonContains is section 3.3's PolygonContains for a polygon in the
// plane through the origin with normal n: p is inside or on the boundary
// when it is on the left of every counter-clockwise edge.
func polygonContains(verts []vec3, n, p vec3) bool {
	for i, v1 := range verts {
		if verts[next(i, len(verts))].sub(v1).cross(p.sub(v1)).dot(n) < 0 {
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
func (s *sweptCircle) edgeVertex(verts []vec3, upper float64, size2 float64) (contact, bool) {
	var best contact
	bestC := 0.0
	found := false
	dd := s.D.dot(s.D)
	for i := range verts {
		// The edge from v1 to v2 (the next vertex, cyclically), both read
		// in place: the loop body copies no vertex and checks no bounds.
		v1, v2 := &verts[i], &verts[0]
		if i+1 < len(verts) {
			v2 = &verts[i+1]
		}
		// 3.4: |v - C'(t)|² = R'(t)².
		bv := v1.sub(s.B)
		vv := bv.dot(bv)
		a, b, c := s.r1-dd, s.r2+float64(2*s.D.dot(bv)), s.r3-vv
		// Each condition below is a pure comparison, combined with b2u
		// rather than && and || (the same truth values, NaN included) and
		// decided by one branch.
		if t, ok := lowestRoot(a, b, c, upper); replacesBest(ok, found, t, upper, c, bestC) {
			best, bestC, found, upper = contact{t, *v1, Vertex, i}, c, true, t
		}
		// 3.5: d_edge(C'(t))² = R'(t)², then the contact must lie on the edge.
		e := v2.sub(*v1)
		ee := e.dot(e)
		// An edge, not a point: longer than minEdgeSq of the size and
		// than tinyEdgeSq.
		isEdge := b2u(ee > minEdgeSq*size2) & b2u(ee > tinyEdgeSq)
		if isEdge == 0 {
			continue
		}
		vb := s.B.sub(*v1)
		f0, g := vb.dot(e), s.D.dot(e) // the contact's position along e is f0 + t·g
		if offEdge(f0, f0+float64(upper*g), ee, float64(offEdgeScale*(vv+dd+1)*ee)) {
			continue
		}
		bPerp := vb.madd(e, -f0/ee)
		dPerp := s.D.madd(e, -g/ee)
		a, b, c = s.r1-dPerp.dot(dPerp), s.r2-float64(2*dPerp.dot(bPerp)), s.r3-bPerp.dot(bPerp)
		t, ok := lowestRoot(a, b, c, upper)
		if !replacesBest(ok, found, t, upper, c, bestC) {
			continue
		}
		// Section 3.5's f in [0, 1], here scaled by ee: the contact lies
		// on the edge, between v1 and v2.
		f := vb.madd(s.D, t).dot(e)
		if onSegment := b2u(f >= 0) & b2u(f <= ee); onSegment != 0 {
			best, bestC, found, upper = contact{t, v1.madd(e, f/ee), Edge, i}, c, true, t
		}
	}
	return best, found
}

// replacesBest reports whether a root t that lowestRoot found (ok) on
// [0, upper], upper being the best contact's t so far, replaces that
// contact in edgeVertex: there is none yet, or t is earlier (section 3.4:
// the interval is [0, current closest fraction]), or, at the same t (in
// practice t = 0, an overlapping start), the new feature is deeper: its
// c, R'(0)² minus the squared distance, exceeds bestC. (Once ok, t <= upper
// and c is not NaN, so t < upper is t != upper and c > bestC is
// !(c <= bestC).) The three tests are combined with b2u and decided by the
// caller's one branch.
func replacesBest(ok, found bool, t, upper, c, bestC float64) bool {
	none, earlier, deeper := b2u(!found), b2u(t < upper), b2u(c > bestC)
	return b2u(ok)&(none|earlier|deeper) != 0
}

// offEdge reports whether the position f along an edge (scaled by |e|:
// 0 at v1, ee at v2) of every contact the edge's quadratic can give in
// [0, upper] lies off the edge, so that edgeVertex, which keeps a contact
// only when its f, (B - v1 + t·D)·e, is in [0, ee], can skip the quadratic
// (most edges of the triangles a sweep passes by are out of reach only
// beyond an end). f0 and fu are the rounded f at 0 and at upper, m2 the
// square of the margin m.
//
// Why that changes no answer. Exactly, f is linear in t, so between its
// values at 0 and upper. With E = (|B - v1| + |D|)·|e| and upper <= 1
// (every caller clamps it), f0 and fu are within about 8 ulps of E of the
// exact values (two dot products, a product and a sum), and the f
// computed at a root t in [0, upper] within about 5 ulps of E of the
// exact f(t). edgeVertex passes m2 = offEdgeScale·(|B - v1|² + |D|² + 1)·ee
// (offEdgeScale = 2e-24), so
// m >= 1e-12·E, thousands of times those 13 ulps: when f0 and fu are both
// more than m below 0 (or above ee), every f it could compute is below 0
// (above the same ee). The + 1 keeps m2 from underflowing (ee > 1e-200,
// tinyEdgeSq); squares that overflow compare as +Inf (a value that large
// is far beyond m) and NaN compares false, skipping nothing.
//
// Both ends are tested and combined into one branch. That is the
// published branch on f0 < 0 && fu < 0 because ee, a sum of squares, is
// +0 or more, +Inf or NaN: with f0 < 0, f0 - ee > 0 is false for each, so
// the second end never holds where that branch was taken. Pairs of
// comparisons are made on the builtins min and max (branch-free): both
// below zero is max < 0, both squares above m2 is min > m2, both above
// zero is min > 0, with the same truth value for every input (a NaN makes
// min and max NaN, which compares false, as the NaN did alone; the sign
// of a zero does not change a comparison with zero).
func offEdge(f0, fu, ee, m2 float64) bool {
	a, b := f0-ee, fu-ee
	// Both ends more than m before v1, or both more than m beyond v2. One
	// expression, not two named values: offEdge must stay within the
	// inlining budget (cost 79 of 80).
	return b2u(max(f0, fu) < 0)&b2u(min(f0*f0, fu*fu) > m2)|b2u(min(a, b) > 0)&b2u(min(a*a, b*b) > m2) != 0
}

// offEdgeScale is the factor of offEdge's squared margin m2: edgeVertex
// (and edgeVertex3's assembly, and the capsule's edges) pass m2 =
// offEdgeScale·(|B - v1|² + |D|² + 1)·ee, a margin m of at least 1e-12
// of the contact's scale (offEdge says why that is enough).
const offEdgeScale = 2e-24

// radiusSq returns R'(t)², the circle's squared radius at t (section 3.2).
func (s *sweptCircle) radiusSq(t float64) float64 { return float64((float64(s.r1*t)+s.r2)*t) + s.r3 }
