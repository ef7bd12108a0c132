package main

import (
	"errors"
	"fmt"
	"io"
	"text/tabwriter"

	"sweepdbg/scene"
)

// runScenes lists the built-in scenes: debugger scenes.
func runScenes(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("scenes", "scenes", stderr)
	rest, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(rest) > 0 {
		return usageErr(stderr, "scenes: takes no arguments")
	}
	tw := tabwriter.NewWriter(stdout, 0, 8, 2, ' ', 0)
	status := exitOK
	for _, name := range scene.Builtins() {
		s, err := scene.Builtin(name)
		if err != nil {
			printErr(stderr, "", err)
			status = exitFail
			continue
		}
		desc := s.Description()
		if name == scene.DefaultName {
			desc += " (default)"
		}
		fmt.Fprintf(tw, "%s\t%d triangles\t%s\n", scene.Printable(name), len(s.Mesh.Triangles), scene.Printable(desc))
	}
	tw.Flush()
	return status
}

// runExportScene writes a built-in scene as a fixture:
// debugger export-scene NAME FILE. It never overwrites FILE.
func runExportScene(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("export-scene", "export-scene NAME FILE", stderr)
	rest, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(rest) != 2 {
		return usageErr(stderr, "export-scene: want NAME FILE, got %d arguments", len(rest))
	}
	s, err := scene.Builtin(rest[0])
	if err != nil {
		return usageErr(stderr, "export-scene: %v", err)
	}
	if err := scene.Save(rest[1], s, false); err != nil {
		printErr(stderr, "", err)
		if errors.Is(err, scene.ErrExists) {
			fmt.Fprintln(stderr, "debugger: remove it or choose another name; export-scene never overwrites")
		}
		return exitFail
	}
	fmt.Fprintf(stdout, "wrote %s (%s)\n", scene.ShowPath(rest[1]), scene.Printable(s.Name))
	return exitOK
}
