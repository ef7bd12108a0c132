package hunt

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// Case is one motion tried by the hunter among Tris: swept (first
// contact) and slid with its Slide options.
type Case struct {
	Tris []geom.Triangle
	sweep.Motion
}

// generator makes random cases over one scene. The scene's part is
// shared and read-only; r is the randomness of one case (see at).
type generator struct {
	r       *rand.Rand
	base    *scene.Scene
	tris    []geom.Triangle
	creases []crease // edges shared by two triangles
	bounds  geom.AABB
	size    float64 // the scene's shape's mean half extent (shapeSize)
	opt     sweep.SlideOptions
}

func newGenerator(s *scene.Scene) *generator {
	g := &generator{base: s, tris: s.Mesh.Tris(), bounds: geom.EmptyAABB(), opt: s.Slide, size: shapeSize(s.Shape)}
	for _, t := range g.tris {
		g.bounds = g.bounds.Union(t.Bounds())
	}
	g.creases = sharedEdges(g.tris)
	return g
}

// shapeSize is the mean of a shape's three half extents along its own
// axes (world units): the ellipsoid's mean semi-axis, the capsule's
// (r + r + r + |half segment|) / 3, the box's mean half extent. Motions
// and spreads of sizes are measured in it.
func shapeSize(s sweep.Shape) float64 {
	var size float64
	switch s.Kind {
	case sweep.KindCapsule:
		size = s.Capsule.Radius + geom.Len(s.Capsule.HalfSegment)/3
	case sweep.KindBox:
		for _, a := range s.Box.Axes {
			size += geom.Len(a) / 3
		}
	default:
		for _, a := range s.Ellipsoid.Axes {
			size += geom.Len(a) / 3
		}
	}
	return size
}

// at returns the generator of case k of the seed: g's scene with a random
// source of its own, a function of (seed, k) alone (see caseSeeds), so
// that case k is the same whichever job or shard draws it, and in
// whatever order.
func (g *generator) at(seed, k uint64) *generator {
	c := *g
	c.r = rand.New(rand.NewPCG(caseSeeds(seed, k)))
	return &c
}

// caseSeeds derives the two PCG seeds of case k of a hunt's seed with
// SplitMix64 (Steele, Lea and Flood, 2014): nearby seeds and indices give
// unrelated streams.
func caseSeeds(seed, k uint64) (uint64, uint64) {
	a := splitmix64(seed ^ splitmix64(k))
	return a, splitmix64(a ^ k ^ 0x9e3779b97f4a7c15)
}

// splitmix64 is SplitMix64's output function of state x.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// edgeKey identifies an edge by its two end points, in a fixed order.
type edgeKey [2]mgl64.Vec3

func keyOf(a, b mgl64.Vec3) edgeKey {
	if a[0] < b[0] || a[0] == b[0] && (a[1] < b[1] || a[1] == b[1] && a[2] < b[2]) {
		return edgeKey{a, b}
	}
	return edgeKey{b, a}
}

// crease is an edge shared by two triangles.
type crease struct {
	edge edgeKey
	tris [2]int
}

// sharedEdges lists the edges shared by two triangles (by vertex position,
// so unwelded meshes count too), at most one pair per edge.
func sharedEdges(tris []geom.Triangle) []crease {
	first := map[edgeKey]int{}
	var out []crease
	for i, t := range tris {
		for k := 0; k < 3; k++ {
			key := keyOf(t[k], t[(k+1)%3])
			if j, ok := first[key]; ok && j >= 0 {
				out = append(out, crease{key, [2]int{j, i}})
				first[key] = -1
			} else if !ok {
				first[key] = i
			}
		}
	}
	return out
}

