package examples

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sweepdbg/internal/testenv"
	"sync"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene/engine"
	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
)

// The floor every hand-derived case uses: one triangle in the plane y = 0,
// sent as mesh 1.
const floorMesh = `{"op":"mesh","id":1,"vertices":[[0,0,0],[4,0,0],[0,0,4]],"triangles":[[0,1,2]]}`

var floorTris = []geom.Triangle{{{0, 0, 0}, {4, 0, 0}, {0, 0, 4}}}

const unitAxes = `{"axes":[[1,0,0],[0,1,0],[0,0,1]]}`

func sweepReq(ellipsoid string, start, end string) string {
	return `{"op":"sweep","mesh":1,"ellipsoid":` + ellipsoid + `,"start":` + start + `,"end":` + end + `}`
}

// sweepCase is a sweep with its hand-derived answer.
type sweepCase struct {
	name       string
	start, end string
	hit        bool
	t          float64
	point      mgl64.Vec3
	normal     mgl64.Vec3
	feature    string
}

// handCases are derived by hand for a unit sphere over the floor:
//
//   - face: the center falls from y = 3 to y = -1 and touches when y = 1,
//     halfway; straight below, (1, 0, 1) is inside the triangle (x + z = 2 <= 4).
//   - edge: at height 0.6 the center moves along +z at x = 2 toward the edge
//     on the x axis; its distance to that line is sqrt(0.36 + z²) = 1 at
//     z = -0.8, after 2.2 of 4 units (t = 0.55), touching (2, 0, 0) with
//     normal (0, 0.6, -0.8). The plane is within reach from the start, but
//     the center's foot (2, 0, -3) is outside the triangle, and the edge
//     comes first.
//   - vertex: along the diagonal from (-3, 0, -3) to (1, 0, 1) the center is
//     1 from the corner (0, 0, 0) at (-1/√2, 0, -1/√2), t = (3 - 1/√2)/4; the
//     edges' lines are 1 away earlier (at c = -1) but outside their segments.
//   - miss: level at y = 3, never within 1 of y = 0.
var handCases = []sweepCase{
	{"face", "[1,3,1]", "[1,-1,1]", true, 0.5, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, 1, 0}, "face"},
	{"edge", "[2,0.6,-3]", "[2,0.6,1]", true, 0.55, mgl64.Vec3{2, 0, 0}, mgl64.Vec3{0, 0.6, -0.8}, "edge"},
	{"vertex", "[-3,0,-3]", "[1,0,1]", true, (3 - math.Sqrt2/2) / 4, mgl64.Vec3{0, 0, 0}, mgl64.Vec3{-math.Sqrt2 / 2, 0, -math.Sqrt2 / 2}, "vertex"},
	{"miss", "[1,3,1]", "[3,3,1]", false, 0, mgl64.Vec3{}, mgl64.Vec3{}, ""},
}

// answer is the union of the fields of every answer.
type answer struct {
	Error    *string     `json:"error"`
	Protocol int         `json:"protocol"`
	Name     string      `json:"name"`
	Ops      []string    `json:"ops"`
	Shapes   []string    `json:"shapes"`
	OK       bool        `json:"ok"`
	Hit      *bool       `json:"hit"`
	T        *float64    `json:"t"`
	Point    *[3]float64 `json:"point"`
	Normal   *[3]float64 `json:"normal"`
	Triangle *int        `json:"triangle"`
	Feature  string      `json:"feature"`
	Final    *[3]float64 `json:"final"`
	Steps    []step      `json:"steps"`
}

type step struct {
	T        float64    `json:"t"`
	Center   [3]float64 `json:"center"`
	Point    [3]float64 `json:"point"`
	Normal   [3]float64 `json:"normal"`
	Triangle int        `json:"triangle"`
}

// engineProc is a running engine with pipes to it.
type engineProc struct {
	t     *testing.T
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Reader
	lines chan string
}

// startEngine starts argv and kills it when the test ends.
func startEngine(t *testing.T, argv ...string) *engineProc {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	e := &engineProc{t: t, cmd: cmd, in: in, out: bufio.NewReader(out), lines: make(chan string, 1)}
	go func() {
		defer close(e.lines)
		for {
			l, err := e.out.ReadString('\n')
			if err != nil {
				if l != "" {
					e.lines <- l
				}
				return
			}
			e.lines <- l
		}
	}()
	t.Cleanup(func() {
		in.Close()
		cmd.Process.Kill()
		cmd.Wait()
	})
	return e
}

