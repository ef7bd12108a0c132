package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A screenshot opens a level file as the window does: a Z-up OBJ is
// turned upright (its floor at y = 0) with a player-sized ellipsoid, and
// the guess is on the status line.
func TestScreenshotOpensLevelAsWindow(t *testing.T) {
	path := filepath.Join(t.TempDir(), "zup level.obj")
	obj := "v 0 0 0\nv 1000 0 0\nv 1000 1000 0\nv 0 1000 0\nv 0 0 100\nv 1000 0 100\n" +
		"f 1 2 3\nf 1 3 4\nf 1 2 6\nf 1 6 5\n"
	if err := os.WriteFile(path, []byte(obj), 0o644); err != nil {
		t.Fatal(err)
	}
	d, note, err := screenshotDoc(ScreenshotOptions{File: path})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(note, "up axis Z guessed") || !strings.Contains(note, "player height 56") {
		t.Errorf("note %q, want the Z-up and player-height guesses", note)
	}
	for _, v := range d.Scene.Mesh.Vertices[:4] {
		if v[1] != 0 {
			t.Fatalf("floor vertex %v not at y = 0: the level was not turned upright", v)
		}
	}
	if h := 2 * d.Scene.Ellipsoid.Axes[1].Len(); h != 56 {
		t.Errorf("ellipsoid %v tall, want a 56-unit player", h)
	}
}
