// Package oracle is an independent numeric reference for the first contact
// of a swept ellipsoid with a triangle. It shares no code with package sweep
// (it imports only geom and mgl64) and uses none of the paper's algebra: it
// relies only on the fact that, in the space where the ellipsoid is a unit
// sphere, the distance from the moving center to the triangle is a convex
// function of t. It minimises that function by golden-section search and
// bisects for the first t where it reaches 1.
//
// It is slow (a few microseconds per query, a hundred distance evaluations)
// and exact to about 1e-12 in unit-sphere distance. Tests of the core, the
// built-in scene checks and the debugger's "third opinion" use it.
//
// Conventions match the core's contract (docs/contract.md): triangles are
// two-sided; contact means unit-space distance exactly 1; a start at
// distance <= 1 is a contact at T = 0. Axes need not be orthogonal, only
// non-singular; with singular or non-finite axes every function reports no
// contact (distances are +Inf).
package oracle

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// Contact is a first contact found by FirstContact.
type Contact struct {
	T       float64    // first time in [0, 1] at which the unit-space distance is <= 1
	Center  mgl64.Vec3 // the ellipsoid's center at T, world space
	Point   mgl64.Vec3 // the point of the triangle closest (in unit space) to the center at T, world space
	Normal  mgl64.Vec3 // unit world normal of the tangent plane, from the triangle toward the center; zero if the center lies on the triangle
	Feature string     // "face", "edge" or "vertex": where Point lies
	Dist    float64    // unit-space distance at T: 1 (to ~1e-15) for T > 0, <= 1 for T = 0
}

// frame is one triangle and one ellipsoid in unit-sphere space, relative to
// the triangle's first vertex (so that precision does not depend on the
// distance from the world origin).
type frame struct {
	axes   [3]mgl64.Vec3
	inv    mgl64.Mat3
	origin mgl64.Vec3
	p      [3]mgl64.Vec3 // unit-space vertices, p[0] = 0
	n      mgl64.Vec3    // p1 x p2, zero for a collinear triangle
	ok     bool
}

func newFrame(axes [3]mgl64.Vec3, tri geom.Triangle) frame {
	f := frame{axes: axes, origin: tri[0]}
	inv, ok := geom.Invert(mgl64.Mat3FromCols(axes[0], axes[1], axes[2]))
	if !ok {
		return f
	}
	f.inv = inv
	f.p[1] = f.inv.Mul3x1(tri[1].Sub(tri[0]))
	f.p[2] = f.inv.Mul3x1(tri[2].Sub(tri[0]))
	f.n = geom.Cross(f.p[1], f.p[2])
	f.ok = geom.IsFinite(f.p[1]) && geom.IsFinite(f.p[2]) && geom.IsFinite(f.n)
	return f
}

// unit maps a world point to unit space relative to the frame's origin.
func (f *frame) unit(w mgl64.Vec3) mgl64.Vec3 { return f.inv.Mul3x1(w.Sub(f.origin)) }

// world maps a unit-space point (relative to the origin) back to world space.
func (f *frame) world(u mgl64.Vec3) mgl64.Vec3 {
	return f.axes[0].Mul(u[0]).Add(f.axes[1].Mul(u[1])).Add(f.axes[2].Mul(u[2])).Add(f.origin)
}

// closest returns the point of the unit-space triangle closest to x, the
// distance, and the feature. If the projection of x on the triangle's plane
// lies inside the triangle (three orientation tests), it is the answer;
// otherwise the answer lies on the boundary: the closest of the three
// segments. A collinear triangle is just its segments.
func (f *frame) closest(x mgl64.Vec3) (mgl64.Vec3, float64, string) {
	nn := f.n.Dot(f.n)
	if nn > 0 {
		inside := true
		for i := 0; i < 3; i++ {
			a, b := f.p[i], f.p[(i+1)%3]
			if b.Sub(a).Cross(x.Sub(a)).Dot(f.n) < 0 {
				inside = false
				break
			}
		}
		if inside {
			h := x.Dot(f.n) / nn
			q := x.Sub(f.n.Mul(h))
			return q, math.Abs(h) * math.Sqrt(nn), "face"
		}
	}
	best, bestD, feat := mgl64.Vec3{}, math.Inf(1), ""
	for i := 0; i < 3; i++ {
		q, s := segment(x, f.p[i], f.p[(i+1)%3])
		if d := q.Sub(x).Len(); d < bestD {
			best, bestD, feat = q, d, "edge"
			if s == 0 || s == 1 {
				feat = "vertex"
			}
		}
	}
	return best, bestD, feat
}

