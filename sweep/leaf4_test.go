package sweep

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// leafCase is one leaf for leaf4AVX2 (float64 vertices when wide): up to
// four triangles (indices into float32 or float64 vertices, a |
// b<<triIdxBits | c<<2*triIdxBits; filter stores them as a mesh does) and
// the query.
type leafCase struct {
	wide  bool // the float64 vertices v64
	verts [12][3]float32
	v64   [12]mgl64.Vec3
	tris  [4]uint32
	n     int
	first int // the leaf's first triangle in leaf order: its lanes' groups
	q     Query
	box   nearBox
	upper float64
}

// tri returns triangle i of the leaf as Mesh.load would.
func (c *leafCase) tri(i int) geom.Triangle {
	var t geom.Triangle
	p := c.tris[i]
	for j, idx := range [3]uint32{p & triIdxMask, p >> triIdxBits & triIdxMask, p >> (2 * triIdxBits)} {
		if c.wide {
			t[j] = c.v64[idx]
			continue
		}
		v := c.verts[idx]
		t[j] = mgl64.Vec3{float64(v[0]), float64(v[1]), float64(v[2])}
	}
	return t
}

// scalar returns the decisions sweepNear (or, when wide, Mesh.sweep's
// float64 loop) makes on the leaf, in leaf4AVX2's form: bit i if
// loadNear's (loadNear64's) box test keeps triangle i, bit 4+i if frame
// then outOfReach with maxT = upper keeps it too and the plane and face
// stages (leafStages) do not reject it, bit 8+i if those find a face
// contact; and how many the plane and face stages rejected.
func (c *leafCase) scalar() (keep, planeRejected int) {
	for i := 0; i < c.n; i++ {
		tri := c.tri(i)
		if c.outside(i, &tri) {
			continue
		}
		keep |= 1 << i
		var s triScratch
		c.q.frame(&tri, &c.q.begin, &s.f, &s.u)
		if c.q.outOfReach(&s.u, c.upper) {
			continue
		}
		switch st := leafStages(&c.q, &s, c.upper); st.outcome {
		case faceOut:
			planeRejected++
			continue
		case faceHit:
			keep |= 1 << (faceLanes + i)
		case faceEdges:
			if st.decided {
				keep |= 1 << (edgeLanes + i)
			}
		}
		keep |= 1 << (4 + i)
	}
	return keep, planeRejected
}

// stages is what leafStages finds for a triangle: faceStage's outcome
// (faceOut for one the plane stage rejects too, faceEdges for one the
// leaf filter leaves to the scalar path) and, for a face contact, the
// contact and face normal Query.triangle would finish, or for faceEdges
// decided by the filter (decided: a usable plane whose plain cross
// product stands) the face normal Query.edgeStage takes.
type stages struct {
	outcome int
	ct      contact
	face    vec3
	decided bool
}

// leafStages is the model of the leaf filter's PLANE and FACE
// (leaf4_amd64.s) for the triangle whose frame s holds for the query q:
// triFrame.plane against maxT = upper, then the steps of Query.triangle
// up to faceStage's outcome. A triangle whose normal plane recomputes
// exactly, or without a usable plane, is left to the scalar path.
func leafStages(q *Query, s *triScratch, upper float64) stages {
	f, u := &s.f, &s.u
	ee := float64(f.e1.lenSq() * f.e2.lenSq())
	if f.e1.cross(f.e2).lenSq() < crossRecheck*ee {
		return stages{outcome: faceEdges}
	}
	if !f.plane(&q.normalMap, upper) {
		return stages{outcome: faceOut}
	}
	if !f.usable {
		return stages{outcome: faceEdges}
	}
	face := f.n.mul(1 / f.ln)
	t2 := slabExit(f.bn, f.dn, f.ln, upper)
	c1, c2 := u.b.madd(q.unitDelta, f.t1), u.b.madd(q.unitDelta, t2)
	return stages{faceStage(&u.verts, face, c1, c2, f.circleReach(f.t1, t2, c1, c2)), faceContact(f.t1, c1, face), face, true}
}

