package editor

import (
	"encoding/json"
	"testing"

	"sweepdbg/render/view"
	"sweepdbg/scene"
)

// FuzzSession feeds arbitrary bytes to the session loader (ParseSession,
// then Doc and the camera's Validate, as the window does): it must never
// panic, and a session it accepts must save and load back to the same
// document.
func FuzzSession(f *testing.F) {
	s, err := scene.Builtin(scene.DefaultName)
	if err != nil {
		f.Fatal(err)
	}
	d, err := NewDoc(s, "a.json", view.Default(), DefaultGrid)
	if err != nil {
		f.Fatal(err)
	}
	sess, err := NewSession(d, 1, CameraState{Distance: 5, FovY: 0.8}, []string{"/x/\x1b]0;t\a.obj"}, "p", true, nil)
	if err != nil {
		f.Fatal(err)
	}
	good, _ := json.Marshal(sess)
	f.Add(good)
	f.Add([]byte(""))
	f.Add([]byte("{oops"))
	f.Add([]byte(`{"version": 99}`))
	f.Add([]byte(`{"version": 1, "scene": {"version": 1}}`))
	f.Add([]byte(`{"version": 2, "scene": 5, "camera": {"distance": 1e300}}`))
	f.Add([]byte(`{"version": 2, "shape": {"radii": [1e-300, 0, -1], "rot": [1e308, 0, 0]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseSession(data)
		if err != nil {
			return
		}
		_ = s.Camera.Validate()
		d, err := s.Doc()
		if err != nil {
			return
		}
		again, err := NewSession(d, 1, s.Camera, s.Recent, s.Path, s.Help, nil)
		if err != nil {
			t.Fatalf("an accepted session does not encode: %v", err)
		}
		enc, err := json.Marshal(again)
		if err != nil {
			t.Fatalf("an accepted session does not marshal: %v", err)
		}
		back, err := ParseSession(enc)
		if err != nil {
			t.Fatalf("a saved session does not parse: %v", err)
		}
		d2, err := back.Doc()
		if err != nil || sum(d2) != sum(d) {
			t.Fatalf("session round trip: %+v (%v), want %+v", sum(d2), err, sum(d))
		}
	})
}
