package ui

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestLineEdit: a click selects the whole text, so the first character
// replaces it; Backspace deletes runes, or the selection; spaces and
// control characters are not typed into a number field.
func TestLineEdit(t *testing.T) {
	e := &lineEdit{buf: "0.5", all: true}
	if e.label(200) != "[0.5]" {
		t.Errorf("selected label %q", e.label(200))
	}
	for _, r := range "1.2\x1b 5" {
		e.insert(r)
	}
	if e.buf != "1.25" || e.all || e.label(200) != "1.25|" {
		t.Fatalf("typed %q (all %v), want 1.25", e.buf, e.all)
	}
	e.backspace()
	e.insert('é')
	e.backspace()
	if e.buf != "1.2" {
		t.Errorf("after backspaces %q, want 1.2", e.buf)
	}
	e.all = true
	e.backspace()
	if e.buf != "" || e.all {
		t.Errorf("backspace on the selection left %q", e.buf)
	}
	e.backspace() // nothing to delete
	if e.buf != "" {
		t.Errorf("backspace on nothing gave %q", e.buf)
	}
}

// TestLineEditSpaces: a field that takes spaces (the path) keeps them and
// any printable rune, and still drops control characters.
func TestLineEditSpaces(t *testing.T) {
	e := &lineEdit{spaces: true}
	for _, r := range "/tmp/my levels/é\tx\x00 ß.obj" {
		e.insert(r)
	}
	if want := "/tmp/my levels/éx ß.obj"; e.buf != want {
		t.Errorf("typed %q, want %q", e.buf, want)
	}
}

// TestFitTail: a text wider than the field keeps its end after "...",
// as long as fits; a text that fits is unchanged; the edit label fits
// the same width with its caret.
func TestFitTail(t *testing.T) {
	long := "/home/someone/projects/levels/quake-like/e1m1-rooms.obj"
	if fitTail(long, 1000) != long {
		t.Errorf("a fitting text was changed: %q", fitTail(long, 1000))
	}
	for _, w := range []int{60, 120, 200} {
		got := fitTail(long, w)
		if textAdvance(got) > w || !strings.HasPrefix(got, "...") || !strings.HasSuffix(long, got[3:]) {
			t.Errorf("width %d: %q (%d wide) is not an end of the path within the width", w, got, textAdvance(got))
		}
		if longer := "..." + long[len(long)-len(got)+2:]; textAdvance(longer) <= w {
			t.Errorf("width %d: %q is not the longest end that fits (%q fits)", w, got, longer)
		}
		e := &lineEdit{buf: long}
		if l := e.label(w); textAdvance(l) > w || !strings.HasSuffix(l, ".obj|") {
			t.Errorf("width %d: edit label %q (%d wide)", w, l, textAdvance(l))
		}
	}
	if got := fitTail(long, 1); got != "..." {
		t.Errorf("nothing fits: %q, want ...", got)
	}
	for _, w := range []int{60, 120, 200} {
		got := fitText(long, w, false)
		if textAdvance(got) > w || !strings.HasSuffix(got, "...") || !strings.HasPrefix(long, got[:len(got)-3]) {
			t.Errorf("width %d: %q (%d wide) is not a start of the path within the width", w, got, textAdvance(got))
		}
		if longer := long[:len(got)-2] + "..."; textAdvance(longer) <= w {
			t.Errorf("width %d: %q is not the longest start that fits (%q fits)", w, got, longer)
		}
	}
}

// TestFitTextLongCost: fitting a text of thousands of characters (a
// long path typed or pasted into the path field, drawn every frame)
// measures only about what fits, not every end of the text: its
// allocations (one string per measured candidate) do not grow with the
// text's length. The result is still the longest end (or start) that
// fits, also for multi-byte runes.
func TestFitTextLongCost(t *testing.T) {
	long := strings.Repeat("/dossier-été/ñ", 800) + "/level.obj"
	for _, keepEnd := range []bool{true, false} {
		got := fitText(long, 200, keepEnd)
		part := strings.TrimPrefix(strings.TrimSuffix(got, "..."), "...")
		if textAdvance(got) > 200 || !utf8.ValidString(got) || keepEnd && !strings.HasSuffix(long, part) || !keepEnd && !strings.HasPrefix(long, part) {
			t.Errorf("keepEnd %v: %q is not a part of the text within the width", keepEnd, got)
		}
		allocs := testing.AllocsPerRun(3, func() { fitText(long, 200, keepEnd) })
		if allocs > 200 {
			t.Errorf("keepEnd %v: %.0f allocations to fit a %d-byte text in 200 units (one per character of the text)", keepEnd, allocs, len(long))
		}
	}
	if got := fitTail(long, 200); !strings.HasSuffix(got, "ñ/level.obj") {
		t.Errorf("fitTail lost the file name: %q", got)
	}
}

