package scene

import (
	"sweepdbg/geom"

	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/sweep"
)

// designExample is the fixture printed in docs/fixture-format.md, byte for
// byte.
const designExample = `{
  "version": 1,
  "name": "crease",
  "mesh": {"vertices": [[0,0,0],[4,0,0],[0,0,4]], "triangles": [[0,1,2]]},
  "ellipsoid": {"axes": [[0.5,0,0],[0,1,0],[0,0,0.5]]},
  "start": [1,3,1],
  "end": [1,-1,1],
  "slide": {"maxIterations": 5, "skin": 0.001},
  "expect": {"hit": true, "t": 0.5, "point": [1,0,1], "normal": [0,1,0],
             "feature": "face", "triangle": 0, "final": [1,1.001,1], "tolerance": 1e-6}
}`

func TestParseDesignExample(t *testing.T) {
	s, err := Parse([]byte(designExample))
	if err != nil {
		t.Fatal(err)
	}
	hit, tt, tri, feat, tol := true, 0.5, 0, "face", 1e-6
	want := &Scene{
		Name:   "crease",
		Mesh:   Mesh{Vertices: []mgl64.Vec3{{0, 0, 0}, {4, 0, 0}, {0, 0, 4}}, Triangles: [][3]int{{0, 1, 2}}},
		Motion: sweep.Motion{Shape: sweep.EllipsoidShape(sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{0.5, 0, 0}, {0, 1, 0}, {0, 0, 0.5}}}), Start: mgl64.Vec3{1, 3, 1}, End: mgl64.Vec3{1, -1, 1}, Slide: sweep.SlideOptions{MaxIterations: 5, Skin: 0.001}},
		Expect: &Expect{Hit: &hit, T: &tt, Point: &mgl64.Vec3{1, 0, 1}, Normal: &mgl64.Vec3{0, 1, 0},
			Feature: &feat, Triangle: &tri, Final: &mgl64.Vec3{1, 1.001, 1}, Tolerance: &tol},
	}
	if !reflect.DeepEqual(s, want) {
		t.Errorf("Parse(docs/fixture-format.md example) =\n%+v\nwant\n%+v", s, want)
	}
}

// TestParseOptionalParts checks that slide, expect and every field of
// expect may be left out, and that what is left out stays nil.
func TestParseOptionalParts(t *testing.T) {
	base := `{"version": 1, "name": "n", "mesh": {"vertices": [], "triangles": []},
		"ellipsoid": {"axes": [[1,0,0],[0,1,0],[0,0,1]]}, "start": [0,0,0], "end": [1,0,0]%s}`
	s, err := Parse([]byte(fmt.Sprintf(base, "")))
	if err != nil {
		t.Fatal(err)
	}
	if !s.Slide.IsZero() || s.Expect != nil || s.Extra != nil {
		t.Errorf("bare fixture: slide %v, expect %v, extra %v; want zero slide, nil expect and extra", s.Slide, s.Expect, s.Extra)
	}
	s, err = Parse([]byte(fmt.Sprintf(base, `, "slide": {}, "expect": {"final": [1,0,0]}`)))
	if err != nil {
		t.Fatal(err)
	}
	e := s.Expect
	if !s.Slide.IsZero() || e.Hit != nil || e.T != nil || e.Point != nil || e.Normal != nil ||
		e.Feature != nil || e.Triangle != nil || e.Tolerance != nil || *e.Final != (mgl64.Vec3{1, 0, 0}) {
		t.Errorf("partial fixture: slide %+v expect %+v; want zero slide and only final", s.Slide, e)
	}
}

// mutate replaces the first occurrence of old in designExample.
func mutate(t *testing.T, old, new string) string {
	t.Helper()
	if !strings.Contains(designExample, old) {
		t.Fatalf("example has no %q", old)
	}
	return strings.Replace(designExample, old, new, 1)
}

