package sweep

import (
	"sweepdbg/geom"

	"math"
	"math/bits"

	"github.com/go-gl/mathgl/mgl64"
)

// Collide and slide ("MTV slide", the course's collide-and-slide slides), with the fixes the
// slides and later engines admit:
//
//   - Every move, and every nudge away from a surface, is a mesh sweep that
//     stops at the first contact, so the center never passes through a
//     triangle and never ends inside one (unit-space distance below 1).
//   - The skin is kept along the contact normal: after a contact the center
//     moves to Skin from the contact plane, measured along the normal. It
//     backs up along the move just made when that path is long enough (it
//     was swept clear), and otherwise is nudged out along the normal with a
//     sweep of its own.
//   - Each contact adds a constraint plane n·x >= n·c + Skin (c the contact
//     pose). The next move goes to the point nearest the target that
//     satisfies every plane at once (a tiny quadratic program solved by
//     enumerating active sets, as the plane solvers of Box2D's mover and
//     Jolt's CharacterVirtual do iteratively): one plane projects the motion
//     onto it, two meeting planes (a crease) move along their crease line,
//     three stop at their corner. So creases do not ping-pong, and gliding
//     along a floor or a wall keeps the whole tangential motion.
//   - A contact at T = 0 that the motion leaves (delta·n >= 0) is ignored,
//     so a start touching a surface can move away from it.
//
// For the ellipsoid the contact normal's plane separates it from the
// triangle touched (both are convex and touch there), so staying on the
// plane's positive side keeps clear of that triangle.

// Default slide options.
const (
	// DefaultMaxIterations is the number of contacts a slide resolves when
	// SlideOptions.MaxIterations is 0.
	DefaultMaxIterations = 5
	// DefaultSkinRatio is the default skin relative to the ellipsoid: when
	// SlideOptions.Skin is 0 the slide keeps 1e-3 of the smallest
	// semi-axis from surfaces, so the gap looks and behaves the same at
	// every scale (a fixed length would be 1e5 radii for a 1e-8 ellipsoid
	// and nothing for a 1e8 one).
	DefaultSkinRatio = 1e-3
	// DefaultSkin is the default skin of an ellipsoid whose smallest
	// semi-axis is 1 (world units): DefaultSkinRatio of it.
	DefaultSkin = DefaultSkinRatio
)

// maxPlanes is the number of contact planes the slide keeps (the newest).
const maxPlanes = 4

// SlideOptions tunes collide-and-slide. Zero values mean sensible defaults.
type SlideOptions struct {
	MaxIterations int     // contacts resolved at most; 0 (or less) means 5
	Skin          float64 // distance kept from surfaces along their normal, world units; 0 (or less, NaN or ±Inf) means DefaultSkinRatio times the ellipsoid's smallest semi-axis
}

// WithDefaults returns o with DefaultMaxIterations in place of a
// MaxIterations of 0 or less and DefaultSkinRatio times s's Unit (an
// ellipsoid's smallest semi-axis, a capsule's radius, a box's smallest
// half extent) in place of a Skin that is 0, negative, NaN or infinite: the
// options Slide actually uses for e. An explicit skin is kept as given.
func (o SlideOptions) WithDefaults(s Shape) SlideOptions {
	unit := 0.0
	if o.defaultSkin() {
		unit = s.Unit()
	}
	return o.withUnit(unit)
}

// defaultSkin reports whether WithDefaults replaces o's Skin.
func (o SlideOptions) defaultSkin() bool { return !(o.Skin > 0) || math.IsInf(o.Skin, 0) }

// withUnit is WithDefaults for a shape whose Unit is unit (read only
// when defaultSkin).
func (o SlideOptions) withUnit(unit float64) SlideOptions {
	if o.MaxIterations <= 0 {
		o.MaxIterations = DefaultMaxIterations
	}
	if o.defaultSkin() {
		o.Skin = float64(DefaultSkinRatio * unit)
	}
	return o
}

// minAxis is the length of the shortest semi-axis (axisLen: no underflow
// for tiny axes).
func (e Ellipsoid) minAxis() float64 {
	return min(axisLen(e.Axes[0]), axisLen(e.Axes[1]), axisLen(e.Axes[2]))
}

