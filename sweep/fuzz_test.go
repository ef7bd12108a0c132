package sweep_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

func vec(x, y, z float64) mgl64.Vec3 { return mgl64.Vec3{x, y, z} }

// checkFuzzHit fails on a hit with T outside [0, 1] or a NaN or infinite
// point or normal, or a normal that is not unit length.
func checkFuzzHit(t *testing.T, h sweep.Hit, ok bool) {
	t.Helper()
	if !ok {
		return
	}
	if !finiteHit(h) || math.Abs(geom.Len(h.Normal)-1) > 1e-9 {
		t.Fatalf("bad hit %+v", h)
	}
}

// FuzzEllipsoidTriangle: for any input, EllipsoidTriangle and the prepared
// path never panic, agree, and report T in [0, 1] with finite, unit data.
func FuzzEllipsoidTriangle(f *testing.F) {
	for _, tc := range tableCases {
		a := tc.E.Axes
		f.Add(a[0][0], a[0][1], a[0][2], a[1][0], a[1][1], a[1][2], a[2][0], a[2][1], a[2][2],
			tc.Begin[0], tc.Begin[1], tc.Begin[2], tc.Delta[0], tc.Delta[1], tc.Delta[2],
			tc.Tri[0][0], tc.Tri[0][1], tc.Tri[0][2], tc.Tri[1][0], tc.Tri[1][1], tc.Tri[1][2], tc.Tri[2][0], tc.Tri[2][1], tc.Tri[2][2])
	}
	f.Fuzz(func(t *testing.T, a00, a01, a02, a10, a11, a12, a20, a21, a22, bx, by, bz, dx, dy, dz,
		p0x, p0y, p0z, p1x, p1y, p1z, p2x, p2y, p2z float64) {
		e := sweep.Ellipsoid{Axes: [3]mgl64.Vec3{vec(a00, a01, a02), vec(a10, a11, a12), vec(a20, a21, a22)}}
		tri := geom.Triangle{vec(p0x, p0y, p0z), vec(p1x, p1y, p1z), vec(p2x, p2y, p2z)}
		begin, delta := vec(bx, by, bz), vec(dx, dy, dz)
		h, ok := sweep.EllipsoidTriangle(e, begin, delta, tri)
		checkFuzzHit(t, h, ok)
		q := sweep.NewQuery(e, begin, delta)
		h2, ok2 := q.Triangle(tri, 1)
		if ok != ok2 || h != h2 {
			t.Fatalf("EllipsoidTriangle %+v %v, Query.Triangle %+v %v", h, ok, h2, ok2)
		}
	})
}

// FuzzPolygon: NewPolygon rejects what it must without panicking, and the
// polygon sweep (section 4 of Rouwé, "Collision Detection with Swept
// Spheres and Ellipsoids") never panics and reports sane hits.
func FuzzPolygon(f *testing.F) {
	f.Add(0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.5, 0.5, 3.0, 0.0, 0.0, -6.0, 1.0, 1.0, 1.0)
	f.Add(0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.5, 0.5, 1e-12, 0.0, 1.0, 0.0, 0.5, 0.5, 0.0, 3.0, 0.0, 0.0, 1.0, 2.0, 0.5)
	f.Fuzz(func(t *testing.T, p0x, p0y, p0z, p1x, p1y, p1z, p2x, p2y, p2z, p3x, p3y, p3z,
		bx, by, bz, dx, dy, dz, r0, r1, r2 float64) {
		pts := []mgl64.Vec3{vec(p0x, p0y, p0z), vec(p1x, p1y, p1z), vec(p2x, p2y, p2z), vec(p3x, p3y, p3z)}
		for n := 3; n <= 4; n++ {
			poly, err := geom.NewPolygon(pts[:n])
			if err != nil {
				continue
			}
			e := sweep.Ellipsoid{Axes: [3]mgl64.Vec3{vec(r0, 0, 0), vec(0, r1, 0), vec(0, 0, r2)}}
			h, ok := sweep.EllipsoidPolygon(e, vec(bx, by, bz), vec(dx, dy, dz), &poly)
			checkFuzzHit(t, h, ok)
			h, ok = sweep.SpherePolygon(&poly, vec(bx, by, bz), vec(dx, dy, dz), r0)
			checkFuzzHit(t, h, ok)
		}
	})
}

// FuzzCapsuleTriangle: for any input, CapsuleTriangle never panics and
// reports T in [0, 1] with a finite point and a finite unit normal.
func FuzzCapsuleTriangle(f *testing.F) {
	f.Add(0.5, 0.0, 0.0, 1.0, 1.0, 1.0, 5.0, 0.0, 0.0, -5.0, 0.0, 0.0, 0.0, 4.0, 0.0, 0.0, 0.0, 4.0, 0.0)
	f.Add(0.5, 0.0, -1.0, -1.0, 2.0, 0.0, 3.0, 0.0, 0.0, -3.0, 0.0, 0.0, 0.0, 4.0, 0.0, 0.0, 0.0, 4.0, 0.0)
	f.Add(0.5, 1.0, 0.0, 0.0, 2.0, -2.0, 0.0, 0.0, 4.0, 0.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 4.0, 0.0, 0.0)
	f.Fuzz(func(t *testing.T, r, sx, sy, sz, bx, by, bz, dx, dy, dz,
		p0x, p0y, p0z, p1x, p1y, p1z, p2x, p2y, p2z float64) {
		c := sweep.Capsule{Radius: r, HalfSegment: vec(sx, sy, sz)}
		tri := geom.Triangle{vec(p0x, p0y, p0z), vec(p1x, p1y, p1z), vec(p2x, p2y, p2z)}
		h, ok := sweep.CapsuleTriangle(c, vec(bx, by, bz), vec(dx, dy, dz), tri)
		checkFuzzHit(t, h, ok)
	})
}

// FuzzBoxTriangle: for any input, BoxTriangle never panics and reports T
// in [0, 1] with a finite point and a finite unit normal.
func FuzzBoxTriangle(f *testing.F) {
	f.Add(0.5, 0.0, 0.0, 0.0, 0.5, 0.0, 0.0, 0.0, 0.5, 1.0, 1.0, 5.0, 0.0, 0.0, -5.0, 0.0, 0.0, 0.0, 4.0, 0.0, 0.0, 0.0, 4.0, 0.0)
	f.Add(0.7071067811865476, 0.0, 0.7071067811865476, 0.0, 1.0, 0.0, -0.7071067811865476, 0.0, 0.7071067811865476,
		0.3, 0.2, 5.0, 0.0, 0.0, -5.0, -2.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 0.0, -2.0)
	f.Add(0.5, 0.0, 0.0, 0.0, 0.5, 0.0, 0.0, 0.0, 0.5, 2.0, 0.2, 5.0, 0.0, 0.0, -5.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 4.0, 0.0, 0.0)
	f.Fuzz(func(t *testing.T, a00, a01, a02, a10, a11, a12, a20, a21, a22, bx, by, bz, dx, dy, dz,
		p0x, p0y, p0z, p1x, p1y, p1z, p2x, p2y, p2z float64) {
		b := sweep.Box{Axes: [3]mgl64.Vec3{vec(a00, a01, a02), vec(a10, a11, a12), vec(a20, a21, a22)}}
		tri := geom.Triangle{vec(p0x, p0y, p0z), vec(p1x, p1y, p1z), vec(p2x, p2y, p2z)}
		h, ok := sweep.BoxTriangle(b, vec(bx, by, bz), vec(dx, dy, dz), tri)
		checkFuzzHit(t, h, ok)
	})
}
