package scene

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// hillHeight is the height (y, world units) of the generated terrain at
// (x, z): three sine waves of different length and direction, so that no
// two neighbouring squares are coplanar and every sweep meets many slightly
// tilted triangles. Amplitudes add up to at most 2.35.
func hillHeight(x, z float64) float64 {
	return float64(1.5*math.Sin(float64(0.21*x))*math.Cos(float64(0.17*z))) +
		float64(0.6*math.Sin(float64(0.53*x)+float64(0.31*z))) +
		float64(0.25*math.Cos(float64(1.3*z)-float64(0.7*x)))
}

// terrainMesh builds the height field of p: (Cells+1)^2 vertices in rows
// of constant z, and two triangles per square, 2*Cells^2 in all.
func terrainMesh(p terrainParams) Mesh {
	n := p.Cells
	step := p.Size / float64(n)
	m := Mesh{
		Vertices:  make([]mgl64.Vec3, 0, (n+1)*(n+1)),
		Triangles: make([][3]int, 0, 2*n*n),
	}
	for i := 0; i <= n; i++ {
		z := float64(-p.Size/2) + float64(float64(i)*step)
		for j := 0; j <= n; j++ {
			x := float64(-p.Size/2) + float64(float64(j)*step)
			m.Vertices = append(m.Vertices, mgl64.Vec3{x, hillHeight(x, z), z})
		}
	}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			a := i*(n+1) + j // (i, j); b = (i, j+1); c = (i+1, j); d = (i+1, j+1)
			b, c, d := a+1, a+n+1, a+n+2
			m.Triangles = append(m.Triangles, [3]int{a, c, b}, [3]int{b, c, d})
		}
	}
	return m
}