// planeMisses reports whether the leaf filter's plane and face stages
// reject the triangle whose frame s holds (leafStages).
func planeMisses(q *Query, s *triScratch, upper float64) bool {
	return leafStages(q, s, upper).outcome == faceOut
}

// outside reports whether the box test rejects triangle i (tri): on the
// float32 vertices against the float32 box, as loadNear, or on the float64
// ones against the query's box, as loadNear64.
func (c *leafCase) outside(i int, tri *geom.Triangle) bool {
	if c.wide {
		lo, hi := &c.q.boxLo, &c.q.boxHi
		for k := range 3 {
			if outside64(tri[0][k], tri[1][k], tri[2][k], lo[k], hi[k]) {
				return true
			}
		}
		return false
	}
	p := c.tris[i]
	a, b, d := &c.verts[p&triIdxMask], &c.verts[p>>triIdxBits&triIdxMask], &c.verts[p>>(2*triIdxBits)]
	lo, hi := &c.box.lo, &c.box.hi
	return outside32(a[0], b[0], d[0], lo[0], hi[0]) || outside32(a[1], b[1], d[1], lo[1], hi[1]) ||
		outside32(a[2], b[2], d[2], lo[2], hi[2])
}

// filter runs leaf4AVX2 (on float64 vertices when wide) on the leaf and checks the
// frame values it stores (leafFrame.load) against Query.frame's, bit for
// bit, and leafBoxAVX2's box bits against its own (float32 vertices).
func (c *leafCase) filter(t *testing.T) int {
	t.Helper()
	sc := &sweepCtx{q: &c.q, box: c.box}
	fr := &sc.fr
	for r := range fr {
		fr[r] = [4]float64{-7, -7, -7, -7} // no stale zero can pass for a stored one
	}
	// As a mesh stores them: the vertices from 4 on, the words (from
	// first on) relative to the base of each triangle's group (first+i >>
	// groupShift), 4 for group 0 and 1 for group 1 (cases whose first is
	// near a group's end straddle the two).
	var store [17][3]float32 // one vertex of padding, as Mesh.narrow leaves
	var store64 [16]mgl64.Vec3
	copy(store[4:], c.verts[:])
	copy(store64[4:], c.v64[:])
	vbase := [2]uint32{4, 1}
	words := make([]uint32, c.first+leafLanes)
	for i := 0; i < c.n; i++ {
		p, off := c.tris[i], 4-uint32(vbase[(c.first+i)>>groupShift])
		a, b, d := p&triIdxMask+off, p>>triIdxBits&triIdxMask+off, p>>(2*triIdxBits)+off
		words[c.first+i] = a | b<<triIdxBits | d<<(2*triIdxBits)
	}
	sc.m, sc.near = &Mesh{tris: words, vbase: vbase[:]}, !c.wide
	if c.wide {
		sc.m.verts = store64[:]
	} else {
		sc.m.vert32 = store[:16]
	}
	keep := leaf4AVX2(sc, c.first, c.n, c.upper)
	if !c.wide {
		if in := leafBoxAVX2(&words[c.first], &store[0], &c.box, c.n, &vbase[0], c.first); in != keep&15 {
			t.Fatalf("leafBoxAVX2's box bits %04b, leaf4AVX2's %04b", in, keep&15)
		}
	}
	for i := 0; i < c.n && keep&15 != 0; i++ {
		tri := c.tri(i)
		var got, want triScratch
		fr.begin(&c.q, &got)
		fr.load(i, &got)
		c.q.frame(&tri, &c.q.begin, &want.f, &want.u)
		g, w := frameVecs(&got), frameVecs(&want)
		for k := range g {
			if gk, wk := g[k].mgl(), w[k].mgl(); !sameBits(&gk, &wk) { // a NaN's payload and a zero's sign included
				t.Fatalf("triangle %d %v, query %+v: leaf4AVX2's frame value %d is %v, Query.frame's %v",
					i, tri, c.q, k, g[k], w[k])
			}
		}
		if keep>>(edgeLanes+i)&1 != 0 {
			c.checkEdgeFace(t, fr, i, &want)
		}
		if keep>>(faceLanes+i)&1 == 0 {
			continue
		}
		st := leafStages(&c.q, &want, c.upper)
		t1, c1, face, b, origin := fr.faceContact(i)
		ct := faceContact(t1, c1, face)
		g2 := [6]mgl64.Vec3{{ct.t}, ct.point.mgl(), face.mgl(), {float64(ct.feature)}, b.mgl(), origin.mgl()}
		w2 := [6]mgl64.Vec3{{st.ct.t}, st.ct.point.mgl(), st.face.mgl(), {float64(st.ct.feature)}, want.u.b.mgl(), want.f.origin.mgl()}
		for k := range g2 {
			if !sameBits(&g2[k], &w2[k]) {
				t.Fatalf("triangle %d %v, query %+v, upper %v: leaf4AVX2's face contact value %d is %v, Query.triangle's %v",
					i, tri, c.q, c.upper, k, g2[k], w2[k])
			}
		}
	}
	return keep
}

