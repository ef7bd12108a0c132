package geom_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

func randUnit(r *rand.Rand) mgl64.Vec3 {
	for {
		v := mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}
		if l := geom.Len(v); l > 1e-3 {
			return geom.Scale(v, 1/l)
		}
	}
}

func randVec(r *rand.Rand, h float64) mgl64.Vec3 {
	return mgl64.Vec3{float64(h * (float64(2*float64(r.Float64())) - 1)), float64(h * (float64(2*float64(r.Float64())) - 1)), float64(h * (float64(2*float64(r.Float64())) - 1))}
}

// TestBasis: (U, V, N) is right-handed and orthonormal for random normals
// and for the axis normals, including -x, where the paper's unsigned
// comparison N_x > N_y divides by zero.
func TestBasis(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	normals := []mgl64.Vec3{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}, {-1, -1, 0}}
	for i := 0; i < 1000; i++ {
		normals = append(normals, randUnit(r))
	}
	for _, n := range normals {
		pl, err := geom.PlaneFromNormal(n, mgl64.Vec3{1, 2, 3})
		if err != nil {
			t.Fatal(err)
		}
		u, v := pl.Basis()
		if math.Abs(geom.Len(u)-1) > 1e-15 || math.Abs(geom.Len(v)-1) > 1e-15 || math.Abs(geom.Dot(u, v)) > 1e-15 ||
			math.Abs(geom.Dot(u, pl.N)) > 1e-15 || geom.Len(geom.PlainCross(u, v).Sub(pl.N)) > 1e-15 {
			t.Fatalf("N=%v: U=%v V=%v is not a right-handed orthonormal basis", pl.N, u, v)
		}
	}
}

// TestPlaneSpace: the conversions of section 2 of Rouwé, "Collision
// Detection with Swept Spheres and Ellipsoids" round-trip, the plane
// origin is -C N, PlaneToWorld agrees with ToWorld, and SignedDistance is
// the distance along N.
func TestPlaneSpace(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 1000; i++ {
		a, b, c := randVec(r, 5), randVec(r, 5), randVec(r, 5)
		pl, err := geom.NewPlane(a, b, c)
		if err != nil {
			continue
		}
		for _, p := range []mgl64.Vec3{a, b, c} {
			if d := pl.SignedDistance(p); math.Abs(d) > 1e-13 {
				t.Fatalf("vertex %v is %v off its plane", p, d)
			}
			q := pl.ToPlane(p)
			if back := pl.ToWorld(q); geom.Len(back.Sub(p)) > 1e-13 {
				t.Fatalf("ToWorld(ToPlane(%v)) = %v", p, back)
			}
			m := geom.MulVec4(pl.PlaneToWorld(), mgl64.Vec4{q[0], q[1], 0, 1})
			if geom.Len(m.Vec3().Sub(p)) > 1e-13 || m[3] != 1 {
				t.Fatalf("PlaneToWorld·%v = %v, want %v", q, m, p)
			}
		}
		if o := pl.ToWorld(mgl64.Vec2{}); geom.Len(o.Sub(geom.Scale(pl.N, -pl.C))) > 1e-15 {
			t.Fatalf("plane origin %v, want -C N", o)
		}
		h := float64(r.Float64() * 3)
		if d := pl.SignedDistance(a.Add(geom.Scale(pl.N, h))); math.Abs(d-h) > 1e-13 {
			t.Fatalf("SignedDistance = %v, want %v", d, h)
		}
		if !pl.N.ApproxEqualThreshold(geom.Normalize(geom.PlainCross(b.Sub(a), c.Sub(a))), 1e-9) {
			t.Fatalf("N = %v is not (b-a)x(c-a) normalised", pl.N)
		}
	}
}

// TestTransformedByInverse: section 4.1's plane transform. Points on the
// plane mapped by M⁻¹ lie on the transformed plane.
func TestTransformedByInverse(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 1000; i++ {
		m := mgl64.Mat3FromCols(randVec(r, 2), randVec(r, 2), randVec(r, 2))
		if math.Abs(geom.Det3(m)) < 1e-2 {
			continue
		}
		pl, err := geom.PlaneFromNormal(randUnit(r), randVec(r, 5))
		if err != nil {
			t.Fatal(err)
		}
		tp, err := pl.TransformedByInverse(m)
		if err != nil {
			t.Fatal(err)
		}
		for j := 0; j < 5; j++ {
			p := pl.ToWorld(mgl64.Vec2{float64(4 * r.Float64()), float64(4 * r.Float64())})
			if d := tp.SignedDistance(geom.MulVec3(geom.InvMat3(m), p)); math.Abs(d) > 1e-10 {
				t.Fatalf("mapped point is %v off the transformed plane", d)
			}
		}
	}
	if _, err := (geom.Plane{N: mgl64.Vec3{0, 0, 1}}).TransformedByInverse(mgl64.Mat3{}); !errors.Is(err, geom.ErrDegenerate) {
		t.Errorf("singular matrix: err = %v", err)
	}
}

func TestPlaneDegenerate(t *testing.T) {
	for _, pts := range [][3]mgl64.Vec3{
		{{0, 0, 0}, {1, 1, 1}, {2, 2, 2}},
		{{1, 2, 3}, {1, 2, 3}, {4, 5, 6}},
		{{math.NaN(), 0, 0}, {1, 0, 0}, {0, 1, 0}},
		{{math.Inf(1), 0, 0}, {1, 0, 0}, {0, 1, 0}},
	} {
		if _, err := geom.NewPlane(pts[0], pts[1], pts[2]); !errors.Is(err, geom.ErrDegenerate) {
			t.Errorf("NewPlane(%v) err = %v, want ErrDegenerate", pts, err)
		}
	}
}

// TestCrossSliver: Cross keeps the normal of a needle-thin triangle far
// from the origin accurate where the plain product loses every digit.
func TestCrossSliver(t *testing.T) {
	// Edges (1, 1, 1) and (1+2⁻⁵⁰, 1, 1): the exact cross product is
	// (0, 2⁻⁵⁰, -2⁻⁵⁰).
	a := mgl64.Vec3{1, 1, 1}
	b := mgl64.Vec3{1 + math.Ldexp(1, -50), 1, 1}
	want := mgl64.Vec3{0, math.Ldexp(1, -50), -math.Ldexp(1, -50)}
	if got := geom.Cross(a, b); got != want {
		t.Errorf("Cross = %v, want %v", got, want)
	}
	// a*b - c*d with a*b and c*d equal up to rounding.
	x := 1 + math.Ldexp(1, -30)
	if got, want := geom.DiffProd(x, x, 1, 1+math.Ldexp(1, -29)), math.Ldexp(1, -60); got != want {
		t.Errorf("DiffProd = %v, want %v", got, want)
	}
}
