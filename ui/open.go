package ui

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/render"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// openScene reads a fixture (.json) or a mesh (.obj, .gltf, .glb) from
// path. A bare mesh gets an ellipsoid and a motion placed over it by
// sceneForMesh. Cancelling ctx stops a mesh load.
func openScene(ctx context.Context, path string, progress scene.Progress) (*scene.Scene, error) {
	if strings.EqualFold(filepath.Ext(path), ".json") {
		s, err := scene.Load(path)
		if progress != nil {
			progress(1)
		}
		return s, err
	}
	m, err := scene.LoadMesh(ctx, path, progress)
	if err != nil {
		return nil, err
	}
	return sceneForMesh(strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)), m), nil
}

// sceneForMesh wraps a bare mesh in a scene: an ellipsoid sized to the
// mesh (radii 4% and 8% of the bounding box's diagonal) that starts above
// the middle of the mesh and moves down through it, so the view shows a
// contact straight away.
func sceneForMesh(name string, m scene.Mesh) *scene.Scene {
	b := geom.EmptyAABB()
	for _, v := range m.Vertices {
		b = b.Extend(v)
	}
	if b.IsEmpty() {
		b = geom.AABB{Max: mgl64.Vec3{1, 1, 1}}
	}
	diag := math.Max(b.Size().Len(), 1e-3)
	r := 0.04 * diag
	c := b.Center()
	e := sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{r, 0, 0}, {0, 2 * r, 0}, {0, 0, r}}}
	return &scene.Scene{
		Name:      name,
		Mesh:      m,
		Ellipsoid: e,
		Start:     mgl64.Vec3{c[0], b.Max[1] + 3*r, c[2]},
		End:       mgl64.Vec3{c[0] + 2*r, b.Min[1] - r, c[2]},
	}
}

// loadResult is what a background load hands back: the Doc ready to be
// made current (its mesh already built), or the error.
type loadResult struct {
	doc  Doc
	path string
	err  error
}

// loader runs one scene load in a goroutine: reading the file and building
// the core's mesh both happen off the frame loop, so the window keeps
// drawing. Progress is readable at any time; Cancel stops it.
type loader struct {
	path     string
	cancel   context.CancelFunc
	progress atomic.Uint64 // math.Float64bits of the fraction done
	done     chan loadResult
	once     sync.Once
}

// startLoad begins loading path; view and grid carry the current View
// settings into the new Doc.
func startLoad(path string, view render.Options, grid float64) *loader {
	ctx, cancel := context.WithCancel(context.Background())
	l := &loader{path: path, cancel: cancel, done: make(chan loadResult, 1)}
	go func() {
		defer cancel()
		res := loadResult{path: path}
		defer func() {
			if r := recover(); r != nil { // a loader bug must not close the window
				res.err = fmt.Errorf("open %s: internal error: %v", path, r)
			}
			l.done <- res
		}()
		s, err := openScene(ctx, path, func(f float64) { l.progress.Store(math.Float64bits(f)) })
		if err != nil {
			res.err = err
			return
		}
		res.doc, res.err = NewDoc(s, path, view, grid)
	}()
	return l
}

// Progress returns the fraction of the load done, in [0, 1].
func (l *loader) Progress() float64 {
	return min(max(math.Float64frombits(l.progress.Load()), 0), 1)
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
