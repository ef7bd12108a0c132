package hunt

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene/judge"
	"sweepdbg/scene/opinions"
	"sweepdbg/sweep"
)

// Kinds of slide findings. Disagreements between the algorithms are named
// "<field>: <algorithm>", e.g. "t: unitspace", after the field that
// differs ("hit", "t", "point", "normal", "nan") and the algorithm the
// others outvote (or "a/b" when only two of them differ).
const (
	KindSlideInside  = "slide: ends inside"
	KindSlideThrough = "slide: passes through"
	KindSlideStuck   = "slide: sticks"
	KindSlideNaN     = "slide: NaN"
)

// Problem is one thing wrong with one case.
type Problem struct {
	Kind   string
	Worst  float64 // how wrong: unit-sphere distance; |Δn| for normals; the fraction of the free motion not made for sticking; +Inf for NaN
	Detail string  // one line for people
	Engine string  // the engine that answered wrong (its name as in Kind); "" for the core's problems
}

// world is a case's triangles prepared for the checks: the core's mesh and
// the oracle's geometry.
type world struct {
	tris []geom.Triangle
	mesh *sweep.Mesh
	geo  *judge.Geometry
}

func newWorld(c Case) *world {
	return &world{tris: c.Tris, mesh: sweep.NewMesh(c.Tris), geo: judge.NewGeometry(c.Shape, c.Tris)}
}

// forCase returns w with the shape of c (the geometry's distances depend
// on it), reusing the mesh.
func (w *world) forCase(c Case) *world {
	if w.geo.Shape == c.Shape {
		return w
	}
	return &world{tris: w.tris, mesh: w.mesh, geo: w.geo.WithShape(c.Shape)}
}

// checker runs every check on a case.
type checker struct {
	tol judge.Tolerance
	eng *engineCheck // when set, engines are judged instead of the core
}

// check returns everything wrong with c in w (w holds c.Tris).
func (k *checker) check(w *world, c Case) []Problem {
	if k.eng != nil {
		return k.eng.check(w, c)
	}
	// Everything the sweep and the slide can reach lies within |delta| of
	// End, plus the shape and a few skins.
	geo := w.geo.Restrict(reachBox(c))
	rep := opinions.Compare(geo, w.mesh, c.Motion, k.tol)
	probs := blame(rep.Disagreements)
	if d, _ := geo.Dist(c.Start); d > 1+1e-9 {
		probs = append(probs, k.slide(w, geo, c)...)
	}
	return probs
}

// reachBox is the box around c.End that holds everything the sweep and
// the slide of c can touch: the shape's extent (sweep.Shape.Extent) grown
// by the motion's length and a hundred skins (the slide's own skin, at
// least the one of a unit shape, sweep.DefaultSkin, or the default of c's
// shape).
func reachBox(c Case) geom.AABB {
	reach := geom.Len(c.End.Sub(c.Start)) + float64(100*skinOf(c))
	return geom.EmptyAABB().Extend(c.End).Expand(c.Shape.Extent().Add(mgl64.Vec3{reach, reach, reach}))
}

// skinOf is the larger of c's slide skin and the default skin of a unit
// shape (sweep.DefaultSkin) or of c's shape (a fraction of its Unit).
func skinOf(c Case) float64 {
	return max(c.Slide.Skin, sweep.DefaultSkin, sweep.DefaultSkinRatio*c.Shape.Unit())
}

