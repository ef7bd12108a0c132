package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// fakeEngineEnv, when set, makes the test binary act as a live engine
// (fakeEngine) instead of running the tests: engines without a shell or a
// compiler, on every system.
const fakeEngineEnv = "SWEEPDBG_CMD_FAKE_ENGINE"

// fakeEngineCmd is the --engine command line that runs the test binary as
// a fake engine in mode, with args after it (which tell variants apart).
func fakeEngineCmd(t *testing.T, mode string, args ...string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(fakeEngineEnv, "1")
	t.Setenv("GORACE", "atexit_sleep_ms=0") // a race-enabled binary sleeps at exit otherwise
	return strings.Join(append([]string{shellQuote(exe), "-test.run=^$", mode}, args...), " ")
}

// fakeRequest is a request as the fake engine reads it.
type fakeRequest struct {
	Op        string
	ID, Mesh  int64
	Vertices  []mgl64.Vec3
	Triangles [][3]int
	Ellipsoid struct{ Axes [3]mgl64.Vec3 }
	Start     mgl64.Vec3
	End       mgl64.Vec3
	Slide     sweep.SlideOptions
}

// UnmarshalJSON reads the slide options too.
func (r *fakeRequest) UnmarshalJSON(b []byte) error {
	type plain fakeRequest
	var opt struct {
		MaxIterations int
		Skin          float64
	}
	if err := json.Unmarshal(b, (*plain)(r)); err != nil {
		return err
	}
	err := json.Unmarshal(b, &opt)
	r.Slide = sweep.SlideOptions{MaxIterations: opt.MaxIterations, Skin: opt.Skin}
	return err
}

// fakeEngine speaks the engine protocol with the core as its collision
// code, in mode (the first argument after the test binary's flag):
// "good"; "wrong", whose sweeps touch at half the exact t; "extra", which
// writes a second line after every slide answer; "exit", which exits
// before its hello; "crash", which exits when asked its third sweep. It
// returns the exit status.
func fakeEngine(mode string) int {
	if mode == "exit" {
		fmt.Fprintln(os.Stderr, "cannot load level")
		return 3
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<16), 64<<20)
	out := json.NewEncoder(os.Stdout) // unbuffered: each answer goes out whole
	var mesh *sweep.Mesh
	sweeps := 0
	for in.Scan() {
		var r fakeRequest
		if err := json.Unmarshal(in.Bytes(), &r); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		switch r.Op {
		case "hello":
			out.Encode(map[string]any{"protocol": 1, "name": "fake-" + mode, "ops": []string{"sweep", "slide"}})
		case "mesh":
			tris := make([]geom.Triangle, len(r.Triangles))
			for i, t := range r.Triangles {
				tris[i] = geom.Triangle{r.Vertices[t[0]], r.Vertices[t[1]], r.Vertices[t[2]]}
			}
			mesh = sweep.NewMesh(tris)
			out.Encode(map[string]bool{"ok": true})
		case "sweep":
			if sweeps++; mode == "crash" && sweeps == 3 {
				fmt.Fprintln(os.Stderr, "segmentation fault (pretend)")
				return 139
			}
			out.Encode(fakeSweep(mesh, &r, mode == "wrong"))
		case "slide":
			s := mesh.Slide(sweep.Ellipsoid{Axes: r.Ellipsoid.Axes}, r.Start, r.End, r.Slide)
			out.Encode(map[string]any{"final": s.Final})
			if mode == "extra" {
				out.Encode(map[string]any{"final": s.Final})
			}
		}
	}
	return 0
}

// fakeSweep is the core's first contact (at half its t when wrong).
func fakeSweep(m *sweep.Mesh, r *fakeRequest, wrong bool) map[string]any {
	h, ok := m.Sweep(sweep.Ellipsoid{Axes: r.Ellipsoid.Axes}, r.Start, r.End.Sub(r.Start))
	if !ok {
		return map[string]any{"hit": false}
	}
	if wrong {
		return map[string]any{"hit": true, "t": h.T / 2}
	}
	return map[string]any{"hit": true, "t": h.T, "point": h.Point, "normal": h.Normal, "triangle": h.Triangle, "feature": h.Feature.String()}
}
