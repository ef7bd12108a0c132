package assets

import (
	"io/fs"
	"os"
	"path"
	"strings"
	"testing"
)

// TestEveryBuiltinHasScreenshot requires a screenshot,
// screenshots/<name>.png, for every built-in scene, as the README
// promises (`debugger screenshot --scene NAME --out
// assets/screenshots/NAME.png --size 1280x800` makes one).
func TestEveryBuiltinHasScreenshot(t *testing.T) {
	names, err := fs.Glob(Scenes, "scenes/*.json")
	if err != nil || len(names) == 0 {
		t.Fatalf("no built-in scenes: %v", err)
	}
	for _, n := range names {
		name := strings.TrimSuffix(path.Base(n), ".json")
		if _, err := os.Stat(path.Join("screenshots", name+".png")); err != nil {
			t.Errorf("built-in scene %q has no screenshot: %v", name, err)
		}
	}
}
