package geom

import "github.com/go-gl/mathgl/mgl64"

// Helpers only the tests use (no caller outside the tests).

// NewPlane returns the plane through a, b and c whose normal is
// (b-a) x (c-a) normalised, so that a, b, c are counter-clockwise seen from
// the side N points to. It returns ErrDegenerate when the three points span
// no plane (zero-area triangle, or a non-finite coordinate).
func NewPlane(a, b, c mgl64.Vec3) (Plane, error) {
	return PlaneFromNormal(Cross(b.Sub(a), c.Sub(a)), a)
}

// PlaneToWorld returns the matrix M_plane->world of section 4.1, whose
// columns are U, V, N and the plane origin -C N: it maps (x, y, 0, 1) in
// plane space to the world point ToWorld((x, y)).
func (pl Plane) PlaneToWorld() mgl64.Mat4 {
	u, v := pl.Basis()
	o := Scale(pl.N, -pl.C)
	return mgl64.Mat4FromCols(u.Vec4(0), v.Vec4(0), pl.N.Vec4(0), o.Vec4(1))
}
