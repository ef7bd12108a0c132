package render

import "github.com/go-gl/mathgl/mgl64"

// Clipping happens in clip space, before the perspective divide, where every
// frustum plane is a linear function of the homogeneous point: a point P is
// on the kept side of plane L when dot(L, P) >= 0, and an edge crosses the
// plane where that dot product, affine along the edge, reaches 0.
var (
	// nearPlane keeps z + w >= 0 (OpenGL clip space: z_ndc >= -1). For a
	// perspective camera it also guarantees w >= near > 0 for the divide.
	nearPlane = mgl64.Vec4{0, 0, 1, 1}
	// guardPlanes keep |x|, |y| <= guardBand*w. Triangles reaching far
	// outside the viewport (typically just in front of the near plane) are
	// cut there, so no screen coordinate handed to the GPU is huge; inside
	// the band nothing is clipped (the rasteriser clips to the viewport).
	guardPlanes = [4]mgl64.Vec4{{1, 0, 0, guardBand}, {-1, 0, 0, guardBand}, {0, 1, 0, guardBand}, {0, -1, 0, guardBand}}
)

// guardBand is the guard band's half-size in viewport half-sizes.
const guardBand = 8

// clipVert is a polygon vertex during clipping: its clip-space position and
// the barycentric weights of the original triangle's corners (the scene
// shader draws edges where a weight reaches 0, so a cut edge must not look
// like a triangle edge).
type clipVert struct {
	P mgl64.Vec4 // clip space
	B mgl64.Vec3 // barycentric weights, summing to 1
}

// maxPoly bounds a clipped triangle's vertex count: each of the five planes
// adds at most one vertex to a convex polygon.
const maxPoly = 3 + 5

// clipPoly is a convex polygon being clipped.
type clipPoly struct {
	v [maxPoly]clipVert
	n int
}

// clipTo writes into out the part of p on the kept side of plane L
// (Sutherland-Hodgman with one plane). A vertex exactly on the plane is
// kept.
func (p *clipPoly) clipTo(L mgl64.Vec4, out *clipPoly) {
	out.n = 0
	for i := 0; i < p.n; i++ {
		a, b := p.v[i], p.v[(i+1)%p.n]
		da, db := L.Dot(a.P), L.Dot(b.P)
		if da >= 0 {
			out.v[out.n] = a
			out.n++
		}
		if (da >= 0) != (db >= 0) {
			// The edge crosses at s where da + s*(db-da) = 0; da != db
			// because exactly one of them is negative.
			s := da / (da - db)
			out.v[out.n] = clipVert{P: a.P.Add(b.P.Sub(a.P).Mul(s)), B: a.B.Add(b.B.Sub(a.B).Mul(s))}
			out.n++
		}
	}
}

// clipTriangle clips the triangle (clip-space corners) against the near
// plane and the guard band, leaving the result in *a (b is scratch). The
// corners carry barycentric weights (1,0,0), (0,1,0), (0,0,1).
func clipTriangle(tri [3]mgl64.Vec4, a, b *clipPoly) {
	a.n = 3
	a.v[0] = clipVert{tri[0], mgl64.Vec3{1, 0, 0}}
	a.v[1] = clipVert{tri[1], mgl64.Vec3{0, 1, 0}}
	a.v[2] = clipVert{tri[2], mgl64.Vec3{0, 0, 1}}
	a.clipTo(nearPlane, b)
	*a, *b = *b, *a
	for _, L := range guardPlanes {
		if a.n == 0 {
			return
		}
		a.clipTo(L, b)
		*a, *b = *b, *a
	}
}

// clipSegment clips the segment a-b (clip space) against the near plane
// and the guard band and reports whether any of it is left; a and b are
// replaced by the kept part's ends.
func clipSegment(a, b *mgl64.Vec4) bool {
	if !clipSegmentTo(nearPlane, a, b) {
		return false
	}
	for _, L := range guardPlanes {
		if !clipSegmentTo(L, a, b) {
			return false
		}
	}
	return true
}

func clipSegmentTo(L mgl64.Vec4, a, b *mgl64.Vec4) bool {
	da, db := L.Dot(*a), L.Dot(*b)
	switch {
	case da < 0 && db < 0:
		return false
	case da < 0:
		*a = a.Add(b.Sub(*a).Mul(da / (da - db)))
	case db < 0:
		*b = b.Add(a.Sub(*b).Mul(db / (db - da)))
	}
	return true
}

// Outcode bits of a clip-space point: which frustum planes it is outside
// of. A triangle whose corners share a bit is wholly outside that plane and
// is culled; one with a corner outside the near plane or the guard band
// (outClip) goes through clipTriangle.
const (
	outLeft uint8 = 1 << iota
	outRight
	outBottom
	outTop
	outNear
	outGuard
)

// outClip is the bits that send a triangle through clipTriangle.
const outClip = outNear | outGuard

// outcode returns the outcode bits of the clip-space point p.
func outcode(p mgl64.Vec4) uint8 {
	var c uint8
	x, y, w := p[0], p[1], p[3]
	if x < -w {
		c |= outLeft
	}
	if x > w {
		c |= outRight
	}
	if y < -w {
		c |= outBottom
	}
	if y > w {
		c |= outTop
	}
	if p[2] < -w {
		c |= outNear
	}
	if x < -guardBand*w || x > guardBand*w || y < -guardBand*w || y > guardBand*w {
		c |= outGuard
	}
	return c
}
