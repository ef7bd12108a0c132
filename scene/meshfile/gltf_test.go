package meshfile

import (
	"sweepdbg/geom"

	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"sweepdbg/scene"
)

// le packs float32 and uint32 values little-endian, as glTF buffers are.
func le(values ...any) []byte {
	var b bytes.Buffer
	for _, v := range values {
		if err := binary.Write(&b, binary.LittleEndian, v); err != nil {
			panic(err)
		}
	}
	return b.Bytes()
}

// quadBin holds a unit square in the x-z plane, (0,0,0) (1,0,0) (1,0,1)
// (0,0,1), as 48 bytes of float32 positions followed by 12 bytes of uint16
// indices 0 1 2 0 2 3.
var quadBin = le(
	[]float32{0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1},
	[]uint16{0, 1, 2, 0, 2, 3},
)

// quadDoc is a glTF document over quadBin: node 0 (translation (10,0,0),
// scale 2) has child node 1 (rotated 90 degrees about +y) holding mesh 0, an
// indexed quad plus a POINTS primitive to skip; node 2 (a matrix
// translating by (0,5,0)) holds mesh 1, the first three corners not
// indexed. Node 3 is in scene 1 only.
func quadDoc(uri string) map[string]any {
	s := math.Sqrt(0.5)
	return map[string]any{
		"asset":  map[string]any{"version": "2.0"},
		"scene":  0,
		"scenes": []any{map[string]any{"nodes": []int{0, 2}}, map[string]any{"nodes": []int{3}}},
		"nodes": []any{
			map[string]any{"translation": []float64{10, 0, 0}, "scale": []float64{2, 2, 2}, "children": []int{1}},
			map[string]any{"rotation": []float64{0, s, 0, s}, "mesh": 0},
			map[string]any{"matrix": []float64{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 5, 0, 1}, "mesh": 1},
			map[string]any{"translation": []float64{0, 0, 7}, "mesh": 1},
		},
		"meshes": []any{
			map[string]any{"primitives": []any{
				map[string]any{"attributes": map[string]int{"POSITION": 0}, "indices": 1},
				map[string]any{"attributes": map[string]int{"POSITION": 0}, "mode": 0},
			}},
			map[string]any{"primitives": []any{map[string]any{"attributes": map[string]int{"POSITION": 2}}}},
		},
		"accessors": []any{
			map[string]any{"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3"},
			map[string]any{"bufferView": 1, "componentType": 5123, "count": 6, "type": "SCALAR"},
			map[string]any{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3"},
		},
		"bufferViews": []any{
			map[string]any{"buffer": 0, "byteLength": 48},
			map[string]any{"buffer": 0, "byteOffset": 48, "byteLength": 12},
		},
		"buffers": []any{map[string]any{"uri": uri, "byteLength": 60}},
	}
}

// quadWant is quadDoc's default scene, worked out by hand: a rotation of
// 90 degrees about +y takes (x, y, z) to (z, y, -x); then scale 2, then
// translate by (10, 0, 0). Mesh 1 is only translated by (0, 5, 0).
var quadWant = scene.Mesh{
	Vertices: []mgl64.Vec3{
		{10, 0, 0}, {10, 0, -2}, {12, 0, -2}, {12, 0, 0},
		{0, 5, 0}, {1, 5, 0}, {1, 5, 1},
	},
	Triangles: [][3]int{{0, 1, 2}, {0, 2, 3}, {4, 5, 6}},
}

// writeGLTF writes doc as dir/name (JSON) and the given files beside it,
// returning the .gltf path.
func writeGLTF(t *testing.T, dir, name string, doc map[string]any, files map[string][]byte) string {
	t.Helper()
	js, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	for n, b := range files {
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, js, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// checkMeshNear compares meshes, vertices to within a distance of 1e-12.
func checkMeshNear(t *testing.T, got, want scene.Mesh) {
	t.Helper()
	if len(got.Vertices) != len(want.Vertices) || len(got.Triangles) != len(want.Triangles) {
		t.Fatalf("got %d vertices %d triangles, want %d and %d:\n%v", len(got.Vertices), len(got.Triangles),
			len(want.Vertices), len(want.Triangles), got)
	}
	for i, v := range got.Vertices {
		if geom.Len(v.Sub(want.Vertices[i])) > 1e-12 {
			t.Errorf("vertex %d = %v, want %v", i, v, want.Vertices[i])
		}
	}
	for i, tri := range got.Triangles {
		if tri != want.Triangles[i] {
			t.Errorf("triangle %d = %v, want %v", i, tri, want.Triangles[i])
		}
	}
}

func TestLoadGLTFWithBin(t *testing.T) {
	dir := t.TempDir()
	path := writeGLTF(t, dir, "quad.gltf", quadDoc("quad%20data.bin"), map[string][]byte{"quad data.bin": quadBin})
	var reports []float64
	m, err := loadMesh(context.Background(), path, func(d float64) { reports = append(reports, d) })
	if err != nil {
		t.Fatal(err)
	}
	checkMeshNear(t, m, quadWant)
	checkProgress(t, reports, 3)
}

func TestLoadGLTFDataURIs(t *testing.T) {
	for _, mime := range []string{"application/octet-stream", "application/gltf-buffer"} {
		uri := "data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(quadBin)
		path := writeGLTF(t, t.TempDir(), "embedded.gltf", quadDoc(uri), nil)
		m, err := loadGLTF(context.Background(), path, nil)
		if err != nil {
			t.Fatalf("%s: %v", mime, err)
		}
		checkMeshNear(t, m, quadWant)
	}
}

func TestLoadGLTFSceneChoice(t *testing.T) {
	// Scene 1 holds node 3: mesh 1 translated by (0, 0, 7).
	doc := quadDoc("q.bin")
	doc["scene"] = 1
	want := scene.Mesh{Vertices: []mgl64.Vec3{{0, 0, 7}, {1, 0, 7}, {1, 0, 8}}, Triangles: [][3]int{{0, 1, 2}}}
	m, err := loadGLTF(context.Background(), writeGLTF(t, t.TempDir(), "s.gltf", doc, map[string][]byte{"q.bin": quadBin}), nil)
	if err != nil {
		t.Fatal(err)
	}
	checkMeshNear(t, m, want)

	// No scenes: every root node (0, 2, 3) in order.
	doc = quadDoc("q.bin")
	delete(doc, "scene")
	delete(doc, "scenes")
	want = scene.Mesh{Vertices: append(append([]mgl64.Vec3{}, quadWant.Vertices...), want.Vertices...),
		Triangles: append(append([][3]int{}, quadWant.Triangles...), [3]int{7, 8, 9})}
	m, err = loadGLTF(context.Background(), writeGLTF(t, t.TempDir(), "s.gltf", doc, map[string][]byte{"q.bin": quadBin}), nil)
	if err != nil {
		t.Fatal(err)
	}
	checkMeshNear(t, m, want)

	// No nodes: every mesh as it is; mesh 0's points are still skipped.
	delete(doc, "nodes")
	want = scene.Mesh{Vertices: []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {1, 0, 1}, {0, 0, 1}, {0, 0, 0}, {1, 0, 0}, {1, 0, 1}},
		Triangles: [][3]int{{0, 1, 2}, {0, 2, 3}, {4, 5, 6}}}
	m, err = loadGLTF(context.Background(), writeGLTF(t, t.TempDir(), "s.gltf", doc, map[string][]byte{"q.bin": quadBin}), nil)
	if err != nil {
		t.Fatal(err)
	}
	checkMeshNear(t, m, want)
}

func TestLoadGLTFStripFanAndQuantized(t *testing.T) {
	// Positions as normalized bytes (VEC3 of bytes is padded to 4): signed
	// -127 and -128 both give -1, 127 gives 1; unsigned 255 gives 1.
	sbytes := []int8{-128, 0, 127, 0, 127, 0, -127, 0, 0, 0, 0, 0, 0, 127, 0, 0}
	ubytes := []uint8{255, 0, 0, 0, 0, 255, 0, 0, 0, 0, 255, 0, 51, 0, 0, 0}
	bin := le(sbytes, ubytes)
	doc := map[string]any{
		"asset": map[string]any{"version": "2.0"},
		"nodes": []any{map[string]any{"mesh": 0}},
		"meshes": []any{map[string]any{"primitives": []any{
			map[string]any{"attributes": map[string]int{"POSITION": 0}, "mode": 5}, // strip
			map[string]any{"attributes": map[string]int{"POSITION": 1}, "mode": 6}, // fan
		}}},
		"accessors": []any{
			map[string]any{"bufferView": 0, "componentType": 5120, "normalized": true, "count": 4, "type": "VEC3"},
			map[string]any{"bufferView": 1, "componentType": 5121, "normalized": true, "count": 4, "type": "VEC3"},
		},
		"bufferViews": []any{
			map[string]any{"buffer": 0, "byteLength": 16},
			map[string]any{"buffer": 0, "byteOffset": 16, "byteLength": 16},
		},
		"buffers": []any{map[string]any{"uri": "q.bin", "byteLength": 32}},
	}
	m, err := loadGLTF(context.Background(), writeGLTF(t, t.TempDir(), "sf.gltf", doc, map[string][]byte{"q.bin": bin}), nil)
	if err != nil {
		t.Fatal(err)
	}
	// 51/255 is 0.2, rounded to float32 like every loaded position
	// (roundFloat32), as a GPU would dequantize it.
	want := scene.Mesh{
		Vertices: []mgl64.Vec3{{-1, 0, 1}, {1, 0, -1}, {0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {float64(float32(0.2)), 0, 0}},
		// strip: (0 1 2), then (1 3 2) flipped; fan: (1 2 0), (2 3 0).
		Triangles: [][3]int{{0, 1, 2}, {1, 3, 2}, {5, 6, 4}, {6, 7, 4}},
	}
	checkMeshNear(t, m, want)
}

// writeGLB writes a .glb with the gltf library's encoder: mesh 0 is the
// given triangles, held by node 1, a child of node 0. Node 0 has a matrix
// (scale x by 3, then translate by (1, 2, 3)); node 1 translates by
// (0, 0, -1).
func writeGLB(t testing.TB, path string, pos [][3]float32, idx []uint32) {
	t.Helper()
	doc := gltf.NewDocument()
	p := modeler.WritePosition(doc, pos)
	i := modeler.WriteIndices(doc, idx)
	doc.Meshes = []*gltf.Mesh{{Primitives: []*gltf.Primitive{{Attributes: gltf.PrimitiveAttributes{gltf.POSITION: p}, Indices: gltf.Index(i)}}}}
	doc.Nodes = []*gltf.Node{
		{Matrix: [16]float64{3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1}, Children: []int{1},
			Rotation: gltf.DefaultRotation, Scale: gltf.DefaultScale},
		{Mesh: gltf.Index(0), Translation: [3]float64{0, 0, -1}, Matrix: gltf.DefaultMatrix,
			Rotation: gltf.DefaultRotation, Scale: gltf.DefaultScale},
	}
	doc.Scenes[0].Nodes = []int{0}
	if err := gltf.SaveBinary(doc, path); err != nil {
		t.Fatal(err)
	}
}

func TestLoadGLB(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tri.glb")
	writeGLB(t, path, [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0.5, 0.25, 2}}, []uint32{0, 1, 2, 1, 3, 2})
	m, err := loadMesh(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	// x' = 3x + 1, y' = y + 2, z' = (z - 1) + 3.
	want := scene.Mesh{
		Vertices:  []mgl64.Vec3{{1, 2, 2}, {4, 2, 2}, {1, 3, 2}, {2.5, 2.25, 4}},
		Triangles: [][3]int{{0, 1, 2}, {1, 3, 2}},
	}
	checkMeshNear(t, m, want)
}

// TestLoadGLTFHostile loads malformed and hostile files: each must give an
// error naming the file and the field, never a panic, and never read
// outside the folder or fetch anything.
func TestLoadGLTFHostile(t *testing.T) {
	// The secret is a perfectly good buffer: were it read, the load would
	// succeed, so the error itself shows it was not.
	top := t.TempDir()
	secret := filepath.Join(top, "secret.bin")
	if err := os.WriteFile(secret, quadBin, 0o644); err != nil {
		t.Fatal(err)
	}
	opens := watchOpens(t, secret)
	var fetched atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fetched.Add(1)
		w.Write(quadBin)
	}))
	defer srv.Close()

	nan := le([]float32{0, 0, 0, float32(math.NaN()), 0, 0, 1, 0, 1, 0, 0, 1}, []uint16{0, 1, 2, 0, 2, 3})
	badIndex := le([]float32{0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1}, []uint16{0, 1, 2, 0, 2, 9})
	set := setDoc
	cases := []struct {
		name  string
		doc   map[string]any
		files map[string][]byte
		want  string
	}{
		{"truncated bin", quadDoc("q.bin"), map[string][]byte{"q.bin": quadBin[:50]},
			`buffers[0]: byteLength is 60 but "q.bin" has only 50 bytes`},
		{"bad index", quadDoc("q.bin"), map[string][]byte{"q.bin": badIndex},
			"meshes[0].primitives[0]: indices: accessors[1]: index 9 at 5 out of range (4 vertices)"},
		{"NaN coordinate", quadDoc("q.bin"), map[string][]byte{"q.bin": nan},
			"meshes[0].primitives[0]: POSITION: accessors[0]: position 1 is not finite"},
		{"missing buffer", quadDoc("gone.bin"), nil, `buffers[0].uri "gone.bin"`},
		{"parent path", quadDoc("../../secret.bin"), nil, `buffers[0].uri "../../secret.bin": refers outside the file's folder`},
		{"escaped parent path", quadDoc("%2E%2E/%2e%2e/secret.bin"), nil, "refers outside the file's folder"},
		{"backslashes", quadDoc(`..\..\secret.bin`), nil, "refers outside the file's folder"},
		{"inner parent path", quadDoc("x/../../../secret.bin"), nil, "refers outside the file's folder"},
		{"absolute path", quadDoc(secret), nil, "refers outside the file's folder"},
		{"escaped absolute path", quadDoc(strings.ReplaceAll(secret, "/", "%2F")), nil, "refers outside the file's folder"},
		{"windows drive", quadDoc(`C:\secret.bin`), nil, `scheme "c" refused`},
		{"file URI", quadDoc("file://" + secret), nil, `scheme "file" refused`},
		{"http", quadDoc(srv.URL + "/q.bin"), nil, `buffers[0].uri "` + srv.URL + `/q.bin": scheme "http" refused`},
		{"https", quadDoc("https://example.com/q.bin"), nil, `scheme "https" refused`},
		{"network path", quadDoc("//example.com/q.bin"), nil, "network address refused"},
		{"image outside", set(quadDoc("q.bin"), "buffers", 0, "uri", "q.bin"), map[string][]byte{"q.bin": quadBin}, ""}, // replaced below
		{"huge count", set(quadDoc("q.bin"), "accessors", 1, "count", 3<<31), map[string][]byte{"q.bin": quadBin},
			"accessors[1]: 6442450944 elements of 2 bytes (stride 2) from byteOffset 0 do not fit in the 12 bytes of bufferViews[1]"},
		{"huge count no view", set(set(quadDoc("q.bin"), "accessors", 2, "count", 3<<31), "accessors", 2, "bufferView", nil),
			map[string][]byte{"q.bin": quadBin}, "meshes[1].primitives[0]: POSITION: accessors[2]: 6442450944 elements but no bufferView"},
		{"huge buffer", set(quadDoc("q.bin"), "buffers", 0, "byteLength", 1<<50), map[string][]byte{"q.bin": quadBin},
			"buffers[0].byteLength 1125899906842624: too large"},
		{"view outside buffer", set(quadDoc("q.bin"), "bufferViews", 1, "byteOffset", 50), map[string][]byte{"q.bin": quadBin},
			"bufferViews[1]: bytes 50 to 50+12 are outside buffers[0] (60 bytes)"},
		{"negative count", set(quadDoc("q.bin"), "accessors", 0, "count", -1), map[string][]byte{"q.bin": quadBin},
			"accessors[0].count -1 is negative"},
		{"bad stride", set(quadDoc("q.bin"), "bufferViews", 0, "byteStride", 1<<40), map[string][]byte{"q.bin": quadBin},
			"bufferViews[0].byteStride 1099511627776 is invalid"},
		{"sparse", set(quadDoc("q.bin"), "accessors", 0, "sparse", map[string]any{"count": 1}), map[string][]byte{"q.bin": quadBin},
			"accessors[0].sparse: sparse accessors are not supported"},
		{"wrong type", set(quadDoc("q.bin"), "accessors", 0, "type", "VEC2"), map[string][]byte{"q.bin": quadBin},
			"POSITION: accessors[0].type is VEC2, want VEC3"},
		{"accessor out of range", set(quadDoc("q.bin"), "meshes", 0, "primitives", []any{map[string]any{"attributes": map[string]int{"POSITION": 3}}}),
			map[string][]byte{"q.bin": quadBin}, "accessor 3 out of range (3 accessors)"},
		{"null accessor", set(quadDoc("q.bin"), "meshes", 1, "primitives", []any{map[string]any{"attributes": map[string]int{"POSITION": 3}}}),
			map[string][]byte{"q.bin": quadBin}, ""}, // replaced below
		{"node cycle", set(quadDoc("q.bin"), "nodes", 1, "children", []int{0}), map[string][]byte{"q.bin": quadBin},
			"nodes[1].children[0]: nodes[0] is reached twice"},
		{"node out of range", set(quadDoc("q.bin"), "nodes", 1, "children", []int{99}), map[string][]byte{"q.bin": quadBin},
			"nodes[1].children[0]: node 99 out of range (4 nodes)"},
		{"not affine", set(quadDoc("q.bin"), "nodes", 2, "matrix", []float64{1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 5, 0, 1}),
			map[string][]byte{"q.bin": quadBin}, "nodes[2]: matrix is not affine"},
		{"transform overflow", set(set(quadDoc("q.bin"), "nodes", 0, "scale", []float64{1e308, 1e308, 1e308}), "nodes", 0, "translation", []float64{1e308, 0, 0}),
			map[string][]byte{"q.bin": quadBin}, "after the node transform"},
		{"draco", quadDoc("q.bin"), map[string][]byte{"q.bin": quadBin}, ""},                                              // replaced below
		{"missing scene", set(quadDoc("q.bin"), "scenes", 0, "nodes", []int{0}), map[string][]byte{"q.bin": quadBin}, ""}, // replaced below
		{"no position", set(quadDoc("q.bin"), "meshes", 1, "primitives", []any{map[string]any{"attributes": map[string]int{"NORMAL": 0}}}),
			map[string][]byte{"q.bin": quadBin}, "meshes[1].primitives[0]: no POSITION attribute"},
	}
	// Cases that need more than one change.
	for i := range cases {
		switch cases[i].name {
		case "image outside":
			cases[i].doc["images"] = []any{map[string]any{"uri": "../secret.png"}}
			cases[i].want = `images[0].uri "../secret.png": refers outside the file's folder`
		case "null accessor":
			cases[i].doc["accessors"] = append(cases[i].doc["accessors"].([]any), nil)
			cases[i].want = "meshes[1].primitives[0]: POSITION: accessors[3]: null"
		case "draco":
			cases[i].doc["extensionsRequired"] = []string{"KHR_materials_unlit", "KHR_draco_mesh_compression"}
			cases[i].want = `extensionsRequired[1]: extension "KHR_draco_mesh_compression" is not supported`
		case "missing scene":
			cases[i].doc["scene"] = 5
			cases[i].want = "scene: scene 5 out of range (2 scenes)"
		}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(top, "levels", strings.ReplaceAll(c.name, " ", "_")) // ../../ is top
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			path := writeGLTF(t, dir, "level.gltf", c.doc, c.files)
			_, err := loadMesh(context.Background(), path, nil)
			if err == nil {
				t.Fatal("loaded without error")
			}
			if errors.Is(err, errGLTFPanic) {
				t.Fatalf("panicked: %v", err)
			}
			if !strings.HasPrefix(err.Error(), path+": ") || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got error\n  %v\nwant one starting with the file name and containing\n  %s", err, c.want)
			}
		})
	}
	if n := fetched.Load(); n != 0 {
		t.Errorf("the loader fetched %d URLs", n)
	}
	if n := opens(); n != 0 {
		t.Errorf("the secret outside the folder was opened or read %d times", n)
	}
}

