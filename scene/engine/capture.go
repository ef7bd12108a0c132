package engine

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"sweepdbg/geom"
	"sweepdbg/internal/shapejson"
	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
)

// Capture errors, checkable with errors.Is inside a *captureError.
var (
	errUnknownOp   = errors.New("op is not mesh, sweep or slide")
	errUnknownMesh = errors.New("mesh id not defined by an earlier mesh line")
)

// captureError names the line (1-based) and field of a capture that is
// wrong; Err wraps a protocol error (errNotObject, errLineTooLong,
// errMissingField, errBadField, errUnknownOp, errUnknownMesh) or the
// reader's.
type captureError struct {
	Line  int
	Field string // "" when the whole line is wrong
	Err   error
}

// Error reads e.g. "capture line 12: field answer: required field missing: hit".
func (e *captureError) Error() string {
	if e.Field == "" {
		return "capture line " + strconv.Itoa(e.Line) + ": " + e.Err.Error()
	}
	return "capture line " + strconv.Itoa(e.Line) + ": field " + e.Field + ": " + e.Err.Error()
}

// Unwrap returns Err.
func (e *captureError) Unwrap() error { return e.Err }

// Record is one query line of a capture: the request, the game's answer,
// and its frame and label when present.
type Record struct {
	Line     int   // 1-based line number
	Op       Ops   // OpSweep or OpSlide
	Query    Query // with its Mesh resolved
	Answer   Reply // the game's answer
	Frame    int64
	HasFrame bool
	Label    string // as written (escape before printing)
}

// maxMeshLine is the longest mesh line a capture may hold, in bytes (a
// level's whole mesh is one line: 512 MiB is about six million
// triangles). Query lines are capped at maxLine, like live answers.
const maxMeshLine = 512 << 20

// CaptureReader reads a capture (.jsonl) one record at a time, keeping
// only the meshes the mesh lines define (the latest per id). Mesh lines
// are capped at maxMeshLine and query lines at maxLine; blank lines are
// skipped.
type CaptureReader struct {
	br     *bufio.Reader
	line   int
	meshes map[int64]*Mesh
}

// NewCaptureReader reads a capture from r.
func NewCaptureReader(r io.Reader) *CaptureReader {
	return &CaptureReader{br: bufio.NewReaderSize(r, 64<<10), meshes: map[int64]*Mesh{}}
}

// captureLine is a capture line: a mesh or a query with its answer.
type captureLine struct {
	Op        string          `json:"op"`
	ID        int64           `json:"id"`
	Vertices  []vec3          `json:"vertices"`
	Triangles [][3]int        `json:"triangles"`
	Mesh      *int64          `json:"mesh"`
	Ellipsoid json.RawMessage `json:"ellipsoid"`
	Capsule   json.RawMessage `json:"capsule"`
	Box       json.RawMessage `json:"box"`
	Start     *vec3           `json:"start"`
	End       *vec3           `json:"end"`
	MaxIter   int             `json:"maxIterations"`
	Skin      num             `json:"skin"`
	Answer    json.RawMessage `json:"answer"`
	Frame     *int64          `json:"frame"`
	Label     *string         `json:"label"`
}

// Next returns the next query record; io.EOF at the end; a
// *captureError for a bad line (reading may go on after it).
func (c *CaptureReader) Next() (Record, error) {
	for {
		b, err := readLineInto(c.br, nil, maxMeshLine)
		c.line++
		switch {
		case errors.Is(err, ErrExited) && len(b) == 0:
			return Record{}, io.EOF
		case errors.Is(err, errLineTooLong):
			c.skipRest()
			return Record{}, &captureError{Line: c.line, Err: err}
		}
		if len(bytes.TrimLeft(b, " \t\r")) == 0 {
			continue
		}
		var l captureLine
		if err := decodeObject(b, &l); err != nil {
			return Record{}, &captureError{Line: c.line, Err: err}
		}
		if l.Op == "mesh" {
			if err := c.defineMesh(&l); err != nil {
				return Record{}, err
			}
			continue
		}
		if len(b) > maxLine {
			return Record{}, &captureError{Line: c.line, Err: fmt.Errorf("%w: a %s line of %d bytes (queries are limited to %d)", errLineTooLong, Excerpt([]byte(l.Op)), len(b), maxLine)}
		}
		return c.record(&l)
	}
}

// skipRest drops the rest of an over-long line.
func (c *CaptureReader) skipRest() {
	for {
		_, err := c.br.ReadSlice('\n')
		if !errors.Is(err, bufio.ErrBufferFull) {
			return
		}
	}
}

// defineMesh builds the mesh of a mesh line under its id.
func (c *CaptureReader) defineMesh(l *captureLine) error {
	tris := make([]geom.Triangle, len(l.Triangles))
	for i, t := range l.Triangles {
		for k, v := range t {
			if v < 0 || v >= len(l.Vertices) {
				return &captureError{Line: c.line, Field: fmt.Sprintf("triangles[%d]", i), Err: fmt.Errorf("%w: vertex %d of %d", errBadField, v, len(l.Vertices))}
			}
			tris[i][k] = l.Vertices[v].vec()
		}
	}
	c.meshes[l.ID] = NewMesh(tris) // under a fresh id: capture ids may clash with live ones
	return nil
}

