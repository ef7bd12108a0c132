package convex

import (
	"sweepdbg/geom"

	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Shape is a convex solid centered at the origin: a Capsule, a Box or an
// Ellipsoid.
type Shape interface {
	// Unit is the shape's length unit in world units, the one tolerances
	// are measured in: the capsule's radius, the box's smallest half
	// extent, the ellipsoid's smallest semi-axis.
	Unit() float64
	sweep(begin, delta mgl64.Vec3, tri [3]mgl64.Vec3) (Hit, bool)
}

// supported is a shape given by the support mapping of its core and a
// margin: the solid is the core grown by the margin (the capsule is its
// segment grown by its radius; the box has margin 0).
type supported interface {
	core(d mgl64.Vec3) mgl64.Vec3 // a point of the core farthest along d
	margin() float64
	Unit() float64
}

// Capsule is the points within Radius of the segment from -HalfSeg to
// +HalfSeg (relative to the center), world units; HalfSeg may be zero (a
// sphere).
type Capsule struct {
	Radius  float64
	HalfSeg mgl64.Vec3
}

func (c Capsule) core(d mgl64.Vec3) mgl64.Vec3 {
	if geom.Dot(c.HalfSeg, d) < 0 {
		return geom.Scale(c.HalfSeg, -1)
	}
	return c.HalfSeg
}
func (c Capsule) margin() float64 { return c.Radius }

func (c Capsule) sweep(begin, delta mgl64.Vec3, tri [3]mgl64.Vec3) (Hit, bool) {
	return advance(c, begin, delta, tri)
}

// Unit is the radius.
func (c Capsule) Unit() float64 { return c.Radius }

// Box is Σ u_i·Axes[i], |u_i| <= 1 (relative to the center): its support
// point along d takes u_i = sign(Axes[i]·d).
type Box struct{ Axes [3]mgl64.Vec3 }

func (b Box) core(d mgl64.Vec3) mgl64.Vec3 {
	var p mgl64.Vec3
	for _, a := range b.Axes {
		if geom.Dot(a, d) < 0 {
			p = p.Sub(a)
		} else {
			p = p.Add(a)
		}
	}
	return p
}
func (b Box) margin() float64 { return 0 }

func (b Box) sweep(begin, delta mgl64.Vec3, tri [3]mgl64.Vec3) (Hit, bool) {
	return advance(b, begin, delta, tri)
}

// Unit is the smallest half extent.
func (b Box) Unit() float64 {
	return min(geom.Len(b.Axes[0]), geom.Len(b.Axes[1]), geom.Len(b.Axes[2]))
}

// Hit is a first contact: T, the fraction of the motion at which the
// shape first touches the triangle; Point, a point of the triangle where
// it touches (world); Normal, the unit normal of a separating plane there,
// from the triangle toward the shape; Feature, "face", "edge" or "vertex":
// the part of the triangle Point lies on.
type Hit struct {
	T       float64
	Point   mgl64.Vec3
	Normal  mgl64.Vec3
	Feature string
}

// Conservative-advancement tolerances, in shape units.
const (
	// touchTol: the advancement stops once the gap (GJK's upper bound) is
	// at most 1e-9 units: ten times below the tests' decision band, so a
	// reported contact is never outside it, and far below their 1e-6
	// contact tolerance.
	touchTol = 1e-9
	// maxSteps bounds the advancement; each step is exact for a face
	// approached head-on, and tangential approaches converge linearly.
	maxSteps = 1000
)

// Sweep returns the first contact of shape s, centered at begin +
// t·delta for t in [0, 1], with the two-sided triangle tri (world units;
// a collinear or repeated-vertex triangle is the segment or point it is),
// and whether there is one. A start touching or overlapping gives T = 0.
// Non-finite input or a shape whose Unit is not positive gives no
// contact; it never panics.
func Sweep(s Shape, begin, delta mgl64.Vec3, tri [3]mgl64.Vec3) (Hit, bool) {
	if u := s.Unit(); !(u > 0) || math.IsInf(u, 0) || !finite(begin, delta, tri[0], tri[1], tri[2]) {
		return Hit{}, false
	}
	return s.sweep(begin, delta, tri)
}

// advance is conservative advancement: at each t, GJK gives a direction
// n and a separation sep along it (from the triangle toward the shape:
// the plane of normal n at the triangle's side separates them by sep -
// margin); the shape cannot reach the triangle before it has closed that
// gap, which under the translation delta closes at the rate -delta·n, so t
// may advance by (sep - margin)/(-delta·n) (Mirtich 1996, §2.3; for
// translation the step is exact for a plane approached head-on). With
// -delta·n <= 0 the shape never crosses that plane: no contact. It stops
// at a contact once GJK's distance (an upper bound) is within touchTol,
// or if GJK cannot prove a separation beyond the margin (its lower bound
// is within rounding of it).
func advance(s supported, begin, delta mgl64.Vec3, tri [3]mgl64.Vec3) (Hit, bool) {
	u := s.Unit()
	if !finite(s.core(mgl64.Vec3{1, 2, 3})) || math.IsNaN(s.margin()) {
		return Hit{}, false
	}
	w := newWorld(s, begin, delta, tri)
	t := 0.0
	for i := 0; i < maxSteps; i++ {
		r := w.at(t)
		if !finite(r.v) || math.IsNaN(r.sep) { // overflow of huge input
			return Hit{}, false
		}
		gap := (geom.Len(r.v) - w.margin) / u
		if r.overlap || gap <= touchTol || !(r.sep > w.margin) {
			return w.hit(t, r), true
		}
		closing := -geom.Dot(w.delta, r.n)
		if !(closing > 0) {
			return Hit{}, false
		}
		if t += (r.sep - w.margin) / closing; !(t <= 1) {
			return Hit{}, false
		}
	}
	return Hit{}, false
}

func finite(vs ...mgl64.Vec3) bool {
	for _, v := range vs {
		if v[0]-v[0] != 0 || v[1]-v[1] != 0 || v[2]-v[2] != 0 {
			return false
		}
	}
	return true
}

// world is a sweep relative to the triangle's first vertex (so precision
// does not depend on the distance from the origin).
type world struct {
	s            supported
	margin       float64
	origin       mgl64.Vec3
	begin, delta mgl64.Vec3
	tri          [3]mgl64.Vec3
}

func newWorld(s supported, begin, delta mgl64.Vec3, tri [3]mgl64.Vec3) world {
	w := world{s: s, margin: s.margin(), origin: tri[0], delta: delta}
	w.begin = begin.Sub(tri[0])
	for i := range tri {
		w.tri[i] = tri[i].Sub(tri[0])
	}
	return w
}

// at runs GJK between the shape's core centered at begin + t·delta and
// the triangle.
func (w *world) at(t float64) result { return w.gjkAt(w.begin.Add(geom.Scale(w.delta, t))) }

func (w *world) gjkAt(c mgl64.Vec3) result {
	sa := func(d mgl64.Vec3) (mgl64.Vec3, int) { return c.Add(w.s.core(d)), -1 }
	return gjk(sa, w.triSupport)
}

// triSupport is the triangle's support mapping: its vertex farthest along
// d, and which.
func (w *world) triSupport(d mgl64.Vec3) (mgl64.Vec3, int) {
	best := 0
	for i := 1; i < 3; i++ {
		if geom.Dot(w.tri[i], d) > geom.Dot(w.tri[best], d) {
			best = i
		}
	}
	return w.tri[best], best
}

// hit assembles the contact at t from GJK's result r there: a point where
// they touch (touchPoint), the normal of a separating plane through it
// (normalAt) and the feature that point lies on (feature).
func (w *world) hit(t float64, r result) Hit {
	c := w.begin.Add(geom.Scale(w.delta, t))
	n0 := w.approxNormal(c, r)
	p, wts := w.touchPoint(c, n0)
	n := w.normalAt(c, p, n0)
	return Hit{T: t, Point: p.Add(w.origin), Normal: n, Feature: w.feature(p, wts, n)}
}

// touchPoint returns a point of the triangle where the shape at c touches
// it, with its barycentric weights: GJK's closest point of the triangle
// to the shape moved out by backOffNear along n, which is within
// backOffNear plus the gap of the shape at c; or, if the shape still
// overlaps there, a point of the triangle inside the shape (inside).
func (w *world) touchPoint(c, n mgl64.Vec3) (mgl64.Vec3, [3]float64) {
	if r := w.gjkAt(c.Add(geom.Scale(n, float64(backOffNear*w.s.Unit())))); !r.overlap {
		return r.b, r.weights
	}
	return w.inside(c)
}

// insideSteps halves the scale interval 60 times: to 1e-18 of the shape,
// far below rounding.
const insideSteps = 60

// inside returns a point of the triangle inside the shape at c, which
// overlaps it. The shape scaled about its center by s in [0, 1] lies
// inside it (it is convex and holds its center); bisection on s finds a
// scale at which the scaled shape is apart from the triangle by a hair
// (GJK's rounding), and the triangle's closest point to that one lies in
// the next larger scale, so in the shape. At s = 0 the shape is its center
// point; if even that overlaps, the center lies on the triangle.
func (w *world) inside(c mgl64.Vec3) (mgl64.Vec3, [3]float64) {
	lo, hi := 0.0, 1.0
	best := w.scaled(c, 0)
	if best.overlap {
		return best.b, best.weights
	}
	for i := 0; i < insideSteps; i++ {
		mid := float64((lo + hi) / 2)
		if r := w.scaled(c, mid); r.overlap {
			hi = mid
		} else {
			lo, best = mid, r
		}
	}
	return best.b, best.weights
}

// scaled runs GJK for the shape at c scaled by s about its center.
func (w *world) scaled(c mgl64.Vec3, s float64) result {
	sa := func(d mgl64.Vec3) (mgl64.Vec3, int) { return c.Add(geom.Scale(w.s.core(d), s)), -1 }
	r := gjk(sa, w.triSupport)
	if !r.overlap && geom.Len(r.v) <= w.margin*s {
		r.overlap = true // within the scaled margin
	}
	return r
}

// approxNormal is the contact's approximate normal at center c from GJK's
// result r there: r's v (from the triangle toward the shape's core), or
// for an overlapping pose the direction from the triangle's point to the
// center, or the triangle's normal toward the center.
func (w *world) approxNormal(c mgl64.Vec3, r result) mgl64.Vec3 {
	n0 := r.v
	if r.overlap || geom.Len(n0) == 0 {
		n0 = c.Sub(r.b)
	}
	if geom.Len(n0) == 0 {
		n0 = geom.PlainCross(w.tri[1], w.tri[2])
		if geom.Dot(n0, c) < 0 {
			n0 = geom.Scale(n0, -1)
		}
	}
	if geom.Len(n0) == 0 {
		return mgl64.Vec3{1, 0, 0}
	}
	return geom.Normalize(n0)
}

// normalAt returns the normal of a plane through the contact point p that
// best separates the shape at c from the triangle, among candidates: the
// closest directions with the shape moved out along n0 by backOffNear
// (which bounds the error of even a wrong n0), and by backOffFar along n0
// and along that first result (where GJK's direction is accurate to
// rounding/backOffFar), the same two distances back along the motion,
// and the triangle's normal either way. Each is
// scored by support functions alone (planeScore); the moved poses can
// have their closest points elsewhere on the triangle than p, which is why
// none is taken blindly.
func (w *world) normalAt(c, p, n0 mgl64.Vec3) mgl64.Vec3 {
	n1 := w.refine(c, n0, backOffNear)
	cands := []mgl64.Vec3{n1, w.refine(c, n1, backOffFar), w.refine(c, n0, backOffFar), n0}
	if back := geom.Scale(w.delta, -1); geom.Len(back) > 0 {
		// Back along the motion, before the contact: the closest
		// directions there tend to a valid normal as the pose nears the
		// contact (each separates its pose), and their triangle points
		// to the contact point.
		back = geom.Normalize(back)
		cands = append(cands, w.refine(c, back, backOffNear), w.refine(c, back, backOffFar))
	}
	if tn := geom.PlainCross(w.tri[1], w.tri[2]); geom.Len(tn) > 0 {
		cands = append(cands, geom.Normalize(tn), geom.Scale(geom.Normalize(tn), -1))
	}
	best, bestScore := n0, math.Inf(-1)
	for _, n := range cands {
		if sc := w.planeScore(c, p, n); sc > bestScore {
			best, bestScore = n, sc
		}
	}
	return best
}

// planeScore is how well the plane through p with unit normal n separates
// the shape at c (in front) from the triangle (behind): the smaller of the
// triangle's clearance behind it and the shape's in front of it, from
// their support points along n and -n (0 for a separating plane that
// touches both, negative by the amount of the worse violation).
func (w *world) planeScore(c, p, n mgl64.Vec3) float64 {
	tv, _ := w.triSupport(n)
	tri := -geom.Dot(tv.Sub(p), n)
	shape := geom.Dot(c.Add(w.s.core(geom.Scale(n, -1))).Sub(p), n) - w.margin
	return math.Min(tri, shape)
}

// Back-off distances of normalAt and touchPoint, in shape units. Moving
// the shape out by δ along n and measuring the closest direction n' there
// gives a plane that separates at the contact pose to within
// δ·(1 - n·n*) for the valid normal n* nearest n (the distance after the
// move is at least sep_{n*} + δ·n·n*, and n' attains it): at most 2δ for
// any n, and δ·θ²/2 for n within θ of valid. (normalAt still scores
// every candidate, since the plane must also pass through the contact
// point.)
const (
	backOffNear = 1e-7 // 2e-7 at worst: inside the tests' 1e-6
	backOffFar  = 1e-4 // after backOffNear, θ is rounding/1e-7: negligible
)

// faceAgree: the final simplex's face normal replaces v's direction only
// when the two agree to 1e-6 rad (v is then perpendicular to the face, as
// it is when GJK has converged inside it; a face that disagrees more is a
// sliver of the simplex whose cross product is itself rounding).
const faceAgree = 1e-6

// refine returns the closest direction with the shape at c moved out by
// by·Unit along n: the normal of the simplex's face when GJK ends on a
// face of A - B (exact to rounding whatever the distance, since the
// closest point then lies inside that face and v is perpendicular to
// it), else v. If the moved shape still overlaps, n is returned.
func (w *world) refine(c, n mgl64.Vec3, by float64) mgl64.Vec3 {
	r := w.gjkAt(c.Add(geom.Scale(n, float64(by*w.s.Unit()))))
	switch {
	case r.overlap || geom.Len(r.v) == 0:
		return n
	case geom.Len(r.face) > 0 && geom.Len(geom.PlainCross(geom.Normalize(r.face), geom.Normalize(r.v))) <= faceAgree:
		return geom.Normalize(r.face)
	}
	return geom.Normalize(r.v)
}

// planeTol: a contact is on the face only if every vertex of the triangle
// lies within 1e-9 shape units of the contact plane (a plane tilted from
// the triangle's touches it at an edge or a vertex, however close to the
// middle the point is); 1e-9 is a thousand times inside the tests' 1e-6.
const planeTol = 1e-9

// feature names the part of the triangle the contact point p (with
// barycentric weights wts, exact combinations of one, two or three
// vertices) and normal n lies on: a vertex or an edge when one or two
// weights are positive; with three, the face if the triangle has an area
// and lies in the contact plane, else (the point then lies within rounding
// of an edge: a plane tilted from the triangle can only touch it there)
// the edge.
func (w *world) feature(p mgl64.Vec3, wts [3]float64, n mgl64.Vec3) string {
	k := 0
	for _, x := range wts {
		if x > 0 {
			k++
		}
	}
	switch k {
	case 3:
		if geom.PlainCross(w.tri[1], w.tri[2]) == (mgl64.Vec3{}) {
			return "edge"
		}
		for _, v := range w.tri {
			if math.Abs(geom.Dot(v.Sub(p), n)) > planeTol*w.s.Unit() {
				return "edge"
			}
		}
		return "face"
	case 2:
		return "edge"
	}
	return "vertex"
}
