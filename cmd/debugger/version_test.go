package main

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"sweepdbg/internal/testenv"
)

// TestVersionLinkTime builds the binary as make dist does, with the
// version, commit and date set at link time, and reads them back.
func TestVersionLinkTime(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "debugger")
	ld := "-X main.version=v9.8.7 -X main.commit=0123abc -X main.buildDate=2026-01-02T03:04:05Z"
	if out, err := exec.Command(testenv.GoTool(), "build", "-ldflags", ld, "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "version").CombinedOutput()
	if err != nil {
		t.Fatalf("debugger version: %v\n%s", err, out)
	}
	want := "sweepdbg v9.8.7\ncommit 0123abc\nbuilt 2026-01-02T03:04:05Z\n" + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH + "\n"
	if string(out) != want {
		t.Errorf("debugger version printed\n%s\nwant\n%s", out, want)
	}
}

// TestVersionDefaults: without link-time values (go run, go build) the
// version still prints, with "dev" and "unknown" where nothing is known.
func TestVersionDefaults(t *testing.T) {
	var out, errOut strings.Builder
	if code := run([]string{"version"}, &out, &errOut); code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	lines := strings.Split(out.String(), "\n")
	if len(lines) != 5 || !strings.HasPrefix(lines[0], "sweepdbg ") || !strings.HasPrefix(lines[1], "commit ") || !strings.HasPrefix(lines[2], "built ") {
		t.Errorf("version output %q", out.String())
	}
	if code := run([]string{"version", "extra"}, &out, &errOut); code != exitInvalid {
		t.Errorf("version extra: exit %d, want %d", code, exitInvalid)
	}
}