func TestLoadGLTFSymlinkOutOfFolder(t *testing.T) {
	top := t.TempDir()
	if err := os.WriteFile(filepath.Join(top, "secret.bin"), quadBin, 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(top, "level")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(top, "secret.bin"), filepath.Join(dir, "q.bin")); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	path := writeGLTF(t, dir, "level.gltf", quadDoc("q.bin"), nil)
	opens := watchOpens(t, filepath.Join(top, "secret.bin"))
	_, err := loadGLTF(context.Background(), path, nil)
	if n := opens(); n != 0 {
		t.Errorf("the secret outside the folder was opened or read %d times", n)
	}
	if err == nil || !strings.Contains(err.Error(), `buffers[0].uri "q.bin"`) || !strings.Contains(err.Error(), "escapes") {
		t.Fatalf("got %v, want a refusal of the link leading out of the folder", err)
	}
}

func TestLoadGLBMalformed(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.glb")
	writeGLB(t, good, [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, []uint32{0, 1, 2})
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	patched := func(off int, v uint32) []byte {
		b := bytes.Clone(data)
		binary.LittleEndian.PutUint32(b[off:], v)
		return b
	}
	jsonLen := int(binary.LittleEndian.Uint32(data[12:]))
	binHeader := 20 + jsonLen
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"truncated header", data[:10], "GLB: truncated header"},
		{"truncated", data[:len(data)-5], "GLB: header length"},
		{"version", patched(4, 1), "GLB: version 1, want 2"},
		{"json chunk too long", patched(12, 1<<31), "GLB: chunk length 2147483648 but only"},
		{"bin chunk too long", patched(binHeader, 1<<31), "GLB: chunk length 2147483648 but only"},
		{"bin shorter than buffer", patched(binHeader, 8), "buffers[0]: byteLength is"},
		{"first chunk not json", patched(16, 0x004E4942), "GLB: first chunk has type"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, "bad.glb")
			if err := os.WriteFile(path, c.data, 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := loadMesh(context.Background(), path, nil)
			if err == nil || errors.Is(err, errGLTFPanic) || !strings.HasPrefix(err.Error(), path+": ") ||
				!strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error containing %q", err, c.want)
			}
		})
	}
}

