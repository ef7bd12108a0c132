package engine

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// fakeEnv, when set, makes the test binary act as an engine with the
// misbehaviour it names (see fakeEngine) instead of running the tests.
const fakeEnv = "SWEEPDBG_FAKE_ENGINE"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		os.Exit(fakeEngine(mode))
	}
	os.Exit(m.Run())
}

// fakeRequest is the part of a request the fake engine reads, decoded in
// place by the answer scanner (requests are plain JSON) and reused from
// line to line, like a fast engine's (examples/engines/go).
type fakeRequest struct {
	Op         string
	ID, Mesh   int64
	Vertices   []mgl64.Vec3
	Triangles  [][3]int
	Axes       [3]mgl64.Vec3
	Start, End mgl64.Vec3
	// Capsule is the request's "capsule" field as written, when it has
	// one (the fake echoes it back).
	Capsule []byte
}

// parse decodes one request line; false when it is not a plain request.
func (r *fakeRequest) parse(line []byte) bool {
	*r = fakeRequest{Vertices: r.Vertices[:0], Triangles: r.Triangles[:0], Capsule: r.Capsule[:0]}
	s := newScanner(line)
	s.object(func(key []byte) {
		switch string(key) {
		case "op":
			r.Op = fakeOp(s.str())
		case "id":
			r.ID = int64(s.int())
		case "mesh":
			r.Mesh = int64(s.int())
		case "vertices":
			s.array(func() { r.Vertices = append(r.Vertices, s.vec()) })
		case "triangles":
			s.array(func() { r.Triangles = append(r.Triangles, s.triangle()) })
		case "ellipsoid":
			s.object(func(key []byte) {
				if string(key) != "axes" {
					s.skip(0)
					return
				}
				k := 0
				s.array(func() { r.Axes[k%3], k = s.vec(), k+1 })
			})
		case "capsule":
			from := s.i
			s.skip(0)
			r.Capsule = append(r.Capsule, s.b[from:s.i]...)
		case "start":
			r.Start = s.vec()
		case "end":
			r.End = s.vec()
		default:
			s.skip(0)
		}
	})
	return s.ok && s.end()
}

// fakeOp returns the op's name without allocating.
func fakeOp(b []byte) string {
	for _, op := range []string{"hello", "mesh", "sweep", "slide"} {
		if string(b) == op {
			return op
		}
	}
	return "other"
}

// triangle reads [i,j,k].
func (s *scanner) triangle() [3]int {
	var t [3]int
	k := 0
	s.array(func() { t[k%3], k = s.int(), k+1 })
	return t
}

// fakeEngine speaks the protocol on stdin/stdout with the core as its
// collision code, misbehaving as mode says on the first sweep:
// "good", "exit-start", "exit-mid" (writes to stderr, exits), "hang",
// "notjson", "two" (two lines), "silent" (exits without a word), "long"
// (a line over 1 MiB), "badhello" (protocol 2), "nan" (t: nan), "error"
// ({"error":...}), "array" (a JSON array). Its hello lists no shapes
// (ellipsoids only), except in the modes of fakeHellos.
func fakeEngine(mode string) int {
	if mode == "exit-start" {
		fmt.Fprintln(os.Stderr, "cannot load level")
		return 3
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<16), 64<<20)
	out := bufio.NewWriter(os.Stdout)
	meshes := map[int64]*sweep.Mesh{}
	var r fakeRequest
	var ans []byte
	for in.Scan() {
		if !r.parse(in.Bytes()) {
			fmt.Fprintf(os.Stderr, "bad request: %s\n", in.Bytes())
			return 1
		}
		switch r.Op {
		case "hello":
			if h, ok := fakeHellos[mode]; ok {
				out.WriteString(h + "\n")
			} else if mode == "badhello" {
				out.WriteString(`{"protocol":2,"name":"fake","ops":["sweep"]}` + "\n")
			} else {
				out.WriteString(`{"protocol":1,"name":"fake","ops":["sweep","slide"]}` + "\n")
			}
		case "mesh":
			tris := make([]geom.Triangle, len(r.Triangles))
			for i, t := range r.Triangles {
				tris[i] = geom.Triangle{r.Vertices[t[0]], r.Vertices[t[1]], r.Vertices[t[2]]}
			}
			meshes[r.ID] = sweep.NewMesh(tris)
			out.WriteString(`{"ok":true}` + "\n")
		case "sweep":
			if code, stop := misbehave(mode, out); stop {
				return code
			}
			if len(r.Capsule) > 0 { // echo the capsule as received
				out.WriteString(`{"hit":false,"capsule":` + string(r.Capsule) + "}\n")
				break
			}
			ans = fakeSweep(ans[:0], meshes[r.Mesh], &r)
			out.Write(ans)
		default:
			out.WriteString(`{"error":"only sweeps"}` + "\n")
		}
		out.Flush()
	}
	return 0
}

