package render

import "github.com/go-gl/mathgl/mgl64"

// Helpers only the tests use (no caller outside the tests).

// ClipNear clips the triangle tri (clip-space corners) against the near
// plane z + w >= 0, before the perspective divide. It writes the kept
// polygon, 0 to 4 vertices in order, into out and returns their count: 0
// when the triangle lies wholly behind the plane, 3 when wholly in front
// (the corners unchanged) and 3 or 4 when cut. A point exactly on the plane
// counts as in front.
func ClipNear(tri [3]mgl64.Vec4, out *[4]mgl64.Vec4) int {
	var a, b clipPoly
	a.n = 3
	for i := range tri {
		a.v[i].P = tri[i]
	}
	a.clipTo(nearPlane, &b)
	for i := 0; i < b.n; i++ {
		out[i] = b.v[i].P
	}
	return b.n
}

// ViewProj returns Proj * View: world to clip space.
func (c Camera) ViewProj() mgl64.Mat4 { return c.Proj().Mul4(c.View()) }

// TriangleCount returns the number of triangles handed to the GPU (after
// culling and clipping).
func (l *drawLists) TriangleCount() int {
	n := 0
	for i := range l.chunks {
		n += (len(l.chunks[i].verts) + len(l.chunks[i].cidx)) / 3
	}
	return n
}
