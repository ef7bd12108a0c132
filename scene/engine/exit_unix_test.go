//go:build unix

package engine

import (
	"errors"
	"strings"
	"testing"
)

// TestProcessKilledBySignal: an engine that dies of SIGSEGV is broken
// "killed by signal SIGSEGV", not just "exited".
func TestProcessKilledBySignal(t *testing.T) {
	_, err := Start(t.Context(), `sh -c 'kill -SEGV $$'`, Options{})
	var ee *exitError
	if !errors.As(err, &ee) || !errors.Is(err, ErrExited) || ee.Signal != "SIGSEGV" ||
		!strings.HasSuffix(err.Error(), "broke on hello #1: killed by signal SIGSEGV") {
		t.Errorf("%v (%#v), want killed by signal SIGSEGV", err, ee)
	}
}