// writeTerrainGLB writes the terrain of writeTerrainOBJ as a .glb.
func writeTerrainGLB(t testing.TB, path string, cells int) {
	row := cells + 1
	pos := make([][3]float32, 0, row*row)
	for j := range row {
		for i := range row {
			pos = append(pos, [3]float32{float32(i), float32(terrainHeight(float64(i), float64(j))), float32(j)})
		}
	}
	idx := make([]uint32, 0, 6*cells*cells)
	for j := range cells {
		for i := range cells {
			a := uint32(j*row + i)
			b, c, d := a+1, a+uint32(row), a+uint32(row)+1
			idx = append(idx, a, c, b, b, c, d)
		}
	}
	writeGLB(t, path, pos, idx)
}

func TestLoadGLTFProgressAndCancel(t *testing.T) {
	path := filepath.Join(t.TempDir(), "terrain.glb")
	writeTerrainGLB(t, path, 300) // 180,000 triangles, about 3.3 MB
	checkProgressAndCancel(t, path, 180_000, 3)
}

// FuzzGLTF parses arbitrary bytes as a .gltf or .glb document in memory,
// through the same path loadGLTF takes after reading the file (external
// buffers are refused, data URIs and the BIN chunk are read): no panic, an
// error is a safe *Error naming the file, and any mesh returned is valid.
// Nothing is written to disk, so it runs thousands of inputs a second.
func FuzzGLTF(f *testing.F) {
	for _, doc := range []map[string]any{quadDoc("q.bin"), quadDoc("data:;base64," + base64.StdEncoding.EncodeToString(quadBin))} {
		js, err := json.Marshal(doc)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(js)
	}
	glb := filepath.Join(f.TempDir(), "seed.glb")
	writeGLB(f, glb, [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, []uint32{0, 1, 2})
	seed, err := os.ReadFile(glb)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	f.Add([]byte("glTF\x02\x00\x00\x00\x02\x00\x00\x00")) // header length below the header
	f.Fuzz(func(t *testing.T, data []byte) {
		l := &gltfLoader{ctx: context.Background(), path: "fuzz.glb"}
		if err := l.parse(data); err != nil {
			checkSafeErr(t, err, "fuzz.glb")
			return
		}
		checkMeshValid(t, l.mesh)
	})
}

// BenchmarkLoadGLBTerrain loads the million-triangle terrain as a .glb.
func BenchmarkLoadGLBTerrain(b *testing.B) {
	path := filepath.Join(b.TempDir(), "terrain.glb")
	writeTerrainGLB(b, path, 708)
	benchmarkLoadMesh(b, path, 1_002_528)
}

// setDoc sets doc[key][i][field] to v and returns doc.
func setDoc(doc map[string]any, key string, i int, field string, v any) map[string]any {
	doc[key].([]any)[i].(map[string]any)[field] = v
	return doc
}

// loadAllocs loads path with loadMesh and returns the error and the bytes
// allocated meanwhile.
func loadAllocs(t *testing.T, path string) (error, uint64) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := loadMesh(context.Background(), path, nil)
	runtime.ReadMemStats(&after)
	return err, after.TotalAlloc - before.TotalAlloc
}

