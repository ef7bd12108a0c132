package editor

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"sweepdbg/internal/atomicfile"
)

// readOr returns the file's content, or "-" when it cannot be read.
func readOr(p string) string {
	b, err := os.ReadFile(p)
	if err != nil {
		return "-"
	}
	return string(b)
}

// BackupSession keeps the last sessionBackups sessions, newest as .1,
// leaves the session in place, and does not back up the same bytes twice.
func TestBackupSessionRotates(t *testing.T) {
	p := filepath.Join(t.TempDir(), SessionFile)
	if b, err := BackupSession(p); b != "" || err != nil {
		t.Fatalf("missing session: backup %q, %v", b, err)
	}
	for i := 1; i <= 5; i++ {
		if err := put(p, fmt.Sprint("v", i)); err != nil {
			t.Fatal(err)
		}
		for range 2 { // a second launch without changes rotates nothing
			b, err := BackupSession(p)
			if err != nil || b != BackupPath(p, 1) {
				t.Fatalf("backup %q, %v", b, err)
			}
		}
	}
	want := map[string]string{p: "v5", BackupPath(p, 1): "v5", BackupPath(p, 2): "v4", BackupPath(p, 3): "v3", BackupPath(p, 4): "-"}
	for f, w := range want {
		if got := readOr(f); got != w {
			t.Errorf("%s holds %q, want %q", filepath.Base(f), got, w)
		}
	}
	// Saving over the session (atomically, a new file) leaves the backup.
	if err := put(p, "v6"); err != nil {
		t.Fatal(err)
	}
	if got := readOr(BackupPath(p, 1)); got != "v5" {
		t.Errorf("the newest backup changed with the session: %q", got)
	}
}

// put writes data to p atomically, as SaveSession does.
func put(p, data string) error { return atomicfile.WriteFile(p, []byte(data), true) }

// SetAsideSession moves an invalid session to a fresh name, never over an
// earlier one, keeping its bytes.
func TestSetAsideSession(t *testing.T) {
	p := filepath.Join(t.TempDir(), SessionFile)
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	var got []string
	for _, data := range []string{"{bad", "{worse"} {
		if err := put(p, data); err != nil {
			t.Fatal(err)
		}
		aside, err := SetAsideSession(p, now)
		if err != nil {
			t.Fatal(err)
		}
		if readOr(aside) != data || readOr(p) != "-" {
			t.Errorf("%s holds %q, session %q: want %q and no session", aside, readOr(aside), readOr(p), data)
		}
		got = append(got, aside)
	}
	if got[0] != p+".invalid-20260102-030405" || got[1] != got[0]+"-2" {
		t.Errorf("set-aside names %v", got)
	}
	if _, err := SetAsideSession(p, now); err == nil {
		t.Error("setting aside a missing session succeeded")
	}
}
