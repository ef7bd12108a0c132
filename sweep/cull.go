// cull.go: the conservative rejections of the narrow phase, each of which
// only ever rejects what the exact stages (reference.go) would reject:
// the world box tests (outsideBox, outsideSweptBox, sweptSlab: the swept
// box of Query.Bounds), the plane stage's test on squares (missesSlab),
// the ball early out (outOfReach) and the face stage's circle bound
// (circleReach); and b2u, which combines branch-free conditions. The
// BVH's own box tests are in bvh_query.go and bvh.go, their float32 and
// assembly forms in mesh.go (loadNear), slab4* and leaf4*.

package sweep

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// outsideBox reports whether the triangle's AABB and the box [lo, hi] are
// disjoint: then a swept ellipsoid inside the box cannot touch it.
func outsideBox(tri *geom.Triangle, lo, hi *[3]float64) bool {
	for k := 0; k < 3; k++ {
		if triOutsideSlab(tri, k, lo[k], hi[k]) {
			return true
		}
	}
	return false
}

// triOutsideSlab reports whether the triangle lies entirely outside
// [lo, hi] along world axis k. (Plain comparisons: the min and max builtins
// cost more, for their NaN and signed-zero rules; a NaN here compares false
// and keeps the triangle.)
func triOutsideSlab(tri *geom.Triangle, k int, lo, hi float64) bool {
	return outside64(tri[0][k], tri[1][k], tri[2][k], lo, hi)
}

// outside64 reports whether a, b and c all lie above hi or all below lo.
func outside64(a, b, c, lo, hi float64) bool {
	return (a > hi && b > hi && c > hi) || (a < lo && b < lo && c < lo)
}

// outsideSweptBox is outsideBox for the box of the ellipsoid e swept from
// begin by delta: the box of Query.Bounds, made without a Query, for
// EllipsoidTriangle, which runs it first on every triangle.
//
// Along each world axis k the slab is centered on the middle of the
// motion, c = b + d/2, with half-width w = |d|/2 + ext, ext being
// Extent's (the half-width of the ellipsoid's AABB along k,
// sqrt(Σ_i a_i[k]²), summed in Extent's order); a vertex is outside when
// its offset s from c exceeds w in magnitude, the triangle when all three
// are, on the same side.
//
// The margin. Every rounding here is a few ulps (2⁻⁵³ relative) of w or
// of |c| (the sum of three squares and its square root, the sums making c
// and w; d/2 is exact) or of |s| (one difference): the test widens w by
// 1e-9·(w + |c|), millions of times that, as sweptSlab widens the mesh's
// box, so that rounding never prunes a tangency. A NaN makes the
// comparisons it enters false, and an infinite axis, start or motion makes
// w infinite: nothing is rejected then. (Vertices all infinite on one
// side may be rejected; Query.Triangle finds no hit with them either.)
//
// The three axes are combined with b2u and decided by one branch: which
// axis, if any, rejects a triangle is unpredictable, and mispredicted
// branches cost more than the arithmetic an early exit would skip. They
// are written out rather than looped over (the loop's counter and indexed
// loads were a tenth of the test).
//
// On amd64 with AVX2, EllipsoidTriangle runs sweptCullAVX instead, with the
// three axes in one AVX register's lanes and the same operations: about
// half the instructions.
func outsideSweptBox(e *Ellipsoid, tri *geom.Triangle, begin, delta *mgl64.Vec3) bool {
	a := &e.Axes
	cx, wx := slabAbout(extentK(a, 0), begin[0], delta[0])
	cy, wy := slabAbout(extentK(a, 1), begin[1], delta[1])
	cz, wz := slabAbout(extentK(a, 2), begin[2], delta[2])
	x := allBeyond(tri[0][0]-cx, tri[1][0]-cx, tri[2][0]-cx, wx)
	y := allBeyond(tri[0][1]-cy, tri[1][1]-cy, tri[2][1]-cy, wy)
	z := allBeyond(tri[0][2]-cz, tri[1][2]-cz, tri[2][2]-cz, wz)
	return x|y|z != 0
}

