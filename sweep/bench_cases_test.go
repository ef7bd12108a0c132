package sweep_test

import (
	"encoding/binary"
	"math"
	"os"
	"testing"

	"sweepdbg/sweep"
)

// benchCasesEnv names the file TestWriteBenchCases writes the benchmark's
// cases to, for sweep/testdata/rouwe_ref.cpp to run the listing on the
// same cases (its header says how).
const benchCasesEnv = "SWEEPDBG_BENCH_CASES"

// TestWriteBenchCases writes benchCases to $SWEEPDBG_BENCH_CASES (skipped
// when unset): per case 24 little-endian float64, the ellipsoid's axes,
// begin, delta and the triangle's vertices, and logs how many of them
// EllipsoidTriangle finds a hit in, which the listing run on the file
// prints next to its own count.
func TestWriteBenchCases(t *testing.T) {
	path := os.Getenv(benchCasesEnv)
	if path == "" {
		t.Skip(benchCasesEnv + " not set")
	}
	cs := benchCases()
	buf := make([]byte, 0, len(cs)*24*8)
	put := func(v ...float64) {
		for _, x := range v {
			buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(x))
		}
	}
	hits := 0
	for i := range cs {
		c := &cs[i]
		for _, a := range c.e.Axes {
			put(a[:]...)
		}
		put(c.begin[:]...)
		put(c.delta[:]...)
		for _, v := range c.tri {
			put(v[:]...)
		}
		if _, ok := sweep.EllipsoidTriangle(c.e, c.begin, c.delta, c.tri); ok {
			hits++
		}
	}
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d cases written to %s; EllipsoidTriangle hits %d of them", len(cs), path, hits)
}
