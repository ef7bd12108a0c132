package render

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestClipNearSimpleCases(t *testing.T) {
	front := [3]mgl64.Vec4{{0, 0, 0, 1}, {1, 0, 0, 1}, {0, 1, 0, 1}}
	var out [4]mgl64.Vec4
	if n := ClipNear(front, &out); n != 3 || out[0] != front[0] || out[1] != front[1] || out[2] != front[2] {
		t.Errorf("triangle in front: %d %v", n, out)
	}
	behind := [3]mgl64.Vec4{{0, 0, -2, 1}, {1, 0, -3, 1}, {0, 1, -2, 1}}
	if n := ClipNear(behind, &out); n != 0 {
		t.Errorf("triangle behind: %d vertices kept", n)
	}
	// One corner behind (z + w = -1) and two in front (z + w = 1): a quad
	// whose new corners are the edges' midpoints, by hand.
	one := [3]mgl64.Vec4{{0, 0, -2, 1}, {2, 0, 0, 1}, {0, 2, 0, 1}}
	n := ClipNear(one, &out)
	want := []mgl64.Vec4{{1, 0, -1, 1}, {2, 0, 0, 1}, {0, 2, 0, 1}, {0, 1, -1, 1}}
	if n != 4 {
		t.Fatalf("one corner behind: %d vertices, want 4", n)
	}
	for i := range want {
		if !out[i].ApproxEqual(want[i]) {
			t.Errorf("one corner behind: vertex %d = %v, want %v", i, out[i], want[i])
		}
	}
	// Two corners behind: a smaller triangle.
	two := [3]mgl64.Vec4{{0, 0, 0, 1}, {2, 0, -4, 1}, {0, 2, -4, 1}}
	n = ClipNear(two, &out)
	want = []mgl64.Vec4{{0, 0, 0, 1}, {0.5, 0, -1, 1}, {0, 0.5, -1, 1}} // z+w goes 1 -> -3: cut at a quarter
	if n != 3 {
		t.Fatalf("two corners behind: %d vertices, want 3", n)
	}
	for i := range want {
		if !out[i].ApproxEqual(want[i]) {
			t.Errorf("two corners behind: vertex %d = %v, want %v", i, out[i], want[i])
		}
	}
}

// TestClipNearProperty compares the clipped polygon with an independent
// oracle: a random point of the triangle (barycentric sample) lies in front
// of the near plane exactly when it lies inside the clipped polygon, tested
// in the triangle's barycentric (u, v) plane.
func TestClipNearProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	n := cases(3000)
	r := func() float64 { return rng.Float64()*4 - 2 }
	for c := 0; c < n; c++ {
		tri := [3]mgl64.Vec4{}
		for i := range tri {
			tri[i] = mgl64.Vec4{r(), r(), r(), 0.1 + rng.Float64()*2}
		}
		var a, b clipPoly
		a.n = 3
		a.v[0] = clipVert{tri[0], mgl64.Vec3{1, 0, 0}}
		a.v[1] = clipVert{tri[1], mgl64.Vec3{0, 1, 0}}
		a.v[2] = clipVert{tri[2], mgl64.Vec3{0, 0, 1}}
		a.clipTo(nearPlane, &b)
		var out [4]mgl64.Vec4
		if n := ClipNear(tri, &out); n != b.n {
			t.Fatalf("ClipNear kept %d, clipTo %d", n, b.n)
		}
		for i := 0; i < b.n; i++ {
			v := b.v[i]
			if d := nearDistOf(v.P); d < -1e-12 {
				t.Fatalf("case %d: kept vertex %v behind the plane (%v)", c, v.P, d)
			}
			// The position is the barycentric combination of the corners.
			p := tri[0].Mul(v.B[0]).Add(tri[1].Mul(v.B[1])).Add(tri[2].Mul(v.B[2]))
			if !p.ApproxEqualThreshold(v.P, 1e-9) {
				t.Fatalf("case %d: vertex %v is not its weights' point %v", c, v.P, p)
			}
		}
		for k := 0; k < 50; k++ {
			u, w := rng.Float64(), rng.Float64()
			if u+w > 1 {
				u, w = 1-u, 1-w
			}
			p := tri[0].Mul(1 - u - w).Add(tri[1].Mul(u)).Add(tri[2].Mul(w))
			d := nearDistOf(p)
			if d > -1e-9 && d < 1e-9 {
				continue // on the plane: either answer is right
			}
			if in := inConvex2D(&b, u, w); in != (d > 0) {
				t.Fatalf("case %d: point (%v, %v) front=%v but inside clipped=%v", c, u, w, d > 0, in)
			}
		}
	}
}

func nearDistOf(p mgl64.Vec4) float64 { return nearPlane.Dot(p) }

// inConvex2D reports whether (u, w) lies inside the clipped polygon drawn
// in barycentric coordinates (B[1], B[2]), whichever its orientation.
func inConvex2D(p *clipPoly, u, w float64) bool {
	if p.n < 3 {
		return false
	}
	pos, neg := false, false
	for i := 0; i < p.n; i++ {
		a, b := p.v[i].B, p.v[(i+1)%p.n].B
		cr := (b[1]-a[1])*(w-a[2]) - (b[2]-a[2])*(u-a[1])
		if cr > 1e-12 {
			pos = true
		}
		if cr < -1e-12 {
			neg = true
		}
	}
	return !(pos && neg)
}

// TestClipTriangleCamera: triangles around a real camera, after clipping,
// divide safely (w >= near) and stay within the guard band.
func TestClipTriangleCamera(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	n := cases(2000)
	for c := 0; c < n; c++ {
		cam := randCamera(rng)
		cam.Ortho = false
		near, _ := cam.DepthRange()
		pr := cam.projector()
		var tri [3]mgl64.Vec4
		for i := range tri {
			p := cam.Eye().Add(mgl64.Vec3{rng.Float64()*20 - 10, rng.Float64()*20 - 10, rng.Float64()*20 - 10})
			tri[i] = pr.clip(p)
		}
		var a, b clipPoly
		clipTriangle(tri, &a, &b)
		for i := 0; i < a.n; i++ {
			q := a.v[i].P
			if q[3] < near*(1-1e-9) {
				t.Fatalf("case %d: clipped vertex w %v below near %v", c, q[3], near)
			}
			x, y := q[0]/q[3], q[1]/q[3]
			if x < -guardBand-1e-6 || x > guardBand+1e-6 || y < -guardBand-1e-6 || y > guardBand+1e-6 {
				t.Fatalf("case %d: clipped vertex ndc (%v, %v) outside the guard band", c, x, y)
			}
		}
	}
}

func TestClipSegment(t *testing.T) {
	a, b := mgl64.Vec4{0, 0, -3, 1}, mgl64.Vec4{0, 0, 1, 1} // z+w: -2 and 2
	if !clipSegment(&a, &b) || !a.ApproxEqual(mgl64.Vec4{0, 0, -1, 1}) || b != (mgl64.Vec4{0, 0, 1, 1}) {
		t.Errorf("crossing segment clipped to %v %v", a, b)
	}
	a, b = mgl64.Vec4{0, 0, -3, 1}, mgl64.Vec4{0, 0, -2, 1}
	if clipSegment(&a, &b) {
		t.Error("segment behind the near plane kept")
	}
}
