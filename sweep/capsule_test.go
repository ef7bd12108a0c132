package sweep_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// floorTri is the triangle of the hand cases: in the plane z = 0, legs of
// 4 along x and y. Its edge 0 is the x axis from 0 to 4, edge 2 the y axis.
var floorTri = geom.Triangle{vec(0, 0, 0), vec(4, 0, 0), vec(0, 4, 0)}

// wantHit is a hand-derived contact; a zero Normal or a NaN Point
// component means "any" for that field.
type wantHit struct {
	T       float64
	Point   mgl64.Vec3
	Normal  mgl64.Vec3
	Feature sweep.Feature
}

// checkWant compares a hit with the hand-derived values within tol (T,
// point and normal components); the point is checked only where want's
// components are not NaN, the normal only when want's is not zero.
func checkWant(t *testing.T, name string, h sweep.Hit, ok bool, w wantHit, tol float64) {
	t.Helper()
	if !ok {
		t.Fatalf("%s: no hit, want %+v", name, w)
	}
	if !finiteHit(h) || math.Abs(geom.Len(h.Normal)-1) > 1e-12 || h.T < 0 || h.T > 1 {
		t.Fatalf("%s: bad hit %+v", name, h)
	}
	if math.Abs(h.T-w.T) > tol {
		t.Errorf("%s: T = %.17g, want %.17g", name, h.T, w.T)
	}
	for k := range 3 {
		if !math.IsNaN(w.Point[k]) && math.Abs(h.Point[k]-w.Point[k]) > tol*(1+math.Abs(w.Point[k])) {
			t.Errorf("%s: point = %v, want %v", name, h.Point, w.Point)
			break
		}
	}
	if w.Normal != (mgl64.Vec3{}) && geom.Len(h.Normal.Sub(w.Normal)) > tol {
		t.Errorf("%s: normal = %v, want %v", name, h.Normal, w.Normal)
	}
	if h.Feature != w.Feature {
		t.Errorf("%s: feature = %v, want %v", name, h.Feature, w.Feature)
	}
}

var nan = math.NaN()

