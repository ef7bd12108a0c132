// box.go: the swept oriented box against a triangle (BoxTriangle): the
// separating-axis test on moving intervals (Ericson, Real-Time Collision
// Detection, §5.2.1 and §5.2.9 for the 13 axes of a box and a triangle,
// §5.5.8 for the entering and leaving times of moving intervals), then the
// contact point by clipping the touching feature against the box.

package sweep

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// BoxTriangle returns the first contact of the box b whose center moves
// from begin to begin+delta (world units) with the two-sided triangle tri:
// T in [0, 1] (0 when it already touches or overlaps), a point of the
// triangle touching the box at T, the unit normal of the separating axis
// that was entered last (at T = 0, the axis of least penetration), pointing
// from the triangle toward the box's center, the feature of the triangle
// that point lies on, and Triangle = 0. It reports no hit for an invalid box
// (Box.Validate) or a non-finite point; a degenerate triangle is hit as the
// segment or point it is.
func BoxTriangle(b Box, begin, delta mgl64.Vec3, tri geom.Triangle) (Hit, bool) {
	if b.Validate() != nil || !finiteVecs(begin, delta, tri[0], tri[1], tri[2]) {
		return Hit{}, false
	}
	var h Hit
	var k boxCaster
	k.set(&b, &delta)
	ok := k.triangle(&tri, &begin, 1, &h)
	return h, ok
}

// boxCaster is a box prepared for a cast: the box and the working memory
// of its axes' projections, kept for the whole cast so that a triangle
// does not clear it (zeroing the 13 projections cost a fifth of a box's
// narrow phase on the block level).
type boxCaster struct {
	f    boxFrame // the frame of the triangle in hand; its box and motion are the cast's (set)
	axes [boxAxes]satAxis

	// With lazy (a mesh cast), triangle leaves a hit's Point and Feature
	// to finish, which makes them for the best hit alone: what touching
	// needs of the last hit (pending) is kept by keep (best) while the
	// mesh loop's best is that hit. A hit has 2.5 others before it on a
	// block level's cast that meets anything, and touching clips the
	// triangle against the box.
	lazy          bool
	small         bool // every frame of the cast is moderate (setLazy)
	pending, best boxContact
}

// set prepares k for the box b moving by delta: what every triangle's
// frame shares (the half-extent vectors, their squared lengths and the
// motion).
func (k *boxCaster) set(b *Box, delta *mgl64.Vec3) {
	f := &k.f
	f.a = [3]vec3{v3(b.Axes[0]), v3(b.Axes[1]), v3(b.Axes[2])}
	f.aa = [3]float64{f.a[0].lenSq(), f.a[1].lenSq(), f.a[2].lenSq()}
	f.aligned = [3]bool{f.a[0].onAxis(), f.a[1].onAxis(), f.a[2].onAxis()}
	f.d = v3p(delta)
}

// setLazy makes k, once set, defer its contact points (a mesh cast from
// begin), and notes whether every frame of the cast is moderate without
// testing each: a mesh with float32 vertices (below 3.5e38) and a box,
// start and motion whose coordinates are all below 1e99 make frames below
// 1e100.
func (k *boxCaster) setLazy(begin *mgl64.Vec3, float32Verts bool) {
	f := &k.f
	k.lazy = true
	k.small = float32Verts && v3p(begin).below(1e99) && f.d.below(1e99) && f.a[0].below(1e99) && f.a[1].below(1e99) && f.a[2].below(1e99)
}

// boxContact is what touching needs to find a hit's point, beside the
// cast's box and motion: the triangle's vertex 0 (o) and its other two
// vertices relative to it (v), the normal n and the box's center c at T;
// made says the hit's point was made at once (a frame that is not
// moderate), so that finish leaves it.
type boxContact struct {
	o, n, c vec3
	v       [2]vec3
	made    bool
}

// keep makes the last hit's contact the best's.
func (k *boxCaster) keep() {
	if k.lazy {
		k.best = k.pending
	}
}