// checkEdgeFace requires what leafFrame.edgeFace reads for triangle i,
// which the filter leaves to the edges and vertices, to be what
// Query.triangle passes to Query.edgeStage, bit for bit (want holds
// Query.frame's values for it).
func (c *leafCase) checkEdgeFace(t *testing.T, fr *leafFrame, i int, want *triScratch) {
	t.Helper()
	var u unitTri
	face, origin := fr.edgeFace(i, &u)
	st := leafStages(&c.q, want, c.upper)
	g := [5]mgl64.Vec3{face.mgl(), origin.mgl(), u.b.mgl(), u.verts[1].mgl(), u.verts[2].mgl()}
	w := [5]mgl64.Vec3{st.face.mgl(), want.f.origin.mgl(), want.u.b.mgl(), want.u.verts[1].mgl(), want.u.verts[2].mgl()}
	for k := range g {
		if !sameBits(&g[k], &w[k]) {
			t.Fatalf("triangle %d, query %+v, upper %v: leaf4AVX2's edge-stage value %d is %v, Query.triangle's %v",
				i, c.q, c.upper, k, g[k], w[k])
		}
	}
}

// frameVecs lists what Query.frame writes into s.
func frameVecs(s *triScratch) [8]vec3 {
	f, u := &s.f, &s.u
	return [8]vec3{f.origin, f.e1, f.e2, f.bw, f.dw, u.b, u.verts[1], u.verts[2]}
}

// setQuery makes the case's query the ellipsoid e from begin by delta,
// with the float32 box a sweep would use; it reports whether the query is
// valid.
func (c *leafCase) setQuery(e Ellipsoid, begin, delta mgl64.Vec3) bool {
	c.q = NewQuery(e, begin, delta)
	c.box.set(&c.q.boxLo, &c.q.boxHi)
	return c.q.Valid()
}

// randLeafEllipsoid returns an ellipsoid of random size (1e-4 to 1e4): a
// sphere, an upright one, a rotated one or one with random (skew) axes.
func randLeafEllipsoid(r *rand.Rand) Ellipsoid {
	scale := float64(math.Pow(10, float64(r.IntN(9)-4)) * (0.5 + float64(r.Float64())))
	radii := mgl64.Vec3{scale, scale, scale}
	kind := r.IntN(4)
	if kind > 0 {
		for k := range radii {
			radii[k] *= 0.2 + float64(2*float64(r.Float64()))
		}
	}
	var e Ellipsoid
	switch kind {
	case 0, 1:
		e = Ellipsoid{Axes: [3]mgl64.Vec3{{radii[0], 0, 0}, {0, radii[1], 0}, {0, 0, radii[2]}}}
	case 2:
		rot := geom.QuatMat4(geom.QuatNormalize(mgl64.Quat{W: r.NormFloat64(), V: mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}})).Mat3()
		for k := range e.Axes {
			e.Axes[k] = geom.Scale(rot.Col(k), radii[k])
		}
	default:
		for k := range e.Axes {
			e.Axes[k] = randVec(r, float64(2*radii[k]))
		}
	}
	return e
}

