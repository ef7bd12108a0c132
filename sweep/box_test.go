package sweep_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// cube is the axis-aligned box of half extent h.
func cube(h float64) sweep.Box {
	return sweep.Box{Axes: [3]mgl64.Vec3{vec(h, 0, 0), vec(0, h, 0), vec(0, 0, h)}}
}

// tiltedY is the unit cube (half extents 1) turned 45° about y: a bottom
// edge along y, √2 below the center.
var tiltedY = sweep.Box{Axes: [3]mgl64.Vec3{geom.Scale(vec(1, 0, 1), 1/math.Sqrt2), vec(0, 1, 0), geom.Scale(vec(-1, 0, 1), 1/math.Sqrt2)}}

// finTri is a vertical triangle in the plane y = 0 whose top edge is the
// x axis from -2 to 2.
var finTri = geom.Triangle{vec(-2, 0, 0), vec(2, 0, 0), vec(0, 0, -2)}

// TestBoxTriangleHand: contacts derived by hand (see each case).
func TestBoxTriangleHand(t *testing.T) {
	cases := []struct {
		name         string
		b            sweep.Box
		begin, delta mgl64.Vec3
		tri          geom.Triangle
		want         wantHit
	}{
		// Face flat on the face: bottom at 5 - 0.5 falls 4.5 of 5, T =
		// 0.9; the contact is the square [0.5, 1.5]² (any point of it).
		{"face flat on the face", cube(0.5), vec(1, 1, 5), vec(0, 0, -5), floorTri,
			wantHit{0.9, vec(nan, nan, 0), vec(0, 0, 1), sweep.Face}},
		// Box edge on the face: tiltedY's bottom edge (x = 1.5, y in
		// [0, 2]) reaches z = 0 when the center is at √2: T = (5 - √2)/5.
		{"box edge on the face", tiltedY, vec(1.5, 1, 5), vec(0, 0, -5), floorTri,
			wantHit{(5 - math.Sqrt2) / 5, vec(1.5, nan, 0), vec(0, 0, 1), sweep.Face}},
		// Triangle vertex on a box face: the peak (0, 0, 1) of a tilted
		// triangle is its highest point; the bottom face z = 3.5 - 4t
		// (over x in [-0.3, 0.7], y in [-0.4, 0.6], which holds (0, 0))
		// meets it at T = 2.5/4.
		{"vertex on a box face", cube(0.5), vec(0.2, 0.1, 4), vec(0, 0, -4),
			geom.Triangle{vec(0, 0, 1), vec(2, 0, -1), vec(0, 2, -1)},
			wantHit{0.625, vec(0, 0, 1), vec(0, 0, 1), sweep.Vertex}},
		// Box edge across a triangle edge: tiltedY's bottom edge (along
		// y, at x = 0.3) crosses finTri's top edge (along x) when the
		// center is at √2, T = (5 - √2)/5, at (0.3, 0, 0); the axis is
		// e x a1 = x x y = z.
		{"edge across an edge", tiltedY, vec(0.3, 0.2, 5), vec(0, 0, -5), finTri,
			wantHit{(5 - math.Sqrt2) / 5, vec(0.3, 0, 0), vec(0, 0, 1), sweep.Edge}},
		// Starts overlapping: the center on the face; moving up, the least
		// penetration is 0.5 along ±z.
		{"overlapping at the start", cube(0.5), vec(1, 1, 0.2), vec(0, 0, 1), floorTri,
			wantHit{0, vec(nan, nan, 0), vec(0, 0, 1), sweep.Face}},
		// Resting on the face (bottom at z = 0), moving along it: T = 0,
		// the floor's normal (depth 0).
		{"resting, sliding", cube(0.5), vec(1, 1, 0.5), vec(1, 0.5, 0), floorTri,
			wantHit{0, vec(nan, nan, 0), vec(0, 0, 1), sweep.Face}},
		// Parallel motion at a height: the bottom face at z = 0.5 + 1e-3
		// skims the plane: no hit (TestBoxTriangleMisses); at a slant
		// down by 0.002 over the motion it lands at T = 0.5.
		{"grazing landing", cube(0.5), vec(1, 1, 0.501), vec(1, 0, -0.002), floorTri,
			wantHit{0.5, vec(nan, nan, 0), vec(0, 0, 1), sweep.Face}},
		// Degenerate: the segment (0,0,0)-(4,0,0) as a collinear triangle;
		// the cube falls on it at T = 0.9, touching (x in [1.5, 2.5]).
		{"collinear triangle", cube(0.5), vec(2, 0.2, 5), vec(0, 0, -5),
			geom.Triangle{vec(0, 0, 0), vec(2, 0, 0), vec(4, 0, 0)},
			wantHit{0.9, vec(nan, 0, 0), vec(0, 0, 1), sweep.Edge}},
		// A point triangle at (1, 1, 0): T = 0.9 at that point.
		{"point triangle", cube(0.5), vec(1.2, 0.9, 5), vec(0, 0, -5),
			geom.Triangle{vec(1, 1, 0), vec(1, 1, 0), vec(1, 1, 0)},
			wantHit{0.9, vec(1, 1, 0), vec(0, 0, 1), sweep.Vertex}},
		// Far from the origin: "face flat on the face" moved by 1e5.
		{"far from the origin", cube(0.5), vec(1e5+1, 1e5+1, 1e5+5), vec(0, 0, -5), shiftTri(floorTri, vec(1e5, 1e5, 1e5)),
			wantHit{0.9, vec(nan, nan, 1e5), vec(0, 0, 1), sweep.Face}},
		// Huge motion: from 1e6 down by 2e6, T = (1e6 - 0.5)/2e6.
		{"huge motion", cube(0.5), vec(1, 1, 1e6), vec(0, 0, -2e6), floorTri,
			wantHit{(1e6 - 0.5) / 2e6, vec(nan, nan, 0), vec(0, 0, 1), sweep.Face}},
	}
	for _, tc := range cases {
		h, ok := sweep.BoxTriangle(tc.b, tc.begin, tc.delta, tc.tri)
		checkWant(t, tc.name, h, ok, tc.want, 1e-9)
		checkBoxHit(t, tc.name, tc.b, tc.begin, tc.delta, tc.tri, h, 1e-9)
	}
}

