package scene

import (
	"errors"
	"fmt"
	"strings"
)

// Error is a problem with a scene or a fixture file: which file, where in
// it, and what. Every error from Parse, Load, Open and Validate is (or wraps)
// an *Error, so callers can report the file and the field or line the same
// way; errors.As finds it.
type Error struct {
	File   string // path of the file as given; "" when the scene did not come from a file
	Field  string // JSON path such as "mesh.triangles[12][2]"; "" for the file as a whole
	Line   int    // 1-based line of a syntax error; 0 when the problem is not a syntax error
	Column int    // 1-based column (in bytes) of a syntax error; 0 when Line is 0
	Err    error  // what is wrong
}

// Error formats the problem as "file:line:col: msg" for syntax errors and
// "file: field: msg" otherwise, leaving out the parts that are empty.
func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d:%d", e.Line, e.Column)
		}
		b.WriteString(": ")
	} else if e.Line > 0 {
		fmt.Fprintf(&b, "line %d, column %d: ", e.Line, e.Column)
	}
	if e.Field != "" {
		b.WriteString(e.Field)
		b.WriteString(": ")
	}
	b.WriteString(e.Err.Error())
	return b.String()
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// fieldErr returns an *Error for field with a formatted message.
func fieldErr(field, format string, args ...any) error {
	return &Error{Field: field, Err: fmt.Errorf(format, args...)}
}

// inFile returns err with File set to path: an *Error gets the file added
// (a copy, the original is not modified), any other error is wrapped,
// unless its message already starts with the path (the mesh loaders name
// the file themselves).
func inFile(path string, err error) error {
	if err == nil {
		return nil
	}
	if strings.HasPrefix(err.Error(), path+":") {
		return err
	}
	var se *Error
	if errors.As(err, &se) {
		c := *se
		c.File = path
		return &c
	}
	return &Error{File: path, Err: err}
}
