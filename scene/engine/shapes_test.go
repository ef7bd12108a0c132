package engine

import (
	"context"
	"errors"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
)

// unitCapsule is a capsule of radius 0.5 standing along y, 3 tall.
var unitCapsule = sweep.CapsuleShape(sweep.Capsule{Radius: 0.5, HalfSegment: mgl64.Vec3{0, 1, 0}})

// capsuleQuery is fallQuery with unitCapsule.
func capsuleQuery(m *Mesh) Query {
	q := fallQuery(m)
	q.Shape = unitCapsule
	return q
}

// TestDecodeHelloShapes: "shapes" absent is ellipsoids only; a list gives
// its set; an empty list or an unknown name is a bad hello whose message
// quotes the name escaped.
func TestDecodeHelloShapes(t *testing.T) {
	const pre = `{"protocol":1,"name":"e","ops":["sweep"]`
	for _, c := range []struct {
		line string
		want Shapes
		msg  string // a piece of the error; "" for none
	}{
		{pre + `}`, EllipsoidOnly, ""},
		{pre + `,"shapes":["capsule"]}`, ShapesOf(sweep.KindCapsule), ""},
		{pre + `,"shapes":["box","ellipsoid","capsule"]}`, AllShapes, ""},
		{pre + `,"shapes":null}`, EllipsoidOnly, ""},
		{pre + `,"shapes":[]}`, 0, "shapes is empty"},
		{pre + `,"shapes":["sphere\u001b"]}`, 0, `unknown shape "sphere\x1b"`},
		{pre + `,"shapes":"capsule"}`, 0, "cannot unmarshal string"},
		{pre + `,"shapes":[3]}`, 0, "cannot unmarshal number"},
	} {
		_, _, shapes, err := decodeHello([]byte(c.line))
		switch {
		case c.msg == "" && (err != nil || shapes != c.want):
			t.Errorf("%s: shapes %v, %v; want %v", c.line, shapes, err, c.want)
		case c.msg != "" && (!errors.Is(err, errBadHello) || !strings.Contains(err.Error(), c.msg)):
			t.Errorf("%s: error %v, want errBadHello with %q", c.line, err, c.msg)
		}
	}
	if got := AllShapes.Names(); strings.Join(got, " ") != "ellipsoid capsule box" {
		t.Errorf("AllShapes.Names() = %v", got)
	}
}

// TestAppendQueryShapes: a capsule or a box goes in its own field, laid
// out as the ellipsoid is; a non-finite radius cannot be sent.
func TestAppendQueryShapes(t *testing.T) {
	q := capsuleQuery(&Mesh{ID: 4})
	b, err := appendQuery(nil, OpSweep, &q)
	want := `{"op":"sweep","mesh":4,"capsule":{"radius":0.5,"halfSegment":[0,1,0]},"start":[1,3,1],"end":[1,-2,1]}` + "\n"
	if err != nil || string(b) != want {
		t.Errorf("capsule request %q, %v; want %q", b, err, want)
	}
	q.Shape = sweep.BoxShape(sweep.Box{Axes: [3]mgl64.Vec3{{0.5, 0, 0}, {0, 1.25, 0}, {0, 0, 2}}})
	b, err = appendQuery(nil, OpSlide, &q)
	want = `{"op":"slide","mesh":4,"box":{"axes":[[0.5,0,0],[0,1.25,0],[0,0,2]]},"start":[1,3,1],"end":[1,-2,1]}` + "\n"
	if err != nil || string(b) != want {
		t.Errorf("box request %q, %v; want %q", b, err, want)
	}
	q.Shape = sweep.CapsuleShape(sweep.Capsule{Radius: math.NaN()})
	if b, err := appendQuery([]byte("x"), OpSweep, &q); !errors.Is(err, errNotFinite) || string(b) != "x" {
		t.Errorf("NaN radius: %q, %v; want errNotFinite and nothing appended", b, err)
	}
}