// next returns a new random case: a plain random motion, one aimed at a
// face, edge or vertex, one grazing a feature, or one driven into a crease.
// Its shape is of the scene's shape's kind (see shape).
func (g *generator) next() Case {
	c := Case{Tris: g.tris, Motion: sweep.Motion{Shape: g.shape(), Slide: g.opt}}
	if len(g.tris) == 0 {
		c.Start, c.End = g.point(), g.point()
		return c
	}
	f := frameOf(c.Shape)
	switch k := g.r.IntN(8); {
	case k == 0:
		c.Start = g.point()
		c.End = c.Start.Add(g.vec(g.length()))
	case k <= 3:
		c.Start, c.End = g.aimed(f, false)
	case k <= 5:
		c.Start, c.End = g.aimed(f, true)
	default:
		c.Start, c.End = g.crease(f)
	}
	if g.r.IntN(10) == 0 { // a tiny motion: 1e-4 .. 1e-12 of its length
		c.End = c.Start.Add(geom.Scale(c.End.Sub(c.Start), math.Pow(10, -4-float64(8*g.r.Float64()))))
	}
	return c
}

// shape is the scene's shape one time in three, else one of its kind of
// similar size in a random orientation: each size within a factor √10 of
// the scene's, or, one time in ten, within a factor 10 (up to 100:1
// flat). For an ellipsoid the sizes are its semi-axes (around the scene's
// mean); for a capsule its radius and the length of its half segment
// (around the scene's own, a sphere's half segment around its radius),
// the segment turned to a random direction one time in two; for a box its
// half extents (each around the scene's own) on the scene's axes turned
// by a random rotation. The ellipsoid draws the same numbers as it always
// has, so ellipsoid hunts find what they always found.
func (g *generator) shape() sweep.Shape {
	if g.r.IntN(3) == 0 {
		return g.base.Shape
	}
	spread := 1.0
	if g.r.IntN(10) == 0 {
		spread = 2
	}
	m := geom.QuatMat4(geom.QuatNormalize(mgl64.Quat{W: g.r.NormFloat64(), V: g.unit()})).Mat3()
	s := g.base.Shape
	switch s.Kind {
	case sweep.KindCapsule:
		c := &s.Capsule
		h, dir := c.Radius, m.Col(0)
		if l := geom.Len(c.HalfSegment); l > 0 && g.r.IntN(2) == 0 {
			h, dir = l, geom.Scale(c.HalfSegment, 1/l)
		} else if l > 0 {
			h = l
		}
		c.Radius *= g.factor(spread)
		c.HalfSegment = geom.Scale(dir, float64(h*g.factor(spread)))
	case sweep.KindBox:
		for i, a := range s.Box.Axes {
			s.Box.Axes[i] = geom.Scale(geom.MulVec3(m, a), g.factor(spread))
		}
	default:
		for i := range s.Ellipsoid.Axes {
			s.Ellipsoid.Axes[i] = geom.Scale(m.Col(i), float64(g.size*g.factor(spread)))
		}
	}
	return s
}

// factor is a random scale within a factor √10^spread either way
// (log-uniform).
func (g *generator) factor(spread float64) float64 {
	return math.Pow(10, float64(spread*(float64(g.r.Float64())-0.5)))
}

// unit is a random unit vector.
func (g *generator) unit() mgl64.Vec3 {
	for {
		v := mgl64.Vec3{g.r.NormFloat64(), g.r.NormFloat64(), g.r.NormFloat64()}
		if l := geom.Len(v); l > 1e-3 {
			return geom.Scale(v, 1/l)
		}
	}
}

func (g *generator) vec(l float64) mgl64.Vec3 { return geom.Scale(g.unit(), l) }

// length is a motion length: up to ten ellipsoid sizes.
func (g *generator) length() float64 { return float64(g.size * 10 * g.r.Float64()) }

