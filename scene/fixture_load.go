package scene

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// MaxFixtureSize is the largest fixture Load reads, in bytes (64 MiB). A
// dense exported level of a few hundred thousand triangles takes a few tens
// of megabytes; a larger file is refused by its size before any of it is
// read, so a wrong or hostile path cannot exhaust memory.
const MaxFixtureSize = 64 << 20

// Load reads and validates the version-1 fixture at path. Errors are
// *Error values naming the file and the field or line, e.g.
// "a.json: mesh.triangles[3][1]: index 9 out of range (4 vertices)" or
// "a.json:7:12: invalid character ...". Files larger than MaxFixtureSize
// are refused without being read.
func Load(path string) (*Scene, error) {
	data, err := readLimited(path, MaxFixtureSize)
	if err != nil {
		return nil, inFile(path, err)
	}
	s, err := Parse(data)
	return s, inFile(path, err)
}

// readLimited reads the whole file at path, refusing it when it is larger
// than limit bytes: by its size when the file system knows it, and by
// reading at most limit+1 bytes otherwise (pipes, devices).
func readLimited(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if info.IsDir() {
		return nil, errors.New("is a directory, want a fixture file")
	}
	if info.Mode().IsRegular() && info.Size() > limit {
		return nil, tooLarge(info.Size(), limit)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, tooLarge(int64(len(data)), limit)
	}
	return data, nil
}

func tooLarge(size, limit int64) error {
	return fmt.Errorf("file too large (%s, the limit is %s); not a fixture", mib(size), mib(limit))
}

// mib formats a byte count in MiB for messages.
func mib(n int64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }
