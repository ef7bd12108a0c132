//go:build unix

package engine

import (
	"errors"
	"syscall"
)

// groupGone reports whether no process is left in group pgid.
func groupGone(pgid int) bool {
	return errors.Is(syscall.Kill(-pgid, 0), syscall.ESRCH)
}
