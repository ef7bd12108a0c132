package sweep_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
	"sweepdbg/sweep/oracle"
)

// randConvexPolygon returns 3 to 8 points on a randomly placed and
// oriented ellipse (so they are convex), in either winding.
func randConvexPolygon(r *rand.Rand) []mgl64.Vec3 {
	n := 3 + r.IntN(6)
	center, normal := uniformVec(r, -3, 3), randDir(r)
	pl, _ := geom.PlaneFromNormal(normal, center)
	u, v := pl.Basis()
	ru, rv := uniform(r, 0.5, 4), uniform(r, 0.5, 4)
	angles := make([]float64, n)
	for i := range angles {
		angles[i] = uniform(r, 0, 2*math.Pi)
	}
	slices.Sort(angles)
	if r.IntN(2) == 0 {
		slices.Reverse(angles)
	}
	pts := make([]mgl64.Vec3, n)
	for i, a := range angles {
		pts[i] = center.Add(geom.Scale(u, float64(ru*math.Cos(a)))).Add(geom.Scale(v, float64(rv*math.Sin(a))))
	}
	return pts
}

// fan triangulates a convex polygon.
func fan(pts []mgl64.Vec3) []geom.Triangle {
	var tris []geom.Triangle
	for i := 1; i+1 < len(pts); i++ {
		tris = append(tris, geom.Triangle{pts[0], pts[i], pts[i+1]})
	}
	return tris
}

// polyOracle is the oracle over a fan: the closest approach on [lo, hi]
// and the unit distance of a center or point to the polygon.
type polyOracle struct {
	axes         [3]mgl64.Vec3
	begin, delta mgl64.Vec3
	tris         []geom.Triangle
}

func (o polyOracle) first() (float64, bool) {
	best, found := 2.0, false
	for _, tri := range o.tris {
		if c, ok := oracle.FirstContact(o.axes, o.begin, o.delta, tri); ok && c.T < best {
			best, found = c.T, true
		}
	}
	return best, found
}

func (o polyOracle) minDist(lo, hi float64) float64 {
	d := math.Inf(1)
	for _, tri := range o.tris {
		_, di := oracle.MinDistance(o.axes, o.begin, o.delta, tri, lo, hi)
		d = min(d, di)
	}
	return d
}

func (o polyOracle) dist(p mgl64.Vec3) float64 {
	d := math.Inf(1)
	for _, tri := range o.tris {
		d = min(d, oracle.UnitDistance(o.axes, p, tri))
	}
	return d
}

// TestEllipsoidPolygonVsOracle checks section 4 of Rouwé, "Collision
// Detection with Swept Spheres and Ellipsoids" (plane + 2D vertices) on
// random convex polygons against the oracle run on a fan of triangles.
func TestEllipsoidPolygonVsOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(77, 78))
	n, fails := casesPerFamily(), 0
	for i := 0; i < n; i++ {
		pts := randConvexPolygon(r)
		poly, err := geom.NewPolygon(pts)
		if err != nil {
			t.Fatalf("NewPolygon(%v): %v", pts, err)
		}
		target := pts[r.IntN(len(pts))].Add(geom.Scale(randDir(r), uniform(r, 0, 3)))
		e := randEllipsoid(r)
		if i%2 == 1 { // the same ellipsoid with a mirrored M (det < 0)
			e.Axes[2] = geom.Scale(e.Axes[2], -1)
		}
		begin := target.Add(geom.Scale(randDir(r), uniform(r, 0, 8)))
		delta := geom.Scale(target.Sub(begin), uniform(r, 0, 2))
		o := polyOracle{e.Axes, begin, delta, fan(pts)}
		h, ok := sweep.EllipsoidPolygon(e, begin, delta, &poly)
		if msg := checkPolygonHit(o, h, ok); msg != "" {
			if fails++; fails <= 5 {
				t.Errorf("case %d: %s\npolygon %v\n%s", i, msg, pts, describe(sweepCase{e: e, begin: begin, delta: delta}))
			}
		}
	}
	if fails > 0 {
		t.Errorf("%d of %d cases failed", fails, n)
	}
}

