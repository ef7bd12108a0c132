package sweep

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// bruteSweep is the reference: EllipsoidTriangle on every triangle, the
// earliest T wins, ties go to the lowest index.
func bruteSweep(tris []geom.Triangle, e Ellipsoid, begin, delta mgl64.Vec3) (Hit, bool) {
	var best Hit
	found := false
	for i, tri := range tris {
		if h, ok := EllipsoidTriangle(e, begin, delta, tri); ok && (!found || h.T < best.T) {
			h.Triangle = i
			best, found = h, true
		}
	}
	return best, found
}

// testEllipsoid is a random ellipsoid: a sphere, an axis-aligned or a
// rotated ellipsoid with radii in [lo, hi].
func testEllipsoid(rng *rand.Rand, lo, hi float64) Ellipsoid {
	r := func() float64 { return lo + float64((hi-lo)*rng.Float64()) }
	switch rng.IntN(3) {
	case 0:
		return Sphere(r())
	case 1:
		return Ellipsoid{Axes: [3]mgl64.Vec3{{r(), 0, 0}, {0, r(), 0}, {0, 0, r()}}}
	}
	q := mgl64.Quat{W: rng.NormFloat64(), V: mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}}
	m := geom.QuatMat4(geom.QuatNormalize(q)).Mat3()
	return Ellipsoid{Axes: [3]mgl64.Vec3{geom.Scale(m.Col(0), r()), geom.Scale(m.Col(1), r()), geom.Scale(m.Col(2), r())}}
}

// grid returns an n x n patch of the terrain's kind with integer x, z and
// heights on a coarse lattice, so that many contacts are exact ties on
// shared edges and vertices.
func grid(rng *rand.Rand, n int) []geom.Triangle {
	h := make([]float64, (n+1)*(n+1))
	for i := range h {
		h[i] = float64(float64(rng.IntN(3)) * 0.5)
	}
	v := func(i, j int) mgl64.Vec3 { return mgl64.Vec3{float64(i), h[i*(n+1)+j], float64(j)} }
	var tris []geom.Triangle
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			tris = append(tris, geom.Triangle{v(i, j), v(i, j+1), v(i+1, j)}, geom.Triangle{v(i+1, j), v(i, j+1), v(i+1, j+1)})
		}
	}
	return tris
}

// TestSweepMatchesBruteForce is the BVH's property test: on random
// meshes Mesh.Sweep returns what brute force over every triangle returns
// (same T to 1e-9, same triangle unless tied).
func TestSweepMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	queries := 10000
	if testing.Short() {
		queries = 1000
	}
	const perMesh = 100
	hits, ties, zeroT := 0, 0, 0
	for done := 0; done < queries; {
		var tris []geom.Triangle
		span := 10.0
		switch rng.IntN(4) {
		case 0:
			tris = randomSoup(rng, 1+rng.IntN(400), span, 1+float64(rng.Float64()*4))
		case 3: // a soup stored as float32 (as glTF is): the leaf filter and the float32 box test
			tris = toFloat32(randomSoup(rng, 1+rng.IntN(400), span, 1+float64(rng.Float64()*4)))
		case 1:
			tris = grid(rng, 2+rng.IntN(12))
			span = 14
		default:
			tris = randomSoup(rng, 1+rng.IntN(60), span, 0.5)
			tris = append(tris, grid(rng, 6)...) // mixed: grid plus clutter
		}
		m := NewMesh(tris)
		for k := 0; k < perMesh && done < queries; k, done = k+1, done+1 {
			e := testEllipsoid(rng, 0.2, 2)
			begin := randVec(rng, float64(span*1.5))
			delta := mgl64.Vec3{}
			switch rng.IntN(10) {
			case 0: // no motion: a static overlap test
			case 1: // axis-aligned motion (zero direction components in the slab test)
				delta[rng.IntN(3)] = float64((float64(rng.Float64()) - 0.5) * 4 * span)
			default: // aimed through a random vertex of the mesh
				target := tris[rng.IntN(len(tris))][rng.IntN(3)].Add(randVec(rng, 1))
				delta = geom.Scale(target.Sub(begin), 0.5+float64(rng.Float64()))
			}
			want, wantOK := bruteSweep(tris, e, begin, delta)
			got, gotOK := m.Sweep(e, begin, delta)
			if gotOK != wantOK {
				t.Fatalf("query %d (%d tris, e %v, begin %v, delta %v): hit %v, brute force %v (%+v)", done, len(tris), e.Axes, begin, delta, gotOK, wantOK, want)
			}
			if !wantOK {
				continue
			}
			hits++
			if want.T == 0 {
				zeroT++
			}
			if math.Abs(got.T-want.T) > 1e-9 {
				t.Fatalf("query %d: T = %v (triangle %d), brute force %v (triangle %d)", done, got.T, got.Triangle, want.T, want.Triangle)
			}
			if got.Triangle != want.Triangle {
				// Allowed only for a tie: the reported triangle is hit at the same T.
				h, ok := EllipsoidTriangle(e, begin, delta, tris[got.Triangle])
				if !ok || math.Abs(h.T-want.T) > 1e-9 {
					t.Fatalf("query %d: triangle %d at T %v, brute force triangle %d at %v, not a tie", done, got.Triangle, got.T, want.Triangle, want.T)
				}
				ties++
			}
		}
	}
	t.Logf("%d queries: %d hits (%d at T = 0), %d ties resolved to another triangle", queries, hits, zeroT, ties)
	if hits < queries/4 || zeroT == 0 {
		t.Fatalf("only %d hits, %d at T = 0: the queries do not exercise the mesh", hits, zeroT)
	}
}