// TestBoxTriangleMisses: out of reach, and invalid or non-finite input,
// give no hit (and no panic).
func TestBoxTriangleMisses(t *testing.T) {
	inf := math.Inf(1)
	cases := []struct {
		name         string
		b            sweep.Box
		begin, delta mgl64.Vec3
		tri          geom.Triangle
	}{
		{"stops short", cube(0.5), vec(1, 1, 5), vec(0, 0, -4.4), floorTri},
		{"skims", cube(0.5), vec(1, 1, 0.501), vec(3, 0, 0), floorTri},
		{"past the corner", tiltedY, vec(-1.5, -0.2, 5), vec(0, 0, -10), floorTri}, // the bottom edge at x = -1.5
		{"NaN begin", cube(0.5), vec(nan, 1, 5), vec(0, 0, -5), floorTri},
		{"Inf delta", cube(0.5), vec(1, 1, 5), vec(0, 0, -inf), floorTri},
		{"Inf vertex", cube(0.5), vec(1, 1, 5), vec(0, 0, -5), geom.Triangle{vec(0, 0, inf), vec(4, 0, 0), vec(0, 4, 0)}},
		{"zero axis", sweep.Box{Axes: [3]mgl64.Vec3{vec(1, 0, 0), vec(0, 1, 0), {}}}, vec(1, 1, 5), vec(0, 0, -5), floorTri},
		{"skew axes", sweep.Box{Axes: [3]mgl64.Vec3{vec(1, 0, 0), vec(1, 1, 0), vec(0, 0, 1)}}, vec(1, 1, 5), vec(0, 0, -5), floorTri},
	}
	for _, tc := range cases {
		if h, ok := sweep.BoxTriangle(tc.b, tc.begin, tc.delta, tc.tri); ok {
			t.Errorf("%s: hit %+v, want none", tc.name, h)
		}
	}
}

// boxLocal is x in the box's coordinates: ((x - c)·a_i/|a_i|²), inside
// when each is in [-1, 1].
func boxLocal(b sweep.Box, c, x mgl64.Vec3) mgl64.Vec3 {
	d := x.Sub(c)
	return vec(geom.Dot(d, b.Axes[0])/geom.Dot(b.Axes[0], b.Axes[0]), geom.Dot(d, b.Axes[1])/geom.Dot(b.Axes[1], b.Axes[1]), geom.Dot(d, b.Axes[2])/geom.Dot(b.Axes[2], b.Axes[2]))
}

// boxCorners is the eight corners of b centered at c.
func boxCorners(b sweep.Box, c mgl64.Vec3) (out [8]mgl64.Vec3) {
	for k := range 8 {
		p := c
		for i := range 3 {
			p = p.Add(geom.Scale(b.Axes[i], float64(k>>i&1*2)-1))
		}
		out[k] = p
	}
	return out
}

// checkBoxHit checks what any box hit must satisfy, independently of how
// it was found: the point is on the triangle and in the box at T (within
// tol of the scale), and the normal's plane through the point has the
// triangle on its back and, for T > 0, the box on its front.
func checkBoxHit(t *testing.T, name string, b sweep.Box, begin, delta mgl64.Vec3, tri geom.Triangle, h sweep.Hit, tol float64) {
	t.Helper()
	c := begin.Add(geom.Scale(delta, h.T))
	scale := 1 + geom.Len(c) + geom.Len(tri[1].Sub(tri[0])) + geom.Len(tri[2].Sub(tri[0])) + geom.Len(b.Axes[0]) + geom.Len(b.Axes[1]) + geom.Len(b.Axes[2])
	if q, _, _ := geom.ClosestPointTriangle(h.Point, tri); geom.Len(q.Sub(h.Point)) > tol*scale {
		t.Errorf("%s: point %v is off the triangle", name, h.Point)
	}
	l := boxLocal(b, c, h.Point)
	if max(math.Abs(l[0]), math.Abs(l[1]), math.Abs(l[2])) > 1+float64(tol*scale) {
		t.Errorf("%s: point %v is outside the box at T (local %v)", name, h.Point, l)
	}
	for _, v := range tri {
		if geom.Dot(h.Normal, v.Sub(h.Point)) > tol*scale {
			t.Errorf("%s: vertex %v in front of the normal %v", name, v, h.Normal)
		}
	}
	if h.T == 0 {
		return
	}
	for _, p := range boxCorners(b, c) {
		if geom.Dot(h.Normal, p.Sub(h.Point)) < -tol*scale {
			t.Errorf("%s: box corner %v behind the normal %v", name, p, h.Normal)
		}
	}
}

