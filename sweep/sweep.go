// Package sweep is the collision core: exact first contact of a swept
// ellipsoid (or sphere) with polygons and triangles, after Rouwé,
// "Collision Detection with Swept Spheres and Ellipsoids"; a bounding volume
// hierarchy over a triangle mesh; and collide-and-slide.
//
// The contract (types, names and meanings) is fixed by docs/contract.md; other tools
// are built against it. Triangles are two-sided. An ellipsoid that already
// touches or overlaps a triangle at the start reports T = 0. Contact means
// that, in the space where the ellipsoid is a unit sphere, the distance from
// the center to the triangle is exactly 1.
//
// The core never panics and never returns NaN, whatever the input: a
// singular or non-finite ellipsoid, non-finite points or a degenerate
// triangle give no hit or a finite one. Ellipsoid.Validate reports what is
// wrong with an ellipsoid, for the user interface and file loaders.
//
// # Where things are
//
// A newcomer who wants to follow one triangle reads reference.go: the
// narrow phase in the paper's order, section by section. Every fast path
// gives its answers bit for bit (the property and level tests).
//
// The single-triangle core (sections 3 to 5 of the paper):
//
//   - sweep.go: the types of the contract (Ellipsoid, Feature, Hit) and
//     this map.
//   - query.go: the set-up of a prepared Query (section 4.1): M's inverse,
//     the normal map, the unit-space motion, the swept box; the accessors.
//   - reference.go: the reference narrow phase (referenceTriangle), read
//     top to bottom like the paper.
//   - narrow.go: the narrow phase as a mesh sweep runs it (Query.Triangle,
//     test, testInBox, afterReach, frame, the plane stage, the face stage,
//     finish), in the order a triangle meets it.
//   - cull.go: the conservative rejections (world box tests, the swept
//     box, missesSlab, outOfReach, circleReach) with the argument that each
//     rejects nothing the reference accepts; b2u.
//   - ellipsoid_triangle.go: EllipsoidTriangle, the one-triangle entry
//     point with its own order of the stages.
//   - circle.go and roots.go: sections 3.1-3.6 (planeSweptSphere, the
//     swept circle, PolygonContains and the closest boundary point,
//     edgeVertex, lowestRoot).
//   - edge3.go, edge3_amd64.go, edge3_amd64.s, edge3_other.go: the edge
//     stage of a triangle with its three vertices and edges in the lanes
//     of AVX2 registers (edgeVertex3, edge3AVX2), bit for bit edgeVertex.
//   - polygon.go: section 4.2, polygons stored as plane + 2D vertices.
//   - sphere.go and ray.go: sphere-sphere sweeps and ray casts.
//   - vec.go: the register-friendly vectors and maps of the hot path.
//
// The other shapes (shape.go: Shape, Capsule, Box; motion.go: Motion,
// Mesh.Cast and its dispatch cast):
//
//   - capsule.go: CapsuleTriangle, the swept capsule as the paper's swept
//     sphere against the Minkowski sum of the triangle and the segment
//     (the caps T ± s, the edge parallelograms, the pierce at t = 0).
//   - box.go: BoxTriangle, separating axes on moving intervals (13 axes)
//     and the contact point by clipping the touching feature.
//   - cast.go: castMesh, the one mesh loop of the capsule and the box
//     (the walk of Sweep, the swept box test, best by T then index).
//
// The mesh:
//
//   - mesh.go: Mesh, its storage (deduplicated vertices, float32 when
//     exact, 8 bytes a triangle: group-relative vertex indices and the
//     original index) and the float32 box test (loadNear).
//   - bvh_build.go: building the tree (binned SAH); bvh.go: the flat,
//     quantized 4-wide tree and its walk (walker), with the Go form of the
//     slab test (enterChildrenGo, nextGo).
//   - bvh_query.go: Mesh.Sweep and Mesh.Raycast: the mesh loop (the
//     comment above sweepNear says why it exists four times and which to
//     change), the best hit (offer) and the T = 0 path (atStart).
//   - leaf4.go, leaf4_amd64.go, leaf4_amd64.s, leaf4_other.go: the AVX2
//     leaf filter (sweepLeaves, leaf4AVX2, and leaf4wide<> for float64
//     vertices): a leaf's box tests, frames, ball early outs and plane
//     slab tests at once, bit for bit those of the scalar loops.
//   - slab4_amd64.go, slab4_amd64.s, slab4_other.go: the slab test of the
//     walk in assembly: slab4 (SSE2), slab4AVX2 and walk4AVX2, the same
//     times as enterChildrenGo; CPU feature detection (useAVX2).
//   - visit.go: VisitedBoxes, the nodes a sweep enters, for viewing.
//   - slide.go: collide-and-slide (Mesh.Slide).
//   - answer.go: Answer, the one outcome type of the project, and
//     Mesh.Answer (a sweep and a slide of one motion).
//
// Package oracle is the independent numeric reference the tests use;
// package unitspace a second, independent algorithm; internal/handcases
// the hand-derived cases both are tested on. testdata holds the fuzz
// corpora and rouwe_ref.cpp, the paper's routines for comparison.
//
// # Build tags and environment
//
// The assembly (leaf4_amd64.s, slab4_amd64.s, edge3_amd64.s and the
// others) is built on amd64 unless the purego tag is given (go test -tags
// purego ./sweep/), which selects the Go forms everywhere (leaf4_other.go,
// slab4_other.go, edge3_other.go), as on other architectures; the answers
// are the same bit for bit. The leaf filter and the edge stage are also
// left out with GOAMD64=v3 or above (see leaf4_amd64.go): there the
// compiler fuses multiply-adds in Go code and the assembly would no
// longer round as it does. At run time the AVX2 forms are used only when
// the CPU and OS support AVX2 (useAVX2).
//
// The package reads no environment variable (none of the project's
// SWEEPDBG_* switches, which belong to the window, package ui). Its tests
// read one: SWEEP_CASTS_DIR, the directory TestExportLevelCasts writes
// the level benchmarks' casts to for tools/joltbench (unset, it is
// skipped).
package sweep