// ask sends one request line and returns the one answer line, decoded.
func (e *engineProc) ask(req string) answer {
	e.t.Helper()
	if _, err := io.WriteString(e.in, req+"\n"); err != nil {
		e.t.Fatalf("writing %s: %v", req, err)
	}
	var line string
	select {
	case l, ok := <-e.lines:
		if !ok {
			e.t.Fatalf("engine exited before answering %s", req)
		}
		line = l
	case <-time.After(10 * time.Second):
		e.t.Fatalf("no answer to %s in 10 s", req)
	}
	if !strings.HasSuffix(line, "\n") || strings.Count(line, "\n") != 1 {
		e.t.Fatalf("answer to %s is not one line: %q", req, line)
	}
	var a answer
	dec := json.NewDecoder(strings.NewReader(line))
	if err := dec.Decode(&a); err != nil {
		e.t.Fatalf("answer to %s is not a JSON object: %q: %v", req, line, err)
	}
	if dec.More() {
		e.t.Fatalf("answer to %s has more than one JSON value: %q", req, line)
	}
	return a
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func nearVec(a [3]float64, b mgl64.Vec3, tol float64) bool {
	return near(a[0], b[0], tol) && near(a[1], b[1], tol) && near(a[2], b[2], tol)
}

// checkHello sends hello and checks the answer names the ops.
func checkHello(t *testing.T, e *engineProc, ops ...string) {
	t.Helper()
	a := e.ask(`{"op":"hello","protocol":1}`)
	if a.Error != nil || a.Protocol != 1 || a.Name == "" || strings.Join(a.Ops, ",") != strings.Join(ops, ",") {
		t.Fatalf("hello answer %+v, want protocol 1, a name, ops %v", a, ops)
	}
	if a := e.ask(floorMesh); !a.OK || a.Error != nil {
		t.Fatalf("mesh answer %+v, want ok", a)
	}
}

// checkHandCases runs handCases and compares with the hand-derived answers.
func checkHandCases(t *testing.T, e *engineProc) {
	t.Helper()
	for _, c := range handCases {
		a := e.ask(sweepReq(unitAxes, c.start, c.end))
		if a.Error != nil || a.Hit == nil {
			t.Errorf("%s: answer %+v has no hit", c.name, a)
			continue
		}
		if *a.Hit != c.hit {
			t.Errorf("%s: hit = %v, want %v", c.name, *a.Hit, c.hit)
			continue
		}
		if !c.hit {
			continue
		}
		if a.T == nil || !near(*a.T, c.t, 1e-9) {
			t.Errorf("%s: t = %v, want %v", c.name, a.T, c.t)
		}
		if a.Point == nil || !nearVec(*a.Point, c.point, 1e-9) {
			t.Errorf("%s: point = %v, want %v", c.name, a.Point, c.point)
		}
		if a.Normal == nil || !nearVec(*a.Normal, c.normal, 1e-9) {
			t.Errorf("%s: normal = %v, want %v", c.name, a.Normal, c.normal)
		}
		if a.Triangle == nil || *a.Triangle != 0 || a.Feature != c.feature {
			t.Errorf("%s: triangle %v feature %q, want 0 %q", c.name, a.Triangle, a.Feature, c.feature)
		}
	}
}

// checkErrors checks that bad requests get {"error":...} and the engine
// keeps answering.
func checkErrors(t *testing.T, e *engineProc) {
	t.Helper()
	for _, req := range []string{
		`this is not JSON`,
		`{"op":"sweep","mesh":99,"ellipsoid":` + unitAxes + `,"start":[0,3,0],"end":[0,-3,0]}`,
	} {
		if a := e.ask(req); a.Error == nil || *a.Error == "" {
			t.Errorf("%s: answer %+v, want an error", req, a)
		}
	}
	// Unknown request fields are ignored.
	a := e.ask(`{"op":"sweep","future":{"x":[1,"y",true,null]},"mesh":1,"ellipsoid":` + unitAxes + `,"start":[1,3,1],"end":[1,-1,1]}`)
	if a.Hit == nil || !*a.Hit || a.T == nil || !near(*a.T, 0.5, 1e-9) {
		t.Errorf("with an unknown field: answer %+v, want the face hit at t = 0.5", a)
	}
}

// coreSweep is the exact core's answer on the floor.
func coreSweep(e sweep.Ellipsoid, start, end mgl64.Vec3) (sweep.Hit, bool) {
	return sweep.NewMesh(floorTris).Sweep(e, start, end.Sub(start))
}

// A rotated ellipsoid: semi-axes 2 along (1,1,0)/√2, 0.5 along (-1,1,0)/√2
// and 1 along z. Its half-height is sqrt(2 + 0.125), so falling from
// (2,3,1) it touches the floor at t = (3 - sqrt(2.125))/4.
const rotatedAxes = `{"axes":[[1.4142135623730951,1.4142135623730951,0],[-0.35355339059327373,0.35355339059327373,0],[0,0,1]]}`

var rotated = sweep.Ellipsoid{Axes: [3]mgl64.Vec3{
	{1.4142135623730951, 1.4142135623730951, 0}, {-0.35355339059327373, 0.35355339059327373, 0}, {0, 0, 1}}}

func need(t *testing.T, tool string) string {
	t.Helper()
	p, err := exec.LookPath(tool)
	if err != nil {
		t.Skipf("%s is not installed: skipping (install %s to run this test)", tool, tool)
	}
	return p
}

func build(t *testing.T, argv ...string) {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(argv, " "), err, out)
	}
}

