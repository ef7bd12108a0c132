package geom

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Invert inverts matrices of any scale, including the semi-axes of tiny
// ellipsoids where mgl64's Inv returns the zero matrix, and refuses
// singular or non-finite ones.
func TestInvertAnyScale(t *testing.T) {
	base := mgl64.Mat3FromCols(mgl64.Vec3{2, 0.5, 0}, mgl64.Vec3{0, 1, 0.25}, mgl64.Vec3{0.1, 0, 3})
	for _, s := range []float64{1e-110, 1e-6, 1e-4, 1, 1e5, 1e100} {
		m := base.Mul(s)
		inv, ok := Invert(m)
		if !ok {
			t.Fatalf("scale %g: refused", s)
		}
		id := m.Mul3(inv)
		for i, x := range mgl64.Ident3() {
			if math.Abs(id[i]-x) > 1e-12 {
				t.Fatalf("scale %g: m·inv = %v", s, id)
			}
		}
	}
	if (InvMat3(base.Mul(1e-4)) != mgl64.Mat3{}) {
		t.Log("mgl64's Inv no longer zeroes tiny matrices; Invert is still needed for 1e-110")
	}
	singular := mgl64.Mat3FromCols(mgl64.Vec3{1, 0, 0}, mgl64.Vec3{2, 0, 0}, mgl64.Vec3{0, 0, 1})
	nan := base
	nan[4] = math.NaN()
	for name, m := range map[string]mgl64.Mat3{"singular": singular, "zero": {}, "NaN": nan, "Inf": base.Mul(math.Inf(1))} {
		if _, ok := Invert(m); ok {
			t.Errorf("%s matrix inverted", name)
		}
	}
}
