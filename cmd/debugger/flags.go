package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"

	"sweepdbg/sweep"
	"sweepdbg/ui/editor"
)

// newFlags returns a flag set for a subcommand that reports errors to
// stderr and prints "usage: debugger <usageLine>" and its flags on -h.
func newFlags(name, usageLine string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: debugger %s\n", usageLine)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args with flags and operands in any order
// ("replay a.json --json b.json") and returns the operands. "--" ends the
// flags. The bool is false when the caller should return the int: 0 after
// -h, 2 after a bad flag (the flag package has printed the message).
func parseFlags(fs *flag.FlagSet, args []string) ([]string, int, bool) {
	var operands []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, exitOK, false
			}
			return nil, exitInvalid, false
		}
		rest := fs.Args()
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(operands, rest...), 0, true
		}
		if len(rest) == 0 {
			return operands, 0, true
		}
		operands = append(operands, rest[0])
		args = rest[1:]
	}
}

// usageErr prints a usage problem and returns the exit status for it.
func usageErr(stderr io.Writer, format string, args ...any) int {
	fmt.Fprintf(stderr, "debugger: "+format+"\n", args...)
	fmt.Fprintln(stderr, "run 'debugger help' for usage")
	return exitInvalid
}

// UnknownShapeError is a --shape value that names no shape kind.
type UnknownShapeError struct{ Value string }

func (e *UnknownShapeError) Error() string {
	return fmt.Sprintf("unknown shape %s: want ellipsoid, capsule or box", strconv.Quote(e.Value))
}

// shapeFlag is a --shape flag: a shape kind, or unset ("", the default)
// to keep the scene's own shape.
type shapeFlag struct {
	kind sweep.ShapeKind
	set  bool
}

// String returns the kind's name, or "" when unset.
func (f *shapeFlag) String() string {
	if f == nil || !f.set {
		return ""
	}
	return f.kind.String()
}

// Set takes "ellipsoid", "capsule" or "box"; anything else is an
// *UnknownShapeError (the flag package then reports it and the command
// exits 2).
func (f *shapeFlag) Set(v string) error {
	for _, k := range editor.Kinds {
		if k.String() == v {
			f.kind, f.set = k, true
			return nil
		}
	}
	return &UnknownShapeError{Value: v}
}

// of returns s turned into the flag's kind as the window turns shapes
// (editor.Shape.As: an ellipsoid's extents for a box, a capsule as tall as
// the shape with the smaller horizontal radius), or s itself when unset.
func (f *shapeFlag) of(s sweep.Shape) sweep.Shape {
	if !f.set || f.kind == s.Kind {
		return s
	}
	return editor.ShapeFrom(s).As(f.kind).Sweep()
}

// describeShape names a shape and its size for command output, e.g.
// "capsule (radius 0.5, half segment (0, 0.5, 0))".
func describeShape(s sweep.Shape) string {
	switch s.Kind {
	case sweep.KindCapsule:
		h := s.Capsule.HalfSegment
		return fmt.Sprintf("capsule (radius %.4g, half segment (%.4g, %.4g, %.4g))", s.Capsule.Radius, h[0], h[1], h[2])
	case sweep.KindBox:
		e := s.Extent()
		return fmt.Sprintf("box (half extents %.4g x %.4g x %.4g)", e[0], e[1], e[2])
	}
	e := s.Extent()
	return fmt.Sprintf("%s (half extents %.4g x %.4g x %.4g)", s.Kind, e[0], e[1], e[2])
}
