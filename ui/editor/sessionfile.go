package editor

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"sweepdbg/internal/atomicfile"
	"sweepdbg/scene"
)

// sessionBackups is how many earlier session files are kept next to the
// session, newest first: session.json.1, session.json.2, session.json.3.
const sessionBackups = 3

// maxAsideSuffix bounds the "-N" suffixes tried for a set-aside session.
const maxAsideSuffix = 100

// BackupPath is the name of the n-th backup of the session at path
// (1 is the newest).
func BackupPath(path string, n int) string { return fmt.Sprintf("%s.%d", path, n) }

// BackupSession keeps the session file at path as its newest backup
// (path.1), moving older backups up by one and dropping the oldest beyond
// sessionBackups, and returns the backup's path. The session file itself
// stays in place (a hard link, else a copy), so a crash before the next
// save loses nothing. A missing session returns ("", nil); a session equal
// to the newest backup is not backed up again (repeated launches without
// changes do not push older backups out) and returns the backup's path.
func BackupSession(path string) (string, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("session backup: %w", err)
	}
	newest := BackupPath(path, 1)
	if old, err := os.ReadFile(newest); err == nil && bytes.Equal(old, data) {
		return newest, nil
	}
	if err := shiftBackups(path); err != nil {
		return "", err
	}
	if err := linkOrCopy(path, newest); err != nil {
		return "", fmt.Errorf("session backup: %w", err)
	}
	return newest, nil
}

// shiftBackups renames path.N-1 to path.N for N from sessionBackups down
// to 2, so that path.1 is free (the oldest backup is replaced).
func shiftBackups(path string) error {
	for n := sessionBackups; n > 1; n-- {
		err := os.Rename(BackupPath(path, n-1), BackupPath(path, n))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("session backup: %w", err)
		}
	}
	if err := os.Remove(BackupPath(path, 1)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("session backup: %w", err)
	}
	return nil
}

// SetAsideSession moves the session file at path, which failed to load,
// to path.invalid-<date>-<time> (with "-2", "-3", ... when that name is
// taken), where nothing overwrites it, and returns the new path. The
// move never replaces an existing file (a hard link, then the removal of
// path); where hard links are not supported the file is copied.
func SetAsideSession(path string, now time.Time) (string, error) {
	base := path + ".invalid-" + now.Format("20060102-150405")
	for n := 1; n <= maxAsideSuffix; n++ {
		dst := base
		if n > 1 {
			dst = fmt.Sprintf("%s-%d", base, n)
		}
		err := linkOrCopy(path, dst)
		if errors.Is(err, fs.ErrExist) || errors.Is(err, scene.ErrExists) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("session: keeping the invalid file: %w", err)
		}
		if err := os.Remove(path); err != nil {
			return "", fmt.Errorf("session: kept a copy as %s but: %w", dst, err)
		}
		return dst, nil
	}
	return "", fmt.Errorf("session: %s*: %d names taken", base, maxAsideSuffix)
}

// linkOrCopy makes dst a hard link to src, or, where links are not
// supported, a new file with src's bytes; it never replaces dst.
func linkOrCopy(src, dst string) error {
	err := os.Link(src, dst)
	if err == nil || errors.Is(err, fs.ErrExist) || errors.Is(err, fs.ErrNotExist) {
		return err
	}
	data, rerr := os.ReadFile(src)
	if rerr != nil {
		return rerr
	}
	return atomicfile.WriteFile(dst, data, false)
}
