package meshfile

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/internal/safeopen"
	"sweepdbg/scene"
)

// objFile is what loadOBJ keeps of a Wavefront OBJ file: its triangles and the
// names its `o` and `g` lines give to runs of them.
type objFile struct {
	Mesh scene.Mesh
	// Objects has one entry per `o` line, in file order.
	Objects []objPart
	// Groups has one entry per `g` line, in file order; a line naming
	// several groups (`g wall north`) gives one entry named "wall north".
	Groups []objPart
}

// objPart names a run of triangles, Mesh.Triangles[Start:End]: those whose
// `f` lines follow the naming line, up to the next line of the same kind or
// the end of the file. The run may be empty.
type objPart struct {
	Name       string
	Start, End int
}

// objLineMax is the longest line the OBJ reader accepts (64 MiB); a longer
// one is an error rather than an unbounded buffer.
const objLineMax = 64 << 20

// objPresizeMax is the most vertices or triangles presize reserves room for
// (about 100 MB of each); larger files grow the slices as they go.
const objPresizeMax = 1 << 22

// objCheckEvery is how many lines the OBJ reader parses between looks at the
// context and progress reports: often enough to cancel within milliseconds,
// rarely enough to cost nothing measurable.
const objCheckEvery = 1 << 13

// loadOBJ reads the Wavefront OBJ file at path; see readOBJ. A path that is
// not a regular file (a FIFO, a device, a directory) is refused without
// blocking (scene.ErrNotRegular), and a file over scene.MaxFileBytes without being read
// (scene.ErrTooLarge).
func loadOBJ(ctx context.Context, path string, progress progressFunc) (objFile, error) {
	if err := loadCancelled(ctx, path); err != nil {
		return objFile{}, err
	}
	f, size, err := openFile(path, scene.MaxFileBytes)
	if err != nil {
		return objFile{}, err
	}
	defer f.Close()
	return readOBJ(ctx, f, path, size, progress)
}

// readOBJ parses a Wavefront OBJ stream. Errors are *Error values with File
// set to name and Line to the line; name is used in errors only
// ("level.obj:123: face index 40 out of range (31 vertices)"); size is the
// stream's length in bytes, for progress and for pre-sizing, or 0 when
// unknown. Progress is reported by bytes read.
//
// Read: `v x y z` (float64; a fourth weight or vertex colours after the
// three coordinates are ignored), `f` lines in the forms v, v/vt, v//vn and
// v/vt/vn with 1-based or negative (relative) indices, polygons being
// fan-triangulated from their first vertex, and the `o` and `g` names.
// Comments (#) and every other statement (vt, vn, usemtl, mtllib, s, l, p,
// ...) are skipped. Errors: a coordinate that is not a number, not finite
// or beyond ±scene.MaxCoordinate,
// a vertex with fewer than three coordinates, a face with fewer than three
// vertices, a face index that is 0, malformed or out of range (an index may
// only name a vertex defined above it), and more than scene.MaxVertices or
// scene.MaxTriangles. Cancelling ctx stops the read with an error wrapping
// ctx.Err().
func readOBJ(ctx context.Context, r io.Reader, name string, size int64, progress progressFunc) (objFile, error) {
	if err := loadCancelled(ctx, name); err != nil {
		return objFile{}, err
	}
	var p objParser
	p.presize(size)
	meter := loadMeter{progress: progress}
	cr := &loadCountingReader{r: r}
	sc := bufio.NewScanner(cr)
	sc.Buffer(make([]byte, 256<<10), objLineMax)
	for sc.Scan() {
		p.line++
		if p.line%objCheckEvery == 0 {
			if err := loadCancelled(ctx, name); err != nil {
				return objFile{}, err
			}
			if size > 0 {
				meter.report(float64(cr.n) / float64(size))
			}
		}
		if err := p.parseLine(sc.Bytes()); err != nil {
			return objFile{}, &scene.Error{File: name, Line: p.line, Err: err}
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return objFile{}, &scene.Error{File: name, Line: p.line + 1, Err: fmt.Errorf("line longer than %s", safeopen.ByteSize(objLineMax))}
		}
		return objFile{}, &scene.Error{File: name, Err: fmt.Errorf("read: %w", safeopen.UnwrapPath(err))}
	}
	p.closePart(p.obj.Objects)
	p.closePart(p.obj.Groups)
	meter.finish()
	return p.obj, nil
}

