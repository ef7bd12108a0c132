package sweep

import (
	"crypto/sha256"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// playerCapsule is the capsule of the same size as the ellipsoid e with a
// vertical (z) long axis, as the level benchmarks use it: radius the
// smallest semi-axis, the segment making its height 2·Extent()[2].
func playerCapsule(e Ellipsoid) Capsule {
	r := e.minAxis()
	return Capsule{Radius: r, HalfSegment: mgl64.Vec3{0, 0, max(e.Extent()[2]-r, 0)}}
}

// playerBox is the box with the ellipsoid's extents.
func playerBox(e Ellipsoid) Box {
	x := e.Extent()
	return Box{Axes: [3]mgl64.Vec3{{x[0], 0, 0}, {0, x[1], 0}, {0, 0, x[2]}}}
}

// bruteCast is what Mesh.Cast must return for a capsule or a box: the
// triangle function on every triangle, keeping the earliest hit and, among
// equal T, the lowest index.
func bruteCast(tris []geom.Triangle, s Shape, begin, delta mgl64.Vec3) (Hit, bool) {
	r := sweepResult{bestT: 1}
	for i, tri := range tris {
		var h Hit
		var ok bool
		switch s.Kind {
		case KindCapsule:
			h, ok = CapsuleTriangle(s.Capsule, begin, delta, tri)
		case KindBox:
			h, ok = BoxTriangle(s.Box, begin, delta, tri)
		}
		if ok {
			r.offer(h, i)
		}
	}
	return r.best, r.found
}

// TestShapeCastsMatchBruteForce: on the level meshes' casts and on random
// grids (many exact ties on shared edges and vertices), Mesh.Cast of a
// capsule and a box returns bit for bit the brute-force answer, so the
// walk, the swept box test and maxT reject nothing that counts.
func TestShapeCastsMatchBruteForce(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 40
	}
	for _, lv := range benchLevels() {
		for _, s := range []Shape{CapsuleShape(playerCapsule(lv.player)), BoxShape(playerBox(lv.player))} {
			hits := 0
			for i, q := range lv.casts[:n] {
				want, wantOK := bruteCast(lv.tris, s, q.begin, q.delta)
				got, gotOK := lv.mesh.Cast(s, q.begin, q.delta)
				if gotOK != wantOK || got != want {
					t.Fatalf("%s %v cast %d: Cast %v %+v, brute force %v %+v", lv.name, s.Kind, i, gotOK, got, wantOK, want)
				}
				if gotOK {
					hits++
				}
			}
			if hits < n/4 || hits == n {
				t.Fatalf("%s %v: %d hits of %d casts", lv.name, s.Kind, hits, n)
			}
		}
	}
	rng := rand.New(rand.NewPCG(41, 42))
	tris := grid(rng, 12)
	m := NewMesh(tris)
	for i := range 500 {
		c := Capsule{Radius: 0.2 + float64(0.5*rng.Float64()), HalfSegment: geom.Scale(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}, 0.5)}
		b := Box{Axes: playerBox(testEllipsoid(rng, 0.2, 0.8)).Axes}
		begin := mgl64.Vec3{float64(12 * rng.Float64()), 1 + float64(2*float64(rng.Float64())), float64(12 * rng.Float64())}
		delta := mgl64.Vec3{float64(rng.NormFloat64() * 3), float64(-4 * rng.Float64()), float64(rng.NormFloat64() * 3)}
		if i%5 == 0 {
			begin[1] = 0.5 + 0.2 // on the lattice: exact touches at the start
		}
		for _, s := range []Shape{CapsuleShape(c), BoxShape(b)} {
			want, wantOK := bruteCast(tris, s, begin, delta)
			got, gotOK := m.Cast(s, begin, delta)
			if gotOK != wantOK || got != want {
				t.Fatalf("grid %v cast %d: Cast %v %+v, brute force %v %+v", s.Kind, i, gotOK, got, wantOK, want)
			}
		}
	}
}

