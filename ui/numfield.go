package ui

import (
	"image"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ebitengine/debugui"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// lineEdit is the number field being typed into: the window's own line
// editor. debugui's text fields are built on Ebitengine's exp/textinput,
// which loses every character after two arrive within one frame (a slow
// frame, or fast typing), so number fields read typed characters
// themselves (ebiten.AppendInputChars returns every character since the
// last tick) and draw as a button showing the text.
type lineEdit struct {
	id  string // the field's name (panels.fields)
	buf string // the text typed so far
	// all is true while the whole text is selected (after a click or
	// Ctrl+A): the next character replaces it, Backspace clears it.
	all bool
}

// label is what the field shows while it is edited: the selected text in
// brackets, or the text with a caret.
func (e *lineEdit) label() string {
	if e.all {
		return "[" + e.buf + "]"
	}
	return e.buf + "|"
}

// insert types r (printable runes only; the field's parser judges them).
func (e *lineEdit) insert(r rune) {
	if !unicode.IsPrint(r) || unicode.IsSpace(r) {
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

// fieldButton draws number field id as a button that starts editing it
// when clicked, showing the edit while it is being typed into.
func (g *game) fieldButton(ctx *debugui.Context, id string, f *numField) {
	label := f.buf
	if e := g.panels.edit; e != nil && e.id == id {
		label = e.label()
	}
	ctx.Button(label).On(func() { g.beginEdit(id, f) })
}

// beginEdit starts typing into field id with its whole text selected,
// committing the field edited before, if any.
func (g *game) beginEdit(id string, f *numField) {
	if e := g.panels.edit; e != nil && e.id == id {
		return
	}
	g.commitEdit()
	g.panels.edit = &lineEdit{id: id, buf: f.buf, all: true}
}

// commitEdit ends the edit in progress, committing its text (nothing
// happens when no field is edited).
func (g *game) commitEdit() {
	p := g.panels
	e := p.edit
	if e == nil {
		return
	}
	p.edit = nil
	if f := p.fields[e.id]; f != nil {
		f.buf = e.buf
		if f.commit != nil {
			g.commitField(e.id, f, f.commit)
		}
	}
}

// typeInto feeds this frame's input to the field being edited: every
// character typed since the last tick, Backspace (repeating while held),
// Ctrl+A (select all), Enter (commit and give the keyboard back), Escape
// (revert) and a click outside the field (commit).
func (g *game) typeInto() {
	e := g.panels.edit
	if e == nil || g.shot.noInput {
		return
	}
	for _, r := range ebiten.AppendInputChars(nil) {
		e.insert(r)
	}
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	switch {
	case ctrl && inpututil.IsKeyJustPressed(ebiten.KeyA):
		e.all = true
	case keyRepeats(ebiten.KeyBackspace):
		e.backspace()
	case enterPressed():
		g.releaseFields(false)
	case inpututil.IsKeyJustPressed(ebiten.KeyEscape):
		g.releaseFields(true)
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && !g.overField(e.id):
		g.commitEdit()
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