// extentK is Extent's value along world axis k: sqrt(Σ_i a_i[k]²), summed
// in the same order.
func extentK(a *[3]mgl64.Vec3, k int) float64 {
	return math.Sqrt(float64(a[0][k]*a[0][k]) + float64(a[1][k]*a[1][k]) + float64(a[2][k]*a[2][k]))
}

// slabAbout is the center c and the half-width w, margin included, of the
// slab along one world axis swept by an ellipsoid of half-extent ext whose
// center goes from b to b+d (outsideSweptBox, which gives the margin).
func slabAbout(ext, b, d float64) (c, w float64) {
	c = b + float64(0.5*d)
	w = float64(0.5*math.Abs(d)) + ext
	return c, w + float64(1e-9*(w+math.Abs(c)))
}

// allBeyond is 1 when s0, s1 and s2 all exceed w or all lie below -w,
// else 0.
func allBeyond(s0, s1, s2, w float64) uint8 {
	// One expression, not two named values: allBeyond must stay within
	// the inlining budget.
	return b2u(s0 > w)&b2u(s1 > w)&b2u(s2 > w) | b2u(s0 < -w)&b2u(s1 < -w)&b2u(s2 < -w)
}

// sweptSlab is the extent along one world axis of a swept ellipsoid whose
// center goes from b to b+d and whose half-extent along that axis is ext,
// widened by a relative 1e-9 so that rounding never prunes a tangency.
//
// The ends are b + min(d, 0) and b + max(d, 0): the same values as
// ordering b and b+d (adding zero is exact), without a branch on the sign
// of d, which random motions mispredict half the time.
func sweptSlab(b, d, ext float64) (lo, hi float64) {
	lo, hi = b+min(d, 0), b+max(d, 0)
	m := ext + float64(1e-9*(ext+math.Abs(lo)+math.Abs(hi)))
	return lo - m, hi + m
}

// missesSlab is planeSweptSphere's rejection on squares, without the
// square root of rr = r²: the center starts beyond r (dist² > r²) and is
// still beyond it at maxT, or is not approaching. It is conservative by a
// relative 1e-12 so that it never rejects what planeSweptSphere, which
// decides, would accept; it only spares most triangles the square root.
func missesSlab(dist, nd, rr, maxT float64) bool {
	dist, nd = centerSide(dist, nd)
	rm := float64(rr * (1 + 1e-12))
	left := dist + float64(maxT*nd) // signed distance at maxT
	// Beyond r at the start, and not approaching or still beyond r at
	// maxT; the pure comparisons combined with b2u (NaN compares false in
	// each, as it did in the branches it replaces), decided by one branch.
	far := b2u(dist*dist > rm)                       // beyond r at the start
	receding := b2u(!(nd < 0))                       // not approaching the plane
	farAtMaxT := b2u(left > 0) & b2u(left*left > rm) // still beyond r, on the same side, at maxT
	return far&(receding|farAtMaxT) != 0
}

