package editor

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// The precision probe moves the whole scene (mesh, start and end) by
// Offset·(1,1,1) on a copy, runs the core there, maps the answer back by
// subtracting the offset and shows how far it drifted from the answer at
// the origin. The 3D view keeps showing the scene at the origin.

// maxProbeOffset is the largest offset along (1,1,1) the probe accepts.
const maxProbeOffset = 1e7

// ProbeResult is the core's answer on the shifted copy, mapped back, and
// its drift from the unshifted answer.
type ProbeResult struct {
	Offset        float64 // the shift along each axis, world units
	HasHit        bool    // the shifted sweep found a contact
	HitChanged    bool    // ... while the unshifted one did not, or the other way round
	T             float64 // the shifted T
	DT            float64 // shifted T - unshifted T
	Point         mgl64.Vec3
	DPoint        float64 // |shifted point - offset - unshifted point|, world units
	Final         mgl64.Vec3
	DFinal        float64 // the same for the slide's final center
	Triangle      int
	TriangleMoved bool // the shifted hit names another triangle
}

// probeCache caches the shifted mesh (rebuilt when the Doc's mesh, its
// MeshRev, or the offset changes) and the last result (recomputed when
// App.Rev changes).
type probeCache struct {
	Offset float64 // requested shift along (1,1,1), in [0, maxProbeOffset]

	meshRev uint64      // the Doc.MeshRev the shifted mesh was built from
	meshOff float64     // the offset the shifted mesh was built with
	shifted *sweep.Mesh // the mesh moved by meshOff
	rev     uint64      // the App.Rev Result is for
	ran     bool        // Result (or Skipped) is for rev and resOff
	resOff  float64
	Result  *ProbeResult // nil when off (Offset 0) or skipped
	Skipped string       // why Result is nil on a large mesh
}

// SetOffset sets the probe's offset; it must be finite and in [0,
// maxProbeOffset].
func (p *probeCache) SetOffset(x float64) error {
	if !(x >= 0 && x <= maxProbeOffset) {
		return fmt.Errorf("probe offset %g: must be in [0, %g]", x, maxProbeOffset)
	}
	p.Offset = x
	return nil
}

// Update computes the probe for d at revision rev and base (the core's
// unshifted answer for d) when the revision or the offset changed; force
// computes it even on a mesh above opinionsAutoLimit triangles.
func (p *probeCache) Update(d Doc, rev uint64, base sweep.Answer, force bool) {
	if d.Scene == nil || d.Mesh == nil || p.Offset == 0 {
		p.Result, p.Skipped, p.ran = nil, "", false
		return
	}
	if p.ran && rev == p.rev && p.resOff == p.Offset && (p.Result != nil || !force) {
		return
	}
	p.ran, p.rev, p.resOff, p.Result, p.Skipped = true, rev, p.Offset, nil, ""
	if n := len(d.Scene.Mesh.Triangles); n > opinionsAutoLimit && !force {
		p.Skipped = fmt.Sprintf("probe skipped: %d triangles; press Probe", n)
		return
	}
	off := mgl64.Vec3{p.Offset, p.Offset, p.Offset}
	if p.meshRev != d.MeshRev || p.meshOff != p.Offset || p.shifted == nil {
		tris := d.Scene.Mesh.Tris()
		moved := make([]geom.Triangle, len(tris))
		for i, t := range tris {
			moved[i] = geom.Triangle{t[0].Add(off), t[1].Add(off), t[2].Add(off)}
		}
		p.meshRev, p.meshOff, p.shifted = d.MeshRev, p.Offset, sweep.NewMesh(moved)
	}
	p.Result = probe(p.shifted, d, off, base)
}

// probe runs the sweep and the slide on the shifted mesh and compares.
func probe(shifted *sweep.Mesh, d Doc, off mgl64.Vec3, base sweep.Answer) *ProbeResult {
	m := motionOf(d.Scene)
	m.Start, m.End = m.Start.Add(off), m.End.Add(off)
	a := shifted.Answer(m)
	hit, ok := a.First, a.Hit
	r := &ProbeResult{Offset: off[0], HasHit: ok, HitChanged: ok != base.Hit}
	r.Final = a.Slide.Final.Sub(off)
	r.DFinal = geom.Len(r.Final.Sub(base.Slide.Final))
	if ok {
		r.T, r.Point, r.Triangle = hit.T, hit.Point.Sub(off), hit.Triangle
	}
	if ok && base.Hit {
		r.DT = hit.T - base.First.T
		r.DPoint = geom.Len(r.Point.Sub(base.First.Point))
		r.TriangleMoved = hit.Triangle != base.First.Triangle
	} else {
		r.DT, r.DPoint = math.NaN(), math.NaN()
	}
	return r
}

// ProbeLines formats the probe for its panel.
func ProbeLines(p *probeCache) []string {
	if p.Offset == 0 {
		return []string{"offset 0: probe off"}
	}
	if p.Result == nil {
		if p.Skipped != "" {
			return []string{p.Skipped}
		}
		return nil
	}
	r := p.Result
	out := []string{fmt.Sprintf("scene moved by %.4g on each axis", r.Offset)}
	switch {
	case r.HitChanged && r.HasHit:
		out = append(out, "shifted: a hit where the origin has none!")
	case r.HitChanged:
		out = append(out, "shifted: no hit where the origin has one!")
	}
	if r.HasHit {
		out = append(out, fmt.Sprintf("t %.6f (drift %+.2e)", r.T, r.DT))
		out = append(out, fmt.Sprintf("point drift %.2e", r.DPoint))
		if r.TriangleMoved {
			out = append(out, fmt.Sprintf("hit triangle changed to %d", r.Triangle))
		}
	}
	out = append(out, fmt.Sprintf("slide final drift %.2e", r.DFinal))
	return out
}
