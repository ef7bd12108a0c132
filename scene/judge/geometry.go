package judge

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"sort"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// Geometry is a shape and a triangle soup, with the oracle's distances
// over the whole soup in shape units (1 is touching: see measure).
// Queries only look at triangles whose bounding box meets the box of the
// shape's path, found with a bounding volume hierarchy over the
// triangles' boxes of its own (not the core's: a second opinion shares
// nothing with the first).
type Geometry struct {
	Shape sweep.Shape
	// E is Shape's ellipsoid when Shape is one (zero otherwise), for the
	// ellipsoid-only algorithms (package unitspace).
	E        sweep.Ellipsoid
	Tris     []geom.Triangle
	m        measure
	extent   mgl64.Vec3 // half-size of the shape's world box
	boxes    []geom.AABB
	index    *boxIndex   // the triangles but duplicates (see duplicates)
	restrict []geom.AABB // queries only look at triangles whose boxes meet all of these (see Restrict)
}

// worldToUnit is M⁻¹, M the matrix whose columns are e's axes, inverted
// at any scale (geom.Invert: mgl64's Inv gives the zero matrix for
// semi-axes under about 5e-4); the zero matrix when e is singular, as
// before.
func worldToUnit(e sweep.Ellipsoid) mgl64.Mat3 {
	inv, _ := geom.Invert(mgl64.Mat3FromCols(e.Axes[0], e.Axes[1], e.Axes[2]))
	return inv
}

// NewGeometry prepares shape s and tris for distance queries. An invalid
// shape (singular axes, a radius that is not positive) makes every
// distance +Inf (nothing is ever touched).
func NewGeometry(s sweep.Shape, tris []geom.Triangle) *Geometry {
	g := &Geometry{Tris: tris, boxes: make([]geom.AABB, len(tris))}
	g.setShape(s)
	for i, t := range tris {
		g.boxes[i] = t.Bounds()
	}
	g.index = newBoxIndex(g.boxes, duplicates(tris))
	return g
}

// duplicates marks every triangle whose corners (in any order) equal an
// earlier triangle's bit for bit: it touches exactly when that one does,
// at the same time and point, and the earlier index wins ties anyway. It
// keeps the queries over a pile of coincident triangles to one triangle's
// work.
func duplicates(tris []geom.Triangle) []bool {
	dup := make([]bool, len(tris))
	seen := make(map[geom.Triangle]struct{}, len(tris))
	for i, t := range tris {
		k := canonical(t)
		if _, ok := seen[k]; ok {
			dup[i] = true
			continue
		}
		seen[k] = struct{}{}
	}
	return dup
}

// canonical sorts a triangle's corners lexicographically.
func canonical(t geom.Triangle) geom.Triangle {
	less := func(a, b mgl64.Vec3) bool {
		for k := range a {
			if a[k] != b[k] {
				return a[k] < b[k]
			}
		}
		return false
	}
	for i := 1; i < 3; i++ {
		for j := i; j > 0 && less(t[j], t[j-1]); j-- {
			t[j], t[j-1] = t[j-1], t[j]
		}
	}
	return t
}

// WithShape returns g for another shape, sharing the triangles and their
// boxes (cheap, even for a large mesh).
func (g *Geometry) WithShape(s sweep.Shape) *Geometry {
	r := *g
	r.setShape(s)
	return &r
}

// setShape makes s g's shape.
func (g *Geometry) setShape(s sweep.Shape) {
	g.Shape, g.E, g.extent, g.m = s, sweep.Ellipsoid{}, s.Extent(), newMeasure(s)
	if s.Kind == sweep.KindEllipsoid {
		g.E = s.Ellipsoid
	}
}

// ToUnit maps a world vector to shape units: M⁻¹v for the ellipsoid, v
// over the shape's Unit for the capsule and the box.
func (g *Geometry) ToUnit(v mgl64.Vec3) mgl64.Vec3 { return geom.MulVec3(g.m.inv, v) }

// Dist1 is the shape's distance from the triangle tri of g, centered at
// center, in shape units: 1 is touching, less overlapping (see measure).
func (g *Geometry) Dist1(center mgl64.Vec3, tri int) float64 { return g.m.dist(center, g.Tris[tri]) }