// point is a random point of the scene's box grown by two ellipsoid sizes.
func (g *generator) point() mgl64.Vec3 {
	lo, hi := g.bounds.Min, g.bounds.Max
	if g.bounds.IsEmpty() {
		lo, hi = mgl64.Vec3{-1, -1, -1}, mgl64.Vec3{1, 1, 1}
	}
	var p mgl64.Vec3
	for k := range p {
		p[k] = lo[k] - float64(2*g.size) + float64((hi[k]-lo[k]+float64(4*g.size))*g.r.Float64())
	}
	return p
}

// pointOn is a point of triangle t: inside, on an edge or at a vertex.
func (g *generator) pointOn(t geom.Triangle) mgl64.Vec3 {
	u, v := float64(g.r.Float64()), float64(g.r.Float64())
	if u+v > 1 {
		u, v = 1-u, 1-v
	}
	switch g.r.IntN(3) {
	case 0:
		v = 0
	case 1:
		u, v = float64(g.r.IntN(2)), 0
	}
	return t[0].Add(geom.Scale(t[1].Sub(t[0]), u)).Add(geom.Scale(t[2].Sub(t[0]), v))
}

// gap is how far from touching (in unit distance) an aimed motion passes:
// exactly, or off by 10^-3 .. 10^-12 either way.
func (g *generator) gap() float64 {
	if g.r.IntN(3) == 0 {
		return 0
	}
	return float64((float64(2*float64(g.r.IntN(2))) - 1) * math.Pow(10, -3-float64(9*g.r.Float64())))
}

// frame is how the generator places a shape against a point of a
// triangle. Directions and motions are drawn in a unit space whose map to
// the world is the axes of unit: the ellipsoid's own (its unit space), a
// sphere of the shape's size for a capsule or a box. A shape touches a
// point p from direction n (a unit vector of that space) when its center
// is at p + offset(n).
type frame struct {
	shape sweep.Shape
	unit  sweep.Ellipsoid
}

// frameOf is the frame of shape s.
func frameOf(s sweep.Shape) frame {
	if s.Kind == sweep.KindEllipsoid {
		return frame{s, s.Ellipsoid}
	}
	return frame{s, sweep.Sphere(shapeSize(s))}
}

// toWorld maps a vector of the frame's unit space to the world.
func (f frame) toWorld(u mgl64.Vec3) mgl64.Vec3 {
	a := f.unit.Axes
	return geom.MulVec3(mgl64.Mat3FromCols(a[0], a[1], a[2]), u)
}

// center is where the shape's center is when it passes gap (in shape
// units, as judge.Geometry measures) from touching p from direction n:
// for the ellipsoid p + M·n·(1 + gap) (n in its unit space); for a
// capsule or a box p minus its support point toward -n (n a world
// direction; a face or the side of the segment when n is square to it),
// moved gap shape units (Unit) along n.
func (f frame) center(p, n mgl64.Vec3, gap float64) mgl64.Vec3 {
	if f.shape.Kind == sweep.KindEllipsoid {
		return p.Add(f.toWorld(geom.Scale(n, 1+gap)))
	}
	return p.Sub(support(f.shape, geom.Scale(n, -1))).Add(geom.Scale(n, float64(gap*f.shape.Unit())))
}

// support is the point of capsule or box s farthest along d, relative to
// its center; of several such points (d square to an axis or to the
// segment, within 1e-12) the middle one.
func support(s sweep.Shape, d mgl64.Vec3) mgl64.Vec3 {
	side := func(a mgl64.Vec3) float64 {
		switch x := geom.Dot(a, d); {
		case math.Abs(x) <= 1e-12*geom.Len(a)*geom.Len(d):
			return 0
		case x > 0:
			return 1
		}
		return -1
	}
	if s.Kind == sweep.KindCapsule {
		c := s.Capsule
		return geom.Scale(c.HalfSegment, side(c.HalfSegment)).Add(geom.Scale(geom.Normalize(d), c.Radius))
	}
	var p mgl64.Vec3
	for _, a := range s.Box.Axes {
		p = p.Add(geom.Scale(a, side(a)))
	}
	return p
}

