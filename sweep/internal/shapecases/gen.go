package shapecases

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep/internal/randgeom"
	"sweepdbg/sweep/oracle"
)

// family is a named generator of cases of one kind.
type family struct {
	Name string
	Kind Kind
	Gen  func(r *rand.Rand) Case
}

// Offsets translate every family away from the origin (Run adds
// Offset·(0.6, -0.48, 0.64)).
var Offsets = []float64{0, 1e4, 1e5}

// PerFamily is the number of cases per family and offset: 2800 (so that
// each shape's families, 12 for the capsule and 13 for the box, at 3
// offsets make over 100000 cases), or
// 300 when short (pass testing.Short()). The box's grazing family costs
// about 10 ms a case (its generator searches the oracle's closest
// approach), which is what bounds the count.
func PerFamily(short bool) int {
	if short {
		return 300
	}
	return 2800
}

// Families returns every family for both shapes: the shared ones (uniform,
// aimed at a vertex, an edge or the face, grazing, parallel motion, start
// in contact, zero motion, degenerate triangles, long and fast motions)
// for each kind, then the capsule's (lying along an edge, standing on the
// face) and the box's (a face landing flat, an edge parallel to an edge, a
// corner aimed at a vertex). Shapes have random sizes (including capsules
// 100 times longer than wide and boxes 100:1) and orientations.
func Families() []family {
	var fs []family
	for _, k := range []Kind{Capsule, Box} {
		shared := []struct {
			name string
			gen  func(*rand.Rand, Kind) Case
		}{
			{"uniform", genUniform},
			{"vertex", genAimed(0)},
			{"edge", genAimed(1)},
			{"face", genAimed(2)},
			{"grazing", genGrazing},
			{"parallel", genParallel},
			{"start-contact", genStartContact},
			{"zero-motion", genZeroMotion},
			{"degenerate", genDegenerate},
			{"long-fast", genLongFast},
		}
		for _, s := range shared {
			gen := s.gen
			fs = append(fs, family{Name: k.String() + "/" + s.name, Kind: k, Gen: func(r *rand.Rand) Case { return gen(r, k) }})
		}
	}
	return append(fs,
		family{"capsule/along-edge", Capsule, genAlongEdge},
		family{"capsule/standing", Capsule, genStanding},
		family{"box/face-flat", Box, genFaceFlat},
		family{"box/edge-parallel", Box, genEdgeParallel},
		family{"box/corner-vertex", Box, genCornerVertex},
	)
}

// The random draws every generator shares (package randgeom).
var (
	uniform            = randgeom.Uniform
	degenerateTriangle = randgeom.DegenerateTriangle
	uniformVec         = randgeom.UniformVec
	randDir            = randgeom.Dir
	randRotation       = randgeom.Rotation
)

func randTriangle(r *rand.Rand, half float64) geom.Triangle {
	return geom.Triangle{uniformVec(r, -half, half), uniformVec(r, -half, half), uniformVec(r, -half, half)}
}

// randCapsule: radius 0.2 to 2 and half segment 0 to 3 in a random
// direction; one in eight a sphere, one in eight long and thin (radius
// 0.02 to 0.05, half segment 100 radii).
func randCapsule(r *rand.Rand) Case {
	c := Case{Kind: Capsule, Radius: uniform(r, 0.2, 2)}
	switch r.IntN(8) {
	case 0:
	case 1:
		c.Radius = uniform(r, 0.02, 0.05)
		c.HalfSeg = geom.Scale(randDir(r), float64(100*c.Radius))
	default:
		c.HalfSeg = geom.Scale(randDir(r), uniform(r, 0, 3))
	}
	return c
}

// randBox: half extents 0.3 to 2 in a random rotation; one in four flat
// (one extent a hundredth of another), one in eight a needle (two).
func randBox(r *rand.Rand) Case {
	e := uniformVec(r, 0.3, 2)
	s := uniform(r, 0.3, 2)
	switch r.IntN(8) {
	case 0, 1:
		e[r.IntN(3)] = s / 100
	case 2:
		e = mgl64.Vec3{s / 100, s / 100, s / 100}
		e[r.IntN(3)] = s
	}
	return boxWith(randRotation(r), e)
}

// boxWith is the box with half extents e along the columns of m.
func boxWith(m mgl64.Mat3, e mgl64.Vec3) Case {
	return Case{Kind: Box, Axes: [3]mgl64.Vec3{geom.Scale(m.Col(0), e[0]), geom.Scale(m.Col(1), e[1]), geom.Scale(m.Col(2), e[2])}}
}

func randShape(r *rand.Rand, k Kind) Case {
	if k == Box {
		return randBox(r)
	}
	return randCapsule(r)
}

