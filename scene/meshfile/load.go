// Package meshfile reads user levels into scenes: Wavefront OBJ (loadOBJ,
// readOBJ) and glTF 2.0 (loadGLTF, for .gltf and .glb), chosen by extension
// in loadMesh, and Open, which opens what the user pointed the debugger at
// (a fixture, or a mesh with a motion placed so that it touches the mesh).
// The loaders report progress, stop when their context is cancelled, refuse
// anything but regular files and anything over scene.MaxFileBytes or the
// mesh limits, and return *scene.Error values naming the file and the line
// or field.
//
// It imports scene (the model it fills), never the other way round; the
// deprecated scene.Open reaches Open through this package's init.
package meshfile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"sweepdbg/internal/safeopen"
	"sweepdbg/scene"
)

// progressFunc is scene.Progress: the fraction of a load done so far.
type progressFunc = scene.Progress

// IsLevel reports whether path names a level file loadMesh reads (by its
// extension, any case: .obj, .gltf, .glb), as opposed to a fixture or a
// capture.
func IsLevel(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".obj", ".gltf", ".glb":
		return true
	}
	return false
}

// loadMesh reads a triangle mesh from a Wavefront OBJ (.obj) or glTF 2.0
// (.gltf, .glb) file, chosen by extension (case-insensitive). Cancelling ctx
// stops the load with an error wrapping ctx.Err(). Errors are *Error values
// naming the file and the line or field. Anything but a regular file (a
// FIFO, a device, a directory) is refused without blocking
// (scene.ErrNotRegular), and a file over scene.MaxFileBytes without being
// read (scene.ErrTooLarge). A file that holds no triangle at all is an
// error too, since there is nothing to collide with.
//
// See loadOBJ and loadGLTF for what each format supports and refuses.
func loadMesh(ctx context.Context, path string, progress progressFunc) (scene.Mesh, error) {
	var (
		m   scene.Mesh
		err error
	)
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".obj":
		var o objFile
		o, err = loadOBJ(ctx, path, progress)
		m = o.Mesh
	case ".gltf", ".glb":
		m, err = loadGLTF(ctx, path, progress)
	default:
		return scene.Mesh{}, &scene.Error{File: path, Err: fmt.Errorf("unsupported file type %q (want .obj, .gltf or .glb)", ext)}
	}
	if err != nil {
		return scene.Mesh{}, err
	}
	if len(m.Triangles) == 0 {
		return scene.Mesh{}, &scene.Error{File: path, Err: errors.New("no triangles in the file")}
	}
	return m, nil
}

// loadMeter turns amounts of work done into monotone progress calls. The zero
// value (or one with a nil progress function) reports nothing.
type loadMeter struct {
	progress progressFunc
	last     float64
}

// report passes done, clamped to [0, 1) and never below an earlier report,
// to the progress function. Only finish reports 1, so that 1 means "finished".
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
		return &scene.Error{File: name, Err: fmt.Errorf("load cancelled: %w", err)}
	}
	return nil
}

// openFile opens path as safeopen.File does, with errors as *scene.Error
// values naming path.
func openFile(path string, limit int64) (*os.File, int64, error) {
	f, n, err := safeopen.File(path, limit)
	if err != nil {
		return nil, 0, &scene.Error{File: path, Err: err}
	}
	return f, n, nil
}
