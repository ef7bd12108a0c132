package sweep

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep/oracle"
)

// Hard scenes for collide-and-slide, and checks against the independent
// distance oracle (package oracle: unit-space closest point, no code shared
// with the core).

// quad returns the two triangles of the parallelogram a, a+u, a+u+v, a+v,
// split into n x n cells.
func quad(a, u, v mgl64.Vec3, n int) []geom.Triangle {
	p := func(i, j int) mgl64.Vec3 {
		return a.Add(geom.Scale(u, float64(i)/float64(n))).Add(geom.Scale(v, float64(j)/float64(n)))
	}
	var tris []geom.Triangle
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			tris = append(tris, geom.Triangle{p(i, j), p(i+1, j), p(i, j+1)}, geom.Triangle{p(i+1, j), p(i+1, j+1), p(i, j+1)})
		}
	}
	return tris
}

// box returns the 12 triangles of the box lo..hi.
func box(lo, hi mgl64.Vec3) []geom.Triangle {
	d := hi.Sub(lo)
	x, y, z := mgl64.Vec3{d[0], 0, 0}, mgl64.Vec3{0, d[1], 0}, mgl64.Vec3{0, 0, d[2]}
	var tris []geom.Triangle
	for _, f := range [][3]mgl64.Vec3{{lo, x, z}, {lo.Add(y), x, z}, {lo, x, y}, {lo.Add(z), x, y}, {lo, y, z}, {lo.Add(x), y, z}} {
		tris = append(tris, quad(f[0], f[1], f[2], 1)...)
	}
	return tris
}

type slideScene struct {
	name string
	tris []geom.Triangle
	lo   mgl64.Vec3 // region where random starts are drawn
	hi   mgl64.Vec3
}

var creaseAngle = 35 * math.Pi / 180 // each side of the V rises at this angle

func floorTris() []geom.Triangle {
	return quad(mgl64.Vec3{-6, 0, -6}, mgl64.Vec3{12, 0, 0}, mgl64.Vec3{0, 0, 12}, 6)
}

// vValley is two planes meeting along the z axis, rising at creaseAngle.
func vValley() []geom.Triangle {
	c, s := math.Cos(creaseAngle), math.Sin(creaseAngle)
	l := 6.0
	right := quad(mgl64.Vec3{0, 0, -6}, mgl64.Vec3{float64(c * l), float64(s * l), 0}, mgl64.Vec3{0, 0, 12}, 4)
	left := quad(mgl64.Vec3{0, 0, -6}, mgl64.Vec3{float64(-c * l), float64(s * l), 0}, mgl64.Vec3{0, 0, 12}, 4)
	return append(right, left...)
}

// wallRamp is a ramp rising along +z at 25 degrees with a wall x = 1.5
// standing on it.
func wallRamp() []geom.Triangle {
	a := 25 * math.Pi / 180
	ramp := quad(mgl64.Vec3{-6, 0, -6}, mgl64.Vec3{7.5, 0, 0}, mgl64.Vec3{0, float64(12 * math.Tan(a)), 12}, 4)
	wall := quad(mgl64.Vec3{1.5, -3, -6}, mgl64.Vec3{0, 0, 12}, mgl64.Vec3{0, 12, 0}, 3)
	return append(ramp, wall...)
}

func stairs() []geom.Triangle {
	tris := floorTris()
	for i := 0; i < 6; i++ {
		x := -3 + float64(0.6*float64(i))
		tris = append(tris, box(mgl64.Vec3{x, 0, -3}, mgl64.Vec3{x + 0.6, float64(0.3 * float64(i+1)), 3})...)
	}
	return tris
}

func spike() []geom.Triangle {
	tris := floorTris()
	apex := mgl64.Vec3{0, 2.5, 0}
	base := []mgl64.Vec3{{-1, 0, -1}, {1, 0, -1}, {1, 0, 1}, {-1, 0, 1}}
	for i := range base {
		tris = append(tris, geom.Triangle{base[i], base[(i+1)%4], apex})
	}
	return tris
}