// reach is the radius of a ball around the center containing the shape.
func (c Case) reach() float64 {
	if c.Kind == Box {
		return geom.Len(c.Axes[0]) + geom.Len(c.Axes[1]) + geom.Len(c.Axes[2])
	}
	return geom.Len(c.HalfSeg) + math.Abs(c.Radius)
}

// genUniform: triangle vertices uniform in [-5,5]³, start uniform in
// [-8,8]³, motion a uniform random direction times uniform [0,10].
func genUniform(r *rand.Rand, k Kind) Case {
	c := randShape(r, k)
	c.Begin, c.Delta, c.Tri = uniformVec(r, -8, 8), geom.Scale(randDir(r), uniform(r, 0, 10)), randTriangle(r, 5)
	return c
}

// pointOn returns a point of the triangle of the given kind: a vertex (0),
// a point on an edge (1) or a point inside (2).
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

// aimedAt moves c's shape toward target (plus a jitter of up to `jitter`
// shape units), from 0.1 to 5 units beyond its reach, by 0.3 to 2 times
// the distance.
func aimedAt(r *rand.Rand, c Case, target mgl64.Vec3, jitter float64) Case {
	u := c.Unit()
	target = target.Add(geom.Scale(randDir(r), float64(jitter*u*r.Float64())))
	c.Begin = target.Add(geom.Scale(randDir(r), c.reach()+float64(u*uniform(r, 0.1, 5))))
	c.Delta = geom.Scale(target.Sub(c.Begin), uniform(r, 0.3, 2))
	return c
}

func genAimed(kind int) func(*rand.Rand, Kind) Case {
	return func(r *rand.Rand, k Kind) Case {
		c := randShape(r, k)
		c.Tri = randTriangle(r, 5)
		return aimedAt(r, c, pointOn(r, c.Tri, kind), 0.5)
	}
}

// genGrazing passes within 1e-3 shape units of tangent: an aimed motion
// (jitter 2 units, doubled in length) that misses is shifted, at its
// closest approach, along the direction from the triangle's closest point
// to the shape's until that gap is ±1e-3 (translating along that direction
// changes the distance at that time by exactly the shift).
func genGrazing(r *rand.Rand, k Kind) Case {
	for {
		c := randShape(r, k)
		c.Tri = randTriangle(r, 5)
		c = aimedAt(r, c, pointOn(r, c.Tri, r.IntN(3)), 2)
		c.Delta = geom.Scale(c.Delta, 2)
		t, gap := c.MinGap(0, 1)
		if !(gap > 1e-3) {
			continue
		}
		x, q := c.closest(c.center(t))
		want := uniform(r, -1e-3, 1e-3)
		c.Begin = c.Begin.Add(geom.Scale(geom.Normalize(x.Sub(q)), float64((want-gap)*c.Unit())))
		return c
	}
}

// closest returns the closest points of the shape centered at center and
// the triangle (the oracle's).
func (c Case) closest(center mgl64.Vec3) (shape, tri mgl64.Vec3) {
	if c.Kind == Box {
		x, q, _, _ := oracle.BoxClosest(c.Axes, center, c.Tri)
		return x, q
	}
	x, q, _, _ := oracle.CapsuleClosest(c.Radius, c.HalfSeg, center, c.Tri)
	return x, q
}

// genParallel moves exactly parallel to a triangle in a plane z = const
// (Delta.z = 0), with gaps 0 to 2 shape units, one in four exactly 0
// (sliding in contact), above or below.
func genParallel(r *rand.Rand, k Kind) Case {
	c := randShape(r, k)
	z := uniform(r, -5, 5)
	for i := range c.Tri {
		c.Tri[i] = mgl64.Vec3{uniform(r, -5, 5), uniform(r, -5, 5), z}
	}
	g := uniform(r, 0, 2)
	if r.IntN(4) == 0 {
		g = 0
	}
	h := c.support(mgl64.Vec3{0, 0, 1}) + float64(g*c.Unit())
	if r.IntN(2) == 0 {
		h = -h
	}
	d := randDir(r)
	d[2] = 0
	c.Begin, c.Delta = mgl64.Vec3{uniform(r, -8, 8), uniform(r, -8, 8), z + h}, geom.Scale(d, uniform(r, 0, 15))
	return c
}

// placedAt returns the center that puts the shape's support point along
// -n (its farthest point in that direction) at x, and the shape then
// lies on the n side of the plane through x with normal n.
func (c Case) placedAt(x, n mgl64.Vec3) mgl64.Vec3 { return x.Add(geom.Scale(n, c.support(n))) }

