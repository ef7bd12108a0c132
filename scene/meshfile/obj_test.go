package meshfile

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/scene"
)

// objEveryForm uses every face form, negative indices, a quad and a
// pentagon, CRLF line ends, tabs, comments and the statements the reader
// skips. The expected triangles below are worked out by hand.
const objEveryForm = "# every face form\r\n" +
	"mtllib scene.mtl\r\n" +
	"o first\n" +
	"v 0 0 0\n" +
	"v 1 0 0\n" +
	"v\t1 1 0   \n" +
	"v 0 1 0 1.0\n" + // a w weight, ignored
	"v 0.1 -2.5e-3 1e2 0.5 0.5 0.5\n" + // vertex colours, ignored
	"vt 0 0\n" +
	"vn 0 0 1\n" +
	"g wall north\n" +
	"f 1 2 3\n" + // t0
	"f 1/1 3/1 4/1\n" + // t1
	"usemtl stone\n" +
	"s off\n" +
	"f 1//1 2//1 4//1\n" + // t2
	"o second\n" +
	"f 1/1/1 2/1/1 3/1/1 4/1/1\n" + // quad: t3, t4
	"f -5 -4 -3 -2 -1\n" + // pentagon, relative: t5, t6, t7
	"v 2 2 2\n" +
	"f -1 -2/1 -3//1\n" + // relative to 6 vertices: t8
	"l 1 2\n" +
	"p 1\n"

