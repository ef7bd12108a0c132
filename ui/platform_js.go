//go:build js

package ui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"sweepdbg/internal/atomicfile"
	"sweepdbg/internal/browser"
	"sweepdbg/scene"
	"sweepdbg/scene/share"
	"sweepdbg/ui/editor"
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

// prepareWindow readies the page's canvas before the window starts:
// its WebGL context single-sampled and opaque
// (browser.SingleSampledCanvas). If that fails Ebitengine makes the
// context itself, as before.
func prepareWindow() { _ = browser.SingleSampledCanvas() }

// watchPage opens the link of a fragment pasted into the open page's
// address bar (the page does not reload for a new #fixture=), and refuses
// on the status line a drop the page cannot read as files
// (browser.GuardDrops).
func (g *game) watchPage() {
	browser.OnHashChange(func(href string) {
		if share.IsLink(href) {
			g.postWait(func() { g.openLink(href) })
		}
	})
	browser.GuardDrops(func(name string) {
		go g.postWait(func() {
			g.app.Fail(fmt.Errorf("dropped %s: not a file the page can read; drop one from a file manager (%s)", editor.Printable(name), editor.Openable))
		})
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
	k := float64(g.uiScale()) / g.scale
	r := g.panels.openRect
	st := pageState{frames: g.framesDrawn, status: g.app.Msg, scene: name, link: g.lastLink,
		openButton: [4]float64{float64(r.Min.X) * k, float64(r.Min.Y) * k, float64(r.Max.X) * k, float64(r.Max.Y) * k}}
	if st == g.published {
		return
	}
	g.published = st
	open := make([]any, len(st.openButton))
	for i, v := range st.openButton {
		open[i] = v
	}
	browser.Publish(map[string]any{"frames": st.frames, "status": st.status, "scene": st.scene, "link": st.link,
		"firstFrameMs": g.firstFrameMs, "openButton": open})
}

// openAccept are the file types the Open button's chooser offers.
const openAccept = ".json,.jsonl,.obj,.gltf,.glb"

// picker is the page's file chooser, made at the first click on Open.
var picker *browser.FilePicker

// chooseFile shows the browser's file chooser (the Open button); the
// chosen file opens from its bytes as a dropped one does (openBytes).
// Without a recent click the browser refuses a chooser: the picker's own
// field then shows at the top of the page, and the status line says so.
func (g *game) chooseFile() {
	if picker == nil {
		p, err := browser.NewFilePicker(openAccept, func(f browser.ChosenFile) {
			go g.postWait(func() { g.openBytes(f.Name, f.Size, f.Read) })
		})
		if err != nil {
			g.app.Fail(fmt.Errorf("open: %w", err))
			return
		}
		picker = p
	}
	if err := picker.Choose(); errors.Is(err, browser.ErrNeedsClick) {
		g.app.Say("open: %v", err)
	} else if err != nil {
		g.app.Fail(fmt.Errorf("open: %w", err))
	}
}

// desktopOnly says that a feature needs the desktop debugger and how to
// use it there.
func desktopOnly(what string) string {
	return what + ": desktop only, run: debugger --engine \"CMD ARGS\" FILE"
}
