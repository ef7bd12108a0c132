// Package shapejson is the one JSON codec of a moving shape, shared by the
// fixture format (package scene), the engine protocol's requests and the
// captures (package scene/engine): all three carry a shape in the same
// field, one of
//
//	"ellipsoid": {"axes": [a, b, c]}
//	"capsule":   {"radius": r, "halfSegment": s}
//	"box":       {"axes": [a, b, c]}
//
// (docs/fixture-format.md, docs/engine-protocol.md, "Shapes"). It checks
// structure and types only (an object with exactly the known keys, arrays
// of three numbers); whether the numbers make a valid shape (non-zero,
// orthogonal axes, a positive radius) is for the caller to judge. It
// imports nothing of the project but sweep.
package shapejson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/sweep"
)

// Kinds are the shapes in the order of their fields in the formats (the
// order of sweep.ShapeKind); kind.String() is the field's name.
var Kinds = [...]sweep.ShapeKind{sweep.KindEllipsoid, sweep.KindCapsule, sweep.KindBox}

// KindNamed returns the kind whose field name is name ("ellipsoid",
// "capsule", "box"); false for any other name.
func KindNamed(name string) (sweep.ShapeKind, bool) {
	for _, k := range Kinds {
		if k.String() == name {
			return k, true
		}
	}
	return 0, false
}

// Errors of Decode, checkable with errors.Is inside a *FieldError.
var (
	// ErrNoShape: the object has none of the three shape fields.
	ErrNoShape = errors.New(`missing (want one of "ellipsoid", "capsule", "box")`)
	// ErrTwoShapes: the object has more than one shape field.
	ErrTwoShapes = errors.New("two shapes")
	// ErrBadValue: a field of the shape is missing, unknown or of the
	// wrong type or length.
	ErrBadValue = errors.New("bad value")
)

// FieldError is a problem with one field of a shape: Field is its JSON
// path ("capsule.halfSegment[2]", "box.axes"), Err says what is wrong and
// wraps ErrNoShape, ErrTwoShapes or ErrBadValue. Both are safe to print:
// a key from the input (a misspelt one) is escaped and cut to 200 bytes.
type FieldError struct {
	Field string
	Err   error
}

// Error reads "field: message".
func (e *FieldError) Error() string { return e.Field + ": " + e.Err.Error() }

// Unwrap returns Err.
func (e *FieldError) Unwrap() error { return e.Err }

// bad returns a *FieldError wrapping ErrBadValue.
func bad(field, format string, args ...any) error {
	return &FieldError{Field: field, Err: badValue(fmt.Sprintf(format, args...))}
}

// badValue is what is wrong with a value: its text is the message alone,
// and it is ErrBadValue for errors.Is.
type badValue string

func (b badValue) Error() string { return string(b) }

// Is reports whether target is ErrBadValue.
func (b badValue) Is(target error) bool { return target == ErrBadValue }

// Decode reads the shape held by obj, the members of the JSON object that
// carries it (a fixture, a request, a capture line): exactly one of the
// fields "ellipsoid", "capsule" and "box" must be present and not null.
// Errors are *FieldError values naming the field.
func Decode(obj map[string]json.RawMessage) (sweep.Shape, error) {
	var s sweep.Shape
	found := ""
	for _, k := range Kinds {
		raw, ok := obj[k.String()]
		if !ok || IsNull(raw) {
			continue
		}
		if found != "" {
			return s, &FieldError{Field: k.String(), Err: fmt.Errorf("%w: %q and %q; give exactly one", ErrTwoShapes, found, k.String())}
		}
		found = k.String()
		var err error
		if s, err = decodeKind(k, raw); err != nil {
			return s, err
		}
	}
	if found == "" {
		return s, &FieldError{Field: sweep.KindEllipsoid.String(), Err: ErrNoShape}
	}
	return s, nil
}

// decodeKind reads the value of the field of kind k.
func decodeKind(k sweep.ShapeKind, raw json.RawMessage) (sweep.Shape, error) {
	name := k.String()
	if k == sweep.KindCapsule {
		obj, err := object(raw, name, "radius", "halfSegment")
		if err != nil {
			return sweep.Shape{}, err
		}
		var c sweep.Capsule
		if c.Radius, err = Number(obj["radius"], name+".radius"); err != nil {
			return sweep.Shape{}, err
		}
		if c.HalfSegment, err = Vector(obj["halfSegment"], name+".halfSegment"); err != nil {
			return sweep.Shape{}, err
		}
		return sweep.CapsuleShape(c), nil
	}
	obj, err := object(raw, name, "axes")
	if err != nil {
		return sweep.Shape{}, err
	}
	field := name + ".axes"
	elems, err := Array(obj["axes"], field)
	if err != nil {
		return sweep.Shape{}, err
	}
	if len(elems) != 3 {
		return sweep.Shape{}, bad(field, "want 3 axes, got %d", len(elems))
	}
	var axes [3]mgl64.Vec3
	for i, e := range elems {
		if axes[i], err = Vector(e, fmt.Sprintf("%s[%d]", field, i)); err != nil {
			return sweep.Shape{}, err
		}
	}
	if k == sweep.KindBox {
		return sweep.BoxShape(sweep.Box{Axes: axes}), nil
	}
	return sweep.EllipsoidShape(sweep.Ellipsoid{Axes: axes}), nil
}

