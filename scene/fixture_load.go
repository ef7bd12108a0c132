package scene

import (
	"fmt"
	"io"

	"sweepdbg/internal/safeopen"
)

// MaxFixtureSize is the largest fixture Load reads, in bytes (64 MiB; less
// when MaxFileBytes is lower). A dense exported level of a few hundred
// thousand triangles takes a few tens of megabytes; a larger file is
// refused by its size before any of it is read, so a wrong or hostile path
// cannot exhaust memory.
const MaxFixtureSize = 64 << 20

// Load reads and validates the version-1 fixture at path. Errors are
// *Error values naming the file and the field or line, e.g.
// "a.json: mesh.triangles[3][1]: index 9 out of range (4 vertices)" or
// "a.json:7:12: invalid character ...". Files larger than MaxFixtureSize
// (or MaxFileBytes) are refused without being read (ErrTooLarge), and
// anything but a regular file (a FIFO, a device, a directory) is refused
// without blocking (ErrNotRegular).
func Load(path string) (*Scene, error) {
	data, err := readLimited(path, min(MaxFixtureSize, MaxFileBytes))
	if err != nil {
		return nil, InFile(path, err)
	}
	s, err := Parse(data)
	return s, InFile(path, err)
}

// readLimited reads the whole regular file at path, refusing it when it is
// larger than limit bytes: by its size before reading, and by reading at
// most limit+1 bytes in case it grows meanwhile.
func readLimited(path string, limit int64) ([]byte, error) {
	f, _, err := safeopen.File(path, limit)
	if err != nil {
		return nil, &Error{File: path, Err: err}
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, &Error{File: path, Err: safeopen.UnwrapPath(err)}
	}
	if int64(len(data)) > limit {
		return nil, &Error{File: path, Err: fmt.Errorf("%w: over %s (the file grew while being read)", ErrTooLarge, safeopen.ByteSize(limit))}
	}
	return data, nil
}
