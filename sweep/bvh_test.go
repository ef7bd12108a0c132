package sweep

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// terrain returns the million-triangle benchmark terrain over cells x cells:
// vertex (i, h(i, j), j), two triangles per cell.
func terrain(cells int) []geom.Triangle {
	h := func(x, z float64) float64 {
		return float64(math.Sin(float64(0.05*x))*6) + float64(math.Cos(float64(0.07*z))*4) + float64(math.Sin(float64(0.3*(x+z)))*0.8)
	}
	v := func(i, j int) mgl64.Vec3 {
		x, z := float64(i), float64(j)
		return mgl64.Vec3{x, h(x, z), z}
	}
	tris := make([]geom.Triangle, 0, 2*cells*cells)
	for j := 0; j < cells; j++ {
		for i := 0; i < cells; i++ {
			tris = append(tris,
				geom.Triangle{v(i, j), v(i, j+1), v(i+1, j)},
				geom.Triangle{v(i+1, j), v(i, j+1), v(i+1, j+1)})
		}
	}
	return tris
}

// randomSoup returns n random triangles of size up to size in a cube of
// side span, some of them degenerate (a repeated vertex or collinear).
func randomSoup(rng *rand.Rand, n int, span, size float64) []geom.Triangle {
	tris := make([]geom.Triangle, n)
	for i := range tris {
		c := randVec(rng, span)
		for j := range tris[i] {
			tris[i][j] = c.Add(randVec(rng, size))
		}
		switch rng.IntN(20) {
		case 0:
			tris[i][2] = tris[i][0]
		case 1:
			tris[i][2] = tris[i][0].Add(geom.Scale(tris[i][1].Sub(tris[i][0]), 2))
		}
	}
	return tris
}

func randVec(rng *rand.Rand, span float64) mgl64.Vec3 {
	return mgl64.Vec3{float64((float64(rng.Float64()) - 0.5) * span), float64((float64(rng.Float64()) - 0.5) * span), float64((float64(rng.Float64()) - 0.5) * span)}
}

// checkTree walks the whole tree with the decoder and checks that every
// child's decoded box contains its triangles,
// every kept triangle is in exactly one leaf and is stored exactly, and
// the depth is within the traversal stack.
func checkTree(t *testing.T, m *Mesh, tris []geom.Triangle) {
	t.Helper()
	seen := make([]int, len(tris))
	type item struct {
		node  uint32
		depth int
	}
	if len(m.nodes) == 0 {
		if len(m.tris) != 0 {
			t.Fatalf("no nodes but %d triangles", len(m.tris))
		}
		return
	}
	stack := []item{{0, 1}}
	deepest := 0
	defer func() { t.Logf("depth %d, %d nodes", deepest, len(m.nodes)) }()
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		deepest = max(deepest, it.depth)
		if it.depth > maxDepth {
			t.Fatalf("depth %d exceeds %d", it.depth, maxDepth)
		}
		n := &m.nodes[it.node]
		for c, r := range n.ref {
			if r == emptyRef {
				continue
			}
			box := n.child(c)
			for i := 0; i < 3; i++ {
				if box[i] > box[3+i] {
					t.Fatalf("node %d child %d: box %v is empty", it.node, c, box)
				}
			}
			cnt, idx := splitRef(r)
			if cnt == 0 {
				stack = append(stack, item{idx, it.depth + 1})
				continue
			}
			checkLeaf(t, m, tris, idx, cnt, box, seen)
		}
	}
	for id, n := range seen {
		want := 1
		if !usable(&tris[id]) {
			want = 0
		}
		if n != want {
			t.Fatalf("triangle %d in %d leaves, want %d", id, n, want)
		}
	}
}

// usable reports whether every coordinate of t is finite and within
// maxCoord: whether NewMesh takes t (refOf), by other means.
func usable(t *geom.Triangle) bool {
	for _, v := range t {
		for _, x := range v {
			if !(math.Abs(x) <= maxCoord) {
				return false
			}
		}
	}
	return true
}