// segment returns the point of segment ab closest to x and its parameter.
func segment(x, a, b mgl64.Vec3) (mgl64.Vec3, float64) {
	ab := b.Sub(a)
	l := ab.Dot(ab)
	if !(l > 0) {
		return a, 0
	}
	s := math.Max(0, math.Min(1, x.Sub(a).Dot(ab)/l))
	return a.Add(ab.Mul(s)), s
}

// UnitDistance returns the distance, in the space where the ellipsoid with
// semi-axes axes is a unit sphere, from the center to the triangle. The
// ellipsoid centered at center touches the triangle when it is 1 and
// overlaps it when it is less. It is +Inf for singular or non-finite axes
// and NaN for non-finite points.
func UnitDistance(axes [3]mgl64.Vec3, center mgl64.Vec3, tri geom.Triangle) float64 {
	f := newFrame(axes, tri)
	if !f.ok {
		return math.Inf(1)
	}
	_, d, _ := f.closest(f.unit(center))
	return d
}

// Closest returns the point of the triangle closest to center in unit-sphere
// space (world coordinates), that distance, and the world normal of the
// ellipsoid's tangent plane through that point, pointing from the triangle
// toward the center (zero when the center lies on the triangle). Distance
// is +Inf for singular axes.
func Closest(axes [3]mgl64.Vec3, center mgl64.Vec3, tri geom.Triangle) (point mgl64.Vec3, dist float64, normal mgl64.Vec3) {
	f := newFrame(axes, tri)
	if !f.ok {
		return mgl64.Vec3{}, math.Inf(1), mgl64.Vec3{}
	}
	c := f.unit(center)
	q, d, _ := f.closest(c)
	return f.world(q), d, f.normal(c.Sub(q))
}

// normal maps the unit-space direction n to the world normal of the same
// tangent plane, (M⁻¹)ᵀn normalised; zero stays zero.
func (f *frame) normal(n mgl64.Vec3) mgl64.Vec3 {
	w := f.inv.Transpose().Mul3x1(n)
	if l := w.Len(); l > 0 {
		return w.Mul(1 / l)
	}
	return mgl64.Vec3{}
}

// path is a frame plus the unit-space motion of the center.
type path struct {
	frame
	b, d mgl64.Vec3
}

func newPath(axes [3]mgl64.Vec3, begin, delta mgl64.Vec3, tri geom.Triangle) path {
	p := path{frame: newFrame(axes, tri)}
	if p.ok {
		p.b, p.d = p.unit(begin), p.inv.Mul3x1(delta)
		p.ok = geom.IsFinite(p.b) && geom.IsFinite(p.d)
	}
	return p
}

// h is the convex function of t the oracle works on.
func (p *path) h(t float64) float64 {
	_, d, _ := p.closest(p.b.Add(p.d.Mul(t)))
	return d
}

// invPhi is 1/φ, the golden-section ratio.
var invPhi = (math.Sqrt(5) - 1) / 2

// goldenIterations shrinks [0, 1] to 0.618^80 ≈ 2e-17, below one ulp of t:
// the minimum of a convex function with slope at most |D_unit| is then
// found to |D_unit|·1e-16 in distance.
const goldenIterations = 80

// minimise runs golden-section search for the minimum of the convex h on
// [lo, hi]. It returns early as soon as it sees a value <= stopBelow, or
// once it has proved that the minimum exceeds stopAbove: the distance is
// Lipschitz in t with constant |D_unit| (the center moves that fast and the
// distance to a convex set is 1-Lipschitz), so on the bracket [lo, hi],
// which contains a minimiser, h >= min(f1, f2) - |D_unit|(hi - lo). Pass
// NaN to disable either test. Plateaus are harmless: any point of one is a
// minimiser.
func (p *path) minimise(lo, hi, stopBelow, stopAbove float64) (tMin, hMin float64) {
	speed := p.d.Len()
	x1, x2 := hi-invPhi*(hi-lo), lo+invPhi*(hi-lo)
	f1, f2 := p.h(x1), p.h(x2)
	tMin, hMin = x1, f1
	for i := 0; i < goldenIterations && hi-lo > 0; i++ {
		if f1 <= f2 {
			hi, x2, f2 = x2, x1, f1
			x1 = hi - invPhi*(hi-lo)
			f1 = p.h(x1)
		} else {
			lo, x1, f1 = x1, x2, f2
			x2 = lo + invPhi*(hi-lo)
			f2 = p.h(x2)
		}
		for _, c := range [2][2]float64{{x1, f1}, {x2, f2}} {
			if c[1] < hMin {
				tMin, hMin = c[0], c[1]
			}
		}
		if hMin <= stopBelow || hMin-speed*(hi-lo) > stopAbove {
			return tMin, hMin
		}
	}
	return tMin, hMin
}

