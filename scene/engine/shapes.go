package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"sweepdbg/internal/shapejson"
	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
)

// Shapes is the set of shape kinds an engine answers: the "shapes" of its
// hello (docs/engine-protocol.md, "Shapes"). An engine is never asked
// about a motion whose shape it does not list: it sits out (SatOutError).
type Shapes uint8

// The usual sets: an engine whose hello has no "shapes" answers
// ellipsoids only (protocol version 1 as it was first written).
const (
	EllipsoidOnly Shapes = 1 << sweep.KindEllipsoid
	AllShapes     Shapes = 1<<sweep.KindEllipsoid | 1<<sweep.KindCapsule | 1<<sweep.KindBox
)

// ShapesOf returns the set of the given kinds.
func ShapesOf(kinds ...sweep.ShapeKind) Shapes {
	var s Shapes
	for _, k := range kinds {
		s |= 1 << k
	}
	return s
}

// Has reports whether k is in the set.
func (s Shapes) Has(k sweep.ShapeKind) bool { return k < 8 && s&(1<<k) != 0 }

// Names returns the set's kinds by their protocol names, in the order of
// the formats ("ellipsoid", "capsule", "box").
func (s Shapes) Names() []string {
	var names []string
	for _, k := range shapejson.Kinds {
		if s.Has(k) {
			names = append(names, k.String())
		}
	}
	return names
}

// String lists the names: "ellipsoid, capsule".
func (s Shapes) String() string { return strings.Join(s.Names(), ", ") }

// ErrShapeUnsupported marks a query whose motion's shape the engine does
// not list in its hello: the engine was not asked (it sat out). It wraps
// ErrUnsupported, so Answered is false for it; SatOut tells it apart from
// an op the engine does not answer.
var ErrShapeUnsupported = fmt.Errorf("%w: shape not in the engine's hello", ErrUnsupported)

// SatOutError says an engine sat out a query: the motion's shape is not
// among the shapes it answers, so it was not asked. It wraps
// ErrShapeUnsupported (and so ErrUnsupported).
type SatOutError struct {
	Engine string          // the engine's name, as written (Error quotes it)
	Op     Ops             // OpSweep or OpSlide
	Shape  sweep.ShapeKind // the motion's shape
	Shapes Shapes          // what the engine answers
}

// Error reads e.g. `engine "my-engine" sat out the sweep: it does not
// answer capsules (its hello lists ellipsoid)`.
func (e *SatOutError) Error() string {
	return "engine " + strconv.Quote(clip(e.Engine)) + " sat out the " + opName(e.Op) +
		": it does not answer " + plural(e.Shape) + " (its hello lists " + e.Shapes.String() + ")"
}

// Unwrap returns ErrShapeUnsupported.
func (e *SatOutError) Unwrap() error { return ErrShapeUnsupported }

// plural is "ellipsoids", "capsules" or "boxes".
func plural(k sweep.ShapeKind) string {
	if k == sweep.KindBox {
		return "boxes"
	}
	return k.String() + "s"
}

// SatOut reports whether err says the engine sat out the query (a
// SatOutError, ErrShapeUnsupported).
func SatOut(err error) bool { return errors.Is(err, ErrShapeUnsupported) }

// satOutVerdict is the verdict of a query the engine sat out.
func satOutVerdict(err error) judge.Verdict {
	return judge.Verdict{State: judge.Unanswered, Rule: judge.RuleSatOut, Detail: err.Error()}
}

// checkShape returns a *SatOutError when shapes lacks the motion's shape
// (an engine named name asked op), else nil.
func checkShape(name string, op Ops, shapes Shapes, q *Query) error {
	if shapes.Has(q.Kind) {
		return nil
	}
	return &SatOutError{Engine: name, Op: op, Shape: q.Kind, Shapes: shapes}
}

// decodeShapes reads the "shapes" of a hello: absent (nil) means
// EllipsoidOnly; present, it must be a non-empty list of known names.
func decodeShapes(names *[]string) (Shapes, error) {
	if names == nil {
		return EllipsoidOnly, nil
	}
	if len(*names) == 0 {
		return 0, fmt.Errorf("%w: shapes is empty (list at least one of ellipsoid, capsule, box, or leave it out for ellipsoid)", errBadHello)
	}
	var s Shapes
	for _, n := range *names {
		k, ok := shapejson.KindNamed(n)
		if !ok {
			return 0, fmt.Errorf("%w: unknown shape %s (want ellipsoid, capsule or box)", errBadHello, strconv.Quote(clip(n)))
		}
		s |= ShapesOf(k)
	}
	return s, nil
}

// protocolStyle lays a shape out as a request or a capture line carries
// it: "ellipsoid":{"axes":[[1,0,0],[0,1,0],[0,0,1]]}.
var protocolStyle = shapejson.Style{Sep: ",", Colon: ":", Num: func(dst []byte, f float64) []byte {
	dst, _ = appendNum(dst, f, true)
	return dst
}}