func TestParseErrors(t *testing.T) {
	ex := designExample
	cases := []struct {
		name, in, want string
		line           int // expected line of a syntax error; 0 for field errors
	}{
		{"empty", "", "empty file", 0},
		{"blank", " \n\t ", "empty file", 0},
		{"binary", "\x7fELF\x02\x01\x01\x00\x00\x00", "binary data (NUL byte)", 1},
		{"not utf-8", "{\"name\": \"\xff\xfe\"}", "binary data (not UTF-8", 0},
		{"truncated", ex[:len(ex)/2], "unexpected end of JSON input", 8},
		{"trailing garbage", ex + "}", "invalid character '}' after top-level value", 11},
		{"top-level array", "[1, 2]", "want a JSON object at the top level, got array", 0},
		{"top-level null", "null", "want a JSON object, got null", 0},
		{"NaN", mutate(t, `"start": [1,3,1]`, `"start": [NaN,3,1]`), "NaN is not a JSON number", 6},
		{"Infinity", mutate(t, `"end": [1,-1,1]`, `"end": [1,-Infinity,1]`), "-Infinity is not a JSON number", 7},
		{"1e400", mutate(t, `"start": [1,3,1]`, `"start": [1e400,3,1]`), "start[0]: number 1e400 is out of range", 0},
		{"-1e400 in a vertex", mutate(t, `[4,0,0]`, `[4,-1e400,0]`), "mesh.vertices[1][1]: number -1e400 is out of range", 0},
		{"huge", mutate(t, `"end": [1,-1,1]`, `"end": [1,-1,1e300]`), "end[2]: 1e+300 is beyond", 0},
		{"wrong type start", mutate(t, `"start": [1,3,1]`, `"start": "up"`), "start: want an array of 3 numbers, got string", 0},
		{"two numbers", mutate(t, `[4,0,0]`, `[4,0]`), "mesh.vertices[1]: want an array of 3 numbers, got 2 elements", 0},
		{"string number", mutate(t, `[4,0,0]`, `[4,"0",0]`), "mesh.vertices[1][1]: want a number, got string", 0},
		{"index out of range", mutate(t, `[[0,1,2]]`, `[[0,1,40]]`), "mesh.triangles[0][2]: index 40 out of range (3 vertices)", 0},
		{"negative index", mutate(t, `[[0,1,2]]`, `[[0,-1,2]]`), "mesh.triangles[0][1]: index -1 out of range", 0},
		{"fractional index", mutate(t, `[[0,1,2]]`, `[[0,1.5,2]]`), "mesh.triangles[0][1]: want a whole number, got 1.5", 0},
		{"four indices", mutate(t, `[[0,1,2]]`, `[[0,1,2,0]]`), "mesh.triangles[0]: want 3 vertex indices, got 4", 0},
		{"mesh not object", mutate(t, `"mesh": {"vertices": [[0,0,0],[4,0,0],[0,0,4]], "triangles": [[0,1,2]]}`, `"mesh": 3`), "mesh: want an object, got number", 0},
		{"no triangles field", mutate(t, `, "triangles": [[0,1,2]]`, ``), "mesh.triangles: missing", 0},
		{"zero axis", mutate(t, `[0,1,0]`, `[0,0,0]`), "ellipsoid.axes[1]: zero-length axis", 0},
		{"non-orthogonal axes", mutate(t, `[0,1,0]`, `[0.5,1,0]`), "ellipsoid.axes: axes 0 and 1 are not orthogonal", 0},
		{"two axes", mutate(t, `[[0.5,0,0],[0,1,0],[0,0,0.5]]`, `[[0.5,0,0],[0,1,0]]`), "ellipsoid.axes: want 3 axes, got 2", 0},
		{"future version", mutate(t, `"version": 1`, `"version": 3`), "version: fixture format version 3 is newer than this debugger reads (version 2)", 0},
		{"version zero", mutate(t, `"version": 1`, `"version": 0`), "version: invalid version 0", 0},
		{"version string", mutate(t, `"version": 1`, `"version": "1"`), "version: want a number, got string", 0},
		{"no version", mutate(t, `"version": 1,`, ``), "version: missing", 0},
		{"no name", mutate(t, `"name": "crease",`, ``), "name: missing", 0},
		{"empty name", mutate(t, `"name": "crease"`, `"name": ""`), "name: empty", 0},
		{"no start", mutate(t, `"start": [1,3,1],`, ``), "start: missing", 0},
		{"misspelt expect field", mutate(t, `"tolerance"`, `"tolerence"`), "expect.tolerence: unknown field", 0},
		{"unknown feature", mutate(t, `"face"`, `"corner"`), `expect.feature: "corner" is not`, 0},
		{"t beyond 1", mutate(t, `"t": 0.5`, `"t": 1.5`), "expect.t: 1.5 out of range [0, 1]", 0},
		{"expect triangle", mutate(t, `"triangle": 0`, `"triangle": 1`), "expect.triangle: index 1 out of range (1 triangles)", 0},
		{"zero tolerance", mutate(t, `"tolerance": 1e-6`, `"tolerance": 0`), "expect.tolerance: 0 is not positive", 0},
		{"hit false with t", mutate(t, `"hit": true`, `"hit": false`), "expect.t: given, but expect.hit is false", 0},
		{"hit not bool", mutate(t, `"hit": true`, `"hit": 1`), "expect.hit: want true or false, got number", 0},
		{"negative iterations", mutate(t, `"maxIterations": 5`, `"maxIterations": -1`), "slide.maxIterations: -1 out of range", 0},
		{"negative skin", mutate(t, `"skin": 0.001`, `"skin": -0.001`), "slide.skin: -0.001 is negative", 0},
		{"slide unknown", mutate(t, `"skin": 0.001`, `"skim": 0.001`), "slide.skim: unknown field", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := Parse([]byte(c.in))
			if err == nil {
				t.Fatalf("Parse succeeded (%+v), want error %q", s, c.want)
			}
			var se *Error
			if !errors.As(err, &se) {
				t.Fatalf("error %v (%T) is not a *scene.Error", err, err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not contain %q", err, c.want)
			}
			if se.Line != c.line {
				t.Errorf("error %q: line %d, want %d", err, se.Line, c.line)
			}
		})
	}
}

func TestLoadErrorsNameTheFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cases := []struct{ path, want string }{
		{write("empty.json", nil), "empty file"},
		{write("binary.json", []byte{0x89, 'P', 'N', 'G', 0, 0, 0, 13}), "binary data"},
		{write("truncated.json", []byte(designExample[:100])), ":4:62: unexpected end of JSON input"},
		{filepath.Join(dir, "missing.json"), "no such file"},
		{dir, "is a directory"},
	}
	for _, c := range cases {
		_, err := Load(c.path)
		if err == nil || !strings.HasPrefix(err.Error(), c.path+":") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Load(%s) = %v, want an error starting with the path and containing %q", c.path, err, c.want)
		}
	}
}

// TestLoadRefusesHugeFileEarly loads a 200 MB file (sparse, so the test
// writes almost nothing) and checks that it is refused by its size without
// being read: far less than 200 MB is allocated.
func TestLoadRefusesHugeFileEarly(t *testing.T) {
	p := filepath.Join(t.TempDir(), "huge.json")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(designExample[:20]); err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(200 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = Load(p)
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "too large: 200 MiB, the limit is 64 MiB") ||
		!strings.HasPrefix(err.Error(), p) {
		t.Errorf("Load(200 MB file) = %v, want a too-large error naming the file", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
		t.Errorf("Load of a 200 MB file allocated %d bytes, want it refused before reading", alloc)
	}
}

// TestReadLimitedNonRegular checks that a pipe is refused without being
// read (a writer that never closes would otherwise block Load forever).
func TestReadLimitedNonRegular(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	defer r.Close()
	_, err = readLimited(fmt.Sprintf("/dev/fd/%d", r.Fd()), 1000)
	if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "named pipe") {
		t.Errorf("readLimited(pipe) = %v, want ErrNotRegular naming a pipe", err)
	}
}

// randomScene returns a valid scene exercising every part of the format:
// numbers of every magnitude the format allows, optional parts present or
// not, and unknown top-level fields holding any JSON.
func randomScene(r *rand.Rand) *Scene {
	s := &Scene{Name: randomString(r)}
	if s.Name == "" {
		s.Name = "x"
	}
	nv := r.Intn(12)
	s.Mesh.Vertices = make([]mgl64.Vec3, nv)
	for i := range s.Mesh.Vertices {
		s.Mesh.Vertices[i] = randomVec(r)
	}
	s.Mesh.Triangles = make([][3]int, 0)
	for i := r.Intn(12); nv > 0 && i > 0; i-- {
		s.Mesh.Triangles = append(s.Mesh.Triangles, [3]int{r.Intn(nv), r.Intn(nv), r.Intn(nv)})
	}
	s.Shape = randomShape(r)
	s.Start, s.End = randomVec(r), randomVec(r)
	if r.Intn(2) == 0 {
		s.Slide = sweep.SlideOptions{MaxIterations: r.Intn(MaxSlideIterations + 1), Skin: math.Abs(randomNumber(r))}
	}
	if r.Intn(3) > 0 {
		s.Expect = randomExpect(r, len(s.Mesh.Triangles))
	}
	for i := r.Intn(4); i > 0; i-- {
		key := randomString(r)
		if key == "" || isKnownField(key) {
			continue
		}
		if s.Extra == nil {
			s.Extra = map[string]json.RawMessage{}
		}
		raw, _ := json.Marshal(randomJSON(r, 3))
		s.Extra[key] = raw
	}
	return s
}

