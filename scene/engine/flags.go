package engine

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"sweepdbg/scene/judge"
)

// Flags are the command-line flags of every command that takes live
// engines: --engine "CMD ARGS" (repeatable), --engine-timeout and
// --engine-tolerance (docs/engine-protocol.md).
type Flags struct {
	Cmds      []string      // the engine command lines, in the order given
	Timeout   time.Duration // the limit on one request
	Tolerance float64       // the judge's tolerance, unit-sphere distance
}

// cmdList is the repeatable --engine flag.
type cmdList struct{ cmds *[]string }

func (c cmdList) String() string {
	if c.cmds == nil {
		return ""
	}
	return strings.Join(*c.cmds, ", ")
}

func (c cmdList) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		return errEmptyCmd
	}
	*c.cmds = append(*c.cmds, s)
	return nil
}

// Add defines the three flags on fs, with their defaults (DefaultTimeout,
// DefaultTolerance).
func (f *Flags) Add(fs *flag.FlagSet) {
	fs.Var(cmdList{&f.Cmds}, "engine", "start the engine `\"CMD ARGS\"` and judge it against the exact core (repeatable: compare versions)")
	fs.DurationVar(&f.Timeout, "engine-timeout", DefaultTimeout, "how long an engine may take to answer one request")
	fs.Float64Var(&f.Tolerance, "engine-tolerance", judge.Engine.T, "how far (shape units: unit-sphere distance for an ellipsoid) an engine's answer may be from the exact one")
}

// Judge is the judge for the flags' tolerance (judge.Uniform).
func (f *Flags) Judge() judge.Judge { return judge.Judge{Tol: judge.Uniform(f.Tolerance)} }

// Validate reports a timeout or tolerance that is not positive.
func (f *Flags) Validate() error {
	switch {
	case f.Timeout <= 0:
		return fmt.Errorf("--engine-timeout %v: must be positive", f.Timeout)
	case !(f.Tolerance > 0):
		return fmt.Errorf("--engine-tolerance %v: must be positive", f.Tolerance)
	}
	return nil
}

// Start starts every engine of the flags, in order. On an error the
// engines already started are closed and none is returned. Close the
// engines returned with CloseAll on every path.
func (f *Flags) Start(ctx context.Context) ([]Engine, error) {
	var out []Engine
	for _, cmd := range f.Cmds {
		p, err := Start(ctx, cmd, Options{Timeout: f.Timeout})
		if err != nil {
			CloseAll(out)
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// CloseAll closes every engine (for a live one: ends it and kills its
// process group, see Process.Close) and returns their Close errors
// joined (errors.As finds each *BrokenError), nil when every engine
// ended cleanly.
func CloseAll(engines []Engine) error {
	var errs []error
	for _, e := range engines {
		errs = append(errs, e.Close())
	}
	return errors.Join(errs...)
}

// PrintBroken writes err to w for people: its text (a *BrokenError's is
// already escaped) and, for a *BrokenError, the engine's last
// standard-error lines, each escaped.
func PrintBroken(w io.Writer, prefix string, err error) {
	fmt.Fprintf(w, "%s: %v\n", prefix, err)
	var be *BrokenError
	if !errors.As(err, &be) || len(be.StderrTail) == 0 {
		return
	}
	fmt.Fprintln(w, "engine stderr (last lines):")
	for _, l := range be.StderrTail {
		fmt.Fprintf(w, "  %s\n", Excerpt([]byte(l)))
	}
}
