// capsule.go: the swept capsule against a triangle (CapsuleTriangle),
// reduced to Rouwé's swept sphere against convex polygons (sections 3.1-3.6,
// section 5's polygon of 3D points) on the Minkowski sum of the triangle
// and the capsule's segment.

package sweep

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// CapsuleTriangle returns the first contact of the capsule c whose segment
// center moves from begin to begin+delta (world units) with the two-sided
// triangle tri: T in [0, 1] (0 when it already touches or overlaps), the
// point of the triangle touched, the unit normal from that point toward the
// closest point of the capsule's segment, the feature of the triangle and
// Triangle = 0. With a zero HalfSegment it is EllipsoidTriangle on
// Sphere(c.Radius), bit for bit. It reports no hit for an invalid capsule
// (Capsule.Validate) or a non-finite point; a degenerate triangle is hit as
// the segment or point it is.
//
// The capsule of radius r around the segment C ± s touches a point y of the
// triangle T when |C + σ - y| = r for some σ in [-s, s], that is when the
// sphere of radius r centered at C touches M = T ⊕ [-s, s] (the segment is
// symmetric, so T ⊕ -S = T ⊕ S). The boundary of M lies in the union of the
// two end caps T + s and T - s and the three parallelograms e_i ⊕ [-s, s]
// of the edges e_i: convex polygons, each swept against by the paper's
// swept sphere (capsuleCaster.triangle). A center inside M (the segment pierces
// the triangle) is a contact at T = 0 that no polygon sees (pierce).
func CapsuleTriangle(c Capsule, begin, delta mgl64.Vec3, tri geom.Triangle) (Hit, bool) {
	if c.Validate() != nil || !finiteVecs(begin, delta, tri[0], tri[1], tri[2]) {
		return Hit{}, false
	}
	var h Hit
	var k capsuleCaster
	k.init(&c, &begin, &delta, nil)
	ok := k.triangle(&tri, &begin, &delta, 1, &h)
	return h, ok
}

// capsuleCaster is a capsule prepared for one motion: the prepared query
// (NewQuery) of the sphere of radius r moving by delta from begin + s,
// and the starts of its two ends, begin + s and begin - s (or the one,
// begin, when s = 0), from which that one sphere is tested as the caps
// (cap): the caps share the shape and the motion and differ only in where
// they start.
type capsuleCaster struct {
	c    Capsule
	q    Query
	ends [2]start
	n    int // how many of ends are used

	// The working memory of the caps' and the sides' tests, kept for the
	// whole cast so that a triangle does not clear it (triScratch).
	s triScratch
	u capsuleFrame
	// swept is the parallelogram the axis sweeps over [0, swept.maxT],
	// for the ball early out (outOfReach).
	swept parallelogram
	// sLen is |s| and lens |delta| + r + |s|, for the early outs'
	// margins; r2 is r², r2x4 4r² and bigBall 4(r² + |s|²), for the ball
	// early out (outOfReach).
	sLen, lens        float64
	r2, r2x4, bigBall float64
}

// init prepares k for the valid capsule c and the motion from begin by
// delta (finite). It is set in place, not returned: a prepared capsule
// lives on its caller's stack (see caster). With a mesh m the caps'
// sphere is the mesh's last shape when it is that sphere (Mesh.setShape:
// the same values NewQuery computes, without inverting again); m may be
// nil.
func (k *capsuleCaster) init(c *Capsule, begin, delta *mgl64.Vec3, m *Mesh) {
	k.c, k.n, k.swept.maxT = *c, 1, math.NaN()
	k.sLen = geom.Len(c.HalfSegment)
	k.lens = geom.Len(*delta) + c.Radius + k.sLen
	r := c.Radius
	k.r2, k.r2x4, k.bigBall = float64(r*r), float64(4*r*r), float64(4*(float64(r*r)+v3(c.HalfSegment).lenSq()))
	s := c.HalfSegment
	b := begin.Add(s)
	sphere := Sphere(c.Radius)
	if m != nil {
		m.setShape(&sphere, &k.q)
		k.q.setMotion(&b, delta)
	} else {
		k.q.init(&sphere, &b, delta)
	}
	k.ends[0] = k.q.start
	if s != (mgl64.Vec3{}) {
		b = begin.Sub(s)
		k.q.setStart(&k.ends[1], &b)
		k.n = 2
	}
}

