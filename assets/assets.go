// Package assets embeds the debugger's built-in scenes (fixture JSON files)
// and exposes them as a read-only file system.
package assets

import "embed"

// Scenes holds the built-in scenes, scenes/*.json, each a version-1 fixture.
//
//go:embed scenes
var Scenes embed.FS