func buildGoEngine(t testing.TB) string {
	bin := filepath.Join(t.TempDir(), "go-engine")
	cmd := exec.Command(testenv.GoTool(), "build", "-o", bin, "./engines/go")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./engines/go: %v\n%s", err, out)
	}
	return bin
}

// TestGoEngine: the Go template answers every hand-derived sweep exactly,
// and its slide along the floor keeps the whole horizontal motion one skin
// above the floor.
func TestGoEngine(t *testing.T) {
	e := startEngine(t, buildGoEngine(t))
	checkHello(t, e, "sweep", "slide")
	checkHandCases(t, e)
	checkErrors(t, e)

	// Slide: from (1,2,1) toward (2,0,1) the center touches y = 1 halfway, at
	// (1.5,1,1) above (1.5,0,1); the rest, (0.5,-1,0), projected on the
	// floor is (0.5,0,0), so it rests at (2, 1 + skin, 1).
	a := e.ask(`{"op":"slide","mesh":1,"ellipsoid":` + unitAxes + `,"start":[1,2,1],"end":[2,0,1],"maxIterations":5,"skin":0.001}`)
	if a.Final == nil || !nearVec(*a.Final, mgl64.Vec3{2, 1.001, 1}, 1e-9) {
		t.Errorf("slide final = %v, want [2 1.001 1]", a.Final)
	}
	if len(a.Steps) != 1 {
		t.Fatalf("slide steps = %+v, want one", a.Steps)
	}
	s := a.Steps[0]
	if !near(s.T, 0.5, 1e-9) || !nearVec(s.Center, mgl64.Vec3{1.5, 1, 1}, 1e-9) ||
		!nearVec(s.Point, mgl64.Vec3{1.5, 0, 1}, 1e-9) || !nearVec(s.Normal, mgl64.Vec3{0, 1, 0}, 1e-9) {
		t.Errorf("slide step = %+v, want t 0.5 center [1.5 1 1] point [1.5 0 1] normal [0 1 0]", s)
	}

	// A mesh re-sent under a new id replaces nothing: both ids answer.
	if a := e.ask(`{"op":"mesh","id":2,"vertices":[[0,5,0],[4,5,0],[0,5,4]],"triangles":[[0,1,2]]}`); !a.OK {
		t.Fatalf("second mesh: %+v", a)
	}
	if a := e.ask(`{"op":"sweep","mesh":2,"ellipsoid":` + unitAxes + `,"start":[1,3,1],"end":[1,-1,1]}`); a.Hit == nil || *a.Hit {
		t.Errorf("mesh 2 (a roof at y = 5) falling down: %+v, want a miss", a)
	}
	// An ellipsoid with non-orthogonal axes is an error, not a crash.
	if a := e.ask(sweepReq(`{"axes":[[1,0,0],[1,1,0],[0,0,1]]}`, "[1,3,1]", "[1,-1,1]")); a.Error == nil {
		t.Errorf("non-orthogonal axes: %+v, want an error", a)
	}
	checkGoShapes(t, e)
}

