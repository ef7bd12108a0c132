package scene

import (
	"sweepdbg/geom"

	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/sweep"
)

// MaxCoordinate bounds every coordinate of a scene, in world units: a
// vertex, an axis, a center or an expected point beyond ±1e12 is refused.
// Squares of such numbers (1e24) are still far from float64 overflow, so
// the core's arithmetic stays finite; anything larger is a broken file, not
// a level.
const MaxCoordinate = 1e12

// Limits on the size of a scene's mesh, so that a small hostile file
// cannot make the program allocate gigabytes and a scene stays one the core
// builds and queries in seconds. The loaders stop as soon as a file would
// exceed one, before allocating for it; Validate refuses a scene beyond
// one. Both errors wrap ErrMeshTooLarge.
const (
	// MaxVertices is the most vertices a mesh may have (16.7 million).
	MaxVertices = 1 << 24
	// MaxTriangles is the most triangles a mesh may have (16.7 million,
	// sixteen times the largest levels the tool is tuned for).
	MaxTriangles = 1 << 24
)

// ErrMeshTooLarge marks a mesh, or a file that would make one, with more
// than MaxVertices vertices or MaxTriangles triangles.
var ErrMeshTooLarge = errors.New("mesh too large")

// MaxSlideIterations bounds slide.maxIterations; a larger count is refused.
const MaxSlideIterations = 1000

// orthoTolerance is the largest |cos| of the angle between two ellipsoid
// axes that still counts as orthogonal: the core's own bound. Axes written
// with 17 significant digits are orthogonal to about 1e-16; 1e-6 (0.00006
// degrees) accepts any hand-typed rotation with 7 or more digits and
// refuses a real shear.
const orthoTolerance = sweep.OrthogonalTolerance

// minAxisRatio is the smallest ratio of the shortest to the longest axis.
// The unit-sphere transform scales by the inverse axis lengths, so a ratio
// below 1e-6 turns rounding error in the long direction into errors a
// million times larger in the short one.
const minAxisRatio = 1e-6

// Validate reports the first problem with s as an *Error naming the field,
// e.g. "mesh.triangles[12][2]: index 40 out of range (31 vertices)". It
// checks that the mesh is within MaxVertices and MaxTriangles, that every
// number is finite and within MaxCoordinate, triangle
// indices are in range, the shape is valid (an ellipsoid's or a box's axes
// non-zero and orthogonal, a capsule's radius positive),
// slide options are in range, the expectation is consistent (t in [0, 1],
// a known feature, an existing triangle, a positive tolerance), and Extra
// holds valid JSON under keys that are not fields of the format.
// Degenerate (zero-area) triangles are valid: they are a test case.
func (s *Scene) Validate() error { return s.validate(true) }

// validate is Validate, checking the mesh only when mesh is set.
func (s *Scene) validate(mesh bool) error {
	if s == nil {
		return &Error{Err: errors.New("no scene")}
	}
	if s.Name == "" {
		return fieldErr("name", "empty; a scene needs a name")
	}
	validateMesh := s.validateMesh
	if !mesh {
		validateMesh = func() error { return nil }
	}
	checks := []func() error{
		validateMesh,
		s.validateShape,
		func() error { return checkVec("start", s.Start) },
		func() error { return checkVec("end", s.End) },
		s.validateSlide,
		s.validateExpect,
		s.validateExtra,
	}
	for _, c := range checks {
		if err := c(); err != nil {
			return err
		}
	}
	return nil
}

// checkNumber refuses NaN, ±Inf and numbers beyond MaxCoordinate.
func checkNumber(field string, x float64) error {
	switch {
	case math.IsNaN(x):
		return fieldErr(field, "NaN is not allowed")
	case math.IsInf(x, 0):
		return fieldErr(field, "%v is not allowed; numbers must be finite", x)
	case math.Abs(x) > MaxCoordinate:
		return fieldErr(field, "%v is beyond ±%g", x, float64(MaxCoordinate))
	}
	return nil
}

