package ui

import (
	"context"
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"sweepdbg/render"
	"sweepdbg/scene"
)

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
		s, err := scene.Open(ctx, path, func(f float64) { l.progress.Store(math.Float64bits(f)) })
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
