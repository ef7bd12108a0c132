package sweep

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"runtime"
	"testing"
	"unsafe"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// layoutDigest hashes everything NewMesh stores: the tree (every field of
// every node in preorder, as the build emits them and before a treelet
// order moves them, and the root box), the triangles' words, the groups' vertex
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
	w(preorder(m.nodes))
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
// level benchmarks' meshes to the digests of the builder as of mem3
// (the wide nodes chosen by planCuts; mem2's, with the greedy collapse,
// leaf8's, with 8-byte words, and b66fd22's, with leaves of up to four,
// were others): a
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
		{"terrain200", func() []geom.Triangle { return terrain(200) }, 0x6ba7ace5f442d2d3, false},
		{"block", func() []geom.Triangle { return benchLevels()[0].tris }, 0xdf56b6197f5f2ee1, false},
		{"dense", func() []geom.Triangle { return benchLevels()[1].tris }, 0x7c90d2ac40e7c223, false},
		{"terrain708", func() []geom.Triangle { return terrain(benchCells) }, 0xd0db7cd45d87f3cf, true},
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

// pinnedOnAMD64 skips a test whose digests were taken on amd64 (v1, the
// default) from generated inputs: the generators call math.Sin, math.Cos
// and math.Pow, whose Go code other CPUs (and amd64 with GOAMD64=v3)
// compile with fused multiply-adds, so the levels and casts themselves
// differ there in their last bits. The core's answers to the same inputs
// are the same on every CPU (TestSameAnswersOnEveryCPU, which the
// Makefile also runs on arm64 and with GOAMD64=v3).
func pinnedOnAMD64(t *testing.T) {
	t.Helper()
	if runtime.GOARCH != "amd64" || fusingBuild {
		t.Skip("the digests are pinned on amd64 without GOAMD64=v3; in this build the generated inputs differ")
	}
}

// bytesParts returns the bytes a triangle of each part of m's storage
// (Mesh.Bytes): the vertices (and their number), the triangles' words,
// the groups' vertex bases, the original indices and their bases, the
// tree's nodes (and their number, the triangles a leaf and the leaves a
// node), and the total, BytesPerTriangle.
func (m *Mesh) bytesParts() string {
	n := float64(m.n)
	leaves, tris := 0, 0
	for i := range m.nodes {
		for _, r := range m.nodes[i].ref {
			if c, _ := splitRef(r); r != emptyRef && c > 0 {
				leaves++
				tris += int(c)
			}
		}
	}
	return fmt.Sprintf("vertices %.3f (%d), words %.3f, vertex bases %.3f, indices %.3f, index bases %.3f, nodes %.3f (%d; %.2f triangles a leaf, %.2f leaves a node); total %.3f",
		float64(len(m.verts)*int(unsafe.Sizeof(mgl64.Vec3{}))+12*len(m.vert32))/n, len(m.verts)+len(m.vert32),
		4*float64(len(m.tris))/n, 4*float64(len(m.vbase))/n, 2*float64(len(m.ids))/n, 4*float64(len(m.idBase))/n,
		float64(len(m.nodes)*int(unsafe.Sizeof(wnode{})))/n, len(m.nodes), float64(tris)/float64(leaves),
		float64(leaves)/float64(len(m.nodes)), m.BytesPerTriangle())
}

// TestLevelBytes logs where the bytes a triangle of the level benchmarks'
// meshes (and without -short the 1M-triangle terrain's) go (bytesParts).
func TestLevelBytes(t *testing.T) {
	for _, lv := range benchLevels() {
		t.Logf("%s: %s", lv.name, NewMesh(lv.tris).bytesParts())
	}
	if !testing.Short() {
		t.Logf("terrain %d: %s", benchCells, NewMesh(terrain(benchCells)).bytesParts())
	}
}
