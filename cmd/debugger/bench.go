package main

import (
	"fmt"
	"io"
	"time"

	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// runBench times the core on a built-in scene:
// debugger bench [--scene NAME] [--n N]. It builds the mesh once, then runs
// the scene's sweep and slide N times each and prints the mean times. It
// is a quick look, not a benchmark harness (go test -bench is).
func runBench(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("bench", "bench [--scene NAME] [--n N]", stderr)
	name := fs.String("scene", "terrain", "built-in scene `NAME` to time")
	n := fs.Int("n", 1000, "run the sweep and the slide `N` times each")
	rest, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(rest) > 0 || *n < 1 {
		return usageErr(stderr, "bench: want [--scene NAME] [--n N] with N >= 1")
	}
	s, err := scene.Builtin(*name)
	if err != nil {
		return usageErr(stderr, "bench: %v", err)
	}
	tris := s.Mesh.Tris()
	t0 := time.Now()
	mesh := sweep.NewMesh(tris)
	build := time.Since(t0)
	delta := s.End.Sub(s.Start)
	t0 = time.Now()
	hits := 0
	for i := 0; i < *n; i++ {
		if _, ok := mesh.Sweep(s.Ellipsoid, s.Start, delta); ok {
			hits++
		}
	}
	sweepT := time.Since(t0) / time.Duration(*n)
	opt := s.SlideOptions()
	t0 = time.Now()
	steps := 0
	for i := 0; i < *n; i++ {
		steps += len(mesh.Slide(s.Ellipsoid, s.Start, s.End, opt).Steps)
	}
	slideT := time.Since(t0) / time.Duration(*n)
	fmt.Fprintf(stdout, "scene %s: %d triangles\n", s.Name, len(tris))
	fmt.Fprintf(stdout, "build  %v\n", build)
	fmt.Fprintf(stdout, "sweep  %v per call (hit: %v)\n", sweepT, hits > 0)
	fmt.Fprintf(stdout, "slide  %v per call (%d steps)\n", slideT, steps / *n)
	return exitOK
}
