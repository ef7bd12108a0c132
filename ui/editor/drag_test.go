package editor

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// randRay returns a ray from a random eye in a 20-unit cube through a
// random target near the origin.
func randRay(rng *rand.Rand) geom.Ray {
	eye := mgl64.Vec3{float64(rng.Float64()*20) - 10, float64(rng.Float64()*20) - 10, float64(rng.Float64()*20) - 10}
	target := mgl64.Vec3{float64(rng.Float64()*4) - 2, float64(rng.Float64()*4) - 2, float64(rng.Float64()*4) - 2}
	return geom.Ray{Origin: eye, Dir: target.Sub(eye)}
}

func randDrag(rng *rand.Rand) Drag {
	origin := mgl64.Vec3{float64(float64(rng.Float64())*2) - 1, float64(float64(rng.Float64())*2) - 1, float64(float64(rng.Float64())*2) - 1}
	grab := origin.Add(mgl64.Vec3{float64(rng.Float64()) - 0.5, float64(rng.Float64()) - 0.5, float64(rng.Float64()) - 0.5})
	return NewDrag(rng.IntN(6), grab, origin)
}

func cases(short, full int) int {
	if testing.Short() {
		return short
	}
	return full
}

// A face-plane drag keeps the center's coordinate along the face's axis
// and puts the grab point exactly under the mouse ray.
func TestDragInPlaneStaysInPlane(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	moved := 0
	for i := 0; i < cases(200, 5000); i++ {
		d := randDrag(rng)
		r := randRay(rng)
		c, ok := d.Move(r, false, false, 0)
		if !ok {
			continue
		}
		moved++
		k := d.Axis()
		if c[k] != d.Origin[k] {
			t.Fatalf("face %d: axis %d coordinate changed %v -> %v", d.Face, k, d.Origin[k], c[k])
		}
		// The grab point moved by the same offset lies on the ray.
		q := d.Grab.Add(c.Sub(d.Origin))
		if dist := distToLine(q, r); dist > 1e-9*(1+geom.Len(r.Origin)) {
			t.Fatalf("face %d: moved grab point %v is %g off the mouse ray", d.Face, q, dist)
		}
	}
	if moved < cases(100, 2500) {
		t.Fatalf("only %d of the drags moved", moved)
	}
}

// A Shift-drag moves only along the face's normal, to the point of the
// normal line nearest the ray: the segment between the two is
// perpendicular to both.
func TestDragAlongNormal(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	moved := 0
	for i := 0; i < cases(200, 5000); i++ {
		d := randDrag(rng)
		r := randRay(rng)
		c, ok := d.Move(r, true, false, 0)
		if !ok {
			continue
		}
		moved++
		k := d.Axis()
		for j := 0; j < 3; j++ {
			if j != k && c[j] != d.Origin[j] {
				t.Fatalf("face %d: axis %d moved in a normal drag: %v -> %v", d.Face, j, d.Origin, c)
			}
		}
		// Closest point q on the line; p the closest point on the ray's line.
		q := d.Grab.Add(c.Sub(d.Origin))
		u := geom.Normalize(r.Dir)
		p := r.Origin.Add(geom.Scale(u, geom.Dot(q.Sub(r.Origin), u)))
		gap := q.Sub(p)
		if math.Abs(geom.Dot(gap, d.Normal())) > 1e-7*(1+geom.Len(gap)+geom.Len(r.Origin)) {
			t.Fatalf("face %d: gap %v not perpendicular to the normal", d.Face, gap)
		}
	}
	if moved < cases(100, 2500) {
		t.Fatalf("only %d of the drags moved", moved)
	}
}

