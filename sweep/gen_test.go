package sweep_test

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
	"sweepdbg/sweep/internal/randgeom"
)

// sweepCase is one input of the core: an ellipsoid moving from begin by
// delta against a triangle.
type sweepCase struct {
	e            sweep.Ellipsoid
	begin, delta mgl64.Vec3
	tri          geom.Triangle
}

// translated returns the case moved by o (every point, not the motion).
func (c sweepCase) translated(o mgl64.Vec3) sweepCase {
	c.begin = c.begin.Add(o)
	for i := range c.tri {
		c.tri[i] = c.tri[i].Add(o)
	}
	return c
}

// The random draws every generator shares (package randgeom).
var (
	uniform            = randgeom.Uniform
	degenerateTriangle = randgeom.DegenerateTriangle
	uniformVec         = randgeom.UniformVec
	randDir            = randgeom.Dir
	randRotation       = randgeom.Rotation
)

// rotatedEllipsoid has the given radii along a uniformly random rotation.
func rotatedEllipsoid(r *rand.Rand, radii mgl64.Vec3) sweep.Ellipsoid {
	m := randRotation(r)
	return sweep.Ellipsoid{Axes: [3]mgl64.Vec3{geom.Scale(m.Col(0), radii[0]), geom.Scale(m.Col(1), radii[1]), geom.Scale(m.Col(2), radii[2])}}
}

// randEllipsoid is the benchmark's ellipsoid: random rotation, radii
// uniform in [0.5, 2].
func randEllipsoid(r *rand.Rand) sweep.Ellipsoid {
	return rotatedEllipsoid(r, uniformVec(r, 0.5, 2))
}

// fromUnit maps a unit-sphere-space vector to world space (M·u).
func fromUnit(e sweep.Ellipsoid, u mgl64.Vec3) mgl64.Vec3 {
	return geom.Scale(e.Axes[0], u[0]).Add(geom.Scale(e.Axes[1], u[1])).Add(geom.Scale(e.Axes[2], u[2]))
}

func randTriangle(r *rand.Rand, half float64) geom.Triangle {
	return geom.Triangle{uniformVec(r, -half, half), uniformVec(r, -half, half), uniformVec(r, -half, half)}
}

// genUniform is the documented benchmark workload: triangle vertices
// uniform in [-5,5]³, start uniform in [-8,8]³, motion a uniform random
// direction times uniform [0,10], ellipsoid a uniform random rotation with
// radii uniform in [0.5,2].
func genUniform(r *rand.Rand) sweepCase {
	return sweepCase{
		e:     randEllipsoid(r),
		begin: uniformVec(r, -8, 8),
		delta: geom.Scale(randDir(r), uniform(r, 0, 10)),
		tri:   randTriangle(r, 5),
	}
}

// pointOn returns a point of the triangle of the given kind: a vertex, a
// point on an edge or a point inside.
func pointOn(r *rand.Rand, tri geom.Triangle, kind int) mgl64.Vec3 {
	i := r.IntN(3)
	switch kind {
	case 0:
		return tri[i]
	case 1:
		return tri[i].Add(geom.Scale(tri[(i+1)%3].Sub(tri[i]), float64(r.Float64())))
	}
	u, v := float64(r.Float64()), float64(r.Float64())
	if u+v > 1 {
		u, v = 1-u, 1-v
	}
	return tri[0].Add(geom.Scale(tri[1].Sub(tri[0]), u)).Add(geom.Scale(tri[2].Sub(tri[0]), v))
}

// aimedAt moves e toward target (plus a jitter of up to `jitter` unit-sphere
// radii), starting 1.1 to 6 unit radii away, with a motion 0.3 to 2 times
// the distance to the target.
func aimedAt(r *rand.Rand, e sweep.Ellipsoid, tri geom.Triangle, target mgl64.Vec3, jitter float64) sweepCase {
	target = target.Add(fromUnit(e, geom.Scale(randDir(r), float64(jitter*r.Float64()))))
	begin := target.Add(fromUnit(e, geom.Scale(randDir(r), uniform(r, 1.1, 6))))
	return sweepCase{e: e, begin: begin, delta: geom.Scale(target.Sub(begin), uniform(r, 0.3, 2)), tri: tri}
}

func genAimed(kind int) func(r *rand.Rand) sweepCase {
	return func(r *rand.Rand) sweepCase {
		e, tri := randEllipsoid(r), randTriangle(r, 5)
		return aimedAt(r, e, tri, pointOn(r, tri, kind), 0.5)
	}
}

