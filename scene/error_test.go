package scene

import (
	"strings"
	"testing"
)

// TestPrintable checks the escaping of text from files.
func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"plain name é":     "plain name é",
		"\x1b[2J":          `\x1b[2J`,
		"a\nPASS\tb\x07\b": `a\nPASS\tb\a\b`,
		"bad\xffutf8":      `bad\xffutf8`,
		"rtl\u202eexe":     `rtl\u202eexe`,
	} {
		if got := Printable(in); got != want {
			t.Errorf("Printable(%q) = %q, want %q", in, got, want)
		}
	}
	long := strings.Repeat("a", 20000) + "/end.obj"
	if got := shortPath(long); len(got) > maxShownPath+8 || !strings.HasSuffix(got, "/end.obj") || !strings.Contains(got, "…") {
		t.Errorf("shortPath(20 KB) = %q", got)
	}
}

// Windows paths show as written: drive letter, backslashes and non-ASCII
// names untouched (a backslash is printable, so escaping leaves it), and a
// long one keeps its drive and its file name.
func TestShowPathWindows(t *testing.T) {
	p := `C:\Users\Zoë\levels\e1m1 (final).obj`
	if got := ShowPath(p); got != p {
		t.Errorf("ShowPath(%q) = %q", p, got)
	}
	long := `D:\` + strings.Repeat(`deep\`, 60) + `map.glb`
	got := ShowPath(long)
	if !strings.HasPrefix(got, `D:\deep\`) || !strings.HasSuffix(got, `\map.glb`) || !strings.Contains(got, "…") {
		t.Errorf("ShowPath(long) = %q", got)
	}
}
