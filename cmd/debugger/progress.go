package main

import (
	"fmt"
	"io"
	"strings"
)

// progressLine is a status line on a terminal, rewritten in place with \r:
// the capture progress of replay and the bar of hunt.
type progressLine struct {
	w     io.Writer
	width int // length of the last line drawn, to blank it out; 0 before the first
}

// draw rewrites the line with s, blanking what is left of the last one.
func (p *progressLine) draw(s string) {
	pad := max(0, p.width-len(s))
	p.width = len(s)
	fmt.Fprintf(p.w, "\r%s%s", s, strings.Repeat(" ", pad))
}

// end leaves the last line drawn on the screen and moves to the next.
func (p *progressLine) end() {
	if p.width > 0 {
		fmt.Fprintln(p.w)
	}
}

// clear blanks the last line drawn, leaving the cursor at its start.
func (p *progressLine) clear() {
	if p.width > 0 {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
