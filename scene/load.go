package scene

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// Progress receives the fraction of a load done so far, in [0, 1]. It is
// called from the loading goroutine; nil means no reporting. The loaders
// report non-decreasing values and end a successful load with exactly 1.
type Progress func(done float64)

// LoadMesh reads a triangle mesh from a Wavefront OBJ (.obj) or glTF 2.0
// (.gltf, .glb) file, chosen by extension (case-insensitive). Cancelling ctx
// stops the load with an error wrapping ctx.Err(). Errors are *Error values
// naming the file and the line or field. Anything but a regular file (a
// FIFO, a device, a directory) is refused without blocking (ErrNotRegular),
// and a file over MaxFileBytes without being read (ErrTooLarge). A file that holds no triangle at all is an error too,
// since there is nothing to collide with.
//
// See LoadOBJ and LoadGLTF for what each format supports and refuses.
func LoadMesh(ctx context.Context, path string, progress Progress) (Mesh, error) {
	var (
		m   Mesh
		err error
	)
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".obj":
		var o OBJ
		o, err = LoadOBJ(ctx, path, progress)
		m = o.Mesh
	case ".gltf", ".glb":
		m, err = LoadGLTF(ctx, path, progress)
	default:
		return Mesh{}, &Error{File: path, Err: fmt.Errorf("unsupported file type %q (want .obj, .gltf or .glb)", ext)}
	}
	if err != nil {
		return Mesh{}, err
	}
	if len(m.Triangles) == 0 {
		return Mesh{}, &Error{File: path, Err: errors.New("no triangles in the file")}
	}
	return m, nil
}

// loadMeter turns amounts of work done into monotone Progress calls. The zero
// value (or one with a nil Progress) reports nothing.
type loadMeter struct {
	progress Progress
	last     float64
}

// report passes done, clamped to [0, 1) and never below an earlier report,
// to the Progress. Only finish reports 1, so that 1 means "finished".
func (m *loadMeter) report(done float64) {
	if m.progress == nil {
		return
	}
	if !(done < 1) { // also catches NaN from a 0/0 estimate
		done = 0.999
	}
	if done <= m.last {
		return
	}
	m.last = done
	m.progress(done)
}

// finish reports 1.
func (m *loadMeter) finish() {
	if m.progress != nil {
		m.last = 1
		m.progress(1)
	}
}

// loadCountingReader counts the bytes read through it, for progress by bytes.
type loadCountingReader struct {
	r io.Reader
	n int64
}

func (c *loadCountingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// loadCancelled returns ctx's error wrapped with the file name, or nil.
func loadCancelled(ctx context.Context, name string) error {
	if err := ctx.Err(); err != nil {
		return &Error{File: name, Err: fmt.Errorf("load cancelled: %w", err)}
	}
	return nil
}
