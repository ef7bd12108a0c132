package main

import (
	"reflect"
	"strings"
	"testing"

	"sweepdbg/scene"
	"sweepdbg/scene/share"
)

// TestLinkCommand: link prints one line, the base then #fixture=, that
// opens to the fixture it was given; bad input is exit 2 with a message.
func TestLinkCommand(t *testing.T) {
	file := fixtures(t, map[string]string{"a.json": passing, "bad.json": `{"version":1}`})
	want, err := scene.Load(file["a.json"])
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		base string
	}{
		{[]string{"link", file["a.json"]}, share.DefaultBase + "#fixture="},
		{[]string{"link", "--base", "https://example.invalid/sweepdbg/#x", file["a.json"]}, "https://example.invalid/sweepdbg/#fixture="},
	} {
		code, out, errOut := runCmd(tc.args...)
		if code != exitOK || !strings.HasPrefix(out, tc.base) || strings.Count(out, "\n") != 1 {
			t.Fatalf("%v: exit %d, stdout %q, stderr %q; want 0 and one line starting %q", tc.args, code, out, errOut, tc.base)
		}
		got, err := share.Open(out)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("%v: the link opens to %+v, %v; want the fixture", tc.args, got, err)
		}
	}
	code, out, _ := runCmd("link", "--scene", "stairs")
	if s, err := share.Open(out); code != exitOK || err != nil || s.Name != "stairs" {
		t.Errorf("link --scene stairs: exit %d, opens to %v, %v", code, s, err)
	}
	// The terrain's 105,800 triangles: cropped by default, all with --full.
	for _, tc := range []struct {
		args []string
		crop bool
	}{{[]string{"link", "--scene", "terrain"}, true}, {[]string{"link", "--full", "--scene", "terrain"}, false}} {
		code, out, errOut := runCmd(tc.args...)
		s, err := share.Open(out)
		if code != exitOK || err != nil {
			t.Fatalf("%v: exit %d, %v (%s)", tc.args, code, err, errOut)
		}
		if cropped := len(s.Mesh.Triangles) < 105800; cropped != tc.crop || strings.Contains(errOut, "within reach") != tc.crop {
			t.Errorf("%v: %d triangles, stderr %q; want cropped %v", tc.args, len(s.Mesh.Triangles), errOut, tc.crop)
		}
		if r, err := scene.Replay(s); err != nil || !r.Pass() {
			t.Errorf("%v: the linked fixture does not replay: %v", tc.args, err)
		}
	}
	for _, args := range [][]string{
		{"link"}, {"link", file["bad.json"]}, {"link", file["a.json"], file["a.json"]},
		{"link", "--scene", "nope"}, {"link", "--scene", "stairs", file["a.json"]},
	} {
		if code, out, errOut := runCmd(args...); code != exitInvalid || out != "" || errOut == "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2, nothing, a message", args, code, out, errOut)
		}
	}
}

// TestWindowOpensLink: a share link as the window's FILE opens its
// fixture (decoded before the window opens); a broken link is exit 2 with
// a message and no window.
func TestWindowOpensLink(t *testing.T) {
	s, _ := scene.Builtin("spike")
	link, err := share.Link("https://example.invalid/sweepdbg/index.html", s)
	if err != nil {
		t.Fatal(err)
	}
	runs, _ := fakeUI(t, nil)
	if code, _, errOut := runCmd(link, "--fresh"); code != exitOK || len(*runs) != 1 {
		t.Fatalf("exit %d (%s), %d windows; want 0 and one window", code, errOut, len(*runs))
	}
	opt := (*runs)[0]
	if opt.File != "" || !opt.Fresh || !reflect.DeepEqual(opt.Fixture, s) {
		t.Fatalf("window opened with File %q, Fixture %v; want the link's fixture and no file", opt.File, opt.Fixture)
	}
	for _, tc := range []struct{ link, says string }{
		{link[:len(link)-20], "truncated or damaged"},
		{"index.html#fixture=%%%", "base64url"},
		{"index.html#fixture=", "no fixture"},
	} {
		runs, _ := fakeUI(t, nil)
		code, _, errOut := runCmd(tc.link)
		if code != exitInvalid || len(*runs) != 0 || !strings.Contains(errOut, tc.says) {
			t.Errorf("%.40q: exit %d, %d windows, stderr %q; want 2, none, a message with %q", tc.link, code, len(*runs), errOut, tc.says)
		}
	}
	runs, _ = fakeUI(t, nil)
	if code, _, _ := runCmd("--scene", "ramp", link); code != exitInvalid || len(*runs) != 0 {
		t.Errorf("--scene with a link: exit %d, %d windows; want 2, none", code, len(*runs))
	}
}
