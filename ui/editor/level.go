package editor

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// Levels from other tools: which way is up, and how big a player is.

// UpAxis is the axis a level file treats as up. The debugger's world is
// Y-up; a Z-up level (Quake-style OBJ) is turned on import.
type UpAxis int

const (
	UpAuto UpAxis = iota // guess from the level (guessUp)
	UpY
	UpZ
)

// String names the axis as the Scene panel and the status line do.
func (u UpAxis) String() string {
	switch u {
	case UpY:
		return "Y"
	case UpZ:
		return "Z"
	}
	return "auto"
}

// guessUp guesses a level's up axis from its faces: floors and ceilings
// are most of a level's horizontal area, so the axis the area-weighted
// normals point along most is up. Ties and empty meshes are Y-up. why
// says what the guess rests on.
func guessUp(m scene.Mesh) (up UpAxis, why string) {
	var sum mgl64.Vec3
	for _, t := range m.Tris() {
		n := geom.Cross(t[1].Sub(t[0]), t[2].Sub(t[0])) // length: twice the area
		for i := range sum {
			sum[i] += math.Abs(n[i])
		}
	}
	total := sum[0] + sum[1] + sum[2]
	if total == 0 || !(sum[2] > sum[1]) {
		return UpY, fmt.Sprintf("%.0f%% of the surface faces ±Y", 100*sum[1]/max(total, 1e-300))
	}
	return UpZ, fmt.Sprintf("%.0f%% of the surface faces ±Z", 100*sum[2]/total)
}

// zUpToYUp turns a Z-up mesh into the Y-up world: (x, y, z) → (x, z, -y),
// a rotation, so the triangles keep their winding. 0 - y, not -y: a
// vertex at y = 0 gets z = 0, not -0 (which an exported fixture would
// spell "-0").
func zUpToYUp(m scene.Mesh) scene.Mesh {
	out := scene.Mesh{Vertices: make([]mgl64.Vec3, len(m.Vertices)), Triangles: m.Triangles}
	for i, v := range m.Vertices {
		out.Vertices[i] = mgl64.Vec3{v[0], v[2], 0 - v[1]}
	}
	return out
}

// playerHeight guesses a player's height in a level's units from its
// size: levels more than 200 units across are taken to be in inch-like
// units (Quake: a player is 56 units tall), smaller ones in metres (1.8).
func playerHeight(b geom.AABB) (h float64, why string) {
	across := math.Max(b.Size()[0], b.Size()[2])
	if across > 200 {
		return 56, fmt.Sprintf("level %.0f units across: inch-like units", across)
	}
	return 1.8, fmt.Sprintf("level %.3g units across: metres", across)
}

// levelGrid is the snap grid for a level whose player is h units tall:
// the power of two nearest h/8 (0.25 for a 1.8 m player, 8 for Quake's
// 56-unit one, its editors' usual grid). A non-positive or non-finite h
// gives DefaultGrid.
func levelGrid(h float64) float64 {
	if !(h > 0) || math.IsInf(h, 0) {
		return DefaultGrid
	}
	return math.Exp2(math.Round(math.Log2(float64(h / 8))))
}

// FitLevel prepares a scene opened from a level file (OBJ, glTF): it
// turns a Z-up level upright (up UpAuto guesses, see guessUp) and gives
// the ellipsoid a player's size (playerHeight: about 0.6 as wide as
// tall), falling from above onto the floor triangle nearest the middle.
// It returns the up axis used and a note for the status line. When a
// capsule or a box is being edited, App.Load turns this player into that
// kind (Doc.WithKind): the capsule of the same height and radius, or the
// box of the same extents.
func FitLevel(s *scene.Scene, up UpAxis) (UpAxis, string) {
	note := ""
	if up == UpAuto {
		var why string
		up, why = guessUp(s.Mesh)
		note = fmt.Sprintf("up axis %s guessed (%s)", up, why)
	} else {
		note = fmt.Sprintf("up axis %s", up)
	}
	if up == UpZ {
		s.Mesh = zUpToYUp(s.Mesh)
	}
	b := geom.EmptyAABB()
	for _, v := range s.Mesh.Vertices {
		b = b.Extend(v)
	}
	target, ok := floorNear(s.Mesh, b.Center())
	if !ok {
		target = b.Center()
	}
	h, why := playerHeight(b)
	r := float64(0.29 * h)
	s.Ellipsoid = sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{r, 0, 0}, {0, float64(h / 2), 0}, {0, 0, r}}}
	s.Start = target.Add(mgl64.Vec3{float64(-h / 2), float64(2 * h), 0})
	s.End = target.Add(mgl64.Vec3{float64(h / 2), 0, 0})
	return up, fmt.Sprintf("%s; player height %s guessed (%s)", note, FormatNum(h), why)
}

// floorNear returns the centroid of the floor triangle nearest to c in x
// and z: a triangle facing up within 45° (a ceiling, whose normal points
// down into the room, is no floor: a pose on it would be outside a closed
// level). A mesh with no such triangle (its winding flipped, say) gets
// one facing down within 45°.
func floorNear(m scene.Mesh, c mgl64.Vec3) (mgl64.Vec3, bool) {
	if g, ok := nearestFacing(m, c, 1); ok {
		return g, true
	}
	return nearestFacing(m, c, -1)
}

// nearestFacing returns the centroid nearest to c in x and z of the
// triangles whose normal is within 45° of (0, dir, 0).
func nearestFacing(m scene.Mesh, c mgl64.Vec3, dir float64) (mgl64.Vec3, bool) {
	best, bestD, ok := mgl64.Vec3{}, math.Inf(1), false
	for _, t := range m.Tris() {
		n := geom.Cross(t[1].Sub(t[0]), t[2].Sub(t[0]))
		if l := geom.Len(n); !(l > 0) || dir*n[1] < math.Sqrt2/2*l { // cos 45°
			continue
		}
		g := geom.Scale(t[0].Add(t[1]).Add(t[2]), 1.0/3)
		if d := math.Hypot(g[0]-c[0], g[2]-c[2]); d < bestD {
			best, bestD, ok = g, d, true
		}
	}
	return best, ok
}
