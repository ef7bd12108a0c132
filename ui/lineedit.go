package ui

import (
	"image"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ebitengine/debugui"
	"github.com/hajimehoshi/bitmapfont/v4"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"sweepdbg/ui/editor"
)

// lineEdit is the text field being typed into: the window's own line
// editor, used by the number fields and the file path field. debugui's
// text fields are built on Ebitengine's exp/textinput, which loses every
// character after two arrive within one frame (a slow frame, or fast
// typing), so the fields read typed characters themselves
// (ebiten.AppendInputChars returns every character since the last tick)
// and draw as a button showing the text.
//
// Ebitengine has no public clipboard API (its GLFW layer keeps one
// internally), so the editor has no Ctrl+V.
type lineEdit struct {
	id  string // the field's name (panels.rects)
	buf string // the text typed so far
	// all is true while the whole text is selected (after a click or
	// Ctrl+A): the next character replaces it, Backspace clears it.
	all bool
	// spaces is true when the field takes spaces (a path); a number
	// field drops them.
	spaces bool
	// done applies the text when the edit ends other than by Escape;
	// enter is true when Enter ended it.
	done func(text string, enter bool)
}

// label is what the field shows while it is edited, fitted to width
// (debugui units): the selected text in brackets, or the text with a
// caret; a text too long keeps its end (where the caret is).
func (e *lineEdit) label(width int) string {
	if e.all {
		return "[" + fitTail(editor.Printable(e.buf), width-textAdvance("[]")) + "]"
	}
	return fitTail(editor.Printable(e.buf), width-textAdvance("|")) + "|"
}

// insert types r: printable runes only, and spaces only in a field that
// takes them (a number field's parser judges the rest).
func (e *lineEdit) insert(r rune) {
	if !unicode.IsPrint(r) || unicode.IsSpace(r) && !e.spaces {
		return
	}
	if e.all {
		e.buf, e.all = "", false
	}
	e.buf += string(r)
}

// backspace deletes the selection, or the last rune.
func (e *lineEdit) backspace() {
	if e.all {
		e.buf, e.all = "", false
		return
	}
	_, n := utf8.DecodeLastRuneInString(e.buf)
	e.buf = e.buf[:len(e.buf)-n]
}

// labelFace is debugui's font, to measure labels as debugui draws them.
var labelFace = text.NewGoXFace(bitmapfont.Face)

// textAdvance is the width of s in debugui's font, in debugui units.
func textAdvance(s string) int { return int(text.Advance(s, labelFace) + 0.5) }

// fitTail returns s when it fits in width (debugui units), else "..."
// and the longest end of s that fits with it (a path's end names the
// file; a caret is at the end).
func fitTail(s string, width int) string { return fitText(s, width, true) }

// fitNumber returns the number s when it fits in width (debugui units),
// else s with fewer significant digits, as many as fit ("-778.6667" in a
// narrow field shows "-778.7", not its end); text that is no number, or
// too long even so, is cut at its end.
func fitNumber(s string, width int) string {
	if textAdvance(s) <= width {
		return s
	}
	if x, err := strconv.ParseFloat(s, 64); err == nil {
		for digits := len(s); digits >= 1; digits-- {
			if r := strconv.FormatFloat(x, 'g', digits, 64); textAdvance(r) <= width {
				return r
			}
		}
	}
	return fitText(s, width, false)
}

// fitText returns s when it fits in width (debugui units), else the
// longest part of s that fits with "...": its end after "..." (keepEnd),
// or its start before "...". Either part grows from its own end of s and
// stops at the first that does not fit, so a text of any length costs
// only what fits in the field (a pasted or typed path of thousands of
// characters is drawn every frame).
func fitText(s string, width int, keepEnd bool) string {
	if textAdvance(s) <= width {
		return s
	}
	best := "..."
	if keepEnd {
		for i := len(s); i > 0; {
			_, n := utf8.DecodeLastRuneInString(s[:i])
			i -= n
			if textAdvance("..."+s[i:]) > width {
				break
			}
			best = "..." + s[i:]
		}
		return best
	}
	for i := range s {
		if i == 0 {
			continue
		}
		if textAdvance(s[:i]+"...") > width {
			break
		}
		best = s[:i] + "..."
	}
	return best
}