// randLeafCase returns a random leaf and query: origins up to 1e7 away
// from zero, motions from none to ten times the ellipsoid, triangles on
// the path, near it, far from it, small, large, degenerate, and some with
// coordinates on or next to the box's bounds; float32 vertices, or float64
// ones (wide) for a quarter of the leaves.
func randLeafCase(r *rand.Rand) leafCase {
	var c leafCase
	for {
		e := randLeafEllipsoid(r)
		ext := e.Extent()
		size := max(ext[0], ext[1], ext[2])
		origin := randVec(r, float64(2*math.Pow(10, float64(r.IntN(8)))))
		begin := origin.Add(randVec(r, float64(4*size)))
		var delta mgl64.Vec3
		switch r.IntN(5) {
		case 0:
		case 1:
			delta[r.IntN(3)] = float64((float64(r.Float64()) - 0.5) * 10 * size)
		default:
			delta = randVec(r, float64(size*[]float64{0.1, 1, 10}[r.IntN(3)]))
		}
		if !c.setQuery(e, begin, delta) {
			continue
		}
		c.n = 1 + r.IntN(4)
		c.wide = r.IntN(4) == 0
		c.first = []int{0, groupSize - 3, groupSize - 2, groupSize - 1, groupSize}[r.IntN(5)]
		for i := 0; i < c.n; i++ {
			c.randTriangle(r, i, begin, delta, size)
		}
		c.upper = []float64{1, 0, math.Copysign(0, -1), float64(r.Float64()), float64(r.Float64())}[r.IntN(5)]
		return c
	}
}

// gridLeafCase returns a leaf as a Quake map has them: floor triangles
// with integer coordinates (right triangles of a grid in the plane z =
// 0), and a sphere of radius 1, 2 or 4 (so that unit space is exact)
// starting at an integer height over the floor, touching it a quarter of
// the time, and moving by an integer motion, straight down half the
// time. The center at the entry time then often lies exactly on an
// edge's line or at a vertex, where faceStage's s1 >= 0 decides between
// a face contact and the edges.
func gridLeafCase(r *rand.Rand) leafCase {
	var c leafCase
	for {
		rad := float64(int(1) << r.IntN(3))
		e := Ellipsoid{Axes: [3]mgl64.Vec3{{rad, 0, 0}, {0, rad, 0}, {0, 0, rad}}}
		begin := mgl64.Vec3{float64(r.IntN(9) - 4), float64(r.IntN(9) - 4), rad + float64(r.IntN(4))}
		delta := mgl64.Vec3{0, 0, -float64(r.IntN(8))}
		if r.IntN(2) == 0 {
			delta[0], delta[1] = float64(r.IntN(5)-2), float64(r.IntN(5)-2)
		}
		if !c.setQuery(e, begin, delta) {
			continue
		}
		c.n = 1 + r.IntN(4)
		c.wide = r.IntN(4) == 0
		for i := 0; i < c.n; i++ {
			x, y := float64(r.IntN(9)-4), float64(r.IntN(9)-4)
			a, b := float64(r.IntN(9)-4), float64(r.IntN(9)-4)
			for j, v := range [3]mgl64.Vec3{{x, y, 0}, {x + a, y, 0}, {x, y + b, 0}} {
				c.verts[3*i+j] = [3]float32{float32(v[0]), float32(v[1]), float32(v[2])}
				c.v64[3*i+j] = v
			}
			c.tris[i] = uint32(3*i) | uint32(3*i+1)<<triIdxBits | uint32(3*i+2)<<(2*triIdxBits)
		}
		c.upper = []float64{1, float64(r.Float64())}[r.IntN(2)]
		return c
	}
}

