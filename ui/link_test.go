package ui

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"sweepdbg/scene"
)

// TestSetupOpensFixture: Options.Fixture (a share link's scene) is what
// the window shows, over the session's scene, with no file behind it.
func TestSetupOpensFixture(t *testing.T) {
	s, err := scene.Builtin("stairs")
	if err != nil {
		t.Fatal(err)
	}
	s.Name = "from-a-link"
	g, err := setup(Options{Fixture: s, ConfigDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if d := g.app.Doc; d.Scene == nil || d.Scene.Name != "from-a-link" || d.Source != "" {
		t.Fatalf("the window shows %+v; want the link's fixture without a source", d.Scene)
	}
}

// TestSetupProblem: a problem given at start (a broken link) is on the
// status line, with the default scene shown.
func TestSetupProblem(t *testing.T) {
	g, err := setup(Options{Fresh: true, ConfigDir: t.TempDir(), Problem: errors.New("share link: damaged")})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(g.app.Msg, "share link: damaged") || g.app.Doc.Scene.Name != scene.DefaultName {
		t.Fatalf("status %q, scene %q; want the problem and the default scene", g.app.Msg, g.app.Doc.Scene.Name)
	}
}

// TestExportCropsBigLevels: Ctrl+E on a scene above scene.CropAbove
// triangles writes only those within reach, with the same answer (the
// fixture replays as a pass) and says so; Ctrl+Shift+E writes them all.
func TestExportCropsBigLevels(t *testing.T) {
	g := newTestGame(t)
	g.openBuiltin("terrain")
	g.app.Refresh()
	all := len(g.app.Doc.Scene.Mesh.Triangles)
	g.exportDir = filepath.Join(t.TempDir(), "fixtures")
	for _, tc := range []struct {
		c       command
		cropped bool
	}{{cmdExport, true}, {cmdExportFull, false}} {
		before, _ := filepath.Glob(filepath.Join(g.exportDir, "*.json"))
		g.run(tc.c)
		after, _ := filepath.Glob(filepath.Join(g.exportDir, "*.json"))
		if len(after) != len(before)+1 {
			t.Fatalf("%v wrote no file: %s", tc.c, g.app.Msg)
		}
		fresh := slices.DeleteFunc(after, func(p string) bool { return slices.Contains(before, p) })
		s, err := scene.Load(fresh[0])
		if err != nil {
			t.Fatal(err)
		}
		n := len(s.Mesh.Triangles)
		if got := n < all/10; got != tc.cropped || strings.Contains(g.app.Msg, "cropped") != tc.cropped {
			t.Errorf("%v: %d of %d triangles, status %q; want cropped %v", tc.c, n, all, g.app.Msg, tc.cropped)
		}
		if r, err := scene.Replay(s); err != nil || !r.Pass() {
			t.Errorf("%v: the export does not replay: %v %+v", tc.c, err, r)
		}
	}
}
