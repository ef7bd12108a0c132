package atomicfile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"
)

// dirNames lists the names in dir, sorted.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names
}

// failingWriter passes n bytes through, then fails: a write interrupted
// midway (disk full, I/O error).
type failingWriter struct {
	w io.Writer
	n int
}

var errDiskFull = errors.New("injected: no space left on device")

func (f *failingWriter) Write(p []byte) (int, error) {
	if len(p) <= f.n {
		f.n -= len(p)
		return f.w.Write(p)
	}
	k, _ := f.w.Write(p[:f.n])
	f.n = 0
	return k, errDiskFull
}

// TestInterruptedWriteKeepsEarlierFile fails the write of a new version
// halfway, with and without overwrite, and checks that the earlier file is
// intact byte for byte and no temporary file is left.
func TestInterruptedWriteKeepsEarlierFile(t *testing.T) {
	for _, overwrite := range []bool{true, false} {
		dir := t.TempDir()
		p := filepath.Join(dir, "fixture.json")
		if err := Write(p, []byte(`{"name": "first"}`+"\n"), false); err != nil {
			t.Fatal(err)
		}
		before, _ := os.ReadFile(p)
		data := []byte(strings.Repeat(`{"name": "next"}`+"\n", 64))
		half := func(w io.Writer) io.Writer { return &failingWriter{w: w, n: len(data) / 2} }
		err := writeAtomic(p, data, overwrite, half)
		if !errors.Is(err, errDiskFull) {
			t.Errorf("overwrite=%v: interrupted save returned %v, want the write error", overwrite, err)
		}
		if after, _ := os.ReadFile(p); !bytes.Equal(after, before) {
			t.Errorf("overwrite=%v: interrupted save changed the earlier file:\n%s", overwrite, after)
		}
		if names := dirNames(t, dir); !reflect.DeepEqual(names, []string{"fixture.json"}) {
			t.Errorf("overwrite=%v: directory holds %v after a failed save", overwrite, names)
		}
	}
}

func TestFileSafe(t *testing.T) {
	for in, want := range map[string]string{
		"wall-ramp": "wall-ramp", "a b/c": "a-b-c", "../x": "x", "": "scene", "é!": "scene", "v1.2_x": "v1.2_x",
		// NTFS: no ':' '\\' '*' '?' '"' '<' '>' '|', no trailing dot or space, no device names.
		`C:\\levels\\e1m1?*`: "C-levels-e1m1", `a<b>c|d"e`: "a-b-c-d-e", "trail. ": "trail",
		"CON": "_CON", "nul.x": "_nul.x", "Com1": "_Com1", "lpt9.json": "_lpt9.json",
		"console": "console", "com10": "com10", "aux-1": "aux-1",
	} {
		if got := fileSafe(in); got != want {
			t.Errorf("fileSafe(%q) = %q, want %q", in, got, want)
		}
	}
}

// WriteFresh never overwrites: three writes in the same second give three
// files with their own contents (-2, -3 suffixes) and leave no temporary
// file behind; the stem is made file-safe and the directory is created.
func TestWriteFreshNeverOverwrites(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new")
	now := time.Date(2026, 5, 6, 7, 8, 9, 0, time.UTC)
	var paths []string
	for i := 0; i < 3; i++ {
		p, err := WriteFresh(dir, "a b/c", ".png", []byte{byte(i)}, now)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, filepath.Base(p))
		if data, err := os.ReadFile(p); err != nil || len(data) != 1 || data[0] != byte(i) {
			t.Fatalf("%s: %v %v", p, data, err)
		}
	}
	want := []string{"a-b-c-20260506-070809.png", "a-b-c-20260506-070809-2.png", "a-b-c-20260506-070809-3.png"}
	if !reflect.DeepEqual(paths, want) {
		t.Errorf("names %v, want %v", paths, want)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Errorf("%d files in %s, want 3 (temporary files left?)", len(entries), dir)
	}
}

// WriteContent names a file by its content: the same bytes twice are one
// file (its path both times); a different file that holds the name is
// left alone and the new bytes go to "-2"; no temporary file is left.
func TestWriteContent(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new")
	data := []byte("finding\n")
	p1, err := WriteContent(dir, "hunt t", ".json", data)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(p1) != "hunt-t-"+sha256Hex(data)+".json" {
		t.Errorf("name %s", p1)
	}
	p2, err := WriteContent(dir, "hunt t", ".json", data)
	if err != nil || p2 != p1 {
		t.Errorf("the same bytes again: %q, %v; want %q", p2, err, p1)
	}
	// Someone else's file under the name the next bytes would get.
	other := []byte("other\n")
	sum := sha256Hex(other)
	taken := filepath.Join(dir, "hunt-t-"+sum+".json")
	if err := os.WriteFile(taken, []byte("not mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	p3, err := WriteContent(dir, "hunt t", ".json", other)
	if err != nil || filepath.Base(p3) != "hunt-t-"+sum+"-2.json" {
		t.Errorf("name taken by another file: %q, %v", p3, err)
	}
	if got, _ := os.ReadFile(taken); string(got) != "not mine" {
		t.Errorf("the other file was overwritten: %q", got)
	}
	if got, _ := os.ReadFile(p3); !bytes.Equal(got, other) {
		t.Errorf("%s holds %q", p3, got)
	}
	if names := dirNames(t, dir); len(names) != 3 {
		t.Errorf("files %v, want 3 (temporary files left?)", names)
	}
}

func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:4])
}
