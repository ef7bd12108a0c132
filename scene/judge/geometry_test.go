package judge

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene/internal/testmesh"
	"sweepdbg/sweep"
)

// TestIndexMatchesScan: the index finds exactly the triangles a scan of
// every box finds (duplicates left out, restrictions applied), in order,
// on piles, a terrain, coincident, degenerate and non-finite triangles.
func TestIndexMatchesScan(t *testing.T) {
	tris := append(testmesh.Pile(3000), testmesh.Terrain(30)...)
	tris = append(tris, tris[5], tris[7], geom.Triangle{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}},
		geom.Triangle{{math.NaN(), 0, 0}, {1, 0, 0}, {0, 0, 1}}, geom.Triangle{{math.Inf(1), 0, 0}, {1, 0, 0}, {0, 0, 1}})
	g := NewGeometry(sweep.EllipsoidShape(sweep.Sphere(1)), tris)
	dup := duplicates(tris)
	rng := rand.New(rand.NewPCG(3, 4))
	randBox := func() geom.AABB {
		p := mgl64.Vec3{float64(rng.Float64()*34) - 2, float64(rng.Float64()*6) - 3, float64(rng.Float64()*34) - 2}
		return geom.EmptyAABB().Extend(p).Expand(mgl64.Vec3{float64(rng.Float64() * 3), float64(rng.Float64() * 3), float64(rng.Float64() * 3)})
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
		a := float64(float64(i) / n * 2 * math.Pi)
		u := mgl64.Vec3{math.Cos(a), math.Sin(a), 0}
		tris[i] = geom.Triangle{u, geom.Scale(u, -1), {0, 0, float64(i%2*2 - 1)}}
	}
	x := NewGeometry(sweep.EllipsoidShape(sweep.Sphere(1)), tris).index
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
