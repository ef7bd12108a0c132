// Package testmesh makes the meshes the judge's and the opinions' tests
// and benchmarks share: a pile of small triangles beside a floor, and a
// terrain, each with a motion that falls onto it.
package testmesh

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// Pile is n distinct small triangles piled in the unit cube, beside a
// floor triangle (y = 0, 2 <= x <= 8, -2 <= z, x + z <= 10 - 4), the
// last one.
func Pile(n int) []geom.Triangle {
	rng := rand.New(rand.NewPCG(1, 2))
	tris := make([]geom.Triangle, n, n+1)
	for i := range tris {
		p := mgl64.Vec3{float64(rng.Float64()), float64(rng.Float64()), float64(rng.Float64())}
		for k := range tris[i] {
			tris[i][k] = p.Add(geom.Scale(mgl64.Vec3{float64(rng.Float64()), float64(rng.Float64()), float64(rng.Float64())}, 0.02))
		}
	}
	return append(tris, geom.Triangle{{2, 0, -2}, {8, 0, -2}, {2, 0, 4}})
}

// PileFall drops a unit sphere on the floor beside the pile: first contact
// at T = 0.4, on the floor (the last triangle).
func PileFall() (begin, delta mgl64.Vec3) { return mgl64.Vec3{4, 3, 0}, mgl64.Vec3{0, -5, 0} }

// Terrain is an n×n grid of heights, 2(n-1)² triangles, one unit apart.
func Terrain(n int) []geom.Triangle {
	h := func(i, j int) mgl64.Vec3 {
		x, z := float64(i), float64(j)
		return mgl64.Vec3{x, float64(2 * math.Sin(float64(0.3*x)) * math.Cos(float64(0.2*z))), z}
	}
	tris := make([]geom.Triangle, 0, 2*(n-1)*(n-1))
	for i := 0; i+1 < n; i++ {
		for j := 0; j+1 < n; j++ {
			tris = append(tris, geom.Triangle{h(i, j), h(i+1, j), h(i, j+1)}, geom.Triangle{h(i+1, j), h(i+1, j+1), h(i, j+1)})
		}
	}
	return tris
}

// TerrainFall drops a unit sphere on the terrain, slanting a little.
func TerrainFall() (begin, delta mgl64.Vec3) {
	return mgl64.Vec3{100.3, 6, 120.7}, mgl64.Vec3{1.5, -12, -0.5}
}
