package render

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// randCamera returns a camera with random target, angles, distance, fov,
// projection and viewport.
func randCamera(rng *rand.Rand) Camera {
	c := NewCamera(200+rng.IntN(1400), 150+rng.IntN(900))
	c.Target = mgl64.Vec3{rng.Float64()*20 - 10, rng.Float64()*20 - 10, rng.Float64()*20 - 10}
	c.Yaw = rng.Float64()*4*math.Pi - 2*math.Pi
	c.Pitch = (rng.Float64()*2 - 1) * math.Pi / 2
	c.Distance = 0.5 + rng.Float64()*50
	c.FovY = 0.2 + rng.Float64()*2
	c.Ortho = rng.IntN(2) == 0
	c.Bounds = geom.AABB{Min: c.Target.Sub(mgl64.Vec3{5, 5, 5}), Max: c.Target.Add(mgl64.Vec3{5, 5, 5})}
	return c
}

// cases returns full, or a tenth of it under -short.
func cases(full int) int {
	if testing.Short() {
		return full / 10
	}
	return full
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func vecNear(a, b mgl64.Vec3, tol float64) bool {
	return near(a[0], b[0], tol) && near(a[1], b[1], tol) && near(a[2], b[2], tol)
}

func TestCameraEyeAndPresets(t *testing.T) {
	c := NewCamera(800, 600)
	c.Target = mgl64.Vec3{1, 2, 3}
	c.Distance = 4
	for _, tc := range []struct {
		p   Preset
		eye mgl64.Vec3
	}{
		{Front, mgl64.Vec3{1, 2, 7}},
		{Side, mgl64.Vec3{5, 2, 3}},
		{Top, mgl64.Vec3{1, 6, 3}},
	} {
		c.SetPreset(tc.p)
		if e := c.Eye(); !vecNear(e, tc.eye, 1e-12) {
			t.Errorf("preset %d: eye %v, want %v", tc.p, e, tc.eye)
		}
		// Target projects to the viewport centre.
		x, y, ok := c.Project(c.Target)
		if !ok || !near(x, 400, 1e-9) || !near(y, 300, 1e-9) {
			t.Errorf("preset %d: target at (%v, %v, %v), want centre", tc.p, x, y, ok)
		}
	}
	// Front view: +x is right, +y is up (smaller pixel y).
	c.SetPreset(Front)
	x, y, _ := c.Project(c.Target.Add(mgl64.Vec3{1, 1, 0}))
	if !(x > 400 && y < 300) {
		t.Errorf("front: +x+y projects to (%v, %v), want right and above centre", x, y)
	}
	// Top view: -z is up on screen, +x right.
	c.SetPreset(Top)
	x, y, _ = c.Project(c.Target.Add(mgl64.Vec3{1, 0, -1}))
	if !(x > 400 && y < 300) {
		t.Errorf("top: +x-z projects to (%v, %v), want right and above centre", x, y)
	}
}

// TestCameraViewMatchesLookAt checks the angle-built view matrix against
// mgl64.LookAtV, an independent construction, away from the poles.
func TestCameraViewMatchesLookAt(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 500; i++ {
		c := randCamera(rng)
		c.Pitch = math.Max(-1.5, math.Min(1.5, c.Pitch))
		want := mgl64.LookAtV(c.Eye(), c.Target, mgl64.Vec3{0, 1, 0})
		if !c.View().ApproxEqualThreshold(want, 1e-9*(1+c.Target.Len()+c.Distance)) {
			t.Fatalf("camera %+v: view\n%v\nwant\n%v", c, c.View(), want)
		}
	}
}

// TestCameraProjectRayRoundTrip: a world point projected to a pixel lies on
// the pick ray through that pixel, and a point on a pixel's ray projects
// back to that pixel.
func TestCameraProjectRayRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := cases(2000)
	for i := 0; i < n; i++ {
		c := randCamera(rng)
		// pixel -> ray -> point -> pixel
		px, py := randPixel(rng, c)
		r := c.Ray(px, py)
		if !near(r.Dir.Len(), 1, 1e-12) {
			t.Fatalf("ray dir not unit: %v", r.Dir)
		}
		p := r.At(c.Distance * (0.1 + rng.Float64()*2))
		x, y, ok := c.Project(p)
		if !ok || !near(x, px, 1e-6) || !near(y, py, 1e-6) {
			t.Fatalf("camera %+v pixel (%v, %v): ray point %v projects to (%v, %v, %v)", c, px, py, p, x, y, ok)
		}
		// point -> pixel -> ray contains point
		q := c.Target.Add(mgl64.Vec3{rng.Float64()*8 - 4, rng.Float64()*8 - 4, rng.Float64()*8 - 4})
		x, y, ok = c.Project(q)
		if !ok {
			continue // behind the eye
		}
		r = c.Ray(x, y)
		s := q.Sub(r.Origin).Dot(r.Dir)
		if d := r.At(s).Sub(q).Len(); d > 1e-7*(1+q.Sub(r.Origin).Len()) {
			t.Fatalf("camera %+v: point %v off its pixel's ray by %v", c, q, d)
		}
	}
}

