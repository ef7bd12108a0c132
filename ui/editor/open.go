package editor

import (
	"context"
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"sweepdbg/render/view"
	"sweepdbg/scene/meshfile"
)

// LoadResult is what a background load hands back: the Doc ready to be
// made current (its mesh already built), or the error.
type LoadResult struct {
	Doc  Doc    // the opened scene, ready to edit; meaningful when Err is nil
	Path string // the file loaded
	Err  error  // why the file could not be opened (wrapped, naming it)
}

// loader runs one scene load in a goroutine: reading the file and building
// the core's mesh both happen off the frame loop, so the window keeps
// drawing. Progress is readable at any time; Cancel stops it.
type Loader struct {
	path     string
	cancel   context.CancelFunc
	progress atomic.Uint64 // math.Float64bits of the fraction done
	done     chan LoadResult
	once     sync.Once
}

// StartLoad begins loading path; view and grid carry the current View
// settings into the new Doc.
func StartLoad(path string, view view.Options, grid float64) *Loader {
	ctx, cancel := context.WithCancel(context.Background())
	l := &Loader{path: path, cancel: cancel, done: make(chan LoadResult, 1)}
	go func() {
		defer cancel()
		res := LoadResult{Path: path}
		defer func() {
			if r := recover(); r != nil { // a Loader bug must not close the window
				res.Err = fmt.Errorf("open %s: internal error: %v", path, r)
			}
			l.done <- res
		}()
		s, err := meshfile.Open(ctx, path, func(f float64) { l.progress.Store(math.Float64bits(f)) })
		if err != nil {
			res.Err = err
			return
		}
		res.Doc, res.Err = NewDoc(s, path, view, grid)
	}()
	return l
}

// Progress returns the fraction of the load done, in [0, 1].
func (l *Loader) Progress() float64 {
	return min(max(math.Float64frombits(l.progress.Load()), 0), 1)
}

// Poll returns the result once the load has finished.
func (l *Loader) Poll() (LoadResult, bool) {
	select {
	case r := <-l.done:
		return r, true
	default:
		return LoadResult{}, false
	}
}

// Cancel asks the load to stop; Poll then reports a cancellation error.
func (l *Loader) Cancel() { l.once.Do(l.cancel) }
