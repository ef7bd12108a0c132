package scene

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"sweepdbg/internal/safeopen"
)

// Error is a problem with a scene or a fixture file: which file, where in
// it, and what. Every error from Parse, Load, Open, LoadMesh, LoadOBJ,
// LoadGLTF and Validate is (or wraps) an *Error, so callers can report the
// file and the field or line the same way; errors.As finds it, and File
// says which file it is about (a glTF buffer's problems name the .gltf).
type Error struct {
	File   string // path of the file as given; "" when the scene did not come from a file
	Field  string // JSON path such as "mesh.triangles[12][2]"; "" for the file as a whole
	Line   int    // 1-based line of a syntax error; 0 when the problem is not a syntax error
	Column int    // 1-based column (in bytes) of a syntax error; 0 when unknown or Line is 0
	Err    error  // what is wrong
}

// Error formats the problem as "file:line:col: msg" for syntax errors and
// "file: field: msg" otherwise, leaving out the parts that are empty. Every
// part may come from a hostile file, so all of it goes through Printable: a
// control character or escape sequence is shown escaped, never sent to the
// terminal, and a very long path is shortened to its start and end.
func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(ShowPath(e.File))
	}
	switch {
	case e.Line > 0 && e.File == "":
		fmt.Fprintf(&b, "line %d", e.Line)
		if e.Column > 0 {
			fmt.Fprintf(&b, ", column %d", e.Column)
		}
	case e.Line > 0:
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Column > 0 {
			fmt.Fprintf(&b, ":%d", e.Column)
		}
	}
	if b.Len() > 0 {
		b.WriteString(": ")
	}
	if e.Field != "" {
		b.WriteString(Printable(e.Field))
		b.WriteString(": ")
	}
	if e.Err != nil {
		b.WriteString(Printable(e.Err.Error()))
	}
	return b.String()
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// fieldErr returns an *Error for field with a formatted message.
func fieldErr(field, format string, args ...any) error {
	return &Error{Field: field, Err: fmt.Errorf(format, args...)}
}

// InFile returns err as an *Error about the file at path: an *Error that
// already names a file (the mesh loaders name theirs) is returned as it is,
// an *Error without one gets path (a copy, the original is not modified),
// and any other error is wrapped.
func InFile(path string, err error) error {
	if err == nil {
		return nil
	}
	var se *Error
	if !errors.As(err, &se) {
		return &Error{File: path, Err: err}
	}
	if se.File != "" {
		return err
	}
	c := *se
	c.File = path
	return &c
}

// Printable returns s with everything that a terminal could interpret
// escaped as in a Go string literal: control characters (ESC, BEL,
// backspace, newline, ...), invalid UTF-8 bytes and other non-printing
// runes (bidirectional overrides, zero-width characters) become \x1b, \n,
// \u202e and so on; printable text, spaces included, is unchanged. Use it
// on anything that came from a file (names, keys, paths) before it reaches
// a terminal or a log line.
func Printable(s string) string {
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || !unicode.IsPrint(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unicode.IsPrint(r) && r != utf8.RuneError:
			b.WriteRune(r)
		default:
			q := strconv.QuoteRune(r) // e.g. '\x1b', '\u202e'
			b.WriteString(q[1 : len(q)-1])
		}
		i += n
	}
	return b.String()
}

// ShowPath returns a file path as a message shows it: escaped like
// Printable and, when longer than 200 bytes, shortened to its first and
// last parts around "…".
func ShowPath(p string) string { return Printable(shortPath(p)) }

// maxShownPath is the longest path shown whole in a message, in bytes; a
// longer one is shown as its first and last parts around "…".
const maxShownPath = 200

// shortPath shortens p for a message to its first and last 96 bytes (cut at
// rune boundaries) when it is longer than maxShownPath.
func shortPath(p string) string {
	if len(p) <= maxShownPath {
		return p
	}
	head, tail := 96, len(p)-96
	for head > 0 && !utf8.RuneStart(p[head]) {
		head--
	}
	for tail < len(p) && !utf8.RuneStart(p[tail]) {
		tail++
	}
	return p[:head] + "…" + p[tail:]
}

// MaxFileBytes is the largest file, in bytes, that any loader reads: a
// fixture, an OBJ, a .gltf or .glb, and every glTF buffer, whether a file
// or inside the GLB (default 1 GiB). A larger file, or a glTF buffer or
// chunk declaring more, is refused by its size before anything of that size
// is allocated, with an error wrapping ErrTooLarge. Fixtures are further
// bounded by MaxFixtureSize. Set it before loading; changing it while a
// load runs is a data race.
var MaxFileBytes int64 = 1 << 30

// ErrNotRegular marks a path that names something other than a regular
// file (a named pipe, a device, a socket, a directory). The loaders refuse
// such paths before reading, and open them so that even the open cannot
// block, so a bug report cannot hang the program.
var ErrNotRegular = safeopen.ErrNotRegular

// ErrTooLarge marks a file, chunk or buffer larger than the limit that
// applies to it (MaxFileBytes, MaxFixtureSize).
var ErrTooLarge = safeopen.ErrTooLarge
