package shapecases

import (
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
)

// TestOracleAnswersPass: the oracle's own answers pass check on every
// family (the generators make valid cases and check is not stricter than
// the contract), except where the oracle's normal is zero (the capsule's
// segment meeting the triangle at the start, not a unit normal).
func TestOracleAnswersPass(t *testing.T) {
	n := 200
	for _, fam := range Families() {
		start := time.Now()
		st := Run(fam, Offsets[len(Offsets)-1], n, func(c Case) Answer {
			a := fromOracle(c)
			if a.Hit && a.Normal == (mgl64.Vec3{}) {
				a.Normal = mgl64.Vec3{1, 0, 0} // not checked: deep overlap
			}
			return a
		})
		if st.Wrong > 0 {
			t.Errorf("%s: %v\n%s", fam.Name, st, st.Failures[0])
		}
		t.Logf("%s: %v (%.0f cases/s)", fam.Name, st, float64(n)/time.Since(start).Seconds())
	}
}