// fakeHellos are the hello answers of the modes that list shapes.
var fakeHellos = map[string]string{
	"capsules":     `{"protocol":1,"name":"fake","ops":["sweep","slide"],"shapes":["ellipsoid","capsule"]}`,
	"noshapes":     `{"protocol":1,"name":"fake","ops":["sweep"],"shapes":[]}`,
	"sphereshapes": `{"protocol":1,"name":"fake","ops":["sweep"],"shapes":["ellipsoid","sphere\u001b[31m"]}`,
}

// misbehave does mode's misbehaviour on a sweep; stop says exit with code.
func misbehave(mode string, out *bufio.Writer) (code int, stop bool) {
	switch mode {
	case "exit-mid":
		fmt.Fprintln(os.Stderr, "panic: index out of range\ngoroutine 1 [running]")
		return 2, true
	case "silent":
		return 0, true
	case "hang":
		time.Sleep(time.Hour)
	case "notjson":
		out.WriteString("oops \x1b[31mred\n")
	case "two":
		out.WriteString(`{"hit":false}` + "\n")
	case "long":
		out.WriteString(`{"hit":false,"pad":"` + strings.Repeat("x", maxLine) + `"}` + "\n")
	case "nan":
		out.WriteString(`{"hit":true,"t":nan,"point":[0,-inf,Infinity]}` + "\n")
		return 0, false
	case "error":
		out.WriteString(`{"error":"no \"mesh\" here"}` + "\n")
		return 0, false
	case "array":
		out.WriteString("[1,2]\n")
	}
	return 0, false
}

// fakeSweep appends the core's answer to a sweep to dst, with a field the
// protocol does not name (time_us).
func fakeSweep(dst []byte, m *sweep.Mesh, r *fakeRequest) []byte {
	if m == nil {
		return append(dst, `{"error":"unknown mesh"}`+"\n"...)
	}
	h, ok := m.Sweep(sweep.Ellipsoid{Axes: r.Axes}, r.Start, r.End.Sub(r.Start))
	if !ok {
		return append(dst, `{"hit":false}`+"\n"...)
	}
	dst = append(dst, `{"hit":true,"t":`...)
	dst, _ = appendNum(dst, h.T, true)
	dst = append(dst, `,"point":`...)
	dst, _ = appendVec(dst, h.Point, true)
	dst = append(dst, `,"normal":`...)
	dst, _ = appendVec(dst, h.Normal, true)
	dst = append(dst, `,"triangle":`...)
	dst = strconv.AppendInt(dst, int64(h.Triangle), 10)
	dst = append(dst, `,"feature":"`...)
	dst = append(dst, h.Feature.String()...)
	return append(dst, `","time_us":3}`+"\n"...)
}

// fakeCmd is the command line that runs the test binary as a fake engine.
// The mode travels in the environment (see startFake).
func fakeCmd(t testing.TB) string {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return "'" + exe + "' -test.run=^$"
}

// startFake starts the fake engine in mode with the request time limit.
func startFake(t testing.TB, mode string, timeout time.Duration) (*Process, error) {
	// A race-enabled binary sleeps a second at a clean exit unless told not to.
	opt := Options{Timeout: timeout, Env: append(os.Environ(), fakeEnv+"="+mode, "GORACE=atexit_sleep_ms=0")}
	return Start(t.Context(), fakeCmd(t), opt)
}