// Near returns the indices of the triangles whose boxes meet the box swept
// by the ellipsoid moving from begin by delta, grown by margin world units.
func (g *Geometry) Near(begin, delta mgl64.Vec3, margin float64) []int {
	grow := g.extent.Add(mgl64.Vec3{margin, margin, margin})
	box := geom.EmptyAABB().Extend(begin).Extend(begin.Add(delta)).Expand(grow)
	return g.overlapping(box)
}

// overlapping returns the triangles (but duplicates, and within the
// restricting boxes, if any) whose boxes meet box, in increasing order.
func (g *Geometry) overlapping(box geom.AABB) []int {
	out := g.index.query(box, g.boxes, []int{})
	if len(g.restrict) > 0 {
		out = slices.DeleteFunc(out, func(i int) bool {
			return slices.ContainsFunc(g.restrict, func(r geom.AABB) bool { return !g.boxes[i].Overlaps(r) })
		})
	}
	slices.Sort(out)
	return out
}

// Restrict returns a view of g whose queries only look at the triangles
// whose boxes meet box (indices stay those of g.Tris), for a caller that
// knows where its queries stay.
func (g *Geometry) Restrict(box geom.AABB) *Geometry {
	r := *g
	r.restrict = append(slices.Clip(g.restrict), box)
	return &r
}

// Dist returns the unit-space distance from center to the nearest
// triangle, and that triangle's index. 1 means touching, less means
// overlapping. Only triangles within about twice the ellipsoid's size are
// looked at: when there are none the distance is +Inf and the index -1.
func (g *Geometry) Dist(center mgl64.Vec3) (float64, int) {
	best, at := math.Inf(1), -1
	margin := math.Max(g.extent[0], math.Max(g.extent[1], g.extent[2]))
	for _, c := range g.byBound(g.Near(center, mgl64.Vec3{}, margin), center, mgl64.Vec3{}, 0, 0) {
		if c.bound >= best {
			break
		}
		if d := g.m.dist(center, g.Tris[c.i]); d < best {
			best, at = d, c.i
		}
	}
	return best, at
}

// MinDist returns the smallest unit-space distance to the mesh while the
// center moves from begin+lo·delta to begin+hi·delta (0 <= lo <= hi <= 1),
// with the time and triangle where it occurs (+Inf, NaN, -1 when nothing
// is near).
func (g *Geometry) MinDist(begin, delta mgl64.Vec3, lo, hi float64) (dist, t float64, tri int) {
	dist, t, tri = math.Inf(1), math.NaN(), -1
	a, b := begin.Add(geom.Scale(delta, lo)), geom.Scale(delta, hi-lo)
	for _, c := range g.byBound(g.Near(a, b, 0), begin, delta, lo, hi) {
		if c.bound >= dist {
			break // neither this triangle nor any later one can come closer
		}
		if ti, d := g.m.minDist(begin, delta, g.Tris[c.i], lo, hi); d < dist {
			dist, t, tri = d, ti, c.i
		}
	}
	return dist, t, tri
}

// bounded is a triangle index with its lowerBound.
type bounded struct {
	i     int
	bound float64
}

// byBound returns the triangles with their lower bounds, nearest bound
// first, so that a search for the minimum can stop early.
func (g *Geometry) byBound(tris []int, begin, delta mgl64.Vec3, lo, hi float64) []bounded {
	out := make([]bounded, len(tris))
	for k, i := range tris {
		out[k] = bounded{i, g.lowerBound(i, begin, delta, lo, hi)}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].bound < out[b].bound })
	return out
}

// Oracle returns the oracle's first contact over the mesh: the earliest
// among the triangles near the path (the lowest index on a tie).
func (g *Geometry) Oracle(begin, delta mgl64.Vec3) (sweep.Hit, bool) {
	return g.Earliest(begin, delta, func(tri geom.Triangle) (sweep.Hit, bool) {
		return g.m.firstContact(begin, delta, tri)
	})
}

