// Command gocast runs the sphere casts of a cast file (internal/castfile)
// through this project's core, for tools/joltbench, which runs the same
// casts through Jolt Physics and compares. It is built natively and for
// GOOS=js GOARCH=wasm (run under node with wasm_exec.js); the driver
// (bench.mjs) runs it once per round, alternating with Jolt.
//
//	gocast time FILE [-results] [-warm N]
//
// builds the mesh, runs every cast N times (default 3) to warm up (under
// node the wasm code must reach V8's optimising tier), then times each cast
// once and prints JSON: the build time, the mesh's bytes per triangle, the
// timer's own cost, each cast's time in nanoseconds and, with -results,
// each cast's hit.
//
//	gocast check FILE QUESTIONS
//
// answers, for the casts where Jolt disagreed (QUESTIONS: a JSON list of
// {cast, tri, t}), what the exact core says on Jolt's triangle alone
// (sweep.EllipsoidTriangle) and how far the sphere at Jolt's fraction is
// from the whole mesh (brute force over every triangle).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/internal/castfile"
	"sweepdbg/sweep"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "gocast:", err)
		os.Exit(1)
	}
}

const usage = "usage: gocast time FILE [-results] [-warm N] | gocast check FILE QUESTIONS"

func run(args []string, w io.Writer) error {
	if len(args) < 2 {
		return fmt.Errorf("%s", usage)
	}
	f, err := castfile.Read(args[1])
	if err != nil {
		return err
	}
	var out any
	switch {
	case args[0] == "time":
		fs := flag.NewFlagSet("time", flag.ContinueOnError)
		results := fs.Bool("results", false, "print each cast's hit")
		warm := fs.Int("warm", 3, "warm-up passes over every cast")
		if err := fs.Parse(args[2:]); err != nil || fs.NArg() > 0 || *warm < 0 {
			return fmt.Errorf("%s", usage)
		}
		out = timeCasts(f, *results, *warm)
	case args[0] == "check" && len(args) == 3:
		out, err = check(f, args[2])
	default:
		return fmt.Errorf("%s", usage)
	}
	if err != nil {
		return err
	}
	return json.NewEncoder(w).Encode(out)
}

// hit is one cast's answer, as bench.mjs reads it.
type hit struct {
	Hit    bool       `json:"hit"`
	T      float64    `json:"t"`
	Point  mgl64.Vec3 `json:"point"`
	Normal mgl64.Vec3 `json:"normal"`
	Tri    int        `json:"tri"`
}

type timing struct {
	Triangles   int     `json:"triangles"`
	BuildMS     float64 `json:"build_ms"`
	BytesPerTri float64 `json:"bytes_per_tri"`
	MeshBytes   int     `json:"mesh_bytes"`
	TimerNS     int64   `json:"timer_ns"` // median of timing an empty call
	TimesNS     []int64 `json:"times_ns"`
	Results     []hit   `json:"results,omitempty"`
}

// sinkHit keeps the timed casts' answers alive.
var sinkHit sweep.Hit

func timeCasts(f castfile.File, results bool, warm int) timing {
	tris, casts := f.Tris(), f.CastList()
	ball := sweep.Sphere(f.Radius)
	t0 := time.Now()
	mesh := sweep.NewMesh(tris)
	out := timing{Triangles: len(tris), BuildMS: float64(time.Since(t0).Microseconds()) / 1e3,
		BytesPerTri: mesh.BytesPerTriangle(), MeshBytes: mesh.Bytes()}
	for range warm {
		for _, c := range casts {
			sinkHit, _ = mesh.Sweep(ball, c.Begin, c.Delta)
		}
	}
	empty := make([]int64, len(casts))
	for i := range empty {
		t := time.Now()
		empty[i] = time.Since(t).Nanoseconds()
	}
	out.TimerNS = median(empty)
	out.TimesNS = make([]int64, len(casts))
	for i, c := range casts {
		t := time.Now()
		sinkHit, _ = mesh.Sweep(ball, c.Begin, c.Delta)
		out.TimesNS[i] = time.Since(t).Nanoseconds()
	}
	if results {
		out.Results = make([]hit, len(casts))
		for i, c := range casts {
			h, ok := mesh.Sweep(ball, c.Begin, c.Delta)
			out.Results[i] = hit{ok, h.T, h.Point, h.Normal, h.Triangle}
		}
	}
	return out
}

// median returns the middle value of xs (which it sorts by insertion: the
// slices are a few thousand long and timed once).
func median(xs []int64) int64 {
	s := append([]int64(nil), xs...)
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s[len(s)/2]
}

// question is a cast where Jolt disagreed: Jolt's triangle (-1 for a
// miss) and fraction.
type question struct {
	Cast int     `json:"cast"`
	Tri  int     `json:"tri"`
	T    float64 `json:"t"`
}

// answer is the exact core's view of a question.
type answer struct {
	Cast int `json:"cast"`
	// On Jolt's triangle alone: does the exact sweep hit it, and when.
	TriHit bool    `json:"tri_hit"`
	TriT   float64 `json:"tri_t"`
	// The sphere's center at Jolt's fraction (1 for a miss): its distance
	// to the nearest triangle of the mesh minus the radius, in world
	// units and as a fraction of the radius (negative: overlapping).
	Gap      float64 `json:"gap"`
	GapRatio float64 `json:"gap_ratio"`
	// The angle between the motion and the exact hit's normal: the cosine
	// of delta and -normal (near 0: a grazing, near-tangent motion).
	Approach float64 `json:"approach"`
}

func check(f castfile.File, questionsPath string) ([]answer, error) {
	data, err := os.ReadFile(questionsPath)
	if err != nil {
		return nil, err
	}
	var qs []question
	if err := json.Unmarshal(data, &qs); err != nil {
		return nil, fmt.Errorf("%s: %w", questionsPath, err)
	}
	tris, casts := f.Tris(), f.CastList()
	mesh := sweep.NewMesh(tris)
	ball := sweep.Sphere(f.Radius)
	as := make([]answer, 0, len(qs))
	for _, q := range qs {
		if q.Cast < 0 || q.Cast >= len(casts) || q.Tri >= len(tris) {
			return nil, fmt.Errorf("question %+v out of range", q)
		}
		c := casts[q.Cast]
		a := answer{Cast: q.Cast}
		if q.Tri >= 0 {
			h, ok := sweep.EllipsoidTriangle(ball, c.Begin, c.Delta, tris[q.Tri])
			a.TriHit, a.TriT = ok, h.T
		}
		t := q.T
		if q.Tri < 0 {
			t = 1
		}
		a.Gap = nearest(tris, c.Begin.Add(c.Delta.Mul(t))) - f.Radius
		a.GapRatio = a.Gap / f.Radius
		if h, ok := mesh.Sweep(ball, c.Begin, c.Delta); ok && c.Delta.Len() > 0 {
			a.Approach = -c.Delta.Normalize().Dot(h.Normal)
		}
		as = append(as, a)
	}
	return as, nil
}

// nearest returns the distance from p to the nearest of tris.
func nearest(tris []geom.Triangle, p mgl64.Vec3) float64 {
	d := math.Inf(1)
	for _, t := range tris {
		q, _, _ := geom.ClosestPointTriangle(p, t)
		d = math.Min(d, q.Sub(p).Len())
	}
	return d
}
