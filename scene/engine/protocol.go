package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/internal/shapejson"
	"sweepdbg/sweep"
)

// protocolVersion is the engine protocol version this package speaks
// (docs/engine-protocol.md).
const protocolVersion = 1

// maxLine is the longest line, in bytes without its '\n', that an engine
// or a capture may write: 1 MiB. A longer line is an error.
const maxLine = 1 << 20

// Protocol errors, checkable with errors.Is. They are the Reason of a
// BrokenError for a live engine, and wrapped in a captureError for a file.
var (
	errNotObject    = errors.New("not one JSON object")
	errLineTooLong  = errors.New("line over 1 MiB")
	errMissingField = errors.New("required field missing")
	errBadField     = errors.New("field has the wrong type or value")
	errNotFinite    = errors.New("request holds a number JSON cannot carry")
)

// Reply is one decoded answer line: the Answer with its presence flags,
// the engine's own error message when it answered {"error":"..."}, and
// the raw line, from which Extra recovers fields the protocol does not
// name.
type Reply struct {
	Answer sweep.Answer
	// Error is the engine's message when the answer was {"error":...}
	// (unescaped; escape it before printing); "" otherwise.
	Error string
	// Line is the answer line as the engine wrote it, without '\n'.
	Line []byte
}

// known are the answer fields the protocol names.
var known = map[string]bool{
	"hit": true, "t": true, "point": true, "normal": true, "triangle": true,
	"feature": true, "final": true, "steps": true, "error": true,
}

// Extra returns the fields of the answer that the protocol does not name
// (kept to be shown), nil when there are none or the line does not parse.
func (r *Reply) Extra() map[string]json.RawMessage {
	var all map[string]json.RawMessage
	if json.Unmarshal(rewriteNonFinite(r.Line), &all) != nil {
		return nil
	}
	for k := range all {
		if known[k] {
			delete(all, k)
		}
	}
	if len(all) == 0 {
		return nil
	}
	return all
}

// num is a JSON number that also reads the non-finite spellings
// rewriteNonFinite turns into the strings "NaN", "+Inf" and "-Inf".
type num float64

// UnmarshalJSON reads a number or one of the three rewritten strings; any
// other value (null, a string, an object) is errBadField.
func (n *num) UnmarshalJSON(b []byte) error {
	switch string(b) {
	case `"NaN"`:
		*n = num(math.NaN())
		return nil
	case `"+Inf"`:
		*n = num(math.Inf(1))
		return nil
	case `"-Inf"`:
		*n = num(math.Inf(-1))
		return nil
	}
	if len(b) == 0 || b[0] != '-' && (b[0] < '0' || b[0] > '9') {
		return fmt.Errorf("%w: %s is not a number", errBadField, Excerpt(b))
	}
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) { // out of range reads as ±Inf or 0: a value to judge
		return fmt.Errorf("%w: %s is not a number", errBadField, Excerpt(b))
	}
	*n = num(f)
	return nil
}

// vec3 is a JSON [x, y, z].
type vec3 [3]num

// UnmarshalJSON reads exactly three numbers; any other length is
// errBadField.
func (v *vec3) UnmarshalJSON(b []byte) error {
	var a []num
	if err := json.Unmarshal(b, &a); err != nil {
		return err
	}
	if len(a) != 3 {
		return fmt.Errorf("%w: %d numbers where [x,y,z] goes", errBadField, len(a))
	}
	*v = vec3{a[0], a[1], a[2]}
	return nil
}

func (v *vec3) vec() mgl64.Vec3 { return mgl64.Vec3{float64(v[0]), float64(v[1]), float64(v[2])} }

// wireStep is one step of a slide answer as encoding/json fills it.
type wireStep struct {
	T        *num    `json:"t"`
	Center   *vec3   `json:"center"`
	Point    *vec3   `json:"point"`
	Normal   *vec3   `json:"normal"`
	Triangle *int    `json:"triangle"`
	Feature  *string `json:"feature"`
}

