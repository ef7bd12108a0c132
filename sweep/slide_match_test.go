package sweep

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// slideMatchScene is a mesh for TestSlideMatchesReference, its triangles
// and the region where motions start.
type slideMatchScene struct {
	name   string
	tris   []geom.Triangle
	lo, hi mgl64.Vec3
}

// slideMatchScenes returns the hard slide scenes, a terrain (float64
// vertices), a grid of half-unit heights (float32 vertices: exact ties
// between neighbouring triangles), the same grid with every triangle
// given twice (ties at equal T between two indices on every contact), and
// the terrain and the grid moved 1e6 from the origin.
func slideMatchScenes() []slideMatchScene {
	var scenes []slideMatchScene
	for _, s := range slideScenes() {
		scenes = append(scenes, slideMatchScene{s.name, s.tris, s.lo, s.hi})
	}
	rng := rand.New(rand.NewPCG(61, 62))
	g := grid(rng, 12)
	twice := append(append([]geom.Triangle(nil), g...), g...)
	ter := terrain(40)
	far := mgl64.Vec3{1e6, -3e5, 1e6}
	scenes = append(scenes,
		slideMatchScene{"terrain", ter, mgl64.Vec3{2, -8, 2}, mgl64.Vec3{38, 12, 38}},
		slideMatchScene{"grid", g, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{11, 3, 11}},
		slideMatchScene{"grid-twice", twice, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{11, 3, 11}},
		slideMatchScene{"terrain-far", moveTris(ter, far), mgl64.Vec3{2, -8, 2}.Add(far), mgl64.Vec3{38, 12, 38}.Add(far)},
		slideMatchScene{"grid-far", moveTris(g, far), mgl64.Vec3{1, 0, 1}.Add(far), mgl64.Vec3{11, 3, 11}.Add(far)},
	)
	return scenes
}

// moveTris returns tris moved by d.
func moveTris(tris []geom.Triangle, d mgl64.Vec3) []geom.Triangle {
	out := make([]geom.Triangle, len(tris))
	for i, tri := range tris {
		for j := range tri {
			out[i][j] = tri[j].Add(d)
		}
	}
	return out
}

// slideMatchShapes are the shapes TestSlideMatchesReference slides: a
// sphere, an upright and a tilted ellipsoid, two ellipsoids whose
// smallest semi-axes differ in one bit (the kept shape and its unit, the
// default skin's, must follow the bits), a capsule and a box.
func slideMatchShapes() []Shape {
	c, s := math.Cos(0.5), math.Sin(0.5)
	up := Ellipsoid{Axes: [3]mgl64.Vec3{{0.4, 0, 0}, {0, 0.9, 0}, {0, 0, 0.4}}}
	near := up
	near.Axes[0][0] = math.Nextafter(0.4, 0) // the smallest semi-axis: another skin
	return []Shape{
		EllipsoidShape(Sphere(0.5)),
		EllipsoidShape(up),
		EllipsoidShape(near),
		EllipsoidShape(Ellipsoid{Axes: [3]mgl64.Vec3{{float64(0.6 * c), float64(0.6 * s), 0}, {float64(-0.3 * s), float64(0.3 * c), 0}, {0, 0, 0.45}}}),
		CapsuleShape(Capsule{Radius: 0.35, HalfSegment: mgl64.Vec3{0, 0.5, 0}}),
		BoxShape(Box{Axes: [3]mgl64.Vec3{{0.4, 0, 0}, {0, 0.6, 0}, {0, 0, 0.3}}}),
	}
}

// slideMatchOptions are the options the test slides with: the defaults,
// one and two steps, more steps than the stack holds, an explicit skin
// and skins the defaults replace.
var slideMatchOptions = []SlideOptions{{}, {MaxIterations: 1}, {MaxIterations: 2}, {MaxIterations: 9}, {Skin: 0.01}, {Skin: math.NaN()}, {Skin: math.Inf(1), MaxIterations: 3}}