// TestCapsuleTriangleHand: contacts derived by hand (see each case).
func TestCapsuleTriangleHand(t *testing.T) {
	r2 := math.Sqrt2 / 2
	cases := []struct {
		name         string
		c            sweep.Capsule
		begin, delta mgl64.Vec3
		tri          geom.Triangle
		want         wantHit
	}{
		// Upright capsule, r = 0.5, segment z ± 1, falling 5 from z = 5
		// onto the face: its lowest point 5 - 1.5 = 3.5 above the plane
		// reaches it at T = 3.5/5 = 0.7, under (1, 1).
		{"face", sweep.Capsule{Radius: 0.5, HalfSegment: vec(0, 0, 1)}, vec(1, 1, 5), vec(0, 0, -5), floorTri,
			wantHit{0.7, vec(1, 1, 0), vec(0, 0, 1), sweep.Face}},
		// Tilted capsule over edge 0 (the x axis), s = (0, -1, -1): its
		// points are (2, -λ, z - λ), λ in [-1, 1]. The part with λ >= 0 is
		// beyond the edge (y <= 0), at distance sqrt(λ² + (z - λ)²) from it,
		// least at λ = z/2: z/√2; the part above the face is at least z
		// high. So it touches the edge when z/√2 = 0.5, z = √2/2 (λ =
		// √2/4 <= 1, and the lower end is 1.04 away), T = (3 - √2/2)/3, at
		// (2, 0, 0), normal toward (2, -λ, z - λ): (0, -1, 1)/√2.
		{"edge by the segment", sweep.Capsule{Radius: 0.5, HalfSegment: vec(0, -1, -1)}, vec(2, 0, 3), vec(0, 0, -3), floorTri,
			wantHit{(3 - r2) / 3, vec(2, 0, 0), vec(0, -r2, r2), sweep.Edge}},
		// Flat capsule along (1, -1, 0) in the plane, center (x, x, 0)
		// with x = -2 + 3t. The triangle's point of least x + y is vertex
		// 0, at distance |2x|/√2 = √2|x| from the segment's line, whose
		// foot is the center itself (inside the segment, |s| = 1.5√2). It
		// touches when √2|x| = 0.5: x = -√2/4, T = (2 - √2/4)/3, normal
		// (-1, -1, 0)/√2.
		{"vertex by the segment", sweep.Capsule{Radius: 0.5, HalfSegment: vec(1.5, -1.5, 0)}, vec(-2, -2, 0), vec(3, 3, 0), floorTri,
			wantHit{(2 - math.Sqrt2/4) / 3, vec(0, 0, 0), vec(-r2, -r2, 0), sweep.Vertex}},
		// Lying along edge 0: flat, s = (1, 0, 0), center (2, y, 0) with
		// y = -2 + 4t; the segment x in [1, 3] reaches 0.5 from the edge at
		// y = -0.5, T = 1.5/4 = 0.375. Any point of x in [1, 3] on the edge.
		{"lying along an edge", sweep.Capsule{Radius: 0.5, HalfSegment: vec(1, 0, 0)}, vec(2, -2, 0), vec(0, 4, 0), floorTri,
			wantHit{0.375, vec(nan, 0, 0), vec(0, -1, 0), sweep.Edge}},
		// The end cap against vertex 1 (4, 0, 0): capsule along x, ends at
		// x = 5 + 3 - 3t ± 1... center (8, 0, 0) moving by (-6, 0, 0), s =
		// (1, 0, 0): the near end x = 7 - 6t is 0.5 from the vertex at
		// x = 4.5, T = 2.5/6.
		{"end cap on a vertex", sweep.Capsule{Radius: 0.5, HalfSegment: vec(1, 0, 0)}, vec(8, 0, 0), vec(-6, 0, 0), floorTri,
			wantHit{2.5 / 6, vec(4, 0, 0), vec(1, 0, 0), sweep.Vertex}},
		// Starts pierced: segment z in [-2, 2] through (1, 1): T = 0 at
		// (1, 1, 0) on the face, normal ±z (the center is on the plane,
		// moving up: against the motion, -z).
		{"pierced at the start", sweep.Capsule{Radius: 0.1, HalfSegment: vec(0, 0, 2)}, vec(1, 1, 0), vec(0, 0, 1), floorTri,
			wantHit{0, vec(1, 1, 0), vec(0, 0, -1), sweep.Face}},
		// Starts touching: lowest point at 1.5 - 1 - 0.5 = 0.
		{"touching at the start", sweep.Capsule{Radius: 0.5, HalfSegment: vec(0, 0, 1)}, vec(1, 1, 1.5), vec(3, 0, 0), floorTri,
			wantHit{0, vec(1, 1, 0), vec(0, 0, 1), sweep.Face}},
		// Grazing: flat, at height exactly r, moving parallel to the plane
		// across edge 2 (the y axis): the front end x = -4 + 10t is right
		// above the edge at x = 0, T = 0.4, touching (0, 1, 0) from above.
		{"grazing", sweep.Capsule{Radius: 0.5, HalfSegment: vec(1, 0, 0)}, vec(-5, 1, 0.5), vec(10, 0, 0), floorTri,
			wantHit{0.4, vec(0, 1, 0), vec(0, 0, 1), sweep.Edge}},
		// Degenerate triangle: the segment from (0, 0, 0) to (4, 0, 0)
		// (three collinear vertices). A flat capsule across it along y,
		// falling from z = 3: touches at z = 0.5, T = 2.5/3, at (2, 0, 0).
		{"collinear triangle", sweep.Capsule{Radius: 0.5, HalfSegment: vec(0, 2, 0)}, vec(2, 0, 3), vec(0, 0, -3),
			geom.Triangle{vec(0, 0, 0), vec(2, 0, 0), vec(4, 0, 0)},
			wantHit{2.5 / 3, vec(2, 0, 0), vec(0, 0, 1), sweep.Edge}},
		// A point triangle (all vertices equal at (1, 1, 0)): the upright
		// capsule of "face" touches it at T = 0.7 too.
		{"point triangle", sweep.Capsule{Radius: 0.5, HalfSegment: vec(0, 0, 1)}, vec(1, 1, 5), vec(0, 0, -5),
			geom.Triangle{vec(1, 1, 0), vec(1, 1, 0), vec(1, 1, 0)},
			wantHit{0.7, vec(1, 1, 0), vec(0, 0, 1), sweep.Vertex}},
		// Far from the origin: "face" moved by (1e5, 1e5, 1e5).
		{"far from the origin", sweep.Capsule{Radius: 0.5, HalfSegment: vec(0, 0, 1)}, vec(1e5+1, 1e5+1, 1e5+5), vec(0, 0, -5),
			shiftTri(floorTri, vec(1e5, 1e5, 1e5)),
			wantHit{0.7, vec(1e5+1, 1e5+1, 1e5), vec(0, 0, 1), sweep.Face}},
		// Huge motion: from z = 1e6 down by 2e6: T = (1e6 - 1.5)/2e6.
		{"huge motion", sweep.Capsule{Radius: 0.5, HalfSegment: vec(0, 0, 1)}, vec(1, 1, 1e6), vec(0, 0, -2e6), floorTri,
			wantHit{(1e6 - 1.5) / 2e6, vec(1, 1, 0), vec(0, 0, 1), sweep.Face}},
	}
	for _, tc := range cases {
		h, ok := sweep.CapsuleTriangle(tc.c, tc.begin, tc.delta, tc.tri)
		checkWant(t, tc.name, h, ok, tc.want, 1e-9)
	}
}

