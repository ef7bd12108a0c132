package scene

import (
	"context"
	"errors"
)

// Progress receives the fraction of a load done so far, in [0, 1]. It is
// called from the loading goroutine; nil means no reporting.
type Progress func(done float64)

// LoadMesh reads a triangle mesh from a Wavefront OBJ (.obj) or glTF 2.0
// (.gltf, .glb) file, chosen by extension. Cancelling ctx stops the load
// with ctx.Err(). Errors name the file and the line or field.
//
// SKELETON: the loaders replace this.
func LoadMesh(ctx context.Context, path string, progress Progress) (Mesh, error) {
	return Mesh{}, errors.New("scene: loaders not implemented yet")
}
