package examples

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene/engine"
	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
)

// capsuleCase is a capsule sweep with what the exact contact is: its
// feature on the triangle ("face", "edge", "vertex"), "start" for a
// contact at t = 0, "miss" for none, and its t where it is derived by hand
// (-1 where not).
type capsuleCase struct {
	name       string
	tris       []geom.Triangle
	capsule    sweep.Capsule
	start, end mgl64.Vec3
	want       string
	t          float64
}

// tent is two triangles meeting in a ridge along x at y = 1 (a roof), and
// a spike: a triangle standing with its apex (0, 1, 0) up.
var (
	tentTris  = []geom.Triangle{{{0, 1, 0}, {4, 1, 0}, {0, 0, 2}}, {{4, 1, 0}, {0, 1, 0}, {4, 0, -2}}}
	spikeTris = []geom.Triangle{{{-1, -1, 0}, {1, -1, 0}, {0, 1, 0}}}
)

func capsule(r float64, s mgl64.Vec3) sweep.Capsule { return sweep.Capsule{Radius: r, HalfSegment: s} }

// capsuleCases are derived by hand (the floor is y = 0 over x, z >= 0,
// x + z <= 4):
//
//   - face: upright, radius 0.5, half segment (0, 1, 0), falling from
//     y = 3 to y = -1: its lowest point, 1.5 below the center, reaches the
//     floor after 1.5 of 4 units, t = 0.375.
//   - lying: the segment (0.5..1.5, 2, 1) parallel to the floor falls to
//     y = -1: touches when the center is at 0.5, t = 0.5, along a segment
//     of contact (any point of it is right).
//   - lying across: a segment from x = -2 to 4 at z = 1, beyond the
//     triangle at both ends, falls onto it: no end is over the triangle,
//     the contact is along the segment's interior, t = 0.5 (on the face
//     and on two edges: any of them is right).
//   - edge: upright at (2, 0, -3) moving +z: its segment (y in [-1, 1])
//     meets the edge on the x axis at its interior point (2, 0, 0) when the
//     center is at z = -0.5, t = 0.625.
//   - vertex: upright moving along the diagonal from (-3, 0, -3) to
//     (1, 0, 1): the segment's interior point at y = 0 is 0.5 from the
//     corner (0, 0, 0) at x = z = -0.5/√2, t = (3 - 0.5/√2)/4; the edges'
//     nearest points lie beyond the corner.
//   - end on vertex: upright over (-0.2, ., -0.2) falling: the lower end
//     sphere (center 1 below) is 0.5 from the corner when that center is
//     sqrt(0.25 - 0.08) above it, t = (3 - 1 - sqrt(0.17))/4.
//   - ridge: a capsule along z (crossing the ridge of the tent) falls on
//     it: the segment's interior on the ridge's interior, t = (3 - 1 -
//     0.5)/4 = 0.375 (the ridge at y = 1, radius 0.5).
//   - spike: a capsule along x falls onto the spike's apex (0, 1, 0):
//     the segment's interior on a vertex, t = (3 - 1.5)/4.
//   - tilted on the spike: a capsule leaning in the spike's plane comes
//     down on its apex edge-first (core's answer only).
//   - starts: overlapping (its end sphere 0.2 above the floor), piercing
//     the floor (a thin long capsule through it, ends far), and touching
//     exactly.
//   - miss: level, 1 above the floor.
var capsuleCases = []capsuleCase{
	{"face", floorTris, capsule(0.5, mgl64.Vec3{0, 1, 0}), mgl64.Vec3{1, 3, 1}, mgl64.Vec3{1, -1, 1}, "face", 0.375},
	{"lying", floorTris, capsule(0.5, mgl64.Vec3{0.5, 0, 0}), mgl64.Vec3{1, 2, 1}, mgl64.Vec3{1, -1, 1}, "face", 0.5},
	{"lying across", floorTris, capsule(0.5, mgl64.Vec3{3, 0, 0}), mgl64.Vec3{1, 2, 1}, mgl64.Vec3{1, -1, 1}, "", 0.5},
	{"edge", floorTris, capsule(0.5, mgl64.Vec3{0, 1, 0}), mgl64.Vec3{2, 0, -3}, mgl64.Vec3{2, 0, 1}, "edge", 0.625},
	{"vertex", floorTris, capsule(0.5, mgl64.Vec3{0, 1, 0}), mgl64.Vec3{-3, 0, -3}, mgl64.Vec3{1, 0, 1}, "vertex", (3 - 0.5/math.Sqrt2) / 4},
	{"end on vertex", floorTris, capsule(0.5, mgl64.Vec3{0, 1, 0}), mgl64.Vec3{-0.2, 3, -0.2}, mgl64.Vec3{-0.2, -1, -0.2}, "vertex", (2 - math.Sqrt(0.17)) / 4},
	{"ridge", tentTris, capsule(0.5, mgl64.Vec3{0, 0, 1}), mgl64.Vec3{2, 4, 0}, mgl64.Vec3{2, 0, 0}, "edge", 2.5 / 4},
	{"spike", spikeTris, capsule(0.5, mgl64.Vec3{1, 0, 0}), mgl64.Vec3{0, 4, 0}, mgl64.Vec3{0, 0, 0}, "vertex", 2.5 / 4},
	{"tilted on the spike", spikeTris, capsule(0.3, mgl64.Vec3{0.8, 0.6, 0.3}), mgl64.Vec3{0.2, 3, 0.1}, mgl64.Vec3{0.1, -1, -0.1}, "", -1},
	{"start overlapping", floorTris, capsule(0.5, mgl64.Vec3{0, 1, 0}), mgl64.Vec3{1, 1.2, 1}, mgl64.Vec3{3, 1.2, 1}, "start", 0},
	{"start piercing", floorTris, capsule(0.1, mgl64.Vec3{0, 5, 0.5}), mgl64.Vec3{1, 0.3, 1}, mgl64.Vec3{1.5, 0.3, 1}, "start", 0},
	{"start touching", floorTris, capsule(0.5, mgl64.Vec3{0, 0, 1}), mgl64.Vec3{1, 0.5, 1.5}, mgl64.Vec3{1, -0.5, 1.5}, "start", 0},
	{"miss", floorTris, capsule(0.5, mgl64.Vec3{0, 0.5, 0}), mgl64.Vec3{1, 2, 1}, mgl64.Vec3{3, 2, 1}, "miss", -1},
}

