package ui

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// stampFormat names exported files by local date and time.
const stampFormat = "20060102-150405"

// freshName returns base-<date>-<time>, with the scene name reduced to
// characters safe in a file name ("" becomes "scene").
func freshName(base string, now time.Time) string {
	var b strings.Builder
	for _, r := range base {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	name := b.String()
	if name == "" {
		name = "scene"
	}
	return name + "-" + now.Format(stampFormat)
}

// writeFresh writes data atomically to dir/base+ext, or dir/base-2+ext,
// -3, ... whichever does not exist yet: it never overwrites a file. The dir
// is created when missing. The data goes to a temporary file that is
// synced and then hard-linked to the final name (link fails if the name
// exists, so two writers never clobber each other); where the file system
// has no hard links, the name is reserved with O_EXCL and the temporary
// file renamed over the reservation. It returns the path written.
func writeFresh(dir, base, ext string, data []byte) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("create %s: %w", dir, err)
	}
	tmp, err := writeTemp(dir, data)
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp)
	for i := 1; i < 10000; i++ {
		path := filepath.Join(dir, base+ext)
		if i > 1 {
			path = filepath.Join(dir, fmt.Sprintf("%s-%d%s", base, i, ext))
		}
		err := os.Link(tmp, path)
		if err == nil {
			syncDir(dir)
			return path, nil
		}
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		// No hard links here: reserve the name, then replace it atomically.
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("write %s: %w", path, err)
		}
		f.Close()
		if err := os.Rename(tmp, path); err != nil {
			os.Remove(path)
			return "", fmt.Errorf("write %s: %w", path, err)
		}
		syncDir(dir)
		return path, nil
	}
	return "", fmt.Errorf("write %s: no free file name", filepath.Join(dir, base+ext))
}

// writeAtomic replaces path with data atomically (temporary file in the
// same directory, fsync, rename), creating the directory when missing.
func writeAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	tmp, err := writeTemp(dir, data)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	syncDir(dir)
	return nil
}

// writeTemp writes data to a new synced temporary file in dir and returns
// its path.
func writeTemp(dir string, data []byte) (string, error) {
	f, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return "", fmt.Errorf("write in %s: %w", dir, err)
	}
	err = f.Chmod(0o644) // CreateTemp makes 0600; these files are for the user's tools too
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", fmt.Errorf("write %s: %w", f.Name(), err)
	}
	return f.Name(), nil
}

// syncDir makes a rename or link in dir durable; errors are ignored
// because some systems cannot sync directories and the file itself is
// already synced.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}
