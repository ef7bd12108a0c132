package sweep

import "sweepdbg/geom"
import "github.com/go-gl/mathgl/mgl64"

// Motion is one motion under test: a shape moved, without rotating, from
// the center Start toward the center End (world units), with the options
// of its collide-and-slide. It is the one input type of the project: the
// core (Mesh.Answer), an engine's query, a hunted case, a fixture and the
// window's editor all carry a motion as a Motion (docs/architecture.md,
// "One motion, one answer, one judge"). Box2D v3's shape cast is the
// model: one plain input struct in, one result (Answer) out.
//
// Shape is embedded, so a motion's Kind and Ellipsoid read as its own.
type Motion struct {
	Shape
	Start, End mgl64.Vec3 // centers at t = 0 and at t = 1 without collision, world units
	Slide      SlideOptions
}

// Delta is End - Start: the motion's translation at t = 1.
func (m Motion) Delta() mgl64.Vec3 { return m.End.Sub(m.Start) }

// At is the center at fraction t of the motion: Start + t·(End - Start).
func (m Motion) At(t float64) mgl64.Vec3 { return m.Start.Add(geom.Scale(m.Delta(), t)) }

// Answer runs the core on one motion: the first contact of the sweep from
// Start to End (Cast) and collide-and-slide from Start toward End with
// mo.Slide (SlideShape). Every field is present (Has is AllFields). It
// never panics and never returns NaN; an invalid shape or non-finite
// centers give no hit and a slide that does not move.
func (m *Mesh) Answer(mo Motion) Answer {
	a := Answer{Slid: true, Has: AllFields}
	a.First, a.Hit = m.Cast(mo.Shape, mo.Start, mo.Delta())
	a.Slide = m.SlideShape(mo.Shape, mo.Start, mo.End, mo.Slide)
	return a
}

// Cast is the first contact of shape s swept from the center begin by
// delta against the mesh: Sweep for an ellipsoid, and the same contract
// (docs/contract.md, "Shapes") for a capsule or a box. It reports no hit
// for an invalid shape or non-finite input.
func (m *Mesh) Cast(s Shape, begin, delta mgl64.Vec3) (Hit, bool) {
	return m.cast(&s, begin, delta, false)
}

// cast is Cast; ignoreLeaving is as for sweep (contacts at T = 0 that the
// motion leaves are skipped, for the slide). A capsule or a box goes
// through castMesh with its triangle function (shapeTest).
func (m *Mesh) cast(s *Shape, begin, delta mgl64.Vec3, ignoreLeaving bool) (Hit, bool) {
	switch s.Kind {
	case KindEllipsoid:
		return m.sweep(s.Ellipsoid, begin, delta, ignoreLeaving)
	}
	if !m.castable(s, begin, delta) {
		return Hit{}, false
	}
	var c caster
	if s.Kind == KindCapsule {
		var k capsuleCaster
		k.init(&s.Capsule, &begin, &delta, m)
		c.capsule = &k
	} else {
		var k boxCaster
		k.set(&s.Box, &delta)
		k.setLazy(&begin, m.vert32 != nil)
		c.box = &k
	}
	return m.castMesh(&c, s.extent(), begin, delta, ignoreLeaving)
}

// castable reports whether a cast of s from begin by delta is defined: the
// shape can be swept and every input is finite. The slide does not move
// when it is not (an ellipsoid's slide learns it from its first cast's
// query, slider.valid: the same answer). An ellipsoid's query takes the
// mesh's last shape (setShape), as its sweeps do: the same validity as
// NewQuery's, without inverting the axes again.
func (m *Mesh) castable(s *Shape, begin, delta mgl64.Vec3) bool {
	switch s.Kind {
	case KindEllipsoid:
		var q Query
		m.setShape(&s.Ellipsoid, &q)
		q.setMotion(&begin, &delta)
		return q.Valid()
	case KindCapsule, KindBox:
		return s.valid() && v3p(&begin).finite() && v3p(&delta).finite()
	}
	return false
}