// checkLeaf checks that the leaf's triangles first..first+cnt-1 are
// stored exactly and lie in its box, and counts them in seen.
func checkLeaf(t *testing.T, m *Mesh, tris []geom.Triangle, first, cnt uint32, box box6, seen []int) {
	t.Helper()
	for k := first; k < first+cnt; k++ {
		id := m.id(k)
		seen[id]++
		if got := m.tri(k); got != tris[id] {
			t.Fatalf("triangle %d stored as %v, want %v", id, got, tris[id])
		}
		for _, v := range tris[id] {
			for i := 0; i < 3; i++ {
				if v[i] < box[i] || v[i] > box[3+i] {
					t.Fatalf("triangle %d vertex %v outside leaf box %v", id, v, box)
				}
			}
		}
	}
}

func TestTreeHoldsEveryTriangle(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cases := map[string][]geom.Triangle{
		"empty":     nil,
		"one":       {{{0, 0, 0}, {1, 0, 0}, {0, 0, 1}}},
		"terrain":   terrain(40),
		"soup":      randomSoup(rng, 3000, 50, 3),
		"big-soup":  randomSoup(rng, parallelMin+1000, 200, 2), // parallel build
		"same-spot": make([]geom.Triangle, 100),                // all zero-area at the origin
		"flat":      randomSoup(rng, 500, 0, 0),
	}
	// Triangles at geometrically growing distances: the SAH peels them off
	// one at a time, so only the depth guard keeps the tree shallow.
	var skewed []geom.Triangle
	for i := 0; i < 400; i++ {
		x := float64(math.Pow(1.2, float64(i)) * 1e-20)
		skewed = append(skewed, geom.Triangle{{x, 0, 0}, {float64(x * 1.01), float64(x * 0.01), 0}, {x, 0, float64(x * 0.01)}})
	}
	cases["skewed"] = skewed
	bad := randomSoup(rng, 50, 10, 1)
	bad[3][1][2] = math.NaN()
	bad[7][0][0] = math.Inf(1)
	bad[9][2][1] = 2e30
	cases["non-finite"] = bad
	for name, tris := range cases {
		t.Run(name, func(t *testing.T) {
			m := NewMesh(tris)
			if m.Len() != len(tris) {
				t.Fatalf("Len = %d, want %d", m.Len(), len(tris))
			}
			checkTree(t, m, tris)
			// The traversal copes with the tree's depth (its stack is fixed).
			m.Sweep(Sphere(0.5), mgl64.Vec3{-1, 0.5, 0.5}, mgl64.Vec3{1e20, 0, 0})
		})
	}
}

// TestVertexWindow builds a terrain (whose triangles share vertices) with
// the smallest vertex window (3*groupSize), which stores many vertices
// again (Mesh.index), and with the default one: every triangle must still
// load exactly (checkTree).
func TestVertexWindow(t *testing.T) {
	defer func(w int) { vertWindow = w }(vertWindow)
	tris := terrain(60)
	var stored [2]int
	for i, w := range []int{3 * groupSize, vertWindow} {
		vertWindow = w
		m := NewMesh(tris)
		stored[i] = len(m.vert32) + len(m.verts)
		t.Logf("window %d: %d vertices stored", w, stored[i])
		checkTree(t, m, tris)
	}
	if stored[0] <= stored[1] {
		t.Fatalf("%d vertices stored with the smallest window, %d with the default: the test stores none again", stored[0], stored[1])
	}
}

// TestIDRuns builds a terrain of 80,000 triangles in its own order, whose
// groups of triangles in leaf order span less than 1<<16 original
// indices, and given in a shuffled order, whose groups and shorter runs
// do not (Mesh.indexIDs): every triangle must still name its own index
// (checkTree), relative to its group's lowest for the first and to its
// own for the second.
func TestIDRuns(t *testing.T) {
	tris := terrain(200)
	for i, want := range []uint8{groupShift, 0} {
		if i == 1 {
			rand.New(rand.NewPCG(5, 6)).Shuffle(len(tris), func(i, j int) { tris[i], tris[j] = tris[j], tris[i] })
		}
		m := NewMesh(tris)
		if m.idShift != want {
			t.Fatalf("terrain %d: runs of 1<<%d triangles, want 1<<%d", i, m.idShift, want)
		}
		checkTree(t, m, tris)
	}
}

