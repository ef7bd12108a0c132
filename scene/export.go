package scene

import (
	"time"

	"sweepdbg/internal/atomicfile"
)

// DefaultExportDir is the directory the debugger exports fixtures to,
// relative to the working directory.
const DefaultExportDir = "fixtures"

// Export validates s and writes it as a new fixture in dir (created if
// missing), named "<name>-<YYYYMMDD>-<HHMMSS>.json" after the scene's name
// (characters other than letters, digits, '.', '_' and '-' become '-') and
// now (formatted in now's location). When that name is taken it tries
// "-2", "-3", ... before ".json". Each candidate is claimed atomically (see
// Save), so two exports in the same second, even from two processes, give
// two files, and an earlier export is never overwritten. A long name is
// shortened, so every valid scene can be exported. It returns the path
// written; errors name the path and are not prefixed with "export" (the
// caller names the action).
func Export(dir string, s *Scene, now time.Time) (string, error) {
	data, err := s.Marshal()
	if err != nil {
		return "", err
	}
	return atomicfile.WriteFresh(dir, s.Name, ".json", data, now)
}

// ExportByContent validates s and writes it as a fixture in dir (created
// if missing) named after the scene's name and a hash of its bytes:
// "<name>-<8 hex digits>.json" (see atomicfile.WriteContent). The same
// scene exported again, even by another process into the same directory,
// is the same file, which is left as it is; a different file is never
// overwritten. It returns the path; errors name the path.
func ExportByContent(dir string, s *Scene) (string, error) {
	data, err := s.Marshal()
	if err != nil {
		return "", err
	}
	return atomicfile.WriteContent(dir, s.Name, ".json", data)
}