// KindOf names the JSON type of a raw value for error messages:
// "object", "array", "string", "boolean", "null", "number", or "nothing"
// for an absent value.
func KindOf(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}

// IsNull reports whether raw is absent or the JSON null.
func IsNull(raw json.RawMessage) bool {
	k := KindOf(raw)
	return k == "nothing" || k == "null"
}

// object reads a JSON object whose keys are all in allowed and all
// present.
func object(raw json.RawMessage, field string, allowed ...string) (map[string]json.RawMessage, error) {
	if k := KindOf(raw); k != "object" {
		return nil, bad(field, "want an object, got %s", k)
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, bad(field, "%v", err)
	}
	for key := range obj {
		known := false
		for _, a := range allowed {
			known = known || a == key
		}
		if !known {
			return nil, bad(field+"."+escapeKey(key), "unknown field (want %s)", want(allowed))
		}
	}
	for _, a := range allowed {
		if IsNull(obj[a]) {
			return nil, bad(field+"."+a, "missing")
		}
	}
	return obj, nil
}

// escapeKey returns a key from the input as a message may show it: at
// most 200 bytes, with control characters, quotes and invalid UTF-8
// escaped as strconv.Quote does (without the surrounding quotes).
func escapeKey(k string) string {
	if len(k) > 200 {
		k = k[:200]
	}
	q := strconv.Quote(k)
	return q[1 : len(q)-1]
}

// want lists the allowed keys for a message: "radius, halfSegment".
func want(keys []string) string {
	var b bytes.Buffer
	for i, k := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(k)
	}
	return b.String()
}

// Array reads a JSON array into its raw elements; the error is a
// *FieldError naming field.
func Array(raw json.RawMessage, field string) ([]json.RawMessage, error) {
	if k := KindOf(raw); k != "array" {
		return nil, bad(field, "want an array, got %s", k)
	}
	var elems []json.RawMessage
	if err := json.Unmarshal(raw, &elems); err != nil {
		return nil, bad(field, "%v", err)
	}
	return elems, nil
}

// Vector reads an array of exactly three numbers; the error is a
// *FieldError naming field (or the element at fault, "field[2]").
func Vector(raw json.RawMessage, field string) (mgl64.Vec3, error) {
	var v mgl64.Vec3
	if k := KindOf(raw); k != "array" {
		return v, bad(field, "want an array of 3 numbers, got %s", k)
	}
	elems, err := Array(raw, field)
	if err != nil {
		return v, err
	}
	if len(elems) != 3 {
		return v, bad(field, "want an array of 3 numbers, got %d elements", len(elems))
	}
	for i, e := range elems {
		if v[i], err = Number(e, fmt.Sprintf("%s[%d]", field, i)); err != nil {
			return v, err
		}
	}
	return v, nil
}

// Number reads a JSON number (finite: JSON has no other); the error is a
// *FieldError naming field.
func Number(raw json.RawMessage, field string) (float64, error) {
	if k := KindOf(raw); k != "number" {
		return 0, bad(field, "want a number, got %s", k)
	}
	text := string(bytes.TrimSpace(raw))
	f, err := strconv.ParseFloat(text, 64)
	switch {
	case errors.Is(err, strconv.ErrRange):
		return 0, bad(field, "number %s is out of range (beyond the largest float64)", text)
	case err != nil:
		return 0, bad(field, "bad number %s", text)
	}
	return f, nil
}

// Style is how Append lays a shape out: Sep goes between the elements of
// an array and the members of an object, Colon between a key and its
// value, and Num writes one finite number.
type Style struct {
	Sep, Colon string
	Num        func(dst []byte, f float64) []byte
}

// Append appends the shape's field, key and value, to dst in style st
// (e.g. "capsule": {"radius": 0.5, "halfSegment": [0, 1, 0]}); only the
// fields of s.Kind are written. finite is false when a number of the
// shape is NaN or infinite (then JSON cannot carry it: 0 is written in
// its place). An unknown kind is written as an ellipsoid.
func Append(dst []byte, s sweep.Shape, st Style) (out []byte, finite bool) {
	finite = true
	num := func(dst []byte, f float64) []byte {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			finite = false
			return append(dst, '0')
		}
		return st.Num(dst, f)
	}
	vec := func(dst []byte, v mgl64.Vec3) []byte {
		dst = append(dst, '[')
		for i, x := range v {
			if i > 0 {
				dst = append(dst, st.Sep...)
			}
			dst = num(dst, x)
		}
		return append(dst, ']')
	}
	key := func(dst []byte, k string) []byte {
		return append(append(append(dst, '"'), k...), `"`+st.Colon...)
	}
	axes := s.Ellipsoid.Axes
	name := sweep.KindEllipsoid.String()
	switch s.Kind {
	case sweep.KindCapsule:
		dst = append(key(dst, s.Kind.String()), '{')
		dst = num(key(dst, "radius"), s.Capsule.Radius)
		dst = append(dst, st.Sep...)
		dst = vec(key(dst, "halfSegment"), s.Capsule.HalfSegment)
		return append(dst, '}'), finite
	case sweep.KindBox:
		axes, name = s.Box.Axes, s.Kind.String()
	}
	dst = append(key(dst, name), '{')
	dst = append(key(dst, "axes"), '[')
	for i, a := range axes {
		if i > 0 {
			dst = append(dst, st.Sep...)
		}
		dst = vec(dst, a)
	}
	return append(dst, "]}"...), finite
}