func slideScenes() []slideScene {
	ramp := append(floorTris(), quad(mgl64.Vec3{0, 0, -6}, mgl64.Vec3{6, float64(6 * math.Tan(30*math.Pi/180)), 0}, mgl64.Vec3{0, 0, 12}, 3)...)
	wall := append(floorTris(), quad(mgl64.Vec3{2, 0, -6}, mgl64.Vec3{0, 0, 12}, mgl64.Vec3{0, 5, 0}, 3)...)
	return []slideScene{
		{"floor", floorTris(), mgl64.Vec3{-5, 0, -5}, mgl64.Vec3{5, 4, 5}},
		{"ramp", ramp, mgl64.Vec3{-5, 0, -5}, mgl64.Vec3{5, 5, 5}},
		{"wall", wall, mgl64.Vec3{-5, 0, -5}, mgl64.Vec3{5, 4, 5}},
		{"crease", vValley(), mgl64.Vec3{-4, 0, -5}, mgl64.Vec3{4, 4, 5}},
		{"wall-ramp", wallRamp(), mgl64.Vec3{-5, -2, -5}, mgl64.Vec3{3, 6, 5}},
		{"spike", spike(), mgl64.Vec3{-4, 0, -4}, mgl64.Vec3{4, 4, 4}},
		{"stairs", stairs(), mgl64.Vec3{-5, 0, -4}, mgl64.Vec3{5, 4, 4}},
		{"box-room", box(mgl64.Vec3{-3, 0, -3}, mgl64.Vec3{3, 4, 3}), mgl64.Vec3{-3, 0, -3}, mgl64.Vec3{3, 4, 3}},
	}
}

// minDistance returns the smallest unit-space distance from the ellipsoid
// centered anywhere on the segment a..b to any triangle (the oracle).
// Triangles outside the segment's box grown by twice the ellipsoid's extent
// are skipped: they are more than 1 away in unit space.
func minDistance(e Ellipsoid, a, b mgl64.Vec3, tris []geom.Triangle) float64 {
	reach := geom.EmptyAABB().Extend(a).Extend(b).Expand(geom.Scale(e.Extent(), 2))
	best := math.Inf(1)
	for _, tri := range tris {
		if !reach.Overlaps(triBox(tri)) {
			continue
		}
		_, d := oracle.MinDistance(e.Axes, a, b.Sub(a), tri, 0, 1)
		best = math.Min(best, d)
	}
	return best
}

// slidePath returns every point of the slide's path in order: from, then
// each step's Contact and Resume, then Final.
func slidePath(from mgl64.Vec3, r SlideResult) []mgl64.Vec3 {
	path := []mgl64.Vec3{from}
	for _, s := range r.Steps {
		path = append(path, s.Contact, s.Resume)
	}
	return append(path, r.Final)
}

// insideTol is how far below 1 the unit-space distance may dip before the
// ellipsoid counts as inside geometry: the narrow phase finds contacts to
// about 1e-12, and 1e-9 leaves room for the oracle's own rounding.
const insideTol = 1e-9

// checkSlide reports how the slide broke the rules: a path segment that
// comes closer than 1 - insideTol to a triangle passes into geometry (this
// also covers ending inside), and a slide must not go anywhere when it
// began inside.
func checkSlide(e Ellipsoid, from mgl64.Vec3, r SlideResult, tris []geom.Triangle) (string, float64) {
	path := slidePath(from, r)
	for i := 0; i+1 < len(path); i++ {
		if d := minDistance(e, path[i], path[i+1], tris); d < 1-insideTol {
			return "path enters geometry", d
		}
	}
	if len(r.Steps) > DefaultMaxIterations {
		return "too many steps", 0
	}
	return "", 0
}