// wireAnswer is a sweep or slide answer as encoding/json fills it: the
// general path, for lines the scanner leaves (see scanner).
type wireAnswer struct {
	Hit      *bool       `json:"hit"`
	T        *num        `json:"t"`
	Point    *vec3       `json:"point"`
	Normal   *vec3       `json:"normal"`
	Triangle *int        `json:"triangle"`
	Feature  *string     `json:"feature"`
	Final    *vec3       `json:"final"`
	Steps    *[]wireStep `json:"steps"`
	Error    *string     `json:"error"`
}

// field is one known field of an answer or of a slide step, as a bit of
// the set of fields a line holds.
type field uint16

const (
	fieldHit field = 1 << iota
	fieldT
	fieldCenter
	fieldPoint
	fieldNormal
	fieldTriangle
	fieldFeature
	fieldFinal
	fieldSteps
	fieldError
)

// answerNames and stepNames are the field names of an answer and of a
// slide step (encoding/json matches them in any letter case).
var (
	answerNames = []string{"hit", "t", "point", "normal", "triangle", "feature", "final", "steps", "error"}
	stepNames   = []string{"t", "center", "point", "normal", "triangle", "feature"}
)

// contactVals is one contact of an answer, decoded: the first contact of
// a sweep or one slide step. has says which fields were present.
type contactVals struct {
	has                   field
	t                     float64
	center, point, normal mgl64.Vec3
	triangle              int
	feature               string
}

// answerVals is a decoded answer line, whichever path decoded it.
type answerVals struct {
	contactVals
	hit    bool
	final  mgl64.Vec3
	steps  []contactVals
	errMsg string
}

// decodeReply decodes one answer line to a sweep (op OpSweep) or slide
// (OpSlide) request. Non-finite numbers in any spelling of
// docs/engine-protocol.md decode to NaN and ±Inf (the judge marks them
// wrong; they are not a decoding error). {"error":"..."} decodes with
// Reply.Error set and no error. A line that is not one JSON object wraps
// errNotObject; a missing required field (hit, and t when hit, for a
// sweep; final for a slide) wraps errMissingField; a field of the wrong
// type wraps errBadField. The reply keeps line (not a copy).
//
// Plain lines are read by a scanner without reflection or allocation;
// the rest (escapes, nulls, errors of any kind) by encoding/json, with the
// same result.
func decodeReply(op Ops, line []byte) (Reply, error) {
	return decodeAnswer(op, line, true)
}

// decodeAnswer is decodeReply, with the scanner only when scan is set.
func decodeAnswer(op Ops, line []byte, scan bool) (Reply, error) {
	r := Reply{Line: line}
	var v answerVals
	if !scan || !scanAnswer(line, &v) {
		var w wireAnswer
		if err := decodeObject(line, &w); err != nil {
			return r, err
		}
		v = w.vals()
	}
	if v.has&fieldError != 0 {
		r.Error = v.errMsg
		return r, nil
	}
	var err error
	if op == OpSlide {
		err = v.slide(&r.Answer)
	} else {
		err = v.sweep(&r.Answer)
	}
	return r, err
}

// scanAnswer decodes a plain answer line into v with the scanner; false
// means the line needs encoding/json (v is then partly filled).
func scanAnswer(line []byte, v *answerVals) bool {
	line = bytes.TrimSpace(line)
	if len(line) == 0 || line[0] != '{' {
		return false
	}
	s := newScanner(line)
	s.object(func(key []byte) { v.scan(&s, key) })
	return s.ok && s.end()
}

