package ui

import (
	"errors"
	"fmt"
	"time"

	"sweepdbg/scene/share"
	"sweepdbg/ui/editor"
)

// maxLinkLen is the longest share link Share hands out, in characters:
// longer addresses are cut by some chat tools, mail clients and servers.
// A longer moment is offered as a fixture file instead.
const maxLinkLen = 8000

// defaultShareBase is the address a share link starts with where the
// page's own is unknown (the desktop): see share.DefaultBase.
const defaultShareBase = share.DefaultBase

// shareMoment makes a link to the current moment (the fixture Ctrl+E
// exports, always cropped to the triangles within reach: scene.Crop) and
// hands it to the user: the clipboard and the status line in
// a browser, stderr and the status line on the desktop. Over maxLinkLen
// it says so and saves the fixture as a file (a download in a browser).
func (g *game) shareMoment() {
	if g.app.Doc.Scene == nil {
		g.app.Fail(errors.New("share: no scene open"))
		return
	}
	s, _ := g.app.CroppedMoment(true)
	link, err := share.Link(shareBase(), s)
	if err != nil {
		g.app.Fail(fmt.Errorf("share: %w", err))
		return
	}
	if len(link) <= maxLinkLen {
		g.deliverLink(link)
		return
	}
	data, err := s.Marshal()
	var path string
	if err == nil {
		path, err = writeFresh(g.exportDir, s.Name, ".json", data, time.Now())
	}
	if err != nil {
		g.app.Fail(fmt.Errorf("share: the link would be %d characters (over %d) and saving the fixture failed: %w", len(link), maxLinkLen, err))
		return
	}
	g.app.Say("share: the link would be %d characters (over %d), too long to share; the fixture is %s instead", len(link), maxLinkLen, path)
}

// openLink opens the fixture of a share link as a new scene (one undo
// step), or says on the status line what is wrong with the link.
func (g *game) openLink(link string) {
	s, err := share.Open(link)
	if err != nil {
		g.app.Fail(err)
		return
	}
	d, err := editor.NewDoc(s, "", g.app.Doc.View, g.app.Doc.Grid)
	if err != nil {
		g.app.Fail(fmt.Errorf("share link: %w", err))
		return
	}
	d.Shared = true
	g.stopPlay()
	g.capt = captureSide{}
	g.app.Load(d)
	g.fitScene()
	g.app.Selection = editor.Selection{}
}

// pageState is what the browser page is told about the window (see
// publish): frames drawn, the status line, the scene's name, the last
// share link, where the Open button is.
type pageState struct {
	frames              int
	status, scene, link string
	openButton          [4]float64 // the Open button's bounds, CSS pixels: x0 y0 x1 y1
}