// TestSlideNeverEntersGeometry: random slides in every hard scene; none
// ends inside a triangle or passes through one (the oracle checks every
// segment of the path).
func TestSlideNeverEntersGeometry(t *testing.T) {
	total := 10000
	if testing.Short() {
		total = 800
	}
	scenes := slideScenes()
	rng := rand.New(rand.NewPCG(21, 22))
	steps := 0
	for _, sc := range scenes {
		m := NewMesh(sc.tris)
		n := total / len(scenes)
		for i := 0; i < n; i++ {
			e := testEllipsoid(rng, 0.2, 1)
			from := startOutside(rng, e, sc)
			to := from.Add(mgl64.Vec3{float64(rng.NormFloat64() * 2), float64(rng.NormFloat64()*2) - 1.5, float64(rng.NormFloat64() * 2)})
			res := m.Slide(e, from, to, SlideOptions{})
			steps += len(res.Steps)
			if msg, d := checkSlide(e, from, res, sc.tris); msg != "" {
				t.Fatalf("%s slide %d: %s (distance %v)\ne %v from %v to %v\nresult %+v", sc.name, i, msg, d, e.Axes, from, to, res)
			}
		}
	}
	t.Logf("%d slides, %d contacts", total, steps)
	if steps < total/2 {
		t.Fatalf("only %d contacts in %d slides: the slides do not exercise the scenes", steps, total)
	}
}

// startOutside draws a start in the scene's region, touching nothing or
// touching a surface exactly (some starts are dropped onto the geometry
// first, so that touching starts are common).
func startOutside(rng *rand.Rand, e Ellipsoid, sc slideScene) mgl64.Vec3 {
	for {
		var p mgl64.Vec3
		for i := range p {
			p[i] = sc.lo[i] + float64((sc.hi[i]-sc.lo[i])*rng.Float64())
		}
		if minDistance(e, p, p, sc.tris) < 1 {
			continue
		}
		if rng.IntN(3) == 0 { // rest it on whatever is below, touching
			if c, ok := firstContact(e, p, mgl64.Vec3{0, -10, 0}, sc.tris); ok {
				p = c
			}
		}
		return p
	}
}

// firstContact returns the center at the oracle's first contact over all
// triangles.
func firstContact(e Ellipsoid, begin, delta mgl64.Vec3, tris []geom.Triangle) (mgl64.Vec3, bool) {
	best, found := math.Inf(1), false
	var center mgl64.Vec3
	for _, tri := range tris {
		if c, ok := oracle.FirstContact(e.Axes, begin, delta, tri); ok && c.T < best {
			best, center, found = c.T, c.Center, true
		}
	}
	return center, found
}

func near(a, b mgl64.Vec3, tol float64) bool { return geom.Len(a.Sub(b)) <= tol }

