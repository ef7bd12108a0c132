package engine

import (
	"errors"
	"strings"
)

// errUnterminatedQuote is SplitCommand's error for an unclosed ' or ".
var errUnterminatedQuote = errors.New("unterminated quote")

// SplitCommand splits a command line like a POSIX shell, without
// expansions: blanks separate words; '...' keeps everything literally;
// "..." keeps everything but \" and \\, which stand for " and \; outside
// quotes a backslash keeps the next character. An empty line is
// errEmptyCmd, an unclosed quote errUnterminatedQuote.
func SplitCommand(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words, inWord = append(words, w.String()), false
				w.Reset()
			}
			continue
		case c == '\\' && i+1 < len(s):
			i++
			w.WriteByte(s[i])
		case c == '\'' || c == '"':
			j, err := quoted(s, i, &w)
			if err != nil {
				return nil, err
			}
			i = j
		default:
			w.WriteByte(c)
		}
		inWord = true
	}
	if inWord {
		words = append(words, w.String())
	}
	if len(words) == 0 {
		return nil, errEmptyCmd
	}
	return words, nil
}

// quoted copies the quoted text starting at s[i] (the quote) into w and
// returns the index of the closing quote.
func quoted(s string, i int, w *strings.Builder) (int, error) {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		c := s[j]
		switch {
		case c == q:
			return j, nil
		case q == '"' && c == '\\' && j+1 < len(s) && (s[j+1] == '"' || s[j+1] == '\\'):
			j++
			w.WriteByte(s[j])
		default:
			w.WriteByte(c)
		}
	}
	return 0, errUnterminatedQuote
}
