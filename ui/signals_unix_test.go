//go:build unix

package ui

import (
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// A hang-up (a closed terminal) makes the next frame end the game, as the
// close button does, instead of killing the process.
func TestHangupEndsGame(t *testing.T) {
	g := newTestGame(t)
	stop := g.quitOnSignals()
	defer stop()
	if err := syscall.Kill(os.Getpid(), syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute) // a liveness bound, not a speed assertion
	for !g.quit.Load() {
		if time.Now().After(deadline) {
			t.Fatal("SIGHUP was not seen")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := g.Update(); err != ebiten.Termination {
		t.Fatalf("Update after SIGHUP = %v, want ebiten.Termination", err)
	}
}
