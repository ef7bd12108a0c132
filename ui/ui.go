// Package ui is the debugger window: an ebiten.Game that reads input
// (debugui panels first, the 3D view only when they do not capture it),
// edits the scene (drags, number fields, undo/redo), runs the core every
// frame and draws through package render.
//
// SKELETON: the ui implementation replaces this file.
package ui

import (
	"errors"

	_ "github.com/ebitengine/debugui"

	_ "sweepdbg/render"
)

// Options configure the window. Zero values mean defaults.
type Options struct {
	Scene string // built-in scene name; "" means the default scene
	File  string // fixture (.json), OBJ or glTF file to open instead of Scene
	Fresh bool   // ignore the autosaved session
}

// Run opens the debugger window and returns when it closes.
func Run(opt Options) error { return errors.New("ui: window not implemented yet") }

// ScreenshotOptions configure a one-frame render to PNG.
type ScreenshotOptions struct {
	Scene         string // built-in scene name; "" means the default scene
	File          string // fixture, OBJ or glTF file instead of Scene
	Out           string // PNG path to write
	Width, Height int    // window size in pixels; 0 means 1280x800
}

// Screenshot renders one frame of the debugger's view to a PNG (needs a
// display, e.g. Xvfb).
func Screenshot(opt ScreenshotOptions) error {
	return errors.New("ui: screenshot not implemented yet")
}
