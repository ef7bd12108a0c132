//go:build !plantbug

package hunt

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	"sweepdbg/scene"
)

// huntTime is how long each built-in scene is hunted in by the tests.
func huntTime() time.Duration {
	if testing.Short() {
		return 400 * time.Millisecond
	}
	return 3 * time.Second
}

// TestBuiltinsClean hunts briefly in every built-in scene and expects to
// find nothing: a regression test of the core, the unit-space method, the
// oracle and the slide together. A finding fails the test with its table
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
			var b bytes.Buffer
			WriteSummary(&b, sum)
			for _, f := range sum.Findings {
				data, _ := os.ReadFile(f.Fixture)
				b.WriteString(f.Detail + "\n" + string(data) + "\n")
			}
			t.Errorf("%s: findings:\n%s", name, b.String())
		}
	}
}

// TestMainClean runs the command on a built-in scene and on a fixture
// file: exit 0, a progress bar on stderr, "no findings" on stdout.
func TestMainClean(t *testing.T) {
	dir := t.TempDir()
	for _, sc := range []string{"floor", writeFixtureFile(t, dir)} {
		var out, errb bytes.Buffer
		code := Main([]string{"--scene", sc, "--time", "300ms", "--seed", "3", "--out", dir}, &out, &errb)
		if code != ExitClean {
			t.Errorf("%s: exit %d\nstdout %s\nstderr %s", sc, code, out.String(), errb.String())
		}
		if !strings.Contains(out.String(), "no findings") || !strings.Contains(out.String(), "seed 3") {
			t.Errorf("%s: stdout %q", sc, out.String())
		}
		if !strings.Contains(errb.String(), "\rhunting ") || !strings.Contains(errb.String(), "[") {
			t.Errorf("%s: no progress bar on stderr: %q", sc, errb.String())
		}
	}
}