// TestSlideHandDerived checks slides whose results follow from the geometry
// by hand.
func TestSlideHandDerived(t *testing.T) {
	const skin = DefaultSkin
	big := quad(mgl64.Vec3{-50, 0, -50}, mgl64.Vec3{100, 0, 0}, mgl64.Vec3{0, 0, 100}, 5)
	floor := NewMesh(big)
	wall := NewMesh(append(append([]geom.Triangle{}, big...), quad(mgl64.Vec3{2, -1, -50}, mgl64.Vec3{0, 0, 100}, mgl64.Vec3{0, 10, 0}, 4)...))
	valley := NewMesh(vValley())
	// The V's planes pass through the z axis with unit normals
	// (∓sin a, cos a, 0); the sphere r=1 resting in the crease, skin away
	// from both, has x = 0 and cos(a)*y = 1 + skin.
	crease := (1 + skin) / math.Cos(creaseAngle)
	cases := []struct {
		name     string
		m        *Mesh
		e        Ellipsoid
		from, to mgl64.Vec3
		final    mgl64.Vec3
		steps    int
		contact  mgl64.Vec3 // first contact pose, when steps > 0
	}{
		// Down onto y = 0 at an angle: contact when y = 1 (t = 0.5), then the
		// rest of the motion projected onto the floor, skin above it.
		{"floor-angle", floor, Sphere(1), mgl64.Vec3{0, 3, 0}, mgl64.Vec3{4, -1, 0}, mgl64.Vec3{4, 1 + skin, 0}, 1, mgl64.Vec3{2, 1, 0}},
		{"floor-ellipsoid", floor, Ellipsoid{Axes: [3]mgl64.Vec3{{0.4, 0, 0}, {0, 0.9, 0}, {0, 0, 0.4}}},
			mgl64.Vec3{1, 2.9, 1}, mgl64.Vec3{3, -1.1, -1}, mgl64.Vec3{3, 0.9 + DefaultSkinRatio*0.4, -1}, 1, mgl64.Vec3{2, 0.9, 0}}, // the skin is relative to the shortest semi-axis
		// Resting on the floor and pushing into it keeps the whole horizontal motion.
		// (Contact when y drops by skin: t = skin/(0.5 + skin).)
		{"glide", floor, Sphere(1), mgl64.Vec3{0, 1 + skin, 0}, mgl64.Vec3{3, 0.5, 1}, mgl64.Vec3{3, 1 + skin, 1}, 1,
			mgl64.Vec3{3 * skin / (0.5 + skin), 1, skin / (0.5 + skin)}},
		// Touching and moving away, or along: not blocked.
		{"leave", floor, Sphere(1), mgl64.Vec3{0, 1, 0}, mgl64.Vec3{1, 3, 0}, mgl64.Vec3{1, 3, 0}, 0, mgl64.Vec3{}},
		{"tangent", floor, Sphere(1), mgl64.Vec3{0, 1, 0}, mgl64.Vec3{3, 1, 0}, mgl64.Vec3{3, 1, 0}, 0, mgl64.Vec3{}},
		// Into the wall x = 2 at a slant: contact at x = 1, then slide along it.
		{"wall", wall, Sphere(1), mgl64.Vec3{0, 1.5, 0}, mgl64.Vec3{5, 1.5, 3}, mgl64.Vec3{1 - skin, 1.5, 3}, 1, mgl64.Vec3{1, 1.5, 0.6}},
		// Into the V valley: onto one side, then along the crease line.
		{"crease", valley, Sphere(1), mgl64.Vec3{0.5, 3, 0}, mgl64.Vec3{0.5, -2, 4}, mgl64.Vec3{0, crease, 4}, 2, mgl64.Vec3{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := c.m.Slide(c.e, c.from, c.to, SlideOptions{})
			if !near(res.Final, c.final, 1e-9) || len(res.Steps) != c.steps {
				t.Fatalf("final %v with %d steps, want %v with %d", res.Final, len(res.Steps), c.final, c.steps)
			}
			if c.steps > 0 && c.contact != (mgl64.Vec3{}) && !near(res.Steps[0].Contact, c.contact, 1e-9) {
				t.Fatalf("first contact at %v, want %v", res.Steps[0].Contact, c.contact)
			}
		})
	}
}

// TestSlideGlidesOnFloor: resting on (or just above) a tessellated floor
// and pushing into it keeps at least 98% of the horizontal motion.
func TestSlideGlidesOnFloor(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	m := NewMesh(floorTris())
	n := 2000
	if testing.Short() {
		n = 300
	}
	worst := math.Inf(1)
	for i := 0; i < n; i++ {
		e := testEllipsoid(rng, 0.2, 1)
		from := mgl64.Vec3{float64(rng.Float64()*4) - 2, 0, float64(rng.Float64()*4) - 2}
		from[1] = e.Extent()[1] + float64(0.01*rng.Float64()) // resting or hovering up to 0.01
		move := mgl64.Vec3{rng.NormFloat64(), -float64(rng.Float64()), rng.NormFloat64()}
		res := m.Slide(e, from, from.Add(move), SlideOptions{})
		h := mgl64.Vec2{move[0], move[2]}
		got := mgl64.Vec2{res.Final[0] - from[0], res.Final[2] - from[2]}
		kept := geom.Dot2(got, h) / geom.LenSq2(h)
		worst = math.Min(worst, kept)
		if kept < 0.98 {
			t.Fatalf("slide %d: kept %.4f of the horizontal motion (e %v from %v move %v, result %+v)", i, kept, e.Axes, from, move, res)
		}
	}
	t.Logf("worst kept fraction %.6f", worst)
}

