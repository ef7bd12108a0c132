//go:build !js

package ui

import (
	"fmt"
	"os"

	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/internal/atomicfile"
	"sweepdbg/scene"
)

// What differs between the desktop window and the browser page
// (platform_js.go): where titles, files and share links go.

// inBrowser reports the browser build (make web).
const inBrowser = false

// writeFresh saves a file the user asked for (an export, a screenshot)
// under a fresh name in dir and returns where it went.
var writeFresh = atomicfile.WriteFresh

// setTitle names the window.
func setTitle(t string) { ebiten.SetWindowTitle(t) }

// shareBase is the address a share link starts with on the desktop: the
// site's page relative to where it is served (share.DefaultBase).
func shareBase() string { return defaultShareBase }

// deliverLink hands a share link to the user: on the desktop the whole
// link goes to stderr (a terminal can copy it) and the status line says
// so, showing its start.
func (g *game) deliverLink(link string) {
	fmt.Fprintln(os.Stderr, link)
	g.app.Say("share link (%d characters) printed to stderr: %s", len(link), scene.Printable(shorten(link, 60)))
}

// publish tells the page what the window shows; nothing to do on the
// desktop.
func (g *game) publish() {}

// prepareWindow does nothing on the desktop (see platform_js.go).
func prepareWindow() {}

// watchPage does nothing on the desktop (see platform_js.go).
func (g *game) watchPage() {}

// chooseFile does nothing on the desktop, whose Open button opens the
// path field's file (the browser's shows a file chooser: platform_js.go).
func (g *game) chooseFile() {}

// desktopOnly is "" on the desktop: every feature is here.
func desktopOnly(string) string { return "" }
