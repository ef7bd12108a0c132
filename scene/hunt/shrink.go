package hunt

import (
	"context"
	"math"
	"strconv"
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
		if c.Ellipsoid.Validate() != nil || !geom.IsFinite(c.Start) || !geom.IsFinite(c.End) {
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
	reach := c.End.Sub(c.Start).Len() + 100*math.Max(c.Slide.Skin, sweep.DefaultSkin)
	box := geom.EmptyAABB().Extend(c.End).Expand(c.Ellipsoid.Extent().Add(mgl64.Vec3{reach, reach, reach}))
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
			delta := c.End.Sub(c.Start).Mul(f)
			if !s.try(&c, func(d *Case) { d.Start = d.Start.Add(delta) }) {
				break
			}
		}
		for i := 0; i < 8; i++ {
			delta := c.End.Sub(c.Start).Mul(f)
			if !s.try(&c, func(d *Case) { d.End = d.End.Sub(delta) }) {
				break
			}
		}
	}
	return c
}

// grids are the roundings tried, coarsest first (world units).
var grids = []float64{10, 5, 2, 1, 0.5, 0.25, 0.1, 0.05, 0.01, 1e-3, 1e-4, 1e-5, 1e-6}

// round replaces the ellipsoid by a sphere or an axis-aligned ellipsoid
// when the case still fails, then rounds the start, the end, the vertices
// and the ellipsoid's axes, each to the coarsest grid that keeps it failing.
func (s *shrinker) round(c Case) Case {
	mean := (c.Ellipsoid.Axes[0].Len() + c.Ellipsoid.Axes[1].Len() + c.Ellipsoid.Axes[2].Len()) / 3
	if !s.try(&c, func(d *Case) { d.Ellipsoid = sweep.Sphere(mean) }) {
		a := c.Ellipsoid.Axes
		s.try(&c, func(d *Case) {
			d.Ellipsoid = sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{a[0].Len(), 0, 0}, {0, a[1].Len(), 0}, {0, 0, a[2].Len()}}}
		})
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
		func(d *Case, q float64) {
			for i := range d.Ellipsoid.Axes {
				d.Ellipsoid.Axes[i] = roundVec(d.Ellipsoid.Axes[i], q)
			}
		},
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

// roundVec rounds each component to a multiple of q, printed with no more
// decimals than q has (so 0.1 stays 0.1, not 0.30000000000000004).
func roundVec(v mgl64.Vec3, q float64) mgl64.Vec3 {
	decimals := max(0, int(math.Ceil(-math.Log10(q)+1e-9)))
	for i, x := range v {
		r := math.Round(x/q) * q
		if y, err := strconv.ParseFloat(strconv.FormatFloat(r, 'f', decimals, 64), 64); err == nil {
			r = y
		}
		v[i] = r + 0 // no -0 in fixtures
	}
	return v
}