// scan reads the value of the answer field key.
func (v *answerVals) scan(s *scanner, key []byte) {
	switch string(key) {
	case "hit":
		v.mark(s, fieldHit)
		v.hit = s.boolean()
	case "final":
		v.mark(s, fieldFinal)
		v.final = s.vec()
	case "steps":
		v.mark(s, fieldSteps)
		v.steps = v.steps[:0]
		s.array(func() {
			v.steps = append(v.steps, contactVals{})
			st := &v.steps[len(v.steps)-1]
			s.object(func(key []byte) { st.scan(s, key, stepNames) })
		})
	case "error": // messages often have escapes: left to encoding/json
		s.bail()
	case "center": // a step's field, not an answer's: kept for Extra
		s.skip(0)
	default:
		v.contactVals.scan(s, key, answerNames)
	}
}

// scan reads the value of the contact field key (center only for a step,
// whose names are stepNames); other keys are skipped, unless they spell
// one of names in another case.
func (c *contactVals) scan(s *scanner, key []byte, names []string) {
	switch string(key) {
	case "t":
		c.mark(s, fieldT)
		c.t = s.num()
	case "center":
		c.mark(s, fieldCenter)
		c.center = s.vec()
	case "point":
		c.mark(s, fieldPoint)
		c.point = s.vec()
	case "normal":
		c.mark(s, fieldNormal)
		c.normal = s.vec()
	case "triangle":
		c.mark(s, fieldTriangle)
		c.triangle = s.int()
	case "feature":
		c.mark(s, fieldFeature)
		c.feature = s.feature()
	default:
		if foldsTo(key, names...) {
			s.bail()
			return
		}
		s.skip(0)
	}
}

// mark records field f as present; a second time bails (encoding/json's
// last-one-wins is left to it).
func (c *contactVals) mark(s *scanner, f field) {
	if c.has&f != 0 {
		s.bail()
	}
	c.has |= f
}

// feature reads a feature's name: face, edge or vertex, else it bails.
func (s *scanner) feature() string {
	switch b := s.str(); string(b) {
	case "face":
		return "face"
	case "edge":
		return "edge"
	case "vertex":
		return "vertex"
	}
	s.bail()
	return ""
}

// vals converts what encoding/json filled.
func (w *wireAnswer) vals() answerVals {
	var v answerVals
	v.contactVals = contactOf(w.T, nil, w.Point, w.Normal, w.Triangle, w.Feature)
	if w.Hit != nil {
		v.has, v.hit = v.has|fieldHit, *w.Hit
	}
	if w.Final != nil {
		v.has, v.final = v.has|fieldFinal, w.Final.vec()
	}
	if w.Steps != nil {
		v.has |= fieldSteps
		v.steps = make([]contactVals, len(*w.Steps))
		for i, st := range *w.Steps {
			v.steps[i] = contactOf(st.T, st.Center, st.Point, st.Normal, st.Triangle, st.Feature)
		}
	}
	if w.Error != nil {
		v.has, v.errMsg = v.has|fieldError, *w.Error
	}
	return v
}

// contactOf converts the contact fields encoding/json filled (nil: absent).
func contactOf(t *num, center, point, normal *vec3, tri *int, feat *string) contactVals {
	var c contactVals
	if t != nil {
		c.has, c.t = c.has|fieldT, float64(*t)
	}
	if center != nil {
		c.has, c.center = c.has|fieldCenter, center.vec()
	}
	if point != nil {
		c.has, c.point = c.has|fieldPoint, point.vec()
	}
	if normal != nil {
		c.has, c.normal = c.has|fieldNormal, normal.vec()
	}
	if tri != nil {
		c.has, c.triangle = c.has|fieldTriangle, *tri
	}
	if feat != nil {
		c.has, c.feature = c.has|fieldFeature, *feat
	}
	return c
}

// decodeObject unmarshals one JSON object (after rewriting non-finite
// spellings) into v.
func decodeObject(line []byte, v any) error {
	trimmed := bytes.TrimSpace(line)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return errNotObject
	}
	if err := json.Unmarshal(rewriteNonFinite(trimmed), v); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return fmt.Errorf("%w: %v", errNotObject, err)
		}
		return fmt.Errorf("%w: %v", errBadField, err)
	}
	return nil
}