func TestCameraProjectBehindEye(t *testing.T) {
	c := NewCamera(640, 480)
	c.SetPreset(Front) // eye at (0, 0, 10) looking -z
	if _, _, ok := c.Project(mgl64.Vec3{0, 0, 11}); ok {
		t.Error("a point behind the eye projected ok")
	}
	if _, _, ok := c.Project(mgl64.Vec3{0, 0, 9}); !ok {
		t.Error("a point in front of the eye did not project")
	}
	c.Ortho = true
	if _, _, ok := c.Project(mgl64.Vec3{0, 0, 11}); !ok {
		t.Error("ortho: every point projects")
	}
}

func TestCameraDepthRangeCoversBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 500; i++ {
		c := randCamera(rng)
		n, f := c.DepthRange()
		if !(f > n) || (!c.Ortho && !(n > 0)) {
			t.Fatalf("camera %+v: bad depth range %v, %v", c, n, f)
		}
		vp := c.ViewProj()
		b := c.Bounds
		for k := 0; k < 8; k++ {
			p := mgl64.Vec3{b.Min[0], b.Min[1], b.Min[2]}
			for a := 0; a < 3; a++ {
				if k>>a&1 == 1 {
					p[a] = b.Max[a]
				}
			}
			q := vp.Mul4x1(p.Vec4(1))
			if q[3] <= 0 {
				continue // behind a perspective eye: clipped anyway
			}
			if z := q[2] / q[3]; z < -1 || z > 1 {
				t.Fatalf("camera %+v: corner %v at ndc z %v outside [-1, 1]", c, p, z)
			}
		}
	}
}

func TestCameraOrbitClampsPitch(t *testing.T) {
	c := NewCamera(800, 600)
	c.Orbit(0, 1e6)
	if c.Pitch != math.Pi/2 {
		t.Errorf("pitch %v, want pi/2", c.Pitch)
	}
	c.Orbit(0, -1e6)
	if c.Pitch != -math.Pi/2 {
		t.Errorf("pitch %v, want -pi/2", c.Pitch)
	}
	// Looking straight down the view is still a rotation (no degenerate up).
	v := c.View().Mat3()
	if !near(v.Det(), 1, 1e-12) {
		t.Errorf("view rotation det %v at the pole", v.Det())
	}
	// Dragging right turns the scene right: the camera goes left around the
	// target, so a point between target and eye moves right on screen.
	c = NewCamera(800, 600)
	c.SetPreset(Front)
	p := mgl64.Vec3{0, 0, 2}
	x0, _, _ := c.Project(p)
	c.Orbit(20, 0)
	x1, _, _ := c.Project(p)
	if !(x1 > x0) {
		t.Errorf("orbit right: front point moved from %v to %v, want right", x0, x1)
	}
}

// TestCameraPanFollowsCursor: after Pan(dx, dy) the point that was under
// the cursor at Target's depth is dx, dy pixels further.
func TestCameraPanFollowsCursor(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 200; i++ {
		c := randCamera(rng)
		px, py := randPixel(rng, c)
		p := targetPlanePoint(c, px, py)
		dx, dy := rng.Float64()*100-50, rng.Float64()*100-50
		c.Pan(dx, dy)
		x, y, ok := c.Project(p)
		if !ok || !near(x, px+dx, 1e-6) || !near(y, py+dy, 1e-6) {
			t.Fatalf("pan (%v, %v): point from (%v, %v) now at (%v, %v)", dx, dy, px, py, x, y)
		}
	}
}

// randPixel returns a random point of c's viewport, in pixels.
func randPixel(rng *rand.Rand, c Camera) (x, y float64) {
	return rng.Float64() * float64(c.Width), rng.Float64() * float64(c.Height)
}

// targetPlanePoint returns the world point under pixel (x, y) on the plane
// through Target facing the camera.
func targetPlanePoint(c Camera, x, y float64) mgl64.Vec3 {
	r := c.Ray(x, y)
	_, _, fwd := c.basis()
	s := c.Target.Sub(r.Origin).Dot(fwd) / r.Dir.Dot(fwd)
	return r.At(s)
}