func randomExpect(r *rand.Rand, ntris int) *Expect {
	e := &Expect{}
	some := func() bool { return r.Intn(2) == 0 }
	hit := r.Intn(3) > 0
	if some() {
		e.Hit = &hit
	}
	if hit {
		if some() {
			t := float64(r.Float64())
			e.T = &t
		}
		if some() {
			v := randomVec(r)
			e.Point = &v
		}
		if some() {
			v := randomVec(r)
			e.Normal = &v
		}
		if some() {
			f := []string{"face", "edge", "vertex"}[r.Intn(3)]
			e.Feature = &f
		}
		if ntris > 0 && some() {
			i := r.Intn(ntris)
			e.Triangle = &i
		}
	}
	if some() {
		v := randomVec(r)
		e.Final = &v
	}
	if some() {
		tol := math.Abs(randomNumber(r)) + 1e-300
		e.Tolerance = &tol
	}
	return e
}

// randomNumber returns a finite number within MaxCoordinate of any
// magnitude: integers, tiny and huge values, negative zero, subnormals.
func randomNumber(r *rand.Rand) float64 {
	switch r.Intn(6) {
	case 0:
		return float64(r.Intn(21) - 10)
	case 1:
		return math.Copysign(0, -1)
	case 2:
		return math.Float64frombits(r.Uint64() & 0x000fffffffffffff) // subnormal
	case 3:
		return float64((float64(float64(r.Float64())*2) - 1) * MaxCoordinate)
	}
	return float64(r.NormFloat64() * math.Pow(10, float64(r.Intn(24)-12)))
}

func randomVec(r *rand.Rand) mgl64.Vec3 {
	return mgl64.Vec3{randomNumber(r), randomNumber(r), randomNumber(r)}
}

// randomEllipsoid returns orthogonal axes in a random orientation with
// lengths between 0.01 and 100.
func randomEllipsoid(r *rand.Rand) sweep.Ellipsoid {
	q := geom.QuatNormalize(mgl64.Quat{W: r.NormFloat64(), V: mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}})
	m := geom.QuatMat4(q).Mat3()
	var e sweep.Ellipsoid
	for i := range e.Axes {
		e.Axes[i] = geom.Scale(m.Col(i), math.Pow(10, float64(r.Float64()*4)-2))
	}
	return e
}

// randomShape returns an ellipsoid, a capsule (half segment zero or in
// any direction, 0.01 to 100 long) or a box in a random orientation, a
// third of the time each. (A half segment whose largest component is
// below about 5.6e-309 is refused by sweep.Capsule.Validate as "not
// finite": sweep's axisLen overflows 1/m for such m; not drawn here.)
func randomShape(r *rand.Rand) sweep.Shape {
	switch r.Intn(3) {
	case 1:
		c := sweep.Capsule{Radius: math.Pow(10, float64(r.Float64()*4)-2)}
		if r.Intn(4) > 0 {
			c.HalfSegment = randomEllipsoid(r).Axes[r.Intn(3)]
		}
		return sweep.CapsuleShape(c)
	case 2:
		return sweep.BoxShape(sweep.Box{Axes: randomEllipsoid(r).Axes})
	}
	return sweep.EllipsoidShape(randomEllipsoid(r))
}

func randomString(r *rand.Rand) string {
	const alphabet = "abcXYZ019 _-.\"\\/\t\néü€😀"
	runes := []rune(alphabet)
	b := make([]rune, r.Intn(8))
	for i := range b {
		b[i] = runes[r.Intn(len(runes))]
	}
	return string(b)
}