// toFloat32 rounds every coordinate of tris to float32, so that NewMesh
// stores the mesh in its float32 form.
func toFloat32(tris []geom.Triangle) []geom.Triangle {
	for i := range tris {
		for j := range tris[i] {
			for k := range tris[i][j] {
				tris[i][j][k] = float64(float32(tris[i][j][k]))
			}
		}
	}
	return tris
}

// TestSweepTiesGoToLowestIndex: a sphere dropped exactly onto a vertex
// shared by six triangles touches all of them at the same T.
func TestSweepTiesGoToLowestIndex(t *testing.T) {
	tris := terrainFlat(3)
	m := NewMesh(tris)
	// The vertex (1, 0, 1) is shared by several triangles; the sphere falls onto it.
	h, ok := m.Sweep(Sphere(0.5), mgl64.Vec3{1, 2, 1}, mgl64.Vec3{0, -3, 0})
	if !ok {
		t.Fatal("no hit")
	}
	lowest := -1
	for i, tri := range tris {
		if hh, ok := EllipsoidTriangle(Sphere(0.5), mgl64.Vec3{1, 2, 1}, mgl64.Vec3{0, -3, 0}, tri); ok && hh.T == h.T {
			lowest = i
			break
		}
	}
	if h.Triangle != lowest || math.Abs(h.T-0.5) > 1e-12 {
		t.Fatalf("hit triangle %d at T %v, want the lowest tied index %d at T 0.5", h.Triangle, h.T, lowest)
	}
}

// TestSweepStartTouchingGoesToLowestIndex: a sphere that starts
// overlapping dozens (or, with radius 7, hundreds: more than one sorted
// batch of Mesh.sweep's atStart) of triangles, listed in a shuffled order
// so that the tree meets them out of index order, hits all of them at
// T = 0; the answer is the lowest index among them, bitwise what the
// narrow phase on every triangle gives. The same with the contacts the
// motion leaves ignored, as a slide's sweeps do.
func TestSweepStartTouchingGoesToLowestIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, c := range []struct {
		n           int
		radius      float64
		minTouching int
	}{{8, 1.5, 8}, {16, 7, startBatch + 1}} {
		tris := terrainFlat(c.n)
		rng.Shuffle(len(tris), func(i, j int) { tris[i], tris[j] = tris[j], tris[i] })
		m := NewMesh(tris)
		e := Sphere(c.radius)
		mid := float64(float64(c.n) / 2)
		spread := mid - c.radius // the start stays over the grid
		for i := 0; i < 50; i++ {
			begin := mgl64.Vec3{mid + float64(spread*(float64(2*float64(rng.Float64()))-1)), float64(0.5 * rng.Float64()), mid + float64(spread*(float64(2*float64(rng.Float64()))-1))}
			delta := mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
			touching := 0
			for _, tri := range tris {
				if h, ok := EllipsoidTriangle(e, begin, delta, tri); ok && h.T == 0 {
					touching++
				}
			}
			for _, leaving := range []bool{false, true} {
				got, gotOK := m.sweep(e, begin, delta, leaving)
				want, wantOK := bruteSweepLeaving(tris, e, begin, delta, leaving)
				if !leaving && (touching < c.minTouching || !gotOK || got.T != 0) {
					t.Fatalf("start %v: %d triangles touched at T = 0, hit %v at T %v: the case does not start touching enough", begin, touching, gotOK, got.T)
				}
				if gotOK != wantOK || got != want {
					t.Fatalf("start %v, motion %v, ignoring leaving contacts %v: Sweep %+v, narrow phase on every triangle %+v", begin, delta, leaving, got, want)
				}
			}
		}
	}
}

