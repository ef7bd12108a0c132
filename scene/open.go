package scene

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
)

// Progress receives the fraction of a load done so far, in [0, 1]. It is
// called from the loading goroutine; nil means no reporting. The loaders
// report non-decreasing values and end a successful load with exactly 1.
type Progress func(done float64)

// Open opens a fixture (.json, read with Load) or, once package
// sweepdbg/scene/meshfile is linked in (its init sets Open to
// meshfile.Open), a mesh file (.obj, .gltf, .glb). Without meshfile it
// refuses mesh files with an error naming the file.
//
// Deprecated: call meshfile.Open, which is the same function. Open stays
// only until the hunt command line (scene/hunt/cli.go) moves into
// cmd/debugger; see docs/architecture.md.
var Open = func(ctx context.Context, path string, progress Progress) (*Scene, error) {
	if !strings.EqualFold(filepath.Ext(path), ".json") {
		return nil, &Error{File: path, Err: errors.New("mesh files are read by package scene/meshfile, which is not linked in")}
	}
	s, err := Load(path)
	if err == nil && progress != nil {
		progress(1)
	}
	return s, err
}