// MinDistance returns where and how close the center comes to the triangle
// (in unit-sphere distance) while moving from begin+lo*delta to
// begin+hi*delta, with 0 <= lo <= hi <= 1. It checks both ends as well as
// the interior. Distance is +Inf for singular axes.
func MinDistance(axes [3]mgl64.Vec3, begin, delta mgl64.Vec3, tri geom.Triangle, lo, hi float64) (t, dist float64) {
	p := newPath(axes, begin, delta, tri)
	if !p.ok {
		return lo, math.Inf(1)
	}
	t, dist = lo, p.h(lo)
	if dh := p.h(hi); dh < dist {
		t, dist = hi, dh
	}
	if tm, dm := p.minimise(lo, hi, math.NaN(), math.NaN()); dm < dist {
		t, dist = tm, dm
	}
	return t, dist
}

// FirstContact returns the first t in [0, 1] at which the ellipsoid with
// semi-axes axes, centered at begin + t*delta, touches the triangle (unit
// distance <= 1), with the contact's point, normal and feature. A start at
// distance <= 1 gives T = 0. For T > 0 the distance there lies in
// [1 - 1e-14, 1] (see crossing), unless the center moves more than 1e-14
// between adjacent float64 values of t.
func FirstContact(axes [3]mgl64.Vec3, begin, delta mgl64.Vec3, tri geom.Triangle) (Contact, bool) {
	p := newPath(axes, begin, delta, tri)
	if !p.ok {
		return Contact{}, false
	}
	if p.h(0) <= 1 {
		return p.contact(0), true
	}
	// Bracket the crossing at the minimiser, not at t = 1 merely because the
	// end pose touches: a motion that passes through the triangle and ends
	// exactly touching its far side has h(1) = 1 but first touched earlier.
	hit, d := p.minimise(0, 1, 1, 1+1e-9) // 1e-9: keep rounding of the bound from deciding
	if h1 := p.h(1); h1 < d {
		hit, d = 1, h1
	}
	if !(d <= 1) {
		return Contact{}, false
	}
	return p.contact(p.crossing(0, hit)), true
}

// rootTol is how close to 1 (below it) the distance at the returned T must
// be: 1e-14, a few ulps, a hundred million times tighter than the tests'
// 1e-6.
const rootTol = 1e-14

// crossing returns the first t in [lo, hi] where h falls to 1, given
// h(lo) > 1 >= h(hi); h is convex, so {h <= 1} is an interval that starts
// in (lo, hi]. It runs the Illinois variant of regula falsi, with a
// bisection every fourth step so that the bracket always shrinks, until the
// center moves less than rootTol across the bracket (or the bracket is two
// adjacent floats), and returns its right end: a t with
// 1 - rootTol <= h(t) <= 1 whose predecessors within the bracket are not
// below 1. Stopping on the width, not on h(hi) being close to 1, matters
// when h is 1 on a whole stretch (sliding in contact) or at hi already.
func (p *path) crossing(lo, hi float64) float64 {
	speed := p.d.Len()
	// wLo, wHi are Illinois-weighted values of h - 1 at the ends, used only
	// to place the next probe.
	wLo, wHi := p.h(lo)-1, p.h(hi)-1
	side := 0
	for i := 0; (hi-lo)*speed > rootTol && i < 400; i++ {
		mid := lo + (hi-lo)/2
		if i%4 != 3 {
			mid = (lo*wHi - hi*wLo) / (wHi - wLo)
		}
		if !(mid > lo && mid < hi) {
			mid = lo + (hi-lo)/2
			if !(mid > lo && mid < hi) {
				break // adjacent floats
			}
		}
		if g := p.h(mid) - 1; g <= 0 {
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

func (p *path) contact(t float64) Contact {
	c := p.b.Add(p.d.Mul(t))
	q, d, feat := p.closest(c)
	return Contact{T: t, Center: p.world(c), Point: p.world(q), Normal: p.normal(c.Sub(q)), Feature: feat, Dist: d}
}
