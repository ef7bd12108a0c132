package editor

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"sweepdbg/render/view"
	"sweepdbg/scene"
	"sweepdbg/scene/meshfile"
)

// loadResult is what a background load hands back: the Doc ready to be
// made current (its mesh already built), or the error.
type loadResult struct {
	Doc  Doc    // the opened scene, ready to edit; meaningful when Err is nil
	Path string // the file loaded
	Err  error  // why the file could not be opened (wrapped, naming it)
	// Up is the up axis a level file was read with (UpAuto for a
	// fixture) and Note what FitLevel guessed, for the status line.
	Up   UpAxis
	Note string
}

// loader runs one scene load in a goroutine: reading the file and building
// the core's mesh both happen off the frame loop, so the window keeps
// drawing. Progress is readable at any time; Cancel stops it.
type loader struct {
	path     string
	cancel   context.CancelFunc
	progress atomic.Uint64 // math.Float64bits of the fraction of the file read
	building atomic.Int64  // when the mesh build began (Unix nanoseconds); 0 while reading
	tris     atomic.Int64  // the triangles being built
	finished atomic.Bool   // the load is over (Progress is 1)
	done     chan loadResult
	once     sync.Once
}

// A load has two stages: reading and parsing the file, then building the
// core's mesh (its BVH), which on a big level takes longer than reading.
// The progress bar gives each its share; the build reports no progress of
// its own, so its share advances with the time it has taken against
// buildEstimate.
const (
	readShare = 0.25
	// buildPerTriangle is about what sweep.NewMesh takes per triangle on
	// a laptop core (about 0.6 s for a million triangles).
	buildPerTriangle = 600 * time.Nanosecond
)

// startLoad begins loading path; view and grid carry the current View
// settings into the new Doc (a level file gets a grid for its player:
// see Open). A level file's up axis is guessed.
func startLoad(path string, view view.Options, grid float64) *loader {
	return StartLoadUp(path, view, grid, UpAuto)
}

// StartLoadUp is startLoad with the up axis of a level file (OBJ, glTF)
// given: UpAuto guesses it; fixtures ignore it. See FitLevel.
func StartLoadUp(path string, view view.Options, grid float64, up UpAxis) *loader {
	return startLoader(path, func(ctx context.Context, h OpenHooks) loadResult {
		return Open(ctx, path, view, grid, up, h)
	})
}

// StartLoadData is startLoad for a file's bytes already in memory (a
// file dropped on the browser page), named name: see openData.
func StartLoadData(name string, data []byte, view view.Options, grid float64) *loader {
	return startLoader(name, func(ctx context.Context, h OpenHooks) loadResult {
		return openData(ctx, name, data, view, grid, h)
	})
}

// startLoader runs open in a goroutine, reporting its progress through
// the loader.
func startLoader(path string, open func(context.Context, OpenHooks) loadResult) *loader {
	ctx, cancel := context.WithCancel(context.Background())
	l := &loader{path: path, cancel: cancel, done: make(chan loadResult, 1)}
	go func() {
		defer cancel()
		res := loadResult{Path: path}
		defer func() {
			if r := recover(); r != nil { // a loader bug must not close the window
				res.Err = fmt.Errorf("open %s: internal error: %v", path, r)
			}
			l.finished.Store(true)
			l.done <- res
		}()
		res = open(ctx, OpenHooks{
			Progress: func(f float64) { l.progress.Store(math.Float64bits(f)) },
			Building: func(tris int) {
				l.tris.Store(int64(tris))
				l.building.Store(time.Now().UnixNano())
			},
		})
	}()
	return l
}

// OpenHooks report a load's progress (each may be nil): Progress the
// fraction of the file read, Building that the core's mesh of tris
// triangles is being built.
type OpenHooks struct {
	Progress func(float64)
	Building func(tris int)
}

// Open opens path as the window does, in the calling goroutine: a
// fixture as it is, a level file (OBJ, glTF) turned upright (up, UpAuto
// guessing) with a player-sized ellipsoid (FitLevel) and a snap grid to
// match (levelGrid, in place of grid), and the core's mesh built. ctx
// cancels the read. Errors name the file.
func Open(ctx context.Context, path string, view view.Options, grid float64, up UpAxis, h OpenHooks) loadResult {
	res := loadResult{Path: path}
	if err := CheckOpenable(path); err != nil {
		res.Err = err
		return res
	}
	s, err := meshfile.Open(ctx, path, h.Progress)
	return finishOpen(res, s, err, view, grid, up, h)
}

