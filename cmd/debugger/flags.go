package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
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
