// Package castfile writes and reads a triangle mesh with sphere casts over
// it as JSON, so that another collision engine can run the same casts as
// this project's core: tools/joltbench runs them through Jolt Physics.
// The generated benchmark levels (sweep's exporter test) and any user level
// (debugger bench --level FILE --export OUT) are written with it.
//
// The file is one JSON object: format ("sweepdbg-casts/1"), name, the
// sphere's radius, vertices (x, y, z flattened), triangles (three vertex
// indices each, flattened; the order is the mesh's triangle order, so a
// triangle index means the same in both engines) and casts (begin x, y, z
// then delta x, y, z, flattened). Numbers are float64 and round-trip
// exactly.
package castfile

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/internal/atomicfile"
)

// format names the file format and its version.
const format = "sweepdbg-casts/1"

// errFormat is wrapped by every error Read returns for a file that is not
// a valid cast file.
var errFormat = errors.New("not a valid cast file")

// Cast is one sphere cast: the center moves from Begin to Begin+Delta.
type Cast struct{ Begin, Delta mgl64.Vec3 }

// File is a mesh and the casts over it.
type File struct {
	Format    string    `json:"format"`
	Name      string    `json:"name"`
	Radius    float64   `json:"radius"`
	Vertices  []float64 `json:"vertices"`
	Triangles []uint32  `json:"triangles"`
	Casts     []float64 `json:"casts"`
}

// New returns the file for a mesh (its vertices shared where they are
// equal) and casts of a sphere of radius r.
func New(name string, r float64, tris []geom.Triangle, casts []Cast) File {
	f := File{Format: format, Name: name, Radius: r}
	index := make(map[mgl64.Vec3]uint32, len(tris))
	for _, t := range tris {
		for _, v := range t {
			k, ok := index[v]
			if !ok {
				k = uint32(len(f.Vertices) / 3)
				index[v] = k
				f.Vertices = append(f.Vertices, v[0], v[1], v[2])
			}
			f.Triangles = append(f.Triangles, k)
		}
	}
	for _, c := range casts {
		f.Casts = append(f.Casts, c.Begin[0], c.Begin[1], c.Begin[2], c.Delta[0], c.Delta[1], c.Delta[2])
	}
	return f
}

// Tris returns the mesh's triangles in file order.
func (f File) Tris() []geom.Triangle {
	tris := make([]geom.Triangle, len(f.Triangles)/3)
	for i := range tris {
		for j := range 3 {
			k := int(f.Triangles[3*i+j]) * 3
			tris[i][j] = mgl64.Vec3{f.Vertices[k], f.Vertices[k+1], f.Vertices[k+2]}
		}
	}
	return tris
}

// CastList returns the casts in file order.
func (f File) CastList() []Cast {
	cs := make([]Cast, len(f.Casts)/6)
	for i := range cs {
		c := f.Casts[6*i:]
		cs[i] = Cast{mgl64.Vec3{c[0], c[1], c[2]}, mgl64.Vec3{c[3], c[4], c[5]}}
	}
	return cs
}

// Write writes f to path atomically; an existing file is left alone and
// the error wraps atomicfile.ErrExists.
func Write(path string, f File) error {
	data, err := json.Marshal(f)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return atomicfile.WriteFile(path, data, false)
}

// Read reads and checks a cast file.
func Read(path string) (File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return File{}, err
	}
	var f File
	if err := json.Unmarshal(data, &f); err != nil {
		return File{}, fmt.Errorf("%s: %w: %w", path, errFormat, err)
	}
	if err := f.check(); err != nil {
		return File{}, fmt.Errorf("%s: %w: %s", path, errFormat, err)
	}
	return f, nil
}

// check reports what is wrong with f's contents, as text.
func (f File) check() error {
	switch {
	case f.Format != format:
		return fmt.Errorf("format %q, want %q", f.Format, format)
	case !(f.Radius > 0) || math.IsInf(f.Radius, 0):
		return fmt.Errorf("radius %v is not a positive finite number", f.Radius)
	case len(f.Vertices)%3 != 0 || len(f.Triangles)%3 != 0 || len(f.Casts)%6 != 0:
		return errors.New("vertices, triangles or casts are not whole (3, 3 and 6 numbers each)")
	}
	for _, k := range f.Triangles {
		if int(k) >= len(f.Vertices)/3 {
			return fmt.Errorf("vertex index %d out of range (%d vertices)", k, len(f.Vertices)/3)
		}
	}
	return nil
}
