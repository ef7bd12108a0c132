package hunt

import (
	"context"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// shrinkTries bounds the variants one shrink tries: a budget that does
// not depend on the machine's speed, so that a hunt with a case budget
// shrinks each finding to the same case every time.
const shrinkTries = 3000

// shrinker makes a failing case small while it keeps failing the same way
// (delta debugging): fewer triangles, a shorter motion, rounder numbers.
type shrinker struct {
	fails    func(Case) bool // whether a variant still fails the same way
	deadline time.Time       // zero: no time limit, only shrinkTries
	now      func() time.Time
	ctx      context.Context // nil: never cancelled
	tries    int             // variants tried so far
}

// late reports whether the shrinking budget (shrinkTries, the deadline)
// is spent or the hunt was cancelled; the case found so far is kept.
func (s *shrinker) late() bool {
	return s.tries >= shrinkTries || s.ctx != nil && s.ctx.Err() != nil ||
		!s.deadline.IsZero() && s.now().After(s.deadline)
}

// failsAs returns the predicate "a valid case that still shows a problem
// of this kind".
func failsAs(k *checker, kind string) func(Case) bool {
	return func(c Case) bool {
		if c.Shape.Validate() != nil || !geom.IsFinite(c.Start) || !geom.IsFinite(c.End) {
			return false
		}
		for _, p := range k.check(newWorld(c), c) {
			if p.Kind == kind {
				return true
			}
		}
		return false
	}
}

// shrink returns the smallest variant of c found before the deadline.
func (s *shrinker) shrink(c Case) Case {
	c = s.triangles(c)
	c = s.motion(c)
	c = s.round(c)
	return s.triangles(c)
}

// triangles keeps only the triangles near the motion, then removes chunks
// of triangles (halves, quarters, ... single ones) while the case fails
// (Zeller's ddmin, complements only).
func (s *shrinker) triangles(c Case) Case {
	box := reachBox(c)
	var near []geom.Triangle
	for _, t := range c.Tris {
		if t.Bounds().Overlaps(box) {
			near = append(near, t)
		}
	}
	if len(near) > 0 && len(near) < len(c.Tris) {
		s.try(&c, func(d *Case) { d.Tris = near })
	}
	n := 2
	for len(c.Tris) >= 2 && !s.late() {
		chunk := (len(c.Tris) + n - 1) / n
		reduced := false
		for lo := 0; lo < len(c.Tris) && !reduced; lo += chunk {
			hi := min(lo+chunk, len(c.Tris))
			rest := append(append([]geom.Triangle{}, c.Tris[:lo]...), c.Tris[hi:]...)
			reduced = s.try(&c, func(d *Case) { d.Tris = rest })
		}
		switch {
		case reduced:
			n = max(n-1, 2)
		case n >= len(c.Tris):
			return c
		default:
			n = min(2*n, len(c.Tris))
		}
	}
	return c
}

// try applies change to a copy of *c and keeps it when it still fails.
func (s *shrinker) try(c *Case, change func(*Case)) bool {
	if s.late() {
		return false
	}
	s.tries++
	d := *c
	change(&d)
	if !s.fails(d) {
		return false
	}
	*c = d
	return true
}

// motion moves the start toward the end, then the end toward the start,
// by halves, quarters and tenths of the motion, while the case fails.
func (s *shrinker) motion(c Case) Case {
	for _, f := range []float64{0.5, 0.25, 0.1} {
		for i := 0; i < 8; i++ {
			delta := geom.Scale(c.End.Sub(c.Start), f)
			if !s.try(&c, func(d *Case) { d.Start = d.Start.Add(delta) }) {
				break
			}
		}
		for i := 0; i < 8; i++ {
			delta := geom.Scale(c.End.Sub(c.Start), f)
			if !s.try(&c, func(d *Case) { d.End = d.End.Sub(delta) }) {
				break
			}
		}
	}
	return c
}

// grids are the roundings tried, coarsest first (world units).
var grids = []float64{10, 5, 2, 1, 0.5, 0.25, 0.1, 0.05, 0.01, 1e-3, 1e-4, 1e-5, 1e-6}

// round replaces the shape by a simpler one (simpler) when the case
// still fails, then rounds the start, the end, the vertices and the
// shape's numbers (roundShape), each to the coarsest grid that keeps it
// failing.
func (s *shrinker) round(c Case) Case {
	for _, simple := range simpler(c.Shape) {
		if s.try(&c, func(d *Case) { d.Shape = simple }) {
			break
		}
	}
	changes := []func(d *Case, q float64){
		func(d *Case, q float64) { d.Start = roundVec(d.Start, q) },
		func(d *Case, q float64) { d.End = roundVec(d.End, q) },
		func(d *Case, q float64) {
			tris := make([]geom.Triangle, len(d.Tris))
			for i, t := range d.Tris {
				tris[i] = geom.Triangle{roundVec(t[0], q), roundVec(t[1], q), roundVec(t[2], q)}
				if tris[i].Area() == 0 && t.Area() > 0 {
					tris[i] = t // rounding must not collapse a triangle
				}
			}
			d.Tris = tris
		},
		func(d *Case, q float64) { d.Shape = roundShape(d.Shape, q) },
	}
	for _, change := range changes {
		for _, q := range grids {
			if s.try(&c, func(d *Case) { change(d, q) }) {
				break
			}
		}
	}
	return c
}

// simpler lists simpler shapes to put in place of s, simplest first; the
// shrinker keeps the first with which the case still fails. An ellipsoid
// becomes a sphere of its mean semi-axis, else axis-aligned (alignAxes);
// a capsule a sphere of its radius (no segment), else one whose segment
// lies along a world axis; a box an axis-aligned cube of its mean half
// extent, else axis-aligned.
func simpler(s sweep.Shape) []sweep.Shape {
	switch s.Kind {
	case sweep.KindCapsule:
		c := s.Capsule
		if c.HalfSegment == (mgl64.Vec3{}) {
			return nil
		}
		sphere, aligned := s, s
		sphere.Capsule.HalfSegment = mgl64.Vec3{}
		aligned.Capsule.HalfSegment = alignAxes([3]mgl64.Vec3{c.HalfSegment})[0]
		return []sweep.Shape{sphere, aligned}
	case sweep.KindBox:
		cube, aligned := s, s
		aligned.Box.Axes = alignAxes(s.Box.Axes)
		cube.Box.Axes = alignAxes(cubeAxes(s.Box.Axes))
		return []sweep.Shape{cube, aligned}
	}
	sphere, aligned := s, s
	sphere.Ellipsoid.Axes = cubeAxes(s.Ellipsoid.Axes)
	aligned.Ellipsoid.Axes = alignAxes(s.Ellipsoid.Axes)
	return []sweep.Shape{sphere, aligned}
}

// cubeAxes are the world axes scaled by the mean length of axes.
func cubeAxes(axes [3]mgl64.Vec3) [3]mgl64.Vec3 {
	mean := (geom.Len(axes[0]) + geom.Len(axes[1]) + geom.Len(axes[2])) / 3
	return [3]mgl64.Vec3{{mean, 0, 0}, {0, mean, 0}, {0, 0, mean}}
}

// alignAxes puts each vector along a world axis, keeping its length:
// along the world axis of its largest component when no two share one,
// else vector i along world axis i. A zero vector stays zero.
func alignAxes(axes [3]mgl64.Vec3) [3]mgl64.Vec3 {
	var along [3]int
	var taken [3]bool
	distinct := true
	for i, a := range axes {
		if a == (mgl64.Vec3{}) {
			continue
		}
		k := 0
		for j := 1; j < 3; j++ {
			if math.Abs(a[j]) > math.Abs(a[k]) {
				k = j
			}
		}
		distinct = distinct && !taken[k]
		along[i], taken[k] = k, true
	}
	var out [3]mgl64.Vec3
	for i, a := range axes {
		k := i
		if distinct {
			k = along[i]
		}
		out[i][k] = geom.Len(a)
	}
	return out
}

// roundShape rounds the shape's numbers to multiples of q: an
// ellipsoid's or a box's axes, a capsule's radius and half segment.
func roundShape(s sweep.Shape, q float64) sweep.Shape {
	switch s.Kind {
	case sweep.KindCapsule:
		s.Capsule.Radius = roundVec(mgl64.Vec3{s.Capsule.Radius}, q)[0]
		s.Capsule.HalfSegment = roundVec(s.Capsule.HalfSegment, q)
	case sweep.KindBox:
		s.Box.Axes = roundAxes(s.Box.Axes, q)
	default:
		s.Ellipsoid.Axes = roundAxes(s.Ellipsoid.Axes, q)
	}
	return s
}

// roundAxes rounds each axis with roundVec.
func roundAxes(axes [3]mgl64.Vec3, q float64) [3]mgl64.Vec3 {
	for i := range axes {
		axes[i] = roundVec(axes[i], q)
	}
	return axes
}

// roundVec rounds each component to a multiple of q, printed with no more
// decimals than q has (so 0.1 stays 0.1, not 0.30000000000000004, and
// 0.25 keeps its two).
func roundVec(v mgl64.Vec3, q float64) mgl64.Vec3 {
	decimals := 0
	if _, frac, ok := strings.Cut(strconv.FormatFloat(q, 'f', -1, 64), "."); ok {
		decimals = len(frac)
	}
	for i, x := range v {
		r := float64(math.Round(x/q) * q)
		if y, err := strconv.ParseFloat(strconv.FormatFloat(r, 'f', decimals, 64), 64); err == nil {
			r = y
		}
		v[i] = r + 0 // no -0 in fixtures
	}
	return v
}