// cap is cap i's test of the triangle by maxT (<= 1): the query's
// sphere from ends[i] (Query.testWith's stages from another start), its
// hit written to h. With two caps it leaves out the sphere's ball early
// out (Query.outOfReach): the capsule's own (outOfReach) has run on the
// triangle, after which the sphere's rejected 4-5% of the cap tests on
// the level benchmarks, for about 130 instructions each (an early out
// only ever rejects what the stages after it reject, so the answer is
// the same either way).
func (k *capsuleCaster) cap(i int, tri *geom.Triangle, maxT float64, h *Hit) bool {
	if k.n == 1 {
		return k.q.testWith(tri, maxT, h, &k.s) // a sphere: ends[0] is q's start
	}
	st, q, f, u := &k.ends[i], &k.q, &k.s.f, &k.s.u
	if !st.ok || !(maxT >= 0) || outsideBox(tri, &st.boxLo, &st.boxHi) {
		return false
	}
	q.frame(tri, &st.begin, f, u)
	return f.plane(&q.normalMap, maxT) && q.triangle(f, u, maxT, true, h)
}

// triangle is CapsuleTriangle on the prepared capsule, the hit, if any,
// written to h. maxT (<= 1) serves only the early outs (outOfReach,
// missesPlane, the caps' box tests, sideBand), which reject no
// contact at a T <= maxT.
//
//   - The caps: T ± s touched by the sphere at C is the sphere of radius r
//     at C ∓ s touching T (Query.Triangle, which is EllipsoidTriangle),
//     whose contact point and normal are already the capsule's (the sphere
//     at an end touches where the capsule does). For s = 0 this is all;
//     a cap's contact that settles the triangle (settles) ends the test.
//   - The pierce test at t = 0 (pierce).
//   - The faces of the three parallelograms (capsuleFrame.face) and the
//     three segments the vertices sweep out (capsuleFrame.vertexSegment),
//     each kept only when earlier than what came before: with the caps
//     they cover M's boundary (its faces, edges and vertices), each piece
//     once. Those the capsule's side cannot reach (sideBand) are skipped.
func (k *capsuleCaster) triangle(tri *geom.Triangle, begin, delta *mgl64.Vec3, maxT float64, h *Hit) bool {
	if k.n == 2 && k.outOfReach(tri, begin, maxT) {
		return false
	}
	var pl plain
	pl.set(tri)
	if k.missesPlane(begin, delta, &pl, maxT) {
		return false
	}
	var caps [2]bool // which caps found a contact by maxT
	ok := k.pieces(tri, begin, delta, maxT, h, &pl, &caps)
	return ok && !(maxT < 1 && k.n == 2 && !caps[0] && k.shadowed(tri, &pl, caps[1]))
}

// pieces is triangle past its early outs: the caps, then the side's
// pieces, the contacts by maxT kept in that order when earlier; caps
// tells which caps found one.
func (k *capsuleCaster) pieces(tri *geom.Triangle, begin, delta *mgl64.Vec3, maxT float64, h *Hit, pl *plain, caps *[2]bool) bool {
	// Cap 0 writes h only on a hit.
	found := k.cap(0, tri, maxT, h)
	if caps[0] = found; found && (k.n == 1 || k.settles(pl, 0, h)) {
		return true
	}
	if k.n == 1 {
		return found // (s = 0: M is T itself, no parallelograms)
	}
	upper := maxT
	if found {
		upper = h.T // only an earlier contact replaces the first cap's
	}
	var hc Hit
	if caps[1] = k.cap(1, tri, upper, &hc); caps[1] && (!found || hc.T < h.T) {
		*h, found = hc, true
		if k.settles(pl, 1, h) {
			return true
		}
		upper = h.T
	}
	out := k.sideBand(tri, begin, delta, upper)
	if out.all() {
		return found
	}
	u := &k.u
	u.set(&k.c, begin, delta, tri)
	if !u.ok {
		return found
	}
	if u.pierce(h) {
		return true
	}
	for i := range 6 {
		upper := maxT
		if found {
			upper = h.T
		}
		var ok bool
		switch {
		case i < 3 && !out.edge(i, next(i, 3)):
			ok = u.face(i, upper, &hc)
		case i >= 3 && !out.vertex(i-3):
			ok = u.vertexSegment(i-3, upper, &hc)
		}
		if ok && (!found || hc.T < h.T) {
			*h, found = hc, true
		}
	}
	return found
}

