//go:build !js

package ui

import "sweepdbg/ui/editor"

// Where the session is kept on the desktop: a file in the config directory
// (editor.SessionPath), with backups beside it and an invalid file set
// aside under a fresh name. store_js.go keeps it in localStorage.
var (
	sessionLocation = editor.SessionPath
	readSession     = editor.LoadSession
	backupSession   = editor.BackupSession
	setAsideSession = editor.SetAsideSession
	storeSession    = editor.SaveSession
)