import (
	"sweepdbg/geom"

	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"strconv"
)

// Ellipsoid is three orthogonal semi-axes in world space (lengths in world
// units). It does not rotate while swept. A sphere of radius r is
// Sphere(r).
type Ellipsoid struct {
	Axes [3]mgl64.Vec3
}

// Sphere returns the ellipsoid whose semi-axes are r along x, y and z.
func Sphere(r float64) Ellipsoid {
	return Ellipsoid{Axes: [3]mgl64.Vec3{{r, 0, 0}, {0, r, 0}, {0, 0, r}}}
}

// OrthogonalTolerance is the largest |cos| of the angle between two axes
// that Validate accepts: |a_i·a_j| <= 1e-6 |a_i||a_j|, about 0.2 arc
// seconds, which admits axes rotated by a float32 quaternion or typed with
// six significant digits. The core itself works with any non-singular axes
// (they still map the unit sphere onto an ellipsoid), so this only guards
// against mistakes.
const OrthogonalTolerance = 1e-6

// MinAxis and MaxAxis bound the length of a semi-axis accepted by Validate,
// in world units: their squares and the determinant of the three axes stay
// normal float64 numbers.
const (
	MinAxis = 1e-100
	MaxAxis = 1e100
)

// Validate reports whether the axes describe an ellipsoid: every axis
// finite, of length within [MinAxis, MaxAxis], and every pair orthogonal
// within OrthogonalTolerance. The error names the axis (0, 1, 2) at fault.
func (e Ellipsoid) Validate() error {
	return checkAxes("ellipsoid", e.Axes)
}

