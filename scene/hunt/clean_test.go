//go:build !plantbug

package hunt

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"sweepdbg/scene"
)

// TestBuiltinsClean hunts briefly in every built-in scene and expects to
// find nothing: a regression test of the core, the unit-space method, the
// oracle and the slide together. A finding fails the test with its counts
// and its fixture.
func TestBuiltinsClean(t *testing.T) {
	for _, name := range scene.Builtins() {
		s, err := scene.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		sum, err := Run(t.Context(), Config{Scene: s, Duration: huntTime(), Seed: 1, Out: t.TempDir()}, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if sum.Cases == 0 {
			t.Errorf("%s: no cases tried", name)
		}
		t.Logf("%s: %d cases", name, sum.Cases)
		if len(sum.Findings) > 0 {
			var b strings.Builder
			for _, f := range sum.Findings {
				data, _ := os.ReadFile(f.Fixture)
				fmt.Fprintf(&b, "%s: %d cases, worst %.3g, %d triangles, %s\n%s\n%s\n", f.Kind, f.Count, f.Worst, f.Triangles, f.Fixture, f.Detail, data)
			}
			t.Errorf("%s: findings:\n%s", name, b.String())
		}
	}
}
