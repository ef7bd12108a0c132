package opinions

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// pile is n distinct small triangles piled in the unit cube, beside a
// floor triangle (y = 0, 2 <= x <= 8, -2 <= z, x + z <= 10 - 4), the
// last one.
func pile(n int) []geom.Triangle {
	rng := rand.New(rand.NewPCG(1, 2))
	tris := make([]geom.Triangle, n, n+1)
	for i := range tris {
		p := mgl64.Vec3{rng.Float64(), rng.Float64(), rng.Float64()}
		for k := range tris[i] {
			tris[i][k] = p.Add(mgl64.Vec3{rng.Float64(), rng.Float64(), rng.Float64()}.Mul(0.02))
		}
	}
	return append(tris, geom.Triangle{{2, 0, -2}, {8, 0, -2}, {2, 0, 4}})
}

// pileFall drops a unit sphere on the floor beside the pile: first contact
// at T = 0.4, on the floor (the last triangle).
func pileFall() (begin, delta mgl64.Vec3) { return mgl64.Vec3{4, 3, 0}, mgl64.Vec3{0, -5, 0} }

// terrain is an n×n grid of heights, 2(n-1)² triangles, one unit apart.
func terrain(n int) []geom.Triangle {
	h := func(i, j int) mgl64.Vec3 {
		x, z := float64(i), float64(j)
		return mgl64.Vec3{x, 2 * math.Sin(0.3*x) * math.Cos(0.2*z), z}
	}
	tris := make([]geom.Triangle, 0, 2*(n-1)*(n-1))
	for i := 0; i+1 < n; i++ {
		for j := 0; j+1 < n; j++ {
			tris = append(tris, geom.Triangle{h(i, j), h(i+1, j), h(i, j+1)}, geom.Triangle{h(i+1, j), h(i+1, j+1), h(i, j+1)})
		}
	}
	return tris
}

// terrainFall drops a unit sphere on the terrain, slanting a little.
func terrainFall() (begin, delta mgl64.Vec3) {
	return mgl64.Vec3{100.3, 6, 120.7}, mgl64.Vec3{1.5, -12, -0.5}
}

// BenchmarkPile200k is one comparison of the three opinions on a sweep
// beside 200k distinct triangles piled in one small region.
func BenchmarkPile200k(b *testing.B) {
	begin, delta := pileFall()
	benchCompare(b, pile(200_000), begin, delta)
}

// BenchmarkTerrain100k is one comparison of the three opinions on a sweep
// onto a terrain of about 100k triangles.
func BenchmarkTerrain100k(b *testing.B) {
	begin, delta := terrainFall()
	benchCompare(b, terrain(225), begin, delta)
}

// benchCompare times Compare on one sweep over tris (which must agree).
func benchCompare(b *testing.B, tris []geom.Triangle, begin, delta mgl64.Vec3) {
	g := NewGeometry(sweep.Sphere(1), tris)
	m := sweep.NewMesh(tris)
	if r := Compare(g, m, begin, delta, DefaultTolerance); !r.Agree() || !r.Opinions[0].OK {
		b.Fatalf("the opinions disagree:\n%s", r)
	}
	for b.Loop() {
		Compare(g, m, begin, delta, DefaultTolerance)
	}
}

// TestIndexMatchesScan: the index finds exactly the triangles a scan of
// every box finds (duplicates left out, restrictions applied), in order,
// on piles, a terrain, coincident, degenerate and non-finite triangles.
func TestIndexMatchesScan(t *testing.T) {
	tris := append(pile(3000), terrain(30)...)
	tris = append(tris, tris[5], tris[7], geom.Triangle{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}},
		geom.Triangle{{math.NaN(), 0, 0}, {1, 0, 0}, {0, 0, 1}}, geom.Triangle{{math.Inf(1), 0, 0}, {1, 0, 0}, {0, 0, 1}})
	g := NewGeometry(sweep.Sphere(1), tris)
	dup := duplicates(tris)
	rng := rand.New(rand.NewPCG(3, 4))
	randBox := func() geom.AABB {
		p := mgl64.Vec3{rng.Float64()*34 - 2, rng.Float64()*6 - 3, rng.Float64()*34 - 2}
		return geom.EmptyAABB().Extend(p).Expand(mgl64.Vec3{rng.Float64() * 3, rng.Float64() * 3, rng.Float64() * 3})
	}
	for range 500 {
		box, within := randBox(), randBox()
		var want, wantIn []int
		for i, b := range g.boxes {
			if !dup[i] && b.Overlaps(box) {
				want = append(want, i)
				if b.Overlaps(within) {
					wantIn = append(wantIn, i)
				}
			}
		}
		if got := g.overlapping(box); !slices.Equal(got, want) {
			t.Fatalf("box %v: %d triangles, want %d", box, len(got), len(want))
		}
		if got := g.Restrict(within).overlapping(box); !slices.Equal(got, wantIn) {
			t.Fatalf("box %v within %v: %d triangles, want %d", box, within, len(got), len(wantIn))
		}
	}
}

// TestIndexDepth: triangles that cannot be told apart by their centers
// (all around one point) still make a tree of logarithmic depth.
func TestIndexDepth(t *testing.T) {
	const n = 100_000
	tris := make([]geom.Triangle, n)
	for i := range tris {
		a := float64(i) / n * 2 * math.Pi
		u := mgl64.Vec3{math.Cos(a), math.Sin(a), 0}
		tris[i] = geom.Triangle{u, u.Mul(-1), {0, 0, float64(i%2*2 - 1)}}
	}
	x := NewGeometry(sweep.Sphere(1), tris).index
	if d, limit := x.depth(0), 2+int(math.Log2(n)); d > limit {
		t.Errorf("depth %d over %d triangles, want at most %d", d, n, limit)
	}
}

// depth is the height of the subtree at node at.
func (x *boxIndex) depth(at int32) int {
	nd := x.nodes[at]
	if nd.count > 0 {
		return 1
	}
	return 1 + max(x.depth(at+1), x.depth(nd.start))
}
