package judge

import (
	"math"

	"sweepdbg/sweep"
	"sweepdbg/sweep/oracle"
)

// ContactError is how far an answer is from a true first contact of the
// motion, in shape units, by the oracle's distance function: for a hit at
// t, how far the shape is from touching at t, or how deep it went before
// t; for a miss, how deep the shape goes during the motion. 0 when exact;
// +Inf for a t outside [0, 1].
func ContactError(g *Geometry, mo sweep.Motion, hit bool, t float64) float64 {
	m := motion{g: g, m: &mo, begin: mo.Start, delta: mo.Delta()}
	if !hit {
		d, _, _ := g.MinDist(m.begin, m.delta, 0, 1)
		return math.Max(0, 1-d)
	}
	return m.contactErr(t)
}

// Contact checks one answer's contact against the geometry alone, with no
// other answer to compare: when its T is a first contact within Tol.T,
// its point must lie on the triangle it names and on the shape's surface
// at T (inside it for an overlapping start), and its normal must be the
// shape's there. Rules: "triangle" (not in the mesh), "point", "normal".
// A miss, an answer without a point or a triangle, and a wrong T (the
// sweep rules' business) agree here.
func (j Judge) Contact(g *Geometry, mo sweep.Motion, got sweep.Answer) Verdict {
	h := &got.First
	if !got.Hit || got.Has&(sweep.HasPoint|sweep.HasTriangle) != sweep.HasPoint|sweep.HasTriangle {
		return Verdict{State: Agrees}
	}
	m := j.motion(g, &mo)
	if h.Triangle < 0 || h.Triangle >= len(g.Tris) {
		return wrong("triangle", math.Inf(1), "triangle %d is not in the mesh of %d", h.Triangle, len(g.Tris))
	}
	if m.contactErr(h.T) > m.tol.T {
		return Verdict{State: Agrees} // the time is wrong; the point and normal at it say nothing more
	}
	u := g.ToUnit(m.center(h.T).Sub(h.Point)) // from the point to the center, shape units
	off := oracle.UnitDistance(g.E.Axes, h.Point, g.Tris[h.Triangle])
	if h.T > 0 {
		off = math.Max(off, math.Abs(u.Len()-1))
	} else {
		off = math.Max(off, u.Len()-1)
	}
	if off > m.tol.Point {
		return wrong("point", off, "point %s is %.3g (shape units) off triangle %d or off the shape's surface at T %.9g", vec(h.Point), off, h.Triangle, h.T)
	}
	// The normal is undefined when the center lies (nearly) on the
	// triangle: |u| below 1e-3 of the shape's size.
	if u.Len() > 1e-3 && got.Has&sweep.HasNormal != 0 {
		want := g.SurfaceNormal(u)
		if d := want.Sub(h.Normal).Len(); d > m.tol.Normal {
			return wrong("normal", d, "normal %s, the shape's at the point %s", vec(h.Normal), vec(want))
		}
	}
	return Verdict{State: Agrees}
}
