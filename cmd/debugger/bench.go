package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/internal/castfile"
	"sweepdbg/internal/levelcasts"
	"sweepdbg/scene"
	"sweepdbg/scene/meshfile"
	"sweepdbg/sweep"
	"sweepdbg/ui/editor"
)

const benchUsage = "bench [--scene NAME | --level FILE [--casts random|character] [--export OUT]] [--n N] [--radius R] [--shape ellipsoid|capsule|box]"

// runBench times the core:
//
//	debugger bench [--scene NAME] [--n N] [--shape KIND]
//
// builds a built-in scene's mesh once, then runs the scene's cast
// (Mesh.Cast) and slide (Mesh.SlideShape) N times each and prints the
// mean times;
//
//	debugger bench --level FILE [--n N] [--radius R] [--shape KIND]
//
// loads any OBJ or glTF level, turns it upright and sizes a player to it
// as the window does (or takes a sphere of radius R), builds its mesh and
// runs N casts of that player over it (a fixed seed, so runs compare),
// printing the player, the build time,
// the mesh's bytes per triangle and the median and 90th percentile of a
// cast and of a slide per cast. The casts are --casts random (the
// default: levelcasts.Random, from near random triangles in random
// directions) or --casts character (levelcasts.Character: walking along
// floors from resting on them, falling onto them, moving into walls, as
// the real-level benchmarks in sweep cast). --shape KIND casts that kind instead:
// the scene's shape, or the level's player, turned into it as the window
// turns shapes (a box of the same half extents; a capsule as tall, its
// radius the smaller horizontal semi-axis); the output names the shape. It is a quick look at a user's own
// level, not a benchmark harness (go test -bench is). With --export OUT
// it also writes the level's triangles and the same casts, of a sphere of
// the player's horizontal radius (or R), to the new cast file OUT
// (internal/castfile) for tools/joltbench or another engine; an existing
// OUT is left alone. Character casts are placed for the shape cast (a
// walk starts resting on its floor), so the exported ones are made again
// for the sphere, from the same draws: the sphere casts of the real-level
// benchmarks (sweep/real_level_test.go) on the same level.
func runBench(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("bench", benchUsage, stderr)
	name := fs.String("scene", "terrain", "built-in scene `NAME` to time")
	level := fs.String("level", "", "time player-sized casts over the level in `FILE` (.obj, .gltf, .glb)")
	n := fs.Int("n", 1000, "run the scene's sweep and slide `N` times each, or N casts over a level")
	radius := fs.Float64("radius", 0, "a sphere of radius `R` as the player for --level (default: the player the window guesses for the level)")
	castsKind := fs.String("casts", "random", "with --level, the `KIND` of casts: random (near random triangles, random directions) or character (walking, falling, into walls)")
	export := fs.String("export", "", "with --level, also write the level and its casts, as sphere casts, to the new cast file `OUT` (tools/joltbench)")
	var shape shapeFlag
	fs.Var(&shape, "shape", "cast a `KIND` (ellipsoid, capsule or box) of the same size (default: the scene's own shape; for --level the guessed player, an ellipsoid)")
	rest, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(rest) > 0 || *n < 1 || !(*radius >= 0) || math.IsInf(*radius, 0) {
		return usageErr(stderr, "bench: want %s with N >= 1 and R > 0", benchUsage)
	}
	if *export != "" && *level == "" {
		return usageErr(stderr, "bench: --export needs --level")
	}
	if *castsKind != "random" && *castsKind != "character" {
		return usageErr(stderr, "bench: unknown --casts %q: want random or character", *castsKind)
	}
	if *level != "" {
		return benchLevel(*level, *n, *radius, *castsKind == "character", *export, &shape, stdout, stderr)
	}
	return benchScene(*name, *n, &shape, stdout, stderr)
}

// benchScene times a built-in scene's own cast and slide n times each,
// of its shape turned into the kind of shape (if set).
func benchScene(name string, n int, shape *shapeFlag, stdout, stderr io.Writer) int {
	s, err := scene.Builtin(name)
	if err != nil {
		return usageErr(stderr, "bench: %v", err)
	}
	tris := s.Mesh.Tris()
	t0 := time.Now()
	mesh := sweep.NewMesh(tris)
	build := time.Since(t0)
	delta, player := s.End.Sub(s.Start), shape.of(s.Shape)
	t0 = time.Now()
	hits := 0
	for i := 0; i < n; i++ {
		if _, ok := mesh.Cast(player, s.Start, delta); ok {
			hits++
		}
	}
	sweepT := time.Since(t0) / time.Duration(n)
	opt := s.Slide
	t0 = time.Now()
	steps := 0
	for i := 0; i < n; i++ {
		steps += len(mesh.SlideShape(player, s.Start, s.End, opt).Steps)
	}
	slideT := time.Since(t0) / time.Duration(n)
	fmt.Fprintf(stdout, "scene %s: %d triangles\n", scene.Printable(s.Name), len(tris))
	fmt.Fprintf(stdout, "shape  %s\n", describeShape(player))
	fmt.Fprintf(stdout, "build  %v (%.1f bytes per triangle)\n", build, mesh.BytesPerTriangle())
	fmt.Fprintf(stdout, "sweep  %v per call (hit: %v)\n", sweepT, hits > 0)
	fmt.Fprintf(stdout, "slide  %v per call (%d steps)\n", slideT, steps/n)
	return exitOK
}