// segmentHitsBox reports whether the segment pq meets the box centered at
// c grown by the relative g (Liang-Barsky clipping in box coordinates,
// Ericson §5.3.3).
func segmentHitsBox(b sweep.Box, c, p, q mgl64.Vec3, g float64) bool {
	lp, lq := boxLocal(b, c, p), boxLocal(b, c, q)
	t0, t1 := 0.0, 1.0
	for i := range 3 {
		d := lq[i] - lp[i]
		if d == 0 {
			if math.Abs(lp[i]) > 1+g {
				return false
			}
			continue
		}
		a, z := (-1-g-lp[i])/d, (1+g-lp[i])/d
		t0, t1 = max(t0, min(a, z)), min(t1, max(a, z))
	}
	return t0 <= t1
}

// segmentHitsTri reports whether the segment pq comes within g of the
// triangle (where it crosses the plane, or at its ends).
func segmentHitsTri(tri geom.Triangle, p, q mgl64.Vec3, g float64) bool {
	n := tri.Normal()
	if geom.Len(n) == 0 {
		return false // the box edges' test is left to segmentHitsBox
	}
	n = geom.Normalize(n)
	dp, dq := geom.Dot(n, p.Sub(tri[0])), geom.Dot(n, q.Sub(tri[0]))
	for _, x := range []mgl64.Vec3{p, q} {
		if c, _, _ := geom.ClosestPointTriangle(x, tri); geom.Len(c.Sub(x)) <= g {
			return true
		}
	}
	if (dp > 0) == (dq > 0) || dp == dq {
		return false
	}
	x := p.Add(geom.Scale(q.Sub(p), dp/(dp-dq)))
	c, _, _ := geom.ClosestPointTriangle(x, tri)
	return geom.Len(c.Sub(x)) <= g
}

// boxOverlaps is an exact static test of a box and a triangle, unlike the
// separating axes: a polygon and a convex polyhedron meet when an edge of
// one meets the other (a triangle inside the box has its edges inside).
func boxOverlaps(b sweep.Box, c mgl64.Vec3, tri geom.Triangle, g float64) bool {
	for i := range 3 {
		if segmentHitsBox(b, c, tri[i], tri[(i+1)%3], g) {
			return true
		}
	}
	k := boxCorners(b, c)
	for i := range 8 {
		for j := range 3 {
			if i&(1<<j) == 0 && segmentHitsTri(tri, k[i], k[i|1<<j], g) {
				return true
			}
		}
	}
	return false
}

// TestBoxTriangleAgainstEdgeTests: random boxes of any orientation and
// triangles (some degenerate): the hit satisfies checkBoxHit; the box and
// the triangle overlap (grown by 1e-9) at T, and are apart (shrunk by
// 1e-9) at 40 times before T and, without a hit, at 40 times over the
// whole motion.
func TestBoxTriangleAgainstEdgeTests(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	hits := 0
	for i := range 1000 {
		begin, delta, tri := randomCase(rng)
		q := mgl64.QuatRotate(float64(rng.Float64()*6), geom.Normalize(vec(float64(rng.Float64())-0.5, float64(rng.Float64())-0.5, float64(rng.Float64())-0.5)))
		m := geom.QuatMat4(q).Mat3()
		var b sweep.Box
		for k := range 3 {
			b.Axes[k] = geom.Scale(m.Col(k), 0.2+float64(rng.Float64()))
		}
		h, ok := sweep.BoxTriangle(b, begin, delta, tri)
		end := 1.0
		if ok {
			hits++
			checkFuzzHit(t, h, ok)
			checkBoxHit(t, "random", b, begin, delta, tri, h, 1e-9)
			if geom.Len(tri.Normal()) > 1e-6 && !boxOverlaps(b, begin.Add(geom.Scale(delta, h.T)), tri, 1e-9) {
				t.Errorf("case %d: apart at T = %g", i, h.T)
			}
			end = h.T - 1e-9
			if h.T == 0 {
				continue
			}
		}
		for k := range 40 {
			tk := end * float64(k) / 39
			if tk >= 0 && boxOverlaps(b, begin.Add(geom.Scale(delta, tk)), tri, -1e-9) {
				t.Fatalf("case %d: overlapping at %g before T (hit %v %+v)", i, tk, ok, h)
			}
		}
	}
	if hits < 50 { // about 10% of these motions touch their triangle
		t.Errorf("only %d hits of 1000", hits)
	}
}