// shadowed keeps the answer by maxT the answer on its own (maxT = 1)
// when that is no later than maxT, as the mesh loop needs (caster.triangle).
// A cap's contact that settles the triangle ends the test on its own;
// the test by maxT does not see one later than maxT, and goes on to the
// other cap and the sides, whose contacts are no earlier than the
// settling one but for rounding (enteredFromOutside): one of them an ulp
// earlier and by maxT would be an answer the triangle does not give on
// its own. shadowed is asked when cap 0 found nothing by maxT (otherwise
// both tests run alike), cap1 telling whether cap 1 found a contact by
// maxT, and reports whether on its own cap 0, or cap 1 after it, would
// have settled the triangle: then no contact by maxT is the answer. Cap 1
// found by maxT is found on its own too, and goes on alike. A cap's
// contact later than maxT (>= 0) settles only as a face contact entered
// from outside, which depends on the start alone: without it the caps
// need no second test.
func (k *capsuleCaster) shadowed(tri *geom.Triangle, pl *plain, cap1 bool) bool {
	if !k.enteredFromOutside(pl, 0) && (cap1 || !k.enteredFromOutside(pl, 1)) {
		return false
	}
	var hc Hit
	found0, upper := false, 1.0
	if k.cap(0, tri, 1, &hc) {
		if k.settles(pl, 0, &hc) {
			return true
		}
		found0, upper = true, hc.T
	}
	return !cap1 && k.cap(1, tri, upper, &hc) && (!found0 || hc.T < upper) && k.settles(pl, 1, &hc)
}

// settles reports whether cap i's contact h is the capsule's first
// contact with the triangle, so that neither the other cap nor the sides
// need a test: a contact at T = 0, which nothing precedes (and a tie
// keeps the first cap's), or a face contact entered from outside
// (enteredFromOutside).
func (k *capsuleCaster) settles(pl *plain, i int, h *Hit) bool {
	return h.T == 0 || h.Feature == Face && k.enteredFromOutside(pl, i)
}

// enteredFromOutside reports whether a face contact of cap i (the
// sphere at C + s for i = 0, C - s for i = 1, against T) is the first
// contact with all of M, so that the other cap, the parallelograms and
// the segments need no test. M lies between the planes of T + s and
// T - s, so every point of it is within |s·N̂| of T's plane. When, at
// t = 0, both cap centers lie on the same side of that plane beyond r,
// and cap i's is the nearer, the capsule's center is more than r + |s·N̂|
// from the plane, and the sphere of radius r around it first comes within
// reach of M when cap i's sphere enters the slab of width r around T's
// plane: at cap i's face contact, which is then a point of M's boundary
// on T ∓ s touched from outside. Before it the sphere is farther than r
// from every point of M, the other cap's copy of T and the parallelograms
// included; at it, they can at most tie (the first cap's answer is kept
// at equal T; the other cap's T, were it tested, could differ from cap
// i's only by rounding). The side and distance tests use the plain
// normal pl with a relative margin of 1e-9 (as missesPlane; a
// triangle without a usable plane answers false).
func (k *capsuleCaster) enteredFromOutside(pl *plain, i int) bool {
	if !pl.ok {
		return false
	}
	n := pl.n
	b, s := v3(k.ends[0].begin).sub(pl.o), v3(k.c.HalfSegment)
	z0, z1 := b.dot(n), b.sub(s.mul(2)).dot(n) // the caps' centers, C + s and C - s
	ln := pl.ln
	m := float64(k.c.Radius*ln) + float64(1e-9*(b.absSum()+float64(2*k.sLen)+k.c.Radius)*ln)
	near := [2]float64{abs(z0), abs(z1)}
	return z0*z1 > 0 && min(near[0], near[1]) > m && near[i] <= near[1-i]
}

// sideBand tells which of the triangle's vertices lie beyond the band of
// axis positions that the capsule's side (the cylinder around its
// segment) sweeps over [0, upper], and on which side: the pierce test,
// the parallelograms and the vertex segments, the pieces of M the side
// sweeps, need no test for a triangle wholly beyond it, a parallelogram
// none for an edge whose two ends are beyond the same end of it, a vertex
// segment none for a vertex beyond it (the caps, tested before, cover the
// rest). A point y the side touches at t has its foot on the axis within
// the segment C(t) ± s: (y - C(t))·s lies in [-|s|², |s|²]; so does a
// pierce point at t = 0, which lies on the segment. Over [0, upper] the
// center moves along s by (C(t) - begin)·s between min(0, upper·delta·s)
// and max(0, upper·delta·s), so the side reaches only points whose
// (y - begin)·s lies in the band between -|s|² plus the first and |s|²
// plus the second. A parallelogram's contact is a point of its edge, a
// vertex segment's its vertex, and an edge or a triangle with every
// vertex beyond the same end of the band lies beyond it whole: the floor
// under an upright capsule walking on it, the ceiling over it, the
// corners of a wall beside it. The margin, 1e-9 of the magnitudes the dot
// products add up (Σ|w_k||s_k| for the vertex w = v - begin and for begin
// itself, |s|² and |upper·delta·s|), is far above their rounding and the
// narrow phases' (a contact the side could make is never skipped); NaN
// skips nothing. As upper only falls while the sides are tested, the band
// made with the first upper contains the later ones.
func (k *capsuleCaster) sideBand(tri *geom.Triangle, begin, delta *mgl64.Vec3, upper float64) bandSides {
	b, s := v3p(begin), v3(k.c.HalfSegment)
	ss, ds := s.dot(s), float64(v3p(delta).dot(s)*upper)
	lo, hi := -ss, ss // then widened by ds on its side (a NaN ds widens hi, and makes m0 NaN: nothing is skipped)
	if ds < 0 {
		lo += ds
	} else {
		hi += ds
	}
	m0 := b.absDot(s) + ss + abs(ds)
	var out bandSides
	for i := range tri {
		w := v3p(&tri[i]).sub(b)
		y, m := w.dot(s), float64(1e-9*(w.absDot(s)+m0))
		out.below |= b2u(y < lo-m) << i
		out.above |= b2u(y > hi+m) << i
	}
	return out
}

