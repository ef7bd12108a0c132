package editor

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// DefaultGrid is the snapping step of Ctrl-drags, world units.
const DefaultGrid = 0.25

// parallelEps is the smallest |cos| between the mouse ray and a drag plane
// (or between the ray and the drag line's perpendicular) that still gives a
// usable intersection: below it the ray grazes the plane and the
// intersection runs off toward infinity, so the drag keeps its last pose.
const parallelEps = 1e-4

// Drag is one drag of a pose's box face, after the collision debugger of
// the course's collide-and-slide slides: the grabbed face picks an axis (face f is perpendicular to
// axis f/2); a plain drag moves the center in the plane through the grab
// point perpendicular to that axis, a Shift-drag moves it along the axis
// (the face's normal line through the grab point).
//
// The zero Drag is not useful; build one with NewDrag.
type Drag struct {
	Face    int        // geom.FaceNegX .. geom.FacePosZ
	Grab    mgl64.Vec3 // world point where the face was grabbed (moved by Rebase)
	Origin  mgl64.Vec3 // the pose's center when Grab was taken
	Initial mgl64.Vec3 // the pose's center when the drag began; Cancel restores it
}

// NewDrag starts a drag of face (geom.FaceNegX..FacePosZ) grabbed at the
// world point grab while the pose's center is at origin. Out-of-range faces
// are clamped into range.
func NewDrag(face int, grab, origin mgl64.Vec3) Drag {
	f := min(max(face, geom.FaceNegX), geom.FacePosZ)
	return Drag{Face: f, Grab: grab, Origin: origin, Initial: origin}
}

// Axis returns the index (0 x, 1 y, 2 z) of the axis the grabbed face is
// perpendicular to.
func (d Drag) Axis() int { return d.Face / 2 }

// Normal returns the unit outward normal of the grabbed face.
func (d Drag) Normal() mgl64.Vec3 {
	var n mgl64.Vec3
	n[d.Axis()] = 1
	if d.Face%2 == 0 {
		n[d.Axis()] = -1
	}
	return n
}

// Move returns the pose's center for the mouse ray r: within the face's
// plane, or along its normal when alongNormal (Shift) is set; with snap
// (Ctrl) the coordinates that move are rounded to multiples of grid (grid
// <= 0 or NaN means DefaultGrid). It reports false when the ray is (nearly)
// parallel to the plane or to the normal line, or hits the plane behind
// the eye; the caller then keeps the pose where it is.
func (d Drag) Move(r geom.Ray, alongNormal, snap bool, grid float64) (mgl64.Vec3, bool) {
	var (
		c  mgl64.Vec3
		ok bool
	)
	if alongNormal {
		c, ok = d.moveAlongNormal(r)
	} else {
		c, ok = d.moveInPlane(r)
	}
	if !ok {
		return d.Origin, false
	}
	if snap {
		c = d.snap(c, alongNormal, grid)
	}
	return c, true
}

// moveInPlane intersects r with the plane through Grab perpendicular to
// the face's axis k: Origin[k] + s*Dir[k] = Grab[k]. The center follows
// the intersection point, so its k-coordinate never changes.
func (d Drag) moveInPlane(r geom.Ray) (mgl64.Vec3, bool) {
	k := d.Axis()
	dir := geom.Normalize(r.Dir)
	if math.Abs(dir[k]) < parallelEps || geom.Len(r.Dir) == 0 {
		return d.Origin, false
	}
	s := (d.Grab[k] - r.Origin[k]) / dir[k]
	if s < 0 {
		return d.Origin, false
	}
	q := r.Origin.Add(geom.Scale(dir, s))
	c := d.Origin.Add(q.Sub(d.Grab))
	c[k] = d.Origin[k] // exact, despite rounding in q
	return c, true
}

// moveAlongNormal finds the point of the normal line L(t) = Grab + t*n
// closest to the ray (the standard closest points of two lines: with
// w = Grab - Origin(ray), b = n·u, d = n·w, e = u·w for unit n and u,
// t = (b*e - d) / (1 - b²)) and moves the center by t*n.
func (d Drag) moveAlongNormal(r geom.Ray) (mgl64.Vec3, bool) {
	if geom.Len(r.Dir) == 0 {
		return d.Origin, false
	}
	n := d.Normal()
	u := geom.Normalize(r.Dir)
	w := d.Grab.Sub(r.Origin)
	b := geom.Dot(n, u)
	denom := 1 - float64(b*b) // sin² of the angle between the line and the ray
	if denom < parallelEps {
		return d.Origin, false
	}
	t := (float64(b*geom.Dot(w, u)) - geom.Dot(n, w)) / denom
	return d.Origin.Add(geom.Scale(n, t)), true
}

// snap rounds the moving coordinates of c to multiples of grid and keeps
// the fixed ones at Origin's values.
func (d Drag) snap(c mgl64.Vec3, alongNormal bool, grid float64) mgl64.Vec3 {
	if !(grid > 0) || math.IsInf(grid, 0) {
		grid = DefaultGrid
	}
	k := d.Axis()
	for i := 0; i < 3; i++ {
		moves := (i == k) == alongNormal
		if moves {
			c[i] = float64(math.Round(c[i]/grid) * grid)
		} else {
			c[i] = d.Origin[i]
		}
	}
	return c
}

// Rebase returns the drag continued from the current center: the grab
// point moves with the pose so that switching between plane and normal
// mode (pressing or releasing Shift mid-drag) does not make the pose jump.
// Cancel still restores the center the drag began with.
func (d Drag) Rebase(current mgl64.Vec3) Drag {
	d.Grab = d.Grab.Add(current.Sub(d.Origin))
	d.Origin = current
	return d
}

// Cancel returns the center the pose had when the drag began (Escape).
func (d Drag) Cancel() mgl64.Vec3 { return d.Initial }