// TestSatOut: an engine whose hello lists ellipsoids only is not sent a
// capsule query (no request is written, it stays up and answers the next
// ellipsoid); the error is a *SatOutError, ErrUnsupported for Answered,
// and its verdict is judge.Unanswered with Rule judge.RuleSatOut. An engine listing
// capsules gets the capsule in its request.
func TestSatOut(t *testing.T) {
	p, err := startFake(t, "good", 0)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if p.Shapes() != EllipsoidOnly {
		t.Errorf("hello without shapes: %v", p.Shapes())
	}
	m := floorMesh()
	_, err = p.Sweep(t.Context(), capsuleQuery(m))
	var so *SatOutError
	if !errors.As(err, &so) || so.Shape != sweep.KindCapsule || so.Op != OpSweep || !errors.Is(err, ErrUnsupported) || Answered(err) {
		t.Fatalf("capsule sweep of an ellipsoid engine: %v", err)
	}
	if want := `engine "fake" sat out the sweep: it does not answer capsules (its hello lists ellipsoid)`; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	if p.seq != 1 || p.Err() != nil {
		t.Errorf("after sitting out: %d requests (want 1, the hello), broken %v", p.seq, p.Err())
	}
	v := VerdictOf(err, nil)
	if !v.SatOut() || v.State != judge.Unanswered || !strings.Contains(v.Detail, "does not answer capsules") {
		t.Errorf("verdict %+v, want judge.Unanswered sat out", v)
	}
	if v := VerdictOf(&answerError{Engine: "x"}, nil); v.SatOut() {
		t.Errorf("an {\"error\"} answer's verdict %+v says sat out", v)
	}
	if a, err := p.Sweep(t.Context(), fallQuery(m)); err != nil || !a.Hit {
		t.Errorf("ellipsoid after the capsule: %+v, %v", a, err)
	}

	c, err := startFake(t, "capsules", 0)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if c.Shapes() != ShapesOf(sweep.KindEllipsoid, sweep.KindCapsule) {
		t.Errorf("shapes %v", c.Shapes())
	}
	if _, err := c.Sweep(t.Context(), capsuleQuery(m)); err != nil {
		t.Fatal(err)
	}
	rep := c.LastReply()
	if got := string(rep.Extra()["capsule"]); got != `{"radius":0.5,"halfSegment":[0,1,0]}` {
		t.Errorf("the engine received capsule %s", got)
	}
	q := capsuleQuery(m)
	q.Shape = sweep.BoxShape(sweep.Box{Axes: sweep.Sphere(1).Axes})
	if _, err := c.Sweep(t.Context(), q); !errors.As(err, &so) || so.Shape != sweep.KindBox || so.Shapes != c.Shapes() {
		t.Errorf("box to an engine of ellipsoids and capsules: %v", err)
	}
}

// TestBadShapesHello: an engine whose hello lists no shapes, or an
// unknown one, is broken at its hello, with the reason errBadHello.
func TestBadShapesHello(t *testing.T) {
	for mode, msg := range map[string]string{"noshapes": "shapes is empty", "sphereshapes": `unknown shape "sphere\x1b[31m"`} {
		_, err := startFake(t, mode, 0)
		var be *BrokenError
		if !errors.As(err, &be) || !errors.Is(err, errBadHello) || !strings.Contains(err.Error(), msg) {
			t.Errorf("%s: %v, want a BrokenError with errBadHello and %q", mode, err, msg)
		}
	}
}