// checkGoShapes: the Go template lists every shape in its hello and
// answers a capsule and a box request as the core's Mesh.Cast and
// SlideShape answer the same shape (so the request's shape reached them
// whole); a request with two shapes, or a capsule with a negative radius,
// is an {"error"} answer.
func checkGoShapes(t *testing.T, e *engineProc) {
	t.Helper()
	if a := e.ask(`{"op":"hello","protocol":1}`); strings.Join(a.Shapes, ",") != "ellipsoid,capsule,box" {
		t.Errorf("hello shapes %v, want ellipsoid, capsule, box", a.Shapes)
	}
	if a := e.ask(floorMesh); !a.OK {
		t.Fatalf("mesh after the second hello: %+v", a)
	}
	start, end := mgl64.Vec3{1, 3, 1}, mgl64.Vec3{1, -1, 1}
	core := sweep.NewMesh(floorTris)
	for _, c := range []struct {
		field string
		shape sweep.Shape
	}{
		{`"capsule":{"radius":0.5,"halfSegment":[0,1,0]}`, sweep.CapsuleShape(sweep.Capsule{Radius: 0.5, HalfSegment: mgl64.Vec3{0, 1, 0}})},
		{`"box":{"axes":[[0.5,0,0],[0,0.75,0],[0,0,0.25]]}`, sweep.BoxShape(sweep.Box{Axes: [3]mgl64.Vec3{{0.5, 0, 0}, {0, 0.75, 0}, {0, 0, 0.25}}})},
	} {
		a := e.ask(`{"op":"sweep","mesh":1,` + c.field + `,"start":[1,3,1],"end":[1,-1,1]}`)
		h, ok := core.Cast(c.shape, start, end.Sub(start))
		if a.Error != nil || a.Hit == nil || *a.Hit != ok || ok && (a.T == nil || *a.T != h.T) {
			t.Errorf("%s: sweep answer %+v, want the core's (hit %v, t %v)", c.shape.Kind, a, ok, h.T)
		}
		a = e.ask(`{"op":"slide","mesh":1,` + c.field + `,"start":[1,2,1],"end":[2,0,1]}`)
		want := core.SlideShape(c.shape, mgl64.Vec3{1, 2, 1}, mgl64.Vec3{2, 0, 1}, sweep.SlideOptions{})
		if a.Error != nil || a.Final == nil || *a.Final != [3]float64(want.Final) || len(a.Steps) != len(want.Steps) {
			t.Errorf("%s: slide answer %+v, want the core's %+v", c.shape.Kind, a, want)
		}
	}
	for _, req := range []string{
		`{"op":"sweep","mesh":1,"capsule":{"radius":-1,"halfSegment":[0,1,0]},"start":[1,3,1],"end":[1,-1,1]}`,
		`{"op":"sweep","mesh":1,"capsule":{"radius":1,"halfSegment":[0,1,0]},"ellipsoid":` + unitAxes + `,"start":[1,3,1],"end":[1,-1,1]}`,
	} {
		if a := e.ask(req); a.Error == nil {
			t.Errorf("%s: answer %+v, want an error", req, a)
		}
	}
}

