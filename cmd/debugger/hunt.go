package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"sweepdbg/scene"
	"sweepdbg/scene/engine"
	"sweepdbg/scene/hunt"
	"sweepdbg/scene/meshfile"
)

// huntUsage is the hunt command's argument synopsis.
const huntUsage = `hunt [--scene NAME|FILE] [--time 30s] [--cases N] [--seed N] [--jobs N] [--shard I/N] [--out DIR] [ENGINE FLAGS]`

// runHunt searches random motions for core (or engine) bugs with package
// scene/hunt: debugger hunt [--scene NAME|FILE] [--time 30s] [--cases N]
// [--seed N] [--jobs N] [--shard I/N] [--out DIR] [ENGINE FLAGS]. It
// draws a progress bar on stderr and prints a summary table on stdout.
// --scene is a built-in scene's name or a fixture or mesh file (default
// scene.DefaultName); --seed defaults to one taken from the clock (the
// summary prints it, so a hunt can be repeated); --cases N stops after the
// seed's first N cases (then --time is no limit unless given); --jobs runs
// that many searches in parallel (default: the number of CPUs), each with
// its own engine processes, with the same findings as one; --shard I/N
// tries only the cases whose index is I modulo N. Ctrl-C ends the hunt
// early with the summary so far. The scene's shape (ellipsoid, capsule or
// box) is the shape hunted. An engine that does not answer it sits out
// (the summary counts its queries); when every engine sits it out there
// is nothing to hunt: the command says so and exits 2. Exit status: 0 no
// findings, 1 findings (written as fixtures), 2 bad usage, an unknown
// scene, an unreadable file, an --out that cannot take fixtures, engines
// that all sit out the scene's shape, a fixture that could not be
// written, or a broken engine.
func runHunt(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("hunt", huntUsage, stderr)
	name := fs.String("scene", scene.DefaultName, "built-in scene `NAME` or fixture/mesh FILE to hunt in")
	dur := fs.Duration("time", hunt.DefaultDuration, "how long to hunt, shrinking included (with --cases: no limit unless given)")
	cases := fs.Int("cases", 0, "stop after the seed's first `N` cases (0: no limit, --time decides); the same N and seed give the same findings")
	seed := fs.Uint64("seed", 0, "seed of the random search (default: from the clock; the summary prints it)")
	jobs := fs.Int("jobs", 0, "`N` searches in parallel, each with its own engine processes (default: the CPUs this process may use, a container's CPU limit included)")
	shardFlag := fs.String("shard", "0/1", "try only shard `I/N` of the seed's cases: those whose index is I modulo N")
	out := fs.String("out", hunt.DefaultOut, "directory for the fixtures of the findings")
	var ef engine.Flags
	ef.Add(fs)
	rest, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	// The defaults that depend on the machine or the clock are taken here,
	// not given to the flag package, whose help would print them as a
	// second "(default ...)".
	if !flagGiven(fs, "seed") {
		*seed = uint64(time.Now().UnixNano())
	}
	if !flagGiven(fs, "jobs") {
		*jobs = runtime.GOMAXPROCS(0)
	}
	cfg := hunt.Config{Duration: *dur, Cases: *cases, Seed: *seed, Jobs: *jobs, Out: *out, Judge: ef.Judge()}
	if !flagGiven(fs, "time") && *cases > 0 {
		cfg.Duration = 0
	}
	var err error
	cfg.Shard, err = hunt.ParseShard(*shardFlag)
	if msg := huntUsageProblem(rest, cfg, *dur, *shardFlag, err, &ef); msg != "" {
		return usageErr(stderr, "hunt: %s", msg)
	}
	ctx, stop := signalContext()
	defer stop()
	cfg.Scene, err = huntScene(ctx, *name)
	if err == nil {
		err = checkOut(*out)
	}
	if err != nil {
		fmt.Fprintf(stderr, "debugger: hunt: %s\n", scene.Printable(err.Error()))
		return exitInvalid
	}
	return hunting(ctx, cfg, &ef, stdout, stderr)
}

// huntUsageProblem says what is wrong with the hunt's operands and flags,
// "" when nothing is. shardErr is hunt.ParseShard's error.
func huntUsageProblem(rest []string, cfg hunt.Config, dur time.Duration, shard string, shardErr error, ef *engine.Flags) string {
	switch {
	case len(rest) > 0:
		return fmt.Sprintf("unexpected argument %q", clipName(rest[0]))
	case dur <= 0:
		return fmt.Sprintf("--time %v: must be positive", dur)
	case cfg.Cases < 0:
		return fmt.Sprintf("--cases %d: must be 0 (no limit) or more", cfg.Cases)
	case cfg.Jobs < 1:
		return fmt.Sprintf("--jobs %d: must be at least 1", cfg.Jobs)
	case shardErr != nil:
		return fmt.Sprintf("--shard %q: want I/N with N >= 1 and 0 <= I < N, e.g. 0/4", clipName(shard))
	}
	if err := ef.Validate(); err != nil {
		return err.Error()
	}
	return ""
}

