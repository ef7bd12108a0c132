package engine

import (
	"bytes"
	"strconv"

	"github.com/go-gl/mathgl/mgl64"
)

// scanner is a small JSON reader over one line for the answer's known
// fields, without reflection or allocation. It only accepts what it is
// sure encoding/json (after rewriteNonFinite) reads the same way: plain
// JSON with ASCII keys and no string escapes, numbers in JSON's grammar or
// a non-finite spelling. Anything else (an escape, null where a value is
// expected, a key that differs from a known one only by case, a duplicate
// known key, a syntax error) makes ok false, and the caller decodes the
// line the general way instead, which also gives the exact error. It is
// shared by the answer decoder and the test engine's request reader.
type scanner struct {
	b  []byte
	i  int
	ok bool
}

// maxDepth bounds the nesting of skipped values; deeper ones bail out.
const maxDepth = 64

func newScanner(b []byte) scanner { return scanner{b: b, ok: true} }

// bail marks the line as not for the fast path; later calls do nothing.
func (s *scanner) bail() { s.ok, s.i = false, len(s.b) }

// ws skips JSON white space.
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

// peek skips white space and returns the next byte, 0 at the end.
func (s *scanner) peek() byte {
	s.ws()
	if s.i < len(s.b) {
		return s.b[s.i]
	}
	return 0
}

// want consumes c (after white space) or bails.
func (s *scanner) want(c byte) bool {
	if s.peek() != c {
		s.bail()
		return false
	}
	s.i++
	return true
}

// end reports whether only white space is left.
func (s *scanner) end() bool { return s.peek() == 0 && s.i == len(s.b) }

// object reads {"key": value, ...}, calling field with each key and the
// scanner at its value; field must consume the value (or bail).
func (s *scanner) object(field func(key []byte)) {
	if !s.want('{') {
		return
	}
	if s.peek() == '}' {
		s.i++
		return
	}
	for s.ok {
		key := s.str()
		if !s.want(':') {
			return
		}
		field(key)
		if s.next('}') {
			return
		}
	}
}

// array reads [value, ...], calling elem at each element.
func (s *scanner) array(elem func()) {
	if !s.want('[') {
		return
	}
	if s.peek() == ']' {
		s.i++
		return
	}
	for s.ok {
		elem()
		if s.next(']') {
			return
		}
	}
}

// next consumes ',' (false: another member follows) or closer (true);
// anything else bails (true).
func (s *scanner) next(closer byte) bool {
	switch s.peek() {
	case ',':
		s.i++
		return false
	case closer:
		s.i++
		return true
	}
	s.bail()
	return true
}

// str reads a string without escapes or control characters and returns
// its bytes (in the line, not a copy).
func (s *scanner) str() []byte {
	if !s.want('"') {
		return nil
	}
	for j := s.i; j < len(s.b); j++ {
		switch c := s.b[j]; {
		case c == '"':
			v := s.b[s.i:j]
			s.i = j + 1
			return v
		case c == '\\' || c < 0x20:
			s.bail()
			return nil
		}
	}
	s.bail()
	return nil
}

// word returns the run of letters at the scanner, with a sign before it.
func (s *scanner) word() []byte {
	j := s.i
	if j < len(s.b) && (s.b[j] == '-' || s.b[j] == '+') {
		j++
	}
	k := j
	for k < len(s.b) && isLetter(s.b[k]) {
		k++
	}
	if k == j {
		return nil
	}
	w := s.b[s.i:k]
	s.i = k
	return w
}

// boolean reads true or false.
func (s *scanner) boolean() bool {
	s.ws()
	switch string(s.word()) {
	case "true":
		return true
	case "false":
		return false
	}
	s.bail()
	return false
}

// numToken returns the bytes of a number in JSON's grammar
// (-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?) and whether it is an
// integer (no fraction or exponent); it bails on anything else.
func (s *scanner) numToken() (tok []byte, integer bool) {
	s.ws()
	j := s.i
	if j < len(s.b) && s.b[j] == '-' {
		j++
	}
	switch {
	case j < len(s.b) && s.b[j] == '0':
		j++
	case j < len(s.b) && s.b[j] >= '1' && s.b[j] <= '9':
		j = digits(s.b, j)
	default:
		s.bail()
		return nil, false
	}
	integer = true
	if j < len(s.b) && s.b[j] == '.' {
		if j = digits(s.b, j+1); s.b[j-1] == '.' {
			s.bail()
			return nil, false
		}
		integer = false
	}
	if j < len(s.b) && s.b[j]|0x20 == 'e' {
		j++
		if j < len(s.b) && (s.b[j] == '+' || s.b[j] == '-') {
			j++
		}
		if k := digits(s.b, j); k > j {
			j = k
		} else {
			s.bail()
			return nil, false
		}
		integer = false
	}
	tok, s.i = s.b[s.i:j], j
	return tok, integer
}

// digits returns the index after the run of digits at b[j:].
func digits(b []byte, j int) int {
	for j < len(b) && b[j] >= '0' && b[j] <= '9' {
		j++
	}
	return j
}

// num reads a number or a non-finite spelling (nan, -inf, Infinity, ...,
// any case). A number out of range reads as ±Inf or 0, like num's
// UnmarshalJSON.
func (s *scanner) num() float64 {
	if c := s.peek(); isLetter(c) || (c == '-' || c == '+') && s.i+1 < len(s.b) && isLetter(s.b[s.i+1]) {
		if f, ok := nonFiniteValue(s.word()); ok {
			return f
		}
		s.bail()
		return 0
	}
	tok, _ := s.numToken()
	if !s.ok {
		return 0
	}
	f, _ := strconv.ParseFloat(string(tok), 64) // the grammar is checked; only ErrRange can come, with ±Inf or 0
	return f
}

// int reads an integer that fits an int.
func (s *scanner) int() int {
	tok, integer := s.numToken()
	if !s.ok || !integer {
		s.bail()
		return 0
	}
	n, err := strconv.ParseInt(string(tok), 10, strconv.IntSize)
	if err != nil {
		s.bail()
	}
	return int(n)
}

// vec reads exactly [x, y, z].
func (s *scanner) vec() mgl64.Vec3 {
	var v mgl64.Vec3
	if !s.want('[') {
		return v
	}
	for k := range v {
		v[k] = s.num()
		if k < 2 && !s.want(',') {
			return v
		}
	}
	s.want(']')
	return v
}

// skip reads and discards any value: an object, an array, a string, a
// number, true, false, null or a non-finite spelling.
func (s *scanner) skip(depth int) {
	if depth > maxDepth {
		s.bail()
		return
	}
	switch c := s.peek(); {
	case c == '{':
		s.object(func([]byte) { s.skip(depth + 1) })
	case c == '[':
		s.array(func() { s.skip(depth + 1) })
	case c == '"':
		s.str()
	case c == '-' || c >= '0' && c <= '9':
		s.num()
	default:
		switch w := s.word(); string(w) {
		case "true", "false", "null":
		default:
			if _, ok := nonFiniteValue(w); !ok {
				s.bail()
			}
		}
	}
}

// foldsTo reports whether key, not equal to any of names, equals one of
// them in another letter case: encoding/json would fill that field, so
// the fast path must not treat key as unknown. A key with a byte outside
// ASCII also counts (encoding/json folds some of those too).
func foldsTo(key []byte, names ...string) bool {
	for _, c := range key {
		if c >= 0x80 {
			return true
		}
	}
	for _, n := range names {
		if bytes.EqualFold(key, []byte(n)) {
			return true
		}
	}
	return false
}
