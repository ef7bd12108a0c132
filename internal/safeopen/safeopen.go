// Package safeopen opens files a user pointed the program at (fixtures,
// levels, glTF buffers) for reading: regular files only, opened so that even
// the open cannot block on a FIFO or a device, and refused by their size
// before anything of that size is read. Its errors carry no file name; the
// callers (package scene and its mesh loaders) wrap them in a *scene.Error
// that names the file once.
package safeopen

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// ErrNotRegular marks a path that names something other than a regular
// file (a named pipe, a device, a socket, a directory).
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge marks a file, chunk or buffer larger than the limit that
// applies to it.
var ErrTooLarge = errors.New("too large")

// statFunc and openFunc are os.Stat and os.OpenFile, or the methods of an
// *os.Root that confine a path to a folder.
type (
	statFunc func(name string) (fs.FileInfo, error)
	openFunc func(name string, flag int, perm fs.FileMode) (*os.File, error)
)

// Regular opens name for reading when it is a regular file of at most limit
// bytes, returning it and its size. It checks with stat before opening,
// opens non-blocking (a FIFO that slipped in between cannot block the open;
// O_NONBLOCK does nothing to regular files), and checks the opened file
// again. Errors wrap ErrNotRegular, ErrTooLarge or the system's error
// (errors.Is(err, fs.ErrNotExist) works), without the path (see UnwrapPath).
func Regular(name string, limit int64, stat statFunc, open openFunc) (*os.File, int64, error) {
	st, err := stat(name)
	if err != nil {
		return nil, 0, UnwrapPath(err)
	}
	if err := checkRegular(st, limit); err != nil {
		return nil, 0, err
	}
	f, err := open(name, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, 0, UnwrapPath(err)
	}
	if st, err = f.Stat(); err == nil {
		err = checkRegular(st, limit)
	}
	if err != nil {
		f.Close()
		return nil, 0, UnwrapPath(err)
	}
	return f, st.Size(), nil
}

// File is Regular on the file system as a whole.
func File(path string, limit int64) (*os.File, int64, error) {
	return Regular(path, limit, os.Stat, os.OpenFile)
}

// UnwrapPath drops the path an *fs.PathError repeats (the error around it
// names the file once, shortened), keeping the operation and the cause.
func UnwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	return err
}

// checkRegular refuses anything but a regular file of at most limit bytes.
func checkRegular(st fs.FileInfo, limit int64) error {
	m := st.Mode()
	kind := ""
	switch {
	case m.IsRegular():
		if st.Size() > limit {
			return fmt.Errorf("%w: %s, the limit is %s", ErrTooLarge, ByteSize(st.Size()), ByteSize(limit))
		}
		return nil
	case m.IsDir():
		kind = "a directory"
	case m&fs.ModeNamedPipe != 0:
		kind = "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		kind = "a socket"
	case m&fs.ModeDevice != 0:
		kind = "a device"
	default:
		kind = "not a file (" + m.Type().String() + ")"
	}
	return fmt.Errorf("is %s, %w", kind, ErrNotRegular)
}

// ByteSize formats a byte count for messages: whole MiB when it is a
// multiple of one, else in MiB with one decimal followed by the exact
// count (so a size just over a limit never reads the same as the limit),
// and in bytes below 1 MiB.
func ByteSize(n int64) string {
	switch {
	case n < 1<<20:
		return fmt.Sprintf("%d bytes", n)
	case n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%.1f MiB (%d bytes)", float64(n)/(1<<20), n)
}