// bruteSweepLeaving is queryBrute, skipping with ignoreLeaving the
// contacts at T = 0 that the motion leaves (as Mesh.sweep does).
func bruteSweepLeaving(tris []geom.Triangle, e Ellipsoid, begin, delta mgl64.Vec3, ignoreLeaving bool) (Hit, bool) {
	q := NewQuery(e, begin, delta)
	r := sweepResult{bestT: 1}
	for i := range tris {
		if h, ok := q.Triangle(tris[i], r.bestT); ok && !(ignoreLeaving && h.T == 0 && geom.Dot(delta, h.Normal) >= 0) {
			r.offer(h, i)
		}
	}
	return r.best, r.found
}

// terrainFlat is an n x n grid of unit cells in the plane y = 0.
func terrainFlat(n int) []geom.Triangle {
	var tris []geom.Triangle
	v := func(i, j int) mgl64.Vec3 { return mgl64.Vec3{float64(i), 0, float64(j)} }
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			tris = append(tris, geom.Triangle{v(i, j), v(i, j+1), v(i+1, j)}, geom.Triangle{v(i+1, j), v(i, j+1), v(i+1, j+1)})
		}
	}
	return tris
}

func TestSweepDegenerateMeshes(t *testing.T) {
	e := Sphere(1)
	if _, ok := NewMesh(nil).Sweep(e, mgl64.Vec3{}, mgl64.Vec3{1, 0, 0}); ok {
		t.Fatal("empty mesh hit")
	}
	// Zero-area triangles: points and segments. What the narrow phase
	// reports for them, the mesh reports.
	tris := []geom.Triangle{
		{{0, 0, 0}, {0, 0, 0}, {0, 0, 0}},
		{{3, 0, 0}, {4, 0, 0}, {5, 0, 0}},
		{{3, 0, 0}, {3, 0, 0}, {3, 2, 0}},
	}
	m := NewMesh(tris)
	for _, q := range []struct{ begin, delta mgl64.Vec3 }{
		{mgl64.Vec3{-5, 0, 0}, mgl64.Vec3{20, 0, 0}},
		{mgl64.Vec3{4, 5, 0}, mgl64.Vec3{0, -10, 0}},
		{mgl64.Vec3{0, 0.5, 0}, mgl64.Vec3{}},
	} {
		want, wantOK := bruteSweep(tris, e, q.begin, q.delta)
		got, gotOK := m.Sweep(e, q.begin, q.delta)
		if gotOK != wantOK || got != want {
			t.Fatalf("%v: got %+v %v, brute force %+v %v", q, got, gotOK, want, wantOK)
		}
	}
	// Non-finite input: no hit, no panic.
	nan := math.NaN()
	for _, q := range [][2]mgl64.Vec3{{{nan, 0, 0}, {1, 0, 0}}, {{0, 0, 0}, {math.Inf(1), 0, 0}}} {
		if _, ok := m.Sweep(e, q[0], q[1]); ok {
			t.Fatalf("%v: hit on non-finite input", q)
		}
	}
	if _, ok := m.Sweep(Ellipsoid{}, mgl64.Vec3{}, mgl64.Vec3{1, 0, 0}); ok {
		t.Fatal("degenerate ellipsoid hit")
	}
}

// TestSweepNoAllocations checks the hot path allocates nothing.
func TestSweepNoAllocations(t *testing.T) {
	m := NewMesh(terrain(30))
	e := Sphere(0.5)
	allocs := testing.AllocsPerRun(100, func() {
		m.Sweep(e, mgl64.Vec3{10.3, 15, 12.7}, mgl64.Vec3{1, -30, 2})
	})
	if allocs != 0 {
		t.Fatalf("Sweep allocates %v times per call", allocs)
	}
}

