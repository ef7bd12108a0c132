package unitspace_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
	"sweepdbg/sweep/internal/handcases"
	"sweepdbg/sweep/oracle"
	"sweepdbg/sweep/unitspace"
)

// tol is the agreement asked of the algorithms, in unit-sphere distance:
// a T is right when the ellipsoid at T is within tol of touching and came
// no closer than 1 - tol before.
const tol = 1e-6

// pointTol bounds the unit-space distance between two contact points at
// T > 0 whose T agree within tol (the contact point of a strictly convex
// ellipsoid and a triangle is unique; it moves at most as fast as the
// center, plus rounding).
const pointTol = 1e-5

// query is one random case.
type query struct {
	e            sweep.Ellipsoid
	begin, delta mgl64.Vec3
	tri          geom.Triangle
}

func randVec(r *rand.Rand, s float64) mgl64.Vec3 {
	return mgl64.Vec3{float64((float64(2*float64(r.Float64())) - 1) * s), float64((float64(2*float64(r.Float64())) - 1) * s), float64((float64(2*float64(r.Float64())) - 1) * s)}
}

// randEllipsoid has a random orientation and semi-axes between 0.2 and 3.
func randEllipsoid(r *rand.Rand) sweep.Ellipsoid {
	q := geom.QuatNormalize(mgl64.Quat{W: r.NormFloat64(), V: mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}})
	m := geom.QuatMat4(q).Mat3()
	var e sweep.Ellipsoid
	for i := range e.Axes {
		e.Axes[i] = geom.Scale(m.Col(i), math.Pow(10, -0.7+float64(1.2*r.Float64())))
	}
	return e
}

// randTriangle is mostly an ordinary triangle, sometimes a collinear,
// sliver or collapsed one.
func randTriangle(r *rand.Rand) geom.Triangle {
	t := geom.Triangle{randVec(r, 2), randVec(r, 2), randVec(r, 2)}
	switch r.IntN(12) {
	case 0: // collinear
		t[2] = t[0].Add(geom.Scale(t[1].Sub(t[0]), float64(2*float64(r.Float64()))-0.5))
	case 1: // sliver
		t[2] = t[0].Add(geom.Scale(t[1].Sub(t[0]), float64(r.Float64()))).Add(randVec(r, 1e-9))
	case 2: // two vertices equal
		t[2] = t[1]
	}
	return t
}

// randQuery mixes the core's property families: random motions, motions
// aimed at a point of the triangle (often an edge or a vertex), grazing
// ones, motions parallel to the plane, starts in the plane's slab beyond
// an edge, overlapping starts, no motion, and very flat ellipsoids.
func randQuery(r *rand.Rand) query {
	q := query{e: randEllipsoid(r), tri: randTriangle(r)}
	switch r.IntN(9) {
	case 0:
		q.begin, q.delta = randVec(r, 5), randVec(r, 8)
	case 1, 2:
		q.begin, q.delta = aimed(r, q)
	case 3, 4:
		q.begin, q.delta = grazing(r, q)
	case 5:
		q = parallel(r)
	case 6: // starts touching or overlapping: within 1.05 unit radii of a point of the triangle
		q.begin = pointOn(r, q.tri).Add(unitToWorld(q.e, randVec(r, 0.6)))
		q.delta = randVec(r, 4)
	case 7: // no motion, 0 to 2 unit radii from the triangle
		q.begin = pointOn(r, q.tri).Add(unitToWorld(q.e, randVec(r, 1.2)))
	default: // a flat ellipsoid (100:1), aimed
		k := r.IntN(3)
		q.e.Axes[k] = geom.Scale(q.e.Axes[k], 0.01)
		q.begin, q.delta = aimed(r, q)
	}
	return q
}

// aimed moves toward a point of the triangle from up to 5 away, 0.5 to 2
// times as far, with a small jitter.
func aimed(r *rand.Rand, q query) (begin, delta mgl64.Vec3) {
	target := pointOn(r, q.tri)
	begin = target.Add(randVec(r, 5))
	return begin, geom.Scale(target.Sub(begin), 0.5+float64(1.5*r.Float64())).Add(randVec(r, 0.1))
}

