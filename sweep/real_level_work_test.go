package sweep_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// squashed is a level seen from its player ellipsoid: the level scaled on
// each axis by r / (the player's semi-axis along it), r the horizontal
// radius, so that the ellipsoid becomes the sphere of radius r (Rouwé,
// "Collision Detection with Swept Spheres and Ellipsoids", section 4: an
// ellipsoid sweep is a sphere sweep in the space where the ellipsoid is
// a sphere). The sphere there meets the same triangles, at the same
// T, as the ellipsoid does in the level: the same work for both shapes.
type squashed struct {
	mesh           *sweep.Mesh
	ball           sweep.Ellipsoid
	begins, deltas []mgl64.Vec3
}

// squash returns lv squashed (see squashed), and false when the player's
// axes are not along the world's axes (or one is zero). Vertices are rounded to float32
// as the level's own are, so both meshes store them alike and the
// comparison times the shapes, not the vertex format; that moves them
// by at most 2^-24 of their size, which changes no work to speak of.
func squash(lv *realLevel) (squashed, bool) {
	var k mgl64.Vec3
	r := geom.Len(lv.player.Axes[0])
	for i, a := range lv.player.Axes {
		if !(a[i] > 0) || geom.Len(a) != a[i] {
			return squashed{}, false
		}
		k[i] = r / a[i]
	}
	scale := func(p mgl64.Vec3) mgl64.Vec3 { return mgl64.Vec3{p[0] * k[0], p[1] * k[1], p[2] * k[2]} }
	round := func(p mgl64.Vec3) mgl64.Vec3 {
		q := scale(p)
		return mgl64.Vec3{float64(float32(q[0])), float64(float32(q[1])), float64(float32(q[2]))}
	}
	tris := make([]geom.Triangle, len(lv.tris))
	for i, t := range lv.tris {
		tris[i] = geom.Triangle{round(t[0]), round(t[1]), round(t[2])}
	}
	s := squashed{mesh: sweep.NewMesh(tris), ball: sweep.Sphere(r)}
	for i := range lv.begins {
		s.begins = append(s.begins, scale(lv.begins[i]))
		s.deltas = append(s.deltas, scale(lv.deltas[i]))
	}
	return s, true
}

// BenchmarkRealLevelEqualWork times the player ellipsoid's casts on each
// level against the same casts of the sphere on the squashed level
// (squash): the two shapes doing the same geometric work, so the ratio
// of the two is what the ellipsoid's path costs over the sphere's.
// BenchmarkRealLevel's sphere runs casts of its own, placed for a
// shorter shape, which reach fewer triangles.
func BenchmarkRealLevelEqualWork(b *testing.B) {
	for _, lv := range realLevels(b) {
		s, ok := squash(&lv)
		if !ok {
			b.Logf("%s: the player is not axis-aligned; skipped", lv.name)
			continue
		}
		b.Run(lv.name+"/ellipsoid", func(b *testing.B) {
			timeHits(b, lv.begins, lv.deltas, func(begin, delta mgl64.Vec3) (sweep.Hit, bool) {
				return lv.mesh.Sweep(lv.player, begin, delta)
			})
		})
		b.Run(lv.name+"/squashed-sphere", func(b *testing.B) {
			timeHits(b, s.begins, s.deltas, func(begin, delta mgl64.Vec3) (sweep.Hit, bool) {
				return s.mesh.Sweep(s.ball, begin, delta)
			})
		})
	}
}

// TestRealLevelEqualWork checks squash's premise: the sphere on the
// squashed level answers the ellipsoid's casts as the ellipsoid does on
// the level. Not bitwise: squash rounds the vertices to float32, which
// moves a level's coordinates of about 1000 units by up to 6e-5, and a
// pose resting on a floor (most walks start touching) may then start a
// hair apart or into it: one that touches at T = 0 and moves away is a
// hit at T = 0 when touching and a miss when a hair apart (up to 3.9% of
// the casts on LQ_greenwood, whose walks start touching 70% of the time).
// So the test asks for the same hit or miss on at least 95% of the casts
// and T within 1e-3 where both hit, on 99%.
func TestRealLevelEqualWork(t *testing.T) {
	for _, lv := range realLevels(t) {
		s, ok := squash(&lv)
		if !ok {
			continue
		}
		flips, far := 0, 0
		for i := range lv.begins {
			h, hit := lv.mesh.Sweep(lv.player, lv.begins[i], lv.deltas[i])
			g, got := s.mesh.Sweep(s.ball, s.begins[i], s.deltas[i])
			switch {
			case hit != got:
				flips++
			case hit && !(h.T-g.T < 1e-3 && g.T-h.T < 1e-3):
				far++
			}
		}
		n := len(lv.begins)
		if flips*20 > n || far*100 > n {
			t.Errorf("%s: of %d casts, %d hit on one side only and %d differ in T by more than 1e-3", lv.name, n, flips, far)
		}
		t.Logf("%s: of %d casts, %d hit on one side only, %d differ in T by more than 1e-3", lv.name, n, flips, far)
	}
}