// TestSlideHugsWall: touching a wall and moving along it with a push into
// it keeps at least 98% of the motion along the wall.
func TestSlideHugsWall(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	wall := quad(mgl64.Vec3{2, -6, -6}, mgl64.Vec3{0, 0, 12}, mgl64.Vec3{0, 12, 0}, 5) // the plane x = 2
	m := NewMesh(wall)
	for i := 0; i < 300; i++ {
		e := testEllipsoid(rng, 0.2, 1)
		from := mgl64.Vec3{2 - e.Extent()[0], float64(rng.Float64()*4) - 2, float64(rng.Float64()*4) - 2} // touching
		move := mgl64.Vec3{float64(rng.Float64() * 0.5), rng.NormFloat64(), rng.NormFloat64()}
		res := m.Slide(e, from, from.Add(move), SlideOptions{})
		along := mgl64.Vec2{move[1], move[2]}
		got := mgl64.Vec2{res.Final[1] - from[1], res.Final[2] - from[2]}
		if kept := geom.Dot2(got, along) / geom.LenSq2(along); kept < 0.98 {
			t.Fatalf("slide %d: kept %.4f of the motion along the wall (result %+v)", i, kept, res)
		}
	}
}

// TestSlideFollowsCreases: pushed down into a V valley, or into the line
// where a wall meets a ramp, the slide moves along the crease line by at
// least 98% of the motion's component along it, and ends in the crease.
func TestSlideFollowsCreases(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 36))
	a := 25 * math.Pi / 180
	scenes := []struct {
		name   string
		tris   []geom.Triangle
		dir    mgl64.Vec3 // unit direction of the crease line
		inward mgl64.Vec3 // pushes into both planes
		start  func(e Ellipsoid) mgl64.Vec3
	}{
		{"v-valley", vValley(), mgl64.Vec3{0, 0, 1}, mgl64.Vec3{0, -1, 0},
			func(e Ellipsoid) mgl64.Vec3 {
				return mgl64.Vec3{float64(rng.Float64()) - 0.5, 3, float64(float64(rng.Float64())*2) - 1}
			}},
		{"wall-ramp", wallRamp(), mgl64.Vec3{0, math.Sin(a), math.Cos(a)}, mgl64.Vec3{1, -1, 0},
			func(e Ellipsoid) mgl64.Vec3 {
				z := float64(float64(rng.Float64())*2) - 1
				return mgl64.Vec3{0.5, float64((z+6)*math.Tan(a)) + 2, z} // 2 above the ramp
			}},
	}
	for _, sc := range scenes {
		m := NewMesh(sc.tris)
		for i := 0; i < 300; i++ {
			e := Sphere(0.3 + float64(0.5*rng.Float64()))
			from := sc.start(e)
			along := float64((float64(float64(rng.Float64())*2) - 1) * 3)
			move := geom.Scale(sc.dir, along).Add(geom.Scale(sc.inward, 4+float64(2*float64(rng.Float64()))))
			res := m.Slide(e, from, from.Add(move), SlideOptions{})
			// Ending on the crease line, the displacement along it is the
			// motion's component along it.
			want := geom.Dot(move, sc.dir)
			got := geom.Dot(res.Final.Sub(from), sc.dir)
			if math.Abs(got-want) > float64(0.02*math.Abs(want))+1e-6 {
				t.Fatalf("%s slide %d: moved %.4f along the crease, want %.4f (steps %d, result %+v)", sc.name, i, got, want, len(res.Steps), res)
			}
			if d := minDistance(e, res.Final, res.Final, sc.tris); d > 1.01 {
				t.Fatalf("%s slide %d: ended %v from the surfaces, not in the crease", sc.name, i, d)
			}
		}
	}
}