// unitToWorld maps a unit-space vector to world space (M·u).
func unitToWorld(e sweep.Ellipsoid, u mgl64.Vec3) mgl64.Vec3 {
	return geom.Scale(e.Axes[0], u[0]).Add(geom.Scale(e.Axes[1], u[1])).Add(geom.Scale(e.Axes[2], u[2]))
}

// parallel moves an axis-aligned ellipsoid exactly parallel to a triangle
// in a plane z = c, at a height of about one z radius (exactly one, or off
// by up to 1e-3 either way), or starts in the plane's slab beyond an edge
// and moves toward the triangle.
func parallel(r *rand.Rand) query {
	radii := mgl64.Vec3{0.2 + float64(2*float64(r.Float64())), 0.2 + float64(2*float64(r.Float64())), 0.2 + float64(2*float64(r.Float64()))}
	e := sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{radii[0], 0, 0}, {0, radii[1], 0}, {0, 0, radii[2]}}}
	c := float64(r.IntN(5)) - 2
	tri := geom.Triangle{}
	for k := range tri {
		tri[k] = mgl64.Vec3{float64(4*r.Float64()) - 2, float64(4*r.Float64()) - 2, c}
	}
	if r.IntN(2) == 0 { // slab beyond an edge: within the slab, outside the triangle
		begin := tri[0].Add(geom.Scale(geom.Normalize(tri[0].Sub(tri[1]).Add(tri[0].Sub(tri[2]))), 3))
		begin[2] = c + float64(radii[2]*(float64(2*float64(r.Float64()))-1))
		return query{e: e, tri: tri, begin: begin, delta: geom.Scale(pointOn(r, tri).Sub(begin), float64(2*float64(r.Float64())))}
	}
	h := float64(radii[2] * (1 + []float64{0, 1e-3, -1e-3, 1e-9}[r.IntN(4)]))
	begin := mgl64.Vec3{float64(6*r.Float64()) - 3, float64(6*r.Float64()) - 3, c + h}
	d := randVec(r, 6)
	d[2] = 0
	return query{e: e, tri: tri, begin: begin, delta: d}
}

// pointOn picks a point of the triangle: interior, on an edge or a vertex.
func pointOn(r *rand.Rand, t geom.Triangle) mgl64.Vec3 {
	u, v := float64(r.Float64()), float64(r.Float64())
	if u+v > 1 {
		u, v = 1-u, 1-v
	}
	switch r.IntN(3) {
	case 0:
		v = 0
	case 1:
		u, v = float64(r.IntN(2)), 0
	}
	return t[0].Add(geom.Scale(t[1].Sub(t[0]), u)).Add(geom.Scale(t[2].Sub(t[0]), v))
}

// grazing places the ellipsoid touching a point of the triangle (at a
// unit-space distance of 1 ± a tiny amount along a random outward
// direction) halfway through a motion nearly tangent to that direction.
func grazing(r *rand.Rand, q query) (begin, delta mgl64.Vec3) {
	m := mgl64.Mat3FromCols(q.e.Axes[0], q.e.Axes[1], q.e.Axes[2])
	n := geom.Normalize(mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()})
	gap := 1 + float64((float64(2*float64(r.Float64()))-1)*math.Pow(10, -3-float64(6*r.Float64())))
	c := pointOn(r, q.tri).Add(geom.MulVec3(m, geom.Scale(n, gap)))
	tangent := geom.Normalize(geom.PlainCross(n, mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}))
	du := geom.Scale(tangent.Add(geom.Scale(n, float64(1e-4*r.NormFloat64()))), 4)
	delta = geom.MulVec3(m, du)
	f := float64(r.Float64())
	return c.Sub(geom.Scale(delta, f)), delta
}

// judge is the oracle's view of one query.
type judge struct {
	q    query
	inv  mgl64.Mat3
	du   float64 // length of the motion in unit space
	axes [3]mgl64.Vec3
}

func newJudge(q query) judge {
	m := mgl64.Mat3FromCols(q.e.Axes[0], q.e.Axes[1], q.e.Axes[2])
	j := judge{q: q, inv: geom.InvMat3(m), axes: q.e.Axes}
	j.du = geom.Len(geom.MulVec3(j.inv, q.delta))
	return j
}