// sparseFile writes head at the start of a file of size bytes, the rest a
// hole, so that a test can make a 40 GB file without writing it.
func sparseFile(t *testing.T, path string, head []byte, size int64) {
	t.Helper()
	if err := os.WriteFile(path, head, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, size); err != nil {
		t.Skipf("no sparse file of %d bytes here: %v", size, err)
	}
}

// TestLoadGLTFHugeFiles checks that files and buffers far over
// scene.MaxFileBytes, or accessors asking for more than the file holds, are
// refused by their declared or real sizes with a typed error naming the
// file, before anything of that size is allocated.
func TestLoadGLTFHugeFiles(t *testing.T) {
	dir := t.TempDir()
	const huge = 40 << 30
	glbHead := binary.LittleEndian.AppendUint32([]byte("glTF\x02\x00\x00\x00"), 0xFFFFFFF0)
	bigGLB := filepath.Join(dir, "big.glb")
	sparseFile(t, bigGLB, glbHead, huge)
	sparseFile(t, filepath.Join(dir, "big.bin"), nil, huge)
	write := func(name string, doc map[string]any) string {
		js, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, js, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	set := setDoc
	declared := set(quadDoc("big.bin"), "buffers", 0, "byteLength", huge)
	noView := set(set(quadDoc("data:;base64,"+base64.StdEncoding.EncodeToString(quadBin)), "accessors", 1, "count", 1<<30), "accessors", 1, "bufferView", nil)
	cases := []struct {
		path string
		want error
		msg  string
	}{
		{bigGLB, scene.ErrTooLarge, "40960 MiB, the limit is 1024 MiB"},
		{write("declared.gltf", declared), scene.ErrTooLarge, "buffers[0].byteLength 42949672960: too large"},
		{write("real.gltf", quadDoc("big.bin")), scene.ErrTooLarge, `buffers[0].uri "big.bin": too large`},
		{write("noview.gltf", noView), nil, "accessors[1]: 1073741824 elements but no bufferView"},
	}
	for _, c := range cases {
		err, alloc := loadAllocs(t, c.path)
		if err == nil || (c.want != nil && !errors.Is(err, c.want)) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("loadMesh(%s) = %v, want %v containing %q", filepath.Base(c.path), err, c.want, c.msg)
			continue
		}
		checkSafeErr(t, err, c.path)
		if alloc > 1<<20 {
			t.Errorf("loadMesh(%s) allocated %d bytes, want it refused before reading", filepath.Base(c.path), alloc)
		}
	}
}

