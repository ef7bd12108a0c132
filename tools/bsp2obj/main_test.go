package main

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bsp29 builds a minimal BSP29 file: a unit-ish square floor (z = 0.1,
// not an integer: it must read back exactly) as one face with texture
// "floor", and a triangle with texture "*water".
func bsp29() []byte {
	le := binary.LittleEndian
	verts := [][3]float32{{0, 0, 0.1}, {64, 0, 0.1}, {64, 64, 0.1}, {0, 64, 0.1}, {0, 0, 8}, {8, 0, 8}, {8, 8, 8}}
	// Edges 1-4 around the square, 5-7 around the water triangle (edge 0 unused, as in qbsp).
	edges := [][2]uint16{{0, 0}, {0, 1}, {1, 2}, {2, 3}, {3, 0}, {4, 5}, {5, 6}, {6, 4}}
	// Quake winds faces clockwise seen from the front: the floor, seen from
	// above, goes 0, 3, 2, 1 (edge 4 reversed, 3 reversed, ...).
	surf := []int32{-4, -3, -2, -1, 5, 6, 7}
	lumps := make([][]byte, numLumps)
	var b bytes.Buffer
	// textures: 2 textures, names at their offsets
	tex := make([]byte, 4+8+2*40)
	le.PutUint32(tex, 2)
	le.PutUint32(tex[4:], 12)
	le.PutUint32(tex[8:], 52)
	copy(tex[12:], "floor")
	copy(tex[52:], "*water")
	lumps[lumpTextures] = tex
	for _, v := range verts {
		for _, x := range v {
			binary.Write(&b, le, math.Float32bits(x))
		}
	}
	lumps[lumpVertices] = append([]byte(nil), b.Bytes()...)
	b.Reset()
	for _, e := range edges {
		binary.Write(&b, le, e)
	}
	lumps[lumpEdges] = append([]byte(nil), b.Bytes()...)
	b.Reset()
	binary.Write(&b, le, surf)
	lumps[lumpSurfedges] = append([]byte(nil), b.Bytes()...)
	b.Reset()
	ti := make([]byte, 80)
	le.PutUint32(ti[32:], 0)
	le.PutUint32(ti[72:], 1)
	lumps[lumpTexinfo] = ti
	faces := make([]byte, 40)
	le.PutUint32(faces[4:], 0)
	le.PutUint16(faces[8:], 4)
	le.PutUint16(faces[10:], 0)
	le.PutUint32(faces[24:], 4)
	le.PutUint16(faces[28:], 3)
	le.PutUint16(faces[30:], 1)
	lumps[lumpFaces] = faces
	model := make([]byte, 64)
	le.PutUint32(model[56:], 0)
	le.PutUint32(model[60:], 2)
	lumps[lumpModels] = model
	out := make([]byte, 4+8*numLumps)
	le.PutUint32(out, 29)
	for i, l := range lumps {
		le.PutUint32(out[4+8*i:], uint32(len(out)))
		le.PutUint32(out[8+8*i:], uint32(len(l)))
		out = append(out, l...)
	}
	return out
}

// TestConvert converts the minimal map: the floor's two fan triangles,
// wound counter-clockwise seen from above (normal +Z), the water left out,
// the non-integer coordinate written as the float64 it is.
func TestConvert(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "m.bsp"), filepath.Join(dir, "m.obj")
	if err := os.WriteFile(in, bsp29(), 0o644); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	if err := run(in, out, &log); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "2 faces (1 liquid skipped), 2 triangles") {
		t.Errorf("log %q", log.String())
	}
	data, _ := os.ReadFile(out)
	want := "v 0 0 0.10000000149011612\nv 64 64 0.10000000149011612\nv 0 64 0.10000000149011612\nv 64 0 0.10000000149011612\nf 1 2 3\nf 1 4 2\n"
	if got := string(data[strings.Index(string(data), "\n")+1:]); got != want {
		t.Errorf("OBJ:\n%s\nwant:\n%s", got, want)
	}
	if err := run(in, out, &log); err == nil {
		t.Error("an existing OBJ was overwritten")
	}
	bad := bsp29()
	binary.LittleEndian.PutUint32(bad, 30)
	if _, err := parse(bad); err == nil {
		t.Error("version 30 accepted")
	}
	if _, err := parse(bad[:20]); err == nil {
		t.Error("a truncated header accepted")
	}
}
