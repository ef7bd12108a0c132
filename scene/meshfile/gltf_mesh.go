package meshfile

import (
	"sweepdbg/geom"

	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"sweepdbg/scene"
)

// gltfInstance is a mesh placed in the world by a node.
type gltfInstance struct {
	mesh  int
	world mgl64.Mat4
}

// instances walks the node hierarchy of the scene to load and returns every
// mesh it places, with its world transform.
func (l *gltfLoader) instances() ([]gltfInstance, error) {
	d := &l.doc
	if len(d.Nodes) == 0 {
		out := make([]gltfInstance, len(d.Meshes))
		for i := range out {
			out[i] = gltfInstance{mesh: i, world: mgl64.Ident4()}
		}
		return out, nil
	}
	roots, field, err := l.rootNodes()
	if err != nil {
		return nil, err
	}
	// An explicit stack, not recursion: a hostile file may nest nodes a
	// million deep.
	type visit struct {
		node, parent, slot int // parent -1: a root, slot its place in roots
		world              mgl64.Mat4
	}
	stack := make([]visit, 0, len(roots))
	for k := len(roots) - 1; k >= 0; k-- {
		stack = append(stack, visit{roots[k], -1, k, mgl64.Ident4()})
	}
	seen := make([]bool, len(d.Nodes))
	var out []gltfInstance
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		where := fmt.Sprintf("%s[%d]", field, v.slot)
		if v.parent >= 0 {
			where = fmt.Sprintf("nodes[%d].children[%d]", v.parent, v.slot)
		}
		if v.node < 0 || v.node >= len(d.Nodes) {
			return nil, l.errorf("%s: node %d out of range (%d nodes)", where, v.node, len(d.Nodes))
		}
		if seen[v.node] {
			return nil, l.errorf("%s: nodes[%d] is reached twice (the node hierarchy must be a tree)", where, v.node)
		}
		seen[v.node] = true
		n := d.Nodes[v.node]
		if n == nil {
			return nil, l.errorf("nodes[%d]: null", v.node)
		}
		local, err := gltfNodeMatrix(n)
		if err != nil {
			return nil, l.errorf("nodes[%d]: %w", v.node, err)
		}
		world := geom.MulMat4(v.world, local)
		if n.Mesh != nil {
			if *n.Mesh < 0 || *n.Mesh >= len(d.Meshes) {
				return nil, l.errorf("nodes[%d].mesh: mesh %d out of range (%d meshes)", v.node, *n.Mesh, len(d.Meshes))
			}
			out = append(out, gltfInstance{mesh: *n.Mesh, world: world})
		}
		for k := len(n.Children) - 1; k >= 0; k-- {
			stack = append(stack, visit{n.Children[k], v.node, k, world})
		}
	}
	return out, nil
}

// rootNodes returns the root nodes to load and the field they come from:
// the default scene's, scene 0's when none is named, or every node that is
// no other node's child when the file has no scenes.
func (l *gltfLoader) rootNodes() ([]int, string, error) {
	d := &l.doc
	s := 0
	switch {
	case d.Scene != nil:
		s = *d.Scene
		if s < 0 || s >= len(d.Scenes) {
			return nil, "", l.errorf("scene: scene %d out of range (%d scenes)", s, len(d.Scenes))
		}
	case len(d.Scenes) == 0:
		child := make([]bool, len(d.Nodes))
		for _, n := range d.Nodes {
			if n == nil {
				continue // reported if reached
			}
			for _, c := range n.Children {
				if c >= 0 && c < len(child) {
					child[c] = true
				}
			}
		}
		var roots []int
		for i, c := range child {
			if !c {
				roots = append(roots, i)
			}
		}
		return roots, "root nodes", nil
	}
	if d.Scenes[s] == nil {
		return nil, "", l.errorf("scenes[%d]: null", s)
	}
	return d.Scenes[s].Nodes, fmt.Sprintf("scenes[%d].nodes", s), nil
}

