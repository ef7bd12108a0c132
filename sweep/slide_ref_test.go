package sweep

import (
	"math"
	"math/bits"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// slideRef is collide-and-slide as written before the sixth round
// (docs/performance.md, "The terrain's slide, sixth round (`slide6`,
// 2026-11-27)"), kept as the reference the slide must match bit for bit:
// every cast a full Mesh.cast (its own scratch, its own walk from the
// root), the options' defaults from Shape.Unit, and every active set of
// the plane solver projected by projectGram from the planes themselves.
func (m *Mesh) slideRef(s Shape, from, to mgl64.Vec3, opt SlideOptions) SlideResult {
	opt = opt.WithDefaults(s)
	res := SlideResult{Final: from}
	if !m.castable(&s, from, to.Sub(from)) {
		return res
	}
	var planes planeSet
	p, move := from, to.Sub(from)
	for i := 0; i < opt.MaxIterations && !negligible(move, p); i++ {
		h, ok := m.cast(&s, p, move, true)
		if !ok {
			p = p.Add(move)
			break
		}
		c := p.Add(geom.Scale(move, h.T))
		p = m.backOffRef(&s, p, move, h, opt.Skin)
		planes.add(h.Normal, geom.Dot(h.Normal, c)+opt.Skin)
		move = mgl64.Vec3{}
		if goal, ok := planes.nearestRef(to); ok && i+1 < opt.MaxIterations {
			move = goal.Sub(p)
		}
		res.Steps = append(res.Steps, SlideStep{Hit: h, Contact: c, Remaining: to.Sub(c), Resume: p, Projected: move})
	}
	res.Final = p
	return res
}

// backOffRef is backOff with full casts.
func (m *Mesh) backOffRef(s *Shape, p, move mgl64.Vec3, h Hit, skin float64) mgl64.Vec3 {
	approach := -geom.Dot(move, h.Normal)
	if approach > 0 && h.T*approach >= skin {
		return p.Add(geom.Scale(move, h.T-skin/approach))
	}
	c, d := p.Add(geom.Scale(move, h.T)), geom.Scale(h.Normal, skin)
	if h, ok := m.cast(s, c, d, true); ok {
		return c.Add(geom.Scale(d, h.T))
	}
	return c.Add(d)
}

// nearestRef is planeSet.nearest with every active set projected by
// projectGram (project1 and project2 give its bits:
// TestProjectFormsAgree).
func (s *planeSet) nearestRef(g mgl64.Vec3) (mgl64.Vec3, bool) {
	if s.feasible(g) {
		return g, true
	}
	best, bestD, found := g, math.Inf(1), false
	for mask := 1; mask < 1<<s.k; mask++ {
		if bits.OnesCount(uint(mask)) > 3 {
			continue
		}
		var n [3]mgl64.Vec3
		var r [3]float64
		k := 0
		for i := 0; i < s.k; i++ {
			if mask&(1<<i) != 0 {
				n[k], r[k] = s.p[i].n, s.p[i].b-geom.Dot(s.p[i].n, g)
				k++
			}
		}
		gram := gramOf(&n, k)
		x, ok := projectGram(g, &n, &r, &gram, k)
		if !ok || !s.feasible(x) {
			continue
		}
		if d := geom.LenSq(x.Sub(g)); d < bestD {
			best, bestD, found = x, d, true
		}
	}
	return best, found
}

// sameSlide reports whether a and b are the same slide, bit for bit:
// every step's hit (T, point, normal, feature, triangle), contact,
// remaining motion, resume point and projected move, and the final center.
func sameSlide(a, b SlideResult) bool {
	if len(a.Steps) != len(b.Steps) || (a.Steps == nil) != (b.Steps == nil) || !sameBits(&a.Final, &b.Final) {
		return false
	}
	for i := range a.Steps {
		x, y := &a.Steps[i], &b.Steps[i]
		if math.Float64bits(x.Hit.T) != math.Float64bits(y.Hit.T) || !sameBits(&x.Hit.Point, &y.Hit.Point) ||
			!sameBits(&x.Hit.Normal, &y.Hit.Normal) || x.Hit.Feature != y.Hit.Feature || x.Hit.Triangle != y.Hit.Triangle ||
			!sameBits(&x.Contact, &y.Contact) || !sameBits(&x.Remaining, &y.Remaining) ||
			!sameBits(&x.Resume, &y.Resume) || !sameBits(&x.Projected, &y.Projected) {
			return false
		}
	}
	return true
}