// finish writes the best hit's Point and Feature, when triangle left
// them (lazy), and reports false if the point is not finite.
func (k *boxCaster) finish(h *Hit) bool {
	if !k.lazy || k.best.made {
		return true
	}
	b := &k.best
	k.f.v = [3]vec3{{}, b.v[0], b.v[1]} // the frame of the best hit's triangle, as far as touching reads it
	point, feature := k.f.touching(b.n, b.c)
	p := point.add(b.o)
	h.Point, h.Feature = p.mgl(), feature
	return p.finite()
}

// boxFrame is the box and the triangle relative to the triangle's vertex
// 0 (which keeps precision far from the origin): the center c at t = 0,
// the motion d, the half-extent vectors a, the vertices v (v[0] = 0).
type boxFrame struct {
	c, d vec3
	a    [3]vec3
	v    [3]vec3
	// For the cross-product axes (axis): the edges e_j = v_{j+1} - v_j,
	// and the squared lengths of the edges and of the axes a_i; aligned[i]
	// when a_i has two zero coordinates (alignedCross).
	e       [3]vec3
	ee, aa  [3]float64
	aligned [3]bool
}

// satAxis is the separating-axis test of one axis L on moving intervals
// (Ericson §5.5.8): the box projects onto [p - R, p + R] + t·dL with
// p = c·L, R = Σ|a_i·L| and dL = d·L; the triangle onto [lo, hi]. They
// overlap while lo - R <= p + t·dL <= hi + R, for t in [enter, leave]
// (the whole line when dL = 0 and they overlap at all; never when they do
// not). The times are ratios, so L need not be unit length; L = 0 (the
// cross product of parallel directions) overlaps for all t and constrains
// nothing, which is right (see boxFrame.axis).
type satAxis struct {
	L           vec3
	p, R, dL    float64
	lo, hi      float64
	enter, exit float64
}

// project fills s with the interval data and times of the axis L.
func (f *boxFrame) project(L vec3, s *satAxis) {
	s.L, s.p, s.dL = L, f.c.dot(L), f.d.dot(L)
	s.R = abs(f.a[0].dot(L)) + abs(f.a[1].dot(L)) + abs(f.a[2].dot(L))
	x1, x2 := f.v[1].dot(L), f.v[2].dot(L)
	s.lo, s.hi = span3(x1, x2)
	lo, hi := s.lo-s.R-s.p, s.hi+s.R-s.p // the offsets of p + t·dL from the interval's ends
	switch {
	case x1 != x1 || x2 != x2: // an overflowing coordinate: as apart
		s.enter, s.exit = math.Inf(1), math.Inf(-1)
	case s.dL > 0:
		s.enter, s.exit = lo/s.dL, hi/s.dL
	case s.dL < 0:
		s.enter, s.exit = hi/s.dL, lo/s.dL
	case lo <= 0 && hi >= 0:
		s.enter, s.exit = math.Inf(-1), math.Inf(1)
	default: // apart and not moving along L: never overlap (NaN lands here too)
		s.enter, s.exit = math.Inf(1), math.Inf(-1)
	}
}

// span3 is the interval [min(0, x1, x2), max(0, x1, x2)] (vertex 0 at
// the origin projects to 0) by plain comparisons: the min and max
// builtins cost three times as many instructions for their NaN and
// signed-zero rules, which project does not need (it tests for NaN
// itself, and -0 and 0 give the same times).
func span3(x1, x2 float64) (lo, hi float64) {
	if x1 < x2 {
		lo, hi = x1, x2
	} else {
		lo, hi = x2, x1
	}
	if lo > 0 {
		lo = 0
	}
	if hi < 0 {
		hi = 0
	}
	return lo, hi
}

// boxAxes is the number of candidate axes of a box and a triangle.
const boxAxes = 13

