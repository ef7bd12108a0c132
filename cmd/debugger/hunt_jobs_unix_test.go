//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestHuntJobsBrokenEngine: with three jobs, the first engine started
// breaks while the other two (the Go example engine, which agrees with
// the core) keep answering: the hunt stops every job, exits 2 naming the
// broken engine, and leaves none of the three engines' process groups
// behind.
func TestHuntJobsBrokenEngine(t *testing.T) {
	goBin, _ := engines(t)
	dir := t.TempDir()
	pids, lock := filepath.Join(dir, "pgids"), filepath.Join(dir, "lock")
	script := "echo $$ >> " + shellQuote(pids) + "; if mkdir " + shellQuote(lock) + " 2>/dev/null; then exec " + brokenAfterHello + "; else exec " + shellQuote(goBin) + "; fi"
	code, _, stderr := runCmd("hunt", "--engine", "sh -c "+shellQuote(script), "--scene", "floor", "--time", "30s", "--jobs", "3", "--out", t.TempDir())
	if code != exitInvalid || !strings.Contains(stderr, `engine "sh" (command "sh -c`) || !strings.Contains(stderr, `broke on mesh #2`) {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 2 naming the broken engine", code, stderr)
	}
	data, err := os.ReadFile(pids)
	if err != nil {
		t.Fatal(err)
	}
	groups := strings.Fields(string(data))
	if len(groups) != 3 {
		t.Fatalf("%d engines started (%q), want 3: one per job", len(groups), groups)
	}
	for _, g := range groups {
		pgid, err := strconv.Atoi(g)
		if err != nil {
			t.Fatal(err)
		}
		if live := groupMembers(pgid); len(live) > 0 {
			t.Errorf("engine process group %d still has processes %v", pgid, live)
		}
	}
}