func TestReadOBJEveryFaceForm(t *testing.T) {
	o, err := readOBJ(context.Background(), strings.NewReader(objEveryForm), "forms.obj", 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	wantV := []mgl64.Vec3{
		{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0.1, -0.0025, 100}, {2, 2, 2},
	}
	wantT := [][3]int{
		{0, 1, 2},
		{0, 2, 3},
		{0, 1, 3},
		{0, 1, 2}, {0, 2, 3},
		{0, 1, 2}, {0, 2, 3}, {0, 3, 4},
		{5, 4, 3},
	}
	if !reflect.DeepEqual(o.Mesh.Vertices, wantV) {
		t.Errorf("vertices:\n got %v\nwant %v", o.Mesh.Vertices, wantV)
	}
	if !reflect.DeepEqual(o.Mesh.Triangles, wantT) {
		t.Errorf("triangles:\n got %v\nwant %v", o.Mesh.Triangles, wantT)
	}
	wantObjects := []objPart{{"first", 0, 3}, {"second", 3, 9}}
	wantGroups := []objPart{{"wall north", 0, 9}}
	if !reflect.DeepEqual(o.Objects, wantObjects) {
		t.Errorf("objects: got %v, want %v", o.Objects, wantObjects)
	}
	if !reflect.DeepEqual(o.Groups, wantGroups) {
		t.Errorf("groups: got %v, want %v", o.Groups, wantGroups)
	}
}

func TestReadOBJExactFloat64(t *testing.T) {
	// 0.1 is not a float32; a float32 parse would give 0.10000000149011612.
	src := "v 0.1 123456789.123456789 -1e-300\nf 1 1 1\n"
	o, err := readOBJ(context.Background(), strings.NewReader(src), "f.obj", 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := mgl64.Vec3{0.1, 123456789.123456789, -1e-300}
	if o.Mesh.Vertices[0] != want {
		t.Errorf("got %v, want %v", o.Mesh.Vertices[0], want)
	}
}

func TestReadOBJErrors(t *testing.T) {
	three := "v 0 0 0\nv 1 0 0\nv 0 1 0\n"
	cases := []struct{ name, src, want string }{
		{"short vertex", "v 1 2\n", "bad.obj:1: vertex needs 3 coordinates, has 2"},
		{"truncated vertex", three + "v 4 5", "bad.obj:4: vertex needs 3 coordinates, has 2"},
		{"truncated face", three + "f 1 2", "bad.obj:4: face needs at least 3 vertices, has 2"},
		{"NaN", "v 1 2 NaN\n", `bad.obj:1: coordinate "NaN" is not finite`},
		{"Inf", "v 1 -inf 2\n", `bad.obj:1: coordinate "-inf" is not finite`},
		{"overflow", "v 1 2 1e999\n", `bad.obj:1: coordinate "1e999" is out of the float64 range`},
		{"not a number", "v 1 2 x3\n", `bad.obj:1: bad coordinate "x3"`},
		{"index past end", three + "f 1 2 4\n", "bad.obj:4: face index 4 out of range (3 vertices)"},
		{"index zero", three + "f 0 1 2\n", "bad.obj:4: face index 0 out of range (3 vertices)"},
		{"negative past start", three + "f -4 1 2\n", "bad.obj:4: face index -4 out of range (3 vertices)"},
		{"forward reference", "f 1 2 3\n" + three, "bad.obj:1: face index 1 out of range (0 vertices)"},
		{"huge index", three + "f 1 2 99999999999999999999\n", `bad.obj:4: bad face vertex "99999999999999999999"`},
		{"four parts", three + "f 1/1/1/1 2 3\n", `bad.obj:4: bad face vertex "1/1/1/1"`},
		{"letters", three + "f 1a 2 3\n", `bad.obj:4: bad face vertex "1a"`},
		{"bad texture index", three + "f 1/x 2 3\n", `bad.obj:4: bad face vertex "1/x"`},
		{"empty position", three + "f /1 2 3\n", `bad.obj:4: bad face vertex "/1"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := readOBJ(context.Background(), strings.NewReader(c.src), "bad.obj", 0, nil)
			if err == nil || err.Error() != c.want {
				t.Fatalf("got error %v, want %q", err, c.want)
			}
		})
	}
}

func TestReadOBJLongLine(t *testing.T) {
	src := "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3" + strings.Repeat(" 3", 200_000) + "\n"
	o, err := readOBJ(context.Background(), strings.NewReader(src), "long.obj", 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Mesh.Triangles) != 200_001 {
		t.Errorf("got %d triangles, want 200001", len(o.Mesh.Triangles))
	}
}

func TestLoadOBJFileErrors(t *testing.T) {
	dir := t.TempDir()
	_, err := loadOBJ(context.Background(), filepath.Join(dir, "missing.obj"), nil)
	if !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), "missing.obj") {
		t.Errorf("missing file: got %v", err)
	}
	_, err = loadMesh(context.Background(), filepath.Join(dir, "level.fbx"), nil)
	if err == nil || !strings.Contains(err.Error(), `level.fbx: unsupported file type ".fbx"`) {
		t.Errorf("unknown extension: got %v", err)
	}
	empty := filepath.Join(dir, "empty.OBJ")
	if err := os.WriteFile(empty, []byte("# nothing\nv 1 2 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = loadMesh(context.Background(), empty, nil)
	if err == nil || !strings.Contains(err.Error(), "empty.OBJ: no triangles") {
		t.Errorf("no triangles: got %v", err)
	}
}

// terrainHeight is the benchmark terrain of the sweep package's mesh
// benchmarks (sweep/bench_mesh_test.go) and README.md's "Benchmarks":
// h(x, z) = sin(0.05x)*6 + cos(0.07z)*4 + sin(0.3(x+z))*0.8.
func terrainHeight(x, z float64) float64 {
	return float64(math.Sin(float64(0.05*x))*6) + float64(math.Cos(float64(0.07*z))*4) + float64(math.Sin(float64(0.3*(x+z)))*0.8)
}

// writeTerrainOBJ writes the terrain of cells x cells grid cells (vertex
// (i, h(i, j), j), two triangles per cell) as an OBJ file and returns its
// path. cells = 708 gives the benchmark terrain's 1,002,528 triangles.
func writeTerrainOBJ(tb testing.TB, dir string, cells int) string {
	tb.Helper()
	path := filepath.Join(dir, "terrain.obj")
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	var line []byte
	for j := 0; j <= cells; j++ {
		for i := 0; i <= cells; i++ {
			line = append(line[:0], "v "...)
			line = strconv.AppendInt(line, int64(i), 10)
			line = append(line, ' ')
			line = strconv.AppendFloat(line, terrainHeight(float64(i), float64(j)), 'g', -1, 64)
			line = append(line, ' ')
			line = strconv.AppendInt(line, int64(j), 10)
			line = append(line, '\n')
			w.Write(line)
		}
	}
	row := cells + 1
	for j := 0; j < cells; j++ {
		for i := 0; i < cells; i++ {
			a := j*row + i + 1 // 1-based
			b, c, d := a+1, a+row, a+row+1
			for _, tri := range [2][3]int{{a, c, b}, {b, c, d}} {
				line = append(line[:0], 'f')
				for _, k := range tri {
					line = append(line, ' ')
					line = strconv.AppendInt(line, int64(k), 10)
				}
				line = append(line, '\n')
				w.Write(line)
			}
		}
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
	return path
}

func TestLoadOBJTerrain(t *testing.T) {
	cells := 708
	if testing.Short() {
		cells = 60
	}
	path := writeTerrainOBJ(t, t.TempDir(), cells)
	m, err := loadMesh(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	row := cells + 1
	if len(m.Vertices) != row*row || len(m.Triangles) != 2*cells*cells {
		t.Fatalf("got %d vertices, %d triangles; want %d, %d", len(m.Vertices), len(m.Triangles), row*row, 2*cells*cells)
	}
	if cells == 708 && len(m.Triangles) != 1_002_528 {
		t.Fatalf("got %d triangles, want 1002528", len(m.Triangles))
	}
	// Spot checks against the generator's formula ('g', -1 round-trips exactly).
	for _, ij := range [][2]int{{0, 0}, {cells, 0}, {17, cells}, {cells / 2, cells / 3}} {
		i, j := ij[0], ij[1]
		want := mgl64.Vec3{float64(i), terrainHeight(float64(i), float64(j)), float64(j)}
		if got := m.Vertices[j*row+i]; got != want {
			t.Errorf("vertex (%d,%d) = %v, want %v", i, j, got, want)
		}
	}
	a := (cells-1)*row + cells - 1 // the last cell's first corner, 0-based
	if got, want := m.Triangles[len(m.Triangles)-1], [3]int{a + 1, a + row, a + row + 1}; got != want {
		t.Errorf("last triangle %v, want %v", got, want)
	}
}

func TestLoadOBJProgressAndCancel(t *testing.T) {
	path := writeTerrainOBJ(t, t.TempDir(), 200) // 80,000 triangles, about 2.5 MB
	checkProgressAndCancel(t, path, 80_000, 5)
}

// checkProgressAndCancel loads path three times with loadMesh: fully,
// expecting wantTris triangles and at least minReports progress reports
// (see checkProgress); with a context cancelled before the start; and
// cancelling once progress passes 0.3, which must stop the load early with
// an error wrapping context.Canceled and naming the file.
func checkProgressAndCancel(t *testing.T, path string, wantTris, minReports int) {
	t.Helper()
	var got []float64
	m, err := loadMesh(context.Background(), path, func(done float64) { got = append(got, done) })
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Triangles) != wantTris {
		t.Fatalf("got %d triangles, want %d", len(m.Triangles), wantTris)
	}
	checkProgress(t, got, minReports)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := loadMesh(ctx, path, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("already cancelled: got %v", err)
	}

	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	var reports int
	_, err = loadMesh(ctx, path, func(done float64) {
		reports++
		if done > 0.3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), filepath.Base(path)) {
		t.Errorf("cancelled mid-way: got %v", err)
	}
	if reports >= len(got) {
		t.Errorf("cancel did not stop the load early: %d reports, a full load makes %d", reports, len(got))
	}
}

// checkProgress asserts reports are in [0, 1], strictly increasing, at
// least minReports of them, and end at exactly 1.
func checkProgress(t *testing.T, got []float64, minReports int) {
	t.Helper()
	if len(got) < minReports {
		t.Fatalf("only %d progress reports: %v", len(got), got)
	}
	for i, d := range got {
		if d < 0 || d > 1 || (i > 0 && d <= got[i-1]) {
			t.Fatalf("progress not increasing within [0, 1] at %d: %v", i, got)
		}
	}
	if got[len(got)-1] != 1 {
		t.Fatalf("progress ends at %v, want 1", got[len(got)-1])
	}
}

// FuzzOBJ feeds arbitrary bytes to the OBJ reader: it must never panic, and
// whatever it returns must be a valid mesh.
func FuzzOBJ(f *testing.F) {
	f.Add([]byte(objEveryForm))
	f.Add([]byte("v 1 2 3\nv 4 5 6\nv 7 8 9\nf -3/1/2 -2//4 -1/7\n"))
	f.Add([]byte("g a b\no\nv 1e308 -1e308 0x1p-2\nf 1 1 1 1\n"))
	f.Add([]byte("v nan 0 0\nf 0\n"))
	f.Add([]byte("v 1e300 0 0\nv 0 \x1b[2J\x07 0\nPASS\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		o, err := readOBJ(context.Background(), bytes.NewReader(data), "fuzz.obj", int64(len(data)), nil)
		if err != nil {
			checkSafeErr(t, err, "fuzz.obj")
			return
		}
		checkMeshValid(t, o.Mesh)
		for _, parts := range [][]objPart{o.Objects, o.Groups} {
			for _, p := range parts {
				if p.Start < 0 || p.Start > p.End || p.End > len(o.Mesh.Triangles) {
					t.Fatalf("part %+v outside %d triangles", p, len(o.Mesh.Triangles))
				}
			}
		}
	})
}

// checkSafeErr asserts that err is an *Error about file whose message names
// the file and carries nothing a terminal would interpret.
func checkSafeErr(t *testing.T, err error, file string) {
	t.Helper()
	var se *scene.Error
	if !errors.As(err, &se) || se.File != file {
		t.Fatalf("error %v (%T) is not a *scene.Error about %s", err, err, file)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, strings.TrimSuffix((&scene.Error{File: file}).Error(), ": ")) || msg != scene.Printable(msg) {
		t.Fatalf("error %q does not start with the file or holds unescaped characters", msg)
	}
}

// checkMeshValid asserts every index is in range and every coordinate
// finite.
func checkMeshValid(t *testing.T, m scene.Mesh) {
	t.Helper()
	for _, v := range m.Vertices {
		for _, x := range v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				t.Fatalf("non-finite vertex %v", v)
			}
		}
	}
	for _, tri := range m.Triangles {
		for _, i := range tri {
			if i < 0 || i >= len(m.Vertices) {
				t.Fatalf("triangle %v out of range (%d vertices)", tri, len(m.Vertices))
			}
		}
	}
}

// BenchmarkLoadOBJTerrain loads the million-triangle benchmark terrain
// (1,002,528 triangles, about 38 MB) from a file; it must take under 2 s.
func BenchmarkLoadOBJTerrain(b *testing.B) {
	benchmarkLoadMesh(b, writeTerrainOBJ(b, b.TempDir(), 708), 1_002_528)
}

// benchmarkLoadMesh times loadMesh on the file at path, which must hold
// wantTris triangles.
func benchmarkLoadMesh(b *testing.B, path string, wantTris int) {
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(st.Size())
	b.ReportAllocs()
	for b.Loop() {
		m, err := loadMesh(context.Background(), path, nil)
		if err != nil {
			b.Fatal(err)
		}
		if len(m.Triangles) != wantTris {
			b.Fatalf("got %d triangles, want %d", len(m.Triangles), wantTris)
		}
	}
}

// TestOBJFastFloat checks the fast float path against strconv.ParseFloat,
// bit for bit, on random decimals of every length around its limits, and on
// the forms it must leave to strconv.
func TestOBJFastFloat(t *testing.T) {
	n := 100_000
	if testing.Short() {
		n = 10_000
	}
	rng := rand.New(rand.NewPCG(3, 7))
	taken := 0
	for range n {
		if objFastFloatAgrees(t, randomDecimal(rng)) {
			taken++
		}
	}
	if taken < n/4 {
		t.Errorf("fast path taken for only %d of %d decimals", taken, n)
	}
	for _, s := range []string{"", "-", "+", ".", "1e5", "1E5", "inf", "NaN", "0x10", "1_000", "1..2", "--1",
		"9007199254740993", "1.00000000000000000000001", "12345678901234567890"} {
		if _, ok := objFastFloat([]byte(s)); ok {
			t.Errorf("fast path took %q", s)
		}
	}
	for _, s := range []string{"0", "-0", "+0.5", ".5", "5.", "9007199254740992", "0.1", "-123.456", "1234567.891"} {
		if !objFastFloatAgrees(t, s) {
			t.Errorf("fast path declined %q", s)
		}
	}
}

// randomDecimal makes [sign]digits[.digits] with up to 11 digits before
// the point and up to 22 after it.
func randomDecimal(rng *rand.Rand) string {
	var b []byte
	switch rng.IntN(3) {
	case 0:
		b = append(b, '-')
	case 1:
		b = append(b, '+')
	}
	for range rng.IntN(12) {
		b = append(b, byte('0'+rng.IntN(10)))
	}
	if rng.IntN(4) > 0 {
		b = append(b, '.')
		for range rng.IntN(23) {
			b = append(b, byte('0'+rng.IntN(10)))
		}
	}
	return string(b)
}

// objFastFloatAgrees fails unless objFastFloat, when it takes s, gives the
// bits strconv.ParseFloat gives; it reports whether it took s.
func objFastFloatAgrees(t *testing.T, s string) bool {
	t.Helper()
	x, ok := objFastFloat([]byte(s))
	if !ok {
		return false
	}
	want, err := strconv.ParseFloat(s, 64)
	if err != nil || math.Float64bits(x) != math.Float64bits(want) {
		t.Fatalf("%q: fast path %v (%x), strconv %v (%x), %v", s, x, math.Float64bits(x), want, math.Float64bits(want), err)
	}
	return true
}

// FuzzOBJFastFloat: on any input the fast path either declines or agrees
// with strconv bit for bit.
func FuzzOBJFastFloat(f *testing.F) {
	for _, s := range []string{"0.1", "-9007199254740992", "123.4567890123456789012", "+.5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { objFastFloatAgrees(t, s) })
}

// TestOBJOutOfRangeNumbers checks that a coordinate beyond scene.MaxCoordinate
// (finite or not) is reported with its line, not later without one.
func TestOBJOutOfRangeNumbers(t *testing.T) {
	for _, x := range []string{"1e300", "-2e12", "1e999", "12345678901234567890"} {
		src := "v 0 0 0\nv 1 0 0\nv 0 " + x + " 1\nf 1 2 3\n"
		_, err := readOBJ(context.Background(), strings.NewReader(src), "big.obj", int64(len(src)), nil)
		var se *scene.Error
		if !errors.As(err, &se) || se.Line != 3 || !strings.HasPrefix(err.Error(), "big.obj:3: ") {
			t.Errorf("coordinate %s: %v, want an error on big.obj line 3", x, err)
		}
	}
}
