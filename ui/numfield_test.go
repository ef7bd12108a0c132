package ui

import "testing"

// TestLineEdit: a click selects the whole text, so the first character
// replaces it; Backspace deletes runes, or the selection; spaces and
// control characters are not typed.
func TestLineEdit(t *testing.T) {
	e := &lineEdit{buf: "0.5", all: true}
	if e.label() != "[0.5]" {
		t.Errorf("selected label %q", e.label())
	}
	for _, r := range "1.2\x1b 5" {
		e.insert(r)
	}
	if e.buf != "1.25" || e.all || e.label() != "1.25|" {
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
