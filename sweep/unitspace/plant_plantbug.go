//go:build plantbug

package unitspace

// plantedShift is added to the root of every edge longer than
// plantedLength in unit space, in the planted-bug build only.
const (
	plantedShift  = 1e-3
	plantedLength = 2
)

// plant perturbs the algorithm on purpose (build tag plantbug): an edge
// hit on a long edge comes 1e-3 of the motion late. The bug hunter's tests
// must find and shrink it; nothing else should ever build with this tag.
func (f *frame) plant(roots *[nCandidates]root) {
	for i := 1; i <= 3; i++ {
		r := &roots[i]
		e := f.p[(r.index+1)%3].Sub(f.p[r.index])
		if r.valid && r.t > 0 && e.Len() > plantedLength {
			r.t = min(1, r.t+plantedShift)
		}
	}
}
