package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"sweepdbg/scene"
	"sweepdbg/scene/engine"
	"sweepdbg/scene/judge"
	"sweepdbg/ui"
)

// The window entry points; tests replace them to check what the command
// line asks for without opening a window.
var (
	openWindow     = ui.Run
	takeScreenshot = ui.Screenshot
)

// engineList is a repeatable flag of engine command lines.
type engineList []string

func (l *engineList) String() string     { return strings.Join(*l, ", ") }
func (l *engineList) Set(s string) error { *l = append(*l, s); return nil }

// windowEngineFlags adds --engine (repeatable), --engine-timeout and
// --engine-tolerance to fs, filling opt.
func windowEngineFlags(fs *flag.FlagSet, opt *ui.Options) {
	fs.Var((*engineList)(&opt.Engines), "engine", "judge the live engine `\"CMD ARGS\"` against the core on every motion shown (repeatable)")
	fs.DurationVar(&opt.EngineTimeout, "engine-timeout", engine.DefaultTimeout, "an engine that takes longer than `D` over one request is broken")
	fs.Float64Var(&opt.EngineTolerance, "engine-tolerance", judge.Engine.T, "the judge's tolerance `TOL` (unit-sphere distance)")
}

// runWindow opens the window: debugger [--scene NAME] [--fresh] [--full]
// [--engine "CMD ARGS"]... [--engine-timeout D] [--engine-tolerance TOL]
// [FILE]. FILE may be a share link ("URL#fixture=...", see runLink):
// the window opens its fixture; a broken link is exit status 2.
func runWindow(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("debugger", "[--scene NAME] [--fresh] [--full] [--engine CMD]... [FILE]", stderr)
	var opt ui.Options
	fs.StringVar(&opt.Scene, "scene", "", "open the built-in scene `NAME` (see 'debugger scenes')")
	fs.BoolVar(&opt.Fresh, "fresh", false, "ignore the autosaved session")
	fs.BoolVar(&opt.FullExport, "full", false, fmt.Sprintf("Ctrl+E exports every triangle (by default, above %d only those within reach of the motion)", scene.CropAbove))
	windowEngineFlags(fs, &opt)
	files, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(files) > 1 {
		return usageErr(stderr, "want at most one FILE, got %d (%s)", len(files), showPaths(files))
	}
	if len(files) == 1 {
		s, code, ok := windowLink(files[0], stderr)
		if !ok {
			return code
		}
		if opt.Fixture = s; s == nil {
			opt.File = files[0]
		}
	}
	if opt.Fixture != nil && opt.Scene != "" {
		return usageErr(stderr, "give --scene NAME or a link, not both")
	}
	if code, ok := checkSource(opt.Scene, opt.File, stderr); !ok {
		return code
	}
	if err := openWindow(opt); err != nil {
		printErr(stderr, "", err)
		return exitFail
	}
	return exitOK
}

// runScreenshot renders one frame to a PNG:
// debugger screenshot [--scene NAME | FILE] --out PNG [--size WxH]
// [--shape KIND].
func runScreenshot(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("screenshot", "screenshot [--scene NAME | FILE] --out PNG [--size WxH] [--shape ellipsoid|capsule|box]", stderr)
	var opt ui.ScreenshotOptions
	fs.StringVar(&opt.Scene, "scene", "", "render the built-in scene `NAME`")
	var kind shapeFlag
	fs.Var(&kind, "shape", "turn the scene's shape into `KIND` (ellipsoid, capsule or box) of about the same size")
	fs.StringVar(&opt.Out, "out", "", "write the PNG to `PATH` (required)")
	size := fs.String("size", "1280x800", "window size `WxH` in pixels")
	files, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	switch {
	case opt.Out == "":
		return usageErr(stderr, "screenshot: --out PNG is required")
	case len(files) > 1:
		return usageErr(stderr, "screenshot: want at most one FILE, got %d", len(files))
	case len(files) == 1:
		opt.File = files[0]
	}
	opt.Kind = kind.String()
	var err error
	if opt.Width, opt.Height, err = parseSize(*size); err != nil {
		return usageErr(stderr, "screenshot: --size: %v", err)
	}
	if code, ok := checkSource(opt.Scene, opt.File, stderr); !ok {
		return code
	}
	if strings.EqualFold(filepath.Ext(opt.File), ".jsonl") {
		return usageErr(stderr, "screenshot: %s is a capture: it takes a fixture (.json) or a level (.obj, .gltf, .glb); open a capture in the window (debugger FILE.jsonl) and press F12 on a frame",
			scene.ShowPath(opt.File))
	}
	if err := takeScreenshot(opt); err != nil {
		printErr(stderr, "screenshot: ", err)
		if errors.As(err, new(*ui.InputError)) {
			return exitInvalid
		}
		return exitFail
	}
	fmt.Fprintln(stdout, "wrote", scene.ShowPath(opt.Out))
	return exitOK
}

// checkSource checks what the window is to show before it opens: at most
// one of a built-in scene and a file, a known scene name, an existing file.
func checkSource(name, file string, stderr io.Writer) (int, bool) {
	switch {
	case name != "" && file != "":
		return usageErr(stderr, "give --scene NAME or FILE, not both"), false
	case name != "" && !slices.Contains(scene.Builtins(), name):
		return usageErr(stderr, "no built-in scene %q (have %s)", name, strings.Join(scene.Builtins(), ", ")), false
	case file != "":
		if _, err := os.Stat(file); err != nil {
			if !strings.ContainsAny(file, "./\\") {
				return usageErr(stderr, "unknown command or file %q", file), false
			}
			fmt.Fprintf(stderr, "debugger: %s: %v\n", scene.ShowPath(file), errors.Unwrap(err))
			return exitInvalid, false
		}
	}
	return 0, true
}

// parseSize reads "WxH" with positive whole W and H up to 16384.
func parseSize(s string) (w, h int, err error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	if ok {
		w, err = strconv.Atoi(ws)
		if err == nil {
			h, err = strconv.Atoi(hs)
		}
	}
	if !ok || err != nil || w < 1 || h < 1 || w > 16384 || h > 16384 {
		return 0, 0, fmt.Errorf("%q is not WIDTHxHEIGHT (e.g. 1280x800, each 1..16384)", s)
	}
	return w, h, nil
}

// showPaths joins paths for a message, each through scene.ShowPath.
func showPaths(paths []string) string {
	shown := make([]string, len(paths))
	for i, p := range paths {
		shown[i] = scene.ShowPath(p)
	}
	return strings.Join(shown, " ")
}

// printErr prints err after "debugger: " and prefix, escaped (errors
// carry paths and text from files).
func printErr(stderr io.Writer, prefix string, err error) {
	fmt.Fprintf(stderr, "debugger: %s%s\n", prefix, scene.Printable(err.Error()))
}
