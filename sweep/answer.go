package sweep

import "sweepdbg/geom"
import "github.com/go-gl/mathgl/mgl64"

// Answer is one engine's whole answer to one motion of an ellipsoid from a
// start to an end center: the first contact of the sweep and where
// collide-and-slide leaves it. It is the one outcome type of the project:
// the core (Mesh.Answer), the second algorithms, an external engine, a
// recorded capture, a fixture's replay and the window all carry an answer
// as an Answer, whoever computed it. How an answer is judged is not part of
// it (see the engine package's Verdict).
type Answer struct {
	// Hit reports whether the sweep from start to end touches the mesh.
	Hit bool
	// First is the first contact (T, Point, Normal, Feature, Triangle);
	// meaningful when Hit. Fields not in Has are zero and unknown.
	First Hit
	// Slid reports whether Slide holds an answer: engines that answer only
	// sweeps leave it false.
	Slid bool
	// Slide is collide-and-slide from start toward end: its Steps (one per
	// contact, Hit and Contact center) and Final, the resting center;
	// meaningful when Slid.
	Slide SlideResult
	// Has says which optional fields the engine reported. The core reports
	// every one (AllFields); an external engine may leave some out, and
	// only what is present is compared.
	Has Fields
}

// Fields is a set of the optional fields of an Answer.
type Fields uint8

// The optional fields. T is not one of them: a hit always has a time.
const (
	HasPoint    Fields = 1 << iota // First.Point
	HasNormal                      // First.Normal
	HasFeature                     // First.Feature
	HasTriangle                    // First.Triangle
	HasSteps                       // Slide.Steps (each step's T and Contact; Point, Normal and Triangle with the flags above)
	// AllFields is every optional field: what the core reports.
	AllFields = HasPoint | HasNormal | HasFeature | HasTriangle | HasSteps
)

// ContactCenter returns the center at first contact, start + T·(end -
// start); ok is false without a hit.
func (a *Answer) ContactCenter(start, end mgl64.Vec3) (c mgl64.Vec3, ok bool) {
	if !a.Hit {
		return mgl64.Vec3{}, false
	}
	return start.Add(geom.Scale(end.Sub(start), a.First.T)), true
}