// outOfReach reports whether the unit sphere whose center is B + t·D
// (section 5, unit space, u.b and q.unitDelta) certainly touches no point
// of the triangle u for any t in [0, upper]. No point of the triangle lies
// farther than rho = sqrt(rr) from its centroid g, rr being the largest
// squared distance of a vertex from g, so it tests the ball
// (g, rho): the distance from the segment of centers to g, at the clamped
// t of closest approach, must exceed 1 + rho by a margin. It must never
// reject a triangle the exact path (sections 3.1-3.6) would accept.
//
// The margin. Let p = B - g and S² = 1 + rr + |p|² + |D|²; S >= 1 bounds,
// up to a factor of two, every unit-space magnitude involved (the
// vertices lie within 2·rho of g, vertex 0 being the origin, and
// upper <= 1). The test rejects when the
// squared distance q² from the segment to g exceeds (1 + rho)² + m with
// m = 1e-6·S². Then q - (1 + rho) > m/(q + 1 + rho) >= m/(3S), and every
// point x of the triangle lies farther than 1 + 3e-7·S from every center
// of [0, upper] (|c - x| >= |c - g| - rho). Computed here, q² and the
// bound are each within a few dozen ulps of S² (short sums of products of
// these vectors; a rounded t of closest approach moves the center by as
// little), far below m. Against that:
//
//   - An edge or vertex contact (sweptCircle.edgeVertex) needs its rounded
//     quadratic 1 - |B + tD - x|² to reach zero at a t <= upper; the
//     exact value is below -6e-7·S there and the rounded one within about
//     1e-14·S² of it, so there is none while S < 1e7 (a triangle ten
//     million times the ellipsoid, where no answer keeps 1e-6 anyway).
//   - A face contact (faceStage, at the entry time t1 of section 3.1) puts
//     the center within 1 of the triangle up to the rounding of the plane
//     stage, which works with world-space dot products and a normal
//     tilted by at most 1e-12 rad (crossRecheck): seen in unit space both
//     grow with the condition number K of M, to at most about
//     5e-12·K·S. Triangle runs this test before that stage only when K <=
//     reachFirstCond = 1e3, where that is 5e-9·S, sixty times below the
//     margin; otherwise only after it, for edge and vertex contacts.
//
// So a rejected triangle is one the exact path rejects. The comparison is
// made without the square root of rr: q² - 1 - rr - m > 2·rho. NaN or
// overflow compare false and reject nothing.
func (q *Query) outOfReach(u *unitTri, upper float64) bool {
	v1, v2 := u.verts[1], u.verts[2]
	g := v1.add(v2).mul(1.0 / 3)
	rr := max(g.lenSq(), v1.sub(g).lenSq(), v2.sub(g).lenSq())
	p, d := u.b.sub(g), q.unitDelta
	t := 0.0
	if pd := p.dot(d); pd < 0 { // approaching g: closest at -pd/|D|², clamped to upper
		t = min(-pd/q.unitDeltaSq, upper)
	}
	c := p.madd(d, t)
	x := c.lenSq() - 1 - rr - float64(1e-6*(1+rr+p.lenSq()+q.unitDeltaSq))
	return x > 0 && x*x > 4*rr
}

// circleReach bounds the squared radius of the circle that the plane cuts
// from the unit sphere (section 3.2) while its center moves from c1 at t1
// to c2 at t2, for faceStage's prune. The radius is sqrt(1 - d²) for the
// center's distance d to the plane, d(t) = (bn + t·dn)/ln (triFrame.plane),
// linear in t: on [t1, t2] |d| is least at an end, or zero where the center
// crosses the plane (then the bound is 1). A sphere that entered the
// plane's slab at t1 > 0 has a circle of radius zero there, so once the
// best hit so far cuts t2 short, the circle is much smaller than the
// sphere, and faceStage rejects the triangles it cannot reach without
// sections 3.4-3.6's six quadratics.
//
// The margin. d comes from world-space dot products divided by ln; seen
// in unit space their rounding is a few ulps of K·(|c1| + |c2| + 1), K
// the condition number of M, which a Query only trusts here while K <=
// reachFirstCond = 1e3 (as outOfReach; the caller passes rr = 1 otherwise).
// The bound adds 1e-6·(1 + |c1|² + |c2|²), which exceeds twice that error
// of d (so of 1 - d²) by many orders, and the rounding of faceStage's
// own products, which its test against rr = 1 has always had: with the
// margin the pruned circle is never smaller than the circle edgeVertex
// would see. The result is capped at 1, which is the test without the
// bound; a NaN compares false and gives 1 too.
func (f *triFrame) circleReach(t1, t2 float64, c1, c2 vec3) float64 {
	dist, nd := centerSide(f.bn, f.dn)
	d1, d2 := dist+float64(t1*nd), dist+float64(t2*nd)
	if !(d1 > 0 && d2 > 0) {
		return 1 // the center reaches the plane (or NaN)
	}
	dm := min(d1, d2) / f.ln
	rr := 1 - float64(dm*dm) + float64(1e-6*(1+c1.lenSq()+c2.lenSq()))
	if !(rr < 1) {
		return 1
	}
	return rr
}

// b2u is 1 for true and 0 for false (compiled to a flag move, not a
// branch), so that several unpredictable tests can be combined with & and |
// and decided by one branch.
func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