// inRange reports whether every component of v is within MaxCoordinate
// (so finite, and not NaN).
func inRange(v mgl64.Vec3) bool {
	return math.Abs(v[0]) <= MaxCoordinate && math.Abs(v[1]) <= MaxCoordinate && math.Abs(v[2]) <= MaxCoordinate
}

// checkVec applies checkNumber to each component, naming field[i].
func checkVec(field string, v mgl64.Vec3) error {
	for i, x := range v {
		if err := checkNumber(fmt.Sprintf("%s[%d]", field, i), x); err != nil {
			return err
		}
	}
	return nil
}

func (s *Scene) validateMesh() error {
	if n := len(s.Mesh.Vertices); n > MaxVertices {
		return fieldErr("mesh.vertices", "%w: %d vertices, the limit is %d", ErrMeshTooLarge, n, MaxVertices)
	}
	if n := len(s.Mesh.Triangles); n > MaxTriangles {
		return fieldErr("mesh.triangles", "%w: %d triangles, the limit is %d", ErrMeshTooLarge, n, MaxTriangles)
	}
	for i, v := range s.Mesh.Vertices {
		if !inRange(v) { // the field name is only formatted for a bad vertex
			return checkVec(fmt.Sprintf("mesh.vertices[%d]", i), v)
		}
	}
	n := len(s.Mesh.Vertices)
	for i, t := range s.Mesh.Triangles {
		for k, idx := range t {
			if idx < 0 || idx >= n {
				return fieldErr(fmt.Sprintf("mesh.triangles[%d][%d]", i, k),
					"index %d out of range (%d vertices)", idx, n)
			}
		}
	}
	return nil
}

// validateShape checks the shape of s.Kind, naming the field at fault:
// an ellipsoid's semi-axes or a box's half extents are finite, non-zero,
// of comparable length (minAxisRatio) and pairwise orthogonal
// (orthoTolerance); a capsule's radius is finite and positive and its half
// segment finite. Then the core's own sweep.Shape.Validate must accept
// the shape, so a scene that validates is one the core computes with.
func (s *Scene) validateShape() error {
	name := s.Kind.String()
	var err error
	switch s.Kind {
	case sweep.KindEllipsoid:
		err = checkAxes(name, "an ellipsoid needs three non-zero semi-axes", s.Ellipsoid.Axes)
	case sweep.KindBox:
		err = checkAxes(name, "a box needs three non-zero half extents", s.Box.Axes)
	case sweep.KindCapsule:
		err = checkCapsule(s.Capsule)
	default:
		return fieldErr("ellipsoid", "unknown shape kind %d", s.Kind)
	}
	if err != nil {
		return err
	}
	if err := s.Shape.Validate(); err != nil {
		field := name + ".axes"
		if s.Kind == sweep.KindCapsule {
			field = name
		}
		return fieldErr(field, "%w", err)
	}
	return nil
}

// checkCapsule is the field-naming part of validateShape for a capsule.
func checkCapsule(c sweep.Capsule) error {
	if err := checkNumber("capsule.radius", c.Radius); err != nil {
		return err
	}
	if c.Radius <= 0 {
		return fieldErr("capsule.radius", "%v is not positive", c.Radius)
	}
	return checkVec("capsule.halfSegment", c.HalfSegment)
}

