package main

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"sweepdbg/internal/testenv"
	"sweepdbg/scene/hunt"
)

// TestHuntJobsBadInput: --jobs, --cases and --shard out of range are
// usage errors (exit 2) naming the flag and the value.
func TestHuntJobsBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--jobs", "0"}, "--jobs 0"},
		{[]string{"--jobs", "-2"}, "--jobs -2"},
		{[]string{"--jobs", "many"}, "-jobs"},
		{[]string{"--cases", "-1"}, "--cases -1"},
		{[]string{"--shard", "3/3"}, `--shard "3/3"`},
		{[]string{"--shard", "-1/3"}, `--shard "-1/3"`},
		{[]string{"--shard", "0/0"}, `--shard "0/0"`},
		{[]string{"--shard", "1"}, `--shard "1"`},
		{[]string{"--shard", "a/b"}, `--shard "a/b"`},
	} {
		code, _, stderr := runCmd(append([]string{"hunt", "--out", t.TempDir()}, c.args...)...)
		if code != exitInvalid || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 naming %s", c.args, code, stderr, c.want)
		}
	}
}

// TestHuntLongSceneName: a 20 KB --scene name is echoed cut to 80 runes
// with "…", escaped.
func TestHuntLongSceneName(t *testing.T) {
	name := "\x1b[31m" + strings.Repeat("é", 20000)
	code, _, stderr := runCmd("hunt", "--scene", name, "--out", t.TempDir())
	want := `--scene "\x1b[31m` + strings.Repeat("é", 75) + `…"`
	if code != exitInvalid || !strings.Contains(stderr, want) || len(stderr) > 1000 || strings.Contains(stderr, "\x1b") {
		t.Errorf("exit %d, stderr (%d bytes) %.400q; want exit 2 and the name cut to 80 runes, escaped", code, len(stderr), stderr)
	}
	if got := clipName("short"); got != "short" {
		t.Errorf("clipName(short) = %q", got)
	}
}

// elapsed matches the summary's run time, the one thing that differs
// between two runs of a hunt with a case budget.
var elapsed = regexp.MustCompile(` for [0-9.]+m?s: `)

// TestHuntJobsSame: against the naive C engine, a hunt with a case budget
// prints the same summary and writes the same fixtures, byte for byte,
// with one job and with two.
func TestHuntJobsSame(t *testing.T) {
	naive := needNaive(t)
	var outs []string
	var dirs []map[string][]byte
	for _, jobs := range []string{"1", "2"} {
		out := t.TempDir()
		code, stdout, stderr := runCmd("hunt", "--engine", naive, "--scene", "floor", "--cases", "300", "--seed", "4", "--jobs", jobs, "--out", out)
		if code != exitFail || !strings.Contains(stdout, "300 cases, seed 4") {
			t.Fatalf("--jobs %s: exit %d\nstdout %s\nstderr %s\nwant exit 1 after 300 cases", jobs, code, stdout, stderr)
		}
		stdout = strings.ReplaceAll(elapsed.ReplaceAllString(stdout, " for T: "), out, "OUT")
		outs = append(outs, stdout)
		dirs = append(dirs, testenv.ReadDir(t, out))
	}
	if outs[0] != outs[1] {
		t.Errorf("summaries differ:\n--jobs 1:\n%s\n--jobs 2:\n%s", outs[0], outs[1])
	}
	if !reflect.DeepEqual(dirs[0], dirs[1]) || len(dirs[0]) == 0 {
		t.Errorf("fixtures differ or none: --jobs 1 wrote %d files, --jobs 2 %d", len(dirs[0]), len(dirs[1]))
	}
}

// TestHuntShardsReplay: three shards of one seed write into one folder;
// the fixtures are named by kind and content, the summaries name their
// shards, and replay over the folder gives the verdict: the core passes
// every fixture, the naive engine fails.
func TestHuntShardsReplay(t *testing.T) {
	naive := needNaive(t)
	out := t.TempDir()
	for i := range 3 {
		shard := []string{"0/3", "1/3", "2/3"}[i]
		code, stdout, stderr := runCmd("hunt", "--engine", naive, "--scene", "floor", "--cases", "150", "--seed", "4", "--jobs", "2", "--shard", shard, "--out", out)
		if code != exitFail || !strings.Contains(stdout, "50 cases, seed 4, shard "+shard) {
			t.Fatalf("--shard %s: exit %d\nstdout %s\nstderr %s", shard, code, stdout, stderr)
		}
	}
	named := regexp.MustCompile(`^hunt-naive-c-[a-z0-9-]+-[0-9a-f]{8}\.json$`)
	for name := range testenv.ReadDir(t, out) {
		if !named.MatchString(name) {
			t.Errorf("fixture %s is not named hunt-naive-c-RULE-HASH.json", name)
		}
	}
	if code, stdout, _ := runCmd("replay", out); code != exitOK || !strings.Contains(stdout, "PASS ") {
		t.Errorf("replay DIR on the core: exit %d\n%s", code, stdout)
	}
	if code, stdout, _ := runCmd("replay", "--engine", naive, out); code != exitFail {
		t.Errorf("replay --engine naive DIR: exit %d\n%s", code, stdout)
	}
}

// TestReplayDir: a directory stands for its .json and .jsonl files in
// sorted order (not hidden files, other files or subdirectories); an
// empty one replays nothing and says so.
func TestReplayDir(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"b.json", "a.json", ".hidden.json", "notes.txt", "sub/c.json"} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(passing), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, stdout, _ := runCmd("replay", dir)
	a, b := strings.Index(stdout, filepath.Join(dir, "a.json")), strings.Index(stdout, filepath.Join(dir, "b.json"))
	if code != exitOK || a < 0 || b < a || strings.Count(stdout, "PASS") != 2 {
		t.Errorf("exit %d, stdout:\n%s\nwant a.json then b.json, both passing, nothing else", code, stdout)
	}
	empty := t.TempDir()
	if code, _, stderr := runCmd("replay", empty); code != exitOK || !strings.Contains(stderr, "no .json or .jsonl files") {
		t.Errorf("empty folder: exit %d, stderr %q", code, stderr)
	}
}

// TestHuntBarBudget: with a case budget and no time limit, the bar shows
// the cases of the budget and the time without a limit.
func TestHuntBarBudget(t *testing.T) {
	var b strings.Builder
	bar := newHuntBar(&b, "floor", nil)
	bar.show(hunt.Progress{Elapsed: 1500 * time.Millisecond, Cases: 25, CaseBudget: 100})
	if s := b.String(); !strings.Contains(s, "[######------------------] 1.5s  25/100 cases") {
		t.Errorf("bar %q: want a quarter full, 1.5s and 25/100 cases", s)
	}
}
