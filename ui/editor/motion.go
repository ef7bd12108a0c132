package editor

import (
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// motionOf returns the motion of scene s with the slide options in effect
// (defaults applied): what a fixture's expectation is about. Two motions
// are the same motion exactly when they compare equal with ==.
func motionOf(s *scene.Scene) sweep.Motion {
	m := s.Motion
	m.Slide = s.EffectiveSlideOptions()
	return m
}

// expectFor returns the motion s's expectation was written for, taken as
// s's own motion when it is opened; nil when s has no expectation.
func expectFor(s *scene.Scene) *sweep.Motion {
	if s.Expect == nil {
		return nil
	}
	m := motionOf(s)
	return &m
}

// Edited reports whether the document's motion is no longer the one its
// expectation was written for (false when there is no expectation).
func (d Doc) Edited() bool {
	return d.ExpectFor != nil && d.Scene != nil && *d.ExpectFor != motionOf(d.Scene)
}