// flagGiven reports whether the flag name was set on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// hunting starts one set of engines per job (all closed on return, on
// every path), runs the hunt with its progress bar and prints the
// summary; it returns the exit status.
func hunting(ctx context.Context, cfg hunt.Config, ef *engine.Flags, stdout, stderr io.Writer) int {
	sets, err := startEngineSets(ctx, ef, cfg.Jobs)
	closed := false
	closeSets := func() error {
		if closed {
			return nil
		}
		closed = true
		var errs []error
		for _, set := range sets {
			errs = append(errs, engine.CloseAll(set))
		}
		return errors.Join(errs...)
	}
	defer closeSets()
	if err != nil {
		engine.PrintBroken(stderr, "debugger", err)
		return exitInvalid
	}
	if len(ef.Cmds) > 0 {
		cfg.Engines = sets
	}
	bar := newHuntBar(stderr, cfg.Scene.Name, sets[0])
	sum, err := hunt.Run(ctx, cfg, bar.show)
	bar.line.end()
	var nothing *hunt.NothingToHuntError
	if errors.As(err, &nothing) {
		fmt.Fprintf(stderr, "debugger: %s\n", scene.Printable(err.Error()))
		return exitInvalid
	}
	writeHuntSummary(stdout, sum, err)
	if err == nil {
		err = closeSets() // an engine that wrote after its last answer is broken
	}
	if err != nil {
		engine.PrintBroken(stderr, "debugger", err)
		return exitInvalid
	}
	if len(sum.Findings) > 0 {
		return exitFail
	}
	return exitOK
}

// startEngineSets starts the flags' engines once per job. On an error the
// sets started so far are returned with it, for the caller to close.
func startEngineSets(ctx context.Context, ef *engine.Flags, jobs int) ([][]engine.Engine, error) {
	sets := make([][]engine.Engine, 0, jobs)
	for range jobs {
		set, err := ef.Start(ctx)
		if err != nil {
			return sets, err
		}
		sets = append(sets, set)
	}
	return sets, nil
}

// maxShownName is how many runes of a name the user gave an error echoes.
const maxShownName = 80

// clipName is s cut to its first maxShownName runes (with "…" when cut)
// and escaped with scene.Printable: a name from the command line, safe
// and short in an error message.
func clipName(s string) string {
	n := 0
	for i := range s {
		if n == maxShownName {
			return scene.Printable(s[:i]) + "…"
		}
		n++
	}
	return scene.Printable(s)
}

// withoutPath is err without the path of an *os.PathError in it (the
// message names the file already, cut short): its Err, else err.
func withoutPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// huntScene is a built-in scene by name, else a file (fixture or mesh).
// Errors echo the name cut short (clipName).
func huntScene(ctx context.Context, name string) (*scene.Scene, error) {
	if slices.Contains(scene.Builtins(), name) {
		return scene.Builtin(name)
	}
	if _, err := os.Stat(name); err != nil {
		return nil, fmt.Errorf("--scene \"%s\" is neither a built-in scene (%s) nor a readable file: %w", clipName(name), strings.Join(scene.Builtins(), ", "), withoutPath(err))
	}
	return meshfile.Open(ctx, name, nil)
}

// checkOut reports whether dir (created if missing) can take fixtures,
// by writing and removing a probe file.
func checkOut(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("--out \"%s\": %w", clipName(dir), withoutPath(err))
	}
	f, err := os.CreateTemp(dir, ".probe-*")
	if err != nil {
		return fmt.Errorf("--out \"%s\" is not writable: %w", clipName(dir), withoutPath(err))
	}
	name := f.Name()
	f.Close()
	return os.Remove(filepath.Clean(name))
}

// huntBar draws the hunt's progress on one line: without engines
// "hunting NAME [#####-----] 12s/30s  1234 cases  1 finding", with them
// "hunting NAME with ENGINES 12s/30s  1234 cases  800 q/s  2 findings:
// naive-c: t 3, naive-c: inside 1"; then "  N unanswered", "  N sat out"
// and "  shrinking KIND" when there are.
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
		n := int(barFraction(p) * barCells)
		line = fmt.Sprintf("hunting %s [%s%s] %s  %s  %s", b.scene, strings.Repeat("#", n), strings.Repeat("-", barCells-n),
			huntClock(p), huntCases(p), findings)
	} else {
		qps := 0.0
		if s := p.Elapsed.Seconds(); s > 0 {
			qps = float64(p.Queries) / s
		}
		line = fmt.Sprintf("hunting %s with %s %s  %s  %.0f q/s  %s", b.scene, b.engines,
			huntClock(p), huntCases(p), qps, findings)
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
		if p.SatOut > 0 {
			line += fmt.Sprintf("  %d sat out", p.SatOut)
		}
	}
	if p.Shrinking != "" {
		line += "  shrinking " + scene.Printable(p.Shrinking)
	}
	b.line.draw(line)
}

