package sweep

import "sweepdbg/geom"
import "github.com/go-gl/mathgl/mgl64"

// SphereSphere returns the first time t in [0, 1] at which two moving
// spheres touch: sphere A with center a0 + t*da and radius ra, sphere B with
// center b0 + t*db and radius rb (all world units). Spheres that already
// touch or overlap at t = 0 report 0.
//
// Following "Simple Intersection Tests for Games" and Real-Time Rendering
// 16.18, the problem is seen from A: B moves by v = db - da relative to A,
// and they touch when |p + t v| = ra + rb with p = b0 - a0. That is the
// swept-circle-vs-vertex quadratic of Rouwé 3.4 with R = ra + rb, solved by
// the same fixed lowestRoot (stable when v is small, 0 when already
// touching). Negative radii count as zero; NaN input reports no contact.
func SphereSphere(a0, da mgl64.Vec3, ra float64, b0, db mgl64.Vec3, rb float64) (t float64, ok bool) {
	r := max(ra, 0) + max(rb, 0)
	p, v := b0.Sub(a0), db.Sub(da)
	if t, ok = lowestRoot(-geom.Dot(v, v), float64(-2*geom.Dot(p, v)), float64(r*r)-geom.Dot(p, p), 1); !ok {
		return 0, false // lowestRoot's t means nothing then
	}
	return t, true
}