// aimed places the shape touching a point of a random triangle (the
// center at shape distance 1 + gap from it along a random direction n)
// part way through a motion that comes in against n, or, when grazing,
// runs nearly tangent to n. A capsule or a box comes, one time in two,
// along the triangle's normal (either side), so that faces and sides meet
// faces.
func (g *generator) aimed(f frame, grazing bool) (start, end mgl64.Vec3) {
	t := g.tris[g.r.IntN(len(g.tris))]
	n := g.unit()
	if f.shape.Kind != sweep.KindEllipsoid && g.r.IntN(2) == 0 {
		if nt := t.Normal(); geom.Len(nt) > 0 {
			n = geom.Scale(geom.Normalize(nt), float64(2*float64(g.r.IntN(2)))-1)
		}
	}
	if grazing {
		return g.motionThrough(f, g.pointOn(t), n, float64(1e-4*g.r.NormFloat64()))
	}
	return g.motionThrough(f, g.pointOn(t), n, -0.2-float64(g.r.Float64()))
}

// motionThrough returns a motion whose center passes f.center(p, n, gap)
// at a random fraction of the way, moving along a random tangent to n
// plus normal·n (both in the frame's unit space), about a few shape sizes
// long.
func (g *generator) motionThrough(f frame, p, n mgl64.Vec3, normal float64) (start, end mgl64.Vec3) {
	c := f.center(p, n, g.gap())
	tangent := geom.PlainCross(n, g.unit())
	if geom.Len(tangent) < 1e-6 {
		tangent = geom.PlainCross(n, mgl64.Vec3{1, 0, 0})
	}
	u := geom.Scale(geom.Normalize(tangent).Add(geom.Scale(n, normal)), 0.5+float64(4*g.r.Float64()))
	delta := f.toWorld(u)
	t := float64(g.r.Float64())
	return c.Sub(geom.Scale(delta, t)), c.Add(geom.Scale(delta, 1-t))
}

// crease drives the shape into the edge shared by two triangles, along
// the sum of their normals in the frame's unit space (each on a random
// side), so that a slide meets both.
func (g *generator) crease(f frame) (start, end mgl64.Vec3) {
	if len(g.creases) == 0 {
		return g.aimed(f, false)
	}
	cr := g.creases[g.r.IntN(len(g.creases))]
	n := creaseDirection(f.unit, [2]geom.Triangle{g.tris[cr.tris[0]], g.tris[cr.tris[1]]},
		[2]float64{float64(2*float64(g.r.IntN(2))) - 1, float64(2*float64(g.r.IntN(2))) - 1})
	if geom.Len(n) < 1e-6 {
		n = g.unit()
	}
	a, b := cr.edge[0], cr.edge[1]
	p := a.Add(geom.Scale(b.Sub(a), float64(g.r.Float64())))
	return g.motionThrough(f, p, geom.Normalize(n), -0.2-float64(2*float64(g.r.Float64())))
}

// creaseDirection is the sum of the unit-space normals of the two
// triangles of a crease, each times its sign (±1), in the ellipsoid's unit
// space; zero when the axes are singular or both triangles degenerate. The
// inverse is scale-free (geom.Invert), so tiny ellipsoids get a direction
// too.
func creaseDirection(e sweep.Ellipsoid, tris [2]geom.Triangle, signs [2]float64) mgl64.Vec3 {
	inv, ok := geom.Invert(mgl64.Mat3FromCols(e.Axes[0], e.Axes[1], e.Axes[2]))
	var n mgl64.Vec3
	if !ok {
		return n
	}
	for i, t := range tris {
		nu := geom.Cross(geom.MulVec3(inv, t[1].Sub(t[0])), geom.MulVec3(inv, t[2].Sub(t[0])))
		if l := geom.Len(nu); l > 0 {
			n = n.Add(geom.Scale(nu, signs[i]/l))
		}
	}
	return n
}