// genStartContact starts touching or overlapping: the shape's support
// point along -n at a point of the triangle, then, three times in four,
// pushed 0 to 1 shape units along -n into it; n is the triangle's normal
// (either side) half the time (so the start is exactly touching, up to
// rounding, when not pushed), else random.
func genStartContact(r *rand.Rand, k Kind) Case {
	c := randShape(r, k)
	c.Tri = randTriangle(r, 5)
	n := randDir(r)
	if r.IntN(2) == 0 && c.Tri.Normal() != (mgl64.Vec3{}) {
		n = geom.Scale(geom.Normalize(c.Tri.Normal()), float64(2*r.IntN(2)-1))
	}
	c.Begin = c.placedAt(pointOn(r, c.Tri, r.IntN(3)), n)
	if r.IntN(4) != 0 {
		c.Begin = c.Begin.Sub(geom.Scale(n, float64(r.Float64()*c.Unit())))
	}
	c.Delta = geom.Scale(randDir(r), uniform(r, 0, 10))
	return c
}

// genZeroMotion does not move: Delta is zero, the center 0 to 2 reaches
// from a point of the triangle.
func genZeroMotion(r *rand.Rand, k Kind) Case {
	c := randShape(r, k)
	c.Tri = randTriangle(r, 5)
	c.Begin = pointOn(r, c.Tri, r.IntN(3)).Add(geom.Scale(randDir(r), float64(c.reach()*uniform(r, 0, 2))))
	return c
}

// genDegenerate: a degenerate triangle, one time in four with the uniform
// motion, else aimed at a point of it.
func genDegenerate(r *rand.Rand, k Kind) Case {
	tri := degenerateTriangle(r)
	if r.IntN(4) == 0 {
		c := genUniform(r, k)
		c.Tri = tri
		return c
	}
	c := randShape(r, k)
	c.Tri = tri
	return aimedAt(r, c, pointOn(r, tri, r.IntN(3)), 1)
}

// genLongFast moves 1000 reaches through (or near) a triangle about one
// reach in size.
func genLongFast(r *rand.Rand, k Kind) Case {
	c := randShape(r, k)
	s := c.reach()
	c.Tri = randTriangle(r, s)
	target := pointOn(r, c.Tri, r.IntN(3)).Add(geom.Scale(randDir(r), uniform(r, 0, float64(2.5*s))))
	dir := randDir(r)
	c.Begin = target.Sub(geom.Scale(dir, float64(1000*s*r.Float64())))
	c.Delta = geom.Scale(dir, float64(1000*s))
	return c
}

// edgeFrame returns a non-sliver triangle, one of its edges (a, b), the
// unit edge direction, the unit normal n and the unit in-plane direction
// out of the triangle across that edge.
func edgeFrame(r *rand.Rand) (tri geom.Triangle, a, b, e, n, out mgl64.Vec3) {
	for {
		tri = randTriangle(r, 5)
		if !tri.IsSliver() {
			break
		}
	}
	i := r.IntN(3)
	a, b = tri[i], tri[(i+1)%3]
	e, n = geom.Normalize(b.Sub(a)), geom.Normalize(tri.Normal())
	out = geom.PlainCross(e, n)
	if geom.Dot(out, tri[(i+2)%3].Sub(a)) > 0 {
		out = geom.Scale(out, -1)
	}
	return tri, a, b, e, n, out
}

// genAlongEdge: a capsule whose segment is parallel to a triangle edge,
// beside it (in the plane, or off it at an angle), moving toward the edge
// (overshooting or stopping short) or, one time in four, sliding along it
// at a gap of 0 to 1e-3.
func genAlongEdge(r *rand.Rand) Case {
	tri, a, b, e, n, out := edgeFrame(r)
	c := randCapsule(r)
	c.HalfSeg = geom.Scale(e, float64(geom.Len(c.HalfSeg)*float64(2*r.IntN(2)-1)))
	c.Tri = tri
	ang := float64(uniform(r, -math.Pi/2, math.Pi/2) * float64(r.IntN(2)))
	side := geom.Scale(out, math.Cos(ang)).Add(geom.Scale(n, math.Sin(ang)))
	mid := a.Add(geom.Scale(b.Sub(a), uniform(r, -0.5, 1.5)))
	if r.IntN(4) == 0 {
		c.Begin = mid.Add(geom.Scale(side, float64(c.Radius*(1+uniform(r, 0, 1e-3)))))
		c.Delta = geom.Scale(e, uniform(r, -10, 10))
		return c
	}
	c.Begin = mid.Add(geom.Scale(side, float64(c.Radius*uniform(r, 1.5, 6))))
	c.Delta = geom.Scale(mid.Sub(c.Begin), uniform(r, 0.3, 1.5)).Add(geom.Scale(e, uniform(r, -1, 1)))
	return c
}