// objParser holds the state of one readOBJ.
type objParser struct {
	line int
	obj  objFile
	face []int // the current face's vertex indices, 0-based; reused
}

// presize reserves room for a file of size bytes, guessing 64 bytes per
// vertex and 32 per triangle (a `v` line is about 30 bytes, an `f` line 20
// to 40, and a vertex is shared by about two triangles): a little more than
// plain v/f files need, so they never grow the slices. It reserves at most
// objPresizeMax of each, so that a huge file of comments costs little.
func (p *objParser) presize(size int64) {
	if size <= 0 {
		return
	}
	nv := min(size/64, objPresizeMax)
	nt := min(size/32, objPresizeMax)
	p.obj.Mesh.Vertices = make([]mgl64.Vec3, 0, nv)
	p.obj.Mesh.Triangles = make([][3]int, 0, nt)
}

// parseLine handles one line, without its newline.
func (p *objParser) parseLine(line []byte) error {
	rest := objTrimSpace(line)
	if len(rest) == 0 || rest[0] == '#' {
		return nil
	}
	keyword, rest := objField(rest)
	switch string(keyword) { // no allocation: the compiler switches on the bytes
	case "v":
		return p.vertex(rest)
	case "f":
		return p.facet(rest)
	case "o":
		p.obj.Objects = p.startPart(p.obj.Objects, rest)
	case "g":
		p.obj.Groups = p.startPart(p.obj.Groups, rest)
	}
	return nil
}

// vertex parses the fields after `v`.
func (p *objParser) vertex(rest []byte) error {
	if len(p.obj.Mesh.Vertices) >= scene.MaxVertices {
		return fmt.Errorf("%w: more than %d vertices", scene.ErrMeshTooLarge, scene.MaxVertices)
	}
	var v mgl64.Vec3
	for i := range v {
		var field []byte
		field, rest = objField(rest)
		if len(field) == 0 {
			return fmt.Errorf("vertex needs 3 coordinates, has %d", i)
		}
		x, err := objFloat(field)
		if err != nil {
			return err
		}
		v[i] = x
	}
	p.obj.Mesh.Vertices = append(p.obj.Mesh.Vertices, v)
	return nil
}

// facet parses the fields after `f` and fan-triangulates the polygon.
func (p *objParser) facet(rest []byte) error {
	p.face = p.face[:0]
	for {
		var field []byte
		field, rest = objField(rest)
		if len(field) == 0 {
			break
		}
		i, err := p.faceIndex(field)
		if err != nil {
			return err
		}
		p.face = append(p.face, i)
	}
	if len(p.face) < 3 {
		return fmt.Errorf("face needs at least 3 vertices, has %d", len(p.face))
	}
	if len(p.obj.Mesh.Triangles)+len(p.face)-2 > scene.MaxTriangles {
		return fmt.Errorf("%w: more than %d triangles", scene.ErrMeshTooLarge, scene.MaxTriangles)
	}
	for k := 1; k+1 < len(p.face); k++ {
		p.obj.Mesh.Triangles = append(p.obj.Mesh.Triangles, [3]int{p.face[0], p.face[k], p.face[k+1]})
	}
	return nil
}

// faceIndex parses one face vertex (v, v/vt, v//vn or v/vt/vn) and returns
// its 0-based position index. The texture and normal indices are checked
// for syntax only, since they are not kept.
func (p *objParser) faceIndex(field []byte) (int, error) {
	k, rest, ok := objLeadingInt(field)
	// Up to two more parts, each "/" followed by an optional integer.
	for part := 0; ok && len(rest) > 0; part++ {
		if part == 2 || rest[0] != '/' {
			ok = false
			break
		}
		if _, after, isInt := objLeadingInt(rest[1:]); isInt {
			rest = after
		} else {
			rest = rest[1:]
		}
	}
	if !ok {
		return 0, fmt.Errorf("bad face vertex %q", field)
	}
	n := len(p.obj.Mesh.Vertices)
	i := k - 1 // 1-based
	if k < 0 {
		i = n + k // -1 is the last vertex so far
	}
	if k == 0 || i < 0 || i >= n {
		return 0, fmt.Errorf("face index %d out of range (%d vertices)", k, n)
	}
	return i, nil
}

