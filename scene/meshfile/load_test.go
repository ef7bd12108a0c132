package meshfile

import "testing"

// IsLevel names the level files by extension, in any case; fixtures,
// captures and other files are not levels.
func TestIsLevel(t *testing.T) {
	for path, want := range map[string]bool{
		"a.obj": true, "B.OBJ": true, "c.gltf": true, "d.GLB": true, "/x y/e.glb": true,
		"f.json": false, "g.jsonl": false, "h.obj.json": false, "obj": false, "": false, "dir/": false,
	} {
		if got := IsLevel(path); got != want {
			t.Errorf("IsLevel(%q) = %v, want %v", path, got, want)
		}
	}
}