// sweep fills a's Hit, First and Has.
func (v *answerVals) sweep(a *sweep.Answer) error {
	if v.has&fieldHit == 0 {
		return fmt.Errorf("%w: hit", errMissingField)
	}
	a.Hit = v.hit
	if !a.Hit {
		return nil
	}
	if v.has&fieldT == 0 {
		return fmt.Errorf("%w: t (the answer hits)", errMissingField)
	}
	a.First.T = v.t
	return fillHit(&a.First, &a.Has, &v.contactVals)
}

// slide fills a's Slid, Slide and HasSteps (and, from the steps, the
// presence flags of their points, normals and triangles).
func (v *answerVals) slide(a *sweep.Answer) error {
	if v.has&fieldFinal == 0 {
		return fmt.Errorf("%w: final", errMissingField)
	}
	a.Slid, a.Slide.Final = true, v.final
	if v.has&fieldSteps == 0 {
		return nil
	}
	a.Has |= sweep.HasSteps
	a.Slide.Steps = make([]sweep.SlideStep, len(v.steps))
	for i := range v.steps {
		s, st := &v.steps[i], &a.Slide.Steps[i]
		if s.has&(fieldT|fieldCenter) != fieldT|fieldCenter {
			return fmt.Errorf("%w: steps[%d] needs t and center", errMissingField, i)
		}
		st.Hit.T, st.Contact = s.t, s.center
		if err := fillHit(&st.Hit, &a.Has, s); err != nil {
			return fmt.Errorf("steps[%d]: %w", i, err)
		}
	}
	return nil
}

// fillHit copies the optional fields present in c into h and marks them
// in has.
func fillHit(h *sweep.Hit, has *sweep.Fields, c *contactVals) error {
	if c.has&fieldPoint != 0 {
		h.Point, *has = c.point, *has|sweep.HasPoint
	}
	if c.has&fieldNormal != 0 {
		h.Normal, *has = c.normal, *has|sweep.HasNormal
	}
	if c.has&fieldTriangle != 0 {
		h.Triangle, *has = c.triangle, *has|sweep.HasTriangle
	}
	if c.has&fieldFeature != 0 {
		f, ok := featureNamed(c.feature)
		if !ok {
			return fmt.Errorf("%w: feature %s is not face, edge or vertex", errBadField, strconv.Quote(clip(c.feature)))
		}
		h.Feature, *has = f, *has|sweep.HasFeature
	}
	return nil
}

// featureNamed reads a feature's protocol name.
func featureNamed(s string) (sweep.Feature, bool) {
	for _, f := range []sweep.Feature{sweep.Face, sweep.Edge, sweep.Vertex} {
		if f.String() == s {
			return f, true
		}
	}
	return 0, false
}

// hello is an engine's answer to hello.
type hello struct {
	Protocol int      `json:"protocol"`
	Name     string   `json:"name"`
	Ops      []string `json:"ops"`
	// Shapes is the "shapes" list as written: nil when the hello has
	// none (the engine answers ellipsoids only). decodeHello's Shapes
	// return value is the checked set.
	Shapes *[]string `json:"shapes"`
}

// errBadHello is the reason of an engine whose hello answer is not one
// JSON object naming protocol 1 and at least one known op (and, when it
// lists shapes, at least one, all known).
var errBadHello = errors.New("hello answer is not protocol 1 with ops sweep and/or slide")

