package scene

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// DefaultExportDir is the directory the debugger exports fixtures to,
// relative to the working directory.
const DefaultExportDir = "fixtures"

// maxExportSuffix bounds the -2, -3, ... suffixes Export tries within one
// second before giving up.
const maxExportSuffix = 10000

// Export validates s and writes it as a new fixture in dir (created if
// missing), named "<name>-<YYYYMMDD>-<HHMMSS>.json" after the scene's name
// (characters other than letters, digits, '.', '_' and '-' become '-') and
// now (formatted in now's location). When that name is taken it tries
// "-2", "-3", ... before ".json". Each candidate is claimed atomically (see
// Save), so two exports in the same second, even from two processes, give
// two files, and an earlier export is never overwritten. A long name is
// shortened (see fileSafe), so every valid scene can be exported. It
// returns the path written; errors name the path and are not prefixed with
// "export" (the caller names the action).
func Export(dir string, s *Scene, now time.Time) (string, error) {
	data, err := s.Marshal()
	if err != nil {
		return "", err
	}
	return WriteFresh(dir, s.Name, ".json", data, now)
}

// WriteFresh writes data as a new file in dir (created if missing) named
// "<stem>-<YYYYMMDD>-<HHMMSS><ext>" (stem made file-safe as Export
// describes, now formatted in its own location), or with "-2", "-3", ...
// before ext when that name is taken. Each candidate is claimed atomically,
// so it never overwrites a file, even racing another process. It returns
// the path written.
func WriteFresh(dir, stem, ext string, data []byte, now time.Time) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	base := fileSafe(stem) + "-" + now.Format("20060102-150405")
	tmp, err := writeTemp(dir, base+ext, data, nil)
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp)
	for n := 1; n <= maxExportSuffix; n++ {
		name := base + ext
		if n > 1 {
			name = fmt.Sprintf("%s-%d%s", base, n, ext)
		}
		path := filepath.Join(dir, name)
		err := publishNew(tmp, path)
		if errors.Is(err, ErrExists) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("%s: %w", path, err)
		}
		return path, syncDir(dir)
	}
	return "", fmt.Errorf("%s*%s: %d names taken", filepath.Join(dir, base), ext, maxExportSuffix)
}

// maxStem is the longest file name part fileSafe returns, in bytes. With
// the date, a "-NNNNN" suffix, the extension and the temporary file's
// ".tmp-" decorations a name stays far below the 255 bytes file systems
// allow.
const maxStem = 120

// fileSafe maps a scene name to a file name part: letters, digits, '.', '_'
// and '-' stay, runs of anything else become one '-'; an empty result is
// "scene". A result longer than maxStem is cut and ends in "-" and eight
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
	if len(out) > maxStem {
		sum := sha256.Sum256([]byte(name))
		out = strings.TrimRight(out[:maxStem-9], "-.") + "-" + hex.EncodeToString(sum[:4])
	}
	return out
}