// Earliest runs one triangle's first-contact query on every triangle that
// can be touched and returns the earliest hit (the lowest index on a tie),
// with Triangle set.
func (g *Geometry) Earliest(begin, delta mgl64.Vec3, query func(geom.Triangle) (sweep.Hit, bool)) (sweep.Hit, bool) {
	var best sweep.Hit
	found := false
	for _, i := range g.Near(begin, delta, 0) {
		if g.lowerBound(i, begin, delta, 0, 1) > farEnough {
			continue
		}
		if h, ok := query(g.Tris[i]); ok && (!found || h.T < best.T) {
			best, found = h, true
			best.Triangle = i
		}
	}
	return best, found
}

// farEnough is the lower bound on the unit distance beyond which a
// triangle cannot be touched: 1, plus 1e-9 for the rounding of the bound.
const farEnough = 1 + 1e-9

// lowerBound is a cheap lower bound on the shape's distance (measure)
// from triangle i while its center moves from begin+lo·delta to
// begin+hi·delta: the distance from the center's segment to the center of
// the triangle's bounding sphere (around its centroid, in shape units)
// minus that sphere's radius and the shape's slack. It lets the queries
// skip the oracle's hundred distance evaluations for triangles that
// cannot matter.
func (g *Geometry) lowerBound(i int, begin, delta mgl64.Vec3, lo, hi float64) float64 {
	t := g.Tris[i]
	var p [3]mgl64.Vec3
	for k := range p {
		p[k] = g.ToUnit(t[k].Sub(begin))
	}
	m := geom.Scale(p[0].Add(p[1]).Add(p[2]), 1.0/3)
	rho := math.Max(geom.Len(p[0].Sub(m)), math.Max(geom.Len(p[1].Sub(m)), geom.Len(p[2].Sub(m))))
	d := g.ToUnit(delta)
	a, b := geom.Scale(d, lo), geom.Scale(d, hi)
	q, _ := geom.ClosestPointSegment(m, a, b)
	bound := geom.Len(m.Sub(q)) - rho - g.m.slack
	if bound != bound { // NaN: no bound
		return math.Inf(-1)
	}
	return bound - float64(1e-12*(geom.Len(m)+rho+geom.Len(b))) // less the rounding of the bound itself
}

// FeatureOf maps a feature name ("face", "edge", "vertex") to sweep's Feature.
func FeatureOf(s string) sweep.Feature {
	switch s {
	case "edge":
		return sweep.Edge
	case "vertex":
		return sweep.Vertex
	}
	return sweep.Face
}

// boxIndex is a bounding volume hierarchy over triangle boxes: the boxes'
// centers sorted along a Morton curve, split where the curve's leading bit
// changes, or in two halves by count where the codes are equal (boxes that
// cannot be separated), so that the depth stays bounded however the
// triangles pile up. Boxes that are not finite are kept aside and tested
// one by one, as a linear scan would.
type boxIndex struct {
	nodes []boxNode
	items []int32 // triangle indices; each leaf holds a run of them
	odd   []int32 // triangles with a box that is not finite
}

// boxNode is a node of a boxIndex: a leaf holds items[start:start+count];
// an inner node (count 0) has its children at the next node and at start.
type boxNode struct {
	box          geom.AABB
	start, count int32
}

// leafSize is the most triangles a leaf holds.
const leafSize = 4

// keyed is a triangle with its Morton code.
type keyed struct {
	code uint64
	i    int32
}

// newBoxIndex builds the hierarchy over the boxes not marked skip.
func newBoxIndex(boxes []geom.AABB, skip []bool) *boxIndex {
	x := &boxIndex{}
	bounds := geom.EmptyAABB()
	var keys []keyed
	for i, b := range boxes {
		switch {
		case skip[i]:
		case !geom.IsFinite(b.Min) || !geom.IsFinite(b.Max):
			x.odd = append(x.odd, int32(i))
		default:
			bounds = bounds.Extend(b.Center())
			keys = append(keys, keyed{i: int32(i)})
		}
	}
	for k := range keys {
		keys[k].code = morton(boxes[keys[k].i].Center(), bounds)
	}
	slices.SortFunc(keys, func(a, b keyed) int { return cmp.Or(cmp.Compare(a.code, b.code), cmp.Compare(a.i, b.i)) })
	x.items = make([]int32, len(keys))
	for k, kk := range keys {
		x.items[k] = kk.i
	}
	if len(keys) > 0 {
		x.build(boxes, keys, 0, len(keys))
	}
	return x
}

