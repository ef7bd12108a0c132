package geom

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Polygon is a convex polygon stored as a plane and 2D vertices in that
// plane's space (Rouwé, section 2): vertex i lies at Plane.ToWorld(V[i]).
// The vertices are counter-clockwise seen from the side Plane.N points to,
// which is also counter-clockwise in (U, V) coordinates.
type Polygon struct {
	Plane Plane
	V     []mgl64.Vec2
}

// PlanarTolerance is how far, relative to the polygon's diameter, a vertex
// may lie off the best-fit plane in NewPolygon: 1e-9 admits the rounding of
// coordinates typed or stored with ~10 significant digits and rejects any
// visible warp.
const PlanarTolerance = 1e-9

// NewPolygon builds a polygon from at least three world-space points, in
// order around the boundary. The plane normal is Newell's (the paper's
// reference [1]), so it follows the points' winding and the 2D vertices come
// out counter-clockwise. It returns an error naming the offending vertex
// when a point is not finite, two consecutive points coincide, a point lies
// off the plane by more than PlanarTolerance times the diameter, or the
// polygon is not convex (a right turn, or a boundary that winds more than
// once).
func NewPolygon(points []mgl64.Vec3) (Polygon, error) {
	n := len(points)
	if n < 3 {
		return Polygon{}, fmt.Errorf("geom: polygon needs at least 3 vertices, got %d", n)
	}
	var newell, centroid mgl64.Vec3
	diam := 0.0
	for i, p := range points {
		if !IsFinite(p) {
			return Polygon{}, fmt.Errorf("geom: polygon vertex %d = %v is not finite", i, p)
		}
		q := points[(i+1)%n]
		if p == q {
			return Polygon{}, fmt.Errorf("geom: polygon vertices %d and %d coincide at %v", i, (i+1)%n, p)
		}
		newell = newell.Add(Cross(p.Sub(points[0]), q.Sub(points[0]))) // relative to vertex 0: no cancellation far from the origin
		centroid = centroid.Add(Scale(p, 1/float64(n)))
		for _, r := range points[i+1:] {
			diam = math.Max(diam, Len(r.Sub(p)))
		}
	}
	pl, err := PlaneFromNormal(newell, centroid)
	if err != nil {
		return Polygon{}, fmt.Errorf("geom: polygon spans no plane (zero area): %w", err)
	}
	poly := Polygon{Plane: pl, V: make([]mgl64.Vec2, n)}
	for i, p := range points {
		if d := math.Abs(pl.SignedDistance(p)); d > PlanarTolerance*diam {
			return Polygon{}, fmt.Errorf("geom: polygon is not planar: vertex %d lies %g off the plane (tolerance %g)", i, d, float64(PlanarTolerance*diam))
		}
		poly.V[i] = pl.ToPlane(p)
	}
	if err := poly.checkConvex(diam); err != nil {
		return Polygon{}, err
	}
	return poly, nil
}

// checkConvex reports the first vertex where the boundary turns right by
// more than rounding allows, or an error when the turns add up to more than
// one full turn (a star).
func (p Polygon) checkConvex(diam float64) error {
	n := len(p.V)
	turn := 0.0
	for i := range p.V {
		a, b, c := p.V[(i+n-1)%n], p.V[i], p.V[(i+1)%n]
		e0, e1 := b.Sub(a), c.Sub(b)
		cross := float64(e0[0]*e1[1]) - float64(e0[1]*e1[0])
		// A right turn is a negative cross product; tolerate the rounding of
		// the projection, about PlanarTolerance times the edge lengths.
		if cross < -PlanarTolerance*diam*(e0.Len()+e1.Len()) {
			return fmt.Errorf("geom: polygon is not convex: it turns the wrong way at vertex %d", i)
		}
		turn += math.Atan2(cross, Dot2(e0, e1))
	}
	if turn > 3*math.Pi { // one convex loop turns 2π; a star turns 4π or more
		return fmt.Errorf("geom: polygon is not convex: its boundary winds %.0f times", turn/(2*math.Pi))
	}
	return nil
}

// World returns vertex i in world space.
func (p Polygon) World(i int) mgl64.Vec3 { return p.Plane.ToWorld(p.V[i]) }

// Contains reports whether the plane-space point q lies inside or on the
// polygon (section 3.3, PolygonContains): q is on the left of, or on, every
// counter-clockwise edge.
func (p Polygon) Contains(q mgl64.Vec2) bool {
	for i, a := range p.V {
		b := p.V[(i+1)%len(p.V)]
		e, w := b.Sub(a), q.Sub(a)
		if float64(e[0]*w[1])-float64(e[1]*w[0]) < 0 {
			return false
		}
	}
	return true
}