// TestPythonEngine: the Python template answers every hand-derived sweep,
// a start touching the floor at t = 0, and a rotated ellipsoid as the exact
// core does.
func TestPythonEngine(t *testing.T) {
	py := need(t, "python3")
	e := startEngine(t, py, "engines/python/engine.py")
	checkHello(t, e, "sweep")
	checkHandCases(t, e)
	checkErrors(t, e)

	// The unit sphere at (1,0.5,1) already overlaps the floor: t = 0.
	if a := e.ask(sweepReq(unitAxes, "[1,0.5,1]", "[1,-1,1]")); a.Hit == nil || !*a.Hit || a.T == nil || *a.T != 0 {
		t.Errorf("start overlapping the floor: %+v, want t = 0", a)
	}
	want, ok := coreSweep(rotated, mgl64.Vec3{2, 3, 1}, mgl64.Vec3{2, -1, 1})
	if !ok || !near(want.T, (3-math.Sqrt(2.125))/4, 1e-12) {
		t.Fatalf("core on the rotated ellipsoid: %+v %v, want t = (3 - sqrt(2.125))/4", want, ok)
	}
	a := e.ask(sweepReq(rotatedAxes, "[2,3,1]", "[2,-1,1]"))
	if a.Hit == nil || !*a.Hit || a.T == nil || !near(*a.T, want.T, 1e-9) || a.Point == nil || !nearVec(*a.Point, want.Point, 1e-9) {
		t.Errorf("rotated ellipsoid: %+v, want t %v point %v", a, want.T, want.Point)
	}
	if a := e.ask(`{"op":"slide","mesh":1,"ellipsoid":` + unitAxes + `,"start":[1,2,1],"end":[2,0,1]}`); a.Error == nil {
		t.Errorf("slide to a sweep-only engine: %+v, want an error", a)
	}
}

// TestCEngine: the naive C engine gets the hand-derived sweeps right, slides
// with its fixed 0.01 nudge, and disagrees with the exact core where the
// course's method is naive: a start in contact and a rotated ellipsoid.
func TestCEngine(t *testing.T) {
	cc := need(t, "cc")
	bin := filepath.Join(t.TempDir(), "naive")
	build(t, cc, "-O2", "-std=c99", "-Wall", "-Wextra", "-Werror", "-o", bin, "engines/c/naive.c", "-lm")
	e := startEngine(t, bin)
	checkHello(t, e, "sweep", "slide")
	checkHandCases(t, e)
	checkErrors(t, e)

	// The same slide as the Go engine's, but the nudge is 0.01 whatever the
	// skin: it rests at (2, 1.01, 1).
	a := e.ask(`{"op":"slide","mesh":1,"ellipsoid":` + unitAxes + `,"start":[1,2,1],"end":[2,0,1],"maxIterations":5,"skin":0.001}`)
	if a.Final == nil || !nearVec(*a.Final, mgl64.Vec3{2, 1.01, 1}, 1e-9) || len(a.Steps) != 1 ||
		!nearVec(a.Steps[0].Center, mgl64.Vec3{1.5, 1, 1}, 1e-9) {
		t.Errorf("slide: %+v, want final [2 1.01 1] and one step at [1.5 1 1]", a)
	}

	// Deliberately wrong 1: a start overlapping the floor is "already
	// inside" and not reported at t = 0 (the exact core says t = 0).
	want, ok := coreSweep(sweep.Sphere(1), mgl64.Vec3{1, 0.5, 1}, mgl64.Vec3{1, -1, 1})
	if !ok || want.T != 0 {
		t.Fatalf("core: %+v %v, want t = 0", want, ok)
	}
	if a := e.ask(sweepReq(unitAxes, "[1,0.5,1]", "[1,-1,1]")); a.Hit != nil && *a.Hit && a.T != nil && *a.T == 0 {
		t.Errorf("start in contact: %+v; the naive engine should miss t = 0 here (is it still naive?)", a)
	}
	// Deliberately wrong 2: a rotated ellipsoid is swept as if unrotated,
	// with radii (2, 0.5, 1): it touches when y = 0.5, t = 0.625.
	want, _ = coreSweep(rotated, mgl64.Vec3{2, 3, 1}, mgl64.Vec3{2, -1, 1})
	a = e.ask(sweepReq(rotatedAxes, "[2,3,1]", "[2,-1,1]"))
	if a.T == nil || !near(*a.T, 0.625, 1e-9) || near(*a.T, want.T, 1e-4) {
		t.Errorf("rotated ellipsoid: t = %v, want the naive 0.625 (the exact core says %v)", a.T, want.T)
	}
}

