package scene

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Duplicate field names: encoding/json keeps the last of two equal keys
// without a word, so `"expect": {"hit": true, ..., "hit": false}` would
// silently test the opposite of what its author read first. findDuplicate
// walks the (already syntax-checked) document once and reports the first
// repeated key with its path.

// findDuplicate returns the path of the first key that appears twice in
// one object of data ("expect.hit", "camera.eye"), or "" when there is
// none. data must be valid JSON.
func findDuplicate(data []byte) string {
	w := dupWalker{b: data}
	_, path := w.value(0)
	if path == nil {
		return ""
	}
	var b strings.Builder
	for i := len(path) - 1; i >= 0; i-- {
		if i < len(path)-1 && !strings.HasPrefix(path[i], "[") {
			b.WriteByte('.')
		}
		b.WriteString(path[i])
	}
	return b.String()
}

// dupWalker scans valid JSON. Each method takes the index where a token
// may start (after optional white space) and returns the index after it,
// plus, when a duplicate was found inside, the path to it innermost first.
type dupWalker struct{ b []byte }

func (w *dupWalker) space(i int) int {
	for i < len(w.b) && (w.b[i] == ' ' || w.b[i] == '\t' || w.b[i] == '\n' || w.b[i] == '\r') {
		i++
	}
	return i
}

func (w *dupWalker) value(i int) (int, []string) {
	i = w.space(i)
	if i >= len(w.b) {
		return i, nil
	}
	switch w.b[i] {
	case '{':
		return w.object(i)
	case '[':
		return w.array(i)
	case '"':
		return w.str(i), nil
	}
	for i < len(w.b) && !isDelimiter(w.b[i]) {
		i++ // a number, true, false or null
	}
	return i, nil
}

// isDelimiter reports whether c ends a number or literal.
func isDelimiter(c byte) bool {
	switch c {
	case ',', ']', '}', ' ', '\t', '\n', '\r':
		return true
	}
	return false
}

// str returns the index after the string starting at i.
func (w *dupWalker) str(i int) int {
	for i++; i < len(w.b); i++ {
		switch w.b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(w.b) // unterminated: cannot happen in valid JSON
}

func (w *dupWalker) object(i int) (int, []string) {
	seen := map[string]bool{}
	i = w.space(i + 1)
	if i < len(w.b) && w.b[i] == '}' {
		return i + 1, nil
	}
	for i < len(w.b) {
		start := w.space(i)
		if start >= len(w.b) || w.b[start] != '"' {
			return len(w.b), nil // not a key: cannot happen in valid JSON
		}
		end := w.str(start)
		key := keyText(w.b[start:end])
		if seen[key] {
			return end, []string{pathKey(key)}
		}
		seen[key] = true
		i = w.space(end) + 1 // past ':'
		var path []string
		if i, path = w.value(i); path != nil {
			return i, append(path, pathKey(key))
		}
		i = w.space(i)
		if i >= len(w.b) || w.b[i] == '}' {
			return i + 1, nil
		}
		i++ // past ','
	}
	return i, nil
}

func (w *dupWalker) array(i int) (int, []string) {
	i = w.space(i + 1)
	if i < len(w.b) && w.b[i] == ']' {
		return i + 1, nil
	}
	for n := 0; i < len(w.b); n++ {
		var path []string
		if i, path = w.value(i); path != nil {
			return i, append(path, fmt.Sprintf("[%d]", n))
		}
		i = w.space(i)
		if i >= len(w.b) || w.b[i] == ']' {
			return i + 1, nil
		}
		i++ // past ','
	}
	return i, nil
}

// keyText decodes a quoted key; keys without escapes are used as they are.
func keyText(quoted []byte) string {
	if bytes.IndexByte(quoted, '\\') < 0 && len(quoted) >= 2 {
		return string(quoted[1 : len(quoted)-1])
	}
	var s string
	if json.Unmarshal(quoted, &s) != nil {
		return string(quoted)
	}
	return s
}

// pathKey is how a key from a file appears in a field path: as it is when
// it is a plain name (letters, digits, '_'), else quoted in brackets
// (["a.b"], ["\x1b[2J"]), so that a key can neither pose as a path of
// several fields nor carry control characters into a message.
func pathKey(key string) string {
	plain := key != ""
	for _, r := range key {
		plain = plain && (r == '_' || (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z'))
	}
	if plain {
		return key
	}
	return "[" + strconv.Quote(key) + "]"
}

// joinKey is the path of key inside the object at field.
func joinKey(field, key string) string {
	if k := pathKey(key); k[0] == '[' {
		return field + k
	}
	return field + "." + key
}
