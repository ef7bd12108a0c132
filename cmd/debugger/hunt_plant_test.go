//go:build plantbug

package main

import (
	"strings"
	"testing"
)

// TestHuntPlantedBug: with the planted bug (see scene/hunt's
// TestPlantedBug), the command exits 1 and prints the table with a
// unit-space finding.
func TestHuntPlantedBug(t *testing.T) {
	code, stdout, _ := runCmd("hunt", "--time", "3s", "--seed", "1", "--out", t.TempDir())
	if code != exitFail || !strings.Contains(stdout, "KIND") || !strings.Contains(stdout, "unitspace") {
		t.Errorf("exit %d\nstdout %s", code, stdout)
	}
}