// bandSides is sideBand's answer: bit i of below (above) is set when
// vertex i lies beyond the band's lower (upper) end.
type bandSides struct{ below, above uint8 }

// all reports whether the whole triangle lies beyond one end of the band.
func (o bandSides) all() bool { return o.below == 7 || o.above == 7 }

// edge reports whether the edge from vertex i to vertex j lies beyond one
// end of the band.
func (o bandSides) edge(i, j int) bool {
	return (o.below>>i)&(o.below>>j)&1 != 0 || (o.above>>i)&(o.above>>j)&1 != 0
}

// vertex reports whether vertex j lies beyond the band.
func (o bandSides) vertex(j int) bool { return (o.below|o.above)>>j&1 != 0 }

// outOfReach is the ball early out of the whole capsule (as
// Query.outOfReach is the ellipsoid's, section 3 in spirit: a test on
// the triangle's bounding ball before any feature): the capsule at t
// is the set of points within r of its axis, the segment C(t) ± s, so
// over [0, maxT] it lies within r of the parallelogram P swept by the
// axis, P = {begin + a·maxT·delta + λs : a in [0, 1], λ in [-1, 1]}.
// The triangle lies in the ball of center g (its centroid) and radius
// rho (the farthest vertex); when the distance from g to P exceeds r +
// rho by a margin, no point of the capsule reaches the triangle. The
// distance is that to P's plane when g projects inside P, else to the
// nearest of its four sides (the sides alone when P is flat: delta
// along s, or no motion). Everything is relative to begin; the margin,
// 1e-6 of the squared lengths involved, is far above the rounding of
// these few dot products (as in Query.outOfReach). NaN rejects nothing.
// A triangle whose ball is more than twice the capsule's size (rho² >
// 4(r² + |s|²)) is not tested: so large a ball reaches most casts that
// come near the triangle, and the test would only cost time (the room-
// sized floors of the `block` benchmark level). That is a choice of speed
// alone; the caps and sides that follow decide the answer either way.
func (k *capsuleCaster) outOfReach(tri *geom.Triangle, begin *mgl64.Vec3, maxT float64) bool {
	b := v3p(begin)
	w0, w1, w2 := v3p(&tri[0]).sub(b), v3p(&tri[1]).sub(b), v3p(&tri[2]).sub(b)
	g := w0.add(w1).add(w2).mul(1.0 / 3)
	// The largest of the three by plain comparisons (the max builtin
	// costs more, for its NaN and signed-zero rules): a NaN vertex makes
	// g, and so all three, NaN, which rejects nothing either way.
	rr := w0.sub(g).lenSq()
	if r1 := w1.sub(g).lenSq(); r1 > rr {
		rr = r1
	}
	if r2 := w2.sub(g).lenSq(); r2 > rr {
		rr = r2
	}
	if rr > k.bigBall {
		return false // a triangle this large is within reach of most casts that come near it
	}
	s := v3(k.c.HalfSegment)
	pg := &k.swept
	if pg.maxT != maxT {
		pg.set(v3(k.q.delta).mul(maxT), s.mul(2))
		pg.maxT = maxT
	}
	d2 := pg.distSq(g.add(s)) // relative to P's corner begin - s
	x := d2 - k.r2 - rr - float64(1e-6*(k.r2+rr+g.lenSq()+pg.a11+pg.a22))
	return x > 0 && x*x > k.r2x4*rr
}

