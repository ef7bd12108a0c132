//go:build unix

package main

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// tracked wraps an engine command so that it records its process group id
// (the shell's pid: the debugger starts each engine in its own group) and
// returns the wrapped command and a check, run at cleanup, that the group
// is gone.
func tracked(t *testing.T, cmd string) string {
	t.Helper()
	pidFile := filepath.Join(t.TempDir(), "pgid")
	t.Cleanup(func() {
		b, err := os.ReadFile(pidFile)
		if err != nil {
			return // the engine never started
		}
		pgid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil {
			t.Fatalf("pgid file: %v", err)
		}
		if live := groupMembers(pgid); len(live) > 0 {
			syscall.Kill(-pgid, syscall.SIGKILL)
			t.Errorf("engine process group %d still has processes %v after the command returned", pgid, live)
		}
	})
	return "sh -c " + shellQuote("echo $$ > "+shellQuote(pidFile)+"; exec "+cmd)
}

// groupMembers lists the processes of group pgid that are not zombies
// (a killed grandchild stays a zombie until init reaps it). SIGKILL is
// delivered asynchronously, so it looks again for a while before saying
// some live on.
func groupMembers(pgid int) []int {
	var live []int
	for range 500 {
		live = live[:0]
		if err := syscall.Kill(-pgid, 0); errors.Is(err, syscall.ESRCH) {
			return nil
		}
		stats, _ := filepath.Glob("/proc/[0-9]*/stat")
		for _, f := range stats {
			b, err := os.ReadFile(f)
			i := strings.LastIndexByte(string(b), ')')
			if err != nil || i < 0 {
				continue
			}
			// After "pid (comm) ": state ppid pgrp ...
			fields := strings.Fields(string(b[i+1:]))
			if len(fields) > 2 && fields[0] != "Z" && fields[2] == strconv.Itoa(pgid) {
				pid, _ := strconv.Atoi(strings.Fields(string(b))[0])
				live = append(live, pid)
			}
		}
		if len(live) == 0 {
			return nil
		}
		time.Sleep(10 * time.Millisecond)
	}
	return live
}
