package ui

// shutdown ends the window's background work before the final save: a
// load in progress and a running hunt.
func (g *game) shutdown() {
	if g.loading != nil {
		g.loading.Cancel()
	}
	if g.hunter != nil {
		g.hunter.Cancel()
	}
	g.closeEngines()
}