// benchLevel loads a level file and times n casts over it, with the
// player the window would give the level (upright, sized to its scale:
// editor.FitLevel), or a sphere of the given radius when radius > 0,
// turned into the kind of shape (if set): random casts, or character
// casts when character is set. When export is not empty the casts are
// also written there (exportCasts).
func benchLevel(path string, n int, radius float64, character bool, export string, shape *shapeFlag, stdout, stderr io.Writer) int {
	s, err := meshfile.Open(context.Background(), path, nil)
	if err != nil {
		printErr(stderr, "bench: ", err)
		return exitInvalid
	}
	_, guess := editor.FitLevel(s, editor.UpAuto)
	player, size := s.Shape, s.Shape.Extent()[1] // the guessed player, half its height
	if radius > 0 {
		player, size, guess = sweep.EllipsoidShape(sweep.Sphere(radius)), radius, "a sphere (--radius)"
	}
	player = shape.of(player)
	tris := s.Mesh.Tris()
	t0 := time.Now()
	mesh := sweep.NewMesh(tris)
	build := time.Since(t0)
	if !(size > 0) || len(tris) == 0 {
		fmt.Fprintf(stderr, "debugger: bench: %s: the level has no extent; pass --radius\n", scene.ShowPath(path))
		return exitInvalid
	}
	ext := player.Extent()
	casts, ballCasts := levelcasts.Random(tris, size, n), []levelcasts.Cast(nil)
	if character {
		casts = levelcasts.Character(tris, ext, n)
		ballCasts = levelcasts.Character(tris, mgl64.Vec3{ext[0], ext[0], ext[0]}, n)
	}
	if export != "" {
		if ballCasts == nil {
			ballCasts = casts
		}
		if code := exportCasts(export, path, tris, ballCasts, ext[0], stdout, stderr); code != exitOK {
			return code
		}
	}
	hits := 0
	sweepT := timeCasts(casts, func(c levelcasts.Cast) {
		if _, ok := mesh.Cast(player, c.Begin, c.Delta); ok {
			hits++
		}
	})
	slideT := timeCasts(casts, func(c levelcasts.Cast) {
		mesh.SlideShape(player, c.Begin, c.Begin.Add(c.Delta), sweep.SlideOptions{})
	})
	fmt.Fprintf(stdout, "level %s: %d triangles, %d casts (%d hit)\n", scene.ShowPath(path), len(tris), len(casts), hits)
	fmt.Fprintf(stdout, "player %.4g x %.4g x %.4g (half-extents): %s\n", ext[0], ext[1], ext[2], guess)
	fmt.Fprintf(stdout, "shape  %s\n", describeShape(player))
	fmt.Fprintf(stdout, "build  %.2f ms, %.1f bytes per triangle\n", float64(build.Microseconds())/1e3, mesh.BytesPerTriangle())
	fmt.Fprintf(stdout, "sweep  median %.2f us, p90 %.2f us\n", sweepT[0], sweepT[1])
	fmt.Fprintf(stdout, "slide  median %.2f us, p90 %.2f us\n", slideT[0], slideT[1])
	return exitOK
}

// exportCasts writes the level's triangles and casts to the new cast file
// out, as casts of a sphere of radius r (the player's horizontal radius:
// other engines have no swept ellipsoid).
func exportCasts(out, level string, tris []geom.Triangle, casts []levelcasts.Cast, r float64, stdout, stderr io.Writer) int {
	cs := make([]castfile.Cast, len(casts))
	for i, c := range casts {
		cs[i] = castfile.Cast{Begin: c.Begin, Delta: c.Delta}
	}
	if err := castfile.Write(out, castfile.New(filepath.Base(level), r, tris, cs)); err != nil {
		printErr(stderr, "bench: ", err)
		return exitFail
	}
	fmt.Fprintf(stdout, "export %d casts of a sphere of radius %.4g to %s\n", len(cs), r, scene.ShowPath(out))
	return exitOK
}

// timeCasts runs f on every cast and returns the median and the 90th
// percentile of the times, in microseconds.
func timeCasts(casts []levelcasts.Cast, f func(levelcasts.Cast)) [2]float64 {
	ts := make([]time.Duration, len(casts))
	for i, c := range casts {
		t0 := time.Now()
		f(c)
		ts[i] = time.Since(t0)
	}
	slices.Sort(ts)
	if len(ts) == 0 {
		return [2]float64{}
	}
	us := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }
	return [2]float64{us(ts[len(ts)/2]), us(ts[len(ts)*9/10])}
}
