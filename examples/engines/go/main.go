// Command go-engine is a template for a sweepdbg engine written in Go: a
// program that answers the debugger's questions about your collision code
// over the engine protocol (docs/engine-protocol.md).
//
// It reads one JSON request per line from standard input and writes exactly
// one JSON answer per line to standard output, flushed after each answer.
// As shipped it answers with the project's exact core (package sweepdbg/sweep),
// so the debugger agrees with it everywhere; copy this file into your own
// module and replace the two marked functions, answerSweep and answerSlide,
// with calls into your collision code.
//
//	go build -o my-engine ./examples/engines/go
//	go run ./cmd/debugger --engine ./my-engine
//
// For practice, `my-engine -bug edge-normal` plants a classic bug: at an
// edge or vertex contact it reports the triangle's face normal instead of
// the contact's (the direction from the contact point to the center, in
// the ellipsoid's space). examples/engines/README.md finds it with the
// hunter in under a minute.
//
// Diagnostics go to standard error, which the debugger shows and never
// parses. Never print anything else to standard output.
//
// The JSON reader below is a small hand-written one rather than
// encoding/json: it decodes straight into a reused request, so a sweep
// round trip allocates next to nothing and the debugger's benchmark
// measures your collision code, not the adapter.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// engineName is what the engine calls itself in the hello answer; the
// debugger shows it beside the engine's poses and verdicts.
const engineName = "go-template"

// maxMeshes is how many meshes the engine remembers. The debugger sends a
// changed mesh under a new id and never uses the old id again, so older
// meshes may be forgotten.
const maxMeshes = 8

// plantedBug is the -bug flag: "" answers right, "edge-normal" plants the
// face-normal bug (see the package comment).
var plantedBug string

func main() {
	flag.StringVar(&plantedBug, "bug", "", `plant a bug for practice: "edge-normal" reports the face normal at edge and vertex contacts`)
	flag.Parse()
	if plantedBug != "" && plantedBug != "edge-normal" {
		fmt.Fprintf(os.Stderr, "go-engine: -bug %q: the one planted bug is edge-normal\n", plantedBug)
		os.Exit(2)
	}
	e := newEngine()
	if err := e.serve(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "go-engine:", err)
		os.Exit(1)
	}
}

// ---------------------------------------------------------------------------
// Your collision code goes here.

// answerSweep answers a sweep request: the first contact of the shape (an
// ellipsoid, a capsule or a box, by sh.Kind) moving from start to end over
// mesh m. t is the fraction of end - start in [0, 1] (0 when it already
// touches at start); the normal points from the triangle to the shape's
// center; triangles are two-sided. An engine that answers only some
// shapes lists them in its hello (shapes, below) and is never asked about
// the others.
//
// Replace this with your collision code.
func answerSweep(m *mesh, sh sweep.Shape, start, end mgl64.Vec3) (sweep.Hit, bool) {
	h, ok := m.core.Cast(sh, start, end.Sub(start))
	if ok && plantedBug == "edge-normal" && h.Feature != sweep.Face {
		h.Normal = faceNormal(m.tris[h.Triangle], h.Normal)
	}
	return h, ok
}

// faceNormal is the planted bug: the unit normal of tri's plane, on the
// side of toward (a degenerate triangle keeps toward).
func faceNormal(tri geom.Triangle, toward mgl64.Vec3) mgl64.Vec3 {
	n := tri[1].Sub(tri[0]).Cross(tri[2].Sub(tri[0]))
	if n.Len() == 0 {
		return toward
	}
	if n = n.Normalize(); n.Dot(toward) < 0 {
		n = n.Mul(-1)
	}
	return n
}

// answerSlide answers a slide request: collide-and-slide from start toward
// end, the center at every contact (steps[i].center) and the resting
// center (final).
//
// Replace this with your collision code.
func answerSlide(m *mesh, sh sweep.Shape, start, end mgl64.Vec3, maxIterations int, skin float64) sweep.SlideResult {
	return m.core.SlideShape(sh, start, end, sweep.SlideOptions{MaxIterations: maxIterations, Skin: skin})
}

// shapes is the hello's "shapes": the shapes answerSweep and answerSlide
// answer. Leave out those your collision code does not do (the debugger
// then never asks about them and reports that the engine sat them out).
const shapes = `["ellipsoid","capsule","box"]`

// mesh is one mesh the debugger defined. Build your own acceleration
// structure here instead of (or beside) the core's.
type mesh struct {
	id   int64
	core *sweep.Mesh
	tris []geom.Triangle // a copy, for the planted bug only
}

// newMesh is called once per mesh request. tris is reused by the caller
// after newMesh returns: copy it if you keep it.
//
// Replace this with your collision code's mesh setup.
func newMesh(id int64, tris []geom.Triangle) *mesh {
	m := &mesh{id: id, core: sweep.NewMesh(tris)}
	if plantedBug != "" {
		m.tris = append([]geom.Triangle(nil), tris...)
	}
	return m
}

