package render

import (
	"testing"

	"sweepdbg/render/view"
)

// With the BVH toggle the view draws the tree boxes the sweep enters,
// root first, walked again only when the motion changes.
func TestBuildBVH(t *testing.T) {
	f := coreFrame(t, "terrain")
	cam := FitView(f, 1280, 800)
	var l drawLists
	l.Build(f, cam, view.Default())
	plain := len(l.ovs)
	opt := view.Default()
	opt.BVH = true
	l.Build(f, cam, opt)
	if len(l.bvh) < 2 || l.bvh[0].depth != 0 {
		t.Fatalf("%d boxes, want the root and more", len(l.bvh))
	}
	if len(l.ovs) <= plain {
		t.Errorf("%d overlays with the tree boxes, %d without: none drawn", len(l.ovs), plain)
	}
	first := &l.bvh[0]
	l.Build(f, cam, opt)
	if &l.bvh[0] != first {
		t.Errorf("the boxes were walked again for an unchanged motion")
	}
}