// SlideStep is one contact of a slide, with what the window draws.
type SlideStep struct {
	Hit     Hit
	Contact mgl64.Vec3 // the center at this contact (the contact pose)
	// Remaining is the motion still wanted at the contact, before
	// projection: the target minus Contact.
	Remaining mgl64.Vec3
	// Resume is the center backed off from the contact to Skin from its
	// plane (measured along the normal), where the next move starts.
	Resume mgl64.Vec3
	// Projected is the next move from Resume: the remaining motion
	// projected onto every contact plane so far (zero when the slide stops
	// here).
	Projected mgl64.Vec3
}

// SlideResult is the whole slide.
type SlideResult struct {
	Steps []SlideStep
	Final mgl64.Vec3 // the resting center (the slide pose)
}

// Slide moves e from from toward to, sliding along what it touches, and
// returns every contact and the resting center. The path is from, then
// for each step Contact and Resume, then Final; every piece of it is swept.
// With non-finite input or an invalid ellipsoid (see Ellipsoid.Validate)
// it does not move: Final = from, no steps. A start that already overlaps
// a triangle can move away from it but is not pushed out.
func (m *Mesh) Slide(e Ellipsoid, from, to mgl64.Vec3, opt SlideOptions) SlideResult {
	return m.SlideShape(EllipsoidShape(e), from, to, opt)
}

// SlideShape is Slide for any shape: the same promises for a capsule and a
// box (their contact normal's plane separates them from the triangle
// touched too, both being convex). An invalid shape does not move.
//
// A slide of DefaultMaxIterations steps or fewer allocates its Steps
// alone (they are gathered on the stack and copied once).
func (m *Mesh) SlideShape(s Shape, from, to mgl64.Vec3, opt SlideOptions) SlideResult {
	sl := slider{m: m, s: s}
	res := SlideResult{Final: from}
	if sl.start(from, to.Sub(from)) {
		opt = sl.options(opt)
		var buf [DefaultMaxIterations]SlideStep
		res.Steps, res.Final = sl.slide(buf[:0], from, to, &opt)
	}
	sl.done()
	return res
}

// slider is one slide's casts. An ellipsoid's go through one
// sweepScratch taken for the whole slide (Mesh.sweepIn, what Mesh.cast
// runs for an ellipsoid): the pool's Get and Put once a slide rather
// than once a cast, and the scratch's query, which the first cast
// prepares, says whether the slide's motion can be cast at all
// (Mesh.castable's answer, without a query of its own). A capsule's or
// box's casts are Mesh.cast's.
type slider struct {
	m  *Mesh
	s  Shape
	sc *sweepScratch // an ellipsoid's scratch, else nil
}

// start takes the ellipsoid's scratch and reports whether the slide from
// begin by delta may go on: for a capsule or a box whether it is castable
// (Mesh.castable), for an ellipsoid always (its first cast says, valid).
func (sl *slider) start(begin, delta mgl64.Vec3) bool {
	if sl.s.Kind != KindEllipsoid {
		return sl.m.castable(&sl.s, begin, delta)
	}
	sl.sc = getScratch()
	return true
}

// done returns the ellipsoid's scratch to the pool.
func (sl *slider) done() {
	if sl.sc != nil {
		putScratch(sl.sc)
		sl.sc = nil
	}
}

// options is opt.WithDefaults(shape), an ellipsoid's unit taken from the
// mesh's last shape when that is its own (Mesh.ellipsoidUnit).
func (sl *slider) options(opt SlideOptions) SlideOptions {
	unit := 0.0
	switch {
	case !opt.defaultSkin():
	case sl.sc != nil:
		unit = sl.m.ellipsoidUnit(&sl.s.Ellipsoid)
	default:
		unit = sl.s.Unit()
	}
	return opt.withUnit(unit)
}

// cast is Mesh.cast of the shape from begin by delta, ignoring the
// contacts it leaves at T = 0 (as every cast of a slide does).
func (sl *slider) cast(begin, delta mgl64.Vec3) (Hit, bool) {
	if sl.sc == nil {
		return sl.m.cast(&sl.s, begin, delta, true)
	}
	sl.m.sweepIn(sl.sc, &sl.s.Ellipsoid, &begin, &delta, true)
	return sl.sc.c.r.best, sl.sc.c.r.found
}

