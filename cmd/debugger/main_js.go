//go:build js

package main

import (
	"fmt"
	"os"

	"sweepdbg/internal/browser"
	"sweepdbg/scene/share"
	"sweepdbg/ui"
)

// main is the browser build's entry point (make web): the window on the
// page, showing the fixture of the page's #fixture= link, else the
// session's scene (localStorage), else the default scene. A link that
// cannot be opened is reported on the status line over the default scene.
// There are no subcommands, files or engines in a browser.
func main() {
	if err := ui.Run(webOptions(browser.Href())); err != nil {
		fmt.Fprintln(os.Stderr, "debugger:", err)
	}
}

// webOptions are the window's options for the page at href.
func webOptions(href string) ui.Options {
	var opt ui.Options
	if !share.IsLink(href) {
		return opt
	}
	s, err := share.Open(href)
	if err != nil {
		opt.Problem = err
		return opt
	}
	opt.Fixture = s
	return opt
}