// unitNormal is the triangle's plane normal in unit-sphere space, mapped
// back to a world direction for offsets: the world vector w whose unit-space
// image is the unit normal of the unit-space triangle.
func unitNormal(e sweep.Ellipsoid, tri geom.Triangle) mgl64.Vec3 {
	q := sweep.NewQuery(e, mgl64.Vec3{}, mgl64.Vec3{})
	n := geom.Cross(q.ToUnit(tri[1].Sub(tri[0])), q.ToUnit(tri[2].Sub(tri[0])))
	return fromUnit(e, geom.Normalize(n))
}

// genGrazing passes the ellipsoid within 1e-3 (unit-sphere distance) of
// tangent: a random aimed motion is shifted, at its closest approach, along
// the direction from the triangle to the center until that distance is
// 1 ± 1e-3.
func genGrazing(closest func(sweepCase) (t float64, c, p mgl64.Vec3, d float64)) func(r *rand.Rand) sweepCase {
	return func(r *rand.Rand) sweepCase {
		for {
			e, tri := randEllipsoid(r), randTriangle(r, 5)
			c := aimedAt(r, e, tri, pointOn(r, tri, r.IntN(3)), 2)
			c.delta = geom.Scale(c.delta, 2)
			_, center, point, d := closest(c)
			if !(d > 1e-3) {
				continue
			}
			want := 1 + uniform(r, -1e-3, 1e-3)
			c.begin = c.begin.Add(geom.Scale(center.Sub(point), want/d-1))
			return c
		}
	}
}

// genSlabBeyondEdge starts within the plane's slab (unit distance to the
// plane < 1) but beyond an edge, farther than 1 from the triangle.
func genSlabBeyondEdge(r *rand.Rand) sweepCase {
	for {
		e, tri := randEllipsoid(r), randTriangle(r, 5)
		if tri.IsSliver() {
			continue
		}
		n := unitNormal(e, tri)
		i := r.IntN(3)
		a, b, c := tri[i], tri[(i+1)%3], tri[(i+2)%3]
		mid := a.Add(geom.Scale(b.Sub(a), float64(r.Float64())))
		out := mid.Sub(c) // in the plane, away from the opposite vertex
		begin := mid.Add(geom.Scale(out, uniform(r, 0.05, 1.5))).Add(geom.Scale(n, uniform(r, -0.999, 0.999)))
		return sweepCase{e: e, begin: begin, delta: geom.Scale(randDir(r), uniform(r, 0, 10)), tri: tri}
	}
}

// genParallel moves exactly parallel to an axis-aligned plane (z = const
// in world space, so D·N = 0 exactly), at unit distances 0 to 2 from it,
// including exactly 1 (sliding in contact).
func genParallel(r *rand.Rand) sweepCase {
	e := randEllipsoid(r)
	z := uniform(r, -5, 5)
	var tri geom.Triangle
	for i := range tri {
		tri[i] = mgl64.Vec3{uniform(r, -5, 5), uniform(r, -5, 5), z}
	}
	ext := e.Extent()[2] // unit distance u from the plane is height u*ext
	u := uniform(r, 0, 2)
	if r.IntN(4) == 0 {
		u = 1
	}
	if r.IntN(2) == 0 {
		u = -u
	}
	begin := mgl64.Vec3{uniform(r, -8, 8), uniform(r, -8, 8), z + float64(u*ext)}
	d := randDir(r)
	d[2] = 0
	return sweepCase{e: e, begin: begin, delta: geom.Scale(d, uniform(r, 0, 15)), tri: tri}
}

// genOverlap starts touching or overlapping: a point of the triangle plus
// a unit-space offset of length 0 to 1.
func genOverlap(r *rand.Rand) sweepCase {
	e, tri := randEllipsoid(r), randTriangle(r, 5)
	p := pointOn(r, tri, r.IntN(3))
	u := float64(r.Float64())
	switch r.IntN(8) {
	case 0:
		u = 0
	case 1:
		u = 1 - 1e-9
	}
	begin := p.Add(fromUnit(e, geom.Scale(randDir(r), u)))
	return sweepCase{e: e, begin: begin, delta: geom.Scale(randDir(r), uniform(r, 0, 10)), tri: tri}
}

// genZeroMotion does not move: delta is zero, the start 0 to 2 unit radii
// from a point of the triangle.
func genZeroMotion(r *rand.Rand) sweepCase {
	e, tri := randEllipsoid(r), randTriangle(r, 5)
	begin := pointOn(r, tri, r.IntN(3)).Add(fromUnit(e, geom.Scale(randDir(r), uniform(r, 0, 2))))
	return sweepCase{e: e, begin: begin, tri: tri}
}

