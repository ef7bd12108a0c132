package share

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// answer is the core's whole answer on s.
func answer(s *scene.Scene) sweep.Answer {
	return sweep.NewMesh(s.Mesh.Tris()).Answer(s.Motion)
}

// TestRoundTripBuiltins: every built-in scene goes through a link and
// comes back the same scene, and the core answers it bit for bit as it
// answers the original (sweep, every slide step, final center).
func TestRoundTripBuiltins(t *testing.T) {
	for _, name := range scene.Builtins() {
		t.Run(name, func(t *testing.T) {
			s, err := scene.Builtin(name)
			if err != nil {
				t.Fatal(err)
			}
			link, err := Link("https://example.invalid/sweepdbg/index.html#old", s)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(link, "https://example.invalid/sweepdbg/index.html#fixture=") {
				t.Fatalf("link %.80q: want the base without its fragment, then #fixture=", link)
			}
			got, err := Open(link)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, s) {
				t.Fatalf("the decoded scene differs from %s", name)
			}
			a, b := answer(s), answer(got)
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("answers differ:\noriginal %+v\ndecoded  %+v", a, b)
			}
		})
	}
}

// TestPayloadForms: a whole address, a fragment and "fixture=..." all
// give the payload; other fragment fields after & are not part of it.
func TestPayloadForms(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"https://a.example/x/index.html#fixture=abc", "abc", true},
		{"  index.html#fixture=abc&cam=1\n", "abc", true},
		{"#fixture=abc", "abc", true},
		{"fixture=abc", "abc", true},
		{"https://a.example/#other=abc", "", false},
		{"scene.json", "", false},
	} {
		got, ok := payloadOf(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("payloadOf(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// deflated is data compressed as a link carries it (no compaction).
func deflated(t testing.TB, data []byte) string {
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.BestCompression)
	w.Write(data)
	w.Close()
	return base64.RawURLEncoding.EncodeToString(z.Bytes())
}

// TestBadLinks: each kind of broken link gets its own typed error.
func TestBadLinks(t *testing.T) {
	s, _ := scene.Builtin(scene.DefaultName)
	good, err := encodeScene(s)
	if err != nil {
		t.Fatal(err)
	}
	bomb := deflated(t, bytes.Repeat([]byte(" "), maxInflated+1))
	for _, tc := range []struct {
		name, link string
		kind       error
	}{
		{"no fragment", "https://a.example/index.html", ErrNoFixture},
		{"empty", "index.html#fixture=", ErrNoFixture},
		{"not base64url", "#fixture=abc$def", ErrEncoding},
		{"padded", "#fixture=" + base64.URLEncoding.EncodeToString([]byte("ab")), ErrEncoding},
		{"standard base64", "#fixture=" + strings.ReplaceAll(good, "-", "+") + "+/", ErrEncoding},
		{"truncated", "#fixture=" + good[:len(good)/2], ErrCompression},
		{"not deflate", "#fixture=" + base64.RawURLEncoding.EncodeToString([]byte{0xff, 0xff, 0xff, 0xff}), ErrCompression},
		{"zip bomb", "#fixture=" + bomb, ErrTooLarge},
		{"not a fixture", "#fixture=" + deflated(t, []byte(`{"version":1}`)), ErrFixture},
		{"not json", "#fixture=" + deflated(t, []byte(`hello`)), ErrFixture},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Open(tc.link)
			if got != nil || !errors.Is(err, tc.kind) {
				t.Fatalf("Open = %v, %v; want an error of kind %v", got, err, tc.kind)
			}
			var le *Error
			if !errors.As(err, &le) || !strings.HasPrefix(err.Error(), "share link: ") {
				t.Fatalf("error %v (%T): want a *share.Error saying share link: ...", err, err)
			}
		})
	}
}

// TestTooLargeIsSceneTooLarge: a zip bomb is refused as scene.ErrTooLarge
// too, like an oversized fixture file.
func TestTooLargeIsSceneTooLarge(t *testing.T) {
	if !errors.Is(ErrTooLarge, scene.ErrTooLarge) {
		t.Fatal("ErrTooLarge does not wrap scene.ErrTooLarge")
	}
}