// FuzzMeshSweep decodes a few triangles, an ellipsoid and a motion from the
// input and checks Sweep against brute force, and that Slide neither
// panics nor returns a non-finite pose.
func FuzzMeshSweep(f *testing.F) {
	f.Add([]byte{0, 0, 0, 4, 0, 0, 0, 0, 4, 1, 3, 1, 0, 250, 0, 8, 8, 8})
	f.Add([]byte{1, 2, 3, 1, 2, 3, 1, 2, 3, 9, 9, 9, 0, 0, 0, 1, 1, 1, 200, 100, 50})
	f.Fuzz(func(t *testing.T, data []byte) {
		// Every byte is a coordinate in [-8, 8) in steps of 1/16; the last
		// nine bytes are the begin, delta and radii; the rest triangles.
		if len(data) < 9 {
			return
		}
		coord := func(b byte) float64 { return float64(float64(int(b)-128) / 16) }
		head, body := data[len(data)-9:], data[:len(data)-9]
		var tris []geom.Triangle
		for len(body) >= 9 {
			var tri geom.Triangle
			for i := 0; i < 9; i++ {
				tri[i/3][i%3] = coord(body[i])
			}
			tris, body = append(tris, tri), body[9:]
		}
		begin := mgl64.Vec3{coord(head[0]), coord(head[1]), coord(head[2])}
		delta := geom.Scale(mgl64.Vec3{coord(head[3]), coord(head[4]), coord(head[5])}, 2)
		e := Ellipsoid{Axes: [3]mgl64.Vec3{{0.1 + float64(float64(head[6])/64), 0, 0}, {0, 0.1 + float64(float64(head[7])/64), 0}, {0, 0, 0.1 + float64(float64(head[8])/64)}}}
		m := NewMesh(tris)
		want, wantOK := bruteSweep(tris, e, begin, delta)
		got, gotOK := m.Sweep(e, begin, delta)
		if gotOK != wantOK || (wantOK && math.Abs(got.T-want.T) > 1e-9) {
			t.Fatalf("Sweep %+v %v, brute force %+v %v", got, gotOK, want, wantOK)
		}
		res := m.Slide(e, begin, begin.Add(delta), SlideOptions{})
		if !finiteVecs(res.Final) {
			t.Fatalf("Slide ended at %v", res.Final)
		}
	})
}

// TestSweepShapeCache: a mesh keeps the shape of the last ellipsoid it
// swept (Mesh.setShape). Sweeps that take turns between ellipsoids, one
// of them differing from another only in the sign of a zero and one
// singular, must get bitwise the answers of meshes that only ever see one
// of them, and the cache must follow the axes' bits.
func TestSweepShapeCache(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	tris := grid(rng, 12)
	upright := Ellipsoid{Axes: [3]mgl64.Vec3{{0.6, 0, 0}, {0, 0.9, 0}, {0, 0, 0.6}}}
	signed := upright
	signed.Axes[0][1] = math.Copysign(0, -1)
	shapes := []Ellipsoid{upright, testEllipsoid(rng, 0.3, 1), signed, Sphere(0.5),
		{Axes: [3]mgl64.Vec3{{1, 0, 0}, {1, 0, 0}, {0, 0, 1}}}} // singular: never hits, never kept
	shared := NewMesh(tris)
	own := make([]*Mesh, len(shapes))
	for i := range own {
		own[i] = NewMesh(tris)
	}
	hits := 0
	for n := 0; n < 3000; n++ {
		i := rng.IntN(len(shapes))
		begin := mgl64.Vec3{float64(12 * rng.Float64()), 1.5 + float64(2*float64(rng.Float64())), float64(12 * rng.Float64())}
		delta := mgl64.Vec3{float64(4*rng.Float64()) - 2, -1 - float64(3*rng.Float64()), float64(4*rng.Float64()) - 2}
		got, gotOK := shared.Sweep(shapes[i], begin, delta)
		want, wantOK := own[i].Sweep(shapes[i], begin, delta)
		if gotOK != wantOK || got != want {
			t.Fatalf("sweep %d, shape %d: %+v %v on the shared mesh, %+v %v on its own", n, i, got, gotOK, want, wantOK)
		}
		if gotOK {
			hits++
		}
		if l := shared.last.Load(); i < len(shapes)-1 && (l == nil || l.axes != axesBits(&shapes[i])) {
			t.Fatalf("sweep %d: the mesh did not keep shape %d", n, i)
		}
	}
	if hits < 1500 {
		t.Fatalf("only %d of 3000 sweeps hit: the test does not exercise the shapes", hits)
	}
}

