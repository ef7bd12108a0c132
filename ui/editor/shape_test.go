package editor

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

func TestShapeHandDerived(t *testing.T) {
	// Yaw 90°: body x goes to world -z, body z to world +x.
	e := Shape{Radii: [3]float64{1, 2, 3}, Rot: [3]float64{90, 0, 0}}.Ellipsoid()
	want := [3]mgl64.Vec3{{0, 0, -1}, {0, 2, 0}, {3, 0, 0}}
	for i := range want {
		if !near(e.Axes[i], want[i], 1e-12) {
			t.Errorf("axis %d = %v, want %v", i, e.Axes[i], want[i])
		}
	}
	// Pitch 90° about x: body y goes to world +z.
	e = Shape{Radii: [3]float64{1, 2, 3}, Rot: [3]float64{0, 90, 0}}.Ellipsoid()
	if !near(e.Axes[1], mgl64.Vec3{0, 0, 2}, 1e-12) {
		t.Errorf("pitch: axis 1 = %v, want (0,0,2)", e.Axes[1])
	}
}

// sameEllipsoid compares axes up to sign.
func sameEllipsoid(a, b sweep.Ellipsoid, eps float64) bool {
	for i := range a.Axes {
		if !near(a.Axes[i], b.Axes[i], eps) && !near(a.Axes[i], geom.Scale(b.Axes[i], -1), eps) {
			return false
		}
	}
	return true
}

func TestShapeRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < cases(200, 2000); i++ {
		s := Shape{
			Radii: [3]float64{0.1 + float64(rng.Float64()*3), 0.1 + float64(rng.Float64()*3), 0.1 + float64(rng.Float64()*3)},
			Rot:   [3]float64{float64(rng.Float64()*360) - 180, float64(rng.Float64()*180) - 90, float64(rng.Float64()*360) - 180},
		}
		e := s.Ellipsoid()
		back := shapeOf(e)
		if !sameEllipsoid(back.Ellipsoid(), e, 1e-9) {
			t.Fatalf("round trip %+v -> %+v: axes %v vs %v", s, back, back.Ellipsoid().Axes, e.Axes)
		}
	}
	// A left-handed axis set (third axis flipped) is the same ellipsoid.
	e := sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{1, 0, 0}, {0, 2, 0}, {0, 0, -3}}}
	if got := shapeOf(e); got.Radii != [3]float64{1, 2, 3} || !sameEllipsoid(got.Ellipsoid(), e, 1e-12) {
		t.Fatalf("left-handed: %+v", got)
	}
	// Gimbal lock: pitch ±90°.
	s := Shape{Radii: [3]float64{1, 2, 3}, Rot: [3]float64{30, 90, 40}}
	if back := shapeOf(s.Ellipsoid()); !sameEllipsoid(back.Ellipsoid(), s.Ellipsoid(), 1e-9) {
		t.Fatalf("gimbal lock: %+v", back)
	}
}

func TestShapeValidate(t *testing.T) {
	good := Shape{Radii: [3]float64{1, 1, 1}}
	if err := good.Validate(); err != nil {
		t.Fatal(err)
	}
	bad := []Shape{
		{Radii: [3]float64{0, 1, 1}},
		{Radii: [3]float64{1, -1, 1}},
		{Radii: [3]float64{1, 1, math.NaN()}},
		{Radii: [3]float64{1, 1, math.Inf(1)}},
		{Radii: [3]float64{1, 1, 1}, Rot: [3]float64{math.NaN(), 0, 0}},
	}
	for _, s := range bad {
		if err := s.Validate(); err == nil {
			t.Errorf("%+v: no error", s)
		}
	}
}

// A ray through a pixel-like grid: every ray whose parameter RayEllipsoid
// reports lands on the surface (unit distance in sphere space), and rays
// aimed at the center always hit.
func TestRayEllipsoid(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < cases(200, 3000); i++ {
		s := Shape{
			Radii: [3]float64{0.2 + float64(float64(rng.Float64())*2), 0.2 + float64(float64(rng.Float64())*2), 0.2 + float64(float64(rng.Float64())*2)},
			Rot:   [3]float64{float64(rng.Float64() * 360), float64(rng.Float64()*180) - 90, float64(rng.Float64() * 360)},
		}
		e := s.Ellipsoid()
		c := mgl64.Vec3{float64(rng.Float64()), float64(rng.Float64()), float64(rng.Float64())}
		eye := mgl64.Vec3{10, 3, -7}
		r := geom.Ray{Origin: eye, Dir: c.Sub(eye)}
		sHit, ok := sweep.RayEllipsoid(r, e, c)
		if !ok {
			t.Fatalf("ray at the center missed: %+v", s)
		}
		p := r.At(sHit)
		M := mgl64.Mat3FromCols(e.Axes[0], e.Axes[1], e.Axes[2])
		if d := geom.Len(geom.MulVec3(geom.InvMat3(M), p.Sub(c))); math.Abs(d-1) > 1e-9 {
			t.Fatalf("hit point at sphere-space distance %v", d)
		}
		// A ray offset sideways by more than the largest radius misses.
		side := geom.Scale(geom.Normalize(geom.PlainCross(r.Dir, mgl64.Vec3{0, 1, 0})), 3*2.2)
		if _, ok := sweep.RayEllipsoid(geom.Ray{Origin: eye.Add(side), Dir: r.Dir}, e, c.Add(mgl64.Vec3{})); ok {
			t.Fatalf("ray offset by %v hit", side)
		}
	}
	// Inside: s = 0.
	if s, ok := sweep.RayEllipsoid(geom.Ray{Dir: mgl64.Vec3{1, 0, 0}}, sweep.Sphere(1), mgl64.Vec3{}); !ok || s != 0 {
		t.Fatalf("inside: %v %v", s, ok)
	}
	// Behind the eye: miss.
	if _, ok := sweep.RayEllipsoid(geom.Ray{Origin: mgl64.Vec3{5, 0, 0}, Dir: mgl64.Vec3{1, 0, 0}}, sweep.Sphere(1), mgl64.Vec3{}); ok {
		t.Fatal("sphere behind the ray's origin was hit")
	}
}
