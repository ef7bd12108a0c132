package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"sweepdbg/scene"
	"sweepdbg/scene/engine"
	"sweepdbg/scene/hunt"
	"sweepdbg/scene/meshfile"
)

// runHunt searches random motions for core (or engine) bugs with package
// scene/hunt: debugger hunt [--scene NAME|FILE] [--time 30s] [--seed N]
// [--out DIR] [ENGINE FLAGS]. It draws a progress bar on stderr and prints
// a summary table on stdout. --scene is a built-in scene's name or a
// fixture or mesh file (default scene.DefaultName); --seed defaults to one
// taken from the clock (the summary prints it, so a hunt can be repeated).
// Ctrl-C ends the hunt early with the summary so far. Exit status: 0 no
// findings, 1 findings (written as fixtures), 2 bad usage, an unknown scene,
// an unreadable file, an --out that cannot take fixtures, a fixture that
// could not be written, or a broken engine.
func runHunt(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("hunt", `hunt [--scene NAME|FILE] [--time 30s] [--seed N] [--out DIR] [--engine "CMD ARGS"]...`, stderr)
	name := fs.String("scene", scene.DefaultName, "built-in scene `NAME` or fixture/mesh FILE to hunt in")
	dur := fs.Duration("time", hunt.DefaultDuration, "how long to hunt, shrinking included")
	seed := fs.Uint64("seed", uint64(time.Now().UnixNano()), "seed of the random search (default: from the clock)")
	out := fs.String("out", hunt.DefaultOut, "directory for the fixtures of the findings")
	var ef engine.Flags
	ef.Add(fs)
	rest, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(rest) > 0 {
		return usageErr(stderr, "hunt: unexpected argument %q", rest[0])
	}
	if *dur <= 0 {
		return usageErr(stderr, "hunt: --time %v: must be positive", *dur)
	}
	if err := ef.Validate(); err != nil {
		return usageErr(stderr, "hunt: %v", err)
	}
	ctx, stop := signalContext()
	defer stop()
	s, err := huntScene(ctx, *name)
	if err == nil {
		err = checkOut(*out)
	}
	if err != nil {
		fmt.Fprintf(stderr, "debugger: hunt: %s\n", scene.Printable(err.Error()))
		return exitInvalid
	}
	engines, err := ef.Start(ctx)
	if err != nil {
		engine.PrintBroken(stderr, "debugger", err)
		return exitInvalid
	}
	defer engine.CloseAll(engines)
	bar := newHuntBar(stderr, s.Name, engines)
	sum, err := hunt.Run(ctx, hunt.Config{Scene: s, Duration: *dur, Seed: *seed, Out: *out, Engines: [][]engine.Engine{engines}, Judge: ef.Judge()}, bar.show)
	bar.line.end()
	writeHuntSummary(stdout, sum)
	if err != nil {
		engine.PrintBroken(stderr, "debugger", err)
		return exitInvalid
	}
	if len(sum.Findings) > 0 {
		return exitFail
	}
	return exitOK
}

// huntScene is a built-in scene by name, else a file (fixture or mesh).
func huntScene(ctx context.Context, name string) (*scene.Scene, error) {
	if slices.Contains(scene.Builtins(), name) {
		return scene.Builtin(name)
	}
	if _, err := os.Stat(name); err != nil {
		return nil, fmt.Errorf("--scene %q is neither a built-in scene (%s) nor a readable file: %w", name, strings.Join(scene.Builtins(), ", "), err)
	}
	return meshfile.Open(ctx, name, nil)
}

// checkOut reports whether dir (created if missing) can take fixtures,
// by writing and removing a probe file.
func checkOut(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("--out %q: %w", dir, err)
	}
	f, err := os.CreateTemp(dir, ".probe-*")
	if err != nil {
		return fmt.Errorf("--out %q is not writable: %w", dir, err)
	}
	name := f.Name()
	f.Close()
	return os.Remove(filepath.Clean(name))
}

// huntBar draws the hunt's progress on one line: without engines
// "hunting NAME [#####-----] 12s/30s  1234 cases  1 finding", with them
// "hunting NAME with ENGINES 12s/30s  1234 cases  800 q/s  2 findings:
// naive-c: t 3, naive-c: inside 1"; then "  N unanswered" and
// "  shrinking KIND" when there are.
type huntBar struct {
	line    progressLine
	scene   string // escaped
	engines string // their names, escaped; "" without engines
}

// barCells is the width of the bar without engines.
const barCells = 24

func newHuntBar(w io.Writer, sceneName string, engines []engine.Engine) *huntBar {
	names := engineNames(engines)
	for i, n := range names {
		names[i] = scene.Printable(n)
	}
	return &huntBar{line: progressLine{w: w}, scene: scene.Printable(sceneName), engines: strings.Join(names, ", ")}
}

func (b *huntBar) show(p hunt.Progress) {
	var line string
	findings := fmt.Sprintf("%d %s", p.Findings, plural(p.Findings, "finding"))
	if b.engines == "" {
		frac := 1.0
		if p.Duration > 0 {
			frac = min(1, float64(p.Elapsed)/float64(p.Duration))
		}
		n := int(frac * barCells)
		line = fmt.Sprintf("hunting %s [%s%s] %s/%s  %d cases  %s", b.scene, strings.Repeat("#", n), strings.Repeat("-", barCells-n),
			p.Elapsed.Round(100*time.Millisecond), p.Duration, p.Cases, findings)
	} else {
		qps := 0.0
		if s := p.Elapsed.Seconds(); s > 0 {
			qps = float64(p.Queries) / s
		}
		line = fmt.Sprintf("hunting %s with %s %s/%s  %d cases  %.0f q/s  %s", b.scene, b.engines,
			p.Elapsed.Round(100*time.Millisecond), p.Duration, p.Cases, qps, findings)
		if len(p.ByKind) > 0 {
			parts := make([]string, len(p.ByKind))
			for i, k := range p.ByKind {
				parts[i] = fmt.Sprintf("%s %d", scene.Printable(k.Kind), k.Count)
			}
			line += ": " + strings.Join(parts, ", ")
		}
		if p.Unanswered > 0 {
			line += fmt.Sprintf("  %d unanswered", p.Unanswered)
		}
	}
	if p.Shrinking != "" {
		line += "  shrinking " + scene.Printable(p.Shrinking)
	}
	b.line.draw(line)
}

// writeHuntSummary prints the hunt's outcome: a line with the scene, seed
// and case count, then a table (kind, count, worst, triangles, fixture),
// or "no findings".
func writeHuntSummary(w io.Writer, s hunt.Summary) {
	fmt.Fprintf(w, "hunted %s for %s: %d cases, seed %d\n", scene.Printable(s.Scene), s.Elapsed.Round(time.Millisecond), s.Cases, s.Seed)
	if len(s.Findings) == 0 {
		fmt.Fprintln(w, "no findings")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "KIND\tCOUNT\tWORST\tTRIANGLES\tFIXTURE")
	for _, f := range s.Findings {
		fmt.Fprintf(tw, "%s\t%d\t%.3g\t%d\t%s\n", scene.Printable(f.Kind), f.Count, f.Worst, f.Triangles, scene.ShowPath(f.Fixture))
	}
	tw.Flush()
}