// decodeHello decodes an engine's hello answer: the ops and the shapes it
// answers. Anything but protocol 1 with ops drawn from "sweep" and
// "slide" (at least one), and, when "shapes" is present, a non-empty list
// drawn from "ellipsoid", "capsule" and "box", wraps errBadHello. Without
// "shapes" the engine answers EllipsoidOnly.
func decodeHello(line []byte) (hello, Ops, Shapes, error) {
	var h hello
	if err := decodeObject(line, &h); err != nil {
		return h, 0, 0, fmt.Errorf("%w: %w", errBadHello, err)
	}
	if h.Protocol != protocolVersion {
		return h, 0, 0, fmt.Errorf("%w: protocol %d", errBadHello, h.Protocol)
	}
	var ops Ops
	for _, o := range h.Ops {
		switch o {
		case "sweep":
			ops |= OpSweep
		case "slide":
			ops |= OpSlide
		default:
			return h, 0, 0, fmt.Errorf("%w: unknown op %s", errBadHello, strconv.Quote(clip(o)))
		}
	}
	if ops == 0 {
		return h, 0, 0, fmt.Errorf("%w: no ops", errBadHello)
	}
	shapes, err := decodeShapes(h.Shapes)
	if err != nil {
		return h, 0, 0, err
	}
	return h, ops, shapes, nil
}

// appendHello appends the hello request line (with its '\n') to dst.
func appendHello(dst []byte) []byte {
	return append(dst, `{"op":"hello","protocol":1}`+"\n"...)
}

// appendMesh appends the mesh request line for m to dst: each triangle's
// three corners as vertices 3i, 3i+1, 3i+2. A non-finite vertex gives
// errNotFinite (and dst unchanged).
func appendMesh(dst []byte, m *Mesh) ([]byte, error) {
	n := len(dst)
	dst = append(dst, `{"op":"mesh","id":`...)
	dst = strconv.AppendInt(dst, m.ID, 10)
	dst = append(dst, `,"vertices":[`...)
	ok := true
	for i, t := range m.Tris {
		for k, v := range t {
			if i+k > 0 {
				dst = append(dst, ',')
			}
			dst, ok = appendVec(dst, v, ok)
		}
	}
	dst = append(dst, `],"triangles":[`...)
	for i := range m.Tris {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '[')
		dst = strconv.AppendInt(dst, int64(3*i), 10)
		dst = append(dst, ',')
		dst = strconv.AppendInt(dst, int64(3*i+1), 10)
		dst = append(dst, ',')
		dst = strconv.AppendInt(dst, int64(3*i+2), 10)
		dst = append(dst, ']')
	}
	dst = append(dst, "]}\n"...)
	if !ok {
		return dst[:n], fmt.Errorf("mesh %d: %w", m.ID, errNotFinite)
	}
	return dst, nil
}

// appendQuery appends the sweep (op OpSweep) or slide (OpSlide) request
// line for q to dst, the motion's shape in its own field ("ellipsoid",
// "capsule" or "box", as a fixture writes it); a slide carries
// maxIterations and skin only when set (non-zero). A non-finite number gives errNotFinite (and dst unchanged):
// JSON cannot carry it, so no engine can be asked.
func appendQuery(dst []byte, op Ops, q *Query) ([]byte, error) {
	n := len(dst)
	ok := true
	if op == OpSlide {
		dst = append(dst, `{"op":"slide","mesh":`...)
	} else {
		dst = append(dst, `{"op":"sweep","mesh":`...)
	}
	dst = strconv.AppendInt(dst, q.Mesh.ID, 10)
	dst = append(dst, ',')
	dst, ok = shapejson.Append(dst, q.Shape, protocolStyle)
	dst = append(dst, `,"start":`...)
	dst, ok = appendVec(dst, q.Start, ok)
	dst = append(dst, `,"end":`...)
	dst, ok = appendVec(dst, q.End, ok)
	if op == OpSlide {
		if q.Slide.MaxIterations > 0 {
			dst = append(dst, `,"maxIterations":`...)
			dst = strconv.AppendInt(dst, int64(q.Slide.MaxIterations), 10)
		}
		if q.Slide.Skin > 0 {
			dst = append(dst, `,"skin":`...)
			dst, ok = appendNum(dst, q.Slide.Skin, ok)
		}
	}
	dst = append(dst, "}\n"...)
	if !ok {
		return dst[:n], errNotFinite
	}
	return dst, nil
}