// ---------------------------------------------------------------------------
// The protocol: you should not need to change anything below.

// engine holds the meshes and the reused buffers of one session.
type engine struct {
	meshes []*mesh // the newest last
	req    request
	tris   []geom.Triangle
	out    []byte
}

func newEngine() *engine { return &engine{} }

// serve answers every request line of in on out until in ends.
func (e *engine) serve(in io.Reader, out io.Writer) error {
	br := bufio.NewReaderSize(in, 64<<10)
	bw := bufio.NewWriterSize(out, 64<<10)
	var long []byte // a line longer than br's buffer, assembled
	for {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			long = append(long[:0], line...)
			for errors.Is(err, bufio.ErrBufferFull) {
				line, err = br.ReadSlice('\n')
				long = append(long, line...)
			}
			line = long
		}
		if len(bytes.Trim(line, " \t\r\n")) > 0 {
			e.out = e.answer(e.out[:0], line)
			e.out = append(e.out, '\n')
			if _, werr := bw.Write(e.out); werr != nil {
				return werr
			}
			if werr := bw.Flush(); werr != nil {
				return werr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// answer appends the answer to one request line to dst.
func (e *engine) answer(dst, line []byte) []byte {
	r := &e.req
	if err := r.parse(line); err != nil {
		return appendError(dst, err.Error())
	}
	switch r.op {
	case opHello:
		if r.protocol != 1 {
			return appendError(dst, "this engine speaks protocol 1, not "+strconv.FormatInt(r.protocol, 10))
		}
		dst = append(dst, `{"protocol":1,"name":`...)
		dst = appendString(dst, engineName)
		return append(dst, `,"ops":["sweep","slide"],"shapes":`+shapes+`}`...)
	case opMesh:
		return e.defineMesh(dst)
	case opSweep, opSlide:
		m := e.mesh(r.mesh)
		if m == nil {
			return appendError(dst, "unknown mesh id "+strconv.FormatInt(r.mesh, 10))
		}
		if r.shapes != 1 {
			return appendError(dst, "want exactly one of ellipsoid, capsule and box, got "+strconv.Itoa(r.shapes))
		}
		if err := r.shape.Validate(); err != nil {
			return appendError(dst, err.Error())
		}
		if r.op == opSweep {
			h, ok := answerSweep(m, r.shape, r.start, r.end)
			return appendSweep(dst, h, ok)
		}
		return appendSlide(dst, answerSlide(m, r.shape, r.start, r.end, r.maxIterations, r.skin))
	}
	return appendError(dst, "unknown op "+strconv.Quote(string(r.opName)))
}

// defineMesh builds the mesh of a mesh request and remembers it.
func (e *engine) defineMesh(dst []byte) []byte {
	r := &e.req
	e.tris = e.tris[:0]
	for i, t := range r.triangles {
		var tri geom.Triangle
		for k, v := range t {
			if v < 0 || v >= int64(len(r.vertices)) {
				return appendError(dst, fmt.Sprintf("triangles[%d][%d]: index %d out of range (%d vertices)", i, k, v, len(r.vertices)))
			}
			tri[k] = r.vertices[v]
		}
		e.tris = append(e.tris, tri)
	}
	m := newMesh(r.id, e.tris)
	for i, old := range e.meshes {
		if old.id == r.id { // the same id again: replace it
			e.meshes = append(e.meshes[:i], e.meshes[i+1:]...)
			break
		}
	}
	if len(e.meshes) == maxMeshes {
		e.meshes = append(e.meshes[:0], e.meshes[1:]...)
	}
	e.meshes = append(e.meshes, m)
	return append(dst, `{"ok":true}`...)
}

// mesh returns the mesh with the id, or nil.
func (e *engine) mesh(id int64) *mesh {
	for i := len(e.meshes) - 1; i >= 0; i-- {
		if e.meshes[i].id == id {
			return e.meshes[i]
		}
	}
	return nil
}

// appendSweep appends a sweep answer.
func appendSweep(dst []byte, h sweep.Hit, ok bool) []byte {
	if !ok {
		return append(dst, `{"hit":false}`...)
	}
	dst = append(dst, `{"hit":true,"t":`...)
	dst = appendFloat(dst, h.T)
	dst = appendContact(dst, h)
	dst = append(dst, `,"feature":`...)
	dst = appendString(dst, h.Feature.String())
	return append(dst, '}')
}

// appendSlide appends a slide answer.
func appendSlide(dst []byte, s sweep.SlideResult) []byte {
	dst = append(dst, `{"final":`...)
	dst = appendVec(dst, s.Final)
	dst = append(dst, `,"steps":[`...)
	for i, st := range s.Steps {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"t":`...)
		dst = appendFloat(dst, st.Hit.T)
		dst = append(dst, `,"center":`...)
		dst = appendVec(dst, st.Contact)
		dst = appendContact(dst, st.Hit)
		dst = append(dst, '}')
	}
	return append(dst, "]}"...)
}

// appendContact appends the point, normal and triangle fields of a hit.
func appendContact(dst []byte, h sweep.Hit) []byte {
	dst = append(dst, `,"point":`...)
	dst = appendVec(dst, h.Point)
	dst = append(dst, `,"normal":`...)
	dst = appendVec(dst, h.Normal)
	dst = append(dst, `,"triangle":`...)
	return strconv.AppendInt(dst, int64(h.Triangle), 10)
}

// appendVec appends [x,y,z].
func appendVec(dst []byte, v mgl64.Vec3) []byte {
	dst = append(dst, '[')
	dst = appendFloat(dst, v[0])
	dst = append(dst, ',')
	dst = appendFloat(dst, v[1])
	dst = append(dst, ',')
	dst = appendFloat(dst, v[2])
	return append(dst, ']')
}

// appendFloat appends x in the shortest form that reads back exactly. A
// non-finite x comes out as NaN, +Inf or -Inf, which the debugger reads as
// those values and judges wrong (a bug to find, not a protocol error).
func appendFloat(dst []byte, x float64) []byte {
	return strconv.AppendFloat(dst, x, 'g', -1, 64)
}

// appendError appends {"error":msg}.
func appendError(dst []byte, msg string) []byte {
	dst = append(dst, `{"error":`...)
	dst = appendString(dst, msg)
	return append(dst, '}')
}

// appendString appends s as a JSON string.
func appendString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			dst = append(dst, '\\', c)
		case c == '\n':
			dst = append(dst, '\\', 'n')
		case c < 0x20:
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		default:
			dst = append(dst, c)
		}
	}
	return append(dst, '"')
}

// ---------------------------------------------------------------------------
// Requests.

// The request ops.
const (
	opNone = iota
	opHello
	opMesh
	opSweep
	opSlide
	opOther
)

// request is every field of every request, decoded in place; parse resets
// what a line may set. Unknown fields are skipped.
type request struct {
	op            int
	opName        []byte
	protocol      int64
	id, mesh      int64
	shape         sweep.Shape // the ellipsoid, capsule or box
	shapes        int         // how many shape fields the request has (one)
	start, end    mgl64.Vec3
	maxIterations int
	skin          float64
	vertices      []mgl64.Vec3
	triangles     [][3]int64
}

// parse decodes one request line.
func (r *request) parse(line []byte) error {
	r.op, r.opName, r.protocol, r.id, r.mesh = opNone, r.opName[:0], 0, 0, 0
	r.shape, r.shapes, r.start, r.end = sweep.Shape{}, 0, mgl64.Vec3{}, mgl64.Vec3{}
	r.maxIterations, r.skin = 0, 0
	r.vertices, r.triangles = r.vertices[:0], r.triangles[:0]
	s := scanner{b: line}
	s.object(func(key []byte) {
		switch string(key) { // no allocation: the compiler compares in place
		case "op":
			r.opName = append(r.opName[:0], s.str()...)
			switch string(r.opName) {
			case "hello":
				r.op = opHello
			case "mesh":
				r.op = opMesh
			case "sweep":
				r.op = opSweep
			case "slide":
				r.op = opSlide
			default:
				r.op = opOther
			}
		case "protocol":
			r.protocol = s.int()
		case "id":
			r.id = s.int()
		case "mesh":
			r.mesh = s.int()
		case "ellipsoid":
			r.shapes++
			r.shape.Kind = sweep.KindEllipsoid
			s.axes(&r.shape.Ellipsoid.Axes, "ellipsoid")
		case "box":
			r.shapes++
			r.shape.Kind = sweep.KindBox
			s.axes(&r.shape.Box.Axes, "box")
		case "capsule":
			r.shapes++
			r.shape.Kind = sweep.KindCapsule
			s.object(func(key []byte) {
				switch string(key) {
				case "radius":
					r.shape.Capsule.Radius = s.num()
				case "halfSegment":
					r.shape.Capsule.HalfSegment = s.vec()
				default:
					s.skip()
				}
			})
		case "start":
			r.start = s.vec()
		case "end":
			r.end = s.vec()
		case "maxIterations":
			r.maxIterations = int(s.int())
		case "skin":
			r.skin = s.num()
		case "vertices":
			s.array(func() { r.vertices = append(r.vertices, s.vec()) })
		case "triangles":
			s.array(func() {
				var t [3]int64
				i := 0
				s.array(func() {
					if i < 3 {
						t[i] = s.int()
					} else {
						s.fail("a triangle has more than 3 indices")
					}
					i++
				})
				r.triangles = append(r.triangles, t)
			})
		default:
			s.skip()
		}
	})
	s.ws()
	if s.err == nil && s.i < len(s.b) {
		s.fail("text after the object")
	}
	if s.err != nil {
		return s.err
	}
	if r.op == opNone {
		return errors.New(`no "op" field`)
	}
	return nil
}

// scanner reads JSON from a byte slice. After the first error every method
// returns zero values and err holds the error.
type scanner struct {
	b   []byte
	i   int
	err error
}

func (s *scanner) fail(msg string) {
	if s.err == nil {
		s.err = fmt.Errorf("bad request at byte %d: %s", s.i, msg)
	}
	s.i = len(s.b)
}

func (s *scanner) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\r', '\n':
			s.i++
		default:
			return
		}
	}
}

// peek skips white space and returns the next byte (0 at the end).
func (s *scanner) peek() byte {
	s.ws()
	if s.i < len(s.b) {
		return s.b[s.i]
	}
	return 0
}

func (s *scanner) want(c byte) bool {
	if s.peek() != c {
		s.fail("want " + strconv.QuoteRune(rune(c)))
		return false
	}
	s.i++
	return true
}

// object reads {"key": value, ...}, calling field for each key with the
// scanner positioned at its value; field must consume the value.
func (s *scanner) object(field func(key []byte)) {
	if !s.want('{') {
		return
	}
	if s.peek() == '}' {
		s.i++
		return
	}
	for s.err == nil {
		key := s.str()
		if !s.want(':') {
			return
		}
		field(key)
		switch s.peek() {
		case ',':
			s.i++
		case '}':
			s.i++
			return
		default:
			s.fail("want ',' or '}'")
		}
	}
}

// array reads [value, ...], calling elem for each element.
func (s *scanner) array(elem func()) {
	if !s.want('[') {
		return
	}
	if s.peek() == ']' {
		s.i++
		return
	}
	for s.err == nil {
		elem()
		switch s.peek() {
		case ',':
			s.i++
		case ']':
			s.i++
			return
		default:
			s.fail("want ',' or ']'")
		}
	}
}

// str reads a string and returns its raw bytes (escapes left as they are:
// the keys and ops of the protocol have none).
func (s *scanner) str() []byte {
	if !s.want('"') {
		return nil
	}
	j := s.i
	for ; j < len(s.b) && s.b[j] != '"'; j++ {
		if s.b[j] == '\\' {
			j++
		}
	}
	if j >= len(s.b) {
		s.fail("unterminated string")
		return nil
	}
	v := s.b[s.i:j]
	s.i = j + 1
	return v
}

// token returns the bytes of a number or literal.
func (s *scanner) token() []byte {
	s.ws()
	j := s.i
	for j < len(s.b) {
		c := s.b[j]
		if c == ',' || c == ']' || c == '}' || c == ' ' || c == '\t' || c == '\r' || c == '\n' {
			break
		}
		j++
	}
	v := s.b[s.i:j]
	s.i = j
	return v
}

// num reads a number.
func (s *scanner) num() float64 {
	t := s.token()
	x, err := strconv.ParseFloat(string(t), 64)
	if err != nil || len(t) == 0 || !(t[0] == '-' || t[0] >= '0' && t[0] <= '9') {
		s.fail("want a number")
		return 0
	}
	return x
}

// int reads an integer-valued number.
func (s *scanner) int() int64 {
	x := s.num()
	if x != math.Trunc(x) || math.Abs(x) > 1<<53 {
		s.fail("want an integer")
		return 0
	}
	return int64(x)
}

// axes reads the object {"axes": [a, b, c]} of an ellipsoid or a box
// (name) into dst.
func (s *scanner) axes(dst *[3]mgl64.Vec3, name string) {
	s.object(func(key []byte) {
		if string(key) != "axes" {
			s.skip()
			return
		}
		i := 0
		s.array(func() {
			if i < 3 {
				dst[i] = s.vec()
			} else {
				s.fail(name + ".axes: more than 3 axes")
			}
			i++
		})
	})
}

// vec reads [x,y,z].
func (s *scanner) vec() mgl64.Vec3 {
	var v mgl64.Vec3
	i := 0
	s.array(func() {
		if i < 3 {
			v[i] = s.num()
		} else {
			s.fail("want 3 numbers")
		}
		i++
	})
	if i != 3 && s.err == nil {
		s.fail("want 3 numbers")
	}
	return v
}

// skip reads and discards any value.
func (s *scanner) skip() {
	switch s.peek() {
	case '{':
		s.object(func([]byte) { s.skip() })
	case '[':
		s.array(s.skip)
	case '"':
		s.str()
	default:
		if len(s.token()) == 0 {
			s.fail("want a value")
		}
	}
}