// TestSlideMatchesReference requires SlideShape to give slideRef's
// answer bit for bit (sameSlide) on every scene of slideMatchScenes
// with every shape and options: random motions, motions from each step's
// contact (a start touching the mesh) and resume point, grazing motions
// along each step's projected move and along its contact plane, and now
// and then a zero or non-finite motion.
func TestSlideMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(63, 64))
	n := 150
	if testing.Short() {
		n = 40
	}
	steps, contactStarts := 0, 0
	for _, sc := range slideMatchScenes() {
		m := NewMesh(sc.tris)
		// The shape changes from motion to motion, as do the kept
		// shape and unit of the pooled scratch the slides take.
		shapes := slideMatchShapes()
		for i := 0; i < n*len(shapes); i++ {
			s := shapes[rng.IntN(len(shapes))]
			opt := slideMatchOptions[rng.IntN(len(slideMatchOptions))]
			check := func(from, to mgl64.Vec3) SlideResult {
				t.Helper()
				got, want := m.SlideShape(s, from, to, opt), m.slideRef(s, from, to, opt)
				if !sameSlide(got, want) {
					t.Fatalf("%s, %v %v, from %v to %v, %+v:\n got %+v\nwant %+v", sc.name, s.Kind, s.Ellipsoid.Axes, from, to, opt, got, want)
				}
				steps += len(got.Steps)
				return got
			}
			from, d := randIn(rng, sc.lo, sc.hi), randVec(rng, 8)
			d[1] -= 3
			switch i % 25 {
			case 0:
				d = mgl64.Vec3{}
			case 1:
				d[rng.IntN(3)] = math.NaN()
			}
			for _, st := range check(from, from.Add(d)).Steps {
				// From the contact (touching at T = 0) and the resume
				// point: along the projected move, into the contact
				// plane, and along it (grazing).
				nrm := st.Hit.Normal
				along := geom.PlainCross(nrm, randVec(rng, 1))
				check(st.Contact, st.Contact.Add(st.Projected))
				check(st.Contact, st.Contact.Sub(geom.Scale(nrm, 0.5)))
				check(st.Contact, st.Contact.Add(geom.Scale(along, 3)))
				check(st.Resume, st.Resume.Add(geom.Scale(along, 3)))
				check(st.Resume, st.Resume.Add(st.Projected).Add(geom.Scale(nrm, -1e-9)))
				contactStarts++
			}
		}
	}
	t.Logf("%d steps compared, %d slides from contacts", steps, contactStarts)
	if contactStarts < 1000 {
		t.Fatalf("only %d slides from contacts: the scenes are not exercised", contactStarts)
	}
}

// randIn returns a point drawn uniformly in the box lo..hi.
func randIn(rng *rand.Rand, lo, hi mgl64.Vec3) mgl64.Vec3 {
	var p mgl64.Vec3
	for k := range p {
		p[k] = lo[k] + float64(rng.Float64()*(hi[k]-lo[k]))
	}
	return p
}

// TestNearestMatchesReference requires planeSet.nearest to give
// nearestRef's answer (every active set projected by projectGram from the
// planes) bit for bit, zero signs and refusals included, on sets of one
// to four planes built as a slide builds them (planeSet.add): random
// unit normals, axis normals (signed zeros), repeated, nearly parallel
// and orthogonal ones, offsets of both signs and zero, and goals near and
// far from the origin.
func TestNearestMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(65, 66))
	axes := []mgl64.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {-1, 0, 0}, {0, -1, 0}, {0, 0, -1}, {math.Copysign(0, -1), 1, 0}}
	found, planes := 0, [maxPlanes + 1]int{}
	for i := range 200000 {
		var s planeSet
		var last mgl64.Vec3
		for range 1 + rng.IntN(6) {
			var n mgl64.Vec3
			switch rng.IntN(5) {
			case 0:
				n = axes[rng.IntN(len(axes))]
			case 1: // nearly parallel to the last
				n = geom.Normalize(last.Add(randVec(rng, float64(1e-3*rng.Float64()))))
			case 2: // orthogonal to the last
				n = geom.Normalize(geom.PlainCross(last, randVec(rng, 1)))
			default:
				n = geom.Normalize(randVec(rng, 1))
			}
			if !finiteVecs(n) {
				n = axes[1]
			}
			b := []float64{0, math.Copysign(0, -1), rng.NormFloat64(), float64(1e-3 * rng.NormFloat64()), float64(100 * rng.NormFloat64())}[rng.IntN(5)]
			s.add(n, b)
			last = n
		}
		g := randVec(rng, []float64{1, 100, 1e6}[i%3])
		got, gotOK := s.nearest(g)
		want, wantOK := s.nearestRef(g)
		if !sameBits(&got, &want) || gotOK != wantOK {
			t.Fatalf("planes %+v, g %v: %v %v, reference %v %v", s.p[:s.k], g, got, gotOK, want, wantOK)
		}
		if gotOK && got != g {
			found++
		}
		planes[s.k]++
	}
	t.Logf("%d goals moved; sets by plane count %v", found, planes)
	if found < 50000 || planes[3] == 0 || planes[4] == 0 {
		t.Fatalf("%d goals moved, sets by plane count %v: the solver is not exercised", found, planes)
	}
}