// TestEncodeIsConservative encodes random children in random node boxes,
// small or large, near the origin or far from it, and checks that every
// decoded child box contains the child.
func TestEncodeIsConservative(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 100000
	if testing.Short() {
		n = 10000
	}
	for it := 0; it < n; it++ {
		kids := make([]box32, 1+rng.IntN(4))
		all := emptyBox32()
		scale := math.Pow(10, float64(rng.IntN(16)-8))
		center := float64(rng.NormFloat64() * math.Pow(10, float64(rng.IntN(16)-4)))
		if rng.IntN(50) == 0 {
			scale, center = 1e-42, 0 // float32 denormals: steps below the smallest
		}
		for c := range kids {
			for a := 0; a < 3; a++ {
				u, v := center+float64(rng.NormFloat64()*scale), center+float64(rng.NormFloat64()*scale)
				switch rng.IntN(6) {
				case 0:
					v = u // flat
				case 1:
					u, v = center, center // every child touches one plane
				}
				kids[c].lo[a], kids[c].hi[a] = floor32(math.Min(u, v)), ceil32(math.Max(u, v))
			}
			all.grow(kids[c].lo, kids[c].hi)
		}
		var w wnode
		for a := 0; a < 3; a++ {
			w.encodeAxis(a, all.lo[a], all.hi[a], kids)
		}
		for c, k := range kids {
			d := w.child(c)
			for a := 0; a < 3; a++ {
				if d[a] > float64(k.lo[a]) || d[3+a] < float64(k.hi[a]) {
					t.Fatalf("node %v child %v: decoded %v does not contain the child (node %+v)", all, k, d, w)
				}
			}
		}
	}
}

// TestWalkerIsConservative checks the culling alone: every triangle whose
// box, grown by r, the moving point enters for t in [0, 1] is in a leaf the
// walker returns.
func TestWalkerIsConservative(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	tris := randomSoup(rng, 400, 20, 2)
	m := NewMesh(tris)
	pos := make([]int, len(tris)) // leaf-order position of each triangle
	for k := range m.tris {
		pos[m.id(uint32(k))] = k
	}
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := 0; i < n; i++ {
		o, d := randVec(rng, 30), randVec(rng, 10)
		if rng.IntN(4) == 0 {
			d[rng.IntN(3)] = math.Copysign(0, rng.NormFloat64()) // either zero
		}
		r := [3]float64{float64(rng.Float64()), float64(rng.Float64()), float64(rng.Float64())}
		visited := make(map[int]bool)
		var w walker
		if w.start(m, o, d, r, 1) {
			for {
				first, count, ok := w.next(1)
				if !ok {
					break
				}
				for k := first; k < first+count; k++ {
					visited[int(k)] = true
				}
			}
		}
		for id, tri := range tris {
			if segmentEntersBox(o, d, r, triBox(tri)) && !visited[pos[id]] {
				t.Fatalf("query %d: triangle %d reachable but culled", i, id)
			}
		}
	}
}

// TestEnterZeroDirection: a point that does not move along an axis enters
// a box exactly when it lies in the box's slab on that axis, boundaries
// included, whatever the sign of the zero.
func TestEnterZeroDirection(t *testing.T) {
	m := &Mesh{nodes: []wnode{{}}, root: box6{0, 0, 0, 1, 1, 1}}
	negZero := math.Copysign(0, -1)
	for _, c := range []struct {
		o    float64
		want bool
	}{{-0.5, false}, {0, true}, {0.5, true}, {1, true}, {1.5, false}} {
		for _, z := range []float64{0, negZero, 1e-320, -1e-320} {
			var w walker
			got := w.start(m, [3]float64{c.o, 0.5, 0.5}, [3]float64{z, 1, 0}, [3]float64{}, 1)
			if got != c.want {
				t.Errorf("x = %v, dir x = %v: entered %v, want %v", c.o, z, got, c.want)
			}
		}
	}
}

func triBox(t geom.Triangle) geom.AABB {
	return geom.EmptyAABB().Extend(t[0]).Extend(t[1]).Extend(t[2])
}

// segmentEntersBox samples the segment densely and reports whether a
// sample lies in b grown by r (a brute-force stand-in for the slab test,
// slightly shrunk so that rounding at the boundary does not matter).
func segmentEntersBox(o, d mgl64.Vec3, r [3]float64, b geom.AABB) bool {
	for s := 0; s <= 100; s++ {
		p := o.Add(geom.Scale(d, float64(s)/100))
		in := true
		for i := 0; i < 3; i++ {
			if p[i] < b.Min[i]-float64(r[i]*0.999) || p[i] > b.Max[i]+float64(r[i]*0.999) {
				in = false
			}
		}
		if in {
			return true
		}
	}
	return false
}

func TestRaycastMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	tris := randomSoup(rng, 2000, 20, 3)
	m := NewMesh(tris)
	n := 5000
	if testing.Short() {
		n = 500
	}
	hits := 0
	for i := 0; i < n; i++ {
		r := geom.Ray{Origin: randVec(rng, 40), Dir: randVec(rng, 2)}
		wantTri, wantS, wantOK := -1, math.Inf(1), false
		for id, tri := range tris {
			if s, ok := RayTriangle(r, tri); ok && s < wantS {
				wantTri, wantS, wantOK = id, s, true
			}
		}
		gotTri, gotS, gotOK := m.Raycast(r)
		if gotOK != wantOK || (wantOK && (gotTri != wantTri || gotS != wantS)) {
			t.Fatalf("ray %v: got (%d, %v, %v), want (%d, %v, %v)", r, gotTri, gotS, gotOK, wantTri, wantS, wantOK)
		}
		if wantOK {
			hits++
		}
	}
	if hits < n/20 {
		t.Fatalf("only %d of %d rays hit: the test is not exercising hits", hits, n)
	}
	if _, _, ok := NewMesh(nil).Raycast(geom.Ray{Dir: mgl64.Vec3{1, 0, 0}}); ok {
		t.Fatal("ray hit an empty mesh")
	}
}

func TestMemoryPerTriangle(t *testing.T) {
	m := NewMesh(terrain(200)) // 80,000 triangles, the benchmark's kind of mesh
	b := m.BytesPerTriangle()
	t.Logf("terrain 200x200: %.2f bytes per triangle, %d nodes", b, len(m.nodes))
	if b > 32 {
		t.Fatalf("%.2f bytes per triangle, want at most 32", b)
	}
}

// TestWalkerSpills walks a deep tree (triangles at geometrically growing
// distances along the x axis, the nearest deepest) with a point moving
// along that axis through every leaf, nearest first, so that the far
// siblings pile up and the walk's stack outgrows its array and spills:
// every triangle must still come out exactly once.
func TestWalkerSpills(t *testing.T) {
	var tris []geom.Triangle
	for i := 0; i < 400; i++ {
		x := float64(math.Pow(1.2, float64(i)) * 1e-20)
		tris = append(tris, geom.Triangle{{x, 0, 0}, {float64(x * 1.01), float64(x * 0.01), 0}, {x, 0, float64(x * 0.01)}})
	}
	m := NewMesh(tris)
	// Still along y and z, then moving along every axis, through the Go
	// loop and through walk4AVX2 where the CPU has AVX2.
	defer func(on bool) { walk4On = on }(walk4On)
	for _, on := range []bool{false, useAVX2} {
		walk4On = on
		for _, dir := range [][3]float64{{1e13, 0, 0}, {1e13, 1e-300, 1e-300}} {
			var w walker
			if !w.start(m, [3]float64{-1, 0, 0}, dir, [3]float64{}, 1) {
				t.Fatal("root not entered")
			}
			seen, spilled := make([]int, len(tris)), 0
			for {
				spilled = max(spilled, len(w.spilled))
				first, count, ok := w.next(1)
				if !ok {
					break
				}
				for k := first; k < first+count; k++ {
					seen[m.id(k)]++
				}
			}
			if spilled == 0 {
				t.Fatalf("dir %v, walk4AVX2 %v: the walk never spilled: the test does not exercise spilling", dir, on)
			}
			for id, n := range seen {
				if n != 1 {
					t.Fatalf("dir %v, walk4AVX2 %v: triangle %d visited %d times", dir, on, id, n)
				}
			}
		}
	}
}

