package ui

import "testing"

func TestFitWindow(t *testing.T) {
	cases := []struct{ mw, mh, w, h int }{
		{2560, 1440, defaultW, defaultH}, // room enough: the default
		{1440, 900, defaultW, defaultH},  // a 13" MacBook: fits (1280 < 1296, 800 < 810)
		{1280, 800, 1152, 720},           // a monitor of the default size: 90% of it
		{1366, 768, 1105, 691},           // a small laptop: 90% of its height
		{0, 0, defaultW, defaultH},       // unknown
	}
	for _, c := range cases {
		if w, h := fitWindow(c.mw, c.mh); w != c.w || h != c.h {
			t.Errorf("fitWindow(%d, %d) = %d x %d, want %d x %d", c.mw, c.mh, w, h, c.w, c.h)
		}
	}
}