func genDegenerate(r *rand.Rand) sweepCase {
	return uniformOrAimed(r, randEllipsoid(r), degenerateTriangle(r))
}

// uniformOrAimed is, one time in four, the uniform workload's motion with
// e and tri, else a motion aimed at a random point of tri.
func uniformOrAimed(r *rand.Rand, e sweep.Ellipsoid, tri geom.Triangle) sweepCase {
	if r.IntN(4) == 0 {
		c := genUniform(r)
		c.e, c.tri = e, tri
		return c
	}
	return aimedAt(r, e, tri, pointOn(r, tri, r.IntN(3)), 1)
}

// genFlat uses very flat ellipsoids (axis ratio 100:1, one or two short
// axes) in random rotations.
func genFlat(r *rand.Rand) sweepCase {
	s := uniform(r, 0.5, 2)
	radii := mgl64.Vec3{s, s, s}
	radii[r.IntN(3)] = s / 100
	if r.IntN(3) == 0 { // needle: two short axes
		radii = mgl64.Vec3{s / 100, s / 100, s / 100}
		radii[r.IntN(3)] = s
	}
	return uniformOrAimed(r, rotatedEllipsoid(r, radii), randTriangle(r, 5))
}

// genLongFast moves 1000 radii through (or near) a triangle about one
// radius in size.
func genLongFast(r *rand.Rand) sweepCase {
	rad := uniform(r, 0.5, 2)
	e := rotatedEllipsoid(r, mgl64.Vec3{rad, float64(rad * uniform(r, 0.5, 1)), float64(rad * uniform(r, 0.5, 1))})
	tri := randTriangle(r, rad)
	target := pointOn(r, tri, r.IntN(3)).Add(geom.Scale(randDir(r), uniform(r, 0, float64(2.5*rad))))
	dir := randDir(r)
	length := float64(1000 * rad)
	begin := target.Sub(geom.Scale(dir, float64(length*uniform(r, 0, 1))))
	return sweepCase{e: e, begin: begin, delta: geom.Scale(dir, length), tri: tri}
}

// genBallTangent is where Query.outOfReach's margin is all that separates
// a rejection from a contact. In unit-sphere space, no point of a triangle
// lies farther from its centroid g than its farthest vertex v, at rho; the
// center moves across the direction n from g to v and passes, at a
// fraction 0.2 to 1.2 of the motion, through v + (1 + gap)·n, so its
// closest approach to the triangle is v, at unit distance 1 + gap, and to
// the ball (g, rho) the same point. gap is 0 or ±1e-6 to ±1e-13. The
// ellipsoids are the benchmark's, 100:1 (condition number about 100) and
// 3000:1 (above reachFirstCond, where the test runs after the face stage).
func genBallTangent(r *rand.Rand) sweepCase {
	for {
		var e sweep.Ellipsoid
		switch r.IntN(3) {
		case 0:
			e = randEllipsoid(r)
		default:
			s, ratio := uniform(r, 0.5, 2), []float64{100, 3000}[r.IntN(2)]
			radii := mgl64.Vec3{s, s, s}
			radii[r.IntN(3)] = s / ratio
			e = rotatedEllipsoid(r, radii)
		}
		tri := randTriangle(r, 5)
		q := sweep.NewQuery(e, mgl64.Vec3{}, mgl64.Vec3{})
		u := [3]mgl64.Vec3{{}, q.ToUnit(tri[1].Sub(tri[0])), q.ToUnit(tri[2].Sub(tri[0]))}
		g := geom.Scale(u[1].Add(u[2]), 1.0/3)
		v := u[0]
		for _, x := range u[1:] {
			if geom.LenSq(x.Sub(g)) > geom.LenSq(v.Sub(g)) {
				v = x
			}
		}
		n := geom.Normalize(v.Sub(g))
		dir := randDir(r)
		dir = dir.Sub(geom.Scale(n, geom.Dot(dir, n)))
		if geom.Len(dir) < 0.1 {
			continue
		}
		dir = geom.Normalize(dir)
		gap := 0.0
		if r.IntN(8) != 0 {
			gap = math.Copysign(math.Pow(10, -uniform(r, 6, 13)), float64(r.Float64())-0.5)
		}
		length := uniform(r, 0.5, 4)
		closest := v.Add(geom.Scale(n, 1+gap))
		begin := closest.Sub(geom.Scale(dir, float64(length*uniform(r, 0.2, 1.2))))
		return sweepCase{e: e, begin: tri[0].Add(fromUnit(e, begin)), delta: fromUnit(e, geom.Scale(dir, length)), tri: tri}
	}
}
