package engine

import (
	"testing"

	"sweepdbg/sweep"
)

// TestBuiltinFields: the core's answers carry every field, like
// sweep.Mesh.Answer; the sweep-only engines carry the whole first contact.
func TestBuiltinFields(t *testing.T) {
	q := fallQuery(floorMesh())
	for _, e := range Builtins() {
		a, err := e.Sweep(t.Context(), q)
		if SatOut(err) && !e.Shapes().Has(q.Kind) {
			continue // the convex method sits out ellipsoids (TestBuiltinShapes)
		}
		want := hitFields
		if e.Name() == coreName {
			want = sweep.AllFields
		}
		if err != nil || !a.Hit || a.Has != want {
			t.Errorf("%s sweep: has %b, want %b (%v)", e.Name(), a.Has, want, err)
		}
	}
	a, err := Core().Slide(t.Context(), q)
	if err != nil || !a.Slid || a.Has != sweep.AllFields {
		t.Errorf("core slide: has %b (%v)", a.Has, err)
	}
}