// labelPadding is debugui's widget text inset on each side (its default
// style's padding), in debugui units.
const labelPadding = 5

// lineField draws field id as a button showing text (or the edit in
// progress), fitted to the cell by fit; a click starts editing it with
// begin. The field's bounds go to panels.rects (the end-to-end tests
// click them).
func (g *game) lineField(ctx *debugui.Context, id, shown string, fit func(string, int) string, begin func()) {
	p := g.panels
	g.pressCell(ctx, id, func(b image.Rectangle) debugui.EventHandler {
		p.rects[id] = b
		w := b.Dx() - 2*labelPadding
		label := fit(editor.Printable(shown), w)
		if e := p.edit; e != nil && e.id == id {
			label = e.label(w)
		}
		return ctx.Button(label)
	}, begin)
}

// beginEdit starts typing into field id with its whole text selected,
// ending the edit of another field first (as a click away would). done
// applies the text when the edit ends (see lineEdit.done).
func (g *game) beginEdit(id, text string, spaces bool, done func(text string, enter bool)) {
	if e := g.panels.edit; e != nil && e.id == id {
		return
	}
	g.endEdit(false)
	g.panels.edit = &lineEdit{id: id, buf: text, all: true, spaces: spaces, done: done}
}

// endEdit ends the edit in progress, applying its text (nothing happens
// when no field is edited); enter says Enter ended it.
func (g *game) endEdit(enter bool) {
	e := g.panels.edit
	if e == nil {
		return
	}
	g.panels.edit = nil
	e.done(e.buf, enter)
}

// lineInput is one frame's input to the field being edited.
type lineInput struct {
	chars     []rune // every character typed since the last tick
	selectAll bool   // Ctrl+A
	backspace bool   // Backspace pressed, or held long enough to repeat
	enter     bool   // Enter: apply, and give the keyboard back
	escape    bool   // Escape: revert, and give the keyboard back
	clickAway bool   // the left button pressed outside the field: apply
}

// typeInto feeds this frame's input to the field being edited.
func (g *game) typeInto() {
	e := g.panels.edit
	if e == nil || g.shot.noInput {
		return
	}
	ctrl := commandKey()
	g.typeLine(lineInput{
		chars:     ebiten.AppendInputChars(nil),
		selectAll: ctrl && inpututil.IsKeyJustPressed(ebiten.KeyA),
		backspace: keyRepeats(ebiten.KeyBackspace),
		enter:     enterPressed(),
		escape:    inpututil.IsKeyJustPressed(ebiten.KeyEscape),
		clickAway: inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && !g.overField(e.id),
	})
}

// typeLine applies in to the field being edited. Ebitengine does not say
// in which order a frame's keys and characters came, so the likely one is
// taken: Ctrl+A, and Backspace on a selection, before the characters (a
// selection is replaced by what is typed after it); the characters before
// any other Backspace (a typo fixed), Enter, Escape or the click.
func (g *game) typeLine(in lineInput) {
	e := g.panels.edit
	if e == nil {
		return
	}
	if in.selectAll {
		e.all = true
	}
	if in.backspace && e.all {
		e.backspace()
		in.backspace = false
	}
	for _, r := range in.chars {
		e.insert(r)
	}
	if in.backspace {
		e.backspace()
	}
	switch {
	case in.enter:
		g.endEdit(true)
		g.releaseFields(false)
	case in.escape:
		g.releaseFields(true)
	case in.clickAway:
		g.endEdit(false)
	}
}

// overField reports the cursor over field id's bounds (as of the last
// frame, in debugui units).
func (g *game) overField(id string) bool {
	x, y := ebiten.CursorPosition()
	s := g.uiScale()
	return image.Pt(x/s, y/s).In(g.panels.rects[id])
}

// keyRepeats reports k pressed this tick, or held long enough to repeat
// (after half a second, 15 times a second at 60 ticks a second).
func keyRepeats(k ebiten.Key) bool {
	d := inpututil.KeyPressDuration(k)
	return d == 1 || d > 30 && d%4 == 0
}

// trimmedEqual reports a field's text unchanged from what was shown.
func trimmedEqual(buf, shown string) bool { return strings.TrimSpace(buf) == shown }
