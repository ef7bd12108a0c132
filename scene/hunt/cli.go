package hunt

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"sweepdbg/scene"
	"sweepdbg/scene/engine"
)

// Exit codes of Main.
const (
	ExitClean    = 0 // no findings
	ExitFindings = 1 // something was found (and written)
	ExitBadInput = 2 // bad flags, an unknown scene, an unreadable file, or a fixture that could not be written
)

// Main runs `debugger hunt [--scene NAME|FILE] [--time 30s] [--seed N]
// [--out DIR]` with args (the arguments after "hunt"): a progress bar on
// stderr, a summary table on stdout, and the exit code. --scene is a
// built-in scene's name or a fixture or mesh file (default
// scene.DefaultName); --seed defaults to one taken from the clock (the
// summary prints it, so a hunt can be repeated). Ctrl-C ends the hunt
// early with the summary so far.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hunt", flag.ContinueOnError)
	fs.SetOutput(stderr)
	name := fs.String("scene", scene.DefaultName, "built-in scene `NAME` or fixture/mesh FILE to hunt in")
	dur := fs.Duration("time", DefaultDuration, "how long to hunt, shrinking included")
	seed := fs.Uint64("seed", uint64(time.Now().UnixNano()), "seed of the random search (default: from the clock)")
	out := fs.String("out", DefaultOut, "directory for the fixtures of the findings")
	var ef engine.Flags
	ef.Add(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: debugger hunt [--scene NAME|FILE] [--time 30s] [--seed N] [--out DIR] [--engine \"CMD ARGS\"]...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitClean
		}
		return ExitBadInput
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "hunt: unexpected argument %q\n", fs.Arg(0))
		return ExitBadInput
	}
	if *dur <= 0 {
		fmt.Fprintf(stderr, "hunt: --time %v: must be positive\n", *dur)
		return ExitBadInput
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s, err := loadScene(ctx, *name)
	if err == nil {
		err = ef.Validate()
	}
	if err == nil {
		err = CheckOut(*out)
	}
	if err != nil {
		fmt.Fprintf(stderr, "hunt: %v\n", err)
		return ExitBadInput
	}
	engines, err := ef.Start(ctx)
	if err != nil {
		engine.PrintBroken(stderr, "debugger", err)
		return ExitBadInput
	}
	defer engine.CloseAll(engines)
	show, done := progressFor(stderr, s.Name, engines)
	sum, err := Run(ctx, Config{Scene: s, Duration: *dur, Seed: *seed, Out: *out, Engines: engines, Judge: ef.Judge()}, show)
	done()
	WriteSummary(stdout, sum)
	if err != nil {
		engine.PrintBroken(stderr, "debugger", err)
		return ExitBadInput
	}
	if len(sum.Findings) > 0 {
		return ExitFindings
	}
	return ExitClean
}

// loadScene is a built-in scene by name, else a file (fixture or mesh).
func loadScene(ctx context.Context, name string) (*scene.Scene, error) {
	for _, b := range scene.Builtins() {
		if b == name {
			return scene.Builtin(name)
		}
	}
	if _, err := os.Stat(name); err != nil {
		return nil, fmt.Errorf("--scene %q is neither a built-in scene (%s) nor a readable file: %w", name, strings.Join(scene.Builtins(), ", "), err)
	}
	return scene.Open(ctx, name, nil)
}

// progressBar draws "hunting NAME [#####-----] 12s/30s  1234 cases  1 finding"
// on one line, rewritten with \r.
type progressBar struct {
	w     io.Writer
	scene string
	width int // length of the last line, to blank it out
}

const barCells = 24

func (b *progressBar) show(p Progress) {
	frac := 1.0
	if p.Duration > 0 {
		frac = min(1, float64(p.Elapsed)/float64(p.Duration))
	}
	n := int(frac * barCells)
	line := fmt.Sprintf("hunting %s [%s%s] %s/%s  %d cases  %d %s", b.scene, strings.Repeat("#", n), strings.Repeat("-", barCells-n),
		p.Elapsed.Round(100*time.Millisecond), p.Duration, p.Cases, p.Findings, plural(p.Findings, "finding"))
	if p.Shrinking != "" {
		line += "  shrinking " + p.Shrinking
	}
	redraw(b.w, &b.width, line)
}

func (b *progressBar) done() {
	if b.width > 0 {
		fmt.Fprintln(b.w)
	}
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// WriteSummary prints the hunt's outcome: a line with the scene, seed and
// case count, then a table (kind, count, worst, triangles, fixture), or
// "no findings".
func WriteSummary(w io.Writer, s Summary) {
	fmt.Fprintf(w, "hunted %s for %s: %d cases, seed %d\n", s.Scene, s.Elapsed.Round(time.Millisecond), s.Cases, s.Seed)
	if len(s.Findings) == 0 {
		fmt.Fprintln(w, "no findings")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "KIND\tCOUNT\tWORST\tTRIANGLES\tFIXTURE")
	for _, f := range s.Findings {
		fmt.Fprintf(tw, "%s\t%d\t%.3g\t%d\t%s\n", f.Kind, f.Count, f.Worst, f.Triangles, f.Fixture)
	}
	tw.Flush()
}
