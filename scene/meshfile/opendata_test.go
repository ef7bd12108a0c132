package meshfile

import (
	"context"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"sweepdbg/scene"
)

// TestOpenDataMatchesOpen: a fixture and an OBJ level opened from their
// bytes give the scene Open gives for the file.
func TestOpenDataMatchesOpen(t *testing.T) {
	for _, path := range []string{"../../assets/scenes/crease.json", "../../assets/levels/rooms.obj"} {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Open(context.Background(), path, nil)
		if err != nil {
			t.Fatal(err)
		}
		name := path[strings.LastIndex(path, "/")+1:]
		got, err := OpenData(context.Background(), name, data, nil)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: OpenData = %v, %v; want Open's scene", name, got, err)
		}
	}
}

// TestOpenDataRefuses: over the size limit, an unknown type, no
// triangles, a broken fixture: errors naming the file.
func TestOpenDataRefuses(t *testing.T) {
	big := make([]byte, Limit("x.json")+1)
	for _, tc := range []struct {
		name string
		data []byte
		is   error
		says string
	}{
		{"big.json", big, scene.ErrTooLarge, "big.json: too large: 64.0 MiB (67108865 bytes), the limit is 64 MiB"},
		{"x.txt", []byte("hi"), nil, "x.txt: unsupported file type"},
		{"empty.obj", []byte("v 0 0 0\n"), nil, "empty.obj: no triangles"},
		{"bad.json", []byte(`{"version":1}`), nil, "bad.json: "},
		{"inline.gltf", []byte(`{"asset":{"version":"2.0"},"buffers":[{"uri":"other.bin","byteLength":4}]}`), nil, "inline.gltf"},
	} {
		s, err := OpenData(context.Background(), tc.name, tc.data, nil)
		if s != nil || err == nil || !strings.HasPrefix(err.Error(), tc.says) || tc.is != nil && !errors.Is(err, tc.is) {
			t.Errorf("%s: %v, %v; want an error starting %q", tc.name, s, err, tc.says)
		}
	}
}
