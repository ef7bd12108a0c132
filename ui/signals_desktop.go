//go:build !js

package ui

import (
	"os"
	"os/signal"
	"syscall"
)

// quitSignals end the window like its close button: an interrupt, a kill
// request, and the hang-up a closed terminal or a logout sends. On
// Windows Go delivers Ctrl+C and Ctrl+Break as SIGINT and a closed console
// window, a logoff or a shutdown as SIGTERM, and holds the console's close
// handler until the process exits (Windows allows it about 5 s), so the
// session is saved there too (os/signal, "Windows"; docs/platforms.md).
var quitSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

// quitOnSignals makes the first of quitSignals end the window at its next
// frame (Update returns ebiten.Termination, and Run saves the session as
// on a close); it restores the default handling then, so a second signal
// ends the process at once should the window not respond. The returned
// function stops listening.
func (g *game) quitOnSignals() (stop func()) {
	ch := make(chan os.Signal, 1)
	done := make(chan struct{})
	signal.Notify(ch, quitSignals...)
	go func() {
		select {
		case <-ch:
			signal.Reset(quitSignals...)
			g.quit.Store(true)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}
