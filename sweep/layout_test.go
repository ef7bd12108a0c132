package sweep

import (
	"encoding/binary"
	"hash/fnv"
	"math"
	"runtime"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// layoutDigest hashes everything NewMesh stores: the tree (every field of
// every node, and the root box), the triangles' words, the groups' vertex
// bases, the original indices (Mesh.ids, idBase and idShift) and the
// vertices' bits. Two builds with the same digest have the
// same layout, so every walk and answer on them is the same.
func layoutDigest(m *Mesh) uint64 {
	h := fnv.New64a()
	w := func(v any) {
		if err := binary.Write(h, binary.LittleEndian, v); err != nil {
			panic(err)
		}
	}
	w(m.nodes)
	w(m.root)
	w(m.tris)
	w(m.vbase)
	w(m.ids)
	w(m.idBase)
	w(m.idShift)
	for _, v := range m.verts {
		w([3]uint64{math.Float64bits(v[0]), math.Float64bits(v[1]), math.Float64bits(v[2])})
	}
	w(m.vert32)
	w(int64(m.n))
	return h.Sum64()
}

// TestBuildLayout pins the layout NewMesh builds on the terrain and the
// level benchmarks' meshes to the digests of the builder as of mem2
// (32-bit triangle words, 16-bit original indices; leaf8's, with 8-byte
// words, and b66fd22's, with leaves of up to four, were others): a
// faster build must build the very same mesh
// (the terrain of 200 cells has 80,000 triangles, enough for the
// concurrent build of the halves; the 1M-triangle terrain is checked
// without -short). Each mesh is built twice to catch a layout that
// depends on goroutine scheduling.
func TestBuildLayout(t *testing.T) {
	pinnedOnAMD64(t)
	cases := []struct {
		name string
		tris func() []geom.Triangle
		want uint64
		long bool
	}{
		{"terrain200", func() []geom.Triangle { return terrain(200) }, 0x3168954afacbf470, false},
		{"block", func() []geom.Triangle { return benchLevels()[0].tris }, 0x5984526fbe869aea, false},
		{"dense", func() []geom.Triangle { return benchLevels()[1].tris }, 0x21f1b982046da521, false},
		{"terrain708", func() []geom.Triangle { return terrain(benchCells) }, 0x7e620fec37e8664a, true},
	}
	for _, c := range cases {
		if c.long && testing.Short() {
			continue
		}
		tris := c.tris()
		for range 2 {
			if got := layoutDigest(NewMesh(tris)); got != c.want {
				t.Errorf("%s: layout digest %016x, want %016x", c.name, got, c.want)
			}
		}
	}
}

// TestTerrainAnswers pins the sweeps' and slides' answers of the terrain
// benchmarks' queries (both shapes; a terrain of 200 cells with -short,
// else the 1M-triangle one) to digests of b66fd22: the terrain's vertices
// are float64, so its sweeps take the loop the level digests do not.
func TestTerrainAnswers(t *testing.T) {
	pinnedOnAMD64(t)
	cells, want := benchCells, [2]uint64{0x31c34f748c366cdc, 0x6ac8ffadf6678e7b}
	if testing.Short() {
		cells, want = 200, [2]uint64{0xf9f76f1f81038731, 0x7b8a20637a85b0b5}
	}
	var m *Mesh
	if cells == benchCells {
		_, m = benchTerrain()
	} else {
		m = NewMesh(terrain(cells))
	}
	sweeps, slides := fnv.New64a(), fnv.New64a()
	for _, q := range terrainQueries(cells) {
		for _, s := range benchShapes {
			if h, ok := m.Sweep(s.e, q.begin, q.delta); ok {
				hashHit(sweeps, h)
			}
			r := m.Slide(s.e, q.begin, q.begin.Add(q.delta), SlideOptions{})
			for _, st := range r.Steps {
				hashHit(slides, st.Hit)
				for _, v := range [...]mgl64.Vec3{st.Contact, st.Resume, st.Projected} {
					w := [3]uint64{math.Float64bits(v[0]), math.Float64bits(v[1]), math.Float64bits(v[2])}
					binary.Write(slides, binary.LittleEndian, w)
				}
			}
			binary.Write(slides, binary.LittleEndian, [3]uint64{math.Float64bits(r.Final[0]), math.Float64bits(r.Final[1]), math.Float64bits(r.Final[2])})
		}
	}
	if got := [2]uint64{sweeps.Sum64(), slides.Sum64()}; got != want {
		t.Errorf("terrain %d: sweeps and slides digests %016x, want %016x", cells, got, want)
	}
}

// pinnedOnAMD64 skips a test whose digests were taken on amd64: other
// architectures may fuse a multiply and an add into one rounding (the Go
// specification allows it, and arm64 does), which moves answers, and the
// tree built from them, by an ulp.
func pinnedOnAMD64(t *testing.T) {
	t.Helper()
	if runtime.GOARCH != "amd64" {
		t.Skipf("the digests are pinned on amd64; %s may fuse multiply-adds", runtime.GOARCH)
	}
}
