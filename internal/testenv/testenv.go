// Package testenv holds what the project's tests share about the machine
// they run on: where the go command is (to build the example engines and
// the debugger binary), and reading a folder of written files.
package testenv

import (
	"os"
	"path/filepath"
	"runtime"
)

// GoTool returns the go command running the tests: GOROOT's bin/go when
// it exists, else "go" from the PATH.
func GoTool() string {
	p := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(p); err == nil {
		return p
	}
	return "go"
}

// Fataler is the part of *testing.T that ReadDir needs.
type Fataler interface {
	Helper()
	Fatal(args ...any)
}

// ReadDir maps each file name in dir to its bytes, failing the test on any
// error (tests compare folders of written fixtures this way).
func ReadDir(t Fataler, dir string) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = data
	}
	return out
}