// valid reports whether the last cast's motion could be cast (castable):
// an ellipsoid's scratch query says so (Query.Valid); a capsule's or box's
// was checked by start.
func (sl *slider) valid() bool { return sl.sc == nil || sl.sc.q.Valid() }

// slide runs the slide's steps from from toward to with the options opt
// (their defaults set), appending them to steps, and returns a copy of
// them (nil for none) and the resting center. When its first cast finds
// the motion not castable (sl.valid) it stops there without moving; so
// does a slide that does not cast at all (a negligible motion), whether
// its motion is castable or not.
func (sl *slider) slide(steps []SlideStep, from, to mgl64.Vec3, opt *SlideOptions) ([]SlideStep, mgl64.Vec3) {
	var planes planeSet
	p, move := from, to.Sub(from)
	for i := 0; i < opt.MaxIterations && !negligible(move, p); i++ {
		h, ok := sl.cast(p, move)
		if !ok {
			if i == 0 && !sl.valid() {
				// Not castable: the slide does not move (for an
				// ellipsoid, its first cast is where this shows).
				return nil, from
			}
			p = p.Add(move)
			break
		}
		c := p.Add(geom.Scale(move, h.T))
		p = sl.backOff(p, move, h, opt.Skin)
		planes.add(h.Normal, geom.Dot(h.Normal, c)+opt.Skin)
		move = mgl64.Vec3{}
		// The last step moves no further: no goal is sought for it.
		if i+1 < opt.MaxIterations {
			if goal, ok := planes.nearest(to); ok {
				move = goal.Sub(p)
			}
		}
		steps = append(steps, SlideStep{Hit: h, Contact: c, Remaining: to.Sub(c), Resume: p, Projected: move})
	}
	if len(steps) == 0 {
		return nil, p
	}
	out := make([]SlideStep, len(steps))
	copy(out, steps)
	return out, p
}

// negligible reports whether the move is too small to matter at position p
// (below the rounding of p's coordinates, times a safety factor of ~1000).
func negligible(move, p mgl64.Vec3) bool {
	scale := 1 + math.Abs(p[0]) + math.Abs(p[1]) + math.Abs(p[2])
	return geom.Len(move) <= 1e-13*scale
}

// backOff returns a center skin away (along the normal) from the plane of
// the contact h, which the move from p hit at h.T. When the move came at
// the surface steeply enough, that point lies on the part of the move
// already swept clear, skin/(-move·n) before the contact; otherwise (a
// grazing move) the center is nudged out along the normal with a sweep.
func (sl *slider) backOff(p, move mgl64.Vec3, h Hit, skin float64) mgl64.Vec3 {
	approach := -geom.Dot(move, h.Normal) // normal speed into the surface, per unit t
	if approach > 0 && h.T*approach >= skin {
		return p.Add(geom.Scale(move, h.T-skin/approach))
	}
	return sl.nudge(p.Add(geom.Scale(move, h.T)), h.Normal, skin)
}

// nudge moves the center c out along the unit normal n by skin, stopping
// at the first contact on the way.
func (sl *slider) nudge(c, n mgl64.Vec3, skin float64) mgl64.Vec3 {
	d := geom.Scale(n, skin)
	if h, ok := sl.cast(c, d); ok {
		return c.Add(geom.Scale(d, h.T))
	}
	return c.Add(d)
}

// plane is the half-space n·x >= b (n unit length).
type plane struct {
	n mgl64.Vec3
	b float64
}

// planeSet holds the newest contact planes of a slide.
type planeSet struct {
	p [maxPlanes]plane
	k int
}

// sameNormal is the cosine above which two contact normals count as one
// plane orientation (about 0.08 degrees apart); the more restrictive of the
// two offsets is kept.
const sameNormal = 1 - 1e-6

func (s *planeSet) add(n mgl64.Vec3, b float64) {
	for i := 0; i < s.k; i++ {
		if geom.Dot(s.p[i].n, n) > sameNormal {
			if b >= s.p[i].b {
				s.p[i] = plane{n, b}
			}
			return
		}
	}
	if s.k == maxPlanes {
		copy(s.p[:], s.p[1:])
		s.k--
	}
	s.p[s.k] = plane{n, b}
	s.k++
}