// shiftTri is tri moved by d.
func shiftTri(tri geom.Triangle, d mgl64.Vec3) geom.Triangle {
	return geom.Triangle{tri[0].Add(d), tri[1].Add(d), tri[2].Add(d)}
}

// TestCapsuleTriangleMisses: just out of reach, and invalid or non-finite
// input, give no hit (and no panic).
func TestCapsuleTriangleMisses(t *testing.T) {
	up := sweep.Capsule{Radius: 0.5, HalfSegment: vec(0, 0, 1)}
	inf := math.Inf(1)
	cases := []struct {
		name         string
		c            sweep.Capsule
		begin, delta mgl64.Vec3
		tri          geom.Triangle
	}{
		{"stops short", up, vec(1, 1, 5), vec(0, 0, -3.4), floorTri}, // lowest point stops 0.1 above
		{"grazing above", sweep.Capsule{Radius: 0.5, HalfSegment: vec(1, 0, 0)}, vec(-5, 1, 0.51), vec(10, 0, 0), floorTri},
		{"past the edge", up, vec(-0.6, 2, 5), vec(0, 0, -10), floorTri}, // 0.6 beyond edge 2
		{"NaN begin", up, vec(nan, 1, 5), vec(0, 0, -5), floorTri},
		{"Inf delta", up, vec(1, 1, 5), vec(0, 0, -inf), floorTri},
		{"NaN vertex", up, vec(1, 1, 5), vec(0, 0, -5), geom.Triangle{vec(0, 0, nan), vec(4, 0, 0), vec(0, 4, 0)}},
		{"NaN radius", sweep.Capsule{Radius: nan}, vec(1, 1, 5), vec(0, 0, -5), floorTri},
		{"zero radius", sweep.Capsule{HalfSegment: vec(0, 0, 1)}, vec(1, 1, 5), vec(0, 0, -5), floorTri},
		{"Inf segment", sweep.Capsule{Radius: 1, HalfSegment: vec(0, inf, 0)}, vec(1, 1, 5), vec(0, 0, -5), floorTri},
	}
	for _, tc := range cases {
		if h, ok := sweep.CapsuleTriangle(tc.c, tc.begin, tc.delta, tc.tri); ok {
			t.Errorf("%s: hit %+v, want none", tc.name, h)
		}
	}
}

