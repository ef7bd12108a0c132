// Package handcases is the one table of hand-derived single-triangle
// sweeps that the tests of sweep (the core) and sweep/unitspace (the second
// algorithm) both run: each case's answer is worked out in its comment, not
// taken from either algorithm. Section numbers refer to Rouwé, "Collision
// Detection with Swept Spheres and Ellipsoids". Only tests import it.
package handcases

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// Floor is the triangle most cases use: in the plane y = 0, legs of length
// 4 along +x and +z (the triangle of the fixture example in
// docs/fixture-format.md).
var Floor = geom.Triangle{{0, 0, 0}, {4, 0, 0}, {0, 0, 4}}

// Case is a sweep with its hand-derived answer. T, Point, Normal and
// Feature are meaningful only when Hit is true.
type Case struct {
	Name         string
	E            sweep.Ellipsoid
	Begin, Delta mgl64.Vec3
	Tri          geom.Triangle
	Hit          bool
	T            float64
	Point        mgl64.Vec3
	Normal       mgl64.Vec3
	Feature      sweep.Feature
}

var (
	s3 = math.Sqrt(3)
	s2 = math.Sqrt2
	// squashed has semi-axes 0.5, 2 and 0.5 along x, y and z.
	squashed = sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{0.5, 0, 0}, {0, 2, 0}, {0, 0, 0.5}}}
	// stretchedZ has semi-axes 1, 1 and 2.
	stretchedZ = sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 2}}}
)