// randomJSON returns a random JSON-encodable value nested up to depth.
func randomJSON(r *rand.Rand, depth int) any {
	k := r.Intn(7)
	if depth == 0 {
		k %= 4
	}
	switch k {
	case 0:
		return nil
	case 1:
		return r.Intn(2) == 0
	case 2:
		return randomNumber(r)
	case 3:
		return randomString(r)
	case 4, 5:
		a := make([]any, r.Intn(4))
		for i := range a {
			a[i] = randomJSON(r, depth-1)
		}
		return a
	}
	m := map[string]any{}
	for i := r.Intn(4); i > 0; i-- {
		m[randomString(r)] = randomJSON(r, depth-1)
	}
	return m
}

// TestRoundTripProperty: for random valid scenes, Marshal then Parse (and,
// for every fiftieth, Save then Load from disk) gives back the same scene,
// unknown fields included, and encoding is stable (the second encoding is
// byte-identical to the first).
func TestRoundTripProperty(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 200
	}
	r := rand.New(rand.NewSource(1))
	dir := t.TempDir()
	for i := 0; i < n; i++ {
		s := randomScene(r)
		data, err := s.Marshal()
		if err != nil {
			t.Fatalf("case %d: Marshal(valid scene) = %v", i, err)
		}
		back, err := Parse(data)
		if err != nil {
			t.Fatalf("case %d: Parse(Marshal(s)) = %v\n%s", i, err, data)
		}
		if !reflect.DeepEqual(back, s) {
			t.Fatalf("case %d: round trip changed the scene\nwant %+v\ngot  %+v\n%s", i, s, back, data)
		}
		again, _ := back.Marshal()
		if !bytes.Equal(again, data) {
			t.Fatalf("case %d: second encoding differs\n%s\n%s", i, data, again)
		}
		if i%50 == 0 {
			p := filepath.Join(dir, fmt.Sprintf("s%d.json", i))
			if err := Save(p, s, false); err != nil {
				t.Fatal(err)
			}
			if back, err := Load(p); err != nil || !reflect.DeepEqual(back, s) {
				t.Fatalf("case %d: Save then Load = %+v, %v; want %+v", i, back, err, s)
			}
		}
	}
}

// TestUnknownFieldsKept loads a fixture with fields a later version might
// add, saves it, and checks the file keeps them verbatim (whitespace aside)
// in key order after the known fields.
func TestUnknownFieldsKept(t *testing.T) {
	in := strings.Replace(designExample, `"version": 1,`,
		`"version": 1, "zeta": {"b": [1, 2.50, "x"], "a": null}, "camera": {"eye": [1e3, 2, 3]},`, 1)
	s, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "f.json")
	if err := Save(p, s, false); err != nil {
		t.Fatal(err)
	}
	out, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	cam := strings.Index(text, `"camera": {"eye":[1e3,2,3]}`)
	zeta := strings.Index(text, `"zeta": {"b":[1,2.50,"x"],"a":null}`)
	expect := strings.Index(text, `"expect":`)
	if cam < 0 || zeta < 0 || !(expect < cam && cam < zeta) {
		t.Errorf("saved file does not keep the unknown fields verbatim, sorted, after expect:\n%s", text)
	}
	if !strings.HasSuffix(text, "}\n") || !json.Valid(out) {
		t.Errorf("saved file is not valid JSON ending in a newline:\n%s", text)
	}
}

func TestValidateProgrammaticScenes(t *testing.T) {
	good := func() *Scene {
		s, err := Parse([]byte(designExample))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	cases := []struct {
		name   string
		change func(s *Scene)
		want   string
	}{
		{"NaN vertex", func(s *Scene) { s.Mesh.Vertices[2][1] = math.NaN() }, "mesh.vertices[2][1]: NaN is not allowed"},
		{"Inf start", func(s *Scene) { s.Start[0] = math.Inf(-1) }, "start[0]: -Inf is not allowed"},
		{"Inf axis", func(s *Scene) { s.Ellipsoid.Axes[2][2] = math.Inf(1) }, "ellipsoid.axes[2][2]: +Inf is not allowed"},
		{"thin axis", func(s *Scene) { s.Ellipsoid.Axes[0] = mgl64.Vec3{1e-9, 0, 0} }, "ellipsoid.axes[0]: axis of length 1e-09 is too short"},
		{"nil scene", nil, "no scene"},
		{"known key in extra", func(s *Scene) { s.Extra = map[string]json.RawMessage{"start": []byte("1")} }, "start: a field of the format cannot be kept in Extra"},
		{"bad JSON in extra", func(s *Scene) { s.Extra = map[string]json.RawMessage{"x": []byte("{")} }, "x: not valid JSON"},
		{"too many iterations", func(s *Scene) { s.Slide.MaxIterations = 1001 }, "slide.maxIterations: 1001 out of range"},
	}
	for _, c := range cases {
		s := good()
		if c.change == nil {
			s = nil
		} else {
			c.change(s)
		}
		err := s.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Validate = %v, want %q", c.name, err, c.want)
		}
		if _, err := s.Marshal(); err == nil {
			t.Errorf("%s: Marshal encoded an invalid scene", c.name)
		}
	}
}

