package hunt

import (
	"math"
	"sort"
)

// NoiseHint says that most of an engine's wrong cases are off by little
// more than the tolerance — float noise, typically a single-precision
// engine's — and which tolerance would set them apart from the rest:
// "Below of Total wrong cases are off by at most Under; --engine-tolerance
// Tolerance would keep the other Total-Below".
type NoiseHint struct {
	Engine    string  // the engine's name, as in the kinds (escaped)
	Total     int     // cases on which the engine answered wrong
	Below     int     // of them, those off by at most Under
	Under     float64 // a round bound of the noise's amounts
	Tolerance float64 // the suggested tolerance: above the noise, below the rest
}

// Above is how many wrong cases the suggested tolerance keeps wrong.
func (n NoiseHint) Above() int { return n.Total - n.Below }

// The noise statistic's parameters.
const (
	binsPerDecade = 10  // the histogram's resolution: bins 10^(1/10) ≈ 1.26 wide
	noiseReach    = 30  // noise lies within this many tolerances
	noiseGap      = 4   // the noise's largest amount is this many times below the rest's smallest, at least
	noiseMin      = 5   // cases, at least, for a cluster of noise
	noiseShare    = 0.5 // of the wrong cases, at least, are noise
)

// spread is a histogram of the amounts by which one engine's wrong cases
// are off (a case's largest Problem.Worst), in bins of equal width on a
// log scale, each keeping its count and its smallest and largest amount:
// a few hundred bins at most however long the hunt, and the same for any
// order of the cases.
type spread struct {
	bins  map[int]*amountBin
	total int // cases, the ones in no bin (+Inf, NaN, not positive) included
}

type amountBin struct {
	n      int
	lo, hi float64
}

// add counts one case off by x.
func (s *spread) add(x float64) {
	s.total++
	if !(x > 0) || math.IsInf(x, 1) {
		return // beyond every gap: counted among the rest
	}
	k := int(math.Floor(float64(math.Log10(x) * binsPerDecade)))
	if s.bins == nil {
		s.bins = map[int]*amountBin{}
	}
	b := s.bins[k]
	if b == nil {
		s.bins[k] = &amountBin{1, x, x}
		return
	}
	b.n++
	b.lo, b.hi = math.Min(b.lo, x), math.Max(b.hi, x)
}

// hint finds the noise among the amounts of tolerance tol, if there is
// any: the cut between two consecutive amounts, the lower within
// noiseReach tolerances, with the largest ratio (noiseGap at least; the
// cut above the largest amount counts as infinite), below which lie at
// least noiseMin cases and noiseShare of all.
func (s *spread) hint(tol float64) (NoiseHint, bool) {
	keys := make([]int, 0, len(s.bins))
	for k := range s.bins {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	best, below, bestBelow := 0.0, 0, 0
	var top float64
	for i, k := range keys {
		b := s.bins[k]
		if b.hi > noiseReach*tol {
			break
		}
		below += b.n
		ratio := math.Inf(1) // above the largest amount (the rest, if any, are +Inf or NaN)
		if i+1 < len(keys) {
			ratio = s.bins[keys[i+1]].lo / b.hi
		}
		if ratio > best {
			best, bestBelow, top = ratio, below, b.hi
		}
	}
	if best < noiseGap || bestBelow < noiseMin || float64(bestBelow) < noiseShare*float64(s.total) {
		return NoiseHint{}, false
	}
	return NoiseHint{Total: s.total, Below: bestBelow, Under: roundUp(top), Tolerance: roundUp(float64(1.5 * top))}, true
}

// roundUp is x rounded up to one significant digit: 1.8e-4 -> 2e-4.
func roundUp(x float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(x)))
	return float64(math.Ceil(x/p) * p)
}