// parallelogram is P = {a·e1 + b·e2 : a, b in [0, 1]} with what distSq
// needs of it made once: the Gram matrix of e1 and e2 (a11 = e1·e1, a12 =
// e1·e2, a22 = e2·e2), its inverse times the determinant's reciprocal,
// and the sides' reciprocal squared lengths. The capsule's ball early
// out (capsuleCaster.outOfReach) keeps the one its axis sweeps over
// [0, maxT] for as long as the best T stays maxT.
type parallelogram struct {
	a11, a12, a22 float64
	c11, c12, c22 float64 // (a, b) = (c11·b1 + c12·b2, c12·b1 + c22·b2) for b1 = p·e1, b2 = p·e2
	i11, i22      float64 // 1/a11 and 1/a22, 0 for a zero side
	e1, e2        vec3
	flat          bool    // e1 and e2 (nearly) parallel, or one of them zero: P is its sides
	maxT          float64 // the maxT it was made for (outOfReach), NaN before
}

// set makes pg the parallelogram of e1 and e2. P is flat when the Gram
// determinant is at most 1e-12 of a11·a22 (the sine of the angle between
// the sides below 1e-6), where the projection's coordinates lose their
// precision; it is then measured by its four sides.
func (pg *parallelogram) set(e1, e2 vec3) {
	pg.e1, pg.e2 = e1, e2
	pg.a11, pg.a12, pg.a22 = e1.dot(e1), e1.dot(e2), e2.dot(e2)
	pg.i11, pg.i22 = recipOrZero(pg.a11), recipOrZero(pg.a22)
	det := float64(pg.a11*pg.a22) - float64(pg.a12*pg.a12)
	pg.flat = !(det > 1e-12*pg.a11*pg.a22)
	inv := 1 / det
	pg.c11, pg.c12, pg.c22 = float64(pg.a22*inv), float64(-pg.a12*inv), float64(pg.a11*inv)
}

// recipOrZero is 1/x, or 0 for x = 0.
func recipOrZero(x float64) float64 {
	if x == 0 {
		return 0
	}
	return 1 / x
}

// distSq is the squared distance from the point p to P. With (a, b) the
// coordinates of p's projection onto P's plane, the projection inside
// gives the distance to the plane, |p|² - (a·b1 + b·b2); outside, the
// nearest point of a convex polygon lies on a side whose line has the
// projection beyond it (a < 0: the side a = 0, and so on), at most two of
// the four; a flat P is its four sides. Every side's distance comes from
// |p|², b1, b2 and the Gram matrix (sideDistSq), without another dot
// product. The differences cancel to within a few ulps of |p|² + a11 +
// a22, which is all a caller's margin needs (outOfReach's is 1e-6 of
// them). A NaN p gives NaN.
func (pg *parallelogram) distSq(p vec3) float64 {
	pp, b1, b2 := p.lenSq(), p.dot(pg.e1), p.dot(pg.e2)
	// The sides (sideDistSq), from |p|², b1, b2 and the Gram matrix: 0 is
	// a = 0 (from 0 to e2), 1 is a = 1 (from e1 to e1 + e2), 2 is b = 0
	// (from 0 to e1), 3 is b = 1 (from e2 to e2 + e1).
	side0 := func() float64 { return sideDistSq(pp, b2, pg.a22, pg.i22) }
	side1 := func() float64 { return sideDistSq(pp-float64(2*b1)+pg.a11, b2-pg.a12, pg.a22, pg.i22) }
	side2 := func() float64 { return sideDistSq(pp, b1, pg.a11, pg.i11) }
	side3 := func() float64 { return sideDistSq(pp-float64(2*b2)+pg.a22, b1-pg.a12, pg.a11, pg.i11) }
	if pg.flat {
		return min(side0(), side1(), side2(), side3())
	}
	a, b := float64(pg.c11*b1)+float64(pg.c12*b2), float64(pg.c12*b1)+float64(pg.c22*b2)
	if a >= 0 && a <= 1 && b >= 0 && b <= 1 {
		return max(pp-(float64(a*b1)+float64(b*b2)), 0)
	}
	d := math.Inf(1)
	switch {
	case a < 0:
		d = side0()
	case a > 1:
		d = side1()
	}
	switch {
	case b < 0:
		d = min(d, side2())
	case b > 1:
		d = min(d, side3())
	}
	if d == math.Inf(1) {
		return math.NaN() // no side taken: a or b is NaN
	}
	return d
}

