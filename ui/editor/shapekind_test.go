package editor

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// Switching kinds keeps the size: a capsule from an upright ellipsoid has
// its smallest horizontal radius and its height; from an ellipsoid lying
// on its side (pitch 90°: the body's z is world -y, the tallest) the
// segment turns along that axis and the height still matches; a box has
// the ellipsoid's axes; back from the capsule the radii are (r, half + r,
// r).
func TestShapeAs(t *testing.T) {
	up := Shape{Radii: [3]float64{0.5, 1, 0.6}}
	c := up.As(sweep.KindCapsule)
	if c.Kind != sweep.KindCapsule || c.Radius != 0.5 || c.Half != 0.5 || c.Rot != up.Rot {
		t.Fatalf("capsule from %+v: %+v, want radius 0.5, half 0.5", up, c)
	}
	if got := c.Sweep().Capsule; !near(got.HalfSegment, mgl64.Vec3{0, 0.5, 0}, 1e-9) {
		t.Errorf("half segment %v, want (0, 0.5, 0)", got.HalfSegment)
	}
	lying := Shape{Radii: [3]float64{0.4, 0.6, 1.2}, Rot: [3]float64{30, 90, 0}}
	lc := lying.As(sweep.KindCapsule)
	if lc.Radius != 0.4 || math.Abs(lc.Half-0.8) > 1e-12 {
		t.Fatalf("capsule from %+v: %+v, want radius 0.4, half 0.8", lying, lc)
	}
	if h, want := lc.Sweep().Extent()[1], lying.Sweep().Extent()[1]; math.Abs(h-want) > 1e-9 {
		t.Errorf("capsule half height %g, want the ellipsoid's %g", h, want)
	}
	b := lying.As(sweep.KindBox).Sweep()
	if b.Kind != sweep.KindBox || b.Box.Axes != lying.Ellipsoid().Axes {
		t.Errorf("box axes %v, want the ellipsoid's %v", b.Box.Axes, lying.Ellipsoid().Axes)
	}
	if e := c.As(sweep.KindEllipsoid); e.Radii != [3]float64{0.5, 1, 0.5} {
		t.Errorf("ellipsoid from %+v: radii %v, want (0.5, 1, 0.5)", c, e.Radii)
	}
	for _, s := range []Shape{up, c, lying.As(sweep.KindBox)} {
		if back := ShapeFrom(s.Sweep()); back.Kind != s.Kind || !near(back.Sweep().Extent(), s.Sweep().Extent(), 1e-9) {
			t.Errorf("ShapeFrom(%+v.Sweep()) = %+v", s, back)
		}
		if err := s.Sweep().Validate(); err != nil {
			t.Errorf("%+v: the core refuses its shape: %v", s, err)
		}
	}
}

// Switching kind is one undo step that says what changed; undo brings
// back exactly the ellipsoid, redo the capsule. Invalid sizes are refused
// with a message naming the field, the shape unchanged.
func TestSetKindUndo(t *testing.T) {
	a := newTestApp(t)
	before := a.Doc.Scene.Shape
	if err := a.SetKind(sweep.KindCapsule); err != nil {
		t.Fatal(err)
	}
	capsule := a.Doc.Scene.Shape
	if capsule.Kind != sweep.KindCapsule || capsule.Validate() != nil || !strings.Contains(a.Msg, "shape ellipsoid → capsule") {
		t.Fatalf("after SetKind: %+v, message %q", capsule, a.Msg)
	}
	a.Undo()
	if a.Doc.Scene.Shape != before || a.Doc.Shape.Kind != sweep.KindEllipsoid {
		t.Fatalf("undo: %+v, want %+v", a.Doc.Scene.Shape, before)
	}
	a.Redo()
	if a.Doc.Scene.Shape != capsule {
		t.Fatalf("redo: %+v, want %+v", a.Doc.Scene.Shape, capsule)
	}
	for _, tc := range []struct {
		edit func(s *Shape)
		want string
	}{
		{func(s *Shape) { s.Radius = -1 }, "capsule radius = -1"},
		{func(s *Shape) { s.Half = math.NaN() }, "half segment = NaN"},
		{func(s *Shape) { *s = s.As(sweep.KindBox); s.Radii[2] = 0 }, "half extent z = 0"},
		{func(s *Shape) { s.Kind = 7 }, "unknown shape kind"},
	} {
		s := a.Doc.Shape
		tc.edit(&s)
		undo, _ := a.History.Len()
		if err := a.SetShape(s); err == nil || !strings.Contains(err.Error(), tc.want) || !a.MsgErr {
			t.Errorf("SetShape(%+v): %v, want an error naming %q", s, err, tc.want)
		}
		if after, _ := a.History.Len(); after != undo || a.Doc.Scene.Shape != capsule {
			t.Errorf("a refused shape changed the doc")
		}
	}
}

