package meshfile

import (
	"encoding/binary"
	"os"
	"syscall"
	"testing"
)

// watchOpens starts watching the file at path with inotify and returns a
// function that reports how many times it has been opened or read since.
// It first checks that the watch sees an open and read of its own.
func watchOpens(t *testing.T, path string) func() int {
	t.Helper()
	fd, err := syscall.InotifyInit1(syscall.IN_NONBLOCK | syscall.IN_CLOEXEC)
	if err != nil {
		t.Fatalf("inotify: %v", err)
	}
	t.Cleanup(func() { syscall.Close(fd) })
	if _, err := syscall.InotifyAddWatch(fd, path, syscall.IN_OPEN|syscall.IN_ACCESS); err != nil {
		t.Fatalf("inotify watch %s: %v", path, err)
	}
	count := func() int {
		events := 0
		buf := make([]byte, 64<<10)
		for {
			n, err := syscall.Read(fd, buf)
			if n <= 0 || err != nil {
				return events
			}
			// struct inotify_event: wd, mask, cookie, len (4 bytes each), name[len].
			for off := 0; off+syscall.SizeofInotifyEvent <= n; events++ {
				off += syscall.SizeofInotifyEvent + int(binary.NativeEndian.Uint32(buf[off+12:]))
			}
		}
	}
	if _, err := os.ReadFile(path); err != nil {
		t.Fatal(err)
	}
	if count() == 0 {
		t.Fatalf("inotify did not see %s being read", path)
	}
	return count
}
