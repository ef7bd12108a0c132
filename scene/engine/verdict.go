package engine

import (
	"errors"

	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
)

// BrokenVerdict is the verdict for an engine that could not answer: its
// error's text (already escaped by BrokenError and answerError).
func BrokenVerdict(err error) judge.Verdict {
	return judge.Verdict{State: judge.Broken, Detail: err.Error()}
}

// VerdictOf is the verdict for an answer or an error from an engine:
// Unanswered for an error the engine survives (see Answered; with Rule
// RuleSatOut for a query it sat out, see SatOut), Broken for any other
// (see BrokenVerdict), else what judged gives.
func VerdictOf(err error, judged func() judge.Verdict) judge.Verdict {
	switch {
	case err == nil:
		return judged()
	case SatOut(err):
		return satOutVerdict(err)
	case !Answered(err):
		return judge.Verdict{State: judge.Unanswered, Detail: err.Error()}
	}
	return BrokenVerdict(err)
}

// Answered reports whether err leaves the engine answering: false for an
// {"error":...} answer (answerError) and for a query that could not be
// asked (errNotFinite, ErrUnsupported); true for nil and for anything
// else, which means the engine broke (or ctx ended).
func Answered(err error) bool {
	var ae *answerError
	return !errors.As(err, &ae) && !errors.Is(err, errNotFinite) && !errors.Is(err, ErrUnsupported)
}

// Judge is j's verdict on got, an engine's answer to op (OpSweep or
// OpSlide) of q, against exact, the core's: Judge.Sweep or Judge.Slide
// over the oracle's geometry of q's mesh.
func (q Query) Judge(j judge.Judge, op Ops, exact, got sweep.Answer) judge.Verdict {
	g := q.Mesh.Geometry(q.Shape)
	if op == OpSlide {
		return j.Slide(g, q.Motion, exact, got)
	}
	return j.Sweep(g, q.Motion, exact, got)
}
