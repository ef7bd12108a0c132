package meshfile

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/internal/safeopen"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// Open opens what the user pointed the debugger at: a fixture (.json,
// read with Load) or a mesh file (.obj, .gltf, .glb, read with loadMesh,
// which reports progress and stops when ctx is cancelled). A mesh becomes
// a scene named after the file, with an upright ellipsoid about 3% of the
// mesh's size placed above the mesh and moving down and sideways through
// a triangle near the middle, so the first view shows a contact. Errors
// name the file. progress may be nil.
func Open(ctx context.Context, path string, progress progressFunc) (*scene.Scene, error) {
	if strings.EqualFold(filepath.Ext(path), ".json") {
		s, err := scene.Load(path)
		if err == nil && progress != nil {
			progress(1)
		}
		return s, err
	}
	mesh, err := loadMesh(ctx, path, progress)
	if err != nil {
		return nil, scene.InFile(path, err)
	}
	s, err := sceneAround(mesh, sceneName(path))
	return s, scene.InFile(path, err)
}

// OpenData is Open for a file's bytes already in memory (a file dropped
// on the browser page), named name (its extension chooses the format, as
// in Open). The size limits are Open's (Limit); a glTF file's buffers
// must be inside it (see readGLTF).
func OpenData(ctx context.Context, name string, data []byte, progress progressFunc) (*scene.Scene, error) {
	if n, limit := int64(len(data)), Limit(name); n > limit {
		return nil, &scene.Error{File: name, Err: fmt.Errorf("%w: %s, the limit is %s", scene.ErrTooLarge, safeopen.ByteSize(n), safeopen.ByteSize(limit))}
	}
	if strings.EqualFold(filepath.Ext(name), ".json") {
		s, err := scene.Parse(data)
		return s, scene.InFile(name, err)
	}
	var mesh scene.Mesh
	var err error
	switch strings.ToLower(filepath.Ext(name)) {
	case ".obj":
		var o objFile
		o, err = readOBJ(ctx, bytes.NewReader(data), name, int64(len(data)), progress)
		mesh = o.Mesh
	case ".gltf", ".glb":
		mesh, err = readGLTF(ctx, name, data, progress)
	default:
		err = &scene.Error{File: name, Err: fmt.Errorf("unsupported file type %q (want .json, .obj, .gltf or .glb)", filepath.Ext(name))}
	}
	if err == nil && len(mesh.Triangles) == 0 {
		err = &scene.Error{File: name, Err: errors.New("no triangles in the file")}
	}
	if err != nil {
		return nil, scene.InFile(name, err)
	}
	s, err := sceneAround(mesh, sceneName(name))
	return s, scene.InFile(name, err)
}

// Limit is the largest file Open reads for name, by its extension: a
// fixture min(scene.MaxFixtureSize, scene.MaxFileBytes), a level
// scene.MaxFileBytes.
func Limit(name string) int64 {
	if strings.EqualFold(filepath.Ext(name), ".json") {
		return min(scene.MaxFixtureSize, scene.MaxFileBytes)
	}
	return scene.MaxFileBytes
}

// sceneName is the file name without directory and extension.
func sceneName(path string) string {
	base := filepath.Base(path)
	if name := strings.TrimSuffix(base, filepath.Ext(base)); name != "" {
		return name
	}
	return "scene"
}

// sceneAround builds a scene for a loaded mesh: an ellipsoid with
// horizontal semi-axes r and vertical 1.6r, r = 3% of the diagonal of the
// mesh's bounds, starting above the highest vertex and moving along
// (1, -2, 0) through the centroid of the non-degenerate triangle nearest
// to the middle of the bounds (seen from above), ending 2r past it. The
// motion passes through a point of that triangle, so it hits something.
func sceneAround(mesh scene.Mesh, name string) (*scene.Scene, error) {
	s := &scene.Scene{Name: name, Mesh: mesh}
	// The mesh's own checks first (a placeholder name and ellipsoid pass, so
	// only the mesh can fail), so that middleTriangle sees valid indices.
	if err := (&scene.Scene{Name: "mesh", Mesh: mesh, Motion: sweep.Motion{Shape: sweep.EllipsoidShape(sweep.Sphere(1))}}).Validate(); err != nil {
		return nil, err
	}
	target, ok := middleTriangle(mesh)
	if !ok {
		return nil, errors.New("no triangle with non-zero area; nothing to collide with")
	}
	bounds := geom.EmptyAABB()
	for _, v := range mesh.Vertices {
		bounds = bounds.Extend(v)
	}
	r := float64(0.03 * geom.Len(bounds.Size()))
	s.Ellipsoid = sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{r, 0, 0}, {0, float64(1.6 * r), 0}, {0, 0, r}}}
	dir := geom.Normalize(mgl64.Vec3{1, -2, 0})
	// Back up along dir until the ellipsoid's bottom clears the top of the
	// mesh by r: start.y = bounds.Max.y + 2.6r.
	back := (bounds.Max[1] + float64(2.6*r) - target[1]) / -dir[1]
	s.Start = target.Sub(geom.Scale(dir, back))
	s.End = target.Add(geom.Scale(dir, float64(2*r)))
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return s, nil
}

// middleTriangle returns the centroid of the triangle with non-zero area
// whose centroid is nearest, in x and z, to the middle of all centroids'
// bounds.
func middleTriangle(mesh scene.Mesh) (mgl64.Vec3, bool) {
	tris := mesh.Tris()
	box := geom.EmptyAABB()
	for _, t := range tris {
		box = box.Extend(geom.Scale(t[0].Add(t[1]).Add(t[2]), 1.0/3))
	}
	mid := box.Center()
	best, bestD := mgl64.Vec3{}, math.Inf(1)
	for _, t := range tris {
		if geom.Len(geom.PlainCross(t[1].Sub(t[0]), t[2].Sub(t[0]))) == 0 {
			continue
		}
		c := geom.Scale(t[0].Add(t[1]).Add(t[2]), 1.0/3)
		if d := math.Hypot(c[0]-mid[0], c[2]-mid[2]); d < bestD {
			best, bestD = c, d
		}
	}
	return best, !math.IsInf(bestD, 1)
}
