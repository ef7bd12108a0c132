package sweep_test

import (
	"math/rand/v2"
	"testing"

	"sweepdbg/sweep/oracle"
)

// BenchmarkOracleFirstContact measures the oracle on aimed (mostly hitting)
// cases, to keep the property tests' run time in check.
func BenchmarkOracleFirstContact(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	cases := make([]sweepCase, 1024)
	for i := range cases {
		cases[i] = genAimed(0)(r)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := &cases[i%len(cases)]
		oracle.FirstContact(c.e.Axes, c.begin, c.delta, c.tri)
	}
}
