//go:build js

package ui

import (
	"fmt"
	"time"

	"sweepdbg/internal/browser"
	"sweepdbg/ui/editor"
)

// sessionKey is the localStorage item that holds the session in a browser
// (the same JSON as the desktop's session.json); its backup is
// sessionKey+".1" and an invalid one is set aside as
// sessionKey+".invalid-<date>-<time>".
const sessionKey = "sweepdbg.session"

// sessionLocation names the session's localStorage item (configDir has no
// meaning in a browser).
func sessionLocation(string) (string, error) { return sessionKey, nil }

// readSession reads the session stored under key: (nil, nil) when there
// is none.
func readSession(key string) (*editor.Session, error) {
	data, ok, err := browser.StorageGet(key)
	if err != nil || !ok {
		return nil, err
	}
	s, err := editor.ParseSession([]byte(data))
	if err != nil {
		return nil, fmt.Errorf("session (localStorage %s): %w", key, err)
	}
	return s, nil
}

// backupSession copies the session under key to key.1 (one backup in a
// browser: localStorage holds a few MiB) and returns that key, or "" when
// there is no session.
func backupSession(key string) (string, error) {
	data, ok, err := browser.StorageGet(key)
	if err != nil || !ok {
		return "", err
	}
	backup := editor.BackupPath(key, 1)
	if err := browser.StorageSet(backup, data); err != nil {
		return "", fmt.Errorf("session backup: %w", err)
	}
	return "localStorage " + backup, nil
}

// setAsideSession moves the invalid session under key to
// key.invalid-<date>-<time> and returns where it went.
func setAsideSession(key string, now time.Time) (string, error) {
	data, _, err := browser.StorageGet(key)
	if err != nil {
		return "", err
	}
	aside := key + ".invalid-" + now.Format("20060102-150405")
	if err := browser.StorageSet(aside, data); err != nil {
		return "", fmt.Errorf("session: keeping the invalid session: %w", err)
	}
	if err := browser.StorageRemove(key); err != nil {
		return "", err
	}
	return "localStorage " + aside, nil
}

// storeSession stores s under key.
func storeSession(key string, s *editor.Session) error {
	data, err := s.Encode()
	if err != nil {
		return fmt.Errorf("session: %w", err)
	}
	if err := browser.StorageSet(key, string(data)); err != nil {
		return fmt.Errorf("session: %w", err)
	}
	return nil
}
