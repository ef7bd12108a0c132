// Command compare runs the sphere casts of cast files (internal/castfile)
// through this project's core (gocast) and through native Jolt Physics
// (joltcast, built from tools/joltbench/native), in fresh processes
// alternating round by round, and prints a markdown table: times, build,
// memory, hits and the answers where the two disagree, each checked
// against the exact core by gocast check. See
// docs/performance.md, "Native Jolt in the repository (`jolt7`, 2026-11-28)".
//
//	compare [-gocast PATH] [-joltcast PATH] [-rounds N] [-out DIR] FILE.json...
//
// Each round runs "gocast time FILE" and "joltcast time FILE" once, who
// goes first alternating; then each runs once more with -results. With
// -out, the raw JSON of every run, the questions put to gocast check and
// its answers, and the table (report.md) are written to DIR.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"sweepdbg/internal/castfile"
)

func main() {
	err := run(os.Args[1:], os.Stdout, os.Stderr)
	if errors.Is(err, errUsage) {
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "compare:", err)
		os.Exit(1)
	}
}

var errUsage = errors.New("usage")

// config is the command line.
type config struct {
	gocast, joltcast string
	rounds           int
	out              string
	files            []string
}

func parse(args []string, stderr io.Writer) (config, error) {
	var c config
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.gocast, "gocast", "gocast", "the gocast binary (go build ./tools/joltbench/gocast)")
	fs.StringVar(&c.joltcast, "joltcast", "joltcast", "the joltcast binary (tools/joltbench/native/build.sh)")
	fs.IntVar(&c.rounds, "rounds", 9, "alternating timed rounds a level")
	fs.StringVar(&c.out, "out", "", "directory for every run's raw JSON and the report (none: not kept)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compare [-gocast PATH] [-joltcast PATH] [-rounds N] [-out DIR] FILE.json...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return c, errUsage
	}
	c.files = fs.Args()
	if len(c.files) == 0 || c.rounds < 1 {
		fs.Usage()
		return c, errUsage
	}
	return c, nil
}

func run(args []string, stdout, stderr io.Writer) error {
	c, err := parse(args, stderr)
	if err != nil {
		return err
	}
	if c.out == "" {
		dir, err := os.MkdirTemp("", "joltbench-compare")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		c.out = dir
	} else if err := os.MkdirAll(c.out, 0o755); err != nil {
		return err
	}
	var rows []row
	for _, path := range c.files {
		fmt.Fprintf(stderr, "compare: %s\n", path)
		r, err := level(c, path)
		if err != nil {
			return err
		}
		rows = append(rows, r)
	}
	md := header(c.rounds) + table(rows)
	fmt.Fprint(stdout, md)
	return os.WriteFile(filepath.Join(c.out, "report.md"), []byte(md), 0o644)
}

// header says what the table holds.
func header(rounds int) string {
	return fmt.Sprintf("%d alternating rounds a level; times: medians over the rounds of each round's median and p90 over the casts.\n\n", rounds)
}

// level compares both engines on one cast file.
func level(c config, path string) (row, error) {
	f, err := castfile.Read(path)
	if err != nil {
		return row{}, err
	}
	name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	n := len(f.Casts) / 6
	var ours, jolt []output
	for r := range c.rounds {
		first, second := c.gocast, c.joltcast
		if r%2 == 1 {
			first, second = second, first
		}
		for _, bin := range []string{first, second} {
			o, err := timeRun(bin, path, false, n, filepath.Join(c.out, fmt.Sprintf("%s.r%02d.%s.json", name, r, engine(c, bin))))
			if err != nil {
				return row{}, err
			}
			if bin == c.gocast {
				ours = append(ours, o)
			} else {
				jolt = append(jolt, o)
			}
		}
	}
	oursRes, err := timeRun(c.gocast, path, true, n, filepath.Join(c.out, name+".results.ours.json"))
	if err != nil {
		return row{}, err
	}
	joltRes, err := timeRun(c.joltcast, path, true, n, filepath.Join(c.out, name+".results.jolt.json"))
	if err != nil {
		return row{}, err
	}
	r := summarize(name, len(f.Triangles)/3, ours, jolt)
	r.hits(oursRes.Results, joltRes.Results)
	ds := disagreements(f.CastList(), f.Radius, oursRes.Results, joltRes.Results)
	if len(ds) == 0 {
		return r, nil
	}
	answers, err := check(c.gocast, path, ds, filepath.Join(c.out, name))
	if err != nil {
		return row{}, err
	}
	r.classify(ds, answers)
	return r, nil
}

// engine names a binary's runs in the raw files.
func engine(c config, bin string) string {
	if bin == c.gocast {
		return "ours"
	}
	return "jolt"
}

// timeRun runs "BIN time FILE [-results]", keeps its output in keep and
// returns it, checked to have n casts (and n results when asked).
func timeRun(bin, path string, results bool, n int, keep string) (output, error) {
	args := []string{"time", path}
	if results {
		args = append(args, "-results")
	}
	data, err := command(bin, args...)
	if err != nil {
		return output{}, err
	}
	if err := os.WriteFile(keep, data, 0o644); err != nil {
		return output{}, err
	}
	var o output
	if err := json.Unmarshal(data, &o); err != nil {
		return output{}, fmt.Errorf("%s %s: %w", bin, strings.Join(args, " "), err)
	}
	if len(o.TimesNS) != n || (results && len(o.Results) != n) {
		return output{}, fmt.Errorf("%s %s: %d times, %d results for %d casts", bin, strings.Join(args, " "), len(o.TimesNS), len(o.Results), n)
	}
	return o, nil
}

// command runs bin with args and returns its standard output; a failure
// carries its standard error.
func command(bin string, args ...string) ([]byte, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s %s: %w: %s", bin, strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return stdout.Bytes(), nil
}

// check asks "gocast check" about both engines' answers to each
// disagreement (the questions and answers are kept beside prefix) and
// returns the answers in the order of questions.
func check(gocast, path string, ds []disagreement, prefix string) ([]answer, error) {
	qs := questions(ds)
	data, err := json.Marshal(qs)
	if err != nil {
		return nil, err
	}
	qpath := prefix + ".questions.json"
	if err := os.WriteFile(qpath, data, 0o644); err != nil {
		return nil, err
	}
	out, err := command(gocast, "check", path, qpath)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(prefix+".answers.json", out, 0o644); err != nil {
		return nil, err
	}
	var as []answer
	if err := json.Unmarshal(out, &as); err != nil {
		return nil, fmt.Errorf("gocast check: %w", err)
	}
	if len(as) != len(qs) {
		return nil, fmt.Errorf("gocast check: %d answers to %d questions", len(as), len(qs))
	}
	return as, nil
}
