package scene

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// ErrExists is returned (wrapped) by Save when the file exists and
// overwriting was not asked for.
var ErrExists = errors.New("file already exists")

// Save validates s and writes it as a fixture to path, atomically: the
// bytes go to a temporary file in the same directory, which is synced and
// then moved into place, and the directory is synced, so a crash or a
// failed write leaves either the old file or the new one, never a mix.
// Without overwrite an existing file is left alone and the error wraps
// ErrExists; the check and the write are one step (a hard link), so two
// savers cannot both win. Errors name the file.
func Save(path string, s *Scene, overwrite bool) error {
	data, err := s.Marshal()
	if err != nil {
		return InFile(path, err)
	}
	if err := writeAtomic(path, data, overwrite, nil); err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	return nil
}

// WriteFile writes data to path atomically, as Save does for fixtures,
// creating missing parent directories: a crash or failed write leaves the
// old file or the new one, never a mix. Without overwrite an existing file
// is left alone and the error wraps ErrExists. The debugger uses it for
// screenshots and its session file too.
func WriteFile(path string, data []byte, overwrite bool) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := writeAtomic(path, data, overwrite, nil); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// writeAtomic writes data to path as Save describes. wrap, when not nil,
// wraps the temporary file's writer (tests inject a failing one).
func writeAtomic(path string, data []byte, overwrite bool, wrap func(io.Writer) io.Writer) error {
	tmp, err := writeTemp(filepath.Dir(path), filepath.Base(path), data, wrap)
	if err != nil {
		return err
	}
	defer os.Remove(tmp) // after a link or a failure; a rename leaves nothing to remove
	if overwrite {
		err = os.Rename(tmp, path)
	} else {
		err = publishNew(tmp, path)
	}
	if err != nil {
		return err
	}
	return syncDir(filepath.Dir(path))
}

// writeTemp writes data to a new temporary file in dir (named after base,
// hidden, mode 0644) and syncs it; on any failure it removes the file.
func writeTemp(dir, base string, data []byte, wrap func(io.Writer) io.Writer) (string, error) {
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return "", err
	}
	var w io.Writer = f
	if wrap != nil {
		w = wrap(f)
	}
	_, err = w.Write(data)
	if err == nil {
		err = f.Chmod(0o644)
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

// publishNew makes the complete file tmp appear at dst only if dst does not
// exist yet, and reports an error wrapping ErrExists otherwise. A hard link
// does both in one atomic step. Where hard links are not supported it
// reserves dst with O_EXCL and renames tmp over the reservation (dst is
// briefly empty but never someone else's file).
func publishNew(tmp, dst string) error {
	err := os.Link(tmp, dst)
	if err == nil {
		return nil
	}
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s: %w", dst, ErrExists)
	}
	f, xerr := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if xerr != nil {
		if errors.Is(xerr, fs.ErrExist) {
			return fmt.Errorf("%s: %w", dst, ErrExists)
		}
		return fmt.Errorf("link %s: %w", dst, err)
	}
	f.Close()
	return os.Rename(tmp, dst)
}

// syncDir syncs a directory so that a rename or link in it is durable.
// File systems (and systems) that cannot sync directories report EINVAL
// or ErrUnsupported, which is not an error here.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, errors.ErrUnsupported) {
		return fmt.Errorf("sync %s: %w", dir, err)
	}
	return nil
}
