//go:build !plantbug

package unitspace

// plant is the hook of the planted-bug build (see plant_plantbug.go); in a
// normal build it leaves the roots alone.
func (f *frame) plant(roots *[nCandidates]root) {}