// lookalikes are pairs of ellipsoids whose axes differ but which the
// shape cache's first one-expression comparison (3d21bee to 2026-11-27)
// took for the same: it was written k0 ^ x0 | k1 ^ x1 | ..., and Go
// gives | and ^ the same precedence, left to right, so it computed
// (((k0 ^ x0) | k1) ^ x1) | ...; with equal last coordinates that is zero
// whenever the differences before fall within the last coordinate's set
// bits. The first pair is the fuzzer's (FuzzMeshSweep, testdata); the
// second is an ellipsoid and the caps of a capsule of radius 0.75, a
// sphere the capsule's cast takes through the same cache
// (capsuleCaster.init).
var lookalikes = [][2]Ellipsoid{
	{
		{Axes: [3]mgl64.Vec3{{1.975, 0, 0}, {0, 0.990625, 0}, {0, 0, 0.85}}},
		{Axes: [3]mgl64.Vec3{{0.959375, 0, 0}, {0, 1.975, 0}, {0, 0, 0.85}}},
	},
	{{Axes: [3]mgl64.Vec3{{0.75, 0, 0}, {0, 0.5, 0}, {0, 0, 0.5}}}, Sphere(0.75)},
}

// TestAxesKeyEveryBit: the shape caches' comparison of axes
// (axesKey.matches) is bit for bit: a key matches its own ellipsoid, and
// no ellipsoid with any one bit of any coordinate flipped, nor the other
// of a lookalike pair.
func TestAxesKeyEveryBit(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 27))
	bases := []Ellipsoid{lookalikes[0][0], lookalikes[1][0], Sphere(0.5), testEllipsoid(rng, 0.3, 1)}
	for _, e := range bases {
		k := axesBits(&e)
		if !k.matches(&e) {
			t.Fatalf("%v: its own key does not match", e.Axes)
		}
		for i := 0; i < 9; i++ {
			for b := 0; b < 64; b++ {
				f := e
				c := &f.Axes[i/3][i%3]
				*c = math.Float64frombits(math.Float64bits(*c) ^ 1<<b)
				if k.matches(&f) {
					t.Fatalf("%v: matches %v (coordinate %d, bit %d flipped)", e.Axes, f.Axes, i, b)
				}
			}
		}
	}
	for _, p := range lookalikes {
		if k := axesBits(&p[0]); k.matches(&p[1]) {
			t.Fatalf("%v matches %v", p[0].Axes, p[1].Axes)
		}
	}
}

// TestSweepShapeCacheLookalikes: a mesh swept with one ellipsoid of a
// lookalike pair, then cast with the other (as an ellipsoid, and as the
// caps of a capsule of the same radius when it is a sphere), answers as
// a mesh that only ever saw the second.
func TestSweepShapeCacheLookalikes(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 29))
	tris := grid(rng, 8)
	shapes := func(e Ellipsoid) []Shape {
		s := []Shape{EllipsoidShape(e)}
		if a := e.Axes; a == Sphere(a[0][0]).Axes {
			s = append(s, CapsuleShape(Capsule{Radius: a[0][0], HalfSegment: mgl64.Vec3{0, 0.5, 0}}))
		}
		return s
	}
	differ := 0
	for _, p := range lookalikes {
		for _, second := range shapes(p[1]) {
			for n := 0; n < 200; n++ {
				begin := mgl64.Vec3{float64(8 * float64(rng.Float64())), 2 + float64(2*float64(rng.Float64())), float64(8 * float64(rng.Float64()))}
				delta := mgl64.Vec3{float64(4*float64(rng.Float64())) - 2, -2 - float64(3*float64(rng.Float64())), float64(4*float64(rng.Float64())) - 2}
				shared := NewMesh(tris)
				first, _ := shared.Sweep(p[0], begin, delta)
				got, gotOK := shared.Cast(second, begin, delta)
				want, wantOK := NewMesh(tris).Cast(second, begin, delta)
				if gotOK != wantOK || got != want {
					t.Fatalf("%v after %v: %+v %v, on a mesh of its own %+v %v", second, p[0].Axes, got, gotOK, want, wantOK)
				}
				if first != want {
					differ++
				}
			}
		}
	}
	if differ < 300 {
		t.Fatalf("only %d of 600 casts answer otherwise than the first ellipsoid's: the test does not tell the shapes apart", differ)
	}
}

