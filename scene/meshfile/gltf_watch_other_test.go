//go:build !linux

package meshfile

import "testing"

// watchOpens needs inotify; elsewhere it reports no opens, and the tests
// rely on the secret being a valid buffer (reading it would succeed).
func watchOpens(t *testing.T, path string) func() int {
	return func() int { return 0 }
}