// A capsule and a rotated box survive the session file: kind, sizes and
// angles as typed, and the scene's shape; the scene in it is still a
// valid fixture (its ellipsoid the companion of Shape.Sweep).
func TestSessionShapeRoundTrip(t *testing.T) {
	for _, s := range []Shape{
		{Kind: sweep.KindCapsule, Radius: 0.3, Half: 0.7, Rot: [3]float64{20, 35, 0}},
		{Kind: sweep.KindCapsule, Radius: 0.5}, // a sphere
		{Kind: sweep.KindBox, Radii: [3]float64{0.4, 0.9, 0.2}, Rot: [3]float64{10, 20, 30}},
	} {
		a := newTestApp(t)
		if err := a.SetShape(s); err != nil {
			t.Fatal(err)
		}
		sess, err := NewSession(a.Doc, a.Rev, CameraState{Distance: 5, FovY: 0.8}, nil, "", false, nil)
		if err != nil {
			t.Fatal(err)
		}
		data, err := sess.Encode()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), `"kind":"`+s.Kind.String()+`"`) {
			t.Errorf("session has no kind %s: %.300s", s.Kind, data)
		}
		back, err := ParseSession(data)
		if err != nil {
			t.Fatal(err)
		}
		d, err := back.Doc()
		if err != nil {
			t.Fatal(err)
		}
		if d.Shape != s || d.Scene.Shape != a.Doc.Scene.Shape {
			t.Errorf("round trip: %+v / %+v, want %+v / %+v", d.Shape, d.Scene.Shape, s, a.Doc.Scene.Shape)
		}
	}
}

// A session from before capsules (no kind) loads as the ellipsoid it
// holds; one with an unknown kind still loads, taking the scene's
// ellipsoid.
func TestSessionOldShapeLoads(t *testing.T) {
	a := newTestApp(t)
	data, err := a.Doc.Scene.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	r := a.Doc.Shape.Radii
	for _, shape := range []string{
		`{"radii":[` + fmtNums(r) + `],"rot":[0,0,0]}`,
		`{"kind":"cone","radii":[1,1,1],"rot":[0,0,0]}`,
	} {
		s, err := ParseSession([]byte(`{"version":2,"scene":` + string(data) + `,"shape":` + shape + `,"grid":0.25}`))
		if err != nil {
			t.Fatal(err)
		}
		d, err := s.Doc()
		if err != nil {
			t.Fatalf("%s: %v", shape, err)
		}
		if d.Shape.Kind != sweep.KindEllipsoid || d.Scene.Shape != a.Doc.Scene.Shape {
			t.Errorf("%s: loaded %+v, want the scene's ellipsoid", shape, d.Scene.Shape)
		}
	}
}

// fmtNums writes three numbers as JSON.
func fmtNums(v [3]float64) string {
	b, _ := json.Marshal(v)
	return strings.Trim(string(b), "[]")
}

// A level opened while a capsule is edited gets FitLevel's player as a
// capsule of the same height (56 units) and radius (0.29 of it).
func TestLevelPlayerCapsule(t *testing.T) {
	a := newTestApp(t)
	if err := a.SetKind(sweep.KindCapsule); err != nil {
		t.Fatal(err)
	}
	s := &scene.Scene{Name: "q", Mesh: zUpFloor()}
	FitLevel(s, UpAuto)
	d, err := NewDoc(s, "q.obj", a.Doc.View, 0)
	if err != nil {
		t.Fatal(err)
	}
	a.Load(d)
	c := a.Doc.Scene.Shape
	if c.Kind != sweep.KindCapsule || math.Abs(float64(2*c.Extent()[1])-56) > 1e-9 || math.Abs(c.Capsule.Radius-0.29*56) > 1e-9 {
		t.Fatalf("level player %+v, want a capsule 56 tall of radius %g", c, 0.29*56)
	}
}

// Play walks the selected shape: the player takes the capsule (and an
// edit of it while playing), and ticks run with the capsule's own inside
// check (its distance from the floor, in radii) without pausing.
func TestPlayCapsule(t *testing.T) {
	a := newTestApp(t)
	if err := a.SetKind(sweep.KindCapsule); err != nil {
		t.Fatal(err)
	}
	p := StartPlay(a)
	if p.Player.Shape != a.Doc.Scene.Shape {
		t.Fatalf("player shape %+v, want %+v", p.Player.Shape, a.Doc.Scene.Shape)
	}
	for range 5 {
		if rec, paused := p.Tick(a, PlayInput{Forward: true, Look: mgl64.Vec3{0, 0, -1}}); paused || !(rec.Dist >= 1 && rec.Dist < 10) { // the capsule's own distance (judge.Geometry), clear of the floor
			t.Fatalf("tick %+v paused %v", rec, paused)
		}
	}
	if err := a.SetKind(sweep.KindBox); err != nil {
		t.Fatal(err)
	}
	p.Tick(a, PlayInput{})
	if p.Player.Shape.Kind != sweep.KindBox {
		t.Errorf("player kept %v after the shape became a box", p.Player.Shape.Kind)
	}
}
