package judge

import (
	"sweepdbg/geom"

	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/sweep"
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
// shape's there: for the ellipsoid the one normal of its surface; for the
// capsule and the box, whose normal is not unique at an edge or a flat
// contact, the normal of a plane through the point with the triangle
// behind it and the shape in front (at a start where they already
// overlap, no plane separates them and any normal is right). Rules:
// "triangle" (not in the mesh),
// "point", "normal". A miss, an answer without a point or a triangle, and
// a wrong T (the sweep rules' business) agree here.
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
	c := m.center(h.T)
	gap := g.m.surfaceGap(c, h.Point)
	if h.T == 0 {
		gap = max(gap, 0) // an overlapping start: the point may lie inside
	}
	if off := max(g.m.pointDist(h.Point, g.Tris[h.Triangle]), math.Abs(gap)); off > m.tol.Point {
		return wrong("point", off, "point %s is %.3g (shape units) off triangle %d or off the shape's surface at T %.9g", vec(h.Point), off, h.Triangle, h.T)
	}
	if got.Has&sweep.HasNormal == 0 || h.T == 0 && !m.uniqueContact() && g.m.dist(c, g.Tris[h.Triangle]) < 1-m.tol.T {
		// A capsule or a box that starts overlapping the triangle has no
		// separating plane: any normal is as good as another.
		return Verdict{State: Agrees}
	}
	if d := m.normalError(c, h); d > m.tol.Normal {
		return wrong("normal", d, "normal %s is %.3g from the shape's at point %s", vec(h.Normal), d, vec(h.Point))
	}
	return Verdict{State: Agrees}
}

// normalError is how far the normal of h is from one the shape has at
// h.Point with its center at c: for the ellipsoid, the length of the
// difference from its one normal there, (M⁻¹)ᵀu normalized (undefined,
// so 0, when the center lies within 1e-3 of its size of the point); for
// the capsule and the box, how far (shape units) the plane through the
// point with that normal fails to separate: a triangle vertex in front of
// it, or the shape reaching behind it.
func (m *motion) normalError(c mgl64.Vec3, h *sweep.Hit) float64 {
	g := m.g
	if g.Shape.Kind == sweep.KindEllipsoid {
		u := g.ToUnit(c.Sub(h.Point)) // from the point to the center, shape units
		if geom.Len(u) <= 1e-3 {
			return 0
		}
		return geom.Len(g.SurfaceNormal(u).Sub(h.Normal))
	}
	n := h.Normal
	worst := (geom.Dot(n, h.Point.Sub(c)) + g.m.support(geom.Scale(n, -1))) // the shape behind the plane
	for _, v := range g.Tris[h.Triangle] {
		worst = max(worst, geom.Dot(v.Sub(h.Point), n)) // a vertex in front of it
	}
	return float64(max(worst, 0) * geom.Len(g.ToUnit(mgl64.Vec3{1, 0, 0})))
}
