package sweep

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// sameContact reports whether a and b are the same contact bit for bit.
func sameContact(a, b contact) bool {
	bits := func(c contact) [4]uint64 {
		return [4]uint64{math.Float64bits(c.t), math.Float64bits(c.point.x), math.Float64bits(c.point.y), math.Float64bits(c.point.z)}
	}
	return bits(a) == bits(b) && a.feature == b.feature && a.index == b.index
}

// checkEdgeVertex3 fails t unless edgeVertex3 gives edgeVertex's answer,
// bit for bit, for the circle s, the triangle v and upper (the polygon
// size as Query.edgeStage computes it); it returns that answer. n
// numbers the case in the message (the fuzz target passes 0).
func checkEdgeVertex3(t *testing.T, n int, s sweptCircle, v [3]vec3, upper float64) (contact, bool) {
	t.Helper()
	size2 := v[1].lenSq() + v[2].lenSq()
	want, wantOK := s.edgeVertex(v[:], upper, size2)
	got, gotOK := s.edgeVertex3(&v, upper, size2)
	if gotOK != wantOK || (wantOK && !sameContact(got, want)) {
		t.Fatalf("case %d: circle %+v, verts %v, upper %v: edgeVertex3 %+v %v, edgeVertex %+v %v", n, s, v, upper, got, gotOK, want, wantOK)
	}
	return want, wantOK
}

// edge3Case draws a swept circle and a triangle in unit space as
// Query.edgeStage passes them (vertex 0 at the origin, r3 = 1), and in
// one case of four a general circle (any r1, r2, r3) and vertex 0 away
// from the origin. The sphere starts within a few radii of the triangle
// and moves about as far, so that vertices and edges are hit; some cases
// aim it through a vertex or an edge's middle; some are degenerate: repeated or collinear vertices, a zero motion, huge,
// tiny, infinite or NaN coordinates.
func edge3Case(r *rand.Rand) (sweptCircle, [3]vec3, float64) {
	scale := math.Pow(10, float64(r.IntN(9)-4))
	// coord is uniform in [-s, s) (the product rounded: no FMA).
	coord := func(s float64) float64 { return float64((float64(r.Float64()) - 0.5) * 2 * s) }
	pt := func(s float64) vec3 { return vec3{coord(s), coord(s), coord(s)} }
	var v [3]vec3
	v[1], v[2] = pt(scale), pt(scale)
	s := sweptCircle{B: pt(scale + 2), r3: 1}
	s.D = pt(scale + 2).sub(s.B)
	if r.IntN(4) == 0 {
		v[0] = pt(scale)
		s.r1, s.r2, s.r3 = float64(float64(r.Float64())*0.1), float64(r.Float64())-0.5, float64(float64(r.Float64())*2)
	}
	switch r.IntN(12) {
	case 0:
		v[2] = v[1] // a repeated vertex: an edge that is a point
	case 1:
		v[2] = v[1].mul(2) // collinear
	case 2:
		s.D = vec3{}
	case 3:
		s.B = v[1].madd(s.D, -0.5) // moving through a vertex
	case 4:
		s.B = v[1].madd(v[2].sub(v[1]), 0.5).madd(s.D, -1) // through an edge's middle
	case 5:
		specials := []float64{math.Inf(1), math.Inf(-1), math.NaN(), 1e300, -1e-300, 0, math.Copysign(0, -1)}
		f := specials[r.IntN(len(specials))]
		switch r.IntN(4) {
		case 0:
			v[1].y = f
		case 1:
			s.B.x = f
		case 2:
			s.D.z = f
		default:
			s.r2 = f
		}
	case 6:
		s.B = v[2].madd(pt(1), 1e-9) // starts touching vertex 2
	}
	upper := 1.0
	if r.IntN(3) == 0 {
		upper = r.Float64()
	}
	return s, v, upper
}

