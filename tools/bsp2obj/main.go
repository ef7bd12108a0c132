// Command bsp2obj writes the world geometry of a compiled Quake map (a
// BSP29 .bsp file, as qbsp writes it) as a Wavefront OBJ file, so that the
// debugger and the benchmarks can load real Quake-era levels
// (docs/performance.md, "Real levels against native Jolt"):
//
//	bsp2obj MAP.bsp OUT.obj
//
// It takes the faces of model 0 (the world; doors, lifts and other brush
// entities are left out), skips faces whose texture name starts with '*'
// (water, slime and lava, which a player passes through) and writes every
// face polygon as a fan of triangles from its first vertex, the way Quake
// engines draw them, wound counter-clockwise seen from the front (Quake
// winds faces clockwise; OBJ files, and the debugger's floor guess, want
// the front face counter-clockwise), so floors face up into the level.
// The vertices are the file's float32 vertices, written as the float64
// numbers they are (the shortest float32 text, "0.1", would read back as
// another float64), so that they read back exactly and the mesh keeps its
// float32 vertex storage; faces share them by index, as in the file.
// The polygons are the compiler's: split at BSP planes and with extra
// vertices on their edges where qbsp fixed T-junctions, so the fans have
// the long thin (and some degenerate) triangles a real level's collision
// mesh has.
//
// BSP29 layout (the lumps are read, never trusted: every index is checked):
// a header of version 29 and 15 (offset, length) lumps; lump 2 textures
// (count, offsets, then 16-byte names), 3 vertices (3 float32), 6 texinfo
// (40 bytes, texture index at 32), 7 faces (20 bytes: plane int16, side
// int16, first surfedge int32, count int16, texinfo int16, lighting),
// 12 edges (2 uint16), 13 surfedges (int32; negative: the edge reversed),
// 14 models (64 bytes: first face int32 at 56, face count at 60).
package main

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: bsp2obj MAP.bsp OUT.obj")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "bsp2obj:", err)
		os.Exit(1)
	}
}

