package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"sweepdbg/scene"
	"sweepdbg/scene/share"
)

// runLink prints a share link to a fixture or a built-in scene:
// debugger link [--base URL] [--full] [--scene NAME | FIXTURE]. The link
// is the base (default share.DefaultBase, "index.html": the page make web
// writes, relative to where the site is served), "#fixture=" and the
// fixture compressed (docs/share-links.md). The fixture is cropped to the
// triangles within reach of its motion and slide (scene.CropCore: the
// same answer, a shorter link) unless --full; the triangles kept go to
// stderr when any were dropped.
func runLink(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("link", "link [--base URL] [--full] [--scene NAME | FIXTURE]", stderr)
	full := fs.Bool("full", false, "keep every triangle (by default only those within reach of the motion)")
	base := fs.String("base", share.DefaultBase, "the page's address `URL` the link starts with (its own #fragment is dropped)")
	name := fs.String("scene", "", "link the built-in scene `NAME`")
	files, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	s, code, ok := linkSource(*name, files, stderr)
	if !ok {
		return code
	}
	if !*full {
		c, kept := scene.CropCore(s)
		if len(kept) < len(s.Mesh.Triangles) {
			fmt.Fprintf(stderr, "debugger: link: kept the %d of %d triangles within reach of the motion (--full keeps all)\n", len(kept), len(s.Mesh.Triangles))
		}
		s = c
	}
	link, err := share.Link(*base, s)
	if err != nil {
		printErr(stderr, "link: ", err)
		return exitInvalid
	}
	fmt.Fprintln(stdout, link)
	return exitOK
}

// linkSource loads what link is asked to encode: one fixture file, or the
// built-in scene name.
func linkSource(name string, files []string, stderr io.Writer) (*scene.Scene, int, bool) {
	switch {
	case name != "" && len(files) > 0:
		return nil, usageErr(stderr, "link: give --scene NAME or FIXTURE, not both"), false
	case name != "":
		if !slices.Contains(scene.Builtins(), name) {
			return nil, usageErr(stderr, "link: no built-in scene %q (have %s)", name, strings.Join(scene.Builtins(), ", ")), false
		}
		s, err := scene.Builtin(name)
		if err != nil {
			printErr(stderr, "link: ", err)
			return nil, exitFail, false
		}
		return s, 0, true
	case len(files) != 1:
		return nil, usageErr(stderr, "link: want one FIXTURE (.json) or --scene NAME, got %d arguments", len(files)), false
	}
	s, err := scene.Load(files[0])
	if err != nil {
		printErr(stderr, "link: ", err)
		return nil, exitInvalid, false
	}
	return s, 0, true
}

// windowLink decodes the window's FILE argument when it is a share link
// ("URL#fixture=..." pasted into a terminal): the scene and true, or the
// exit status for a broken link (its message printed) and false. A FILE
// that is no link returns (nil, 0, true).
func windowLink(file string, stderr io.Writer) (*scene.Scene, int, bool) {
	if !share.IsLink(file) {
		return nil, 0, true
	}
	s, err := share.Open(file)
	if err != nil {
		printErr(stderr, "", err)
		if errors.Is(err, share.ErrFixture) || errors.Is(err, share.ErrTooLarge) {
			return nil, exitInvalid, false
		}
		fmt.Fprintln(stderr, "debugger: the link is incomplete or damaged: copy all of it (quote it in the shell: '...#fixture=...')")
		return nil, exitInvalid, false
	}
	return s, 0, true
}