// appendVec appends [x,y,z]; ok turns false at a non-finite number.
func appendVec(dst []byte, v mgl64.Vec3, ok bool) ([]byte, bool) {
	dst = append(dst, '[')
	for k := range v {
		if k > 0 {
			dst = append(dst, ',')
		}
		dst, ok = appendNum(dst, v[k], ok)
	}
	return append(dst, ']'), ok
}

// appendNum appends f in the shortest form that reads back exactly; ok
// turns false (and 0 is written) when f is not finite.
func appendNum(dst []byte, f float64, ok bool) ([]byte, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(dst, '0'), false
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e6 && (f != 0 || !math.Signbit(f)) {
		return strconv.AppendInt(dst, int64(f), 10), ok // the same digits, without the float formatting
	}
	return strconv.AppendFloat(dst, f, 'g', -1, 64), ok
}

// rewriteNonFinite returns line with every bare token outside strings
// that spells a non-finite number (nan, -nan, inf, -inf, +Inf, Infinity,
// -Infinity, in any case, signs optional) replaced by the JSON string
// "NaN", "+Inf" or "-Inf", which num reads back. Lines without such a
// token are returned as they are (no copy).
func rewriteNonFinite(line []byte) []byte {
	var out []byte
	last, inStr := 0, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case inStr:
			if c == '\\' {
				i++
			} else if c == '"' {
				inStr = false
			}
			continue
		case c == '"':
			inStr = true
			continue
		case !isTokenStart(line, i):
			continue
		}
		j := i + 1
		for j < len(line) && isLetter(line[j]) {
			j++
		}
		if rep := nonFinite(line[i:j]); rep != "" {
			out = append(append(out, line[last:i]...), rep...)
			last = j
		}
		i = j - 1
	}
	if out == nil {
		return line
	}
	return append(out, line[last:]...)
}

// isTokenStart reports whether a bare word starts at line[i]: a letter,
// or a sign directly followed by one.
func isTokenStart(line []byte, i int) bool {
	c := line[i]
	if c == '-' || c == '+' {
		return i+1 < len(line) && isLetter(line[i+1])
	}
	return isLetter(c)
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// nonFinite returns the JSON string a non-finite spelling stands for, or
// "" for any other word (true, false, null, garbage).
func nonFinite(tok []byte) string {
	sign := byte('+')
	if tok[0] == '-' || tok[0] == '+' {
		sign, tok = tok[0], tok[1:]
	}
	switch {
	case bytes.EqualFold(tok, []byte("nan")):
		return `"NaN"`
	case !bytes.EqualFold(tok, []byte("inf")) && !bytes.EqualFold(tok, []byte("infinity")):
		return ""
	case sign == '-':
		return `"-Inf"`
	}
	return `"+Inf"`
}

// nonFiniteValue is the value a non-finite spelling stands for; false for
// any other word.
func nonFiniteValue(tok []byte) (float64, bool) {
	if len(tok) == 0 {
		return 0, false
	}
	switch nonFinite(tok) {
	case `"NaN"`:
		return math.NaN(), true
	case `"+Inf"`:
		return math.Inf(1), true
	case `"-Inf"`:
		return math.Inf(-1), true
	}
	return 0, false
}

// excerptMax is the longest excerpt of engine or file text an error
// quotes, in bytes before escaping.
const excerptMax = 200

// Excerpt returns at most 200 bytes of b, quoted and escaped like
// strconv.Quote (with "..." after the quote when cut), safe to print
// whatever an engine or a file wrote.
func Excerpt(b []byte) string {
	if len(b) <= excerptMax {
		return strconv.Quote(string(b))
	}
	return strconv.Quote(string(b[:excerptMax])) + "..."
}

// clip is Excerpt's cut for a string about to be quoted.
func clip(s string) string {
	if len(s) > excerptMax {
		return s[:excerptMax]
	}
	return s
}
