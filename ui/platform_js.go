//go:build js

package ui

import (
	"fmt"
	"strings"
	"time"

	"sweepdbg/internal/atomicfile"
	"sweepdbg/internal/browser"
	"sweepdbg/scene"
	"sweepdbg/scene/share"
)

// inBrowser reports the browser build (make web).
const inBrowser = true

// writeFresh offers data as a download named "<stem>-<date>-<time><ext>"
// (a page cannot write files; dir is ignored) and returns that name.
func writeFresh(_, stem, ext string, data []byte, now time.Time) (string, error) {
	name := atomicfile.FreshStem(stem, now) + ext
	mime := "application/octet-stream"
	switch ext {
	case ".json":
		mime = "application/json"
	case ".png":
		mime = "image/png"
	}
	if err := browser.Download(name, mime, data); err != nil {
		return "", err
	}
	return "the download " + name, nil
}

// watchPage opens the link of a fragment pasted into the open page's
// address bar (the page does not reload for a new #fixture=).
func (g *game) watchPage() {
	browser.OnHashChange(func(href string) {
		if share.IsLink(href) {
			g.postWait(func() { g.openLink(href) })
		}
	})
}

// setTitle names the page, as text (document.title).
func setTitle(t string) { browser.SetTitle(t) }

// shareBase is the page's own address without its fragment.
func shareBase() string {
	base, _, _ := strings.Cut(browser.Href(), "#")
	if base == "" {
		return defaultShareBase
	}
	return base
}

// deliverLink puts a share link on the clipboard and says so on the
// status line (or why the clipboard refused it).
func (g *game) deliverLink(link string) {
	g.lastLink = link
	g.app.Say("share link (%d characters) copied to the clipboard: %s", len(link), scene.Printable(shorten(link, 60)))
	browser.WriteClipboard(link, func(err error) {
		if err != nil {
			g.post(func() {
				g.app.Fail(fmt.Errorf("share: the clipboard refused the link (%w); it is: %s", err, scene.Printable(shorten(link, 60))))
			})
		}
	})
}

// publish keeps window.sweepdbg up to date for scripts and the browser
// tests: frames drawn, the status line, the scene's name, the last share
// link and when the first frame was drawn (ms since the page began to
// load), all as strings or numbers (never HTML).
func (g *game) publish() {
	name := ""
	if g.app.Doc.Scene != nil {
		name = g.app.Doc.Scene.Name
	}
	if g.framesDrawn > 0 && g.firstFrameMs == 0 {
		g.firstFrameMs = browser.SinceLoad()
	}
	st := pageState{frames: g.framesDrawn, status: g.app.Msg, scene: name, link: g.lastLink}
	if st == g.published {
		return
	}
	g.published = st
	browser.Publish(map[string]any{"frames": st.frames, "status": st.status, "scene": st.scene, "link": st.link, "firstFrameMs": g.firstFrameMs})
}

// desktopOnly says that a feature needs the desktop debugger and how to
// use it there.
func desktopOnly(what string) string {
	return what + ": desktop only, run: debugger --engine \"CMD ARGS\" FILE"
}
