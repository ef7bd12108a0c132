package editor

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/scene"
)

// A pose edit keeps the mesh revision, so the opinions' and the probe's
// mesh caches survive it; a load brings a new one, so they are rebuilt.
func TestMeshRevKeysMeshCaches(t *testing.T) {
	a := newTestApp(t)
	if a.Doc.MeshRev == 0 {
		t.Fatal("NewDoc gave no mesh revision")
	}
	var o opinionCache
	p := probeCache{Offset: 1e3}
	a.Refresh()
	o.Update(a.Doc, a.Rev, false)
	p.Update(a.Doc, a.Rev, a.Result.Answer, false)
	emesh, shifted, mrev := o.emesh, p.shifted, a.Doc.MeshRev
	if err := a.SetPose(scene.PoseEnd, mgl64.Vec3{3, 1, 2}); err != nil {
		t.Fatal(err)
	}
	a.Refresh()
	if !o.Update(a.Doc, a.Rev, false) || a.Doc.MeshRev != mrev {
		t.Fatalf("pose edit: opinions not recomputed or mesh revision changed (%d -> %d)", mrev, a.Doc.MeshRev)
	}
	p.Update(a.Doc, a.Rev, a.Result.Answer, false)
	if o.emesh != emesh || p.shifted != shifted {
		t.Fatal("a pose edit rebuilt the opinions' geometry or the probe's shifted mesh")
	}
	d := newTestDoc(t)
	a.Load(d)
	a.Refresh()
	o.Update(a.Doc, a.Rev, false)
	p.Update(a.Doc, a.Rev, a.Result.Answer, false)
	if a.Doc.MeshRev == mrev || o.emesh == emesh || p.shifted == shifted {
		t.Fatal("a load kept the mesh revision or the mesh caches")
	}
	if c := change(d, a.History.undo[len(a.History.undo)-1]); c == "" {
		t.Fatal("change does not see a new mesh")
	}
}