// TestLoadErrorsEscapeFileText checks that text from a file (an extension
// name, a coordinate) and a hostile file name reach an error message
// escaped, and that a very long path is shortened.
func TestLoadErrorsEscapeFileText(t *testing.T) {
	dir := t.TempDir()
	forge := "\x1b[2J\x07\b\nPASS ok"
	gl := filepath.Join(dir, "ext.gltf")
	doc := quadDoc("q.bin")
	doc["extensionsRequired"] = []string{forge}
	js, _ := json.Marshal(doc)
	if err := os.WriteFile(gl, js, 0o644); err != nil {
		t.Fatal(err)
	}
	obj := filepath.Join(dir, "bad\x1b]0;title\x07.obj")
	if err := os.WriteFile(obj, []byte("v 0 0 0\nv 1 0 "+forge+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	long := filepath.Join(dir, strings.Repeat("d/", 10000)+"x.obj")
	for _, p := range []string{gl, obj, long} {
		err, _ := loadAllocs(t, p)
		if err == nil {
			t.Fatalf("loadMesh(%q) succeeded", p)
		}
		checkSafeErr(t, err, p)
		if msg := err.Error(); strings.ContainsAny(msg, "\x1b\x07\b\n") || len(msg) > 1000 {
			t.Errorf("loadMesh(%q) error %q is not escaped and short", p, msg)
		}
	}
}

// TestLoadGLTFWorldIsFloat32 loads the quad under a node rotated 30 degrees
// about +z and translated by (0.1, 0, 0): the float64 products are not
// float32 values, and each loaded coordinate must be the float32 nearest
// the product (worked out here from cos 30 = sqrt(3)/2 and sin 30 = 1/2),
// exactly, not merely near it.
func TestLoadGLTFWorldIsFloat32(t *testing.T) {
	doc := quadDoc("q.bin")
	half := math.Pi / 12 // the quaternion of a 30-degree turn holds sin and cos of 15 degrees
	doc["nodes"] = []any{map[string]any{"translation": []float64{0.1, 0, 0},
		"rotation": []float64{0, 0, math.Sin(half), math.Cos(half)}, "mesh": 1}}
	doc["scenes"] = []any{map[string]any{"nodes": []int{0}}}
	m, err := loadGLTF(context.Background(), writeGLTF(t, t.TempDir(), "r.gltf", doc, map[string][]byte{"q.bin": quadBin}), nil)
	if err != nil {
		t.Fatal(err)
	}
	c, s := math.Sqrt(3)/2, 0.5
	local := []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {1, 0, 1}}
	if len(m.Vertices) != len(local) {
		t.Fatalf("got %d vertices, want %d", len(m.Vertices), len(local))
	}
	for i, p := range local {
		exact := mgl64.Vec3{0.1 + c*p[0] - s*p[1], s*p[0] + c*p[1], p[2]}
		for k, x := range m.Vertices[i] {
			if float64(float32(x)) != x {
				t.Errorf("vertex %d coordinate %d = %v is not a float32", i, k, x)
			}
			// The quaternion's rounding moves the product by about 1e-16,
			// far less than half a float32 step (3e-9 near 0.1): the
			// nearest float32 is the same.
			if want := float64(float32(exact[k])); x != want {
				t.Errorf("vertex %d coordinate %d = %v, want %v (float32 of %v)", i, k, x, want, exact[k])
			}
		}
	}
}