// Cases walks through the cases of sections 3 to 5 by hand. The first is
// a plain face contact (tests that need one representative case use it).
var Cases = []Case{
	// 3.1 + 3.3, face: the unit sphere drops from y = 3 by 4; it touches
	// the plane when its center is at y = 1, at t = (3-1)/4, above (1, 0, 1),
	// which is inside the triangle.
	{"face", sweep.Sphere(1), mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -4, 0}, Floor,
		true, 0.5, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, 1, 0}, sweep.Face},
	// The same above (0.25, 0.25), near vertex 0 but inside.
	{"face near a vertex", sweep.Sphere(1), mgl64.Vec3{0.25, 3, 0.25}, mgl64.Vec3{0, -4, 0}, Floor,
		true, 0.5, mgl64.Vec3{0.25, 0, 0.25}, mgl64.Vec3{0, 1, 0}, sweep.Face},
	// Section 4, face: the fixture example's ellipsoid (y semi-axis 1) gives
	// the same contact as the unit sphere.
	{"face ellipsoid", sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{0.5, 0, 0}, {0, 1, 0}, {0, 0, 0.5}}},
		mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -4, 0}, Floor,
		true, 0.5, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, 1, 0}, sweep.Face},
	// The y semi-axis is 2: contact when the center reaches y = 2, a
	// quarter of the way.
	{"face, tall ellipsoid", squashed, mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -4, 0}, Floor,
		true, 0.25, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, 1, 0}, sweep.Face},
	// Face from below (two-sided): same time, normal flipped.
	{"face from below", sweep.Sphere(1), mgl64.Vec3{1, -3, 1}, mgl64.Vec3{0, 4, 0}, Floor,
		true, 0.5, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, -1, 0}, sweep.Face},
	{"face from below near a vertex", sweep.Sphere(1), mgl64.Vec3{0.25, -3, 0.25}, mgl64.Vec3{0, 4, 0}, Floor,
		true, 0.5, mgl64.Vec3{0.25, 0, 0.25}, mgl64.Vec3{0, -1, 0}, sweep.Face},
	// 3.4, vertex: from (-2,-2,-2) toward the origin by (2,2,2); the center
	// is in vertex 0's region throughout and at distance (1-t)·2√3, which is
	// 1 at t = 1 - 1/(2√3).
	{"vertex", sweep.Sphere(1), mgl64.Vec3{-2, -2, -2}, mgl64.Vec3{2, 2, 2}, Floor,
		true, 1 - 1/(2*s3), mgl64.Vec3{}, mgl64.Vec3{-1 / s3, -1 / s3, -1 / s3}, sweep.Vertex},
	// The same in unit-sphere space for the ellipsoid with x semi-axis 2:
	// world begin (-4,-2,-2) maps to (-2,-2,-2). The unit-space normal
	// -(1,1,1)/√3 maps to (M⁻¹)ᵀn ∝ -(1/2, 1, 1), i.e. -(1/3, 2/3, 2/3).
	{"vertex ellipsoid", sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{2, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
		mgl64.Vec3{-4, -2, -2}, mgl64.Vec3{4, 2, 2}, Floor,
		true, 1 - 1/(2*s3), mgl64.Vec3{}, mgl64.Vec3{-1. / 3, -2. / 3, -2. / 3}, sweep.Vertex},
	// In the plane along the diagonal (1, 0, 1) toward vertex 0 from
	// (-3, 0, -3): the distance to the origin is √2·|4t - 3| = 1 at
	// t = (3 - 1/√2)/4.
	{"vertex in the plane", sweep.Sphere(1), mgl64.Vec3{-3, 0, -3}, mgl64.Vec3{4, 0, 4}, Floor,
		true, float64((3 - 1/s2) / 4), mgl64.Vec3{0, 0, 0}, mgl64.Vec3{-1 / s2, 0, -1 / s2}, sweep.Vertex},
	// 3.5, edge: toward the edge (0,0,0)-(4,0,0) from below and behind, at
	// distance (1-t)·2√2 from its line, 1 at t = 1 - 1/(2√2), at x = 2.
	{"edge", sweep.Sphere(1), mgl64.Vec3{2, -2, -2}, mgl64.Vec3{0, 2, 2}, Floor,
		true, 1 - 1/(2*s2), mgl64.Vec3{2, 0, 0}, mgl64.Vec3{0, -1 / s2, -1 / s2}, sweep.Edge},
	// Moving along +z in the plane toward the edge z = 0 (vertex 0 to 1):
	// the cylinder of radius 1 is entered at z = -1, halfway, at x = 2.
	{"edge in the plane", sweep.Sphere(1), mgl64.Vec3{2, 0, -3}, mgl64.Vec3{0, 0, 4}, Floor,
		true, 0.5, mgl64.Vec3{2, 0, 0}, mgl64.Vec3{0, 0, -1}, sweep.Edge},
	// With a z semi-axis of 2 the edge is met at z = -2, a quarter of the way.
	{"edge in the plane, ellipsoid", stretchedZ, mgl64.Vec3{2, 0, -3}, mgl64.Vec3{0, 0, 4}, Floor,
		true, 0.25, mgl64.Vec3{2, 0, 0}, mgl64.Vec3{0, 0, -1}, sweep.Edge},
	// 3.1 with D·N = 0, outside the slab: never touches the plane.
	{"parallel above", sweep.Sphere(1), mgl64.Vec3{-3, 2, 1}, mgl64.Vec3{8, 0, 0}, Floor,
		false, 0, mgl64.Vec3{}, mgl64.Vec3{}, 0},
	// The same, moving on past the triangle.
	{"parallel above, past", sweep.Sphere(1), mgl64.Vec3{-3, 2, 1}, mgl64.Vec3{10, 0, 0}, Floor,
		false, 0, mgl64.Vec3{}, mgl64.Vec3{}, 0},
	// D·N = 0 inside the slab (height 0.5), sliding in from x = -3 toward
	// the edge x = 0: distance to that edge's line sqrt(x² + 0.25) = 1 at
	// x = -√0.75, t = (3 - √0.75)/4; normal (x, 0.5, 0).
	{"parallel in slab", sweep.Sphere(1), mgl64.Vec3{-3, 0.5, 1}, mgl64.Vec3{4, 0, 0}, Floor,
		true, float64((3 - math.Sqrt(0.75)) / 4), mgl64.Vec3{0, 0, 1}, mgl64.Vec3{-math.Sqrt(0.75), 0.5, 0}, sweep.Edge},
	// D·N = 0 at height exactly 1 over the face: touching from the start.
	{"parallel sliding", sweep.Sphere(1), mgl64.Vec3{1, 1, 1}, mgl64.Vec3{1, 0, 0}, Floor,
		true, 0, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, 1, 0}, sweep.Face},
	// Moving away from the plane.
	{"away", sweep.Sphere(1), mgl64.Vec3{1, 2, 1}, mgl64.Vec3{0, 3, 0}, Floor,
		false, 0, mgl64.Vec3{}, mgl64.Vec3{}, 0},
	// Stops 0.5 short of the plane.
	{"short", sweep.Sphere(1), mgl64.Vec3{1, 3, 1}, mgl64.Vec3{0, -1.5, 0}, Floor,
		false, 0, mgl64.Vec3{}, mgl64.Vec3{}, 0},
	// Start overlapping (3.1: t1 = 0; 3.3: the center's projection is
	// inside): T = 0 at the closest point.
	{"start overlapping", sweep.Sphere(1), mgl64.Vec3{1, 0.5, 1}, mgl64.Vec3{0, 5, 0}, Floor,
		true, 0, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, 1, 0}, sweep.Face},
	// The same moving sideways: T = 0 at the center's projection.
	{"start overlapping, sideways", sweep.Sphere(1), mgl64.Vec3{1, 0.5, 1}, mgl64.Vec3{3, 0, 0}, Floor,
		true, 0, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, 1, 0}, sweep.Face},
	// Starts exactly touching, moving away: still T = 0.
	{"start touching", sweep.Sphere(1), mgl64.Vec3{1, 1, 1}, mgl64.Vec3{0, 1, 0}, Floor,
		true, 0, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, 1, 0}, sweep.Face},
	// Start overlapping a vertex, outside the face, moving in (the case
	// the published lowest root tunnels through): T = 0.
	{"start on vertex", sweep.Sphere(1), mgl64.Vec3{-0.5, 0, -0.5}, mgl64.Vec3{2, 0, 2}, Floor,
		true, 0, mgl64.Vec3{}, mgl64.Vec3{-1 / s2, 0, -1 / s2}, sweep.Vertex},
	// Starts overlapping edge 0 from outside the triangle (0.5 beyond it).
	{"start overlapping an edge", sweep.Sphere(1), mgl64.Vec3{2, 0, -0.5}, mgl64.Vec3{0, 0, -1}, Floor,
		true, 0, mgl64.Vec3{2, 0, 0}, mgl64.Vec3{0, 0, -1}, sweep.Edge},
	// The center on the triangle: the face normal against the motion.
	{"center on face", sweep.Sphere(1), mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, -1, 0}, Floor,
		true, 0, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, 1, 0}, sweep.Face},
	// ... and with no motion the triangle's own normal ((B-A)x(C-A) = -y).
	{"center on face, still", sweep.Sphere(1), mgl64.Vec3{1, 0, 1}, mgl64.Vec3{}, Floor,
		true, 0, mgl64.Vec3{1, 0, 1}, mgl64.Vec3{0, -1, 0}, sweep.Face},
	// No motion, not touching: no hit.
	{"no motion", sweep.Sphere(1), mgl64.Vec3{1, 3, 1}, mgl64.Vec3{}, Floor,
		false, 0, mgl64.Vec3{}, mgl64.Vec3{}, 0},
	// A degenerate triangle (a segment along x) is its edges: from y = 3 by
	// -4 onto (1,0,0) at t = 0.5.
	{"collinear", sweep.Sphere(1), mgl64.Vec3{1, 3, 0}, mgl64.Vec3{0, -4, 0},
		geom.Triangle{{0, 0, 0}, {2, 0, 0}, {4, 0, 0}},
		true, 0.5, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 1, 0}, sweep.Edge},
	// All three vertices in one point: a vertex, reached at 2/6.
	{"point", sweep.Sphere(1), mgl64.Vec3{1, 4, 1}, mgl64.Vec3{0, -6, 0},
		geom.Triangle{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}},
		true, 2.0 / 6, mgl64.Vec3{1, 1, 1}, mgl64.Vec3{0, 1, 0}, sweep.Vertex},
	// The same at the height of the floor, reached halfway.
	{"point at y = 0", sweep.Sphere(1), mgl64.Vec3{1, 3, 0}, mgl64.Vec3{0, -4, 0},
		geom.Triangle{{1, 0, 0}, {1, 0, 0}, {1, 0, 0}},
		true, 0.5, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 1, 0}, sweep.Vertex},
	// Far from the origin: the face case moved by 1e5.
	{"face far away", sweep.Sphere(1), mgl64.Vec3{1e5 + 1, 1e5 + 3, 1e5 + 1}, mgl64.Vec3{0, -4, 0},
		geom.Triangle{{1e5, 1e5, 1e5}, {1e5 + 4, 1e5, 1e5}, {1e5, 1e5, 1e5 + 4}},
		true, 0.5, mgl64.Vec3{1e5 + 1, 1e5, 1e5 + 1}, mgl64.Vec3{0, 1, 0}, sweep.Face},
	// Passing beside the triangle: no contact.
	{"miss", sweep.Sphere(1), mgl64.Vec3{10, 3, 10}, mgl64.Vec3{0, -6, 0}, Floor,
		false, 0, mgl64.Vec3{}, mgl64.Vec3{}, 0},
}
