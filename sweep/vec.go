package sweep

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// vec3 is the core's internal 3-vector. mgl64.Vec3 is an array, and the Go
// compiler keeps arrays of more than one element in memory; a struct of
// three float64 lives in registers. The public API stays mgl64; conversion
// happens at its edges.
//
// It pays for itself. Measured with Go 1.26 on a shared 2-core machine,
// this file against the same code with vec3 defined as mgl64.Vec3 and its
// methods calling mgl64's, test binaries run alternately (2 rounds of
// -count 3), CPU time per call: BenchmarkEllipsoidTriangle 75 ns against
// 377 ns, BenchmarkQueryTriangle 51 ns against 266 ns,
// BenchmarkSweepTerrain 3.9 µs against 16 µs per query (sphere) and 3.4
// µs against 14 µs (ellipsoid): about 4 to 5 times faster.
type vec3 struct{ x, y, z float64 }

func v3(v mgl64.Vec3) vec3        { return vec3{v[0], v[1], v[2]} }
func (a vec3) mgl() mgl64.Vec3    { return mgl64.Vec3{a.x, a.y, a.z} }
func (a vec3) add(b vec3) vec3    { return vec3{a.x + b.x, a.y + b.y, a.z + b.z} }
func (a vec3) sub(b vec3) vec3    { return vec3{a.x - b.x, a.y - b.y, a.z - b.z} }
func (a vec3) mul(s float64) vec3 { return vec3{float64(a.x * s), float64(a.y * s), float64(a.z * s)} }
func (a vec3) dot(b vec3) float64 { return float64(a.x*b.x) + float64(a.y*b.y) + float64(a.z*b.z) }
func (a vec3) lenSq() float64     { return a.dot(a) }
func (a vec3) length() float64    { return math.Sqrt(a.dot(a)) }
func (a vec3) isZero() bool       { return a == vec3{} }
func (a vec3) madd(b vec3, s float64) vec3 {
	return vec3{a.x + float64(b.x*s), a.y + float64(b.y*s), a.z + float64(b.z*s)}
}

// cross is the plain cross product a x b.
func (a vec3) cross(b vec3) vec3 {
	return vec3{float64(a.y*b.z) - float64(a.z*b.y), float64(a.z*b.x) - float64(a.x*b.z), float64(a.x*b.y) - float64(a.y*b.x)}
}

// crossExact is a x b with every component accurate to about an ulp
// (geom.DiffProd), for the normal of sliver triangles (see geom.Cross).
func (a vec3) crossExact(b vec3) vec3 {
	return vec3{
		geom.DiffProd(a.y, b.z, a.z, b.y),
		geom.DiffProd(a.z, b.x, a.x, b.z),
		geom.DiffProd(a.x, b.y, a.y, b.x),
	}
}

// finite reports whether no component is NaN or ±Inf.
// unit returns a/|a| for any finite non-zero a. Where |a|² would underflow
// or overflow (components beyond about 1e±150, as for a triangle 1e-200 in
// size) the components are first divided by the largest magnitude, so the
// direction survives; in the ordinary range it is the plain a·(1/|a|).
// Zero stays zero.
func (a vec3) unit() vec3 {
	if l := a.length(); l > 1e-150 && l < 1e150 {
		return a.mul(1 / l)
	}
	m := max(math.Abs(a.x), math.Abs(a.y), math.Abs(a.z))
	if !(m > 0) {
		return a
	}
	a = vec3{a.x / m, a.y / m, a.z / m}
	return a.mul(1 / a.length())
}

func (a vec3) finite() bool { return a.x-a.x == 0 && a.y-a.y == 0 && a.z-a.z == 0 }

// mat3 is a 3x3 matrix stored as rows, for the same reason as vec3.
type mat3 struct{ r0, r1, r2 vec3 }

// apply returns m·v.
func (m *mat3) apply(v vec3) vec3 { return vec3{m.r0.dot(v), m.r1.dot(v), m.r2.dot(v)} }

// applyT returns mᵀ·v.
func (m *mat3) applyT(v vec3) vec3 { return m.r0.mul(v.x).add(m.r1.mul(v.y)).add(m.r2.mul(v.z)) }

// lin3 is a linear map of the narrow phase (world to unit-sphere space,
// or a plane normal's map) that knows when it is diagonal. Every player
// shape a game sweeps is upright, so its M, and every map made from it,
// is diagonal; then apply is three products instead of nine and six
// sums. The off-diagonal terms it skips are zeros (of either sign) times
// finite coordinates, which add nothing but the sign of a zero: a
// diagonal map gives the full product's bits except that a zero
// coordinate may be -0 where the full sum gives +0. No answer depends on
// the sign of a zero (the narrow phase only compares, and divides by
// nothing that can be zero), and every path through the core uses the
// same apply, so a mesh sweep, EllipsoidTriangle and the exact stages
// still agree bit for bit (the property and level tests).
type lin3 struct {
	mat3
	diag bool // the off-diagonal entries are zero: d holds the diagonal
	d    vec3
}

// setRows sets m to the matrix with rows r0, r1 and r2, in place (a lin3
// is 13 words: building one and copying it cost the single-triangle
// entry as much as its arithmetic).
func (m *lin3) setRows(r0, r1, r2 vec3) {
	m.r0, m.r1, m.r2 = r0, r1, r2
	m.setDiag(r0, r1, r2)
}

// setDiag sets diag and d from the matrix's rows r0, r1 and r2, passed as
// values so that a caller holding them in registers need not read them
// back (shape.invert).
func (m *lin3) setDiag(r0, r1, r2 vec3) {
	m.diag = r0.y == 0 && r0.z == 0 && r1.x == 0 && r1.z == 0 && r2.x == 0 && r2.y == 0
	m.d = vec3{r0.x, r1.y, r2.z}
}

// apply returns m·v. (The hot paths, Query.frame and triFrame.plane,
// branch on diag themselves: this is not inlined.)
func (m *lin3) apply(v vec3) vec3 {
	if m.diag {
		return m.d.scale(v)
	}
	return m.mat3.apply(v)
}

// absSum is Σ|a_k|, at least |a|: a length for margins without a square
// root.
func (a vec3) absSum() float64 { return abs(a.x) + abs(a.y) + abs(a.z) }

// absDot is Σ|a_k b_k|, the magnitude the rounding of a·b scales with.
func (a vec3) absDot(b vec3) float64 {
	return abs(float64(a.x*b.x)) + abs(float64(a.y*b.y)) + abs(float64(a.z*b.z))
}

// onAxis reports whether at least two coordinates are zero (of either
// sign).
func (a vec3) onAxis() bool { return b2u(a.x == 0)+b2u(a.y == 0)+b2u(a.z == 0) >= 2 }

// below reports whether every coordinate's magnitude is below lim (false
// for a NaN).
func (a vec3) below(lim float64) bool { return abs(a.x) < lim && abs(a.y) < lim && abs(a.z) < lim }

// scale returns a scaled by b component by component: a diagonal
// matrix with diagonal a applied to b.
func (a vec3) scale(b vec3) vec3 {
	return vec3{float64(a.x * b.x), float64(a.y * b.y), float64(a.z * b.z)}
}

// v3p is v3 through a pointer: an array passed by value is copied to the
// stack first, which costs more than the arithmetic on the hot path.
func v3p(v *mgl64.Vec3) vec3 { return vec3{v[0], v[1], v[2]} }