// TestEdgeVertex3MatchesScalar checks edgeVertex3 (the lanes of
// edge3AVX2, then its decisions) against sweptCircle.edgeVertex, bit for
// bit, on 200,000 drawn cases, and that the cases reach every kind of
// outcome (no contact, a vertex, an edge, a contact at t = 0).
func TestEdgeVertex3MatchesScalar(t *testing.T) {
	if !haveEdge3 || !useAVX2 {
		t.Skip("no edge3AVX2 here")
	}
	r := rand.New(rand.NewPCG(7, 24))
	var none, vertex, edge, zero int
	for n := range 200000 {
		s, v, upper := edge3Case(r)
		want, wantOK := checkEdgeVertex3(t, n, s, v, upper)
		switch {
		case !wantOK:
			none++
		case want.t == 0:
			zero++
		case want.feature == Vertex:
			vertex++
		default:
			edge++
		}
	}
	t.Logf("no contact %d, vertex %d, edge %d, at t = 0 %d", none, vertex, edge, zero)
	if min(none, vertex, edge, zero) < 1000 {
		t.Fatalf("the cases miss an outcome: no contact %d, vertex %d, edge %d, at t = 0 %d", none, vertex, edge, zero)
	}
}

// FuzzEdgeVertex3 compares edgeVertex3 with sweptCircle.edgeVertex, bit
// for bit, on any circle, triangle and upper bound.
func FuzzEdgeVertex3(f *testing.F) {
	f.Add(0.5, 0.0, 2.0, 0.0, 0.0, -3.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0)
	f.Add(0.0, 0.0, 0.5, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.3)
	f.Add(-1.0, -1.0, 1.0, 2.0, 2.0, -2.0, 0.1, -0.2, 0.9, 3.0, 0.0, 0.0, 0.0, 3.0, 0.0, 1.0, 1.0, 1.0, 1.0)
	f.Fuzz(func(t *testing.T, bx, by, bz, dx, dy, dz, r1, r2, r3, ax, ay, az, cx, cy, cz, ox, oy, oz, upper float64) {
		if !haveEdge3 || !useAVX2 {
			t.Skip("no edge3AVX2 here")
		}
		s := sweptCircle{B: vec3{bx, by, bz}, D: vec3{dx, dy, dz}, r1: r1, r2: r2, r3: r3}
		v := [3]vec3{{ox, oy, oz}, {ax, ay, az}, {cx, cy, cz}}
		checkEdgeVertex3(t, 0, s, v, upper)
	})
}

// TestEdgeStageOnMeshes sweeps a terrain and a generated level with the
// edge stage in lanes (edgeVertex3) and with edgeVertex (edge3On false):
// every hit is the same bit for bit, and enough of the sweeps end on an
// edge or a vertex for the comparison to mean something.
func TestEdgeStageOnMeshes(t *testing.T) {
	if !edge3On {
		t.Skip("no edge3AVX2 here")
	}
	defer func() { edge3On = true }()
	rng := rand.New(rand.NewPCG(9, 3))
	for name, tris := range map[string][]geom.Triangle{"terrain60": terrain(60), "block": benchLevels()[0].tris} {
		m := NewMesh(tris)
		box := m.Bounds()
		size := box.Max.Sub(box.Min)
		features := 0
		for i := range 3000 {
			e := testEllipsoid(rng, 0.2, 3)
			if i%2 == 0 {
				e = Sphere(0.1 + float64(rng.Float64()))
			}
			begin := box.Min.Add(mgl64.Vec3{float64(size[0] * rng.Float64()), float64(size[1] * rng.Float64()), float64(size[2] * rng.Float64())})
			delta := randVec(rng, geom.Len(size)/4)
			edge3On = true
			h3, ok3 := m.Sweep(e, begin, delta)
			edge3On = false
			h, ok := m.Sweep(e, begin, delta)
			if ok3 != ok || hitHash(h3) != hitHash(h) {
				t.Fatalf("%s: sweep %d: %+v %v with the edge stage in lanes, %+v %v without", name, i, h3, ok3, h, ok)
			}
			if ok && h.Feature != Face {
				features++
			}
		}
		if features < 10 {
			t.Fatalf("%s: only %d of 3000 sweeps end on an edge or a vertex", name, features)
		}
		t.Logf("%s: %d sweeps end on an edge or a vertex", name, features)
	}
}
