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