// sideDistSq is the squared distance from a point p to a side of P from
// its start x along its direction e (|e|² = ee, inv = 1/ee, or 0 for a
// zero side), given q = p - x by qq = |q|² and qe = q·e: |q|² - 2f(q·e) +
// f²|e|² at f = q·e/|e|² clamped to [0, 1]. Its clamps are plain
// comparisons (the min and max builtins cost more, for their NaN and
// signed-zero rules): a NaN passes through both, as it does through the
// builtins, and a zero's sign does not matter to a caller that only
// compares the distance.
func sideDistSq(qq, qe, ee, inv float64) float64 {
	f := float64(qe * inv)
	if f < 0 {
		f = 0
	} else if f > 1 {
		f = 1
	}
	if d := qq - float64(f*(float64(2*qe)-float64(f*ee))); !(d < 0) {
		return d
	}
	return 0
}

// missesPlane is the plane slab test of the whole capsule, a
// conservative early out: every point of the capsule lies within
// rho = r + |s·N̂| of the center along the triangle's unit normal N̂, so
// while the center's signed distance to the plane, dist + t·nd, stays
// beyond rho no point of the capsule reaches the plane, nor the triangle
// in it. It rejects when that holds on all of [0, maxT], with everything
// multiplied by |N| (no square root): dist and nd are (begin - v0)·N and
// delta·N, and rho·|N| = r|N| + |s·N|, plus a margin m = 1e-9·(|begin -
// v0|₁ + |delta| + r + |s|)·|N| (the first length as the sum of the
// coordinates' magnitudes, at least the Euclidean one; the others made
// once a cast: capsuleCaster.lens). N is the plain cross product, used only
// when the sine of the angle between the edges is at least 1e-4
// (crossRecheck), where it is tilted by at most 1e-12 rad: the distances
// are then off by at most 1e-12 of those lengths times |N| plus a few
// ulps, far below m. A thinner triangle is never rejected here. NaN
// compares false and rejects nothing.
func (k *capsuleCaster) missesPlane(begin, delta *mgl64.Vec3, pl *plain, maxT float64) bool {
	if !pl.ok {
		return false
	}
	n, ln := pl.n, pl.ln
	bw, d, s := v3p(begin).sub(pl.o), v3p(delta), v3(k.c.HalfSegment)
	dist, nd := centerSide(bw.dot(n), d.dot(n))
	rho := float64(k.c.Radius*ln) + abs(s.dot(n)) + float64(1e-9*(bw.absSum()+k.lens)*ln)
	return dist > rho && (nd >= 0 || dist+float64(maxT*nd) > rho)
}

// plain is a triangle's vertex 0 and its plain normal N = (v1 - v0) x
// (v2 - v0) with |N|² and |N|, and ok when the sine of the angle between those
// edges is at least 1e-4 (crossRecheck), where N is tilted by at most
// 1e-12 rad; the early outs that use it (missesPlane,
// enteredFromOutside) answer false otherwise. The capsule's narrow phase
// makes it once a triangle.
type plain struct {
	o, n   vec3
	nn, ln float64 // |N|² and |N|
	ok     bool
}

// set makes pl the plain normal of tri.
func (pl *plain) set(tri *geom.Triangle) {
	pl.o = v3p(&tri[0])
	e1, e2 := v3p(&tri[1]).sub(pl.o), v3p(&tri[2]).sub(pl.o)
	pl.n = e1.cross(e2)
	pl.nn = pl.n.lenSq()
	pl.ln = math.Sqrt(pl.nn)
	pl.ok = pl.nn >= crossRecheck*e1.lenSq()*e2.lenSq()
}

// capsuleFrame is the triangle and the motion in the space where the
// capsule's radius is 1 (section 4.1 with M = r·I), relative to the
// triangle's vertex 0, which keeps precision far from the origin: B = (begin
// - v0)/r, D = delta/r, S = s/r, verts[i] = (v_i - v0)/r.
type capsuleFrame struct {
	ok     bool
	r      float64
	origin vec3 // v0, world
	world  [3]vec3
	B, D   vec3
	S      vec3
	verts  [3]vec3
}

// set fills the frame (every field); ok is false when a scaled value is
// not finite (a motion or triangle over 1e208 radii long, say), where no
// answer is given.
func (u *capsuleFrame) set(c *Capsule, begin, delta *mgl64.Vec3, tri *geom.Triangle) {
	inv := 1 / c.Radius
	u.r, u.origin = c.Radius, v3p(&tri[0])
	for i := range tri {
		u.world[i] = v3p(&tri[i])
		u.verts[i] = u.world[i].sub(u.origin).mul(inv)
	}
	u.B, u.D, u.S = v3p(begin).sub(u.origin).mul(inv), v3p(delta).mul(inv), v3(c.HalfSegment).mul(inv)
	u.ok = u.B.finite() && u.D.finite() && u.S.finite() && u.verts[1].finite() && u.verts[2].finite()
}

