package editor

import (
	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// Motion is what a fixture's expectation is about: the ellipsoid, the
// start and end of its motion (world units) and the slide options in
// effect (defaults applied). Two motions are the same motion exactly when
// they compare equal with ==.
type Motion struct {
	Ellipsoid  sweep.Ellipsoid
	Start, End mgl64.Vec3
	Slide      sweep.SlideOptions
}

// MotionOf returns the motion of scene s.
func MotionOf(s *scene.Scene) Motion {
	return Motion{Ellipsoid: s.Ellipsoid, Start: s.Start, End: s.End, Slide: s.EffectiveSlideOptions()}
}

// expectFor returns the motion s's expectation was written for, taken as
// s's own motion when it is opened; nil when s has no expectation.
func expectFor(s *scene.Scene) *Motion {
	if s.Expect == nil {
		return nil
	}
	m := MotionOf(s)
	return &m
}

// Edited reports whether the document's motion is no longer the one its
// expectation was written for (false when there is no expectation).
func (d Doc) Edited() bool {
	return d.ExpectFor != nil && d.Scene != nil && *d.ExpectFor != MotionOf(d.Scene)
}