// TestBoxCastHugeMatchesBruteForce: boxes cast past triangles near their
// start and triangles 1e25 away (NewMesh leaves out what lies beyond
// 1e30), by motions up to 1e101 long, so that the box defers the contact
// point of some casts' hits and makes it at once for frames too large to
// defer (boxFrame.moderate); Mesh.Cast must still return the brute-force
// answer bit for bit.
func TestBoxCastHugeMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	var tris []geom.Triangle
	for _, at := range []float64{0, 1e25} {
		for range 8 {
			c := mgl64.Vec3{at + float64(rng.NormFloat64()*3), float64(rng.NormFloat64() * 2), float64(rng.NormFloat64() * 2)}
			tris = append(tris, geom.Triangle{c.Add(geom.Scale(randUnit(rng), 2)), c.Add(geom.Scale(randUnit(rng), 2)), c.Add(geom.Scale(randUnit(rng), 2))})
		}
	}
	m := NewMesh(tris)
	hits := 0
	for i := range 600 {
		b := BoxShape(Box{Axes: playerBox(testEllipsoid(rng, 0.5, 2)).Axes})
		begin := mgl64.Vec3{float64(rng.NormFloat64() * 4), rng.NormFloat64(), rng.NormFloat64()}
		delta := mgl64.Vec3{float64([]float64{5, 1.5e25, 1.5e101}[i%3] * rng.Float64()), rng.NormFloat64(), rng.NormFloat64()}
		if i%4 == 0 {
			begin, delta = begin.Add(mgl64.Vec3{1e25, 0, 0}), geom.Scale(delta, -1)
		}
		want, wantOK := bruteCast(tris, b, begin, delta)
		got, gotOK := m.Cast(b, begin, delta)
		if gotOK != wantOK || got != want {
			t.Fatalf("cast %d: Cast %v %+v, brute force %v %+v", i, gotOK, got, wantOK, want)
		}
		if gotOK {
			hits++
		}
	}
	if hits < 60 {
		t.Fatalf("only %d hits of 600 casts", hits)
	}
}

// randUnit is a random unit vector.
func randUnit(rng *rand.Rand) mgl64.Vec3 {
	return geom.Normalize(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()})
}

// shrunk is s made smaller by a relative 1e-6 (radius, half segment and
// half extents): it touches nothing the slide merely touches (the skin is
// 1e-3 of the unit), so any hit of it is a real overlap.
func shrunk(s Shape) Shape {
	const f = 1 - 1e-6
	s.Capsule.Radius *= f
	s.Capsule.HalfSegment = geom.Scale(s.Capsule.HalfSegment, f)
	for i := range s.Box.Axes {
		s.Box.Axes[i] = geom.Scale(s.Box.Axes[i], f)
	}
	return s
}

// checkShapeSlide reports where a slide of s goes into geometry: the
// shrunk shape cast along any piece of the path (from, each Contact and
// Resume, Final), or standing at Final (a cast of zero length, T = 0),
// touches a triangle (the shape's own triangle functions, brute force).
func checkShapeSlide(s Shape, from mgl64.Vec3, r SlideResult, tris []geom.Triangle) string {
	in := shrunk(s)
	path := slidePath(from, r)
	for i := 0; i+1 < len(path); i++ {
		if h, ok := bruteCast(tris, in, path[i], path[i+1].Sub(path[i])); ok {
			return fmt.Sprintf("path piece %d enters triangle %d at T = %g", i, h.Triangle, h.T)
		}
	}
	if _, ok := bruteCast(tris, in, r.Final, mgl64.Vec3{}); ok {
		return "ends inside"
	}
	return ""
}

// randomShape is a capsule with a random segment or a box of random
// orientation, sizes in [0.2, 1].
func randomShape(rng *rand.Rand) Shape {
	e := testEllipsoid(rng, 0.2, 1)
	if rng.IntN(2) == 0 {
		return CapsuleShape(Capsule{Radius: e.minAxis(), HalfSegment: geom.Scale(e.Axes[0], float64(rng.Float64()))})
	}
	return BoxShape(Box{Axes: e.Axes})
}

// TestShapeSlideNeverEntersGeometry: random capsule and box slides in the
// ellipsoid's hard scenes (floor, ramp, wall, crease, spike, stairs, a
// room); none passes through a triangle or ends inside one.
func TestShapeSlideNeverEntersGeometry(t *testing.T) {
	total := 800
	if testing.Short() {
		total = 240
	}
	rng := rand.New(rand.NewPCG(43, 44))
	steps, slides := 0, 0
	for _, sc := range slideScenes() {
		m := NewMesh(sc.tris)
		for i := 0; i < total/8; i++ {
			s := randomShape(rng)
			var from mgl64.Vec3
			for k := 0; k < 100; k++ { // a start that does not overlap
				for j := range 3 {
					from[j] = sc.lo[j] + float64((sc.hi[j]-sc.lo[j])*rng.Float64())
				}
				if _, ok := m.Cast(s, from, mgl64.Vec3{}); !ok {
					break
				}
			}
			if _, ok := m.Cast(s, from, mgl64.Vec3{}); ok {
				continue
			}
			to := from.Add(mgl64.Vec3{float64(rng.NormFloat64() * 2), float64(rng.NormFloat64()*2) - 1.5, float64(rng.NormFloat64() * 2)})
			res := m.SlideShape(s, from, to, SlideOptions{})
			steps += len(res.Steps)
			slides++
			if msg := checkShapeSlide(s, from, res, sc.tris); msg != "" {
				t.Fatalf("%s slide %d (%v): %s\nshape %+v from %v to %v\nresult %+v", sc.name, i, s.Kind, msg, s, from, to, res)
			}
		}
	}
	t.Logf("%d slides, %d contacts", slides, steps)
	if slides < total/2 || steps < slides/2 {
		t.Fatalf("%d slides, %d contacts: the slides do not exercise the scenes", slides, steps)
	}
}

