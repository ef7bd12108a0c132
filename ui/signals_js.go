//go:build js

package ui

// quitOnSignals does nothing in a browser: a page has no signals, and
// closing its tab ends it (the session is saved to localStorage as it
// changes).
func (g *game) quitOnSignals() (stop func()) { return func() {} }
