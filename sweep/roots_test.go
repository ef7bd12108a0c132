package sweep

import (
	"math"
	"testing"
)

// publishedLowestRoot is FindLowestRootInInterval exactly as printed in
// section 3.6 of Rouwé, "Collision Detection with Swept Spheres and
// Ellipsoids", kept here to show the defect lowestRoot fixes.
func publishedLowestRoot(a, b, c, upper float64) (float64, bool) {
	det := float64(b*b) - float64(4*a*c)
	if det < 0 {
		return 0, false
	}
	sgn := 1.0
	if b < 0 {
		sgn = -1
	}
	q := float64(-0.5 * (b + float64(sgn*math.Sqrt(det))))
	x1, x2 := q/a, c/q
	if x2 < x1 {
		x1, x2 = x2, x1
	}
	if x1 >= 0 && x1 <= upper {
		return x1, true
	}
	if x2 >= 0 && x2 <= upper {
		return x2, true
	}
	return 0, false
}

// TestLowestRoot checks section 3.6's root finder on hand-derived
// quadratics (paper convention: touching where a t² + b t + c >= 0).
func TestLowestRoot(t *testing.T) {
	tests := []struct {
		name       string
		a, b, c, u float64
		want       float64
		ok         bool
	}{
		// Unit sphere from (3,0,0) moving by (-4,0,0) toward a vertex at
		// the origin (3.4): a = -|D|² = -16, b = 2D·(v-B) = 24,
		// c = 1 - |v-B|² = -8; -16t² + 24t - 8 = 0 at t = 0.5 and 1.
		{"vertex approach", -16, 24, -8, 1, 0.5, true},
		{"root beyond the bound", -16, 24, -8, 0.4, 0, false},
		// Already touching (c >= 0), moving in or out: 0, not the exit.
		{"inside moving in", -1, 1, 0.75, 1, 0, true},
		{"inside moving out", -1, -1, 0.75, 1, 0, true},
		{"exactly touching", -1, 1, 0, 1, 0, true},
		// Motion parallel to an edge or zero motion: a = 0, b = 0.
		{"parallel outside", 0, 0, -1, 1, 0, false},
		{"parallel inside", 0, 0, 0.5, 1, 0, true},
		// a = 0 with b > 0: the linear root -c/b, no division by a.
		{"linear", 0, 2, -1, 1, 0.5, true},
		// Moving away from outside: b <= 0.
		{"receding", -1, -2, -3, 1, 0, false},
		// Passing by: negative discriminant (b² - 4ac = 1 - 4·1·... < 0).
		{"passing by", -1, 1, -1, 1, 0, false},
		{"NaN", math.NaN(), 1, -1, 1, 0, false},
	}
	for _, tc := range tests {
		got, ok := lowestRoot(tc.a, tc.b, tc.c, tc.u)
		if ok != tc.ok || (ok && math.Abs(got-tc.want) > 1e-15) {
			t.Errorf("%s: lowestRoot(%v, %v, %v, %v) = %v, %v; want %v, %v", tc.name, tc.a, tc.b, tc.c, tc.u, got, ok, tc.want, tc.ok)
		}
	}
	// The published routine returns the exit time 1.5 (or nothing within
	// [0, 1]) for a sphere already touching and moving in: it tunnels.
	if x, ok := publishedLowestRoot(-1, 1, 0.75, 2); !ok || x != 1.5 {
		t.Errorf("published routine: got %v, %v; the defect this test documents is gone?", x, ok)
	}
	if _, ok := publishedLowestRoot(-1, 1, 0.75, 1); ok {
		t.Errorf("published routine found a root in [0, 1] for the tunnelling case")
	}
}

// TestPlaneSweptSphere checks section 3.1's interval entry on hand-derived
// cases, including the two-sided and parallel ones.
func TestPlaneSweptSphere(t *testing.T) {
	tests := []struct {
		name              string
		dist, nd, r, maxT float64
		want              float64
		ok                bool
	}{
		{"approaching", 3, -4, 1, 1, 0.5, true},
		{"approaching from behind", -3, 4, 1, 1, 0.5, true},
		{"inside the slab", 0.5, 7, 1, 1, 0, true},
		{"touching", 1, 0, 1, 1, 0, true},
		{"parallel outside", 3, 0, 1, 1, 0, false},
		{"receding", 3, 1, 1, 1, 0, false},
		{"too slow", 3, -1, 1, 1, 0, false},
		{"bounded by maxT", 3, -4, 1, 0.25, 0, false},
		{"almost parallel", 3, -1e-300, 1, 1, 0, false},
		{"NaN", math.NaN(), -1, 1, 1, 0, false},
	}
	for _, tc := range tests {
		got, ok := planeSweptSphere(tc.dist, tc.nd, tc.r, tc.maxT)
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("%s: planeSweptSphere(%v, %v, %v, %v) = %v, %v; want %v, %v", tc.name, tc.dist, tc.nd, tc.r, tc.maxT, got, ok, tc.want, tc.ok)
		}
	}
	// The exit time (the other end of 3.1's interval).
	for _, tc := range []struct{ dist, nd, r, maxT, want float64 }{
		{3, -4, 1, 1, 1},        // leaves at (3+1)/4 = 1
		{3, -8, 1, 1, 0.5},      // (3+1)/8
		{0.5, 1, 1, 1, 0.5},     // moving away from inside: (1-0.5)/1
		{0.5, 0, 1, 0.75, 0.75}, // parallel: the whole range
	} {
		if got := slabExit(tc.dist, tc.nd, tc.r, tc.maxT); got != tc.want {
			t.Errorf("slabExit(%v, %v, %v, %v) = %v, want %v", tc.dist, tc.nd, tc.r, tc.maxT, got, tc.want)
		}
	}
}