// checkAxes is Ellipsoid.Validate and Box.Validate: every axis finite, of
// length within [MinAxis, MaxAxis], and every pair orthogonal within
// OrthogonalTolerance; what names the shape in the error.
func checkAxes(what string, axes [3]mgl64.Vec3) error {
	for i, a := range axes {
		l := axisLen(a)
		switch {
		case math.IsNaN(l) || math.IsInf(l, 0):
			return fmt.Errorf("sweep: %s axis %d = %v is not finite", what, i, a)
		case l == 0:
			return fmt.Errorf("sweep: %s axis %d is zero", what, i)
		case l < MinAxis || l > MaxAxis:
			return fmt.Errorf("sweep: %s axis %d has length %g, outside [%g, %g]", what, i, l, MinAxis, MaxAxis)
		}
	}
	for i := 0; i < 3; i++ {
		a, b := axes[i], axes[(i+1)%3]
		if c := math.Abs(geom.Dot(a, b)) / (geom.Len(a) * geom.Len(b)); c > OrthogonalTolerance {
			return fmt.Errorf("sweep: %s axes %d and %d are not orthogonal (cos of their angle %.3g > %g)", what, i, (i+1)%3, c, OrthogonalTolerance)
		}
	}
	return nil
}

// axisLen is |a| without underflow or overflow in the squares (so that a
// 1e-200 axis is reported as too short rather than zero). A subnormal
// largest component, whose reciprocal overflows, is divided by instead.
func axisLen(a mgl64.Vec3) float64 {
	m := max(math.Abs(a[0]), math.Abs(a[1]), math.Abs(a[2]))
	if m == 0 || math.IsInf(m, 0) || math.IsNaN(m) {
		return m + a[0] + a[1] + a[2] // 0, ±Inf or NaN
	}
	if inv := 1 / m; !math.IsInf(inv, 0) {
		return float64(m * geom.Len(geom.Scale(a, inv)))
	}
	return float64(m * geom.Len(mgl64.Vec3{a[0] / m, a[1] / m, a[2] / m}))
}

// Extent returns the half-size of the ellipsoid's world AABB: along world
// axis k, sqrt(Σ_i a_i[k]²) (the support of M·unit ball in direction k),
// exact for any axes.
func (e Ellipsoid) Extent() mgl64.Vec3 {
	return extent(&mat3{v3p(&e.Axes[0]), v3p(&e.Axes[1]), v3p(&e.Axes[2])}).mgl()
}

// extent is Extent for the axes as the rows of a: on axis k,
// sqrt(a0[k]² + a1[k]² + a2[k]²), summed in that order.
func extent(a *mat3) vec3 {
	return vec3{
		math.Sqrt(float64(a.r0.x*a.r0.x) + float64(a.r1.x*a.r1.x) + float64(a.r2.x*a.r2.x)),
		math.Sqrt(float64(a.r0.y*a.r0.y) + float64(a.r1.y*a.r1.y) + float64(a.r2.y*a.r2.y)),
		math.Sqrt(float64(a.r0.z*a.r0.z) + float64(a.r1.z*a.r1.z) + float64(a.r2.z*a.r2.z)),
	}
}

// Feature is the part of a triangle touched first.
type Feature int

// The features of a triangle, in the order the paper tests them.
const (
	Face Feature = iota
	Edge
	Vertex
)

// String returns "face", "edge" or "vertex" (the fixture format's spelling),
// or "feature(N)" for an out-of-range value.
func (f Feature) String() string {
	switch f {
	case Face:
		return "face"
	case Edge:
		return "edge"
	case Vertex:
		return "vertex"
	}
	return "feature(" + strconv.Itoa(int(f)) + ")"
}

// Hit is a first contact.
type Hit struct {
	T        float64    // first contact, as a fraction of the motion, in [0, 1]
	Point    mgl64.Vec3 // contact point on the triangle, world space
	Normal   mgl64.Vec3 // unit normal of the tangent plane at contact, pointing from the triangle to the ellipsoid's center
	Feature  Feature    // the part of the triangle touched first
	Triangle int        // index into the mesh; 0 for single-triangle queries
}
