// Package opinions computes three independent first contacts of a swept
// ellipsoid with a triangle mesh and reports where they disagree: the
// core's (Rouwé's plane-space method, sweep.Mesh.Sweep), the unit-sphere
// space interior/edge/vertex method of seed 004 (package unitspace) and the
// numeric oracle (package oracle). `debugger replay`, the window's Result
// panel and the bug hunter use it.
//
// Two answers agree when they name the same first contact within a
// tolerance measured in unit-sphere distance (the space where the ellipsoid
// is a unit sphere, where contact means distance exactly 1). Because a
// grazing contact's T is ill-conditioned (the distance barely changes with
// T), a T that differs from another is still accepted when the oracle's
// distance function confirms it: the ellipsoid touches at T within the
// tolerance and came no closer than 1 - tolerance before.
package opinions

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
	"sweepdbg/sweep/oracle"
)

// Geometry is an ellipsoid and a triangle soup, with the oracle's
// unit-space distances over the whole soup. Queries only look at triangles
// whose bounding box meets the box of the ellipsoid's path.
type Geometry struct {
	E      sweep.Ellipsoid
	Tris   []geom.Triangle
	inv    mgl64.Mat3 // world to unit space (M⁻¹)
	extent mgl64.Vec3 // half-size of the ellipsoid's world box
	boxes  []geom.AABB
	subset []int // when not nil, the only triangles queries look at (see Restrict)
}

// NewGeometry prepares e and tris for distance queries. Axes that are
// singular make every distance +Inf (nothing is ever touched).
func NewGeometry(e sweep.Ellipsoid, tris []geom.Triangle) *Geometry {
	g := &Geometry{E: e, Tris: tris, extent: e.Extent(), boxes: make([]geom.AABB, len(tris))}
	g.inv = mgl64.Mat3FromCols(e.Axes[0], e.Axes[1], e.Axes[2]).Inv()
	for i, t := range tris {
		g.boxes[i] = t.Bounds()
	}
	return g
}

// WithEllipsoid returns g for another ellipsoid, sharing the triangles
// and their boxes (cheap, even for a large mesh).
func (g *Geometry) WithEllipsoid(e sweep.Ellipsoid) *Geometry {
	r := *g
	r.E, r.extent = e, e.Extent()
	r.inv = mgl64.Mat3FromCols(e.Axes[0], e.Axes[1], e.Axes[2]).Inv()
	return &r
}

// ToUnit maps a world vector to unit space (M⁻¹v).
func (g *Geometry) ToUnit(v mgl64.Vec3) mgl64.Vec3 { return g.inv.Mul3x1(v) }

// Near returns the indices of the triangles whose boxes meet the box swept
// by the ellipsoid moving from begin by delta, grown by margin world units.
func (g *Geometry) Near(begin, delta mgl64.Vec3, margin float64) []int {
	grow := g.extent.Add(mgl64.Vec3{margin, margin, margin})
	box := geom.EmptyAABB().Extend(begin).Extend(begin.Add(delta)).Expand(grow)
	return g.overlapping(box)
}

// overlapping returns the triangles (of the subset, if any) whose boxes
// meet box.
func (g *Geometry) overlapping(box geom.AABB) []int {
	out := []int{}
	if g.subset != nil {
		for _, i := range g.subset {
			if g.boxes[i].Overlaps(box) {
				out = append(out, i)
			}
		}
		return out
	}
	for i, b := range g.boxes {
		if b.Overlaps(box) {
			out = append(out, i)
		}
	}
	return out
}

// Restrict returns a view of g whose queries only look at the triangles
// whose boxes meet box (indices stay those of g.Tris). On a large mesh it
// makes the queries of one region cheap: they then scan only that region.
func (g *Geometry) Restrict(box geom.AABB) *Geometry {
	r := *g
	r.subset = g.overlapping(box)
	return &r
}

// Dist returns the unit-space distance from center to the nearest
// triangle, and that triangle's index. 1 means touching, less means
// overlapping. Only triangles within about twice the ellipsoid's size are
// looked at: when there are none the distance is +Inf and the index -1.
func (g *Geometry) Dist(center mgl64.Vec3) (float64, int) {
	best, at := math.Inf(1), -1
	margin := math.Max(g.extent[0], math.Max(g.extent[1], g.extent[2]))
	for _, i := range g.Near(center, mgl64.Vec3{}, margin) {
		if d := oracle.UnitDistance(g.E.Axes, center, g.Tris[i]); d < best {
			best, at = d, i
		}
	}
	return best, at
}

// MinDist returns the smallest unit-space distance to the mesh while the
// center moves from begin+lo·delta to begin+hi·delta (0 <= lo <= hi <= 1),
// with the time and triangle where it occurs (+Inf, NaN, -1 when nothing
// is near).
func (g *Geometry) MinDist(begin, delta mgl64.Vec3, lo, hi float64) (dist, t float64, tri int) {
	dist, t, tri = math.Inf(1), math.NaN(), -1
	a, b := begin.Add(delta.Mul(lo)), delta.Mul(hi-lo)
	for _, i := range g.Near(a, b, 0) {
		if ti, d := oracle.MinDistance(g.E.Axes, begin, delta, g.Tris[i], lo, hi); d < dist {
			dist, t, tri = d, ti, i
		}
	}
	return dist, t, tri
}

// Oracle returns the oracle's first contact over the mesh: the earliest
// among the triangles near the path (the lowest index on a tie).
func (g *Geometry) Oracle(begin, delta mgl64.Vec3) (sweep.Hit, bool) {
	var best sweep.Hit
	found := false
	for _, i := range g.Near(begin, delta, 0) {
		c, ok := oracle.FirstContact(g.E.Axes, begin, delta, g.Tris[i])
		if ok && (!found || c.T < best.T) {
			best = sweep.Hit{T: c.T, Point: c.Point, Normal: c.Normal, Feature: featureOf(c.Feature), Triangle: i}
			found = true
		}
	}
	return best, found
}

// featureOf maps the oracle's feature name to sweep's Feature.
func featureOf(s string) sweep.Feature {
	switch s {
	case "edge":
		return sweep.Edge
	case "vertex":
		return sweep.Vertex
	}
	return sweep.Face
}