// randTriangle sets triangle i of the leaf (vertices 3i to 3i+2) near the
// path of a query from begin by delta of size size.
func (c *leafCase) randTriangle(r *rand.Rand, i int, begin, delta mgl64.Vec3, size float64) {
	away := float64(size * []float64{0, 0.5, 1, 2, 4, 100}[r.IntN(6)] * r.Float64())
	center := begin.Add(geom.Scale(delta, float64(1.4*r.Float64())-0.2)).Add(randVec(r, float64(2*away)))
	span := float64(size * []float64{0.01, 0.3, 1, 3, 30}[r.IntN(5)])
	for j := 0; j < 3; j++ {
		v := center.Add(randVec(r, span))
		c.verts[3*i+j] = [3]float32{float32(v[0]), float32(v[1]), float32(v[2])}
		c.v64[3*i+j] = v
	}
	a, b, d := uint32(3*i), uint32(3*i+1), uint32(3*i+2)
	switch r.IntN(10) {
	case 0: // a repeated vertex
		d = a
	case 1: // all three the same
		b, d = a, a
	case 2: // collinear
		for k := 0; k < 3; k++ {
			x, y := c.verts[a][k], c.verts[b][k]
			c.verts[d][k] = x + float32(2*(y-x))
			x64, y64 := c.v64[a][k], c.v64[b][k]
			c.v64[d][k] = x64 + float64(2*(y64-x64))
		}
	case 3: // coordinates on or next to the box's bounds
		k, side, step := r.IntN(3), r.IntN(2), r.IntN(3)
		bound := []float32{c.box.lo[k], c.box.hi[k]}[side]
		bound64 := []float64{c.q.boxLo[k], c.q.boxHi[k]}[side]
		for j := 3 * i; j < 3*i+3; j++ {
			c.verts[j][k] = math.Nextafter32(bound, []float32{float32(math.Inf(-1)), bound, float32(math.Inf(1))}[step])
			c.v64[j][k] = math.Nextafter(bound64, []float64{math.Inf(-1), bound64, math.Inf(1)}[step])
		}
	}
	c.tris[i] = a | b<<triIdxBits | d<<(2*triIdxBits)
}

// TestLeaf4MatchesScalar requires leaf4AVX2 (both forms of vertices) to make
// exactly the decisions of loadNear's (loadNear64's) box test, of frame
// then outOfReach, and of plane's slab test (planeMisses), and to store
// exactly frame's values (leafCase.filter), on random leaves
// (randLeafCase), on queries whose unit-space values overflow, and on
// leaves whose first triangle lies on the edge of
// the ball test: the query's begin or the best T (upper) bisected down to
// neighbouring float64 values on either side of the decision, where a
// single rounding done differently would show.
func TestLeaf4MatchesScalar(t *testing.T) {
	if !haveLeaf4 || !useAVX2 {
		t.Skip("no AVX2 assembly here")
	}
	r := rand.New(rand.NewPCG(41, 42))
	var lanes, boxKept, ballKept, faceKept, edgeKept, planeRejected, edges int
	check := func(c *leafCase) {
		got := c.filter(t)
		want, rejected := c.scalar()
		planeRejected += rejected
		if got != want {
			t.Fatalf("query %+v, box %+v, upper %v, triangles %v: leaf4AVX2 keeps %08b, the Go code %08b",
				c.q, c.box, c.upper, c.tris[:c.n], got, want)
		}
		for i := 0; i < c.n; i++ {
			lanes++
			boxKept += want >> i & 1
			ballKept += want >> (4 + i) & 1
			faceKept += want >> (faceLanes + i) & 1
			edgeKept += want >> (edgeLanes + i) & 1
		}
	}
	n := 200000
	if testing.Short() {
		n = 20000
	}
	for range n {
		if r.IntN(8) == 0 {
			g := gridLeafCase(r)
			check(&g)
		}
		c := randLeafCase(r)
		check(&c)
		if r.IntN(16) == 0 {
			c.overflow(r)
			check(&c)
		}
		if r.IntN(8) == 0 && c.onEdge(r) {
			edges++
			check(&c)
			c.upper = math.Nextafter(c.upper, 2)
			check(&c)
		}
	}
	t.Logf("%d triangles: %d kept by the box test, %d of them by the ball, plane and face tests (%d rejected by the plane and face tests, %d face contacts, %d left to the edges); %d leaves on the edge of the ball test",
		lanes, boxKept, ballKept, planeRejected, faceKept, edgeKept, edges)
	if boxKept < lanes/4 || ballKept < boxKept/4 || boxKept-ballKept < boxKept/4 || planeRejected < lanes/100 || faceKept < lanes/100 || edgeKept < lanes/100 || edges < n/100 {
		t.Fatal("the cases do not exercise both outcomes of both tests")
	}
}

