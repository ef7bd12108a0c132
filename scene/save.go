package scene

import (
	"fmt"

	"sweepdbg/internal/atomicfile"
)

// ErrExists is returned (wrapped) by Save when the file exists and
// overwriting was not asked for.
var ErrExists = atomicfile.ErrExists

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
	if err := atomicfile.Write(path, data, overwrite); err != nil {
		return fmt.Errorf("save %s: %w", ShowPath(path), err)
	}
	return nil
}
