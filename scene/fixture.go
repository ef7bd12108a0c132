package scene

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"unicode/utf8"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/internal/shapejson"
	"sweepdbg/sweep"
)

// FormatVersion is the newest fixture format version this package reads
// and writes. Version 2 adds the capsule and the box beside the ellipsoid;
// a fixture with an ellipsoid is still written as version 1
// (EllipsoidVersion), byte for byte as before, and version-1 files load
// unchanged. A file with a higher version is refused with an error that
// says so, rather than misread.
const FormatVersion = 2

// EllipsoidVersion is the version Marshal writes for a scene whose shape
// is an ellipsoid, the only shape version 1 holds.
const EllipsoidVersion = 1

// The top-level fields of a fixture, in the order Marshal writes them
// (one of ellipsoid, capsule and box). Any other top-level field goes to
// Scene.Extra.
var knownFields = []string{"version", "name", "mesh", "ellipsoid", "capsule", "box", "start", "end", "slide", "expect"}

// isKnownField reports whether key is one of knownFields.
func isKnownField(key string) bool {
	for _, k := range knownFields {
		if k == key {
			return true
		}
	}
	return false
}

// Parse reads a fixture (version 1 or 2) from data and validates it. Errors are
// *Error values naming the field (mesh.triangles[3][1]) or, for malformed
// JSON, the line and column; Parse never panics on any input.
//
// A UTF-8 byte order mark at the start is skipped; UTF-16 text (with or
// without a byte order mark) is refused with an error that says so.
func Parse(data []byte) (*Scene, error) {
	s, err := decode(bytes.TrimPrefix(data, utf8BOM))
	if err != nil {
		return nil, err
	}
	if _, ok := s.Extra[generatorField]; ok && len(s.Mesh.Triangles) == 0 {
		return nil, fieldErr(generatorField, "the mesh of this built-in scene is generated when the debugger loads it; "+
			"write a complete fixture with 'debugger export-scene %s FILE' or replay it with 'debugger replay --builtins'", s.Name)
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return s, nil
}

// decode reads the structure and types of a fixture (JSON syntax, field
// types, arrays of three numbers, the version) without the semantic checks
// of Validate.
func decode(data []byte) (*Scene, error) {
	if err := checkText(data); err != nil {
		return nil, err
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, jsonErr(data, err)
	}
	if top == nil {
		return nil, &Error{Err: errors.New("want a JSON object, got null")}
	}
	if dup := findDuplicate(data); dup != "" {
		return nil, fieldErr(dup, "field given twice; a fixture names each field once")
	}
	version, err := decodeVersion(top["version"])
	if err != nil {
		return nil, err
	}
	s := &Scene{}
	steps := []func(map[string]json.RawMessage, *Scene) error{
		decodeName, decodeMesh, decodeShape, decodeMotion, decodeSlide, decodeExpect, decodeExtra,
	}
	for _, step := range steps {
		if err := step(top, s); err != nil {
			return nil, err
		}
	}
	if version < versionOf(s.Kind) {
		return nil, fieldErr(s.Kind.String(), "version %d cannot hold a %s (write \"version\": %d)", version, s.Kind, versionOf(s.Kind))
	}
	return s, nil
}

// versionOf is the lowest fixture version that holds a shape of kind k,
// the version Marshal writes for it.
func versionOf(k sweep.ShapeKind) int {
	if k == sweep.KindEllipsoid {
		return EllipsoidVersion
	}
	return FormatVersion
}

// utf8BOM is the UTF-8 encoding of U+FEFF, which some editors write at the
// start of a file.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// checkText refuses input that cannot be a fixture before the JSON parser
// sees it: empty files, UTF-16 text, binary data (a NUL byte or invalid
// UTF-8).
func checkText(data []byte) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return &Error{Err: errors.New("empty file, want a JSON fixture")}
	}
	if isUTF16(data) {
		return &Error{Err: errors.New("UTF-16 text is not supported; save the file as UTF-8")}
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		line, col := jsonPosition(data, int64(i)+1)
		return &Error{Line: line, Column: col, Err: errors.New("binary data (NUL byte), want a JSON fixture")}
	}
	if !utf8.Valid(data) {
		return &Error{Err: errors.New("binary data (not UTF-8 text), want a JSON fixture")}
	}
	return nil
}

// isUTF16 reports whether data starts like UTF-16 text: a UTF-16 byte order
// mark, or an ASCII character next to a NUL byte in the first two bytes
// (a JSON document starts with ASCII: '{', white space).
func isUTF16(data []byte) bool {
	if len(data) < 2 {
		return false
	}
	a, b := data[0], data[1]
	return (a == 0xFF && b == 0xFE) || (a == 0xFE && b == 0xFF) ||
		(a == 0 && b != 0 && b < 0x80) || (b == 0 && a != 0 && a < 0x80)
}

// jsonErr turns an error of json.Unmarshal on the whole document into an
// *Error with the line and column of a syntax error.
func jsonErr(data []byte, err error) error {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		line, col := jsonPosition(data, syn.Offset)
		msg := syn.Error()
		if lit := nonFiniteAt(data, syn.Offset); lit != "" {
			msg = lit + " is not a JSON number; fixtures hold finite numbers only"
		}
		return &Error{Line: line, Column: col, Err: errors.New(msg)}
	}
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		return &Error{Err: fmt.Errorf("want a JSON object at the top level, got %s", typ.Value)}
	}
	return &Error{Err: err}
}

// jsonPosition converts the byte offset of a JSON syntax error (the error
// occurred after reading offset bytes) into a 1-based line and column.
func jsonPosition(data []byte, offset int64) (line, col int) {
	if offset < 1 {
		offset = 1
	}
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	before := data[:offset-1]
	line = 1 + bytes.Count(before, []byte{'\n'})
	col = len(before) - bytes.LastIndexByte(before, '\n')
	return line, col
}

// nonFiniteAt returns "NaN", "Infinity" or "-Infinity" when the syntax
// error at offset is one of those literals (which JavaScript and some
// writers emit but JSON does not allow), else "".
func nonFiniteAt(data []byte, offset int64) string {
	i := int(offset) - 1
	if i < 0 || i >= len(data) {
		return ""
	}
	rest := data[i:]
	for _, lit := range []string{"NaN", "Infinity", "Inf"} {
		if bytes.HasPrefix(rest, []byte(lit)) {
			if i > 0 && data[i-1] == '-' {
				return "-" + lit
			}
			return lit
		}
	}
	return ""
}

// kindOf names the JSON type of a raw value (shapejson.KindOf).
func kindOf(raw json.RawMessage) string { return shapejson.KindOf(raw) }

// isNull reports whether raw is absent or the JSON null.
func isNull(raw json.RawMessage) bool { return shapejson.IsNull(raw) }

// decodeNumber reads a JSON number with the codec fixtures share with
// the engine protocol (shapejson.Number).
func decodeNumber(raw json.RawMessage, field string) (float64, error) {
	f, err := shapejson.Number(raw, field)
	return f, asFieldErr(err)
}

// decodeInt reads a JSON number that is a whole number (2 and 2.0 both
// read as 2).
func decodeInt(raw json.RawMessage, field string) (int, error) {
	f, err := decodeNumber(raw, field)
	if err != nil {
		return 0, err
	}
	if f != math.Trunc(f) {
		return 0, fieldErr(field, "want a whole number, got %v", f)
	}
	if math.Abs(f) > 1<<53 {
		return 0, fieldErr(field, "number %v is too large", f)
	}
	return int(f), nil
}

// decodeArray reads a JSON array into its raw elements.
func decodeArray(raw json.RawMessage, field string) ([]json.RawMessage, error) {
	elems, err := shapejson.Array(raw, field)
	return elems, asFieldErr(err)
}

// decodeVec reads an array of exactly three numbers.
func decodeVec(raw json.RawMessage, field string) (mgl64.Vec3, error) {
	v, err := shapejson.Vector(raw, field)
	return v, asFieldErr(err)
}

// asFieldErr is the codec's *shapejson.FieldError as the fixture's *Error
// naming the same field; other errors (and nil) as they are.
func asFieldErr(err error) error {
	var fe *shapejson.FieldError
	if errors.As(err, &fe) {
		return &Error{Field: fe.Field, Err: fe.Err}
	}
	return err
}

