package ui

import (
	"errors"
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
