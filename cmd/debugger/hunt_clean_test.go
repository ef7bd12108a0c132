//go:build !plantbug

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHuntClean runs the command on a built-in scene and on a fixture
// file: exit 0, a progress bar on stderr, "no findings" on stdout.
func TestHuntClean(t *testing.T) {
	dir := t.TempDir()
	for _, sc := range []string{"floor", writeFixtureFile(t, dir)} {
		code, stdout, stderr := runCmd("hunt", "--scene", sc, "--time", "300ms", "--seed", "3", "--out", dir)
		if code != exitOK {
			t.Errorf("%s: exit %d\nstdout %s\nstderr %s", sc, code, stdout, stderr)
		}
		if !strings.Contains(stdout, "no findings") || !strings.Contains(stdout, "seed 3") {
			t.Errorf("%s: stdout %q", sc, stdout)
		}
		if !strings.Contains(stderr, "\rhunting ") || !strings.Contains(stderr, "[") {
			t.Errorf("%s: no progress bar on stderr: %q", sc, stderr)
		}
	}
}

// writeFixtureFile copies the scene package's hand-made fixture into dir.
func writeFixtureFile(t *testing.T, dir string) string {
	t.Helper()
	data, err := os.ReadFile("../../scene/testdata/design-example.json")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "design-example.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