// TestStatusTextFits: a message too long to share the status line with
// the frame rate and counts has it alone, cut at its end to the width; a
// short one shares it.
func TestStatusTextFits(t *testing.T) {
	g := newTestGame(t)
	g.app.Say("opened /a/long/path/level.obj (18264 triangles); up axis Z guessed (51%% of the surface faces ±Z); player height 56 guessed")
	for _, w := range []int{300, 600} {
		got := g.statusText(w)
		if textAdvance(got) > w || !strings.HasPrefix(got, "opened /a/long") || !strings.HasSuffix(got, "...") {
			t.Errorf("width %d: status %q (%d wide)", w, got, textAdvance(got))
		}
	}
	if got := g.statusText(2000); !strings.Contains(got, "triangles | core") || !strings.HasSuffix(got, "player height 56 guessed") {
		t.Errorf("wide status %q", got)
	}
}

// TestPathFieldTyping types into the path field through the window's
// line editor: Escape reverts, a click elsewhere keeps the text without
// opening it, Enter opens the typed path (with spaces in it).
func TestPathFieldTyping(t *testing.T) {
	g := newTestGame(t)
	dir := filepath.Join(t.TempDir(), "my levels")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	level := filepath.Join(dir, "two rooms.obj")
	if err := os.WriteFile(level, []byte("v 0 0 0\nv 10 0 0\nv 0 10 0\nf 1 2 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	typePath := func(end lineInput) {
		g.editPath()
		g.typeLine(lineInput{chars: []rune(level[:5])})
		g.typeLine(lineInput{chars: []rune(level[5:])})
		g.typeLine(end)
	}
	typePath(lineInput{escape: true})
	if g.panels.path != "" || g.panels.edit != nil || g.app.Loading != nil {
		t.Fatalf("Escape: path %q, edit %v, loading %v", g.panels.path, g.panels.edit, g.app.Loading)
	}
	typePath(lineInput{clickAway: true})
	if g.panels.path != level || g.panels.edit != nil || g.app.Loading != nil {
		t.Fatalf("click away: path %q, edit %v, loading %v", g.panels.path, g.panels.edit, g.app.Loading)
	}
	g.editPath()
	if e := g.panels.edit; e == nil || e.buf != level || !e.all {
		t.Fatalf("a second click does not select the kept path: %+v", e)
	}
	g.typeLine(lineInput{backspace: true})
	typePath(lineInput{enter: true})
	if g.app.Loading == nil {
		t.Fatalf("Enter did not open %q (%s)", level, g.app.Msg)
	}
	for g.app.Loading != nil {
		g.pollLoad()
		runtime.Gosched()
	}
	if g.app.Doc.Source != level || g.app.MsgErr {
		t.Fatalf("opened %q (%s), want %q", g.app.Doc.Source, g.app.Msg, level)
	}
	if n := g.panels.note; n.source != level || !strings.Contains(n.text, "up axis") { // the Scene panel shows it
		t.Errorf("level note %+v", n)
	}
}

// TestNumberFieldEditor: a number field typed into through the same
// editor commits on a click elsewhere, on starting another field's edit
// and on Enter (as one undo step, the status line naming the change);
// Escape reverts it.
func TestNumberFieldEditor(t *testing.T) {
	g := newTestGame(t)
	updatePanels(t, g)
	rx, ry := g.panels.fields["radii x"], g.panels.fields["radii y"]
	g.editNumber("radii x", rx)
	g.typeLine(lineInput{chars: []rune("0.7")})
	g.editNumber("radii y", ry) // clicking another field ends this edit
	// No panel build between the two commits: y's setter, made when x was
	// still 0.5, must not put x back.
	if got := g.app.Doc.Shape.Radii[0]; got != 0.7 {
		t.Fatalf("radius x %v after typing 0.7 and clicking the y field", got)
	}
	g.typeLine(lineInput{chars: []rune("0.8"), clickAway: true})
	if got := g.app.Doc.Shape.Radii[1]; got != 0.8 {
		t.Fatalf("radius y %v after typing 0.8 and clicking away", got)
	}
	updatePanels(t, g)
	steps, _ := g.app.History.Len()
	g.editNumber("radii x", rx)
	g.typeLine(lineInput{chars: []rune("0.6")})
	g.typeLine(lineInput{enter: true})
	if n, _ := g.app.History.Len(); n != steps+1 || g.app.Doc.Shape.Radii[0] != 0.6 || g.app.Msg != "radius x 0.7 → 0.6" {
		t.Fatalf("Enter: %d undo steps (want %d), radius %v, status %q", n, steps+1, g.app.Doc.Shape.Radii[0], g.app.Msg)
	}
	updatePanels(t, g)
	g.editNumber("radii x", rx)
	g.typeLine(lineInput{chars: []rune("3")})
	g.typeLine(lineInput{escape: true})
	if got := g.app.Doc.Shape.Radii[0]; got != 0.6 || rx.buf != "0.6" {
		t.Fatalf("Escape kept the typed 3: radius %v, field %q", got, rx.buf)
	}
}

// TestFitNumber: a number too wide for its field shows fewer significant
// digits (its start, not its end); text that is no number is cut at its
// end.
func TestFitNumber(t *testing.T) {
	w := textAdvance("-778.7")
	cases := map[string]string{"-778.6667": "-778.7", "0.5": "0.5", "123456789": "1e+08", "abcdefghij": "abc..."}
	for in, want := range cases {
		if got := fitNumber(in, w); got != want {
			t.Errorf("fitNumber(%q, %d) = %q, want %q", in, w, got, want)
		}
	}
}

// TestTypeLineOrder: keys and characters arriving in one frame are
// applied in the likely order: Ctrl+A (and Backspace on the selection)
// before the characters, so a burst "Ctrl+A, type" replaces the text
// with all of what was typed; a plain Backspace after them.
func TestTypeLineOrder(t *testing.T) {
	g := newTestGame(t)
	g.beginEdit("f", "old", true, func(string, bool) {})
	g.typeLine(lineInput{chars: []rune("ab")}) // the click selected "old": replaced
	g.typeLine(lineInput{selectAll: true, chars: []rune("~/x.obj")})
	if e := g.panels.edit; e.buf != "~/x.obj" || e.all {
		t.Fatalf("Ctrl+A and typing in one frame gave %q (selected %v)", e.buf, e.all)
	}
	g.typeLine(lineInput{selectAll: true})
	g.typeLine(lineInput{backspace: true, chars: []rune("new")})
	if e := g.panels.edit; e.buf != "new" {
		t.Fatalf("Backspace on the selection and typing in one frame gave %q", e.buf)
	}
	g.typeLine(lineInput{chars: []rune("sx"), backspace: true})
	if e := g.panels.edit; e.buf != "news" {
		t.Fatalf("typing and Backspace in one frame gave %q", e.buf)
	}
}

// A coloured row wraps at spaces to the cell's width: every line fits,
// the words come back in order, and a word too wide alone is cut.
func TestWrapText(t *testing.T) {
	s := "game wrong: t off by 0.4 (T 0.4, exact 0.5, tolerance 0.0001)"
	for _, width := range []int{60, 120, 200, 1000} {
		lines := wrapText(s, width)
		for _, l := range lines {
			if textAdvance(l) > width {
				t.Errorf("width %d: line %q is %d wide", width, l, textAdvance(l))
			}
		}
		if width >= 120 && strings.Join(lines, " ") != s {
			t.Errorf("width %d: lines %q do not give back %q", width, lines, s)
		}
		if width == 1000 && len(lines) != 1 {
			t.Errorf("width 1000: %d lines, want 1", len(lines))
		}
	}
	if lines := wrapText("/a/very/long/path/without/any/spaces/in/it.obj", 80); len(lines) != 1 || textAdvance(lines[0]) > 80 {
		t.Errorf("a long word: %q", lines)
	}
	if lines := wrapText("", 80); len(lines) != 1 {
		t.Errorf("empty text: %q, want one (empty) line", lines)
	}
}

// TestStatusTextIdle: a resting window (it draws only on change) reads
// "idle", not "0 FPS".
func TestStatusTextIdle(t *testing.T) {
	g := newTestGame(t)
	g.redraw.resting = true
	if got := g.statusText(2000); !strings.HasPrefix(got, "idle | ") || strings.Contains(got, "FPS") {
		t.Errorf("resting status %q, want it to start with idle", got)
	}
}