// TestSweepScratchCarriesNoState: one sweepScratch used sweep after
// sweep, as the pool hands it back to one goroutine (sweepIn keeps the
// shape its query holds when the axes match its key), on two meshes
// (float32 and float64 vertices) with ellipsoids that take turns (both
// lookalike pairs, two differing only in the sign of a zero, a singular
// one) and now and then non-finite input, answers every sweep as the
// brute force does, bit for bit, and holds the shape made afresh from
// the axes (neither through a cache).
func TestSweepScratchCarriesNoState(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 31))
	tris := grid(rng, 8)
	moved := make([]geom.Triangle, len(tris))
	for i, tri := range tris {
		for j := range tri {
			moved[i][j] = tri[j].Add(mgl64.Vec3{0.1, 0, 0.1}) // 0.1 is no float32
		}
	}
	soups := [][]geom.Triangle{tris, moved}
	meshes := []*Mesh{NewMesh(tris), NewMesh(moved)}
	if meshes[0].vert32 == nil || meshes[1].vert32 != nil {
		t.Fatal("float32 vertices expected in the first mesh, float64 ones in the second")
	}
	upright := Ellipsoid{Axes: [3]mgl64.Vec3{{0.6, 0, 0}, {0, 0.9, 0}, {0, 0, 0.6}}}
	signed := upright
	signed.Axes[0][1] = math.Copysign(0, -1)
	shapes := []Ellipsoid{lookalikes[0][0], lookalikes[0][1], lookalikes[1][0], lookalikes[1][1], upright, signed,
		{Axes: [3]mgl64.Vec3{{1, 0, 0}, {1, 0, 0}, {0, 0, 1}}}}
	var sc sweepScratch
	hits := 0
	for n := 0; n < 4000; n++ {
		i, e := rng.IntN(len(meshes)), shapes[rng.IntN(len(shapes))]
		begin := mgl64.Vec3{float64(8 * float64(rng.Float64())), 2 + float64(2*float64(rng.Float64())), float64(8 * float64(rng.Float64()))}
		delta := mgl64.Vec3{float64(4*float64(rng.Float64())) - 2, -2 - float64(3*float64(rng.Float64())), float64(4*float64(rng.Float64())) - 2}
		if n%50 == 0 {
			delta[1] = math.NaN()
		}
		leaving := rng.IntN(2) == 0
		meshes[i].sweepIn(&sc, &e, &begin, &delta, leaving)
		want, wantOK := bruteSweepLeaving(soups[i], e, begin, delta, leaving)
		if got, gotOK := sc.c.r.best, sc.c.r.found; gotOK != wantOK || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("sweep %d of %v: %+v %v with the kept scratch, brute force %+v %v", n, e.Axes, got, gotOK, want, wantOK)
		}
		var s shape
		s.invert(&e)
		s.derive()
		if got, want := fmt.Sprintf("%+v", sc.q.shape), fmt.Sprintf("%+v", s); got != want {
			t.Fatalf("sweep %d of %v: the kept scratch holds the shape %s, not %s", n, e.Axes, got, want)
		}
		if wantOK {
			hits++
		}
	}
	if hits < 1500 {
		t.Fatalf("only %d of 4000 sweeps hit: the test does not exercise the shapes", hits)
	}
}

// TestSweepShapeCacheConcurrent: goroutines sweeping one mesh with
// different ellipsoids get the answers of meshes of their own (run with
// -race: the cache is replaced whole, through an atomic pointer).
func TestSweepShapeCacheConcurrent(t *testing.T) {
	tris := grid(rand.New(rand.NewPCG(23, 24)), 10)
	shared := NewMesh(tris)
	errs := make(chan error, 4)
	for g := 0; g < 4; g++ {
		go func() {
			rng := rand.New(rand.NewPCG(uint64(g), 25))
			e := testEllipsoid(rng, 0.3, 1)
			own := NewMesh(tris)
			for n := 0; n < 500; n++ {
				begin, delta := randVec(rng, 12).Add(mgl64.Vec3{5, 2, 5}), randVec(rng, 5)
				got, gotOK := shared.Sweep(e, begin, delta)
				if want, wantOK := own.Sweep(e, begin, delta); gotOK != wantOK || got != want {
					errs <- fmt.Errorf("goroutine %d, sweep %d: %+v %v, alone %+v %v", g, n, got, gotOK, want, wantOK)
					return
				}
			}
			errs <- nil
		}()
	}
	for g := 0; g < 4; g++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}