func checkPolygonHit(o polyOracle, h sweep.Hit, ok bool) string {
	ot, ook := o.first()
	if ok != ook {
		if d := o.minDist(0, 1); math.Abs(d-1) > decisionBand {
			return "hit/miss disagrees with the oracle"
		}
		return ""
	}
	if !ok {
		return ""
	}
	center := o.begin.Add(geom.Scale(o.delta, h.T))
	d := o.dist(center)
	switch {
	case !(h.T >= 0 && h.T <= 1):
		return "T outside [0, 1]"
	case h.T > 0 && math.Abs(d-1) > contactTol, h.T == 0 && d > 1+contactTol:
		return "unit distance at T is not 1"
	case ot < h.T && o.minDist(0, h.T) < 1-contactTol:
		return "T is late"
	case o.dist(h.Point) > contactTol:
		return "point off the polygon"
	case math.Abs(geom.Len(h.Normal)-1) > 1e-9:
		return "normal not unit"
	}
	return ""
}

// pointTriangle is a triangle collapsed to the point p.
func pointTriangle(p mgl64.Vec3) geom.Triangle { return geom.Triangle{p, p, p} }

// TestSphereSphere checks the sphere-sphere sweep by hand and against the
// core: B seen from A is a point swept by a sphere of radius ra + rb.
func TestSphereSphere(t *testing.T) {
	// A still at the origin (r 1), B from (5,0,0) by (-4,0,0) (r 1):
	// |5 - 4t| = 2 at t = 0.75.
	if got, ok := sweep.SphereSphere(mgl64.Vec3{}, mgl64.Vec3{}, 1, mgl64.Vec3{5, 0, 0}, mgl64.Vec3{-4, 0, 0}, 1); !ok || got != 0.75 {
		t.Errorf("head-on: %v, %v", got, ok)
	}
	// Both moving, overlapping at the start: 0.
	if got, ok := sweep.SphereSphere(mgl64.Vec3{}, mgl64.Vec3{1, 0, 0}, 1, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{1, 0, 0}, 1); !ok || got != 0 {
		t.Errorf("overlapping: %v, %v", got, ok)
	}
	// Parallel, 3 apart, radii 1: never.
	if _, ok := sweep.SphereSphere(mgl64.Vec3{}, mgl64.Vec3{5, 0, 0}, 1, mgl64.Vec3{0, 3, 0}, mgl64.Vec3{5, 0, 0}, 1); ok {
		t.Errorf("parallel: hit")
	}
	r := rand.New(rand.NewPCG(9, 9))
	for i := 0; i < 10000; i++ {
		a0, b0 := uniformVec(r, -5, 5), uniformVec(r, -5, 5)
		da, db := uniformVec(r, -6, 6), uniformVec(r, -6, 6)
		ra, rb := uniform(r, 0.1, 2), uniform(r, 0.1, 2)
		got, ok := sweep.SphereSphere(a0, da, ra, b0, db, rb)
		h, hok := sweep.EllipsoidTriangle(sweep.Sphere(ra+rb), a0, da.Sub(db), pointTriangle(b0))
		if ok != hok || (ok && math.Abs(got-h.T) > 1e-9) {
			t.Fatalf("SphereSphere = %v, %v; core = %v, %v", got, ok, h.T, hok)
		}
	}
}

// TestRayEllipsoid checks the ray cast by hand and against the core: the
// ray meets the ellipsoid at s exactly when the ellipsoid, swept from its
// center by -s·Dir, first touches the ray's origin.
func TestRayEllipsoid(t *testing.T) {
	c := mgl64.Vec3{10, 0, 0}
	for _, tc := range []struct {
		ray  geom.Ray
		want float64
		ok   bool
	}{
		{geom.Ray{Dir: mgl64.Vec3{1, 0, 0}}, 8, true},
		{geom.Ray{Dir: mgl64.Vec3{2, 0, 0}}, 4, true}, // s in units of Dir, not renormalised
		{geom.Ray{Origin: mgl64.Vec3{9, 0, 0}, Dir: mgl64.Vec3{1, 0, 0}}, 0, true},
		{geom.Ray{Dir: mgl64.Vec3{-1, 0, 0}}, 0, false},
		{geom.Ray{Dir: mgl64.Vec3{0, 1, 0}}, 0, false},
		{geom.Ray{Dir: mgl64.Vec3{}}, 0, false},
	} {
		got, ok := sweep.RayEllipsoid(tc.ray, sweep.Sphere(2), c)
		if ok != tc.ok || (ok && math.Abs(got-tc.want) > 1e-12) {
			t.Errorf("RayEllipsoid(%v) = %v, %v; want %v, %v", tc.ray, got, ok, tc.want, tc.ok)
		}
	}
	r := rand.New(rand.NewPCG(10, 10))
	for i := 0; i < 10000; i++ {
		e := randEllipsoid(r)
		center := uniformVec(r, -5, 5)
		origin := uniformVec(r, -8, 8)
		dir := geom.Scale(center.Add(uniformVec(r, -2, 2)).Sub(origin), uniform(r, 0.1, 2))
		s, ok := sweep.RayEllipsoid(geom.Ray{Origin: origin, Dir: dir}, e, center)
		const l = 1000.0
		h, hok := sweep.EllipsoidTriangle(e, center, geom.Scale(dir, -l), pointTriangle(origin))
		if ok != hok || (ok && math.Abs(s-float64(h.T*l)) > 1e-8*l) {
			t.Fatalf("RayEllipsoid = %v, %v; core = %v, %v", s, ok, float64(h.T*l), hok)
		}
	}
}