// planeNormal is a x b for the plane of a polygon spanned by a and b: the
// plain cross product, recomputed exactly (crossExact) when the sine of
// the angle between a and b is below 1e-4, as in triFrame.plane
// (crossRecheck); usable is false below geom.SliverSine, where the polygon
// is taken as its edges and vertices alone (every point of it then lies
// within 1e-12 of its size of its boundary, geom.SliverSine).
func planeNormal(a, b vec3) (n vec3, usable bool) {
	n = a.cross(b)
	ab := float64(a.lenSq() * b.lenSq())
	if n.lenSq() < crossRecheck*ab {
		n = exactCross(a, b)
	}
	return n, n.lenSq() > geom.SliverSine*geom.SliverSine*ab
}

// pierce is the contact at t = 0 of a segment that crosses the triangle:
// its center B lies inside M, which no polygon of the boundary touches
// when M is thicker than 2. The segment B + λS, λ in [-1, 1], meets the
// plane (B + λS)·N = 0 (vertex 0 is the origin) at λ = -B·N/S·N, which
// is in [-1, 1] when |B·N| <= |S·N|, and pierces the triangle when that
// point is inside (section 3.3, faceContains). A segment parallel to the
// plane (S·N = 0) is in it or misses it: then M is flat and its polygons
// cover it, and a triangle without a plane (a sliver) is M's boundary
// polygons up to 1e-12 of its size: both are left to the polygons.
func (u *capsuleFrame) pierce(h *Hit) bool {
	n, usable := planeNormal(u.verts[1], u.verts[2])
	if !usable {
		return false
	}
	bn, sn := u.B.dot(n), u.S.dot(n)
	if !(sn != 0 && abs(bn) <= abs(sn)) {
		return false
	}
	face := n.unit()
	p := u.B.madd(u.S, -bn/sn)
	if !faceContains(&u.verts, face, p) {
		return false
	}
	p = p.madd(face, -p.dot(face)) // onto the plane, against rounding
	normal := face
	switch {
	case bn < 0:
		normal = face.mul(-1)
	case bn == 0:
		normal = fallbackNormal(face, u.D)
	}
	return u.hit(contact{point: p, feature: Face}, normal, h)
}

// face is sections 3.1 and 3.3 on the face of edge i's parallelogram
// e_i ⊕ [-S, S], from a = verts[i] to b = verts[i+1]: the polygon (a - S,
// b - S, b + S, a + S), counter-clockwise around N = e x S. Its edges and
// vertices are not tested here: edges 0 and 2 and the four vertices belong
// to the caps (tested there), edges 1 and 3 are the segments of vertices b
// and a (vertexSegment), so each piece of M's boundary is swept against
// once (capsuleCaster.triangle). A parallelogram without a usable plane (S
// along the edge, or a point edge) has no face: its area lies within 1e-12
// of its size of those edges (planeNormal). The contact, if the center's
// projection at the plane's entry time t1 lies inside, is mapped back to
// the triangle (capsuleEdgeContact) and written to h (only then).
func (u *capsuleFrame) face(i int, upper float64, h *Hit) bool {
	a, b := u.verts[i], u.verts[next(i, 3)]
	n, usable := planeNormal(b.sub(a), u.S)
	if !usable {
		return false
	}
	face := n.unit()
	p := [4]vec3{a.sub(u.S), b.sub(u.S), b.add(u.S), a.add(u.S)}
	t1, ok := planeSweptSphere(u.B.sub(p[0]).dot(face), u.D.dot(face), 1, upper) // 3.1
	if !ok {
		return false // the sphere never reaches the plane by upper
	}
	c1 := u.B.madd(u.D, t1)
	if !polygonContains(p[:], face, c1) { // 3.3
		return false
	}
	c := contact{t: t1, point: c1.madd(face, -c1.sub(p[0]).dot(face)), feature: Face}
	normal := c1.sub(c.point)
	if normal.isZero() {
		normal = fallbackNormal(face, u.D)
	} else {
		normal = face.mul(sign(normal.dot(face))) // exact, rather than the difference of two nearby points
		normal = u.outOfTriangle(i, normal)
	}
	return u.hit(capsuleEdgeContact(c, i, a, b, u.S, n), normal.unit(), h)
}

