package meshfile

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"sweepdbg/scene"
)

// TestLoadRefusesFIFOs gives a named pipe with no writer (which would block
// an open or a read forever) as a fixture, a mesh and a glTF buffer, and a
// directory and a device as a mesh: each is refused at once with
// scene.ErrNotRegular and an error naming the file.
func TestLoadRefusesFIFOs(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"pipe.json", "pipe.obj", "pipe.glb", "pipe.bin"} {
		if err := syscall.Mkfifo(filepath.Join(dir, name), 0o644); err != nil {
			t.Skipf("no FIFOs here: %v", err)
		}
	}
	gl := filepath.Join(dir, "buf.gltf")
	js := `{"asset":{"version":"2.0"},"buffers":[{"uri":"pipe.bin","byteLength":60}],` +
		`"bufferViews":[{"buffer":0,"byteLength":36}],` +
		`"accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3"}],` +
		`"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}]}`
	if err := os.WriteFile(gl, []byte(js), 0o644); err != nil {
		t.Fatal(err)
	}
	load := func(p string) error {
		_, err := Open(context.Background(), p, nil)
		return err
	}
	for _, p := range []string{"pipe.json", "pipe.obj", "pipe.glb", "buf.gltf", ".", "/dev/zero"} {
		path := p
		if !filepath.IsAbs(p) {
			path = filepath.Join(dir, p)
		}
		if p == "." {
			path = dir + "/level.obj"
			if err := os.Mkdir(path, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if p == "/dev/zero" {
			path = filepath.Join(dir, "zero.obj")
			if err := os.Symlink("/dev/zero", path); err != nil {
				t.Fatal(err)
			}
		}
		err := load(path)
		if !errors.Is(err, scene.ErrNotRegular) {
			t.Errorf("Open(%s) = %v, want ErrNotRegular", p, err)
			continue
		}
		checkSafeErr(t, err, path)
	}
}
