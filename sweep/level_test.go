package sweep

import (
	"hash/fnv"
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// queryBrute is the answer Mesh.Sweep must give, computed without the
// tree and without any of the narrow phase's rejections: the reference
// narrow phase (referenceTriangle) on every triangle in index order,
// keeping the earliest hit and, among equal T, the lowest index.
func queryBrute(tris []geom.Triangle, e Ellipsoid, begin, delta mgl64.Vec3) (Hit, bool) {
	q := NewQuery(e, begin, delta)
	r := sweepResult{bestT: 1}
	var h Hit
	for i := range tris {
		if q.referenceTriangle(&tris[i], r.bestT, &h) {
			r.offer(h, i)
		}
	}
	return r.best, r.found
}

// TestLevelSweepsMatchBruteForce: on the level benchmarks' meshes and
// casts, Mesh.Sweep returns bitwise the hit of the narrow phase run on
// every triangle (T, triangle, feature, point and normal), so nothing the
// tree or the mesh storage does changes an answer. It logs a digest of
// all the answers, to compare builds.
func TestLevelSweepsMatchBruteForce(t *testing.T) {
	n := levelCastCount
	if testing.Short() {
		n = 300
	}
	for _, lv := range benchLevels() {
		h := fnv.New64a()
		hits := 0
		for i, q := range lv.casts[:n] {
			want, wantOK := queryBrute(lv.tris, lv.player, q.begin, q.delta)
			got, gotOK := lv.mesh.Sweep(lv.player, q.begin, q.delta)
			if gotOK != wantOK || got != want {
				t.Fatalf("%s cast %d (begin %v, delta %v): Sweep %v %+v, brute force %v %+v", lv.name, i, q.begin, q.delta, gotOK, got, wantOK, want)
			}
			if gotOK {
				hits++
				hashHit(h, got)
			}
		}
		t.Logf("%s: %d triangles, %d casts, %d hits, answers digest %016x", lv.name, len(lv.tris), n, hits, h.Sum64())
		if hits < n/4 || hits == n {
			t.Fatalf("%s: %d hits of %d casts: the casts do not exercise the mesh", lv.name, hits, n)
		}
	}
}

func hashHit(h interface{ Write([]byte) (int, error) }, x Hit) {
	var buf [8]byte
	put := func(f float64) {
		u := math.Float64bits(f)
		for i := range buf {
			buf[i] = byte(u >> (8 * i))
		}
		h.Write(buf[:])
	}
	put(x.T)
	put(float64(x.Triangle))
	put(float64(x.Feature))
	for i := 0; i < 3; i++ {
		put(x.Point[i])
		put(x.Normal[i])
	}
}

// TestFloat32Vertices: a mesh whose coordinates are all exactly float32
// (integers, float32-rounded values, a negative zero) stores its vertices
// as float32 and gives back every triangle bitwise; one coordinate that
// is not a float32 keeps the whole mesh in float64.
func TestFloat32Vertices(t *testing.T) {
	negZero := math.Copysign(0, -1)
	exact := []geom.Triangle{
		{{0, 0, 0}, {16, 0, 0}, {0, 16, 0}},
		{{negZero, 1, 2}, {float64(float32(0.1)), 3, 4}, {float64(float32(-1e29)), 5, float64(float32(1e29))}},
	}
	inexact := append(slices.Clone(exact), geom.Triangle{{0.1, 0, 0}, {1, 0, 0}, {0, 1, 0}})
	for _, c := range []struct {
		name   string
		tris   []geom.Triangle
		narrow bool
	}{{"exact", exact, true}, {"inexact", inexact, false}} {
		m := NewMesh(c.tris)
		if got := m.vert32 != nil; got != c.narrow {
			t.Fatalf("%s: float32 storage %v, want %v", c.name, got, c.narrow)
		}
		for k := range m.tris {
			got, want := m.tri(uint32(k)), c.tris[m.id(uint32(k))]
			for j := range got {
				if !sameBits(&got[j], &want[j]) {
					t.Fatalf("%s: triangle %d vertex %d is %v, want %v", c.name, m.id(uint32(k)), j, got[j], want[j])
				}
			}
		}
	}
	for _, lv := range benchLevels() {
		if lv.mesh.vert32 == nil {
			t.Errorf("%s: float64 vertices, want float32", lv.name)
		}
	}
}