// axis is candidate axis k of the 13 of a box and a triangle (Ericson
// §5.2.9): 0 the triangle's normal N = e0 x e1, 1-3 the box's axes, then
// the nine cross products e_j x a_i. For convex polytopes the normals of
// the faces of their Minkowski difference are enough, and those are
// exactly these vectors for the non-parallel pairs; a parallel pair gives
// no face, and its cross product is zero, which satAxis ignores. A nearly
// parallel pair is computed accurately (planeNormal recomputes the product
// exactly below a sine of 1e-4), so its direction is right to about 1e-12
// rad and it is tested like any other; nothing is skipped. A degenerate
// triangle has N = 0 (ignored) and its edges are its segment's direction:
// what remains is the test of a segment or a point against the box. The
// axes are made one at a time, as the test needs them: most triangles are
// apart on one of the first.
func (f *boxFrame) axis(k int) vec3 {
	switch {
	case k == 0:
		n, _ := planeNormal(f.v[1], f.v[2])
		return n
	case k <= 3:
		return f.a[k-1]
	}
	j, i := (k-4)/3, (k-4)%3
	n := f.e[j].cross(f.a[i]) // planeNormal's normal, from the squared lengths made once
	if n.lenSq() < crossRecheck*(f.ee[j]*f.aa[i]) {
		if f.aligned[i] {
			n = alignedCross(n)
		} else {
			n = exactCross(f.e[j], f.a[i])
		}
	}
	return n
}

// alignedCross is exactCross(e, a) for an axis a with two zero coordinates
// (an axis-aligned box's), given n = e x a, the plain cross product, where
// axis asks for it (|n|² below crossRecheck of |e|²|a|², so no product
// overflows). Each
// coordinate of e x a is a difference of two products of which one has a
// zero factor of a, so it is exactly zero (e finite), and the other is
// rounded once, as geom.DiffProd rounds the exact difference: the
// coordinates agree with DiffProd's except that a difference of two zeros
// may be -0 where DiffProd's is +0, which adding +0 turns into +0
// (TestAlignedCrossIsExact). Axis-aligned walls beside an axis-aligned box
// make edges parallel to its axes, whose products this spares DiffProd's
// fused multiply-adds.
func alignedCross(n vec3) vec3 { return vec3{n.x + 0, n.y + 0, n.z + 0} }

// setEdges makes the triangle's edges and their squared lengths, which
// axis reads (with the axes' squared lengths, made by boxCaster.set).
func (f *boxFrame) setEdges() {
	for j := range 3 {
		f.e[j] = f.v[next(j, 3)].sub(f.v[j]) // e0 = v1 - v0, e1 = v2 - v1, e2 = v0 - v2
		f.ee[j] = f.e[j].lenSq()
	}
}

// triangle is BoxTriangle for the valid box and the motion set (set), a
// finite start and triangle, the hit
// written to h. The first contact is T = max(0, max enter) when that is
// <= min(1, min exit): the sets are apart on some axis for any earlier t
// (Ericson §5.5.8); a NaN (an overflowing coordinate) is no hit. It stops
// as soon as an axis enters after maxT (<= 1), which only rejects hits
// later than maxT.
func (k *boxCaster) triangle(tri *geom.Triangle, begin *mgl64.Vec3, maxT float64, h *Hit) bool {
	o, f := v3p(&tri[0]), &k.f
	f.c = v3p(begin).sub(o)
	f.v = [3]vec3{{}, v3p(&tri[1]).sub(o), v3p(&tri[2]).sub(o)}
	f.setEdges()
	axes := &k.axes
	last := 0
	enter, exit := math.Inf(-1), 1.0
	for i := range boxAxes {
		s := &axes[i]
		L := f.axis(i)
		if L == (vec3{}) {
			// An edge parallel to a box axis (axis-aligned walls and an
			// upright box among them): the zero axis overlaps for all t
			// and constrains nothing (project's answer for it), and
			// shallowest skips it.
			s.L = L
			continue
		}
		f.project(L, s)
		if s.enter > enter {
			enter, last = s.enter, i
		}
		exit = min(exit, s.exit)
		if !(enter <= exit) || enter > maxT || exit < 0 {
			return false
		}
	}
	t := max(enter, 0)
	var n vec3
	if enter > 0 { // the last axis entered while moving, so dL != 0: the box comes from its -dL side
		n = axes[last].L.unit().mul(-sign(axes[last].dL))
	} else {
		n = shallowest(axes)
	}
	c := f.c.madd(f.d, t)
	if !n.finite() || n.isZero() || !(t >= 0 && t <= 1) {
		return false
	}
	if k.lazy && (k.small || f.moderate()) {
		k.pending = boxContact{o: o, n: n, c: c, v: [2]vec3{f.v[1], f.v[2]}}
		*h = Hit{T: t, Normal: n.mgl()}
		return true
	}
	point, feature := f.touching(n, c)
	p := point.add(o)
	if !p.finite() {
		return false
	}
	*h = Hit{T: t, Point: p.mgl(), Normal: n.mgl(), Feature: feature}
	k.pending.made = true
	return true
}

