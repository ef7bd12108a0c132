package scene

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/internal/shapejson"
	"sweepdbg/sweep"
)

// capsuleFixture and boxFixture are version-2 fixtures as Marshal writes
// them (byte for byte): the shape field in its place between mesh and start.
const capsuleFixture = `{
  "version": 2,
  "name": "capsule on the floor",
  "mesh": {
    "vertices": [
      [-4, 0, -4],
      [4, 0, -4],
      [0, 0, 4]
    ],
    "triangles": [
      [0, 1, 2]
    ]
  },
  "capsule": {"radius": 0.5, "halfSegment": [0, 1, 0]},
  "start": [0, 5, 0],
  "end": [0, -5, 0],
  "expect": {"hit": true, "t": 0.35, "point": [0, 0, 0], "normal": [0, 1, 0]}
}
`

const boxFixture = `{
  "version": 2,
  "name": "box on the floor",
  "mesh": {
    "vertices": [
      [-4, 0, -4],
      [4, 0, -4],
      [0, 0, 4]
    ],
    "triangles": [
      [0, 1, 2]
    ]
  },
  "box": {"axes": [[0.5, 0, 0], [0, 1, 0], [0, 0, 0.25]]},
  "start": [0, 5, 0],
  "end": [0, -5, 0],
  "slide": {"maxIterations": 3, "skin": 0.01}
}
`

// shapeFixtures are the version-2 seeds of FuzzLoadFixture: the two above
// and a few near misses.
var shapeFixtures = []string{
	capsuleFixture, boxFixture,
	strings.Replace(capsuleFixture, `"version": 2`, `"version": 1`, 1),
	strings.Replace(boxFixture, `"box": {"axes": [[0.5, 0, 0]`, `"box": {"axes": [[0.5, 0.5, 0]`, 1),
	strings.Replace(capsuleFixture, `"start"`, `"ellipsoid": {"axes": [[1,0,0],[0,1,0],[0,0,1]]}, "start"`, 1),
	strings.Replace(capsuleFixture, `"radius": 0.5`, `"radius": -1`, 1),
}

// TestParseShapes reads a version-2 capsule and box fixture into the
// shape they describe, and Marshal writes them back byte for byte.
func TestParseShapes(t *testing.T) {
	for _, c := range []struct {
		in   string
		want sweep.Shape
	}{
		{capsuleFixture, sweep.CapsuleShape(sweep.Capsule{Radius: 0.5, HalfSegment: mgl64.Vec3{0, 1, 0}})},
		{boxFixture, sweep.BoxShape(sweep.Box{Axes: [3]mgl64.Vec3{{0.5, 0, 0}, {0, 1, 0}, {0, 0, 0.25}}})},
	} {
		s, err := Parse([]byte(c.in))
		if err != nil {
			t.Fatalf("Parse: %v", err)
		}
		if s.Shape != c.want {
			t.Errorf("%s: shape %+v, want %+v", s.Name, s.Shape, c.want)
		}
		if s.Extra != nil {
			t.Errorf("%s: the shape went to Extra: %v", s.Name, s.Extra)
		}
		out, err := s.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != c.in {
			t.Errorf("%s: Marshal wrote\n%s\nwant\n%s", s.Name, out, c.in)
		}
	}
}

// TestEllipsoidStaysVersion1: a scene with an ellipsoid is written as
// version 1, as before version 2 existed; a version-2 file holding an
// ellipsoid also loads (and is written back as version 1).
func TestEllipsoidStaysVersion1(t *testing.T) {
	s, err := Parse([]byte(designExample))
	if err != nil {
		t.Fatal(err)
	}
	out, _ := s.Marshal()
	if !bytes.HasPrefix(out, []byte("{\n  \"version\": 1,\n")) {
		t.Errorf("ellipsoid fixture written as\n%s", out)
	}
	v2, err := Parse([]byte(strings.Replace(designExample, `"version": 1`, `"version": 2`, 1)))
	if err != nil || !reflect.DeepEqual(v2, s) {
		t.Errorf("version 2 with an ellipsoid = %+v, %v; want %+v", v2, err, s)
	}
}