// genStanding: a capsule whose segment is along the triangle's normal,
// falling onto the face (or near an edge) with a small sideways drift.
func genStanding(r *rand.Rand) Case {
	tri, _, _, _, n, _ := edgeFrame(r)
	c := randCapsule(r)
	c.Tri = tri
	if r.IntN(2) == 0 {
		n = geom.Scale(n, -1)
	}
	c.HalfSeg = geom.Scale(n, geom.Len(c.HalfSeg))
	target := pointOn(r, tri, 1+r.IntN(2))
	c.Begin = target.Add(geom.Scale(n, c.reach()+float64(c.Radius*uniform(r, 0.1, 5))))
	c.Delta = geom.Scale(n, -(c.reach() + float64(c.Radius*uniform(r, 0, 8)))).Add(geom.Scale(randDir(r), float64(c.Radius*uniform(r, 0, 0.5))))
	return c
}

// boxFacing is a random box (as randBox) whose axis 0 is along n.
func boxFacing(r *rand.Rand, n mgl64.Vec3) Case {
	c := randBox(r)
	m := randRotation(r)
	u := geom.PlainCross(n, m.Col(0))
	if geom.Len(u) < 1e-3 {
		u = geom.PlainCross(n, m.Col(1))
	}
	u = geom.Normalize(u)
	v := geom.PlainCross(n, u)
	ext := mgl64.Vec3{geom.Len(c.Axes[0]), geom.Len(c.Axes[1]), geom.Len(c.Axes[2])}
	return boxWith(mgl64.Mat3FromCols(n, u, v), ext)
}

// genFaceFlat: a box with a face parallel to the triangle, falling onto it
// with a sideways drift of up to 2 half extents, aimed at the face or an
// edge.
func genFaceFlat(r *rand.Rand) Case {
	tri, _, _, _, n, _ := edgeFrame(r)
	if r.IntN(2) == 0 {
		n = geom.Scale(n, -1)
	}
	c := boxFacing(r, n)
	c.Tri = tri
	u := c.Unit()
	target := pointOn(r, tri, 1+r.IntN(2))
	c.Begin = c.placedAt(target, n).Add(geom.Scale(n, float64(u*uniform(r, 0.1, 5))))
	c.Delta = geom.Scale(n, float64(-u*uniform(r, 0, 10))).Add(geom.Scale(randDir(r), float64(u*uniform(r, 0, 2))))
	return c
}

// genEdgeParallel: a box with an edge parallel to a triangle edge (axis 1
// along it, the box turned about it at random), beside the edge in or off
// the plane, moving toward it.
func genEdgeParallel(r *rand.Rand) Case {
	tri, a, b, e, n, out := edgeFrame(r)
	ang := uniform(r, 0, 2*math.Pi)
	m := mgl64.Mat3FromCols(geom.Scale(out, math.Cos(ang)).Add(geom.Scale(n, math.Sin(ang))), e, geom.Scale(n, math.Cos(ang)).Sub(geom.Scale(out, math.Sin(ang))))
	c := randBox(r)
	c = boxWith(m, mgl64.Vec3{geom.Len(c.Axes[0]), geom.Len(c.Axes[1]), geom.Len(c.Axes[2])})
	c.Tri = tri
	side := geom.Normalize(out.Add(geom.Scale(n, uniform(r, -1, 1))))
	mid := a.Add(geom.Scale(b.Sub(a), uniform(r, -0.5, 1.5)))
	c.Begin = c.placedAt(mid, side).Add(geom.Scale(side, float64(c.Unit()*uniform(r, 0.1, 5))))
	c.Delta = geom.Scale(mid.Sub(c.Begin), uniform(r, 0.3, 1.5))
	return c
}

// genCornerVertex: a box corner aimed at a triangle vertex. The
// direction away from the vertex is in the triangle's normal cone there
// (no other vertex ahead of it, by rejection), the corner is the box's
// farthest along the opposite direction (so it leads), and it starts 0.1
// to 5 half extents plus up to one reach out, moving 0.5 to 1.5 times the
// distance toward the vertex: it first touches the triangle at the vertex
// (when the motion reaches it).
func genCornerVertex(r *rand.Rand) Case {
	c := randBox(r)
	c.Tri = randTriangle(r, 5)
	i := r.IntN(3)
	v := c.Tri[i]
	away := randDir(r)
	for geom.Dot(away, c.Tri[(i+1)%3].Sub(v)) > 0 || geom.Dot(away, c.Tri[(i+2)%3].Sub(v)) > 0 {
		away = randDir(r)
	}
	var corner mgl64.Vec3
	for _, a := range c.Axes {
		if geom.Dot(a, away) > 0 {
			corner = corner.Sub(a)
		} else {
			corner = corner.Add(a)
		}
	}
	start := v.Add(geom.Scale(away, float64(c.Unit()*uniform(r, 0.1, 5))+float64(c.reach()*r.Float64())))
	c.Begin = start.Sub(corner)
	c.Delta = geom.Scale(v.Sub(start), uniform(r, 0.5, 1.5))
	return c
}
