package sweep_test

import (
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
	"sweepdbg/sweep/internal/randgeom"
)

// everyCPUDigest is TestSameAnswersOnEveryCPU's digest. It was taken on
// amd64 and must come out the same on arm64 and with GOAMD64=v3, where Go
// would fuse multiply-adds that the core does not let it
// (docs/architecture.md, "The same answers on every CPU"); make test runs
// this test in both (the Makefile's test-cpus, arm64 under qemu-user).
const everyCPUDigest = "130380de6c642f12916ffc777b228d4eccffb49cf588790d260dbf7a6397deba"

// TestSameAnswersOnEveryCPU digests every bit of the answers of the three
// shapes, cast and slid on a mesh of random triangles (degenerate ones
// among them), and of EllipsoidTriangle on random cases. Its inputs come
// from math/rand's Float64 and the rounded arithmetic of geom alone: not
// from math.Sin, math.Log or rand's NormFloat64, whose Go code the
// compiler fuses on arm64, so that the inputs too are the same on every
// CPU (the level benchmarks' generators use them; their digests are
// checked on amd64 only, see pinnedOnAMD64).
func TestSameAnswersOnEveryCPU(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	tris := everyCPUTriangles(r, 3000)
	m := sweep.NewMesh(tris)
	hs := sha256.New()
	hits := 0
	for _, s := range everyCPUShapes(r) {
		for range 300 {
			begin := randgeom.UniformVec(r, -20, 20)
			delta := randgeom.UniformVec(r, -15, 15)
			h, ok := m.Cast(s, begin, delta)
			if ok {
				hits++
			}
			fmt.Fprintf(hs, "%v %v %x %x %x %x %x %x %x %v %d\n", s.Kind, ok, h.T, h.Point[0], h.Point[1], h.Point[2], h.Normal[0], h.Normal[1], h.Normal[2], h.Feature, h.Triangle)
			res := m.SlideShape(s, begin, begin.Add(delta), sweep.SlideOptions{})
			fmt.Fprintf(hs, "%x %x %x %d\n", res.Final[0], res.Final[1], res.Final[2], len(res.Steps))
		}
	}
	for range 20000 {
		e := everyCPUShapes(r)[0].Ellipsoid
		h, ok := sweep.EllipsoidTriangle(e, randgeom.UniformVec(r, -8, 8), randgeom.UniformVec(r, -8, 8), geom.Triangle{randgeom.UniformVec(r, -5, 5), randgeom.UniformVec(r, -5, 5), randgeom.UniformVec(r, -5, 5)})
		fmt.Fprintf(hs, "%v %x %x %x %x %x %x %x %v\n", ok, h.T, h.Point[0], h.Point[1], h.Point[2], h.Normal[0], h.Normal[1], h.Normal[2], h.Feature)
	}
	t.Logf("%d of 900 casts hit", hits)
	if got := fmt.Sprintf("%x", hs.Sum(nil)); got != everyCPUDigest {
		t.Fatalf("answers digest %s, want %s (amd64's)", got, everyCPUDigest)
	}
}

// everyCPUTriangles is n random triangles in a 40-unit cube, sizes from
// 0.1 to 10 units, one in twenty degenerate (randgeom.DegenerateTriangle,
// moved to a random place).
func everyCPUTriangles(r *rand.Rand, n int) []geom.Triangle {
	tris := make([]geom.Triangle, n)
	for i := range tris {
		c := randgeom.UniformVec(r, -20, 20)
		if r.IntN(20) == 0 {
			d := randgeom.DegenerateTriangle(r)
			tris[i] = geom.Triangle{d[0].Add(c), d[1].Add(c), d[2].Add(c)}
			continue
		}
		s := randgeom.Uniform(r, 0.1, 10)
		for k := range tris[i] {
			tris[i][k] = c.Add(randgeom.UniformVec(r, -s, s))
		}
	}
	return tris
}

// everyCPUShapes is an ellipsoid, a capsule and a box, each turned by a
// random rotation built from uniform draws with geom's rounded arithmetic
// (not randgeom.Rotation, which draws Gaussians, nor mgl64's quaternions).
func everyCPUShapes(r *rand.Rand) []sweep.Shape {
	a := geom.Normalize(randgeom.UniformVec(r, -1, 1))
	b := geom.Normalize(geom.PlainCross(a, randgeom.UniformVec(r, -1, 1)))
	c := geom.PlainCross(a, b)
	radii := randgeom.UniformVec(r, 0.3, 2)
	axes := [3]mgl64.Vec3{geom.Scale(a, radii[0]), geom.Scale(b, radii[1]), geom.Scale(c, radii[2])}
	return []sweep.Shape{
		sweep.EllipsoidShape(sweep.Ellipsoid{Axes: axes}),
		sweep.CapsuleShape(sweep.Capsule{Radius: radii[0], HalfSegment: axes[1]}),
		sweep.BoxShape(sweep.Box{Axes: axes}),
	}
}
