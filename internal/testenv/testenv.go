// Package testenv holds what the project's tests share about the machine
// they run on: where the go command is (to build the example engines and
// the debugger binary).
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