// gltfAffineTol is how far a node matrix's bottom row may be from
// (0, 0, 0, 1) and still count as affine: exporters write float32 values,
// whose rounding is about 6e-8, so 1e-6 accepts their noise and nothing
// else.
const gltfAffineTol = 1e-6

// gltfNodeMatrix returns a node's local transform: its matrix when it has
// one, else translation * rotation * scale (glTF 2.0 specification,
// "Transformations").
func gltfNodeMatrix(n *gltf.Node) (mgl64.Mat4, error) {
	for _, x := range slices.Concat(n.Matrix[:], n.Translation[:], n.Rotation[:], n.Scale[:]) {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return mgl64.Mat4{}, errors.New("transform is not finite")
		}
	}
	if n.Matrix != gltf.DefaultMatrix {
		m := mgl64.Mat4(n.Matrix) // both column-major
		if math.Abs(m[3]) > gltfAffineTol || math.Abs(m[7]) > gltfAffineTol ||
			math.Abs(m[11]) > gltfAffineTol || math.Abs(m[15]-1) > gltfAffineTol {
			return mgl64.Mat4{}, fmt.Errorf("matrix is not affine (bottom row %v %v %v %v)", m[3], m[7], m[11], m[15])
		}
		return m, nil
	}
	t, r, s := n.Translation, n.Rotation, n.Scale
	q := geom.QuatNormalize(mgl64.Quat{W: r[3], V: mgl64.Vec3{r[0], r[1], r[2]}}) // a zero quaternion becomes the identity
	return geom.MulMat4(geom.MulMat4(mgl64.Translate3D(t[0], t[1], t[2]), geom.QuatMat4(q)), mgl64.Scale3D(s[0], s[1], s[2])), nil
}

// gltfPrim is one triangle primitive to load, checked and counted.
type gltfPrim struct {
	inst       gltfInstance
	mesh, prim int // indices, for error messages
	mode       gltf.PrimitiveMode
	pos, idx   int // accessor indices; idx -1 when not indexed
	verts      int // vertices it adds
	tris       int // triangles it adds
}

// gltfPlan is everything to load, checked against the file before any
// buffer is read or anything allocated for it.
type gltfPlan struct {
	prims       []gltfPrim
	buffers     []bool // which buffers the primitives read
	verts, tris int
}

// plan checks every triangle primitive of the instances, counts what it will
// add, and marks the buffers it reads.
func (l *gltfLoader) plan(inst []gltfInstance) (gltfPlan, error) {
	d := &l.doc
	p := gltfPlan{buffers: make([]bool, len(d.Buffers))}
	for _, in := range inst {
		m := d.Meshes[in.mesh]
		if m == nil {
			return p, l.errorf("meshes[%d]: null", in.mesh)
		}
		for k, prim := range m.Primitives {
			where := fmt.Sprintf("meshes[%d].primitives[%d]", in.mesh, k)
			if prim == nil {
				return p, l.errorf("%s: null", where)
			}
			switch prim.Mode {
			case gltf.PrimitiveTriangles, gltf.PrimitiveTriangleStrip, gltf.PrimitiveTriangleFan:
			default:
				continue // points and lines have nothing to collide with
			}
			gp, err := l.planPrim(in, in.mesh, k, prim)
			if err != nil {
				return p, l.errorf("%s: %w", where, err)
			}
			if p.verts+gp.verts > scene.MaxVertices {
				return p, l.errorf("%s: %w: more than %d vertices", where, scene.ErrMeshTooLarge, scene.MaxVertices)
			}
			if p.tris+gp.tris > scene.MaxTriangles {
				return p, l.errorf("%s: %w: more than %d triangles", where, scene.ErrMeshTooLarge, scene.MaxTriangles)
			}
			p.verts += gp.verts
			p.tris += gp.tris
			p.prims = append(p.prims, gp)
			for _, a := range []int{gp.pos, gp.idx} {
				if a >= 0 && d.Accessors[a].BufferView != nil {
					p.buffers[d.BufferViews[*d.Accessors[a].BufferView].Buffer] = true
				}
			}
		}
	}
	return p, nil
}