// TestShapeErrors: each malformed or invalid shape is refused with a
// *scene.Error naming the field, and the message says what is wrong.
func TestShapeErrors(t *testing.T) {
	cap2 := func(old, new string) string {
		t.Helper()
		if !strings.Contains(capsuleFixture, old) {
			t.Fatalf("capsule fixture has no %q", old)
		}
		return strings.Replace(capsuleFixture, old, new, 1)
	}
	box2 := func(old, new string) string {
		t.Helper()
		if !strings.Contains(boxFixture, old) {
			t.Fatalf("box fixture has no %q", old)
		}
		return strings.Replace(boxFixture, old, new, 1)
	}
	cases := []struct {
		name, in, field, msg string
		is                   error // a sentinel the error wraps, or nil
	}{
		{"negative radius", cap2(`"radius": 0.5`, `"radius": -1`), "capsule.radius", "-1 is not positive", nil},
		{"zero radius", cap2(`"radius": 0.5`, `"radius": 0`), "capsule.radius", "0 is not positive", nil},
		{"radius string", cap2(`"radius": 0.5`, `"radius": "0.5"`), "capsule.radius", "want a number, got string", shapejson.ErrBadValue},
		{"no radius", cap2(`"radius": 0.5, `, ``), "capsule.radius", "missing", shapejson.ErrBadValue},
		{"no half segment", cap2(`, "halfSegment": [0, 1, 0]`, ``), "capsule.halfSegment", "missing", shapejson.ErrBadValue},
		{"half segment of 2", cap2(`[0, 1, 0]}`, `[0, 1]}`), "capsule.halfSegment", "want an array of 3 numbers, got 2 elements", shapejson.ErrBadValue},
		{"capsule unknown key", cap2(`"radius"`, `"radius": 1, "radios"`), "capsule.radios", "unknown field", shapejson.ErrBadValue},
		{"capsule huge", cap2(`[0, 1, 0]}`, `[0, 1e400, 0]}`), "capsule.halfSegment[1]", "out of range", shapejson.ErrBadValue},
		{"capsule not object", cap2(`{"radius": 0.5, "halfSegment": [0, 1, 0]}`, `0.5`), "capsule", "want an object, got number", shapejson.ErrBadValue},
		{"box zero axis", box2(`[0, 1, 0]`, `[0, 0, 0]`), "box.axes[1]", "zero", nil},
		{"box not orthogonal", box2(`[0, 0, 0.25]`, `[0.25, 0, 0.25]`), "box.axes", "axes 0 and 2 are not orthogonal", nil},
		{"box two axes", box2(`[[0.5, 0, 0], [0, 1, 0], [0, 0, 0.25]]`, `[[0.5, 0, 0], [0, 1, 0]]`), "box.axes", "want 3 axes, got 2", shapejson.ErrBadValue},
		{"two shapes", cap2(`"start"`, `"ellipsoid": {"axes": [[1,0,0],[0,1,0],[0,0,1]]}, "start"`), "capsule", `two shapes: "ellipsoid" and "capsule"`, shapejson.ErrTwoShapes},
		{"no shape", cap2(`"capsule": {"radius": 0.5, "halfSegment": [0, 1, 0]},`, ``), "ellipsoid", `missing (want one of "ellipsoid", "capsule", "box")`, shapejson.ErrNoShape},
		{"capsule in version 1", cap2(`"version": 2`, `"version": 1`), "capsule", `version 1 cannot hold a capsule (write "version": 2)`, nil},
		{"box in version 1", box2(`"version": 2`, `"version": 1`), "box", `version 1 cannot hold a box (write "version": 2)`, nil},
		{"version 3", box2(`"version": 2`, `"version": 3`), "version", "newer than this debugger reads", nil},
		{"version 1.5", box2(`"version": 2`, `"version": 1.5`), "version", "invalid version 1.5", nil},
	}
	dir := t.TempDir()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-")+".json")
			if err := os.WriteFile(p, []byte(c.in), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Load(p)
			var se *Error
			if !errors.As(err, &se) {
				t.Fatalf("Load = %v (%T), want a *scene.Error", err, err)
			}
			if se.File != p || se.Field != c.field || !strings.Contains(se.Err.Error(), c.msg) {
				t.Errorf("Load = file %q field %q: %q; want file %q field %q: ...%q...", se.File, se.Field, se.Err, p, c.field, c.msg)
			}
			if c.is != nil && !errors.Is(err, c.is) {
				t.Errorf("error %v does not wrap %v", err, c.is)
			}
		})
	}
}

// TestValidateShapes: scenes built in Go with a bad capsule or box are
// refused by Validate and Marshal, naming the field.
func TestValidateShapes(t *testing.T) {
	base, err := Parse([]byte(capsuleFixture))
	if err != nil {
		t.Fatal(err)
	}
	box := sweep.Box{Axes: [3]mgl64.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}
	cases := []struct {
		name  string
		shape sweep.Shape
		want  string
	}{
		{"NaN half segment", sweep.CapsuleShape(sweep.Capsule{Radius: 1, HalfSegment: mgl64.Vec3{0, 0, math.NaN()}}), "capsule.halfSegment[2]: NaN"},
		{"Inf radius", sweep.CapsuleShape(sweep.Capsule{Radius: math.Inf(1)}), "capsule.radius: +Inf is not allowed"},
		{"negative radius", sweep.CapsuleShape(sweep.Capsule{Radius: -1}), "capsule.radius: -1 is not positive"},
		{"half segment beyond MaxCoordinate", sweep.CapsuleShape(sweep.Capsule{Radius: 1, HalfSegment: mgl64.Vec3{2e12, 0, 0}}), "capsule.halfSegment[0]: 2e+12 is beyond"},
		{"box zero", func() sweep.Shape { b := box; b.Axes[1] = mgl64.Vec3{}; return sweep.BoxShape(b) }(), "box.axes[1]: zero-length axis; a box needs three non-zero half extents"},
		{"box sheared", func() sweep.Shape { b := box; b.Axes[2] = mgl64.Vec3{1, 0, 1}; return sweep.BoxShape(b) }(), "box.axes: axes 0 and 2 are not orthogonal (45 degrees apart)"},
		{"box thin", func() sweep.Shape { b := box; b.Axes[0] = mgl64.Vec3{1e-9, 0, 0}; return sweep.BoxShape(b) }(), "box.axes[0]: axis of length 1e-09 is too short"},
		{"unknown kind", sweep.Shape{Kind: 7}, "unknown shape kind 7"},
	}
	for _, c := range cases {
		s := base.Clone()
		s.Shape = c.shape
		err := s.Validate()
		var se *Error
		if !errors.As(err, &se) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Validate = %v, want a *scene.Error containing %q", c.name, err, c.want)
		}
		if _, err := s.Marshal(); err == nil {
			t.Errorf("%s: Marshal encoded an invalid shape", c.name)
		}
	}
	s := base.Clone()
	s.Shape = sweep.CapsuleShape(sweep.Capsule{Radius: 2}) // a zero half segment: a sphere
	if err := s.Validate(); err != nil {
		t.Errorf("capsule with a zero half segment: %v", err)
	}
}