// TestBuiltinShapes: the core and the oracle answer every shape; the
// unit-space method answers ellipsoids and the convex method capsules and
// boxes, each sitting out the rest.
func TestBuiltinShapes(t *testing.T) {
	m := floorMesh()
	want := map[string]Shapes{coreName: AllShapes, oracleName: AllShapes, unitSpaceName: EllipsoidOnly, convexName: ShapesOf(sweep.KindCapsule, sweep.KindBox)}
	for _, e := range Builtins() {
		if e.Shapes() != want[e.Name()] {
			t.Errorf("%s: shapes %v, want %v", e.Name(), e.Shapes(), want[e.Name()])
		}
		a, err := e.Sweep(context.Background(), capsuleQuery(m))
		if sat := SatOut(err); sat != !want[e.Name()].Has(sweep.KindCapsule) || (!sat && (err != nil || !a.Hit)) {
			t.Errorf("%s: capsule sweep: %v, %+v", e.Name(), err, a)
		}
	}
	if _, err := Core().Slide(context.Background(), capsuleQuery(m)); err != nil {
		t.Errorf("core: capsule slide: %v", err)
	}
}

// TestCaptureShapes: capture lines carry a capsule or a box in its own
// field; a bad shape is a bad line naming the field.
func TestCaptureShapes(t *testing.T) {
	const mesh = `{"op":"mesh","id":1,"vertices":[[0,0,0],[4,0,0],[0,0,4]],"triangles":[[0,1,2]]}` + "\n"
	const rest = `"start":[1,3,1],"end":[1,-2,1],"answer":{"hit":false}}` + "\n"
	lines := []string{
		`{"op":"sweep","mesh":1,"capsule":{"radius":0.5,"halfSegment":[0,1,0]},` + rest,
		`{"op":"slide","mesh":1,"box":{"axes":[[0.5,0,0],[0,1,0],[0,0,2]]},"start":[1,3,1],"end":[1,-2,1],"answer":{"final":[1,-2,1]}}` + "\n",
		`{"op":"sweep","mesh":1,"capsule":{"radius":"big","halfSegment":[0,1,0]},` + rest,
		`{"op":"sweep","mesh":1,"capsule":{"radius":1,"halfSegment":[0,1,0]},"ellipsoid":{"axes":[[1,0,0],[0,1,0],[0,0,1]]},` + rest,
		`{"op":"sweep","mesh":1,` + rest,
		`{"op":"sweep","mesh":1,"box":{"axes":[[1,0,0],[0,1,0]]},` + rest,
		`{"op":"sweep","mesh":1,"box":{"axes":[[1,0,0],[0,1,0],[0,0,1]],"\u001b[2J":1},` + rest,
	}
	cr := NewCaptureReader(strings.NewReader(mesh + strings.Join(lines, "")))
	rec, err := cr.Next()
	if err != nil || rec.Query.Shape != unitCapsule || rec.Op != OpSweep {
		t.Errorf("capsule line: %+v, %v", rec.Query.Motion, err)
	}
	rec, err = cr.Next()
	if err != nil || rec.Query.Kind != sweep.KindBox || rec.Query.Box.Axes[2] != (mgl64.Vec3{0, 0, 2}) || rec.Op != OpSlide {
		t.Errorf("box line: %+v, %v", rec.Query.Motion, err)
	}
	for _, want := range []struct {
		field string
		is    error
		msg   string
	}{
		{"capsule.radius", errBadField, "want a number, got string"},
		{"capsule", errBadField, `two shapes: "ellipsoid" and "capsule"`},
		{"ellipsoid", errMissingField, `missing (want one of "ellipsoid", "capsule", "box")`},
		{"box.axes", errBadField, "want 3 axes, got 2"},
		{`box.\x1b[2J`, errBadField, "unknown field (want axes)"},
	} {
		_, err := cr.Next()
		var ce *captureError
		if !errors.As(err, &ce) || ce.Field != want.field || !errors.Is(err, want.is) || !strings.Contains(err.Error(), want.msg) {
			t.Errorf("line %d: %v; want field %s, %v, %q", cr.line, err, want.field, want.is, want.msg)
		}
	}
	if _, err := cr.Next(); !errors.Is(err, io.EOF) {
		t.Errorf("end: %v", err)
	}
}
