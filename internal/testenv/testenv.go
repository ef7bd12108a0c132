// Package testenv holds what the project's tests share about the machine
// they run on: where the go command is (to build the example engines and
// the debugger binary), reading a folder of written files, and comparing
// two pictures pixel by pixel.
package testenv

import (
	"image"
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

// CountDiff counts the pixels of a and b that differ (over a's bounds),
// for the pixel tests of render and ui.
func CountDiff(a, b *image.RGBA) int { return CountDiffIn(a, b, a.Bounds()) }

// CountDiffIn counts the pixels of a and b inside r (clipped to a's
// bounds) that differ.
func CountDiffIn(a, b *image.RGBA, r image.Rectangle) int {
	n := 0
	r = r.Intersect(a.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
				n++
			}
		}
	}
	return n
}
