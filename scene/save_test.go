package scene

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

func exampleScene(t *testing.T) *Scene {
	t.Helper()
	s, err := Parse([]byte(designExample))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// dirNames lists the names in dir (hidden ones too: filepath.Glob's "*"
// matches a leading dot), sorted.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range paths {
		paths[i] = filepath.Base(p)
	}
	return paths
}

func TestSaveNeverOverwritesUnlessAsked(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.json")
	first := exampleScene(t)
	if err := Save(p, first, false); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(p)
	second := exampleScene(t)
	second.Name = "second"
	err := Save(p, second, false)
	if !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), p) {
		t.Errorf("Save over an existing file = %v, want ErrExists naming the file", err)
	}
	if after, _ := os.ReadFile(p); !bytes.Equal(after, before) {
		t.Errorf("refused save changed the file")
	}
	if err := Save(p, second, true); err != nil {
		t.Fatal(err)
	}
	if got, err := Load(p); err != nil || got.Name != "second" {
		t.Errorf("after Save(overwrite) Load = %v, %v; want the second scene", got, err)
	}
	if names := dirNames(t, dir); !reflect.DeepEqual(names, []string{"a.json"}) {
		t.Errorf("directory holds %v, want only a.json (no temporary files left)", names)
	}
	if info, _ := os.Stat(p); info.Mode().Perm() != 0o644 {
		t.Errorf("saved file mode %v, want 0644", info.Mode().Perm())
	}
}

func TestSaveInvalidSceneWritesNothing(t *testing.T) {
	dir := t.TempDir()
	s := exampleScene(t)
	s.Mesh.Triangles[0][1] = 7
	err := Save(filepath.Join(dir, "bad.json"), s, false)
	if err == nil || !strings.Contains(err.Error(), "mesh.triangles[0][1]: index 7 out of range (3 vertices)") {
		t.Errorf("Save(invalid) = %v", err)
	}
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("Save(invalid) left %v", names)
	}
}

// TestExportsInTheSameSecond exports the same scene many times with the
// same clock reading, from several goroutines at once, and checks every
// export got its own file with the documented names and full content.
func TestExportsInTheSameSecond(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "fixtures") // Export creates it
	s := exampleScene(t)
	s.Name = "wall/ramp *1"
	now := time.Date(2026, 11, 22, 3, 4, 5, 0, time.UTC)
	const n = 8
	paths := make([]string, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			p, err := Export(dir, s, now)
			if err != nil {
				t.Error(err)
			}
			paths[i] = p
		}(i)
	}
	wg.Wait()
	want := []string{"wall-ramp-1-20261122-030405.json"}
	for i := 2; i <= n; i++ {
		want = append(want, "wall-ramp-1-20261122-030405-"+string(rune('0'+i))+".json")
	}
	sort.Strings(want)
	if got := dirNames(t, dir); !reflect.DeepEqual(got, want) {
		t.Errorf("exports in one second made %v, want %v", got, want)
	}
	seen := map[string]bool{}
	for _, p := range paths {
		if seen[p] {
			t.Errorf("two exports returned the same path %s", p)
		}
		seen[p] = true
		if got, err := Load(p); err != nil || !reflect.DeepEqual(got, s) {
			t.Errorf("Load(%s) = %v, %v; want the exported scene", p, got, err)
		}
	}
}

// TestExportLongNames exports scenes with 300-character names (over the
// 255 bytes a file name may have) that differ only at the end: each is
// written, under a different, shortened name.
func TestExportLongNames(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	seen := map[string]bool{}
	for _, end := range []string{"a", "b"} {
		s, err := Builtin("crease")
		if err != nil {
			t.Fatal(err)
		}
		s.Name = strings.Repeat("n", 299) + end
		p, err := Export(dir, s, now)
		if err != nil {
			t.Fatalf("Export(300-character name) = %q, %v", p, err)
		}
		if base := filepath.Base(p); len(base) > 160 || seen[base] {
			t.Errorf("exported as %q: too long or not distinct", base)
		}
		seen[filepath.Base(p)] = true
		if _, err := Load(p); err != nil {
			t.Errorf("Load(%s) = %v", p, err)
		}
	}
}