// demoShapes are the shapes the capture demos write, query by query: the
// unit sphere falls, moves level, the player (wrong on purpose), the
// sphere slides, a capsule falls, a box falls, the capsule slides.
var demoShapes = func() []sweep.Shape {
	sphere := sweep.EllipsoidShape(sweep.Sphere(1))
	player := sweep.EllipsoidShape(sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{0.5, 0, 0}, {0, 1, 0}, {0, 0, 0.5}}})
	body := sweep.CapsuleShape(sweep.Capsule{Radius: 0.5, HalfSegment: mgl64.Vec3{0, 1, 0}})
	crate := sweep.BoxShape(sweep.Box{Axes: [3]mgl64.Vec3{{0.5, 0, 0}, {0, 0.75, 0}, {0, 0, 0.25}}})
	return []sweep.Shape{sphere, sphere, player, sphere, body, crate, body}
}()

// checkCapture checks a demo capture: one JSON object per line, read back
// by the debugger's capture reader (engine.CaptureReader) with every
// query's shape as the demo wrote it (demoShapes: ellipsoids, a capsule and
// a box), a frame and a label on each, and the answers judged against the
// exact core with the engine tolerance: all right but the deliberate one
// (line 4), the right ones equal to the core's t or slide final.
func checkCapture(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) == 0 || data[len(data)-1] != '\n' {
		t.Fatalf("%s: empty or not ending in a newline", path)
	}
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		var obj map[string]json.RawMessage
		dec := json.NewDecoder(strings.NewReader(line))
		if err := dec.Decode(&obj); err != nil || dec.More() || !strings.HasPrefix(line, "{") {
			t.Fatalf("%s:%d: not one JSON object: %v: %s", path, i+1, err, line)
		}
	}
	r := engine.NewCaptureReader(bytes.NewReader(data))
	var n int
	var wrong []int
	for {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if n >= len(demoShapes) {
			t.Fatalf("%s:%d: more queries than the demo writes (%d)", path, rec.Line, len(demoShapes))
		}
		if rec.Query.Shape != demoShapes[n] {
			t.Errorf("%s:%d: shape read back as %+v, the demo wrote %+v", path, rec.Line, rec.Query.Shape, demoShapes[n])
		}
		n++
		if !rec.HasFrame || rec.Label == "" {
			t.Errorf("%s:%d: frame %v label %q, want both", path, rec.Line, rec.HasFrame, rec.Label)
		}
		if v := rec.Judge(judge.Judge{}); v.State != judge.Agrees {
			wrong = append(wrong, rec.Line)
			continue
		}
		q, got := rec.Query, rec.Answer.Answer
		if rec.Op == engine.OpSlide {
			want := q.Mesh.Core.SlideShape(q.Shape, q.Start, q.End, q.Slide)
			if !nearVec([3]float64(got.Slide.Final), want.Final, 1e-9) {
				t.Errorf("%s:%d: slide final %v, the core's %v", path, rec.Line, got.Slide.Final, want.Final)
			}
			continue
		}
		h, ok := q.Mesh.Core.Cast(q.Shape, q.Start, q.Delta())
		if got.Hit != ok || ok && !near(got.First.T, h.T, 1e-9) {
			t.Errorf("%s:%d: sweep hit %v t %v, the core's %v %v", path, rec.Line, got.Hit, got.First.T, ok, h.T)
		}
	}
	if n != len(demoShapes) || len(wrong) != 1 || wrong[0] != 4 {
		t.Errorf("%s: %d queries, wrong on lines %v; want %d and exactly line 4 (the deliberate one)", path, n, wrong, len(demoShapes))
	}
}

// debuggerBin is the debugger, built once for the capture replays.
var debuggerBin = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "examples-debugger-")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "debugger")
	if out, err := exec.Command(testenv.GoTool(), "build", "-o", bin, "../cmd/debugger").CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ../cmd/debugger: %v\n%s", err, out)
	}
	return bin, nil
})

// checkReplay replays a demo capture with the debugger: exit 1, its seven
// queries (ellipsoids, a capsule and a box) read, and exactly one wrong
// line, the deliberate one (line 4).
func checkReplay(t *testing.T, capture string) {
	t.Helper()
	bin, err := debuggerBin()
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "replay", capture).Output()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("debugger replay %s: %v, want exit 1\n%s", capture, err, out)
	}
	if n := strings.Count(string(out), "WRONG "); n != 1 || !strings.Contains(string(out), "WRONG "+capture+":4 ") ||
		!strings.Contains(string(out), capture+": 7 queries, 1 wrong") {
		t.Errorf("debugger replay %s:\n%s\nwant exactly one wrong line, line 4", capture, out)
	}
}