// FuzzLoadFixture feeds arbitrary bytes to the loader: it must never
// panic; what it accepts must be valid, encode, and read back the same.
func FuzzLoadFixture(f *testing.F) {
	f.Add([]byte(designExample))
	f.Add([]byte(""))
	f.Add([]byte("{"))
	f.Add([]byte(`{"version": 1, "name": "a", "mesh": {"vertices": [[1e400,0,0]], "triangles": [[0,0,0]]}}`))
	f.Add([]byte(`{"version": 2}`))
	for _, v2 := range shapeFixtures {
		f.Add([]byte(v2))
	}
	f.Add(append([]byte{0xEF, 0xBB, 0xBF}, designExample...))
	f.Add([]byte("\xff\xfe{\x00}\x00"))
	f.Add([]byte("{\"version\": 1, \"expect\": {\"\\u001b[2J\\nPASS\": 1}}"))
	for _, dir := range []string{"testdata", "../assets/scenes"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		for _, p := range files {
			if data, err := os.ReadFile(p); err == nil {
				f.Add(data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(data)
		if err != nil {
			var se *Error
			if !errors.As(err, &se) || err.Error() == "" || err.Error() != Printable(err.Error()) {
				t.Fatalf("error %q (%T) is not a *scene.Error with a safe message", err, err)
			}
			return
		}
		out, err := s.Marshal()
		if err != nil {
			t.Fatalf("accepted scene does not encode: %v", err)
		}
		back, err := Parse(out)
		if err != nil || !reflect.DeepEqual(back, s) {
			t.Fatalf("re-read of the encoding = %+v, %v; want %+v", back, err, s)
		}
	})
}

// TestClone: a clone equals the original and shares nothing with it.
func TestClone(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for i := 0; i < 200; i++ {
		s := randomScene(r)
		s.Expect = randomExpect(r, len(s.Mesh.Triangles))
		s.Slide = sweep.SlideOptions{MaxIterations: 3}
		s.Extra = map[string]json.RawMessage{"k": []byte(`[1]`)}
		before, _ := s.Marshal()
		c := s.Clone()
		if !reflect.DeepEqual(c, s) {
			t.Fatalf("clone differs: %+v vs %+v", c, s)
		}
		for j := range c.Mesh.Vertices {
			c.Mesh.Vertices[j][0]++
		}
		for j := range c.Mesh.Triangles {
			c.Mesh.Triangles[j][0] = 0
		}
		c.Slide.Skin = 1
		c.Extra["k"][1] = '2'
		c.Expect.Final = nil
		if e := c.Expect; e.Hit != nil {
			*e.Hit = !*e.Hit
		}
		if after, _ := s.Marshal(); !bytes.Equal(after, before) {
			t.Fatalf("editing the clone changed the original")
		}
	}
	if (*Scene)(nil).Clone() != nil {
		t.Error("nil.Clone() != nil")
	}
}

// TestStoredGeneratedSceneExplains: the stored form of the generated
// terrain is not a complete fixture, and loading it says what to do.
func TestStoredGeneratedSceneExplains(t *testing.T) {
	p := filepath.Join("..", "assets", "scenes", "terrain.json")
	_, err := Load(p)
	if err == nil || !strings.HasPrefix(err.Error(), p+": generator: ") || !strings.Contains(err.Error(), "debugger export-scene terrain FILE") {
		t.Errorf("Load(%s) = %v, want an error pointing to export-scene", p, err)
	}
}

// BenchmarkParseDenseFixture parses the generated terrain (105800
// triangles) as an exported fixture, about 6.6 MB of JSON.
func BenchmarkParseDenseFixture(b *testing.B) {
	s, err := Builtin("terrain")
	if err != nil {
		b.Fatal(err)
	}
	data, err := s.Marshal()
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Parse(data); err != nil {
			b.Fatal(err)
		}
	}
}

// TestFastScanMatchesGeneralDecoder: on arrays of number triples written in
// varied spacing and notation, the fast scan of mesh.vertices and
// mesh.triangles gives what the general decoder gives, and it gives up
// (leaving the error message to the general decoder) on other shapes.
func TestFastScanMatchesGeneralDecoder(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	spaces := []string{"", " ", "\n  ", "\t"}
	sp := func() string { return spaces[r.Intn(len(spaces))] }
	for i := 0; i < 500; i++ {
		var b strings.Builder
		b.WriteString(sp() + "[")
		n := r.Intn(5)
		for row := 0; row < n; row++ {
			if row > 0 {
				b.WriteString(sp() + ",")
			}
			b.WriteString(sp() + "[")
			for col := 0; col < 3; col++ {
				if col > 0 {
					b.WriteString("," + sp())
				}
				num := []string{"0", "-0", "12", "-3.25", "1e5", "2.5E-3", "-7e+2", "1.0"}[r.Intn(8)]
				b.WriteString(sp() + num + sp())
			}
			b.WriteString("]")
		}
		b.WriteString(sp() + "]" + sp())
		raw := []byte(b.String())
		fast, ok := scanVertices(raw)
		slow, err := decodeVertices(map[string]json.RawMessage{"vertices": raw})
		if !ok || err != nil || len(fast) != len(slow) || (len(fast) > 0 && !reflect.DeepEqual(fast, slow)) {
			t.Fatalf("%q: fast %v %v, general %v %v", raw, fast, ok, slow, err)
		}
	}
	for _, raw := range []string{`[[1,2]]`, `[[1,2,3,4]]`, `[[1,"2",3]]`, `[[1,2,3],]`, `[1,2,3]`, `{}`, `[[1,2,3]] x`, `[[1e400,0,0]]`, `[[1,null,3]]`} {
		if v, ok := scanVertices([]byte(raw)); ok {
			t.Errorf("scanVertices(%q) accepted it: %v", raw, v)
		}
	}
	for _, raw := range []string{`[[1,2,3.5]]`, `[[1,2,1e1]]`, `[[1,2,99999999999999999999]]`} {
		if v, ok := scanIndices([]byte(raw)); ok {
			t.Errorf("scanIndices(%q) accepted it: %v", raw, v)
		}
	}
	if v, ok := scanIndices([]byte(" [ [0, 1 ,2] ,[3,4,5]] ")); !ok || !reflect.DeepEqual(v, [][3]int{{0, 1, 2}, {3, 4, 5}}) {
		t.Errorf("scanIndices = %v, %v", v, ok)
	}
}

func TestDuplicateFields(t *testing.T) {
	cases := map[string]string{
		mutate(t, `"tolerance": 1e-6`, `"tolerance": 1e-6, "hit": false`):              "expect.hit: field given twice",
		mutate(t, `"version": 1,`, `"version": 1, "start": [0,0,0],`):                  "start: field given twice",
		mutate(t, `"version": 1,`, `"version": 1, "x": [{"a": 1}, {"a": 1, "a": 2}],`): "x[1].a: field given twice",
		mutate(t, `"version": 1,`, `"version": 1, "y": {"\u0062": 1, "b": 2},`):        "y.b: field given twice",
		mutate(t, `"triangles"`, `"vertices": [], "triangles"`):                        "mesh.vertices: field given twice",
	}
	for in, want := range cases {
		if _, err := Parse([]byte(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse = %v, want %q", err, want)
		}
	}
	ok := mutate(t, `"version": 1,`, `"version": 1, "x": [{"a": 1}, {"a": 2}], "y": {"a": {"a": 1}}, "z": "\"a\": 1, \"a\": 2",`)
	if _, err := Parse([]byte(ok)); err != nil {
		t.Errorf("equal keys in different objects: %v", err)
	}
}

// FuzzFindDuplicate: on any valid JSON the duplicate finder terminates
// without panicking, and it agrees with a decoder-based check on whether
// the top-level object repeats a key.
func FuzzFindDuplicate(f *testing.F) {
	f.Add([]byte(`{"a": 1, "a": 2}`))
	f.Add([]byte(`[{"a": [1, {"b": 2, "b": 3}]}, "x"]`))
	f.Add([]byte(designExample))
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		path := findDuplicate(data)
		dec := json.NewDecoder(bytes.NewReader(data))
		if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
			return
		}
		seen, dup := map[string]bool{}, ""
		for dec.More() {
			tok, _ := dec.Token()
			key, _ := tok.(string)
			if seen[key] && dup == "" {
				dup = key
			}
			seen[key] = true
			var skip json.RawMessage
			dec.Decode(&skip)
		}
		if dup != "" && path == "" {
			t.Errorf("findDuplicate(%q) found nothing, the top level repeats %q", data, dup)
		}
	})
}

