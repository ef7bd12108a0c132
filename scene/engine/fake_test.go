package engine

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
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

// fakeRequest is the part of a request the fake engine reads.
type fakeRequest struct {
	Op        string       `json:"op"`
	ID        int64        `json:"id"`
	Mesh      int64        `json:"mesh"`
	Vertices  []mgl64.Vec3 `json:"vertices"`
	Triangles [][3]int     `json:"triangles"`
	Ellipsoid struct {
		Axes [3]mgl64.Vec3 `json:"axes"`
	} `json:"ellipsoid"`
	Start mgl64.Vec3 `json:"start"`
	End   mgl64.Vec3 `json:"end"`
}

// fakeEngine speaks the protocol on stdin/stdout with the core as its
// collision code, misbehaving as mode says on the first sweep:
// "good", "exit-start", "exit-mid" (writes to stderr, exits), "hang",
// "notjson", "two" (two lines), "silent" (exits without a word), "long"
// (a line over 1 MiB), "badhello" (protocol 2), "nan" (t: nan), "error"
// ({"error":...}), "array" (a JSON array).
func fakeEngine(mode string) int {
	if mode == "exit-start" {
		fmt.Fprintln(os.Stderr, "cannot load level")
		return 3
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<16), 64<<20)
	out := bufio.NewWriter(os.Stdout)
	meshes := map[int64]*sweep.Mesh{}
	for in.Scan() {
		var r fakeRequest
		if err := json.Unmarshal(in.Bytes(), &r); err != nil {
			fmt.Fprintln(os.Stderr, "bad request:", err)
			return 1
		}
		switch r.Op {
		case "hello":
			if mode == "badhello" {
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
			out.Write(fakeSweep(meshes[r.Mesh], &r))
		default:
			out.WriteString(`{"error":"only sweeps"}` + "\n")
		}
		out.Flush()
	}
	return 0
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
		out.WriteString(`{"hit":false,"pad":"` + strings.Repeat("x", MaxLine) + `"}` + "\n")
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

// fakeSweep answers a sweep with the core.
func fakeSweep(m *sweep.Mesh, r *fakeRequest) []byte {
	if m == nil {
		return []byte(`{"error":"unknown mesh"}` + "\n")
	}
	h, ok := m.Sweep(sweep.Ellipsoid{Axes: r.Ellipsoid.Axes}, r.Start, r.End.Sub(r.Start))
	if !ok {
		return []byte(`{"hit":false}` + "\n")
	}
	b := fmt.Appendf(nil, `{"hit":true,"t":%v,"point":[%v,%v,%v],"normal":[%v,%v,%v],"triangle":%d,"feature":%q,"time_us":3}`,
		h.T, h.Point[0], h.Point[1], h.Point[2], h.Normal[0], h.Normal[1], h.Normal[2], h.Triangle, h.Feature)
	return append(b, '\n')
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
