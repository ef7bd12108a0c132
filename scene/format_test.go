package scene

import (
	"math"
	"testing"
)

func TestAmount(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{
		{1e-4, "0.0001"}, {2.3e-05, "2.3e-05"}, {0.000101, "0.000101"}, {0.0047312345, "0.00473"},
		{1.5369876, "1.54"}, {1e-6, "1e-06"}, {0, "0"}, {math.Inf(1), "+Inf"},
	} {
		if got := Amount(c.x); got != c.want {
			t.Errorf("Amount(%v) = %q, want %q", c.x, got, c.want)
		}
	}
}