// Hand-derived cases: looking straight down onto the +y face.
func TestDragHandDerived(t *testing.T) {
	d := NewDrag(geom.FacePosY, mgl64.Vec3{1, 2, 3}, mgl64.Vec3{1, 1, 3})
	// Ray straight down through (4, *, -2): the plane y=2 is hit at (4,2,-2);
	// the center moves by (3, 0, -5).
	c, ok := d.Move(geom.Ray{Origin: mgl64.Vec3{4, 10, -2}, Dir: mgl64.Vec3{0, -1, 0}}, false, false, 0)
	if !ok || !near(c, mgl64.Vec3{4, 1, -2}, 1e-12) {
		t.Fatalf("plane drag: got %v %v, want (4,1,-2)", c, ok)
	}
	// The same ray is parallel to the normal line (y): no move.
	if _, ok := d.Move(geom.Ray{Origin: mgl64.Vec3{4, 10, -2}, Dir: mgl64.Vec3{0, -1, 0}}, true, false, 0); ok {
		t.Fatal("normal drag along a ray parallel to the normal should not move")
	}
	// A horizontal ray along x at height 5 crossing z=3: closest point of the
	// line x=1,z=3 is y=5, so the center rises by 3.
	c, ok = d.Move(geom.Ray{Origin: mgl64.Vec3{-10, 5, 3}, Dir: mgl64.Vec3{1, 0, 0}}, true, false, 0)
	if !ok || !near(c, mgl64.Vec3{1, 4, 3}, 1e-12) {
		t.Fatalf("normal drag: got %v %v, want (1,4,3)", c, ok)
	}
	// A horizontal ray is parallel to the plane y=2: no move.
	if _, ok := d.Move(geom.Ray{Origin: mgl64.Vec3{-10, 5, 3}, Dir: mgl64.Vec3{1, 0, 0}}, false, false, 0); ok {
		t.Fatal("plane drag along a ray parallel to the plane should not move")
	}
	// A ray pointing away from the plane hits it behind the eye.
	if _, ok := d.Move(geom.Ray{Origin: mgl64.Vec3{4, 10, -2}, Dir: mgl64.Vec3{0, 1, 0}}, false, false, 0); ok {
		t.Fatal("plane behind the eye should not move the pose")
	}
}

func TestDragSnap(t *testing.T) {
	d := NewDrag(geom.FaceNegZ, mgl64.Vec3{0.1, 0.2, -0.5}, mgl64.Vec3{0.1, 0.2, 0.3})
	r := geom.Ray{Origin: mgl64.Vec3{1.13, 0.61, 10}, Dir: mgl64.Vec3{0, 0, -1}}
	c, ok := d.Move(r, false, true, 0) // unsnapped: (1.13, 0.61, 0.3)
	if !ok || !near(c, mgl64.Vec3{1.25, 0.5, 0.3}, 1e-12) {
		t.Fatalf("snapped plane drag: got %v, want (1.25, 0.5, 0.3)", c)
	}
	c, _ = d.Move(r, false, true, 0.1)
	if !near(c, mgl64.Vec3{1.1, 0.6, 0.3}, 1e-12) {
		t.Fatalf("snapped to 0.1: got %v, want (1.1, 0.6, 0.3)", c)
	}
	// Along the normal (z): ray along x at z = 1.9 → unsnapped z = 0.3+2.4=2.7... snapped 2.75.
	c, ok = d.Move(geom.Ray{Origin: mgl64.Vec3{-5, 0.2, 1.9}, Dir: mgl64.Vec3{1, 0, 0}}, true, true, 0)
	if !ok || !near(c, mgl64.Vec3{0.1, 0.2, 2.75}, 1e-12) {
		t.Fatalf("snapped normal drag: got %v, want (0.1, 0.2, 2.75)", c)
	}
}

func TestDragCancelAndRebase(t *testing.T) {
	start := mgl64.Vec3{1, 1, 1}
	d := NewDrag(geom.FacePosY, mgl64.Vec3{1, 2, 1}, start)
	ray := geom.Ray{Origin: mgl64.Vec3{3, 5, 4}, Dir: mgl64.Vec3{0, -1, -0.5}}
	c, ok := d.Move(ray, false, false, 0) // plane y=2 at s=3: (3, 2, 2.5)
	if !ok || !near(c, mgl64.Vec3{3, 1, 2.5}, 1e-12) {
		t.Fatalf("got %v, want (3, 1, 2.5)", c)
	}
	d2 := d.Rebase(c)
	// Right after a rebase the grab point is on the ray, so the same ray in
	// normal mode leaves the pose put.
	c2, ok := d2.Move(ray, true, false, 0)
	if !ok || !near(c2, c, 1e-12) {
		t.Fatalf("after rebase: got %v, want %v", c2, c)
	}
	if d2.Cancel() != start || d.Cancel() != start {
		t.Fatalf("cancel restores %v / %v, want %v", d2.Cancel(), d.Cancel(), start)
	}
}

func distToLine(p mgl64.Vec3, r geom.Ray) float64 {
	u := geom.Normalize(r.Dir)
	w := p.Sub(r.Origin)
	return geom.Len(w.Sub(geom.Scale(u, geom.Dot(w, u))))
}

// near compares vectors component-wise with an absolute tolerance.
func near(a, b mgl64.Vec3, eps float64) bool {
	for i := range a {
		if math.Abs(a[i]-b[i]) > eps {
			return false
		}
	}
	return true
}