// TestInvalidFixtureNamesField: an invalid fixture's error names the
// field, through the *scene.Error inside.
func TestInvalidFixtureNamesField(t *testing.T) {
	_, err := Open("#fixture=" + deflated(t, []byte(`{"version":1,"name":"x","mesh":{"vertices":[[0,0,0]],"triangles":[[0,0,5]]},`+
		`"ellipsoid":{"axes":[[1,0,0],[0,1,0],[0,0,1]]},"start":[0,1,0],"end":[0,-1,0]}`)))
	var se *scene.Error
	if !errors.As(err, &se) || se.Field != "mesh.triangles[0][2]" {
		t.Fatalf("error %v: want a *scene.Error naming mesh.triangles[0][2]", err)
	}
}

// TestMarkupNameIsText: a name with markup survives the round trip as the
// same text (the page shows it as text; see the browser tests).
func TestMarkupNameIsText(t *testing.T) {
	s, _ := scene.Builtin(scene.DefaultName)
	s.Name = `<img src=x onerror=alert(1)>`
	link, err := Link(DefaultBase, s)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Open(link)
	if err != nil || got.Name != s.Name {
		t.Fatalf("Open = %v, %v; want the name %q back", got, err, s.Name)
	}
}

// TestEncodeRefusesNonJSON: Encode takes JSON only.
func TestEncodeRefusesNonJSON(t *testing.T) {
	if _, err := Encode([]byte("{")); err == nil {
		t.Fatal("Encode accepted a broken JSON text")
	}
}

// FuzzDecodeLink: Open never panics, and whatever it accepts is a valid
// fixture that encodes to a link opening to the same scene.
func FuzzDecodeLink(f *testing.F) {
	s, _ := scene.Builtin("crease")
	good, _ := encodeScene(s)
	for _, seed := range []string{"#fixture=" + good, "#fixture=" + good[:10], "fixture=", "#fixture=AAAA", "x#fixture=8w"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, link string) {
		s, err := Open(link)
		if err != nil {
			if s != nil {
				t.Fatal("a scene with an error")
			}
			var le *Error
			if !errors.As(err, &le) {
				t.Fatalf("error %v is %T, not *share.Error", err, err)
			}
			return
		}
		again, err := Link(DefaultBase, s)
		if err != nil {
			t.Fatalf("re-encoding an accepted fixture: %v", err)
		}
		back, err := Open(again)
		if err != nil || !reflect.DeepEqual(back, s) {
			t.Fatalf("round trip of an accepted fixture: %v", err)
		}
	})
}

// TestRoundTripShapes: version-2 scenes, a capsule and a box (the box
// turned, the capsule's segment slanted), go through a link and come back
// the same scene; the link's fixture says version 2. A capsule in a
// version-1 fixture inside a link is refused naming the field.
func TestRoundTripShapes(t *testing.T) {
	base, err := scene.Builtin("floor")
	if err != nil {
		t.Fatal(err)
	}
	c, s := math.Cos(0.3), math.Sin(0.3)
	for _, shape := range []sweep.Shape{
		sweep.CapsuleShape(sweep.Capsule{Radius: 0.4, HalfSegment: mgl64.Vec3{0.1, 0.9, -0.2}}),
		sweep.BoxShape(sweep.Box{Axes: [3]mgl64.Vec3{{float64(0.5 * c), 0, float64(0.5 * s)}, {0, 1, 0}, {float64(-0.25 * s), 0, float64(0.25 * c)}}}),
	} {
		sc := base.Clone()
		sc.Shape, sc.Expect = shape, nil
		link, err := Link("https://example.invalid/#x", sc)
		if err != nil {
			t.Fatalf("%s: %v", shape.Kind, err)
		}
		got, err := Open(link)
		if err != nil || !reflect.DeepEqual(got, sc) {
			t.Fatalf("%s: link gave %+v, %v; want %+v", shape.Kind, got, err, sc)
		}
		payload, _ := payloadOf(link)
		data, err := inflate(payload)
		if err != nil || !bytes.Contains(data, []byte(`"version":2,`)) || !bytes.Contains(data, []byte(`"`+shape.Kind.String()+`":{`)) {
			t.Errorf("%s: the link's fixture (%v):\n%s", shape.Kind, err, data)
		}
	}
	_, err = Open("#fixture=" + deflated(t, []byte(`{"version":1,"name":"x","mesh":{"vertices":[[0,0,0]],"triangles":[[0,0,0]]},`+
		`"capsule":{"radius":1,"halfSegment":[0,1,0]},"start":[0,1,0],"end":[0,-1,0]}`)))
	var se *scene.Error
	if !errors.As(err, &se) || se.Field != "capsule" || !strings.Contains(err.Error(), "version 1 cannot hold a capsule") {
		t.Errorf("a capsule in version 1: %v; want a *scene.Error naming capsule", err)
	}
}
