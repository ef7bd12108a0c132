package editor

import (
	"math"
	"strings"
	"testing"
)

// The precision probe: at offset 0 it is off; at 1e3 the answer mapped
// back matches the origin's closely; at 1e7 it still finds the contact,
// and the drift stays within 1e-3 (float64 resolves about 2e-9 at 1e7).
func TestPrecisionProbe(t *testing.T) {
	app := newTestApp(t)
	app.RunCore()
	base := app.Result
	var p probeCache
	p.Update(app.Doc, app.Rev, base.Answer, false)
	if p.Result != nil || ProbeLines(&p)[0] != "offset 0: probe off" {
		t.Fatalf("probe at 0: %+v", p.Result)
	}
	if err := p.SetOffset(2e7); err == nil {
		t.Fatal("offset 2e7 accepted")
	}
	if err := p.SetOffset(math.NaN()); err == nil {
		t.Fatal("offset NaN accepted")
	}
	for _, c := range []struct{ off, tolT, tolP float64 }{{1e3, 1e-9, 1e-9}, {1e7, 1e-3, 1e-3}} {
		if err := p.SetOffset(c.off); err != nil {
			t.Fatal(err)
		}
		p.Update(app.Doc, app.Rev, base.Answer, false)
		r := p.Result
		if r == nil || !r.HasHit || r.HitChanged {
			t.Fatalf("offset %g: %+v", c.off, r)
		}
		if math.Abs(r.DT) > c.tolT || r.DPoint > c.tolP || r.DFinal > c.tolP {
			t.Errorf("offset %g: drift t %g point %g final %g", c.off, r.DT, r.DPoint, r.DFinal)
		}
		if math.Abs(r.T-base.Answer.First.T-r.DT) > 1e-15 {
			t.Errorf("offset %g: DT %g is not T - base T", c.off, r.DT)
		}
		if lines := strings.Join(ProbeLines(&p), "\n"); !strings.Contains(lines, "point drift") {
			t.Errorf("probe lines: %s", lines)
		}
	}
}
