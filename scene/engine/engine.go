// Package engine puts every collision algorithm behind one interface: the
// exact core (the referee), the project's second algorithms (unitspace,
// oracle) and the user's own engine, live as a child process speaking the
// engine protocol (docs/engine-protocol.md) or recorded as a capture. Each
// answers a Query with a sweep.Answer; judge.Judge compares an answer with the
// exact core's and gives a judge.Verdict.
//
// Nothing here imports Ebitengine; everything runs headless.
package engine

import (
	"context"
	"sync"
	"sync/atomic"

	"sweepdbg/geom"
	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
)

// Ops is the set of questions an engine answers.
type Ops uint8

// The two questions of the contract.
const (
	OpSweep Ops = 1 << iota // first contact of a sweep
	OpSlide                 // collide-and-slide
)

// Mesh is one triangle mesh as the engines see it: the triangles, the
// protocol id it is first sent under (unique in the process: a mesh whose
// triangles change is a new Mesh with a new id; a live engine that needs
// it again after another mesh gets it under a fresh id, see
// Process.ensureMesh) and the core's BVH over
// them, built once and shared by every engine. A Mesh is immutable and
// safe for concurrent use.
type Mesh struct {
	ID   int64
	Tris []geom.Triangle
	Core *sweep.Mesh

	geoOnce sync.Once
	geo     *judge.Geometry // the oracle's view of Tris, built on first use
}

// lastID is the last mesh id given out.
var lastID atomic.Int64

// NewMesh builds the core's BVH over tris and gives the mesh a fresh id
// (1, 2, ...). tris is kept, not copied: do not change it afterwards.
func NewMesh(tris []geom.Triangle) *Mesh {
	return &Mesh{ID: lastID.Add(1), Tris: tris, Core: sweep.NewMesh(tris)}
}

// MeshOf gives tris, over which core was built (sweep.NewMesh(tris)), a
// fresh id without building the BVH again. tris is kept, not copied.
func MeshOf(tris []geom.Triangle, core *sweep.Mesh) *Mesh {
	return &Mesh{ID: lastID.Add(1), Tris: tris, Core: core}
}

// Geometry returns the oracle's distance queries over the mesh for shape
// s (the triangles' boxes and spatial index are built once per mesh).
func (m *Mesh) Geometry(s sweep.Shape) *judge.Geometry {
	m.geoOnce.Do(func() { m.geo = judge.NewGeometry(s, m.Tris) })
	return m.geo.WithShape(s)
}

// Query is one motion to answer over Mesh: the shape moves from Start to
// End; Slide holds the slide options (zero values: the core's defaults).
type Query struct {
	Mesh *Mesh
	sweep.Motion
}

// Engine answers queries. Sweep fills an Answer's Hit, First and Has;
// Slide fills Slid, Slide and HasSteps. An engine whose Ops lack OpSlide
// is never asked to slide, and one whose Shapes lack the motion's shape
// is never asked at all: Sweep and Slide return a *SatOutError without
// asking it. An error means the engine could not answer (it
// is broken, or ctx ended); a wrong answer is not an error. Engines are
// not safe for concurrent use unless they say so.
type Engine interface {
	Name() string
	Ops() Ops
	Shapes() Shapes
	Sweep(ctx context.Context, q Query) (sweep.Answer, error)
	Slide(ctx context.Context, q Query) (sweep.Answer, error)
	Close() error
}