// startPart closes the open part of parts (if any) and opens one named by
// the rest of the line.
func (p *objParser) startPart(parts []objPart, rest []byte) []objPart {
	p.closePart(parts)
	at := len(p.obj.Mesh.Triangles)
	return append(parts, objPart{Name: string(objTrimSpace(rest)), Start: at, End: -1})
}

// closePart ends the last part of parts, if still open, at the current
// triangle.
func (p *objParser) closePart(parts []objPart) {
	if n := len(parts); n > 0 && parts[n-1].End < 0 {
		parts[n-1].End = len(p.obj.Mesh.Triangles)
	}
}

// objFloat parses a coordinate as a float64 and refuses NaN, ±Inf and
// numbers beyond ±scene.MaxCoordinate (which Validate would refuse without the
// line).
func objFloat(field []byte) (float64, error) {
	if x, ok := objFastFloat(field); ok && math.Abs(x) <= scene.MaxCoordinate {
		return x, nil
	}
	x, err := strconv.ParseFloat(string(field), 64)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) && errors.Is(ne.Err, strconv.ErrRange) {
			return 0, fmt.Errorf("coordinate %q is out of the float64 range", field)
		}
		return 0, fmt.Errorf("bad coordinate %q", field)
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, fmt.Errorf("coordinate %q is not finite", field)
	}
	if math.Abs(x) > scene.MaxCoordinate {
		return 0, fmt.Errorf("coordinate %q is beyond ±%g", field, float64(scene.MaxCoordinate))
	}
	return x, nil
}

// objPow10 holds the powers of ten that are exact float64 values.
var objPow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// objFastFloat parses the common forms [+-]digits[.digits] when the value is
// m / 10^f with an integer m <= 2^53 and f <= 22. Then m and 10^f are both
// exact float64 values and one IEEE division, being correctly rounded,
// gives exactly what strconv.ParseFloat would (Clinger's fast path, "How to
// read floating point numbers accurately", 1990). It reports false for
// everything else (exponents, more digits, inf, nan, malformed input),
// which is left to strconv.
func objFastFloat(b []byte) (float64, bool) {
	neg := false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg = b[0] == '-'
		b = b[1:]
	}
	var m uint64
	digits, frac, dot := 0, 0, false
	for _, c := range b {
		switch {
		case c >= '0' && c <= '9' && digits < 19: // 19 digits cannot overflow uint64
			m = m*10 + uint64(c-'0')
			digits++
			if dot {
				frac++
			}
		case c == '.' && !dot:
			dot = true
		default:
			return 0, false
		}
	}
	if digits == 0 || m > 1<<53 || frac >= len(objPow10) {
		return 0, false
	}
	x := float64(m) / objPow10[frac]
	if neg {
		x = -x
	}
	return x, true
}

// objIntMax bounds parsed indices; anything larger is out of range anyway
// (scene.MaxVertices is far smaller) and the bound keeps the arithmetic from
// overflowing.
const objIntMax = 1 << 40

// objLeadingInt parses the optionally negative decimal integer at the start
// of b by hand (no allocation) and returns it with the bytes after it. It
// reports false when b does not start with one or its magnitude exceeds
// objIntMax.
func objLeadingInt(b []byte) (n int, rest []byte, ok bool) {
	neg := len(b) > 0 && b[0] == '-'
	if neg {
		b = b[1:]
	}
	i := 0
	for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		n = n*10 + int(b[i]-'0')
		if n > objIntMax {
			return 0, nil, false
		}
	}
	if i == 0 {
		return 0, nil, false
	}
	if neg {
		n = -n
	}
	return n, b[i:], true
}

// objField splits off the first whitespace-separated field of b, returning
// it and the rest.
func objField(b []byte) (field, rest []byte) {
	for len(b) > 0 && objSpace(b[0]) {
		b = b[1:]
	}
	i := 0
	for i < len(b) && !objSpace(b[i]) {
		i++
	}
	return b[:i], b[i:]
}

// objTrimSpace removes leading and trailing blanks (spaces, tabs, and the
// carriage return of CRLF files).
func objTrimSpace(b []byte) []byte {
	for len(b) > 0 && objSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && objSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

func objSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'
}
