package scene

import (
	"bytes"
	"encoding/json"
	"maps"
	"math"
	"slices"
	"strconv"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/internal/shapejson"
)

// Marshal validates s and encodes it as a fixture, version 1 for an
// ellipsoid and 2 for a capsule or a box: the known fields in the order
// of docs/fixture-format.md (version, name, mesh, the shape, start, end,
// slide, expect), then the fields of Extra sorted by key, one vertex
// or triangle per line. Numbers are written in the shortest form that reads
// back to the same float64, so Marshal followed by Parse gives back the
// same scene. An invalid scene is not encoded; the error names the field.
func (s *Scene) Marshal() ([]byte, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return encode(s), nil
}

// encode writes s without validating it.
func encode(s *Scene) []byte {
	return encodeWith(s, encodeMesh(&s.Mesh))
}

// encodeMesh writes the value of the fixture's "mesh" field as encode
// writes it (from its opening brace up to the closing one, the vertices'
// and triangles' lines indented for their place in the scene).
func encodeMesh(m *Mesh) []byte {
	var b bytes.Buffer
	b.WriteString("{\n    \"vertices\": [")
	for i, v := range m.Vertices {
		writeSep(&b, i, "\n      ")
		writeVec(&b, v)
	}
	writeClose(&b, len(m.Vertices), "\n    ]")
	b.WriteString(",\n    \"triangles\": [")
	for i, t := range m.Triangles {
		writeSep(&b, i, "\n      ")
		b.WriteString("[" + strconv.Itoa(t[0]) + ", " + strconv.Itoa(t[1]) + ", " + strconv.Itoa(t[2]) + "]")
	}
	writeClose(&b, len(m.Triangles), "\n    ]")
	b.WriteString("\n  }")
	return b.Bytes()
}

// MeshJSON returns the scene's mesh as Marshal writes it, for
// MarshalWithMesh: a caller that keeps it while only the rest of the
// scene changes (a pose dragged on a big level) encodes the mesh once.
// An invalid mesh is not encoded; the error names the field.
func (s *Scene) MeshJSON() ([]byte, error) {
	if err := s.validateMesh(); err != nil {
		return nil, err
	}
	return encodeMesh(&s.Mesh), nil
}

// MarshalWithMesh is Marshal with the mesh already encoded: mesh must be
// what MeshJSON returned for a scene with the same mesh (it is written as
// it is and not checked again). The rest of the scene is validated as
// Marshal does.
func (s *Scene) MarshalWithMesh(mesh []byte) ([]byte, error) {
	if err := s.validate(false); err != nil {
		return nil, err
	}
	return encodeWith(s, mesh), nil
}

// encodeWith writes s with mesh as the value of its "mesh" field.
func encodeWith(s *Scene, mesh []byte) []byte {
	var b bytes.Buffer
	b.Grow(len(mesh) + 1024)
	b.WriteString("{\n")
	b.WriteString("  \"version\": " + strconv.Itoa(versionOf(s.Kind)) + ",\n")
	b.WriteString("  \"name\": ")
	writeString(&b, s.Name)
	b.WriteString(",\n  \"mesh\": ")
	b.Write(mesh)
	b.WriteString(",\n  ")
	shape, _ := shapejson.Append(b.AvailableBuffer(), s.Shape, fixtureStyle) // validated: finite
	b.Write(shape)
	b.WriteString(",\n  \"start\": ")
	writeVec(&b, s.Start)
	b.WriteString(",\n  \"end\": ")
	writeVec(&b, s.End)
	if !s.Slide.IsZero() {
		b.WriteString(",\n  \"slide\": {\"maxIterations\": " + strconv.Itoa(s.Slide.MaxIterations) + ", \"skin\": ")
		b.Write(appendFloat(nil, s.Slide.Skin))
		b.WriteString("}")
	}
	if s.Expect != nil {
		b.WriteString(",\n  \"expect\": ")
		writeExpect(&b, s.Expect)
	}
	for _, key := range slices.Sorted(maps.Keys(s.Extra)) {
		b.WriteString(",\n  ")
		writeString(&b, key)
		b.WriteString(": ")
		b.Write(s.Extra[key])
	}
	b.WriteString("\n}\n")
	return b.Bytes()
}

// fixtureStyle lays a shape out as a fixture writes it:
// "ellipsoid": {"axes": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]}.
var fixtureStyle = shapejson.Style{Sep: ", ", Colon: ": ", Num: appendFloat}

// writeExpect writes the present fields of e on one line, in the order of
// docs/fixture-format.md.
func writeExpect(b *bytes.Buffer, e *Expect) {
	n := 0
	field := func(key string) {
		writeSep(b, n, "")
		n++
		b.WriteString("\"" + key + "\": ")
	}
	b.WriteString("{")
	if e.Hit != nil {
		field("hit")
		b.WriteString(strconv.FormatBool(*e.Hit))
	}
	if e.T != nil {
		field("t")
		b.Write(appendFloat(nil, *e.T))
	}
	vecs := []struct {
		key string
		v   *mgl64.Vec3
	}{{"point", e.Point}, {"normal", e.Normal}}
	for _, f := range vecs {
		if f.v != nil {
			field(f.key)
			writeVec(b, *f.v)
		}
	}
	if e.Feature != nil {
		field("feature")
		writeString(b, *e.Feature)
	}
	if e.Triangle != nil {
		field("triangle")
		b.WriteString(strconv.Itoa(*e.Triangle))
	}
	if e.Final != nil {
		field("final")
		writeVec(b, *e.Final)
	}
	if e.Tolerance != nil {
		field("tolerance")
		b.Write(appendFloat(nil, *e.Tolerance))
	}
	b.WriteString("}")
}

// writeSep writes ", " before every element but the first, followed by
// indent (a newline and spaces for one-per-line arrays).
func writeSep(b *bytes.Buffer, i int, indent string) {
	if i > 0 {
		b.WriteString(",")
		if indent == "" {
			b.WriteString(" ")
		}
	}
	b.WriteString(indent)
}

// writeClose closes a one-per-line array; an empty one stays "[]".
func writeClose(b *bytes.Buffer, n int, closing string) {
	if n == 0 {
		b.WriteString("]")
		return
	}
	b.WriteString(closing)
}

func writeVec(b *bytes.Buffer, v mgl64.Vec3) {
	buf := make([]byte, 0, 64)
	buf = append(buf, '[')
	for i, x := range v {
		if i > 0 {
			buf = append(buf, ", "...)
		}
		buf = appendFloat(buf, x)
	}
	b.Write(append(buf, ']'))
}

func writeString(b *bytes.Buffer, s string) {
	q, _ := json.Marshal(s) // a Go string always marshals
	b.Write(q)
}

// appendFloat appends f as encoding/json writes a float64: the shortest
// decimal that reads back to the same value, in plain notation for
// 1e-6 <= |f| < 1e21 and exponent notation (e-7, e+21) otherwise.
func appendFloat(b []byte, f float64) []byte {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// Trim a leading zero of a two-digit negative exponent: e-07 -> e-7.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}