func TestCameraZoomAtKeepsCursorPoint(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 200; i++ {
		c := randCamera(rng)
		px, py := randPixel(rng, c)
		p := targetPlanePoint(c, px, py)
		d0 := c.Distance
		steps := rng.Float64()*6 - 3
		c.ZoomAt(steps, px, py)
		if want := d0 * math.Pow(zoomPerStep, steps); !near(c.Distance, want, 1e-9*want) {
			t.Fatalf("distance %v, want %v", c.Distance, want)
		}
		x, y, ok := c.Project(p)
		if !ok || !near(x, px, 1e-6) || !near(y, py, 1e-6) {
			t.Fatalf("zoom %v at (%v, %v): cursor point moved to (%v, %v)", steps, px, py, x, y)
		}
	}
	c := NewCamera(100, 100)
	c.ZoomAt(1e9, 50, 50)
	if c.Distance != minDistance {
		t.Errorf("zoom in forever: distance %v, want the minimum", c.Distance)
	}
	c.ZoomAt(math.NaN(), 50, 50)
	if c.Distance != minDistance || math.IsNaN(c.Target[0]) {
		t.Error("NaN zoom changed the camera")
	}
}

func TestCameraFrame(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 200; i++ {
		c := randCamera(rng)
		b := geom.AABB{Min: mgl64.Vec3{-1, -2, -3}, Max: mgl64.Vec3{rng.Float64() * 5, rng.Float64(), rng.Float64() * 9}}
		c.Frame(b)
		c.Bounds = b
		for k := 0; k < 8; k++ {
			p := mgl64.Vec3{b.Min[0], b.Min[1], b.Min[2]}
			for a := 0; a < 3; a++ {
				if k>>a&1 == 1 {
					p[a] = b.Max[a]
				}
			}
			x, y, ok := c.Project(p)
			if !ok || x < 0 || y < 0 || x > float64(c.Width) || y > float64(c.Height) {
				t.Fatalf("camera %+v: framed corner %v at (%v, %v, %v), outside the view", c, p, x, y, ok)
			}
		}
	}
	c := NewCamera(100, 100)
	before := c
	c.Frame(geom.EmptyAABB())
	if c != before {
		t.Error("framing an empty box changed the camera")
	}
}

// TestPickPixelOnEllipsoid: the pick ray through the pixel of a visible
// point of an ellipsoid's surface hits the ellipsoid (sweep.RayEllipsoid)
// at that point, and a pixel well outside its silhouette misses it.
func TestPickPixelOnEllipsoid(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	n := cases(1000)
	for i := 0; i < n; i++ {
		c := randCamera(rng)
		e := randEllipsoid(rng)
		center := c.Target.Add(mgl64.Vec3{rng.Float64() - 0.5, rng.Float64() - 0.5, rng.Float64() - 0.5})
		R := e.Extent().Len()
		c.Distance = math.Max(c.Distance, 3*R+center.Sub(c.Target).Len())
		// A surface point: center + M*u for a unit u, kept if it faces the eye.
		u := mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
		m := mgl64.Mat3FromCols(e.Axes[0], e.Axes[1], e.Axes[2])
		p := center.Add(m.Mul3x1(u))
		nrm := m.Inv().Transpose().Mul3x1(u) // surface normal (gradient direction)
		var toEye mgl64.Vec3
		if c.Ortho {
			_, _, fwd := c.basis()
			toEye = fwd.Mul(-1)
		} else {
			toEye = c.Eye().Sub(p)
		}
		if nrm.Normalize().Dot(toEye.Normalize()) < 0.05 {
			continue // on the far side or grazing
		}
		x, y, ok := c.Project(p)
		if !ok {
			t.Fatalf("surface point %v does not project", p)
		}
		r := c.Ray(x, y)
		s, hit := sweep.RayEllipsoid(r, e, center)
		if !hit {
			t.Fatalf("camera %+v: pixel (%v, %v) of surface point %v misses the ellipsoid", c, x, y, p)
		}
		if d := r.At(s).Sub(p).Len(); d > 1e-6*(1+R) {
			t.Fatalf("pick hits %v, %v from the surface point %v", r.At(s), d, p)
		}
		// Three bounding radii to the side of the center, in the view plane.
		right, _, _ := c.basis()
		x, y, ok = c.Project(center.Add(right.Mul(3 * R)))
		if !ok {
			continue
		}
		if _, hit := sweep.RayEllipsoid(c.Ray(x, y), e, center); hit {
			t.Fatalf("camera %+v: pixel (%v, %v) beside the ellipsoid picks it", c, x, y)
		}
	}
}

// randEllipsoid returns an ellipsoid with random orthogonal axes of length
// 0.2 to 2.
func randEllipsoid(rng *rand.Rand) sweep.Ellipsoid {
	q := mgl64.AnglesToQuat(rng.Float64()*6, rng.Float64()*6, rng.Float64()*6, mgl64.XYZ).Mat4().Mat3()
	var e sweep.Ellipsoid
	for k := 0; k < 3; k++ {
		e.Axes[k] = q.Col(k).Mul(0.2 + rng.Float64()*1.8)
	}
	return e
}