// feasible reports whether x satisfies every plane, up to the rounding of
// a projection (1e-10 relative to x's magnitude).
func (s *planeSet) feasible(x mgl64.Vec3) bool {
	tol := float64(1e-10 * (1 + math.Abs(x[0]) + math.Abs(x[1]) + math.Abs(x[2])))
	for i := 0; i < s.k; i++ {
		if geom.Dot(s.p[i].n, x) < s.p[i].b-tol {
			return false
		}
	}
	return true
}

// nearest returns the point nearest g that satisfies every plane, and
// false when the planes have no common point. It tries every active set of
// at most three planes (g projected onto the intersection of their
// boundaries) and keeps the nearest feasible candidate: the optimum is such
// a projection, and any other feasible candidate is no nearer. The
// offsets and normals' products every projection reads are computed once
// (planeSystem).
func (s *planeSet) nearest(g mgl64.Vec3) (mgl64.Vec3, bool) {
	if s.feasible(g) {
		return g, true
	}
	var sys planeSystem
	sys.set(s, g)
	best, bestD, found := g, math.Inf(1), false
	for mask := 1; mask < 1<<s.k; mask++ {
		if bits.OnesCount(uint(mask)) > 3 {
			continue
		}
		x, ok := sys.project(g, mask)
		if !ok {
			continue
		}
		// Kept when nearer than the best so far and feasible: the
		// distance, the cheaper test, first.
		if d := geom.LenSq(x.Sub(g)); d < bestD && s.feasible(x) {
			best, bestD, found = x, d, true
		}
	}
	return best, found
}

// minGram is the smallest Gram determinant of the normals of an active set
// that counts as independent (for two unit normals, an angle of about
// 0.06 degrees); nearly parallel sets are left to their subsets.
const minGram = 1e-6

// planeSystem is what the projections of one point g onto the active sets
// of a planeSet read: the normals n_i, the offsets r_i = b_i - n_i·g and
// the Gram matrix G_ij = n_i·n_j. A set of k planes tries up to 14 active
// sets, which made the same offsets and products again for each; they
// are made once here, the same operations on the same numbers, so the
// same bits (n_j·n_i has the bits of n_i·n_j: each product of Dot
// commutes, and the sum's order is the same).
type planeSystem struct {
	n    [maxPlanes]mgl64.Vec3
	r    [maxPlanes]float64
	gram [maxPlanes][maxPlanes]float64
}

// set makes ps the system of the planes of s for the point g.
func (ps *planeSystem) set(s *planeSet, g mgl64.Vec3) {
	for i := 0; i < s.k; i++ {
		n := s.p[i].n
		ps.n[i], ps.r[i] = n, s.p[i].b-geom.Dot(n, g)
		for j := 0; j <= i; j++ {
			d := geom.Dot(s.p[j].n, n)
			ps.gram[i][j], ps.gram[j][i] = d, d
		}
	}
}

// project returns g moved onto the boundaries of the planes in mask (one
// to three of them): x = g + sum_j lambda_j n_j with G lambda = b - N g,
// G_jk = n_j·n_k. One and two planes take project1 and project2, three
// projectGram, all of them from ps's offsets and products.
func (ps *planeSystem) project(g mgl64.Vec3, mask int) (mgl64.Vec3, bool) {
	var at [3]int // the planes of the active set, in increasing order
	k := 0
	for m := uint(mask); m != 0 && k < len(at); m &= m - 1 {
		at[k] = bits.TrailingZeros(m)
		k++
	}
	i, j, l := at[0], at[1], at[2]
	switch k {
	case 1:
		return project1(g, ps.n[i], ps.gram[i][i], ps.r[i])
	case 2:
		return project2(g, ps.n[i], ps.n[j], ps.gram[i][i], ps.gram[j][j], ps.gram[i][j], ps.r[i], ps.r[j])
	}
	n := [3]mgl64.Vec3{ps.n[i], ps.n[j], ps.n[l]}
	r := [3]float64{ps.r[i], ps.r[j], ps.r[l]}
	gram := mgl64.Mat3{
		ps.gram[i][i], ps.gram[j][i], ps.gram[l][i],
		ps.gram[i][j], ps.gram[j][j], ps.gram[l][j],
		ps.gram[i][l], ps.gram[j][l], ps.gram[l][l],
	}
	return projectGram(g, &n, &r, &gram, 3)
}