// TestRayTriangle checks the ray-triangle test by hand and against an
// independent plane intersection with geom's closest point.
func TestRayTriangle(t *testing.T) {
	for _, tc := range []struct {
		ray  geom.Ray
		tri  geom.Triangle
		want float64
		ok   bool
	}{
		{geom.Ray{Origin: mgl64.Vec3{1, 5, 1}, Dir: mgl64.Vec3{0, -1, 0}}, floor, 5, true},
		{geom.Ray{Origin: mgl64.Vec3{1, -5, 1}, Dir: mgl64.Vec3{0, 2, 0}}, floor, 2.5, true}, // back side
		{geom.Ray{Origin: mgl64.Vec3{1, 5, 1}, Dir: mgl64.Vec3{0, 1, 0}}, floor, 0, false},   // behind
		{geom.Ray{Origin: mgl64.Vec3{5, 5, 5}, Dir: mgl64.Vec3{0, -1, 0}}, floor, 0, false},  // beside
		{geom.Ray{Origin: mgl64.Vec3{-1, 0, 1}, Dir: mgl64.Vec3{1, 0, 0}}, floor, 0, false},  // in the plane
		{geom.Ray{Origin: mgl64.Vec3{1, 5, 1}, Dir: mgl64.Vec3{0, -1, 0}}, pointTriangle(mgl64.Vec3{1, 0, 1}), 0, false},
		{geom.Ray{Origin: mgl64.Vec3{1e5 + 1, 1e5 + 5, 1e5 + 1}, Dir: mgl64.Vec3{0, -1, 0}},
			geom.Triangle{{1e5, 1e5, 1e5}, {1e5 + 4, 1e5, 1e5}, {1e5, 1e5, 1e5 + 4}}, 5, true},
	} {
		got, ok := sweep.RayTriangle(tc.ray, tc.tri)
		if ok != tc.ok || (ok && math.Abs(got-tc.want) > 1e-12) {
			t.Errorf("RayTriangle(%v, %v) = %v, %v; want %v, %v", tc.ray, tc.tri, got, ok, tc.want, tc.ok)
		}
	}
	r := rand.New(rand.NewPCG(11, 11))
	hits := 0
	defer func() {
		if hits < 1000 {
			t.Errorf("only %d of the random rays hit: the property is barely tested", hits)
		}
	}()
	for i := 0; i < 10000; i++ {
		tri := randTriangle(r, 5)
		ray := geom.Ray{Origin: uniformVec(r, -8, 8), Dir: uniformVec(r, -1, 1)}
		if r.IntN(2) == 0 {
			ray.Dir = pointOn(r, tri, 2).Sub(ray.Origin)
		}
		s, ok := sweep.RayTriangle(ray, tri)
		n := tri.Normal()
		ps := geom.Dot(n, tri[0].Sub(ray.Origin)) / geom.Dot(n, ray.Dir)
		q, _, _ := geom.ClosestPointTriangle(ray.At(ps), tri)
		near := geom.Len(q.Sub(ray.At(ps)))
		want := ps >= 0 && near < 1e-9
		if (near >= 1e-9 && near < 1e-6) || math.Abs(ps) < 1e-9 {
			continue // within rounding of an edge, or at the origin: either answer
		}
		if want {
			hits++
		}
		if ok != want || (ok && math.Abs(s-ps) > 1e-9*(1+ps)) {
			t.Fatalf("RayTriangle(%v, %v) = %v, %v; plane hit at %v, %v from the triangle", ray, tri, s, ok, ps, near)
		}
	}
}

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		e    sweep.Ellipsoid
		want string // substring of the error, "" for valid
	}{
		{"sphere", sweep.Sphere(1), ""},
		{"rotated", rotatedEllipsoid(rand.New(rand.NewPCG(1, 1)), mgl64.Vec3{1, 2, 3}), ""},
		{"zero", sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{1, 0, 0}, {}, {0, 0, 1}}}, "axis 1 is zero"},
		{"NaN", sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, math.NaN()}}}, "axis 2"},
		{"Inf", sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{math.Inf(1), 0, 0}, {0, 1, 0}, {0, 0, 1}}}, "axis 0"},
		{"tiny", sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{1e-200, 0, 0}, {0, 1, 0}, {0, 0, 1}}}, "axis 0 has length"},
		{"skew", sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{1, 0, 0}, {0.01, 1, 0}, {0, 0, 1}}}, "axes 0 and 1 are not orthogonal"},
		{"almost orthogonal", sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{1, 0, 0}, {1e-7, 1, 0}, {0, 0, 1}}}, ""},
	} {
		err := tc.e.Validate()
		if (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: Validate() = %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestBadInputNeverNaN: singular, non-finite or skew input never panics and
// never returns NaN; singular axes report no hit.
func TestBadInputNeverNaN(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	ells := []sweep.Ellipsoid{
		{},
		{Axes: [3]mgl64.Vec3{{1, 0, 0}, {1, 0, 0}, {0, 0, 1}}},
		{Axes: [3]mgl64.Vec3{{nan, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
		{Axes: [3]mgl64.Vec3{{inf, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
		{Axes: [3]mgl64.Vec3{{1, 0, 0}, {0.5, 1, 0}, {0, 0, 1}}}, // skew: still an ellipsoid
		sweep.Sphere(1e-300), sweep.Sphere(1e300),
	}
	vecs := []mgl64.Vec3{{}, {1, 2, 3}, {nan, 0, 0}, {inf, 0, 0}, {1e300, -1e300, 0}}
	for _, e := range ells {
		for _, b := range vecs {
			for _, d := range vecs {
				for _, tri := range []geom.Triangle{floor, {{nan, 0, 0}, {1, 0, 0}, {0, 1, 0}}, pointTriangle(mgl64.Vec3{1, 2, 3})} {
					h, ok := sweep.EllipsoidTriangle(e, b, d, tri)
					if ok && !finiteHit(h) {
						t.Errorf("EllipsoidTriangle(%v, %v, %v, %v) = %+v", e, b, d, tri, h)
					}
				}
			}
		}
		if _, ok := sweep.EllipsoidTriangle(e, mgl64.Vec3{1, 0.5, 1}, mgl64.Vec3{}, floor); ok && e.Axes[1] == e.Axes[0] {
			t.Errorf("singular axes %v reported a hit", e.Axes)
		}
	}
}

func finiteHit(h sweep.Hit) bool {
	return h.T >= 0 && h.T <= 1 && geom.IsFinite(h.Point) && geom.IsFinite(h.Normal)
}

// TestBounds: the swept bounds contain the ellipsoid's surface at sampled
// times and directions, and touch it (Extent is tight).
func TestBounds(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 12))
	for i := 0; i < 1000; i++ {
		e := randEllipsoid(r)
		begin, delta := uniformVec(r, -5, 5), uniformVec(r, -5, 5)
		q := sweep.NewQuery(e, begin, delta)
		box := q.Bounds().Expand(mgl64.Vec3{1e-9, 1e-9, 1e-9})
		for j := 0; j < 20; j++ {
			u := randDir(r)
			p := begin.Add(geom.Scale(delta, float64(r.Float64()))).Add(fromUnit(e, u))
			if !box.Contains(p) {
				t.Fatalf("bounds %v miss surface point %v", box, p)
			}
		}
		// Tightness along x: the surface point with unit normal direction
		// Mᵀx/|Mᵀx| reaches exactly Extent().x.
		m := mgl64.Mat3FromCols(e.Axes[0], e.Axes[1], e.Axes[2])
		u := geom.Normalize(geom.MulVec3(m.Transpose(), mgl64.Vec3{1, 0, 0}))
		if x := geom.MulVec3(m, u)[0]; math.Abs(x-e.Extent()[0]) > 1e-12 {
			t.Fatalf("extent %v, surface reaches %v", e.Extent()[0], x)
		}
	}
}

// TestQueryUnitSpace checks the exported unit-space helpers the mesh uses.
func TestQueryUnitSpace(t *testing.T) {
	e := sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{2, 0, 0}, {0, 0, 3}, {0, -4, 0}}}
	q := sweep.NewQuery(e, mgl64.Vec3{2, 3, 4}, mgl64.Vec3{4, 0, 0})
	if !q.Valid() {
		t.Fatal("invalid")
	}
	// Axis i maps to unit vector i.
	for i, a := range e.Axes {
		want := mgl64.Vec3{}
		want[i] = 1
		if got := q.ToUnit(a); geom.Len(got.Sub(want)) > 1e-15 || geom.Len(geom.MulVec3(q.WorldToUnit(), a).Sub(want)) > 1e-15 {
			t.Errorf("ToUnit(axis %d) = %v", i, got)
		}
	}
	if got := q.UnitBegin(mgl64.Vec3{2, 3, 4}); geom.Len(got) != 0 {
		t.Errorf("UnitBegin(begin) = %v", got)
	}
	if got := q.UnitDelta(); geom.Len(got.Sub(mgl64.Vec3{2, 0, 0})) > 1e-15 {
		t.Errorf("UnitDelta = %v", got)
	}
	if q2 := sweep.NewQuery(sweep.Ellipsoid{}, mgl64.Vec3{}, mgl64.Vec3{}); q2.Valid() {
		t.Error("zero ellipsoid is valid")
	}
}

// TestAxisOrderAndSignsDoNotMatter: negating or permuting the semi-axes
// describes the same ellipsoid (a mirrored M, det < 0), so every result
// must be the same, for triangles and for polygons.
func TestAxisOrderAndSignsDoNotMatter(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 13))
	n := casesPerFamily() / 5
	for i := 0; i < n; i++ {
		c := genAimed(r.IntN(3))(r)
		a := c.e.Axes
		// Both have det < 0: one axis negated, or two swapped.
		mirrored := sweep.Ellipsoid{Axes: [3]mgl64.Vec3{geom.Scale(a[0], -1), a[1], a[2]}}
		if i%2 == 1 {
			mirrored = sweep.Ellipsoid{Axes: [3]mgl64.Vec3{a[1], a[0], a[2]}}
		}
		h1, ok1 := sweep.EllipsoidTriangle(c.e, c.begin, c.delta, c.tri)
		h2, ok2 := sweep.EllipsoidTriangle(mirrored, c.begin, c.delta, c.tri)
		if ok1 != ok2 || (ok1 && !sameHit(h1, h2)) {
			t.Fatalf("triangle: %+v %v vs mirrored %+v %v\n%s", h1, ok1, h2, ok2, describe(c))
		}
		poly, err := geom.NewPolygon(c.tri[:])
		if err != nil {
			continue
		}
		p1, pok1 := sweep.EllipsoidPolygon(c.e, c.begin, c.delta, &poly)
		p2, pok2 := sweep.EllipsoidPolygon(mirrored, c.begin, c.delta, &poly)
		if pok1 != pok2 || (pok1 && !sameHit(p1, p2)) || pok1 != ok1 || (ok1 && !sameHit(p1, h1)) {
			t.Fatalf("polygon: %+v %v vs mirrored %+v %v (triangle %+v %v)\n%s", p1, pok1, p2, pok2, h1, ok1, describe(c))
		}
	}
}

// sameHit compares two hits up to rounding.
func sameHit(a, b sweep.Hit) bool {
	return math.Abs(a.T-b.T) <= 1e-9 && geom.Len(a.Point.Sub(b.Point)) <= 1e-7 &&
		geom.Len(a.Normal.Sub(b.Normal)) <= 1e-7 && a.Feature == b.Feature
}

// TestNoAllocations: the narrow phase allocates nothing (polygons up to 16
// vertices).
func TestNoAllocations(t *testing.T) {
	c := tableCases[0]
	poly, err := geom.NewPolygon(c.Tri[:])
	if err != nil {
		t.Fatal(err)
	}
	q := sweep.NewQuery(c.E, c.Begin, c.Delta)
	for name, f := range map[string]func(){
		"EllipsoidTriangle": func() { sweep.EllipsoidTriangle(c.E, c.Begin, c.Delta, c.Tri) },
		"Query.Triangle":    func() { q.Triangle(c.Tri, 1) },
		"EllipsoidPolygon":  func() { sweep.EllipsoidPolygon(c.E, c.Begin, c.Delta, &poly) },
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %v allocations per run", name, n)
		}
	}
}