func TestSlideDegenerateInput(t *testing.T) {
	m := NewMesh(floorTris())
	nan := math.NaN()
	res := m.Slide(Sphere(1), mgl64.Vec3{0, 2, 0}, mgl64.Vec3{nan, 0, 0}, SlideOptions{})
	if res.Final != (mgl64.Vec3{0, 2, 0}) || len(res.Steps) != 0 {
		t.Fatalf("non-finite target: %+v", res)
	}
	res = m.Slide(Ellipsoid{}, mgl64.Vec3{0, 2, 0}, mgl64.Vec3{0, -5, 0}, SlideOptions{})
	if res.Final != (mgl64.Vec3{0, 2, 0}) || len(res.Steps) != 0 {
		t.Fatalf("degenerate ellipsoid: %+v", res)
	}
	res = NewMesh(nil).Slide(Sphere(1), mgl64.Vec3{0, 2, 0}, mgl64.Vec3{1, -5, 0}, SlideOptions{})
	if res.Final != (mgl64.Vec3{1, -5, 0}) {
		t.Fatalf("empty mesh: %+v", res)
	}
	res = m.Slide(Sphere(1), mgl64.Vec3{0, 2, 0}, mgl64.Vec3{0, 2, 0}, SlideOptions{})
	if res.Final != (mgl64.Vec3{0, 2, 0}) || len(res.Steps) != 0 {
		t.Fatalf("no motion: %+v", res)
	}
	// One iteration: stops at the first contact (2, 1, 0), backed up along
	// the move (4, -4, 0) until skin above the floor: by 0.01/4 of it.
	res = m.Slide(Sphere(1), mgl64.Vec3{0, 3, 0}, mgl64.Vec3{4, -1, 0}, SlideOptions{MaxIterations: 1, Skin: 0.01})
	if len(res.Steps) != 1 || !near(res.Final, mgl64.Vec3{1.99, 1.01, 0}, 1e-9) || res.Steps[0].Projected != (mgl64.Vec3{}) {
		t.Fatalf("one iteration: %+v", res)
	}
}

// TestSlideAllocations: a slide allocates at most its Steps slice.
func TestSlideAllocations(t *testing.T) {
	m := NewMesh(floorTris())
	allocs := testing.AllocsPerRun(100, func() {
		m.Slide(Sphere(1), mgl64.Vec3{0, 3, 0}, mgl64.Vec3{4, -1, 0}, SlideOptions{})
	})
	if allocs > 1 {
		t.Fatalf("Slide allocates %v times per call", allocs)
	}
}

// TestProjectFormsAgree requires project1 and project2 to give exactly
// projectGram's answers (bit for bit, zero signs included, and the same
// refusals) for one and two planes: random unit normals, axis normals
// (whose zero components and products give signed zeros), orthogonal and
// nearly parallel pairs, and offsets of both signs and zero.
func TestProjectFormsAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(47, 48))
	axes := []mgl64.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {-1, 0, 0}, {0, -1, 0}, {0, 0, -1}, {math.Copysign(0, -1), 1, 0}}
	normal := func() mgl64.Vec3 {
		if r.IntN(3) == 0 {
			return axes[r.IntN(len(axes))]
		}
		return geom.Normalize(randVec(r, 1))
	}
	offset := func() float64 {
		return []float64{0, math.Copysign(0, -1), r.NormFloat64(), float64(1e-3 * r.NormFloat64()), float64(100 * r.NormFloat64())}[r.IntN(5)]
	}
	refused := 0
	for i := range 200000 {
		g := randVec(r, []float64{1, 100, 1e5}[r.IntN(3)])
		var n [3]mgl64.Vec3
		var off [3]float64
		n[0], n[1] = normal(), normal()
		switch i % 4 {
		case 0: // nearly parallel
			n[1] = geom.Normalize(n[0].Add(randVec(r, float64(1e-3*r.Float64()))))
		case 1: // orthogonal
			n[1] = geom.Normalize(geom.PlainCross(n[0], randVec(r, 1)))
		}
		off[0], off[1] = offset(), offset()
		for k := 1; k <= 2; k++ {
			gram := gramOf(&n, k)
			want, wantOK := projectGram(g, &n, &off, &gram, k)
			var got mgl64.Vec3
			var gotOK bool
			if k == 1 {
				got, gotOK = project1(g, n[0], geom.Dot(n[0], n[0]), off[0])
			} else {
				got, gotOK = project2(g, n[0], n[1], geom.Dot(n[0], n[0]), geom.Dot(n[1], n[1]), geom.Dot(n[0], n[1]), off[0], off[1])
			}
			if !sameBits(&got, &want) || gotOK != wantOK {
				t.Fatalf("%d planes %v, offsets %v, g %v: %v %v, projectGram %v %v", k, n[:k], off[:k], g, got, gotOK, want, wantOK)
			}
			if !wantOK {
				refused++
			}
		}
	}
	if refused == 0 || refused > 100000 {
		t.Fatalf("%d refusals: the nearly parallel pairs must test both outcomes", refused)
	}
}