// build appends the subtree over keys[lo:hi] and returns its box.
func (x *boxIndex) build(boxes []geom.AABB, keys []keyed, lo, hi int) geom.AABB {
	n := len(x.nodes)
	x.nodes = append(x.nodes, boxNode{start: int32(lo), count: int32(hi - lo)})
	if hi-lo <= leafSize {
		box := geom.EmptyAABB()
		for _, k := range keys[lo:hi] {
			box = box.Union(boxes[k.i])
		}
		x.nodes[n].box = box
		return box
	}
	mid := split(keys, lo, hi)
	box := x.build(boxes, keys, lo, mid)
	x.nodes[n].start, x.nodes[n].count = int32(len(x.nodes)), 0
	box = box.Union(x.build(boxes, keys, mid, hi))
	x.nodes[n].box = box
	return box
}

// split returns where keys[lo:hi] (sorted, more than one) divide: the
// first key with the highest bit in which the first and last codes differ
// set, or the middle when the codes are equal.
func split(keys []keyed, lo, hi int) int {
	first, last := keys[lo].code, keys[hi-1].code
	if first == last {
		return (lo + hi) / 2
	}
	bit := uint64(1) << (63 - bits.LeadingZeros64(first^last))
	return lo + sort.Search(hi-lo, func(k int) bool { return keys[lo+k].code&bit != 0 })
}

// morton interleaves the bits of p's position in bounds, 21 bits an axis.
func morton(p mgl64.Vec3, bounds geom.AABB) uint64 {
	var code uint64
	size := bounds.Size()
	for k := range 3 {
		q := float64((p[k] - bounds.Min[k]) / size[k] * (1<<21 - 1))
		switch {
		case !(q > 0): // also a flat axis (0/0) and a center out of float range
			q = 0
		case q > 1<<21-1:
			q = 1<<21 - 1
		}
		code |= spread(uint64(q)) << k
	}
	return code
}

// spread puts the low 21 bits of v three bits apart.
func spread(v uint64) uint64 {
	v &= 1<<21 - 1
	v = (v | v<<32) & 0x1f00000000ffff
	v = (v | v<<16) & 0x1f0000ff0000ff
	v = (v | v<<8) & 0x100f00f00f00f00f
	v = (v | v<<4) & 0x10c30c30c30c30c3
	v = (v | v<<2) & 0x1249249249249249
	return v
}

// query appends to out the triangles whose boxes meet box.
func (x *boxIndex) query(box geom.AABB, boxes []geom.AABB, out []int) []int {
	for _, i := range x.odd {
		if boxes[i].Overlaps(box) {
			out = append(out, int(i))
		}
	}
	if len(x.nodes) == 0 {
		return out
	}
	var stackBuf [64]int32
	stack := append(stackBuf[:0], 0)
	for len(stack) > 0 {
		at := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		nd := &x.nodes[at]
		if !nd.box.Overlaps(box) {
			continue
		}
		if nd.count == 0 {
			stack = append(stack, nd.start, at+1)
			continue
		}
		for _, i := range x.items[nd.start : nd.start+nd.count] {
			if boxes[i].Overlaps(box) {
				out = append(out, int(i))
			}
		}
	}
	return out
}

// SurfaceNormal is the unit normal of the shape's tangent plane at a
// surface point, pointing into the shape (toward its center), where u is
// the offset from that point to the center in shape units (ToUnit of the
// world offset): for the ellipsoid (M⁻¹)ᵀu, normalized.
func (g *Geometry) SurfaceNormal(u mgl64.Vec3) mgl64.Vec3 {
	return geom.Normalize(geom.MulVec3(g.m.inv.Transpose(), u))
}