// capsuleQuery is the query of a capsule motion over tris.
func capsuleQuery(tris []geom.Triangle, c sweep.Capsule, start, end mgl64.Vec3) engine.Query {
	return engine.Query{Mesh: engine.NewMesh(tris), Motion: sweep.Motion{Shape: sweep.CapsuleShape(c), Start: start, End: end}}
}

// judgeCapsule asks p the sweep of q and judges its answer against the
// core's with the engine tolerance (judge.Judge{}: 1e-4 shape units); it
// returns the verdict, the core's answer and the engine's.
func judgeCapsule(t *testing.T, p *engine.Process, q engine.Query) (judge.Verdict, sweep.Answer, sweep.Answer) {
	t.Helper()
	got, err := p.Sweep(context.Background(), q)
	if err != nil {
		t.Fatalf("%s: capsule %+v from %v to %v: %v", p.Name(), q.Shape.Capsule, q.Start, q.End, err)
	}
	var exact sweep.Answer
	exact.First, exact.Hit = q.Mesh.Core.Cast(q.Shape, q.Start, q.Delta())
	exact.Has = sweep.AllFields
	return q.Judge(judge.Judge{}, engine.OpSweep, exact, got), exact, got
}

// checkCapsules: the engine cmdline lists ellipsoid and capsule (not box)
// in its hello, answers every hand-made capsule sweep as the debugger's
// judge wants (and within 1e-9 of the hand-derived t), answers 400 random
// capsule sweeps over the floor, the tent and the spike with none judged
// wrong, and answers boxes, two shapes and a bad radius with an error.
func checkCapsules(t *testing.T, cmdline string) {
	t.Helper()
	raw := startEngine(t, strings.Fields(cmdline)...)
	if a := raw.ask(`{"op":"hello","protocol":1}`); strings.Join(a.Shapes, ",") != "ellipsoid,capsule" {
		t.Errorf("hello shapes %v, want ellipsoid, capsule", a.Shapes)
	}
	raw.ask(floorMesh)
	for _, req := range []string{
		`{"op":"sweep","mesh":1,"box":{"axes":[[1,0,0],[0,1,0],[0,0,1]]},"start":[1,3,1],"end":[1,-1,1]}`,
		`{"op":"sweep","mesh":1,"capsule":{"radius":1,"halfSegment":[0,1,0]},"ellipsoid":` + unitAxes + `,"start":[1,3,1],"end":[1,-1,1]}`,
		`{"op":"sweep","mesh":1,"capsule":{"radius":-1,"halfSegment":[0,1,0]},"start":[1,3,1],"end":[1,-1,1]}`,
	} {
		if a := raw.ask(req); a.Error == nil {
			t.Errorf("%s: answer %+v, want an error", req, a)
		}
	}
	// A capsule request in the protocol's own words (docs/engine-protocol.md, "Shapes").
	if a := raw.ask(`{"op":"sweep","mesh":1,"capsule":{"radius":0.5,"halfSegment":[0,1,0]},"start":[1,5,1],"end":[1,-5,1]}`); a.T == nil || !near(*a.T, 0.35, 1e-12) || a.Feature != "face" {
		t.Errorf("the protocol's worked capsule: %+v, want t 0.35 on the face", a)
	}

	p, err := engine.Start(context.Background(), cmdline, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if s := p.Shapes(); !s.Has(sweep.KindEllipsoid) || !s.Has(sweep.KindCapsule) || s.Has(sweep.KindBox) {
		t.Errorf("the debugger reads the hello's shapes as %v", s.Names())
	}
	box := engine.Query{Mesh: engine.NewMesh(floorTris), Motion: sweep.Motion{
		Shape: sweep.BoxShape(sweep.Box{Axes: [3]mgl64.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}), Start: mgl64.Vec3{1, 3, 1}, End: mgl64.Vec3{1, -1, 1}}}
	if _, err := p.Sweep(context.Background(), box); !engine.SatOut(err) {
		t.Errorf("a box sweep: %v, want the engine to sit it out", err)
	}

	for _, c := range capsuleCases {
		q := capsuleQuery(c.tris, c.capsule, c.start, c.end)
		v, exact, got := judgeCapsule(t, p, q)
		// The case is what it says: the core agrees with the hand derivation.
		kind := "miss"
		switch {
		case exact.Hit && exact.First.T == 0:
			kind = "start"
		case exact.Hit:
			kind = exact.First.Feature.String()
		}
		if c.want != "" && kind != c.want || c.t >= 0 && !near(exact.First.T, c.t, 1e-12) {
			t.Fatalf("%s: the core's contact is %s at t %v, want %s at %v: the case is not what it says", c.name, kind, exact.First.T, c.want, c.t)
		}
		if v.State != judge.Agrees {
			t.Errorf("%s: %s %s: %v\n  engine %+v\n  core   %+v", p.Name(), c.name, kind, v, got.First, exact.First)
			continue
		}
		if exact.Hit && !near(got.First.T, exact.First.T, 1e-9) {
			t.Errorf("%s: %s: t %v, the core's %v: the method is exact, want within 1e-9", p.Name(), c.name, got.First.T, exact.First.T)
		}
	}

	// Random capsule sweeps, half of them aimed at a point of the mesh.
	rng := rand.New(rand.NewPCG(1, 2))
	meshes := [][]geom.Triangle{floorTris, tentTris, spikeTris, append(append([]geom.Triangle{}, tentTris...), floorTris...)}
	in := func(lo, hi float64) float64 { return lo + (hi-lo)*rng.Float64() }
	vec := func(lo, hi float64) mgl64.Vec3 { return mgl64.Vec3{in(lo, hi), in(lo, hi), in(lo, hi)} }
	var judged, hits, starts, wrong int
	kinds := map[string]int{}
	for i := range 400 {
		tris := meshes[i%len(meshes)]
		c := capsule(in(0.1, 1.2), vec(-1.5, 1.5))
		if i%7 == 0 {
			c.HalfSegment = c.HalfSegment.Mul(1e-3 * float64(i%2)) // a sphere, or nearly one
		}
		start := vec(-2, 5)
		end := vec(-2, 5)
		if i%2 == 0 { // aim through a point of a triangle
			tri := tris[rng.IntN(len(tris))]
			u, w := rng.Float64(), rng.Float64()
			if u+w > 1 {
				u, w = 1-u, 1-w
			}
			aim := tri[0].Add(tri[1].Sub(tri[0]).Mul(u)).Add(tri[2].Sub(tri[0]).Mul(w))
			end = start.Add(aim.Sub(start).Mul(in(1, 2)))
		}
		v, exact, got := judgeCapsule(t, p, capsuleQuery(tris, c, start, end))
		judged++
		if exact.Hit {
			hits++
			if exact.First.T == 0 {
				starts++
			} else {
				kinds[exact.First.Feature.String()]++
			}
		}
		if v.State != judge.Agrees {
			wrong++
			if wrong <= 5 {
				t.Errorf("%s: random capsule %d %+v from %v to %v: %v\n  engine %+v\n  core   %+v", p.Name(), i, c, start, end, v, got.First, exact.First)
			}
		}
	}
	t.Logf("%s: %d hand-made capsule sweeps and %d random ones judged (%d hits: %d at the start, %v), %d wrong",
		p.Name(), len(capsuleCases), judged, hits, starts, kinds, wrong)
	if hits < judged/3 || starts == 0 || kinds["face"] == 0 || kinds["edge"] == 0 || kinds["vertex"] == 0 {
		t.Errorf("the random capsule sweeps hit %d of %d (%d at the start, %v): want a third, and every kind", hits, judged, starts, kinds)
	}
}

// TestFauerbyCapsules: fauerby.c answers capsules as the judge wants.
func TestFauerbyCapsules(t *testing.T) {
	checkCapsules(t, buildFauerby(t))
}

// TestPythonCapsules: engine.py answers capsules as the judge wants.
func TestPythonCapsules(t *testing.T) {
	checkCapsules(t, need(t, "python3")+" engines/python/engine.py")
}
