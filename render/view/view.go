// Package view holds the settings of the 3D view that need no window:
// which overlays the renderer draws. The editor keeps them in its
// document (so toggling one is an undo step) without importing
// Ebitengine; package render reads them every frame.
package view

// Options are the view toggles of the View panel. The zero value shows
// none of the overlays but the legend; Default shows all of them.
type Options struct {
	Normals   bool // the contact normal arrow (and slide step normals)
	Edges     bool // triangle edges
	Ghosts    bool // a faint ghost ellipsoid at each slide step
	Labels    bool // pose labels with t and feature
	Grid      bool // ground grid and world axes
	BackFaces bool // tint triangles seen from their back
	XRay      bool // hidden parts of poses drawn faintly
	BVH       bool // the mesh tree's boxes the sweep enters before its first contact
	NoLegend  bool // leave the colour legend out (it covers much of a small view)
}

// Default returns every toggle on but BVH (a debugging aid for the core).
func Default() Options {
	return Options{Normals: true, Edges: true, Ghosts: true, Labels: true, Grid: true, BackFaces: true, XRay: true}
}