// overflow scales the query's map to unit space by up to 1e160, beyond
// what a valid query has, so that unit-space squares overflow to +Inf and
// their differences give NaN: the decisions must still agree there.
func (c *leafCase) overflow(r *rand.Rand) {
	s := math.Pow(10, float64(100+r.IntN(61)))
	w := &c.q.worldToUnit
	w.mat3 = mat3{w.r0.mul(s), w.r1.mul(s), w.r2.mul(s)}
	w.d = w.d.mul(s)
	c.q.unitDelta = c.q.unitDelta.mul(s)
	c.q.unitDeltaSq = c.q.unitDelta.lenSq()
}

// onEdge moves the query or the best T so that the leaf's first triangle
// lies on the edge of outOfReach's decision, or of the plane test's
// (planeMisses) for a third of the calls: upper and its float64
// successor, or the query's begin and the next begin along a line, give
// different decisions (upper is left at the lower one; the query at the
// begin it tests). It reports false when it finds no such place.
func (c *leafCase) onEdge(r *rand.Rand) bool {
	tri := c.tri(0)
	if outsideBox(&tri, &c.q.boxLo, &c.q.boxHi) && r.IntN(2) == 0 {
		return false
	}
	var s triScratch
	plane := r.IntN(3) == 0
	rejects := func(q *Query, upper float64) bool {
		q.frame(&tri, &q.begin, &s.f, &s.u)
		if plane {
			return planeMisses(q, &s, upper)
		}
		return q.outOfReach(&s.u, upper)
	}
	if r.IntN(2) == 0 { // bisect upper
		lo, hi := 0.0, 1.0
		if rejects(&c.q, lo) == rejects(&c.q, hi) {
			return false
		}
		for math.Nextafter(lo, 2) < hi {
			if mid := lo + float64((hi-lo)/2); rejects(&c.q, mid) == rejects(&c.q, lo) {
				lo = mid
			} else {
				hi = mid
			}
		}
		c.upper = lo
		return true
	}
	// Bisect begin between the triangle's centroid (kept) and a point
	// beyond the ball's reach along a random direction.
	e, delta := c.q.Ellipsoid(), c.q.delta
	g := geom.Scale(tri[0].Add(tri[1]).Add(tri[2]), 1.0/3)
	ext := e.Extent()
	far := g.Add(geom.Scale(geom.Normalize(randVec(r, 1)), float64(10*(max(ext[0], ext[1], ext[2])+geom.Len(tri[1].Sub(tri[0]))+geom.Len(tri[2].Sub(tri[0]))+geom.Len(delta)))))
	at := func(s float64) Query { return NewQuery(e, g.Add(geom.Scale(far.Sub(g), s)), delta) }
	lo, hi := 0.0, 1.0
	qlo, qhi := at(lo), at(hi)
	if !qlo.Valid() || !qhi.Valid() || rejects(&qlo, c.upper) == rejects(&qhi, c.upper) {
		return false
	}
	for math.Nextafter(lo, 2) < hi {
		mid := lo + float64((hi-lo)/2)
		if qm := at(mid); rejects(&qm, c.upper) == rejects(&qlo, c.upper) {
			lo = mid
		} else {
			hi = mid
		}
	}
	c.q = at(lo)
	return true
}

