// Package assets embeds the debugger's built-in scenes (fixture JSON files)
// and exposes them as a read-only file system. Package scene reads them
// (scene.Builtins, scene.Builtin); nothing else should.
package assets

import "embed"

// Scenes holds the built-in scenes, scenes/<name>.json, each a version-1
// fixture with its expected result in "expect" and a one-line
// "description". A scene whose mesh is too large to store (the dense
// terrain) has an empty mesh and a "generator" field instead; scene.Builtin
// builds the mesh. The expectations are written by
// `go test ./scene -run TestBuiltins -update`, which checks the core's
// result against the independent oracle first.
//
//go:embed scenes/*.json
var Scenes embed.FS