// TestWalk4MatchesGo checks that walk4AVX2 (where the CPU has AVX2) walks
// as the Go loop does: the same leaves in the same order, for random
// motions and a tmax that shrinks during the walk as a sweep's best T
// does, on a shallow random mesh, a deep one that spills, and a mesh of
// integer coordinates crossed by motions with zero components (still
// axes, every combination of them, either sign of zero, the point often
// exactly on a slab's boundary: stillMotion).
func TestWalk4MatchesGo(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2")
	}
	defer func(on bool) { walk4On = on }(walk4On)
	rng := rand.New(rand.NewPCG(13, 14))
	var deep []geom.Triangle
	for i := 0; i < 400; i++ {
		x := float64(math.Pow(1.2, float64(i)) * 1e-20)
		deep = append(deep, geom.Triangle{{x, 0, 0}, {float64(x * 1.01), float64(x * 0.01), 0}, {x, 0, float64(x * 0.01)}})
	}
	meshes := []*Mesh{NewMesh(randomSoup(rng, 3000, 50, 3)), NewMesh(deep), NewMesh(integerSoup(rng, 3000, 50, 4))}
	var leaves, stillLeaves [8]int // by the mask of still axes
	for i := 0; i < 12000; i++ {
		m := meshes[i%3]
		o, d := randVec(rng, 60), randVec(rng, 40)
		r := [3]float64{float64(20 * rng.Float64()), float64(20 * rng.Float64()), float64(20 * rng.Float64())}
		switch m {
		case meshes[1]:
			o, d, r = [3]float64{-1, 0, 0}, [3]float64{1e13, float64(1e-300 * rng.Float64()), 1e-300}, [3]float64{}
		case meshes[2]:
			o, d, r = stillMotion(rng, i/3%8)
		}
		shrink := float64(rng.Float64())
		var walks [2][][2]uint32
		still := 0
		for k, on := range []bool{false, true} {
			walk4On = on
			var w walker
			if !w.start(m, o, d, r, 1) {
				break
			}
			for a := range w.axes {
				if w.axes[a].still() {
					still |= 1 << a
				}
			}
			for tmax := 1.0; ; tmax *= shrink {
				first, count, ok := w.next(tmax)
				if !ok {
					break
				}
				walks[k] = append(walks[k], [2]uint32{first, count})
			}
		}
		if !slices.Equal(walks[0], walks[1]) {
			t.Fatalf("walk %d (o %v, d %v, r %v): Go gives leaves %v, walk4AVX2 %v", i, o, d, r, walks[0], walks[1])
		}
		leaves[still] += len(walks[0])
		if m == meshes[2] {
			stillLeaves[still] += len(walks[0])
		}
	}
	for still, n := range stillLeaves {
		if n < 200 {
			t.Fatalf("only %d leaves visited with still axes %03b: the test is not exercising the walk", n, still)
		}
	}
	t.Logf("leaves by still axes (bit i: axis i): %v", leaves)
}

// integerSoup is randomSoup on integer coordinates (as a Quake map's),
// so that the slabs of stillMotion's points often share a boundary.
func integerSoup(rng *rand.Rand, n int, span, size float64) []geom.Triangle {
	tris := randomSoup(rng, n, span, size)
	for i := range tris {
		for j := range tris[i] {
			for k := range tris[i][j] {
				tris[i][j][k] = math.Round(tris[i][j][k])
			}
		}
	}
	return tris
}

// stillMotion returns a motion for integerSoup's meshes that does not
// move along the axes in the mask still (a zero of either sign; all three
// for 7: no motion at all), with integer origins and extents on those
// axes, so that the point often lies exactly on a child slab's boundary
// (where 0 * Inf is NaN, see enterChildren).
func stillMotion(rng *rand.Rand, still int) (o, d, r [3]float64) {
	for a := 0; a < 3; a++ {
		o[a], d[a], r[a] = float64((float64(rng.Float64())-0.5)*60), float64((float64(rng.Float64())-0.5)*40), float64(8*rng.Float64())
		if still&(1<<a) != 0 {
			o[a], r[a] = math.Round(o[a]), float64(rng.IntN(4))
			d[a] = math.Copysign(0, float64(rng.Float64())-0.5)
		}
	}
	return o, d, r
}