// decodeObject reads a JSON object whose keys must all be in allowed (a
// misspelt key inside mesh, ellipsoid, slide or expect is an error, so an
// expectation is never silently unchecked). A null or absent value gives a
// nil map.
func decodeObject(raw json.RawMessage, field string, allowed ...string) (map[string]json.RawMessage, error) {
	if isNull(raw) {
		return nil, nil
	}
	if k := kindOf(raw); k != "object" {
		return nil, fieldErr(field, "want an object, got %s", k)
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, fieldErr(field, "%v", err)
	}
	for _, key := range slices.Sorted(maps.Keys(obj)) {
		ok := false
		for _, a := range allowed {
			ok = ok || a == key
		}
		if !ok {
			return nil, fieldErr(joinKey(field, key), "unknown field (want one of %v)", allowed)
		}
	}
	return obj, nil
}

// requiredField returns top[key] or an error naming the missing field.
func requiredField(obj map[string]json.RawMessage, key, field string) (json.RawMessage, error) {
	raw, ok := obj[key]
	if !ok || isNull(raw) {
		return nil, fieldErr(field, "missing")
	}
	return raw, nil
}

// decodeVersion reads the version: 1 or 2.
func decodeVersion(raw json.RawMessage) (int, error) {
	if isNull(raw) {
		return 0, fieldErr("version", "missing (want %d or %d)", EllipsoidVersion, FormatVersion)
	}
	v, err := decodeNumber(raw, "version")
	if err != nil {
		return 0, err
	}
	switch {
	case v > FormatVersion:
		return 0, fieldErr("version", "fixture format version %v is newer than this debugger reads (version %d); update the debugger", v, FormatVersion)
	case v != EllipsoidVersion && v != FormatVersion:
		return 0, fieldErr("version", "invalid version %v (want %d or %d)", v, EllipsoidVersion, FormatVersion)
	}
	return int(v), nil
}

func decodeName(top map[string]json.RawMessage, s *Scene) error {
	raw, err := requiredField(top, "name", "name")
	if err != nil {
		return err
	}
	if k := kindOf(raw); k != "string" {
		return fieldErr("name", "want a string, got %s", k)
	}
	if err := json.Unmarshal(raw, &s.Name); err != nil {
		return fieldErr("name", "%v", err)
	}
	return nil
}

func decodeMesh(top map[string]json.RawMessage, s *Scene) error {
	raw, err := requiredField(top, "mesh", "mesh")
	if err != nil {
		return err
	}
	obj, err := decodeObject(raw, "mesh", "vertices", "triangles")
	if err != nil {
		return err
	}
	if s.Mesh.Vertices, err = decodeVertices(obj); err != nil {
		return err
	}
	s.Mesh.Triangles, err = decodeTriangles(obj)
	return err
}