// planPrim checks one triangle primitive's accessors and counts it.
func (l *gltfLoader) planPrim(in gltfInstance, mesh, k int, prim *gltf.Primitive) (gltfPrim, error) {
	gp := gltfPrim{inst: in, mesh: mesh, prim: k, mode: prim.Mode, idx: -1}
	var ok bool
	if gp.pos, ok = prim.Attributes[gltf.POSITION]; !ok {
		return gp, errors.New("no POSITION attribute")
	}
	pos, err := l.checkAccessor(gp.pos, gltf.AccessorVec3,
		gltf.ComponentFloat, gltf.ComponentByte, gltf.ComponentUbyte, gltf.ComponentShort, gltf.ComponentUshort)
	if err != nil {
		return gp, fmt.Errorf("POSITION: %w", err)
	}
	gp.verts = pos.Count
	corners := pos.Count
	if prim.Indices != nil {
		gp.idx = *prim.Indices
		idx, err := l.checkAccessor(gp.idx, gltf.AccessorScalar,
			gltf.ComponentUbyte, gltf.ComponentUshort, gltf.ComponentUint)
		if err != nil {
			return gp, fmt.Errorf("indices: %w", err)
		}
		corners = idx.Count
	}
	if gp.mode == gltf.PrimitiveTriangles {
		gp.tris = corners / 3 // an incomplete last triangle is dropped
	} else {
		gp.tris = max(corners-2, 0)
	}
	return gp, nil
}

// gltfMaxStride is the largest byteStride glTF allows (the schema of
// bufferView.byteStride: 4 to 252).
const gltfMaxStride = 252

// checkAccessor checks that accessor i exists, has the wanted type and an
// allowed component type, and that all of its count elements lie inside its
// buffer view, which lies inside its buffer, by the declared byteLengths
// (loadBuffers makes sure those bytes are really there), so no count asks
// for more than the file holds. It allocates nothing.
func (l *gltfLoader) checkAccessor(i int, typ gltf.AccessorType, comps ...gltf.ComponentType) (*gltf.Accessor, error) {
	d := &l.doc
	if i < 0 || i >= len(d.Accessors) {
		return nil, fmt.Errorf("accessor %d out of range (%d accessors)", i, len(d.Accessors))
	}
	a := d.Accessors[i]
	switch {
	case a == nil:
		return nil, fmt.Errorf("accessors[%d]: null", i)
	case a.Type != typ:
		return nil, fmt.Errorf("accessors[%d].type is %s, want %s", i, a.Type, typ)
	case !slices.Contains(comps, a.ComponentType):
		return nil, fmt.Errorf("accessors[%d].componentType %s is not allowed here", i, a.ComponentType)
	case a.Sparse != nil:
		return nil, fmt.Errorf("accessors[%d].sparse: sparse accessors are not supported", i)
	case a.Count < 0:
		return nil, fmt.Errorf("accessors[%d].count %d is negative", i, a.Count)
	case a.BufferView == nil && a.Count > 0:
		// The specification reads this as count zeros (to be patched by
		// sparse data, which is not supported). No data backs such a
		// count, so a 200-byte file could ask for gigabytes of zeros, and
		// all-zero positions or indices make only degenerate triangles.
		return nil, fmt.Errorf("accessors[%d]: %d elements but no bufferView (no data to read)", i, a.Count)
	case a.BufferView == nil:
		return a, nil
	}
	v := *a.BufferView
	if v < 0 || v >= len(d.BufferViews) || d.BufferViews[v] == nil {
		return nil, fmt.Errorf("accessors[%d].bufferView: no bufferView %d (%d bufferViews)", i, v, len(d.BufferViews))
	}
	bv := d.BufferViews[v]
	if bv.Buffer < 0 || bv.Buffer >= len(d.Buffers) {
		return nil, fmt.Errorf("bufferViews[%d].buffer: no buffer %d (%d buffers)", v, bv.Buffer, len(d.Buffers))
	}
	size := d.Buffers[bv.Buffer].ByteLength // in [0, gltfMaxBuffer], checked by checkBuffers
	if bv.ByteOffset < 0 || bv.ByteLength < 0 || bv.ByteOffset > size || bv.ByteLength > size-bv.ByteOffset {
		return nil, fmt.Errorf("bufferViews[%d]: bytes %d to %d+%d are outside buffers[%d] (%d bytes)",
			v, bv.ByteOffset, bv.ByteOffset, bv.ByteLength, bv.Buffer, size)
	}
	elem := gltf.SizeOfElement(a.ComponentType, a.Type)
	stride := bv.ByteStride
	if stride == 0 {
		stride = elem
	}
	if stride < elem || stride > gltfMaxStride {
		return nil, fmt.Errorf("bufferViews[%d].byteStride %d is invalid for %d-byte elements", v, bv.ByteStride, elem)
	}
	// All values are now at most gltfMaxBuffer, so nothing below overflows.
	avail := bv.ByteLength - a.ByteOffset
	if a.ByteOffset < 0 || avail < 0 || (a.Count > 0 && (avail < elem || a.Count-1 > (avail-elem)/stride)) {
		return nil, fmt.Errorf("accessors[%d]: %d elements of %d bytes (stride %d) from byteOffset %d do not fit in the %d bytes of bufferViews[%d]",
			i, a.Count, elem, stride, a.ByteOffset, bv.ByteLength, v)
	}
	return a, nil
}