// gramOf returns the Gram matrix of the first k (1 to 3) of the normals
// n, with identity rows past k: what projectGram solves with.
func gramOf(n *[3]mgl64.Vec3, k int) mgl64.Mat3 {
	var gram mgl64.Mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			switch {
			case i < k && j < k:
				gram.Set(i, j, geom.Dot(n[i], n[j]))
			case i == j:
				gram.Set(i, j, 1) // unused rows: identity
			}
		}
	}
	return gram
}

// projectGram is the projection's general form for the first k (1 to 3)
// of the normals n and offsets r (r[j] = b_j - n_j·g; those past k are
// +0), given their Gram matrix with identity rows past k (gramOf): its
// determinant, inverse and product with r (mgl64's). project1 and
// project2 give its bits for one and two planes.
func projectGram(g mgl64.Vec3, n *[3]mgl64.Vec3, r *[3]float64, gram *mgl64.Mat3, k int) (mgl64.Vec3, bool) {
	det := geom.Det3(*gram)
	if !(det > minGram) {
		return g, false
	}
	lambda := geom.MulVec3(geom.InvMat3(*gram), mgl64.Vec3{r[0], r[1], r[2]})
	x := g
	for i := 0; i < k; i++ {
		x = x.Add(geom.Scale(n[i], lambda[i]))
	}
	return x, true
}

// project1 is project for one plane n·x = n·g + r, with the general
// form's arithmetic less its products with the identity rows' zeros and
// ones: the Gram matrix diag(n·n, 1, 1) has determinant n·n exactly (the
// other terms of Det are +0), its inverse's first row is (1/(n·n), +0,
// +0), and Mul3x1 adds the +0 products to (1/(n·n))·r, which turns a -0
// into +0: so the same bits, without the 3x3 determinant twice, the
// adjugate and the matrix products (a tenth of a slide on the terrain
// went to the plane solver, and a set of k planes tries its k one-plane
// subsets among its at most 14). gram is n·n.
func project1(g, n mgl64.Vec3, gram, r float64) (mgl64.Vec3, bool) {
	if !(gram > minGram) {
		return g, false
	}
	return g.Add(geom.Scale(n, float64(1/gram*r)+0+0)), true
}

// project2 is project for two planes, projectGram's arithmetic for
// k = 2 less what its identity row adds, in the same order (baseline
// amd64: no fused multiply-adds). Given a = n0·n0, b = n1·n1, c = n0·n1
// (n1·n0 has the same bits: each product of Dot commutes), the Gram
// matrix is [[a, c, 0], [c, b, 0], [0, 0, 1]]:
//
//   - Det is ab - cc: its other four terms are products with a +0 (c·0·0,
//     0·c·0, 0·b·0, a·0·0), zeros that ab, nonzero when det > minGram,
//     absorbs (and a det not above minGram is refused either way); Inv's
//     adjugate entry 8 is the same ab - cc.
//   - The adjugate's entries 0 and 4 are b·1 - 0·0 = b and a·1 - 0·0 = a,
//     entries 1 and 3 are 0·0 - c·1, which is 0 - c (+0, not -0, for a
//     zero c), and entries 6 and 7 are c·0 - b·0 and c·0 - a·0: c·0, a
//     zero with c's sign (a and b are positive when det > minGram).
//   - Inv scales them by 1/det (positive and finite), and Mul3x1 adds to
//     each lambda the product of entry 6 or 7 with r's unused +0: c·0
//     again, which decides the sign of a zero lambda as it does there.
//
// Two planes are six of the at most 14 active sets nearest tries.
func project2(g, n0, n1 mgl64.Vec3, a, b, c, r0, r1 float64) (mgl64.Vec3, bool) {
	det := float64(a*b) - float64(c*c)
	if !(det > minGram) {
		return g, false
	}
	inv := 1 / det
	off := float64((0 - c) * inv) // entries 1 and 3 of the inverse
	z := float64(c * 0)           // the terms of entries 6 and 7
	l0 := float64(b*inv*r0) + float64(off*r1) + z
	l1 := float64(off*r0) + float64(a*inv*r1) + z
	return g.Add(geom.Scale(n0, l0)).Add(geom.Scale(n1, l1)), true
}

// IsZero reports whether o is the zero options (every default).
func (o SlideOptions) IsZero() bool { return o == SlideOptions{} }