// TestCaptureC builds and runs the C capture demo and checks its output.
func TestCaptureC(t *testing.T) {
	cc := need(t, "cc")
	dir := t.TempDir()
	bin := filepath.Join(dir, "demo")
	build(t, cc, "-O2", "-std=c99", "-Wall", "-Wextra", "-Werror", "-o", bin, "capture/c/demo.c")
	out := filepath.Join(dir, "demo.jsonl")
	build(t, bin, out)
	checkCapture(t, out)
	checkReplay(t, out)
}

// TestCapturePython runs the Python capture demo and checks its output.
func TestCapturePython(t *testing.T) {
	py := need(t, "python3")
	out := filepath.Join(t.TempDir(), "demo.jsonl")
	build(t, py, "capture/python/capture.py", out)
	checkCapture(t, out)
	checkReplay(t, out)
}

// BenchmarkGoEngineRoundTrip measures one sweep request and its answer
// through the Go template over pipes.
func BenchmarkGoEngineRoundTrip(b *testing.B) {
	cmd := exec.Command(buildGoEngine(b))
	in, _ := cmd.StdinPipe()
	outPipe, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() { in.Close(); cmd.Process.Kill(); cmd.Wait() }()
	out := bufio.NewReader(outPipe)
	ask := func(req string) string {
		io.WriteString(in, req+"\n")
		l, err := out.ReadString('\n')
		if err != nil {
			b.Fatal(err)
		}
		return l
	}
	ask(`{"op":"hello","protocol":1}`)
	ask(floorMesh)
	req := sweepReq(unitAxes, "[1,3,1]", "[1,-1,1]")
	b.ResetTimer()
	for range b.N {
		if l := ask(req); !strings.Contains(l, `"t":0.5`) {
			b.Fatal(l)
		}
	}
}

// buildFauerby compiles the Fauerby-style engine warning-free (the bugs
// are switched on by its --bug argument).
func buildFauerby(t *testing.T) string {
	t.Helper()
	cc := need(t, "cc")
	bin := filepath.Join(t.TempDir(), "fauerby")
	build(t, cc, "-O2", "-std=c99", "-Wall", "-Wextra", "-Werror", "-o", bin, "engines/c/fauerby.c", "-lm")
	return bin
}

// debugger runs the debugger with args and returns its exit status and
// standard output.
func debugger(t *testing.T, args ...string) (int, string) {
	t.Helper()
	bin, err := debuggerBin()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, string(out)
	case errors.As(err, &exit):
		return exit.ExitCode(), string(out)
	}
	t.Fatalf("debugger %v: %v\n%s", args, err, stderr.String())
	return 0, ""
}

// fauerbyHunt is a short hunt of the engine command with a fixed seed and
// case budget, its fixtures in a new directory.
func fauerbyHunt(t *testing.T, engine string) (int, string) {
	t.Helper()
	return debugger(t, "hunt", "--engine", engine, "--cases", "3000", "--seed", "1", "--jobs", "1", "--out", t.TempDir())
}

// findingFixture is the fixture of the summary table's row of kind, ""
// when there is none.
func findingFixture(summary, kind string) string {
	for _, line := range strings.Split(summary, "\n") {
		if rest, ok := strings.CutPrefix(line, kind+"  "); ok {
			f := strings.Fields(rest)
			return f[len(f)-1]
		}
	}
	return ""
}

