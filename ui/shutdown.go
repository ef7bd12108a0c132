package ui

// shutdown ends the window's background work before the final save: a
// load in progress and a running hunt.
func (g *game) shutdown() {
	if g.app.Loading != nil {
		g.app.Loading.Cancel()
	}
	if g.app.Hunter != nil {
		g.app.Hunter.Cancel()
	}
	g.closeEngines()
}