// build reads the planned primitives into l.mesh.
func (l *gltfLoader) build(p gltfPlan) error {
	l.mesh = scene.Mesh{
		Vertices:  make([]mgl64.Vec3, 0, p.verts),
		Triangles: make([][3]int, 0, p.tris),
	}
	for _, gp := range p.prims {
		if err := loadCancelled(l.ctx, l.path); err != nil {
			return err
		}
		if err := l.buildPrim(gp); err != nil {
			return l.errorf("meshes[%d].primitives[%d]: %w", gp.mesh, gp.prim, err)
		}
		l.meter.report(gltfBuffersDone + (1-gltfBuffersDone)*float64(len(l.mesh.Triangles))/float64(max(p.tris, 1)))
	}
	return nil
}

// buildPrim appends one primitive's vertices, transformed to the world and
// rounded to float32 (roundFloat32), and its triangles.
func (l *gltfLoader) buildPrim(gp gltfPrim) error {
	d := &l.doc
	local, err := gltfPositions(d, gp.pos)
	if err != nil {
		return fmt.Errorf("POSITION: %w", err)
	}
	base := len(l.mesh.Vertices)
	for k, v := range local {
		w := geom.MulVec4(gp.inst.world, v.Vec4(1)).Vec3()
		if !gltfInRange(w) {
			return fmt.Errorf("POSITION %d: %v is not finite or beyond ±%g after the node transform", k, v, float64(scene.MaxCoordinate))
		}
		l.mesh.Vertices = append(l.mesh.Vertices, roundFloat32(w))
	}
	corner := func(k int) int { return k } // not indexed: the k-th corner is vertex k
	if gp.idx >= 0 {
		idx, err := modeler.ReadIndices(d, d.Accessors[gp.idx], nil)
		if err != nil {
			return fmt.Errorf("indices: accessors[%d]: %w", gp.idx, err)
		}
		for k, i := range idx {
			if int64(i) >= int64(len(local)) {
				return fmt.Errorf("indices: accessors[%d]: index %d at %d out of range (%d vertices)", gp.idx, i, k, len(local))
			}
		}
		corner = func(k int) int { return int(idx[k]) }
	}
	for t := range gp.tris {
		var tri [3]int
		switch gp.mode {
		case gltf.PrimitiveTriangles:
			tri = [3]int{corner(3 * t), corner(3*t + 1), corner(3*t + 2)}
		case gltf.PrimitiveTriangleStrip: // odd triangles flipped to keep the winding, as the specification says
			tri = [3]int{corner(t), corner(t + 1 + t%2), corner(t + 2 - t%2)}
		case gltf.PrimitiveTriangleFan:
			tri = [3]int{corner(t + 1), corner(t + 2), corner(0)}
		}
		l.mesh.Triangles = append(l.mesh.Triangles, [3]int{base + tri[0], base + tri[1], base + tri[2]})
	}
	return nil
}