// TestFauerbyEngine: the Fauerby-style engine without its bugs answers the
// hand-derived sweeps exactly, a start in contact at t = 0, and a short
// hunt finds nothing.
func TestFauerbyEngine(t *testing.T) {
	bin := buildFauerby(t)
	e := startEngine(t, bin)
	checkHello(t, e, "sweep")
	checkHandCases(t, e)
	checkErrors(t, e)
	if a := e.ask(sweepReq(unitAxes, "[1,0.5,1]", "[1,-1,1]")); a.Hit == nil || !*a.Hit || a.T == nil || *a.T != 0 {
		t.Errorf("start overlapping the floor: %+v, want t = 0", a)
	}
	want, _ := coreSweep(rotated, mgl64.Vec3{2, 3, 1}, mgl64.Vec3{2, -1, 1})
	if a := e.ask(sweepReq(rotatedAxes, "[2,3,1]", "[2,-1,1]")); a.T == nil || !near(*a.T, want.T, 1e-9) {
		t.Errorf("rotated ellipsoid: %+v, want t %v", a, want.T)
	}
	if code, out := fauerbyHunt(t, bin); code != 0 || !strings.Contains(out, "no findings") {
		t.Errorf("hunt of the fixed engine: exit %d\n%s\nwant exit 0, no findings", code, out)
	}
}

// TestFauerbyBugs: each planted bug alone is found by a short hunt under
// its telling kind; the shrunk fixture fails on the buggy engine and
// passes on the fixed one.
func TestFauerbyBugs(t *testing.T) {
	bin := buildFauerby(t)
	for _, c := range []struct {
		bug   string
		kinds []string // the finding must be one of these
	}{
		{"touching", []string{"fauerby-c: miss (at start)", "fauerby-c: t (at start)"}},
		{"edge", []string{"fauerby-c: feature edge->vertex"}},
	} {
		buggy := bin + " --bug " + c.bug
		code, out := fauerbyHunt(t, buggy)
		fixture := ""
		for _, k := range c.kinds {
			if fixture = findingFixture(out, k); fixture != "" {
				break
			}
		}
		if code != 1 || fixture == "" {
			t.Errorf("bug %s: exit %d\n%s\nwant exit 1 and a finding of kind %q", c.bug, code, out, c.kinds)
			continue
		}
		if code, out := debugger(t, "replay", "--engine", buggy, fixture); code != 1 || !strings.Contains(out, "FAIL") {
			t.Errorf("bug %s: replay on the buggy engine: exit %d\n%s\nwant exit 1, FAIL", c.bug, code, out)
		}
		if code, out := debugger(t, "replay", "--engine", bin, fixture); code != 0 || strings.Contains(out, "FAIL") {
			t.Errorf("bug %s: replay on the fixed engine: exit %d\n%s\nwant exit 0", c.bug, code, out)
		}
	}
}

// TestTemplateBugs: the Go and Python templates' planted bugs (-bug
// edge-normal, --bug one-sided) are each found by a short hunt under the
// kind that tells what is wrong, and the finding replays red against the
// buggy engine and green against the template as shipped: the walk
// through in engines/README.md.
func TestTemplateBugs(t *testing.T) {
	goBin := buildGoEngine(t)
	py := need(t, "python3")
	pyEngine := py + " engines/python/engine.py"
	for _, c := range []struct {
		fixed, bug string
		kinds      []string
	}{
		{goBin, " -bug edge-normal", []string{"go-template: normal (edge)", "go-template: normal (vertex)"}},
		{pyEngine, " --bug one-sided", []string{"python-template: miss (face)", "python-template: miss (edge)"}},
	} {
		buggy := c.fixed + c.bug
		code, out := debugger(t, "hunt", "--engine", buggy, "--cases", "1500", "--seed", "1", "--jobs", "1", "--out", t.TempDir())
		fixture := ""
		for _, k := range c.kinds {
			if fixture = findingFixture(out, k); fixture != "" {
				break
			}
		}
		if code != 1 || fixture == "" {
			t.Errorf("%s: exit %d\n%s\nwant exit 1 and a finding of kind %q", buggy, code, out, c.kinds)
			continue
		}
		if code, out := debugger(t, "replay", "--engine", buggy, fixture); code != 1 || !strings.Contains(out, "FAIL") {
			t.Errorf("%s: replay on the buggy engine: exit %d\n%s\nwant exit 1, FAIL", buggy, code, out)
		}
		if code, out := debugger(t, "replay", "--engine", c.fixed, fixture); code != 0 || strings.Contains(out, "FAIL") {
			t.Errorf("%s: replay on the template: exit %d\n%s\nwant exit 0", c.fixed, code, out)
		}
	}
}