// TestSlab4MatchesGo checks the SSE2 child test against the Go one
// on random nodes and motions (the same times up to the sign of a zero,
// the same answers), the AVX2 one (where the CPU has it) against the SSE2
// one (the same entry times up to the sign of a zero, the same mask of
// used children entered), the AVX2 one against the Go one for motions
// with still axes (stillMotion; the SSE2 form does not take those), and
// the layout the assembly hard-codes.
func TestSlab4MatchesGo(t *testing.T) {
	if unsafe.Sizeof(slabAxis{}) != 48 || unsafe.Offsetof(wnode{}.org) != 0 || unsafe.Offsetof(wnode{}.exp) != 52 || unsafe.Offsetof(wnode{}.live) != 55 {
		t.Fatalf("layout changed: slabAxis %d bytes, wnode.org at %d, wnode.exp at %d, wnode.live at %d: update slab4_amd64.s",
			unsafe.Sizeof(slabAxis{}), unsafe.Offsetof(wnode{}.org), unsafe.Offsetof(wnode{}.exp), unsafe.Offsetof(wnode{}.live))
	}
	if !haveSlab4 {
		t.Skip("no assembly on this platform")
	}
	rng := rand.New(rand.NewPCG(11, 12))
	m := NewMesh(randomSoup(rng, 3000, 50, 3))
	entered, avx := 0, 0
	for i := 0; i < 20000; i++ {
		var w walker
		d := randVec(rng, 40)
		if !w.start(m, randVec(rng, 60), d, [3]float64{float64(20 * rng.Float64()), float64(20 * rng.Float64()), float64(20 * rng.Float64())}, 1) || !w.moving {
			continue
		}
		n := &m.nodes[rng.IntN(len(m.nodes))]
		tmax := float64(rng.Float64())
		var gotT, gotX [4]float64
		slab4(n, &w.axes, tmax, &gotT, &gotX)
		wantT, wantX := w.enterChildrenGo(n, tmax)
		if gotT != wantT || gotX != wantX {
			t.Fatalf("node %+v, walker %+v: slab4 gives %v %v, Go %v %v", n, w.axes, gotT, gotX, wantT, wantX)
		}
		if n.live&^treeletBit != n.liveMask() {
			t.Fatalf("node %+v: live %b, want %b", n, n.live, n.liveMask())
		}
		if useAVX2 {
			var avxT [4]float64
			in := slab4AVX2(n, &w.axes, tmax, &avxT)
			if avxT != gotT || in != enteredMask(&gotT, &gotX)&int(n.live) {
				t.Fatalf("node %+v, walker %+v: slab4AVX2 gives %v (mask %b), slab4 %v %v", n, w.axes, avxT, in, gotT, gotX)
			}
			avx++
		}
		for c := range gotT {
			if gotT[c] <= gotX[c] && n.ref[c] != emptyRef {
				entered++
			}
		}
	}
	if entered < 1000 {
		t.Fatalf("only %d children entered: the test is not exercising hits", entered)
	}
	t.Logf("%d children entered; %d nodes also through slab4AVX2 (AVX2: %v)", entered, avx, useAVX2)
	if !useAVX2 {
		return
	}
	// Still axes: slab4AVX2 against the Go form, counting the children
	// entered and the products that are NaN (a point on a boundary).
	mi := NewMesh(integerSoup(rng, 3000, 50, 4))
	stillEntered, boundary := 0, 0
	for i := 0; i < 40000; i++ {
		o, d, r := stillMotion(rng, 1+i%7)
		var w walker
		if !w.start(mi, o, d, r, 1) {
			continue
		}
		n := &mi.nodes[rng.IntN(len(mi.nodes))]
		tmax := float64(rng.Float64())
		var avxT [4]float64
		in := slab4AVX2(n, &w.axes, tmax, &avxT)
		wantT, wantX := w.enterChildrenGo(n, tmax)
		if avxT != wantT || in != enteredMask(&wantT, &wantX)&int(n.live) {
			t.Fatalf("node %+v, walker %+v: slab4AVX2 gives %v (mask %b), Go %v %v", n, w.axes, avxT, in, wantT, wantX)
		}
		stillEntered += bits.OnesCount(uint(in))
		for a := range w.axes {
			ax := &w.axes[a]
			if !ax.still() {
				continue
			}
			near, far := ax.rows()
			for c := range n.ref {
				if in&(1<<c) != 0 && (n.child(c)[near]-ax.on == 0 || n.child(c)[far]-ax.of == 0) {
					boundary++
				}
			}
		}
	}
	if stillEntered < 1000 || boundary < 100 {
		t.Fatalf("still axes: %d children entered, %d on a boundary: the test is not exercising them", stillEntered, boundary)
	}
	t.Logf("still axes: %d children entered, %d of them with the point on a boundary", stillEntered, boundary)
}

// sameBits4 returns how many of a's and b's elements are bitwise equal.
func sameBits4(a, b [4]float64) int {
	n := 0
	for i := range a {
		if math.Float64bits(a[i]) == math.Float64bits(b[i]) {
			n++
		}
	}
	return n
}
