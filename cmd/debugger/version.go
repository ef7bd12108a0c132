package main

import (
	"cmp"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// Set at link time by `make dist` (-ldflags "-X main.version=..."): the
// release's version, the commit it was built from and the build date
// (RFC 3339, UTC). Left empty, runVersion falls back to the build info Go
// records (the module version, and vcs.revision and vcs.time when the
// build stamped them), then to "dev" and "unknown".
var (
	version   string
	commit    string
	buildDate string
)

// buildInfo is what `debugger version` prints.
type buildInfo struct {
	Version, Commit, Date, Go, Platform string
	Modified                            bool // built from a tree with uncommitted changes
}

// readBuildInfo combines the link-time values with Go's build info.
func readBuildInfo() buildInfo {
	b := buildInfo{Version: version, Commit: commit, Date: buildDate, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if info, ok := debug.ReadBuildInfo(); ok {
		if b.Version == "" && info.Main.Version != "" && info.Main.Version != "(devel)" {
			b.Version = info.Main.Version
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				b.Commit = cmp.Or(b.Commit, s.Value)
			case "vcs.time":
				b.Date = cmp.Or(b.Date, s.Value)
			case "vcs.modified":
				b.Modified = s.Value == "true"
			}
		}
	}
	b.Version = cmp.Or(b.Version, "dev")
	b.Commit = cmp.Or(b.Commit, "unknown")
	b.Date = cmp.Or(b.Date, "unknown")
	return b
}

// runVersion prints the version, commit and build date: debugger version.
func runVersion(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		return usageErr(stderr, "version: unexpected argument %q", args[0])
	}
	b := readBuildInfo()
	dirty := ""
	if b.Modified {
		dirty = " (modified)"
	}
	fmt.Fprintf(stdout, "sweepdbg %s\ncommit %s%s\nbuilt %s\n%s %s\n", b.Version, b.Commit, dirty, b.Date, b.Go, b.Platform)
	return exitOK
}
