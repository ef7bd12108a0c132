package oracle

import "math"

// search is a convex function of t on [0, 1] and a Lipschitz constant for
// it. Every shape reduces to one: the ellipsoid's unit-space distance from
// center to triangle, the capsule's segment-to-triangle distance in radii,
// the box's signed distance to the triangle in half extents. Each is the
// (signed) distance from a point moving linearly to a fixed convex set (the
// triangle, or the triangle minus the shape), hence convex in t and
// Lipschitz with the point's speed.
type search struct {
	h     func(t float64) float64
	speed float64 // |dh/dt| <= speed
}

// invPhi is 1/φ, the golden-section ratio.
var invPhi = float64((math.Sqrt(5) - 1) / 2)

// goldenIterations shrinks [0, 1] to 0.618^80 ≈ 2e-17, below one ulp of t:
// the minimum of a convex function with slope at most speed is then found
// to speed·1e-16 in distance.
const goldenIterations = 80

// minimise runs golden-section search for the minimum of the convex h on
// [lo, hi]. It returns early as soon as it sees a value <= stopBelow, or
// once it has proved that the minimum exceeds stopAbove: h is Lipschitz in
// t with constant speed, so on the bracket [lo, hi], which contains a
// minimiser, h >= min(f1, f2) - speed·(hi - lo). Pass NaN to disable
// either test. Plateaus are harmless: any point of one is a minimiser.
func (s search) minimise(lo, hi, stopBelow, stopAbove float64) (tMin, hMin float64) {
	x1, x2 := hi-float64(invPhi*(hi-lo)), lo+float64(invPhi*(hi-lo))
	f1, f2 := s.h(x1), s.h(x2)
	tMin, hMin = x1, f1
	for i := 0; i < goldenIterations && hi-lo > 0; i++ {
		if f1 <= f2 {
			hi, x2, f2 = x2, x1, f1
			x1 = hi - float64(invPhi*(hi-lo))
			f1 = s.h(x1)
		} else {
			lo, x1, f1 = x1, x2, f2
			x2 = lo + float64(invPhi*(hi-lo))
			f2 = s.h(x2)
		}
		for _, c := range [2][2]float64{{x1, f1}, {x2, f2}} {
			if c[1] < hMin {
				tMin, hMin = c[0], c[1]
			}
		}
		if hMin <= stopBelow || hMin-float64(s.speed*(hi-lo)) > stopAbove {
			return tMin, hMin
		}
	}
	return tMin, hMin
}

// min returns where h is smallest on [lo, hi] and its value there,
// checking both ends as well as the interior.
func (s search) min(lo, hi float64) (t, h float64) {
	t, h = lo, s.h(lo)
	if hh := s.h(hi); hh < h {
		t, h = hi, hh
	}
	if tm, hm := s.minimise(lo, hi, math.NaN(), math.NaN()); hm < h {
		t, h = tm, hm
	}
	return t, h
}

// decideMargin keeps rounding of the early-exit bound in minimise from
// deciding a miss: the search stops early only once the minimum provably
// exceeds the contact level by 1e-9 (in the function's units), far above
// its 1e-16 rounding and far below any tolerance of the tests.
const decideMargin = 1e-9

// first returns the first t in [0, 1] at which h <= level, and whether
// there is one. A start at h(0) <= level gives 0.
func (s search) first(level float64) (float64, bool) {
	if s.h(0) <= level {
		return 0, true
	}
	// Bracket the crossing at the minimiser, not at t = 1 merely because the
	// end pose touches: a motion that passes through the triangle and ends
	// exactly touching its far side has h(1) = level but first touched
	// earlier.
	hit, d := s.minimise(0, 1, level, level+decideMargin)
	if h1 := s.h(1); h1 < d {
		hit, d = 1, h1
	}
	if !(d <= level) {
		return 0, false
	}
	return s.crossing(0, hit, level), true
}

// rootTol is how close to the level (below it) h at the returned T must
// be: 1e-14, a few ulps of a distance of order 1, a hundred million times
// tighter than the tests' 1e-6.
const rootTol = 1e-14

// crossing returns the first t in [lo, hi] where h falls to level, given
// h(lo) > level >= h(hi); h is convex, so {h <= level} is an interval that
// starts in (lo, hi]. It runs the Illinois variant of regula falsi (Dowell
// and Jarratt, BIT 11, 1971), with a bisection every fourth step so that
// the bracket always shrinks, until h can change by less than rootTol
// across the bracket (speed·width <= rootTol, or the bracket is two
// adjacent floats), and returns its right end: a t with
// level - rootTol <= h(t) <= level whose predecessors within the bracket
// are not below level. Stopping on the width, not on h(hi) being close to
// level, matters when h equals level on a whole stretch (sliding in
// contact) or at hi already.
func (s search) crossing(lo, hi, level float64) float64 {
	// wLo, wHi are Illinois-weighted values of h - level at the ends, used
	// only to place the next probe.
	wLo, wHi := s.h(lo)-level, s.h(hi)-level
	side := 0
	for i := 0; (hi-lo)*s.speed > rootTol && i < 400; i++ {
		mid := lo + float64((hi-lo)/2)
		if i%4 != 3 {
			mid = (float64(lo*wHi) - float64(hi*wLo)) / (wHi - wLo)
		}
		if !(mid > lo && mid < hi) {
			mid = lo + float64((hi-lo)/2)
			if !(mid > lo && mid < hi) {
				break // adjacent floats
			}
		}
		if g := s.h(mid) - level; g <= 0 {
			hi, wHi = mid, g
			if side == -1 {
				wLo /= 2
			}
			side = -1
		} else {
			lo, wLo = mid, g
			if side == 1 {
				wHi /= 2
			}
			side = 1
		}
	}
	return hi
}