// blame turns disagreements into problems, one per field: the algorithm
// named in most of that field's disagreements is blamed (a check against
// the geometry counts twice).
func blame(ds []opinions.Disagreement) []Problem {
	type tally struct {
		votes map[string]int
		worst float64
		lines []string
		pair  string
	}
	fields := map[string]*tally{}
	var order []string
	for _, d := range ds {
		t := fields[d.Field]
		if t == nil {
			t = &tally{votes: map[string]int{}, pair: d.A + "/" + d.B}
			fields[d.Field] = t
			order = append(order, d.Field)
		}
		t.votes[d.A]++
		if d.B == opinions.GeometryCheck {
			t.votes[d.A]++
		} else {
			t.votes[d.B]++
		}
		t.worst = math.Max(t.worst, d.Diff)
		t.lines = append(t.lines, d.String())
	}
	var out []Problem
	for _, f := range order {
		t := fields[f]
		var blamed []string
		for a, n := range t.votes {
			if n >= 2 {
				blamed = append(blamed, a)
			}
		}
		sort.Strings(blamed)
		who := strings.Join(blamed, "+")
		if who == "" {
			who = t.pair
		}
		out = append(out, Problem{Kind: f + ": " + who, Worst: t.worst, Detail: strings.Join(t.lines, "; ")})
	}
	return out
}

// slide checks collide-and-slide from a free start: no NaN, every piece of
// the path (start, each contact and resume pose, final) stays at unit
// distance >= 1 - tolerance, and the slide does not stick.
func (k *checker) slide(w *world, geo *judge.Geometry, c Case) []Problem {
	return k.judgeSlide(geo, c, w.mesh.SlideShape(c.Shape, c.Start, c.End, c.Slide))
}

// judgeSlide checks the slide res of case c.
func (k *checker) judgeSlide(geo *judge.Geometry, c Case, res sweep.SlideResult) []Problem {
	path := []mgl64.Vec3{c.Start}
	for _, s := range res.Steps {
		path = append(path, s.Contact, s.Resume)
	}
	path = append(path, res.Final)
	for i, p := range path {
		if !geom.IsFinite(p) {
			return []Problem{{Kind: KindSlideNaN, Worst: math.Inf(1), Detail: fmt.Sprintf("pose %d of the slide is %v", i, p)}}
		}
	}
	if d, tri := geo.Dist(res.Final); d < 1-k.tol.T {
		return []Problem{{Kind: KindSlideInside, Worst: 1 - d, Detail: fmt.Sprintf("the slide ends at %v, unit distance %.3g from triangle %d", res.Final, d, tri)}}
	}
	for i := 0; i+1 < len(path); i++ {
		d, t, tri := geo.MinDist(path[i], path[i+1].Sub(path[i]), 0, 1)
		if d < 1-k.tol.T {
			return []Problem{{Kind: KindSlideThrough, Worst: 1 - d, Detail: fmt.Sprintf("piece %d of the slide (%v to %v) comes within unit distance %.3g of triangle %d at %.6g of the way", i, path[i], path[i+1], d, tri, t)}}
		}
	}
	if p, ok := k.stuck(geo, c, res); ok {
		return []Problem{p}
	}
	return nil
}

// stuck reports a slide that, after its first contact, made (almost) no
// progress although the motion left had a tangential part of which the
// first half is free of contact (by the oracle): a correct slide glides at
// least that far.
func (k *checker) stuck(geo *judge.Geometry, c Case, res sweep.SlideResult) (Problem, bool) {
	if len(res.Steps) == 0 || c.Slide.MaxIterations == 1 {
		return Problem{}, false
	}
	s := res.Steps[0]
	n := s.Hit.Normal
	rem := c.End.Sub(s.Contact)
	tan := rem.Sub(geom.Scale(n, geom.Dot(n, rem)))
	skin := skinOf(c)
	if geom.Len(tan) < 0.05*geom.Len(c.End.Sub(c.Start)) || geom.Len(tan) < 100*skin {
		return Problem{}, false
	}
	probe := geom.Scale(tan, 0.5)
	if d, _, _ := geo.MinDist(s.Resume, probe, 0, 1); d <= 1 {
		return Problem{}, false
	}
	progress := geom.Dot(res.Final.Sub(s.Resume), geom.Normalize(tan))
	if progress >= 0.1*geom.Len(tan) {
		return Problem{}, false
	}
	return Problem{Kind: KindSlideStuck, Worst: (float64(0.5*geom.Len(tan)) - progress) / geom.Len(tan),
		Detail: fmt.Sprintf("after the first contact the slide moves %.3g along the free tangential motion %v (half of it is free)", progress, tan)}, true
}