// valid reports whether a claimed result is a first contact within tol: a
// hit's ellipsoid touches at T (unit distance <= 1 + tol) and came no
// closer than 1 - tol before; a miss never comes closer than 1 - tol.
func (j judge) valid(h sweep.Hit, ok bool) bool {
	if !ok {
		_, d := oracle.MinDistance(j.axes, j.q.begin, j.q.delta, j.q.tri, 0, 1)
		return d >= 1-tol
	}
	if oracle.UnitDistance(j.axes, j.q.begin.Add(geom.Scale(j.q.delta, h.T)), j.q.tri) > 1+tol {
		return false
	}
	if h.T == 0 {
		return true
	}
	_, d := oracle.MinDistance(j.axes, j.q.begin, j.q.delta, j.q.tri, 0, h.T)
	return d >= 1-tol
}

// agree reports whether two results agree within tol in unit-sphere
// distance: the same verdict with T within tol/|D_unit|, or both valid.
func (j judge) agree(a sweep.Hit, aok bool, b sweep.Hit, bok bool) bool {
	if aok == bok && (!aok || math.Abs(a.T-b.T)*j.du <= tol) {
		return true
	}
	return j.valid(a, aok) && j.valid(b, bok)
}

// samePoint compares two contacts at T > 0 whose T agree closely: points
// within pointTol in unit space, normals within pointTol.
func (j judge) samePoint(a, b sweep.Hit) bool {
	if a.T == 0 || b.T == 0 || math.Abs(a.T-b.T)*j.du > tol {
		return true
	}
	return geom.Len(geom.MulVec3(j.inv, a.Point.Sub(b.Point))) <= pointTol && geom.Len(a.Normal.Sub(b.Normal)) <= pointTol
}

// sane checks what must hold of any result: T in [0, 1], finite point, unit
// normal, and the point on the triangle and on or in the ellipsoid at T.
func (j judge) sane(h sweep.Hit, ok bool) string {
	if !ok {
		return ""
	}
	switch {
	case !(h.T >= 0 && h.T <= 1):
		return "T outside [0, 1]"
	case !geom.IsFinite(h.Point) || math.Abs(geom.Len(h.Normal)-1) > 1e-9:
		return "non-finite point or non-unit normal"
	case oracle.UnitDistance(j.axes, h.Point, j.q.tri) > 1e-9:
		return "point not on the triangle"
	case geom.Len(geom.MulVec3(j.inv, h.Point.Sub(j.q.begin.Add(geom.Scale(j.q.delta, h.T))))) > 1+tol:
		return "point outside the ellipsoid at T"
	}
	return ""
}

func cases(t *testing.T) int {
	if testing.Short() {
		return 2000
	}
	return 100000
}

// eachCase runs check on random queries from the seed (2k under -short,
// 100k otherwise) and reports each failure it describes, up to ten.
func eachCase(t *testing.T, seed uint64, check func(q query, j judge) string) {
	r := rand.New(rand.NewPCG(seed, seed+1))
	bad := 0
	for i := 0; i < cases(t) && bad < 10; i++ {
		q := randQuery(r)
		if msg := check(q, newJudge(q)); msg != "" {
			bad++
			t.Errorf("case %d: %s\n  query %+v", i, msg, q)
		}
	}
}

// TestAgainstOracle: unitspace's answer is a valid first contact, agrees
// with the oracle's, and is sane, on random, aimed and grazing cases.
func TestAgainstOracle(t *testing.T) {
	eachCase(t, 1, func(q query, j judge) string {
		h, ok := unitspace.EllipsoidTriangle(q.e, q.begin, q.delta, q.tri)
		c, cok := oracle.FirstContact(q.e.Axes, q.begin, q.delta, q.tri)
		o := sweep.Hit{T: c.T, Point: c.Point, Normal: c.Normal}
		msg := j.sane(h, ok)
		switch {
		case msg != "":
		case !j.valid(h, ok):
			msg = "not a valid first contact"
		case !j.agree(h, ok, o, cok):
			msg = "disagrees with the oracle"
		case ok && cok && c.Dist > 1-tol && o.Normal != (mgl64.Vec3{}) && !j.samePoint(h, o):
			msg = "point or normal differs from the oracle's"
		default:
			return ""
		}
		return fmt.Sprintf("%s\n  unitspace %v %+v\n  oracle    %v %+v", msg, ok, h, cok, c)
	})
}