// checkAxes is the field-naming part of validateShape for the three axes
// of the shape named name ("ellipsoid", "box"); zero says what a zero
// axis breaks.
func checkAxes(name, zero string, axes [3]mgl64.Vec3) error {
	longest := 0.0
	for i, a := range axes {
		field := fmt.Sprintf("%s.axes[%d]", name, i)
		if err := checkVec(field, a); err != nil {
			return err
		}
		if geom.Len(a) == 0 {
			return fieldErr(field, "zero-length axis; %s", zero)
		}
		longest = math.Max(longest, geom.Len(a))
	}
	for i, a := range axes {
		if geom.Len(a) < minAxisRatio*longest {
			return fieldErr(fmt.Sprintf("%s.axes[%d]", name, i),
				"axis of length %g is too short beside one of length %g (ratio below %g)", geom.Len(a), longest, minAxisRatio)
		}
	}
	for _, p := range [3][2]int{{0, 1}, {0, 2}, {1, 2}} {
		a, b := axes[p[0]], axes[p[1]]
		if cos := geom.Dot(a, b) / (geom.Len(a) * geom.Len(b)); math.Abs(cos) > orthoTolerance {
			deg := math.Acos(math.Max(-1, math.Min(1, cos))) * 180 / math.Pi
			return fieldErr(name+".axes", "axes %d and %d are not orthogonal (%.4g degrees apart)", p[0], p[1], deg)
		}
	}
	return nil
}

func (s *Scene) validateSlide() error {
	if s.Slide.IsZero() {
		return nil
	}
	if n := s.Slide.MaxIterations; n < 0 || n > MaxSlideIterations {
		return fieldErr("slide.maxIterations", "%d out of range [0, %d] (0 means the default)", n, MaxSlideIterations)
	}
	if err := checkNumber("slide.skin", s.Slide.Skin); err != nil {
		return err
	}
	if s.Slide.Skin < 0 {
		return fieldErr("slide.skin", "%v is negative", s.Slide.Skin)
	}
	return nil
}

func (s *Scene) validateExpect() error {
	e := s.Expect
	if e == nil {
		return nil
	}
	if e.Hit != nil && !*e.Hit {
		if f := e.hitFields(); f != "" {
			return fieldErr("expect."+f, "given, but expect.hit is false")
		}
	}
	if e.T != nil {
		if err := checkNumber("expect.t", *e.T); err != nil {
			return err
		}
		if *e.T < 0 || *e.T > 1 {
			return fieldErr("expect.t", "%v out of range [0, 1]", *e.T)
		}
	}
	for _, v := range []struct {
		field string
		v     *mgl64.Vec3
	}{{"expect.point", e.Point}, {"expect.normal", e.Normal}, {"expect.final", e.Final}} {
		if v.v != nil {
			if err := checkVec(v.field, *v.v); err != nil {
				return err
			}
		}
	}
	if e.Feature != nil && !validFeature(*e.Feature) {
		return fieldErr("expect.feature", "%q is not \"face\", \"edge\" or \"vertex\"", *e.Feature)
	}
	if e.Triangle != nil && (*e.Triangle < 0 || *e.Triangle >= len(s.Mesh.Triangles)) {
		return fieldErr("expect.triangle", "index %d out of range (%d triangles)", *e.Triangle, len(s.Mesh.Triangles))
	}
	if e.Tolerance != nil {
		if err := checkNumber("expect.tolerance", *e.Tolerance); err != nil {
			return err
		}
		if *e.Tolerance <= 0 {
			return fieldErr("expect.tolerance", "%v is not positive", *e.Tolerance)
		}
	}
	return nil
}

// hitFields returns the name of the first field that only makes sense for
// a hit (t, point, normal, feature, triangle), or "" when none is set.
func (e *Expect) hitFields() string {
	switch {
	case e.T != nil:
		return "t"
	case e.Point != nil:
		return "point"
	case e.Normal != nil:
		return "normal"
	case e.Feature != nil:
		return "feature"
	case e.Triangle != nil:
		return "triangle"
	}
	return ""
}

func validFeature(f string) bool { return f == "face" || f == "edge" || f == "vertex" }

func (s *Scene) validateExtra() error {
	for _, key := range slices.Sorted(maps.Keys(s.Extra)) {
		switch {
		case key == "":
			return fieldErr(`""`, "empty field name")
		case isKnownField(key):
			return fieldErr(key, "a field of the format cannot be kept in Extra")
		case !json.Valid(s.Extra[key]):
			return fieldErr(key, "not valid JSON")
		}
	}
	return nil
}