// barFraction is how much of the hunt is done: of its time or of its
// case budget, whichever is further; 1 without either.
func barFraction(p hunt.Progress) float64 {
	if p.Duration <= 0 && p.CaseBudget <= 0 {
		return 1
	}
	frac := 0.0
	if p.Duration > 0 {
		frac = float64(p.Elapsed) / float64(p.Duration)
	}
	if p.CaseBudget > 0 {
		frac = max(frac, float64(p.Cases)/float64(p.CaseBudget))
	}
	return min(1, frac)
}

// huntClock is "12s/30s", or "12s" without a time limit.
func huntClock(p hunt.Progress) string {
	e := p.Elapsed.Round(100 * time.Millisecond).String()
	if p.Duration > 0 {
		e += "/" + p.Duration.String()
	}
	return e
}

// huntCases is "1234 cases", or "1234/5000 cases" with a case budget.
func huntCases(p hunt.Progress) string {
	if p.CaseBudget > 0 {
		return fmt.Sprintf("%d/%d cases", p.Cases, p.CaseBudget)
	}
	return fmt.Sprintf("%d cases", p.Cases)
}

// writeHuntSummary prints the hunt's outcome: when err stopped it, a
// first line saying so ("hunt stopped: engine "x" broke after 12 cases —
// no verdict"); a line with the scene, seed and case count; a line per
// engine that sat out the scene's shape (hunt.SatOut); then a table
// (kind, count, the saved case's amount, the worst amount seen,
// triangles, fixture) with its legend and a line per engine whose wrong
// cases look like float noise (hunt.NoiseHint), or "no findings" (only
// for a hunt that ran to its end).
func writeHuntSummary(w io.Writer, s hunt.Summary, err error) {
	if err != nil {
		fmt.Fprintln(w, huntStopped(s, err))
	}
	shard := ""
	if s.Shard.Count > 1 {
		shard = ", shard " + s.Shard.String()
	}
	fmt.Fprintf(w, "hunted %s for %s: %d cases, seed %d%s\n", scene.Printable(s.Scene), s.Elapsed.Round(time.Millisecond), s.Cases, s.Seed, shard)
	for _, o := range s.SatOut {
		fmt.Fprintln(w, satOutLine(o))
	}
	if len(s.Findings) == 0 {
		if err == nil {
			fmt.Fprintln(w, "no findings")
		}
		return
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "KIND\tCOUNT\tSAVED\tWORST\tTRIANGLES\tFIXTURE")
	for _, f := range s.Findings {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%d\t%s\n", scene.Printable(f.Kind), f.Count, scene.Amount(f.Saved), scene.Amount(f.Worst), f.Triangles, scene.ShowPath(f.Fixture))
	}
	tw.Flush()
	fmt.Fprintln(w, huntLegend)
	for _, n := range s.Noise {
		fmt.Fprintln(w, noiseLine(n))
	}
}

// satOutLine reads e.g. `engine "naive-c" sat out 1234 queries: it does
// not answer capsules (it answers ellipsoid); not judged`.
func satOutLine(o hunt.SatOut) string {
	queries := "queries"
	if o.Queries == 1 {
		queries = "query"
	}
	return fmt.Sprintf("engine \"%s\" sat out %d %s: %s; not judged", scene.Printable(o.Engine), o.Queries, queries, o.Reason())
}

// noiseLine reads e.g. "naive-c: 412 of 430 wrong cases are off by at
// most 2e-4 (float32 noise at this scale?); --engine-tolerance 3e-4 would
// keep the other 18".
func noiseLine(n hunt.NoiseHint) string {
	keep := "would pass them all"
	if n.Above() > 0 {
		keep = fmt.Sprintf("would keep the other %d", n.Above())
	}
	// A hint stands for several cases (hunt's noiseMin): "cases are".
	return fmt.Sprintf("%s: %d of %d wrong cases are off by at most %s (float32 noise at this scale?); --engine-tolerance %s %s",
		scene.Printable(n.Engine), n.Below, n.Total, scene.Amount(n.Under), scene.Amount(n.Tolerance), keep)
}

// huntLegend says what the summary table's amounts are.
const huntLegend = `SAVED: how far off the saved (shrunk) case in FIXTURE is; WORST: the farthest off of all COUNT cases (unit-sphere distance; for normals the length of the difference)`

// huntStopped is the first line of the summary of a hunt that err
// stopped: a broken engine ("no verdict": its findings so far are not the
// whole story) or another error (said on standard error).
func huntStopped(s hunt.Summary, err error) string {
	var be *engine.BrokenError
	if errors.As(err, &be) {
		return fmt.Sprintf("hunt stopped: engine \"%s\" broke after %d %s — no verdict", scene.Printable(be.Engine), s.Cases, plural(s.Cases, "case"))
	}
	return fmt.Sprintf("hunt stopped by an error after %d %s (below) — no verdict", s.Cases, plural(s.Cases, "case"))
}