// TestValidateMeshLimits checks that a scene with more than MaxTriangles
// triangles is refused with ErrMeshTooLarge naming the field. The slice's
// length is faked over one real element (Validate looks at the length
// before touching any element), so the test allocates nothing large.
func TestValidateMeshLimits(t *testing.T) {
	s := randomScene(rand.New(rand.NewSource(1)))
	one := [1][3]int{}
	s.Mesh.Triangles = unsafe.Slice(&one[0], MaxTriangles+1)
	err := s.Validate()
	var se *Error
	if !errors.Is(err, ErrMeshTooLarge) || !errors.As(err, &se) || se.Field != "mesh.triangles" {
		t.Errorf("Validate(%d triangles) = %v, want ErrMeshTooLarge on mesh.triangles", MaxTriangles+1, err)
	}
}

// TestParseEncodings checks that a UTF-8 byte order mark is skipped and
// UTF-16 text is refused with a word saying so, not a JSON syntax error.
func TestParseEncodings(t *testing.T) {
	if _, err := Parse(append([]byte{0xEF, 0xBB, 0xBF}, designExample...)); err != nil {
		t.Errorf("Parse(BOM + fixture) = %v, want it read", err)
	}
	u16 := []byte{0xFF, 0xFE}
	for _, r := range designExample {
		u16 = append(u16, byte(r), 0)
	}
	for _, data := range [][]byte{u16, u16[2:]} {
		if _, err := Parse(data); err == nil || !strings.Contains(err.Error(), "UTF-16") {
			t.Errorf("Parse(UTF-16) = %v, want a UTF-16 error", err)
		}
	}
}