func run(in, out string, log io.Writer) error {
	data, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	m, err := parse(data)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	f, err := os.OpenFile(out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if err := m.writeOBJ(f, in); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(log, "%s: %d faces (%d liquid skipped), %d triangles, %d vertices -> %s\n",
		in, m.faces, m.liquid, len(m.tris), len(m.verts), out)
	return nil
}

// bspMesh is the world's triangles over the file's vertices.
type bspMesh struct {
	verts         [][3]float32
	tris          [][3]int
	faces, liquid int
}

const (
	lumpTextures  = 2
	lumpVertices  = 3
	lumpTexinfo   = 6
	lumpFaces     = 7
	lumpEdges     = 12
	lumpSurfedges = 13
	lumpModels    = 14
	numLumps      = 15
)

var errBad = errors.New("not a valid BSP29 file")

func parse(data []byte) (bspMesh, error) {
	le := binary.LittleEndian
	if len(data) < 4+8*numLumps {
		return bspMesh{}, errBad
	}
	if v := le.Uint32(data); v != 29 {
		return bspMesh{}, fmt.Errorf("%w: version %d (only BSP29 is read)", errBad, v)
	}
	lump := func(i, size int) ([]byte, int, error) {
		off, n := int(int32(le.Uint32(data[4+8*i:]))), int(int32(le.Uint32(data[8+8*i:])))
		if off < 0 || n < 0 || off+n > len(data) || n%size != 0 {
			return nil, 0, fmt.Errorf("%w: lump %d out of range", errBad, i)
		}
		return data[off : off+n], n / size, nil
	}
	vb, nv, err := lump(lumpVertices, 12)
	if err != nil {
		return bspMesh{}, err
	}
	eb, ne, err := lump(lumpEdges, 4)
	if err != nil {
		return bspMesh{}, err
	}
	sb, ns, err := lump(lumpSurfedges, 4)
	if err != nil {
		return bspMesh{}, err
	}
	fb, nf, err := lump(lumpFaces, 20)
	if err != nil {
		return bspMesh{}, err
	}
	tib, nti, err := lump(lumpTexinfo, 40)
	if err != nil {
		return bspMesh{}, err
	}
	mb, nm, err := lump(lumpModels, 64)
	if err != nil {
		return bspMesh{}, err
	}
	texb, _, err := lump(lumpTextures, 1)
	if err != nil {
		return bspMesh{}, err
	}
	if nm < 1 {
		return bspMesh{}, fmt.Errorf("%w: no models", errBad)
	}
	var m bspMesh
	m.verts = make([][3]float32, nv)
	for i := range m.verts {
		for j := range 3 {
			x := math.Float32frombits(le.Uint32(vb[12*i+4*j:]))
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
				return bspMesh{}, fmt.Errorf("%w: vertex %d not finite", errBad, i)
			}
			m.verts[i][j] = x
		}
	}
	liquid := func(texinfo int) bool {
		if texinfo < 0 || texinfo >= nti || len(texb) < 4 {
			return false
		}
		tex := int(le.Uint32(tib[40*texinfo+32:]))
		count := int(int32(le.Uint32(texb)))
		if tex < 0 || tex >= count || 4+4*count > len(texb) {
			return false
		}
		off := int(int32(le.Uint32(texb[4+4*tex:])))
		return off >= 0 && off < len(texb) && texb[off] == '*'
	}
	first, count := int(int32(le.Uint32(mb[56:]))), int(int32(le.Uint32(mb[60:])))
	if first < 0 || count < 0 || first+count > nf {
		return bspMesh{}, fmt.Errorf("%w: world faces out of range", errBad)
	}
	poly := make([]int, 0, 64)
	for f := first; f < first+count; f++ {
		face := fb[20*f:]
		se, n, ti := int(int32(le.Uint32(face[4:]))), int(int16(le.Uint16(face[8:]))), int(int16(le.Uint16(face[10:])))
		if se < 0 || n < 3 || se+n > ns {
			return bspMesh{}, fmt.Errorf("%w: face %d's edges out of range", errBad, f)
		}
		m.faces++
		if liquid(ti) {
			m.liquid++
			continue
		}
		poly = poly[:0]
		for k := se; k < se+n; k++ {
			e := int(int32(le.Uint32(sb[4*k:])))
			end := 0
			if e < 0 {
				e, end = -e, 1
			}
			if e >= ne {
				return bspMesh{}, fmt.Errorf("%w: face %d's edge %d out of range", errBad, f, e)
			}
			v := int(le.Uint16(eb[4*e+2*end:]))
			if v >= nv {
				return bspMesh{}, fmt.Errorf("%w: edge %d's vertex out of range", errBad, e)
			}
			poly = append(poly, v)
		}
		for k := 1; k+1 < len(poly); k++ {
			m.tris = append(m.tris, [3]int{poly[0], poly[k+1], poly[k]})
		}
	}
	return m, nil
}

// writeOBJ writes the used vertices (renumbered in first-use order) and the
// triangles.
func (m bspMesh) writeOBJ(w io.Writer, src string) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# world faces of %s (bsp2obj): %d triangles\n", src, len(m.tris))
	index := make([]int, len(m.verts))
	next := 0
	for _, t := range m.tris {
		for _, v := range t {
			if index[v] == 0 {
				next++
				index[v] = next
				p := m.verts[v]
				bw.WriteString("v")
				for _, x := range p {
					bw.WriteByte(' ')
					bw.WriteString(strconv.FormatFloat(float64(x), 'g', -1, 64))
				}
				bw.WriteByte('\n')
			}
		}
	}
	for _, t := range m.tris {
		fmt.Fprintf(bw, "f %d %d %d\n", index[t[0]], index[t[1]], index[t[2]])
	}
	return bw.Flush()
}