// TestSweepLeavesMatchesScalarLoop requires the same hits, bit for bit,
// from mesh sweeps through sweepLeaves and through the scalar loops
// (sweepNear's on a random float32 mesh, Mesh.sweep's own on a random
// float64 one) with leaves of up to four triangles, random ellipsoids and
// motions (ignoreLeaving both ways): hits that lower the best T in the
// middle of a leaf included.
func TestSweepLeavesMatchesScalarLoop(t *testing.T) {
	if !haveLeaf4 || !useAVX2 {
		t.Skip("no AVX2 assembly here")
	}
	r := rand.New(rand.NewPCG(43, 44))
	soup := randomSoup(r, 4000, 40, 4)
	wide := NewMesh(soup)
	narrow := NewMesh(toFloat32(soup)) // rounds soup in place
	if narrow.vert32 == nil || wide.vert32 != nil {
		t.Fatal("float32 vertices expected in the first mesh, float64 ones in the second")
	}
	defer func(on bool) { leaf4On = on }(leaf4On)
	n := 20000
	if testing.Short() {
		n = 3000
	}
	for _, m := range []*Mesh{narrow, wide} {
		hits, leaves := 0, 0
		for i := range n {
			e := randLeafEllipsoid(r)
			unit := 1 / math.Pow(10, math.Floor(math.Log10(geom.Len(e.Extent())))) // sizes 1 to 10
			for k := range e.Axes {
				e.Axes[k] = geom.Scale(e.Axes[k], unit)
			}
			begin, delta := randVec(r, 44), randVec(r, 20)
			ignore := i%2 == 0
			leaf4On = true
			got, gotOK := m.sweep(e, begin, delta, ignore)
			leaf4On = false
			want, wantOK := m.sweep(e, begin, delta, ignore)
			if got != want || gotOK != wantOK {
				t.Fatalf("float32 vertices %v, ellipsoid %v from %v by %v: sweepLeaves %v %v, scalar loop %v %v",
					m.vert32 != nil, e, begin, delta, got, gotOK, want, wantOK)
			}
			if gotOK {
				hits++
			}
			if q := NewQuery(e, begin, delta); q.reachFirst {
				leaves++
			}
		}
		t.Logf("float32 vertices %v: %d casts, %d hits, %d through sweepLeaves", m.vert32 != nil, n, hits, leaves)
		if hits < n/10 || leaves < n/2 {
			t.Fatal("the casts exercise too little")
		}
	}
}

// TestFrameFormsAgree requires Query.frame, the fused fast form of a
// triangle's frame, to give exactly the values of its definition,
// setFrame then toUnit (which EllipsoidTriangle calls apart), on random
// leaves and queries (randLeafCase: diagonal and general maps, origins up
// to 1e7, degenerate triangles) and on queries whose unit-space values
// overflow. (TestLeaf4MatchesScalar requires leaf4AVX2's frame to give
// frame's.)
func TestFrameFormsAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 46))
	n := 100000
	if testing.Short() {
		n = 10000
	}
	diag := 0
	for range n {
		c := randLeafCase(r)
		if r.IntN(16) == 0 {
			c.overflow(r)
		}
		if c.q.worldToUnit.diag {
			diag++
		}
		for i := 0; i < c.n; i++ {
			tri := c.tri(i)
			var fused, split triScratch
			c.q.frame(&tri, &c.q.begin, &fused.f, &fused.u)
			split.f.setFrame(&tri, &c.q.begin, &c.q.delta)
			c.q.toUnit(&split.f, &split.u)
			g, w := frameVecs(&fused), frameVecs(&split)
			for k := range g {
				if gk, wk := g[k].mgl(), w[k].mgl(); !sameBits(&gk, &wk) { // a NaN's payload and a zero's sign included
					t.Fatalf("triangle %v, query %+v: frame's value %d is %v, setFrame and toUnit's %v", tri, c.q, k, g[k], w[k])
				}
			}
		}
	}
	if diag < n/4 || n-diag < n/4 {
		t.Fatalf("%d of %d queries diagonal: both forms of the map must be exercised", diag, n)
	}
}