// randomCase is a random motion near a random triangle (fixed seed): the
// triangle within [-2, 2]³, occasionally degenerate (two vertices equal,
// or collinear); the start within [-4, 4]³; the motion up to 8 long.
func randomCase(rng *rand.Rand) (begin, delta mgl64.Vec3, tri geom.Triangle) {
	rv := func(s float64) mgl64.Vec3 {
		return vec(float64(s*(float64(2*float64(rng.Float64()))-1)), float64(s*(float64(2*float64(rng.Float64()))-1)), float64(s*(float64(2*float64(rng.Float64()))-1)))
	}
	tri = geom.Triangle{rv(2), rv(2), rv(2)}
	switch rng.IntN(10) {
	case 0:
		tri[2] = tri[1]
	case 1:
		tri[2] = tri[0].Add(geom.Scale(tri[1].Sub(tri[0]), float64(2*float64(rng.Float64()))))
	}
	return rv(4), rv(4), tri
}

// TestCapsuleZeroSegmentIsSphere: with HalfSegment = 0 the capsule is the
// sphere of its radius, bit for bit.
func TestCapsuleZeroSegmentIsSphere(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 2000 {
		begin, delta, tri := randomCase(rng)
		r := 0.1 + float64(2*float64(rng.Float64()))
		hc, okc := sweep.CapsuleTriangle(sweep.Capsule{Radius: r}, begin, delta, tri)
		hs, oks := sweep.EllipsoidTriangle(sweep.Sphere(r), begin, delta, tri)
		if okc != oks || hc != hs {
			t.Fatalf("case %d: capsule %+v %v, sphere %+v %v", i, hc, okc, hs, oks)
		}
	}
}

// sampledSpheres is the first contact of spheres of radius r centered at
// n+1 evenly spaced points of the segment C ± s: the least T of
// EllipsoidTriangle over them, or 2 for none.
func sampledSpheres(r float64, s, begin, delta mgl64.Vec3, tri geom.Triangle, n int) float64 {
	best := 2.0
	for k := 0; k <= n; k++ {
		sigma := geom.Scale(s, 2*float64(k)/float64(n)-1)
		if h, ok := sweep.EllipsoidTriangle(sweep.Sphere(r), begin.Add(sigma), delta, tri); ok {
			best = min(best, h.T)
		}
	}
	return best
}

// TestCapsuleBracketedBySpheres: the capsule contains the spheres of
// radius r at points of its segment and is contained in the union of the
// spheres of radius r + h/2 at points h apart along it. So its first
// contact lies between theirs (independent of the polygon construction),
// and its reported point is on the triangle's plane and, at T, within r
// (up to rounding) of the segment.
func TestCapsuleBracketedBySpheres(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n = 64
	for i := range 300 {
		begin, delta, tri := randomCase(rng)
		r := 0.1 + float64(rng.Float64())
		s := geom.Scale(vec(float64(2*float64(rng.Float64()))-1, float64(2*float64(rng.Float64()))-1, float64(2*float64(rng.Float64()))-1), 1.5)
		h, ok := sweep.CapsuleTriangle(sweep.Capsule{Radius: r, HalfSegment: s}, begin, delta, tri)
		inner := sampledSpheres(r, s, begin, delta, tri, n)
		outer := sampledSpheres(r+float64(geom.Len(s)/n), s, begin, delta, tri, n)
		got := 2.0
		if ok {
			got = h.T
			checkFuzzHit(t, h, ok)
			c := begin.Add(geom.Scale(delta, h.T))
			q, _ := geom.ClosestPointSegment(h.Point, c.Sub(s), c.Add(s))
			if d := geom.Len(q.Sub(h.Point)); math.Abs(d-r) > 1e-9 && !(h.T == 0 && d < r) {
				t.Errorf("case %d: point %v is %.17g from the segment, want %g", i, h.Point, d, r)
			}
		}
		if got > inner+1e-12 || got < outer-1e-12 {
			t.Errorf("case %d: T = %.17g, not within [%.17g, %.17g]", i, got, outer, inner)
		}
	}
}