// gltfPositions reads a checked VEC3 position accessor as float64 and
// refuses NaN and infinities. Integer components are used as they are, or,
// when the accessor is normalized, mapped as the specification says:
// max(c/127, -1) for bytes, c/255, max(c/32767, -1), c/65535.
func gltfPositions(d *gltf.Document, i int) ([]mgl64.Vec3, error) {
	a := d.Accessors[i]
	raw, err := modeler.ReadAccessor(d, a, nil)
	if err != nil {
		return nil, fmt.Errorf("accessors[%d]: %w", i, err)
	}
	// norm maps a component c to max(c/div, low) when the accessor is
	// normalized, and leaves it as it is otherwise.
	norm := func(div, low float64) func(float64) float64 {
		if !a.Normalized {
			return nil
		}
		return func(c float64) float64 { return max(c/div, low) }
	}
	var out []mgl64.Vec3
	switch raw := raw.(type) {
	case [][3]float32:
		out = gltfVec3s(raw, nil)
	case [][3]int8:
		out = gltfVec3s(raw, norm(127, -1))
	case [][3]uint8:
		out = gltfVec3s(raw, norm(255, 0))
	case [][3]int16:
		out = gltfVec3s(raw, norm(32767, -1))
	case [][3]uint16:
		out = gltfVec3s(raw, norm(65535, 0))
	default:
		return nil, fmt.Errorf("accessors[%d]: unexpected data %T", i, raw)
	}
	for k, v := range out {
		if !gltfFinite(v) {
			return nil, fmt.Errorf("accessors[%d]: position %d is not finite", i, k)
		}
	}
	return out, nil
}

// gltfVec3s converts components to float64, through conv unless it is nil.
func gltfVec3s[T int8 | uint8 | int16 | uint16 | float32](src [][3]T, conv func(float64) float64) []mgl64.Vec3 {
	out := make([]mgl64.Vec3, len(src))
	for k, s := range src {
		for j, c := range s {
			out[k][j] = float64(c)
			if conv != nil {
				out[k][j] = conv(out[k][j])
			}
		}
	}
	return out
}

// roundFloat32 rounds each coordinate of a world position to the nearest
// float32 (ties to even). glTF stores positions as float32 and an engine's
// collision mesh holds its world vertices as float32, so a level's
// vertices are the float64 product of the node transforms, rounded once:
// the triangles an engine that bakes the level holds, never digits the
// file did not have (docs/architecture.md, "A level's vertices"). Inputs
// are within scene.MaxCoordinate (gltfInRange), so the result is finite.
func roundFloat32(w mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{float64(float32(w[0])), float64(float32(w[1])), float64(float32(w[2]))}
}

// gltfInRange reports whether every component of v is within
// scene.MaxCoordinate (so finite, and not NaN).
func gltfInRange(v mgl64.Vec3) bool {
	for _, x := range v {
		if !(math.Abs(x) <= scene.MaxCoordinate) {
			return false
		}
	}
	return true
}

func gltfFinite(v mgl64.Vec3) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}