// outOfTriangle keeps the normal n of a contact on edge i's parallelogram
// (the common perpendicular of the edge and the segment) when it leans out
// of the triangle across that edge, or lies in its plane's normal line:
// then the plane through the edge with normal n has the triangle behind
// it. When it leans inward, the parallelogram is not on the boundary of
// the Minkowski sum there: the segment is almost parallel to the face
// (n within rounding of the face's normal N), the face copy M ± S is
// touched at the same T, and N, turned toward the capsule, is the normal
// that separates. A triangle without a plane keeps n.
func (u *capsuleFrame) outOfTriangle(i int, n vec3) vec3 {
	N, usable := planeNormal(u.verts[1], u.verts[2])
	if !usable {
		return n
	}
	a, b, c := u.verts[i], u.verts[next(i, 3)], u.verts[next(next(i, 3), 3)]
	m := b.sub(a).cross(N) // in the plane, across edge i
	if m.dot(c.sub(a)) > 0 {
		m = m.mul(-1) // outward: away from the third vertex
	}
	if n.dot(m) >= 0 {
		return n
	}
	N = N.unit()
	return N.mul(sign(n.dot(N)))
}

// vertexSegment is section 3.5 on the segment v - S to v + S that vertex j
// of the triangle sweeps out in M, the edge between the parallelograms of
// the two triangle edges at j: the first t in [0, upper] at which the unit
// sphere centered B + t·D is at distance 1 from the segment's line
// (d_edge(C'(t))² = 1, the edge quadratic of sweptCircle.edgeVertex with
// r1 = r2 = 0, r3 = 1) with its foot on the segment. The segment's ends
// are vertices of the caps, tested there; so is a segment shorter than
// minEdgeSq of the triangle's size (or tinyEdgeSq), which lies within
// 1e-12 of that size of its ends. offEdge skips the quadratic when every
// foot lies beyond one end, with the margin it explains. The contact is
// the triangle's vertex j (the capsule's side touches it), written to h
// (only when there is one).
func (u *capsuleFrame) vertexSegment(j int, upper float64, h *Hit) bool {
	v1, e := u.verts[j].sub(u.S), u.S.mul(2)
	ee := e.dot(e)
	size2 := max(u.verts[1].lenSq(), u.verts[2].lenSq()) + ee
	if !(ee > minEdgeSq*size2 && ee > tinyEdgeSq) {
		return false
	}
	vb := u.B.sub(v1)
	f0, g := vb.dot(e), u.D.dot(e) // the foot's position along e is f0 + t·g
	if offEdge(f0, f0+float64(upper*g), ee, float64(offEdgeScale*(vb.lenSq()+u.D.lenSq()+1)*ee)) {
		return false
	}
	bPerp, dPerp := vb.madd(e, -f0/ee), u.D.madd(e, -g/ee)
	t, ok := lowestRoot(-dPerp.dot(dPerp), float64(-2*dPerp.dot(bPerp)), 1-bPerp.dot(bPerp), upper)
	if !ok {
		return false
	}
	f := vb.madd(u.D, t).dot(e)
	if !(f >= 0 && f <= ee) {
		return false
	}
	normal := u.B.madd(u.D, t).sub(v1.madd(e, f/ee))
	if normal.isZero() {
		normal = fallbackNormal(vec3{}, u.D)
	}
	return u.hit(contact{t: t, feature: Vertex, index: j}, normal.unit(), h)
}

// capsuleEdgeContact maps a face contact m on the parallelogram of edge i
// (a to b, e = b - a) back to the triangle: m = y - σ with y on the
// triangle's edge i and the capsule's point C + σ, σ in [-S, S]. Inside the
// face m - a = λe + μS, and y = a + λe with λ = ((m - a) x S)·N/|N|² (N =
// e x S), clamped to [0, 1] against rounding.
func capsuleEdgeContact(c contact, i int, a, b, S, N vec3) contact {
	e := b.sub(a)
	l := min(max(c.point.sub(a).cross(S).dot(N)/N.lenSq(), 0), 1)
	return contact{t: c.t, point: a.madd(e, l), feature: Edge, index: i}
}

// hit writes the contact c (a point in the frame, or for a Vertex the
// triangle's vertex c.index, taken from the world triangle exactly) with
// the unit normal to h, back in world space: origin + r·point. It reports
// false for a non-finite result or a T outside [0, 1].
func (u *capsuleFrame) hit(c contact, normal vec3, h *Hit) bool {
	p := u.origin.add(c.point.mul(u.r))
	if c.feature == Vertex {
		p = u.world[c.index]
	}
	if !p.finite() || !normal.finite() || normal.isZero() || !(c.t >= 0 && c.t <= 1) {
		return false
	}
	*h = Hit{T: c.t, Point: p.mgl(), Normal: normal.mgl(), Feature: c.feature}
	return true
}

// abs is |x|.
func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// sign is 1 for x >= 0 (and NaN), -1 below.
func sign(x float64) float64 {
	if x < 0 {
		return -1
	}
	return 1
}
