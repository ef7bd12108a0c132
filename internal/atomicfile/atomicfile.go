// Package atomicfile writes files so that a crash or a failed write leaves
// the old file or the new one, never a mix: the bytes go to a temporary
// file in the same directory, which is synced and then moved into place,
// and the directory is synced. Without overwrite an existing file is left
// alone; the check and the write are one step (a hard link), so two writers
// cannot both win. Fixtures (scene.Save, scene.Export), screenshots and the
// debugger's session file are written with it.
package atomicfile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// ErrExists is returned (wrapped) when the file exists and overwriting was
// not asked for.
var ErrExists = errors.New("file already exists")

// Write writes data to path atomically (see the package comment); the
// directory must exist. Without overwrite an existing file is left alone
// and the error wraps ErrExists. Errors are not prefixed with the path
// (the caller names the action and the file).
func Write(path string, data []byte, overwrite bool) error {
	return writeAtomic(path, data, overwrite, nil)
}

// WriteFile is Write creating missing parent directories, with errors
// prefixed "write PATH: ".
func WriteFile(path string, data []byte, overwrite bool) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := writeAtomic(path, data, overwrite, nil); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// writeAtomic writes data to path as Write describes. wrap, when not nil,
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

// maxExportSuffix bounds the -2, -3, ... suffixes WriteFresh tries within
// one second before giving up.
const maxExportSuffix = 10000

// WriteFresh writes data as a new file in dir (created if missing) named
// "<stem>-<YYYYMMDD>-<HHMMSS><ext>" (stem made file-safe, see fileSafe; now
// formatted in its own location), or with "-2", "-3", ...
// before ext when that name is taken. Each candidate is claimed atomically,
// so it never overwrites a file, even racing another process. It returns
// the path written.
func WriteFresh(dir, stem, ext string, data []byte, now time.Time) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	base := FreshStem(stem, now)
	return publishFirstFree(dir, base, ext, data, nil)
}

// WriteContent writes data as a file in dir (created if missing) named
// after stem (made file-safe, see fileSafe) and the first 8 hex digits of
// the SHA-256 of data: "<stem>-<hash><ext>". When that name is taken by a
// file with the same bytes, nothing is written and its path is returned:
// the same content written twice, even by two processes, is one file. A
// different file under the name is never overwritten: "-2", "-3", ...
// before ext are tried. Each candidate is claimed atomically. It returns
// the path of the file holding data.
func WriteContent(dir, stem, ext string, data []byte) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	base := fileSafe(stem) + "-" + hex.EncodeToString(sum[:4])
	return publishFirstFree(dir, base, ext, data, func(path string) bool { return sameContent(path, data) })
}

// publishFirstFree writes data to a temporary file in dir and publishes it
// under the first of base+ext, base-2+ext, ... that is free, claiming each
// atomically (publishNew), and returns that path. A taken name for which
// done reports true ends the search with that path and nothing written
// (nil done: no taken name will do).
func publishFirstFree(dir, base, ext string, data []byte, done func(path string) bool) (string, error) {
	tmp, err := writeTemp(dir, base+ext, data, nil)
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp)
	for n := 1; n <= maxExportSuffix; n++ {
		path := filepath.Join(dir, suffixed(base, n, ext))
		err := publishNew(tmp, path)
		switch {
		case errors.Is(err, ErrExists) && done != nil && done(path):
			return path, nil
		case errors.Is(err, ErrExists):
			continue
		case err != nil:
			return "", fmt.Errorf("%s: %w", path, err)
		}
		return path, syncDir(dir)
	}
	return "", fmt.Errorf("%s*%s: %d names taken", filepath.Join(dir, base), ext, maxExportSuffix)
}

// suffixed is base+ext for n = 1, else base-n+ext.
func suffixed(base string, n int, ext string) string {
	if n == 1 {
		return base + ext
	}
	return fmt.Sprintf("%s-%d%s", base, n, ext)
}

// sameContent reports whether the regular file at path holds exactly
// data (a file of another size is not read).
func sameContent(path string, data []byte) bool {
	fi, err := os.Lstat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() != int64(len(data)) {
		return false
	}
	got, err := os.ReadFile(path)
	return err == nil && bytes.Equal(got, data)
}

// FreshStem is the name WriteFresh gives a file before its extension:
// "<stem>-<YYYYMMDD>-<HHMMSS>", stem made file-safe (see fileSafe). The
// browser build names its downloads the same way.
func FreshStem(stem string, now time.Time) string {
	return fileSafe(stem) + "-" + now.Format("20060102-150405")
}

// maxStem is the longest file name part fileSafe returns, in bytes. With
// the date, a "-NNNNN" suffix, the extension and the temporary file's
// ".tmp-" decorations a name stays far below the 255 bytes file systems
// allow.
const maxStem = 120

// fileSafe maps a name to a file name part valid on every system: letters,
// digits, '.', '_' and '-' stay, runs of anything else become one '-'
// (so no ':', '\\', '*' or other character NTFS refuses), with no dot or
// dash at either end (Windows drops a trailing dot); an empty result is
// "scene", and a Windows device name gets a '_' in front (see
// reservedOnWindows). A result longer than maxStem is cut and ends in "-" and eight
// hex digits of a hash of the whole name, so two long names that share
// their start still give different files.
func fileSafe(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range name {
		ok := r == '.' || r == '_' || r == '-' || (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')
		if ok {
			b.WriteRune(r)
			dash = false
		} else if !dash {
			b.WriteByte('-')
			dash = true
		}
	}
	out := strings.Trim(b.String(), "-.")
	if out == "" {
		return "scene"
	}
	if reservedOnWindows(out) {
		out = "_" + out
	}
	if len(out) > maxStem {
		sum := sha256.Sum256([]byte(name))
		out = strings.TrimRight(out[:maxStem-9], "-.") + "-" + hex.EncodeToString(sum[:4])
	}
	return out
}

// windowsDevices are the names Windows reserves for devices, in any case
// and followed by any extension ("con.x-20260101.json" opens the console):
// Microsoft's "Naming Files, Paths, and Namespaces", "Naming Conventions".
var windowsDevices = []string{"con", "prn", "aux", "nul",
	"com1", "com2", "com3", "com4", "com5", "com6", "com7", "com8", "com9",
	"lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9"}

// reservedOnWindows reports whether a file name whose stem is name would
// name a device on Windows: the part before its first dot, or before the
// "-<date>" WriteFresh appends, is a device name. The check is made on
// every system, so a fixture exported on Linux can be unpacked on Windows.
func reservedOnWindows(name string) bool {
	head, _, _ := strings.Cut(name, ".")
	return slices.Contains(windowsDevices, strings.ToLower(head))
}