// openData is Open for a file's bytes in memory, named name (a file
// dropped on the browser page, with the same size limits and checks:
// meshfile.OpenData). The Doc is Shared: it has no file to reopen.
func openData(ctx context.Context, name string, data []byte, view view.Options, grid float64, h OpenHooks) loadResult {
	res := loadResult{Path: name}
	if err := CheckOpenable(name); err != nil {
		res.Err = err
		return res
	}
	s, err := meshfile.OpenData(ctx, name, data, h.Progress)
	res = finishOpen(res, s, err, view, grid, UpAuto, h)
	res.Doc.Source, res.Doc.Shared = "", true
	return res
}

// finishOpen makes the Doc of an opened scene s (err: why it could not be
// opened): a level upright with a player, the core's mesh built.
func finishOpen(res loadResult, s *scene.Scene, err error, view view.Options, grid float64, up UpAxis, h OpenHooks) loadResult {
	path := res.Path
	if err != nil {
		res.Err = err
		return res
	}
	if meshfile.IsLevel(path) {
		res.Up, res.Note = FitLevel(s, up)
		grid = levelGrid(float64(2 * s.Shape.Extent()[1])) // FitLevel's player stands along y
		res.Note += fmt.Sprintf("; snap grid %s (the Shape and View panels change them)", FormatNum(grid))
	}
	if h.Building != nil {
		h.Building(len(s.Mesh.Triangles))
	}
	res.Doc, res.Err = NewDoc(s, path, view, grid)
	return res
}

// Progress returns the fraction of the load done, in [0, 1]: the file's
// share as it is read, then the mesh build's share as it runs (short of 1
// until the load is done).
func (l *loader) Progress() float64 {
	if l.finished.Load() {
		return 1
	}
	read := min(max(math.Float64frombits(l.progress.Load()), 0), 1)
	began := l.building.Load()
	if began == 0 {
		return float64(readShare * read)
	}
	return readShare + float64((1-readShare)*buildFraction(time.Since(time.Unix(0, began)), int(l.tris.Load())))
}

// buildFraction is how far a mesh build of n triangles running for
// elapsed is taken to be: linear in the expected time, slowing down past
// 90% so that a slower machine never shows a full bar.
func buildFraction(elapsed time.Duration, n int) float64 {
	est := float64(max(time.Duration(n)*buildPerTriangle, 10*time.Millisecond))
	x := float64(elapsed) / est
	if x <= 0.9 {
		return x
	}
	return 0.99 - float64(0.09*math.Exp(-(x-0.9)/0.9))
}

// Stage names what the load is doing: "reading" the file or "building
// the mesh".
func (l *loader) Stage() string {
	if l.building.Load() == 0 {
		return "reading"
	}
	return "building the mesh"
}

// Poll returns the result once the load has finished.
func (l *loader) Poll() (loadResult, bool) {
	select {
	case r := <-l.done:
		return r, true
	default:
		return loadResult{}, false
	}
}

// Cancel asks the load to stop; Poll then reports a cancellation error.
func (l *loader) Cancel() { l.once.Do(l.cancel) }

// Openable lists what the window opens, for messages.
const Openable = ".json fixtures, .jsonl captures, .obj, .gltf and .glb levels"

// errNotOpenable marks a path the window cannot open as such: a
// directory, or a file of a type it does not read.
var errNotOpenable = errors.New("not a file the window opens")

// CheckOpenable refuses, with a message saying what to do, a path that
// names a directory or a file whose extension the window does not open
// (a missing file is left to the loader, whose error names it).
func CheckOpenable(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("open %s: %w: a directory; type the path of a file in it (%s)", path, errNotOpenable, Openable)
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json", ".jsonl", ".obj", ".gltf", ".glb":
		return nil
	}
	return fmt.Errorf("open %s: %w: the window opens %s", path, errNotOpenable, Openable)
}

// ExpandHome replaces a leading "~" (alone or before a path separator)
// with the user's home directory, as a shell would; other paths, and all
// paths when the home directory is unknown, are returned unchanged.
func ExpandHome(path string) string {
	rest, ok := strings.CutPrefix(path, "~")
	if !ok || rest != "" && !os.IsPathSeparator(rest[0]) {
		return path
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return path
	}
	return home + rest
}