// TestAgainstCore: unitspace and the core (Rouwé's method) agree.
func TestAgainstCore(t *testing.T) {
	eachCase(t, 3, func(q query, j judge) string {
		h, ok := unitspace.EllipsoidTriangle(q.e, q.begin, q.delta, q.tri)
		s, sok := sweep.EllipsoidTriangle(q.e, q.begin, q.delta, q.tri)
		if j.agree(h, ok, s, sok) && (!ok || !sok || j.samePoint(h, s)) {
			return ""
		}
		return fmt.Sprintf("unitspace and the core disagree\n  unitspace %v %+v\n  core      %v %+v\n  valid: unitspace %v, core %v",
			ok, h, sok, s, j.valid(h, ok), j.valid(s, sok))
	})
}

// TestFarFromOrigin: the same query moved 1e6 away gives the same T (the
// frame is relative to the start, so only the input's rounding differs).
func TestFarFromOrigin(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	off := mgl64.Vec3{1e6, -1e6, 1e6}
	for i := 0; i < cases(t)/10; i++ {
		q := randQuery(r)
		far := q
		far.begin = q.begin.Add(off)
		for k := range far.tri {
			far.tri[k] = q.tri[k].Add(off)
		}
		h, ok := unitspace.EllipsoidTriangle(q.e, q.begin, q.delta, q.tri)
		g, gok := unitspace.EllipsoidTriangle(far.e, far.begin, far.delta, far.tri)
		j := newJudge(far)
		// 1e6 costs about 6 of the 16 digits: allow 1e-6 in distance.
		if ok != gok && !(j.valid(g, gok)) || ok && gok && math.Abs(h.T-g.T)*j.du > 1e-6 && !j.valid(g, gok) {
			t.Errorf("case %d: near %v %+v, far %v %+v", i, ok, h, gok, g)
		}
	}
}

// FuzzEllipsoidTriangle: no panic, no NaN, T in [0, 1], unit normal.
func FuzzEllipsoidTriangle(f *testing.F) {
	for _, c := range handcases.Cases {
		a := c.E.Axes
		f.Add(c.Tri[0][0], c.Tri[0][1], c.Tri[0][2], c.Tri[1][0], c.Tri[1][1], c.Tri[1][2], c.Tri[2][0], c.Tri[2][1], c.Tri[2][2],
			c.Begin[0], c.Begin[1], c.Begin[2], c.Delta[0], c.Delta[1], c.Delta[2], geom.Len(a[0]), geom.Len(a[1]), geom.Len(a[2]), 0.3)
	}
	f.Fuzz(func(t *testing.T, ax, ay, az, bx, by, bz, cx, cy, cz, px, py, pz, dx, dy, dz, r0, r1, r2, angle float64) {
		tri := geom.Triangle{{ax, ay, az}, {bx, by, bz}, {cx, cy, cz}}
		rot := mgl64.HomogRotate3DY(angle).Mat3()
		e := sweep.Ellipsoid{Axes: [3]mgl64.Vec3{geom.Scale(rot.Col(0), r0), geom.Scale(rot.Col(1), r1), geom.Scale(rot.Col(2), r2)}}
		begin, delta := mgl64.Vec3{px, py, pz}, mgl64.Vec3{dx, dy, dz}
		h, ok := unitspace.EllipsoidTriangle(e, begin, delta, tri)
		if ok && (!(h.T >= 0 && h.T <= 1) || !geom.IsFinite(h.Point) || !(math.Abs(geom.Len(h.Normal)-1) < 1e-9)) {
			t.Fatalf("bad hit %+v", h)
		}
		for _, c := range unitspace.Explain(e, begin, delta, tri) {
			if c.Valid && !(c.T >= 0 && c.T <= 1) || !geom.IsFinite(c.Point) {
				t.Fatalf("bad candidate %+v", c)
			}
		}
	})
}
