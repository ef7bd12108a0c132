// Command debugger is the swept-ellipsoid collision debugger. With no
// subcommand it opens the window (on the default built-in scene, a named
// one, or a fixture or mesh file); the subcommands run headless:
//
//	debugger [--scene NAME] [--fresh] [ENGINE FLAGS] [FILE]
//	                                            open the window (FILE: a fixture, a mesh, a capture or a share link)
//	debugger replay [--json] [--first] [--junit FILE] [--builtins] [ENGINE FLAGS] FILE|DIR...
//	                                            replay fixtures (check their expectations)
//	                                            and captures (.jsonl: judge every line);
//	                                            a DIR stands for its .json and .jsonl files
//	debugger scenes                             list the built-in scenes
//	debugger export-scene NAME FILE             write a built-in scene as a fixture
//	debugger link [--base URL] [--full] [--scene NAME | FIXTURE]
//	                                            print a share link to the fixture (link.go)
//	debugger screenshot [--scene NAME | FILE] --out shot.png [--size 1280x800]
//	debugger bench [--scene NAME | --level FILE] [--n N] [--shape KIND]
//	                                            time the core on a built-in scene
//	debugger hunt [--scene NAME|FILE] [--time 30s] [--cases N] [--seed N] [--jobs N]
//	              [--shard I/N] [--out DIR] [ENGINE FLAGS]
//	                                            hunt for core or engine bugs in parallel jobs,
//	                                            or one shard of a seed's cases (hunt.go;
//	                                            the search is package scene/hunt)
//	debugger version                            the version, commit and build date (version.go)
//
// ENGINE FLAGS are --engine "CMD ARGS" (repeatable), --engine-timeout 5s
// and --engine-tolerance 1e-4: live engines speaking the engine protocol
// (docs/engine-protocol.md), judged against the exact core (the window,
// replay and hunt take them).
//
// Exit status: 0 on success; 1 when something failed (an expectation, an
// engine's or a capture's wrong answer, the window, a write; hunt's
// findings); 2 for bad usage, an invalid input file or a broken engine;
// 130 after SIGINT or SIGTERM (hunt instead ends early with the summary so
// far and the status of what it found).
package main

import (
	"fmt"
	"io"
	"strings"
)

// Exit codes.
const (
	exitOK      = 0 // success; every replayed expectation holds
	exitFail    = 1 // an expectation failed, or a command could not do its work
	exitInvalid = 2 // bad usage, or an input file is invalid
)

// command is one subcommand: its name, a one-line summary for the usage
// text, and the function that runs it on the arguments after its name.
type command struct {
	name, args, summary string
	run                 func(args []string, stdout, stderr io.Writer) int
}

// commands lists the subcommands in the order the usage text shows them.
// It is filled in init because the help command prints it.
var commands []command

func init() {
	commands = []command{
		{"replay", "[--json] [--first] [--junit FILE] [--builtins] [ENGINE FLAGS] FILE|DIR...",
			"replay fixtures headless and check their expectations; judge every line of a capture\n" +
				"      (.jsonl); a DIR stands for the .json and .jsonl files in it, in sorted order", runReplay},
		{"scenes", "", "list the built-in scenes", runScenes},
		{"export-scene", "NAME FILE", "write a built-in scene as a fixture (never overwrites)", runExportScene},
		{"link", "[--base URL] [--full] [--scene NAME | FIXTURE]",
			"print a share link that opens the fixture in the browser build (and in 'debugger LINK'); --full: every triangle", runLink},
		{"screenshot", "[--scene NAME | FILE] --out PNG [--size WxH] [--shape KIND]", "render one frame of the window to a PNG; --shape: as an ellipsoid, capsule or box", runScreenshot},
		{"bench", "[--scene NAME | --level FILE [--export OUT]] [--n N] [--radius R] [--shape KIND]",
			"time casts and slides of the core on a built-in scene or a level file; --shape: cast an\n" +
				"      ellipsoid, capsule or box of the same size", runBench},
		{"hunt", "[--scene NAME|FILE] [--time 30s] [--cases N] [--seed N] [--jobs N] [--shard I/N] [--out DIR] [ENGINE FLAGS]",
			"search random motions for core (or engine) bugs, shrink them and write each as a fixture\n" +
				"      named by its kind and content; --jobs N searches in parallel (default: the CPUs), each job\n" +
				"      with its own engines; --cases N stops after the seed's first N cases (the same findings\n" +
				"      for any --jobs); --shard I/N tries only the cases whose index is I modulo N", runHunt},
		{"version", "", "print the version, the commit and the build date", runVersion},
		{"help", "", "show this text", func(_ []string, stdout, _ io.Writer) int {
			usage(stdout)
			return exitOK
		}},
	}
}

// run is the whole program with its arguments (without the program name)
// and output streams; it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		for _, c := range commands {
			if args[0] == c.name {
				return c.run(args[1:], stdout, stderr)
			}
		}
		switch args[0] {
		case "-h", "-help", "--help":
			usage(stdout)
			return exitOK
		}
	}
	return runWindow(args, stdout, stderr)
}

// usage prints the usage text.
func usage(w io.Writer) {
	fmt.Fprint(w, `debugger: an interactive debugger for swept ellipsoids, capsules and boxes against triangle meshes.

Usage:
  debugger [--scene NAME] [--fresh] [--full] [ENGINE FLAGS] [FILE]
      open the window on the default built-in scene, the built-in scene NAME,
      or FILE (a fixture .json, a mesh .obj, .gltf or .glb, a capture
      .jsonl, or a share link 'URL#fixture=...'); --fresh starts without the
      autosaved session (kept as a backup); --full: Ctrl+E exports every
      triangle (above 5000 it keeps those within reach of the motion).
`)
	for _, c := range commands {
		line := strings.TrimSpace("debugger " + c.name + " " + c.args)
		fmt.Fprintf(w, "  %s\n      %s\n", line, c.summary)
	}
	fmt.Fprint(w, `
ENGINE FLAGS (the window, replay, hunt): your collision code as a live engine
(docs/engine-protocol.md), judged against the exact core:
  --engine "CMD ARGS"      start this engine (repeatable: compare versions)
  --engine-timeout 5s      the limit on one request
  --engine-tolerance 1e-4  how far from the exact answer is right (unit-sphere distance)

Exit status: 0 success; 1 an expectation failed, an answer is wrong, or a
command could not do its work; 2 bad usage, an invalid input file or a
broken engine; 130 interrupted.
`)
}