// TestParseErrorsQuoteKeys checks that keys from the file reach messages
// quoted: a forged key can carry neither control characters nor a fake
// field path.
func TestParseErrorsQuoteKeys(t *testing.T) {
	for _, key := range []string{"hit\nPASS", "\x1b[2J", "a.b"} {
		k, _ := json.Marshal(key)
		for _, doc := range []string{
			mutate(t, `"expect": {`, `"expect": {`+string(k)+`: 1, `),
			mutate(t, `"expect": {`, `"expect": {`+string(k)+`: 1, `+string(k)+`: 2, `),
		} {
			_, err := Parse([]byte(doc))
			want := "[" + strconv.Quote(key) + "]"
			if err == nil || !strings.Contains(err.Error(), want) || err.Error() != Printable(err.Error()) {
				t.Errorf("Parse(key %q) = %v, want the key as %s", key, err, want)
			}
		}
	}
}

// MarshalWithMesh with the scene's MeshJSON writes what Marshal writes,
// for every built-in scene and for an empty mesh, and still validates the
// rest of the scene.
func TestMarshalWithMesh(t *testing.T) {
	for _, name := range Builtins() {
		s, err := Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		empty := *s
		empty.Mesh, empty.Expect = Mesh{}, nil
		for _, sc := range []*Scene{s, &empty} {
			want, err := sc.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			mesh, err := sc.MeshJSON()
			if err != nil {
				t.Fatal(err)
			}
			got, err := sc.MarshalWithMesh(mesh)
			if err != nil || string(got) != string(want) {
				t.Fatalf("%s: MarshalWithMesh differs from Marshal (%v)", name, err)
			}
		}
		bad := *s
		bad.Name = ""
		if _, err := bad.MarshalWithMesh(nil); err == nil {
			t.Errorf("%s: MarshalWithMesh accepted a scene without a name", name)
		}
	}
}