// record checks and converts a query line.
func (c *CaptureReader) record(l *captureLine) (Record, error) {
	r := Record{Line: c.line}
	bad := func(field string, err error) (Record, error) {
		return Record{}, &captureError{Line: c.line, Field: field, Err: err}
	}
	switch l.Op {
	case "sweep":
		r.Op = OpSweep
	case "slide":
		r.Op = OpSlide
	default:
		return bad("op", fmt.Errorf("%w: %s", errUnknownOp, strconv.Quote(clip(l.Op))))
	}
	switch {
	case l.Mesh == nil:
		return bad("mesh", errMissingField)
	case c.meshes[*l.Mesh] == nil:
		return bad("mesh", fmt.Errorf("%w: %d", errUnknownMesh, *l.Mesh))
	}
	shape, err := shapejson.Decode(map[string]json.RawMessage{"ellipsoid": l.Ellipsoid, "capsule": l.Capsule, "box": l.Box})
	if err != nil {
		return bad(shapeFieldErr(err))
	}
	switch {
	case l.Start == nil:
		return bad("start", errMissingField)
	case l.End == nil:
		return bad("end", errMissingField)
	case l.Answer == nil:
		return bad("answer", errMissingField)
	}
	r.Query = Query{Mesh: c.meshes[*l.Mesh], Motion: sweep.Motion{
		Shape: shape,
		Start: l.Start.vec(), End: l.End.vec(), Slide: sweep.SlideOptions{MaxIterations: l.MaxIter, Skin: float64(l.Skin)}}}
	rep, err := decodeReply(r.Op, l.Answer)
	if err != nil {
		return bad("answer", err)
	}
	r.Answer = rep
	if l.Frame != nil {
		r.Frame, r.HasFrame = *l.Frame, true
	}
	if l.Label != nil {
		r.Label = *l.Label
	}
	return r, nil
}

// shapeFieldErr turns an error of shapejson.Decode into a capture line's
// field and protocol error: errMissingField for a line with no shape,
// errBadField for anything else.
func shapeFieldErr(err error) (string, error) {
	var fe *shapejson.FieldError
	if !errors.As(err, &fe) {
		return "", fmt.Errorf("%w: %v", errBadField, err)
	}
	if errors.Is(fe, shapejson.ErrNoShape) {
		return fe.Field, fmt.Errorf("%w: %v", errMissingField, fe.Err)
	}
	return fe.Field, fmt.Errorf("%w: %v", errBadField, fe.Err) // shapejson escapes what came from the line
}

// Tally counts the verdicts of a judged capture.
type Tally struct {
	Records, Agrees, Wrong, Errors int // Errors: bad lines and {"error"} answers
}

// JudgeCapture reads a capture from r and judges every record's answer
// against the exact core with j, calling fn (when not nil) for each
// record with its verdict and for each bad line with its *captureError
// (as a judge.Broken verdict); fn's error stops the loop and is returned. Bad
// lines do not stop it; a read error does. ctx is checked between records.
func JudgeCapture(ctx context.Context, r io.Reader, j judge.Judge, fn func(Record, judge.Verdict) error) (Tally, error) {
	var t Tally
	cr := NewCaptureReader(r)
	for {
		if err := ctx.Err(); err != nil {
			return t, err
		}
		rec, err := cr.Next()
		if errors.Is(err, io.EOF) {
			return t, nil
		}
		v := judge.Verdict{}
		var ce *captureError
		switch {
		case errors.As(err, &ce):
			v, rec.Line = BrokenVerdict(err), ce.Line
		case err != nil:
			return t, fmt.Errorf("capture: %w", err)
		default:
			v = rec.Judge(j)
		}
		t.count(v)
		if fn != nil {
			if err := fn(rec, v); err != nil {
				return t, err
			}
		}
	}
}

func (t *Tally) count(v judge.Verdict) {
	t.Records++
	switch v.State {
	case judge.Agrees:
		t.Agrees++
	case judge.Wrong:
		t.Wrong++
	default:
		t.Errors++
	}
}

// Judge judges the record's answer against the core's with j.
func (rec *Record) Judge(j judge.Judge) judge.Verdict {
	if rec.Answer.Error != "" {
		return judge.Verdict{State: judge.Broken, Detail: "the game's engine answered error " + strconv.Quote(clip(rec.Answer.Error))}
	}
	q := rec.Query
	if rec.Op == OpSlide {
		exact := sweep.Answer{Slid: true, Slide: q.Mesh.Core.SlideShape(q.Shape, q.Start, q.End, q.Slide)}
		return q.Judge(j, OpSlide, exact, rec.Answer.Answer)
	}
	var exact sweep.Answer
	exact.First, exact.Hit = q.Mesh.Core.Cast(q.Shape, q.Start, q.Delta())
	return q.Judge(j, OpSweep, exact, rec.Answer.Answer)
}