// moderate reports whether every coordinate of the frame is below 1e100
// in magnitude: then touching's products, sums and clipping stay far
// from overflow and the point it finds is finite, so that it can be made
// later (boxCaster.finish) without changing which hits count.
func (f *boxFrame) moderate() bool {
	const lim = 1e100
	return f.c.below(lim) && f.d.below(lim) && f.a[0].below(lim) && f.a[1].below(lim) && f.a[2].below(lim) &&
		f.v[1].below(lim) && f.v[2].below(lim)
}

// shallowest is the normal of a contact at t = 0 from the projections
// of the 13 axes (all made, for a contact): of the non-zero axes, the one
// along which the box would leave the triangle soonest, the least
// penetration depth min(hi + R - p, p - lo + R)/|L| (0 for boxes that only
// touch), pointing toward the side the box is on.
// A box resting on a floor gets the floor's normal, so that the slide's
// ignoreLeaving lets it move along the floor.
func shallowest(axes *[boxAxes]satAxis) vec3 {
	var n vec3
	depth := math.Inf(1)
	for k := range axes {
		s := &axes[k]
		l := s.L.length()
		if !(l > 0) || math.IsInf(l, 0) {
			continue
		}
		up, down := (s.hi+s.R-s.p)/l, (s.p-s.lo+s.R)/l // push out along +L or -L
		if up < depth {
			n, depth = s.L.mul(1/l), up
		}
		if down < depth {
			n, depth = s.L.mul(-1/l), down
		}
	}
	return n
}

// boxClipSlack is the relative slack of the box's faces when the touching
// feature is clipped against it. At T the box and the triangle touch only
// up to rounding: the entering time is a ratio of dot products of
// coordinates relative to vertex 0, good to a few ulps of the scale
// |c| + |d| + Σ|a_i| + |v1| + |v2|, and so is the box's position along
// each axis at T. 1e-12 of that scale is ten thousand times as much, so
// the feature meets the grown box; the point returned lies on the
// triangle and within √3 of that slack of the box.
const boxClipSlack = 1e-12

// touching finds a point of the triangle where it touches the box centered
// at c along the unit normal n: the triangle's vertices extreme toward
// the box along n (within the slack) are the touching feature, a vertex,
// an edge or the face; it is clipped against the box grown by the slack
// (clipToBox) and the average of what remains, a point of that feature,
// is returned. If rounding leaves nothing (or at t = 0, where the
// extreme vertices need not be inside an overlapping box) the whole
// triangle is clipped, and as a last resort the point of the triangle
// closest to the box's center is taken.
func (f *boxFrame) touching(n, c vec3) (vec3, Feature) {
	scale := c.length() + f.d.length() + f.a[0].length() + f.a[1].length() + f.a[2].length() + f.v[1].length() + f.v[2].length()
	slack := float64(boxClipSlack * scale)
	var x [3]float64
	top := math.Inf(-1)
	for i, v := range f.v {
		x[i] = v.dot(n)
		top = max(top, x[i])
	}
	var feat [3]vec3
	k := 0
	for i, v := range f.v {
		if x[i] >= top-float64(2*slack) {
			feat[k], k = v, k+1
		}
	}
	if p, ok := clipToBox(feat[:k], c, &f.a, slack); ok {
		return p, featureOf(feat[:k])
	}
	if p, ok := clipToBox(f.v[:], c, &f.a, slack); ok {
		return p, featureOf(f.v[:])
	}
	q, r, _ := geom.ClosestPointTriangle(c.mgl(), geom.Triangle{f.v[0].mgl(), f.v[1].mgl(), f.v[2].mgl()})
	return v3(q), Feature(r)
}