func decodeVertices(mesh map[string]json.RawMessage) ([]mgl64.Vec3, error) {
	raw, err := requiredField(mesh, "vertices", "mesh.vertices")
	if err != nil {
		return nil, err
	}
	if out, ok := scanVertices(raw); ok {
		return out, nil
	}
	elems, err := decodeArray(raw, "mesh.vertices")
	if err != nil {
		return nil, err
	}
	out := make([]mgl64.Vec3, len(elems))
	for i, e := range elems {
		if out[i], err = decodeVec(e, fmt.Sprintf("mesh.vertices[%d]", i)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func decodeTriangles(mesh map[string]json.RawMessage) ([][3]int, error) {
	raw, err := requiredField(mesh, "triangles", "mesh.triangles")
	if err != nil {
		return nil, err
	}
	if out, ok := scanIndices(raw); ok {
		return out, nil
	}
	elems, err := decodeArray(raw, "mesh.triangles")
	if err != nil {
		return nil, err
	}
	out := make([][3]int, len(elems))
	for i, e := range elems {
		field := fmt.Sprintf("mesh.triangles[%d]", i)
		idx, err := decodeArray(e, field)
		if err != nil {
			return nil, err
		}
		if len(idx) != 3 {
			return nil, fieldErr(field, "want 3 vertex indices, got %d", len(idx))
		}
		for k, x := range idx {
			if out[i][k], err = decodeInt(x, fmt.Sprintf("%s[%d]", field, k)); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// decodeShape reads the one shape field (ellipsoid, capsule or box) with
// the codec the engine protocol and captures share.
func decodeShape(top map[string]json.RawMessage, s *Scene) error {
	shape, err := shapejson.Decode(top)
	if err != nil {
		if fe := (*shapejson.FieldError)(nil); !errors.As(err, &fe) {
			return &Error{Err: err}
		}
		return asFieldErr(err)
	}
	s.Shape = shape
	return nil
}

func decodeMotion(top map[string]json.RawMessage, s *Scene) error {
	for _, f := range []struct {
		key string
		dst *mgl64.Vec3
	}{{"start", &s.Start}, {"end", &s.End}} {
		raw, err := requiredField(top, f.key, f.key)
		if err != nil {
			return err
		}
		if *f.dst, err = decodeVec(raw, f.key); err != nil {
			return err
		}
	}
	return nil
}

func decodeSlide(top map[string]json.RawMessage, s *Scene) error {
	obj, err := decodeObject(top["slide"], "slide", "maxIterations", "skin")
	if err != nil || obj == nil {
		return err
	}
	if raw := obj["maxIterations"]; !isNull(raw) {
		if s.Slide.MaxIterations, err = decodeInt(raw, "slide.maxIterations"); err != nil {
			return err
		}
	}
	if raw := obj["skin"]; !isNull(raw) {
		if s.Slide.Skin, err = decodeNumber(raw, "slide.skin"); err != nil {
			return err
		}
	}
	return nil
}

func decodeExpect(top map[string]json.RawMessage, s *Scene) error {
	obj, err := decodeObject(top["expect"], "expect",
		"hit", "t", "point", "normal", "feature", "triangle", "final", "tolerance")
	if err != nil || obj == nil {
		return err
	}
	e := &Expect{}
	if raw := obj["hit"]; !isNull(raw) {
		if k := kindOf(raw); k != "boolean" {
			return fieldErr("expect.hit", "want true or false, got %s", k)
		}
		e.Hit = new(bool)
		*e.Hit = bytes.HasPrefix(bytes.TrimSpace(raw), []byte("true"))
	}
	if raw := obj["feature"]; !isNull(raw) {
		if k := kindOf(raw); k != "string" {
			return fieldErr("expect.feature", "want \"face\", \"edge\" or \"vertex\", got %s", k)
		}
		e.Feature = new(string)
		if err := json.Unmarshal(raw, e.Feature); err != nil {
			return fieldErr("expect.feature", "%v", err)
		}
	}
	if raw := obj["triangle"]; !isNull(raw) {
		e.Triangle = new(int)
		if *e.Triangle, err = decodeInt(raw, "expect.triangle"); err != nil {
			return err
		}
	}
	if err := decodeExpectNumbers(obj, e); err != nil {
		return err
	}
	s.Expect = e
	return nil
}

// decodeExpectNumbers reads the numeric and vector fields of expect.
func decodeExpectNumbers(obj map[string]json.RawMessage, e *Expect) error {
	nums := []struct {
		key string
		dst **float64
	}{{"t", &e.T}, {"tolerance", &e.Tolerance}}
	for _, n := range nums {
		if raw := obj[n.key]; !isNull(raw) {
			f, err := decodeNumber(raw, "expect."+n.key)
			if err != nil {
				return err
			}
			*n.dst = &f
		}
	}
	vecs := []struct {
		key string
		dst **mgl64.Vec3
	}{{"point", &e.Point}, {"normal", &e.Normal}, {"final", &e.Final}}
	for _, v := range vecs {
		if raw := obj[v.key]; !isNull(raw) {
			vec, err := decodeVec(raw, "expect."+v.key)
			if err != nil {
				return err
			}
			*v.dst = &vec
		}
	}
	return nil
}

// decodeExtra keeps every unknown top-level field, compacted (insignificant
// whitespace removed; strings and number literals are kept byte for byte).
func decodeExtra(top map[string]json.RawMessage, s *Scene) error {
	for key, raw := range top {
		if isKnownField(key) {
			continue
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, raw); err != nil {
			return fieldErr(pathKey(key), "%v", err)
		}
		if s.Extra == nil {
			s.Extra = map[string]json.RawMessage{}
		}
		s.Extra[key] = buf.Bytes()
	}
	return nil
}