// TestShapeSlideGlidesAndFollowsCreases: an upright capsule and a box
// resting on the floor (y = 0) keep at least 98% of a horizontal motion
// pushed down into it; pushed down into the V valley (crease along z)
// they move along the crease by its component of the motion (2%).
func TestShapeSlideGlidesAndFollowsCreases(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 46))
	floor, valley := NewMesh(floorTris()), NewMesh(vValley())
	shapes := []Shape{
		CapsuleShape(Capsule{Radius: 0.3, HalfSegment: mgl64.Vec3{0, 0.5, 0}}),
		BoxShape(Box{Axes: [3]mgl64.Vec3{{0.4, 0, 0}, {0, 0.3, 0}, {0, 0, 0.5}}}),
	}
	for _, s := range shapes {
		for i := range 100 {
			from := mgl64.Vec3{float64(rng.Float64()*4) - 2, s.Extent()[1] + float64(0.01*rng.Float64()), float64(rng.Float64()*4) - 2}
			move := mgl64.Vec3{rng.NormFloat64(), -float64(rng.Float64()), rng.NormFloat64()}
			res := floor.SlideShape(s, from, from.Add(move), SlideOptions{})
			h := mgl64.Vec2{move[0], move[2]}
			got := mgl64.Vec2{res.Final[0] - from[0], res.Final[2] - from[2]}
			if kept := geom.Dot2(got, h) / geom.LenSq2(h); kept < 0.98 {
				t.Fatalf("%v floor slide %d: kept %.4f of the horizontal motion (%+v)", s.Kind, i, kept, res)
			}
			if msg := checkShapeSlide(s, from, res, floorTris()); msg != "" {
				t.Fatalf("%v floor slide %d: %s", s.Kind, i, msg)
			}

			from = mgl64.Vec3{float64(rng.Float64()) - 0.5, 3, float64(float64(rng.Float64())*2) - 1}
			move = mgl64.Vec3{0, -4 - float64(2*float64(rng.Float64())), float64((float64(float64(rng.Float64())*2) - 1) * 3)}
			res = valley.SlideShape(s, from, from.Add(move), SlideOptions{})
			if got := res.Final[2] - from[2]; math.Abs(got-move[2]) > float64(0.02*math.Abs(move[2]))+1e-6 {
				t.Fatalf("%v valley slide %d: moved %.4f along the crease, want %.4f (%+v)", s.Kind, i, got, move[2], res)
			}
			if _, ok := valley.Cast(s, res.Final, mgl64.Vec3{0, -0.05, 0}); !ok {
				t.Fatalf("%v valley slide %d: ended at %v, not in the crease", s.Kind, i, res.Final)
			}
			if msg := checkShapeSlide(s, from, res, vValley()); msg != "" {
				t.Fatalf("%v valley slide %d: %s", s.Kind, i, msg)
			}
		}
	}
}

// shapeAnswersDigest is the SHA-256 of every capsule and box answer of
// TestShapeAnswersPinned as it was at b66fd22, before the capsule's and
// box's third round of speed work (docs/performance.md, "shape-speed"),
// which changed no answer.
const shapeAnswersDigest = "1c9bbd4bf28cf70670e314f7f39db3989a02e5ad10c22909184cfedc5d55c0fe"

// TestShapeAnswersPinned pins the capsule's and box's answers on the level
// benchmarks' 2000 casts each, cast (every field, bit for bit) and slide
// (the final center), to shapeAnswersDigest: a change to their narrow
// phases or mesh loop that moves any answer by a bit fails here, where
// the brute-force comparisons, which share the triangle functions, would
// not notice.
// The digest is amd64's (pinnedOnAMD64).
func TestShapeAnswersPinned(t *testing.T) {
	pinnedOnAMD64(t)
	hs := sha256.New()
	for _, lv := range benchLevels() {
		for _, s := range []Shape{CapsuleShape(playerCapsule(lv.player)), BoxShape(playerBox(lv.player))} {
			for _, q := range lv.casts {
				h, ok := lv.mesh.Cast(s, q.begin, q.delta)
				fmt.Fprintf(hs, "%v %v %x %x %x %x %x %x %x %v %d\n", s.Kind, ok, h.T, h.Point[0], h.Point[1], h.Point[2], h.Normal[0], h.Normal[1], h.Normal[2], h.Feature, h.Triangle)
				r := lv.mesh.SlideShape(s, q.begin, q.begin.Add(q.delta), SlideOptions{})
				fmt.Fprintf(hs, "%x\n", r.Final)
			}
		}
	}
	if got := fmt.Sprintf("%x", hs.Sum(nil)); got != shapeAnswersDigest {
		t.Fatalf("capsule and box answers digest %s, want %s", got, shapeAnswersDigest)
	}
}