// featureOf names the feature of the triangle spanned by the points feat
// (some of its vertices): one point, or several equal ones, is a Vertex;
// two, or three on a line, an Edge; three with a plane the Face.
func featureOf(feat []vec3) Feature {
	switch {
	case len(feat) == 1 || feat[1] == feat[0] && feat[len(feat)-1] == feat[0]:
		return Vertex
	case len(feat) == 2:
		return Edge
	}
	if _, usable := planeNormal(feat[1].sub(feat[0]), feat[2].sub(feat[0])); !usable {
		return Edge
	}
	return Face
}

// maxClip is the most vertices a convex polygon of up to three vertices
// has after clipping by six planes.
const maxClip = 9

// clipToBox clips the convex polygon poly (1 to 3 points) against the six
// faces |(x - c)·a_i| <= |a_i|² + slack·|a_i| of the box grown by slack
// (Sutherland-Hodgman, Ericson §8.3.4) and returns the average of the
// points left, a point of the polygon, or false when nothing is left.
func clipToBox(poly []vec3, c vec3, a *[3]vec3, slack float64) (vec3, bool) {
	var bufA, bufB [maxClip]vec3
	cur, spare := append(bufA[:0], poly...), bufB[:0]
	for i := range 3 {
		lim := a[i].lenSq() + float64(slack*a[i].length())
		for _, sgn := range [2]float64{1, -1} {
			dir := a[i].mul(sgn)
			if out, cut := clipPlane(cur, spare[:0], c, dir, lim); cut {
				cur, spare = out, cur
			}
			if len(cur) == 0 {
				return vec3{}, false
			}
		}
	}
	var sum vec3
	for _, x := range cur {
		sum = sum.add(x)
	}
	return sum.mul(1 / float64(len(cur))), true
}

// clipPlane keeps the part of the polygon in (a point, a segment or a
// polygon, in order) where dist(x) = (x - c)·dir - lim <= 0, appending
// its vertices to dst: each
// vertex kept, and each crossing of an edge, at the interpolated point
// (Sutherland-Hodgman). Rounding can make more crossings than a convex
// polygon has; append then grows dst off the stack, which is only slower.
// A point or a segment is its one or two-vertex
// polygon (the segment's two edges are the same and add the same crossing
// once each; the average is unchanged in kind: a point of the segment).
//
// Each vertex's distance is made once. When every vertex is kept (every
// distance <= 0; NaN is not), the polygon is unchanged and clipPlane
// returns it with cut false, without copying it: a plane that cuts
// nothing is the common case (the floor under a box meets its bottom
// face, and a touching vertex or edge lies inside every face's plane).
func clipPlane(poly, dst []vec3, c, dir vec3, lim float64) (out []vec3, cut bool) {
	n := len(poly)
	var buf [maxClip]float64
	d := buf[:0] // (append grows it off the stack for a longer polygon, see above)
	for _, p := range poly {
		dp := p.sub(c).dot(dir) - lim
		d = append(d, dp)
		cut = cut || !(dp <= 0)
	}
	if !cut {
		return poly, false
	}
	for i, p := range poly {
		j := next(i, n)
		dp, dq := d[i], d[j]
		if dp <= 0 {
			dst = append(dst, p)
		}
		if (dp < 0 && dq > 0) || (dp > 0 && dq < 0) {
			q := poly[j]
			dst = append(dst, p.madd(q.sub(p), dp/(dp-dq)))
		}
	}
	return dst, true
}
