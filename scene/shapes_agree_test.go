package scene

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
	"sweepdbg/sweep/convex"
	"sweepdbg/sweep/oracle"
)

// oracleContact is the oracle's first contact of shape s swept from begin
// by delta against one triangle: FirstContact, CapsuleFirstContact or
// BoxFirstContact by the shape's kind.
func oracleContact(s sweep.Shape, begin, delta mgl64.Vec3, tri geom.Triangle) (oracle.Contact, bool) {
	switch s.Kind {
	case sweep.KindCapsule:
		return oracle.CapsuleFirstContact(s.Capsule.Radius, s.Capsule.HalfSegment, begin, delta, tri)
	case sweep.KindBox:
		return oracle.BoxFirstContact(s.Box.Axes, begin, delta, tri)
	}
	return oracle.FirstContact(s.Ellipsoid.Axes, begin, delta, tri)
}

// pointGap is the oracle's signed gap, in shape units, from the surface of
// s centered at center to x (0 on the surface, negative inside). It is
// NaN for an ellipsoid, whose contact point is always unique.
func pointGap(s sweep.Shape, center, x mgl64.Vec3) float64 {
	switch s.Kind {
	case sweep.KindCapsule:
		return oracle.CapsulePointDistance(s.Capsule.Radius, s.Capsule.HalfSegment, center, x)
	case sweep.KindBox:
		return oracle.BoxPointDistance(s.Box.Axes, center, x)
	}
	return math.NaN()
}

// supportFeature is the set of points of a solid farthest along a
// direction: a vertex (dim 0), an edge along dir (dim 1), or a face or
// more (dim 2).
type supportFeature struct {
	dim int
	dir mgl64.Vec3
}

// flat is the relative tolerance under which a direction counts as
// perpendicular to an edge or an axis in uniqueContact.
const flat = 1e-9

// shapeSupport is the feature of s farthest along -n (the side facing the
// triangle when n is the contact normal).
func shapeSupport(s sweep.Shape, n mgl64.Vec3) supportFeature {
	switch s.Kind {
	case sweep.KindCapsule:
		h := s.Capsule.HalfSegment
		if l := geom.Len(h); l > 0 && math.Abs(geom.Dot(h, n)) <= flat*l {
			return supportFeature{1, h}
		}
	case sweep.KindBox:
		f := supportFeature{}
		for _, a := range s.Box.Axes {
			if math.Abs(geom.Dot(a, n)) <= flat*geom.Len(a) {
				f.dim, f.dir = f.dim+1, a
			}
		}
		return f
	}
	return supportFeature{} // a capsule off its side, or a strictly convex ellipsoid
}

// triangleSupport is the feature of tri farthest along n.
func triangleSupport(tri geom.Triangle, n mgl64.Vec3) supportFeature {
	top := max(geom.Dot(tri[0], n), geom.Dot(tri[1], n), geom.Dot(tri[2], n))
	var at []mgl64.Vec3
	for _, v := range tri {
		if top-geom.Dot(v, n) <= flat*(1+geom.Len(v)) {
			at = append(at, v)
		}
	}
	switch len(at) {
	case 1:
		return supportFeature{}
	case 2:
		return supportFeature{1, at[1].Sub(at[0])}
	}
	return supportFeature{dim: 2}
}

// uniqueContact reports whether a shape touching tri with contact normal
// n touches it in one point: the shape's and the triangle's features in
// the contact plane meet in a point when either is a vertex or they are
// edges that cross. A box face on a face, an edge along a face or along a
// parallel edge, or a capsule lying along an edge or a face touch in a
// segment or an area, where any point of it is right (docs/contract.md).
func uniqueContact(s sweep.Shape, n mgl64.Vec3, tri geom.Triangle) bool {
	a, b := shapeSupport(s, n), triangleSupport(tri, n)
	switch {
	case a.dim == 0 || b.dim == 0:
		return true
	case a.dim == 1 && b.dim == 1:
		return geom.Len(geom.Cross(a.dir, b.dir)) > flat*geom.Len(a.dir)*geom.Len(b.dir)
	}
	return false
}

// validContact checks that p is a point where shape s, centered at
// center, touches tri: on the triangle and on the shape's surface, each
// within tol shape units. It returns a description of what is wrong, or "".
func validContact(s sweep.Shape, center, p mgl64.Vec3, tri geom.Triangle, tol float64) string {
	q, _, _ := geom.ClosestPointTriangle(p, tri)
	if d := geom.Len(q.Sub(p)) / s.Unit(); !(d <= tol) {
		return fmt.Sprintf("point %v is %.3g units off the triangle", p, d)
	}
	if g := pointGap(s, center, p); !(math.Abs(g) <= tol) {
		return fmt.Sprintf("point %v is %.3g units off the shape's surface (center %v)", p, g, center)
	}
	return ""
}

// convexShape is s for package convex (ok false for an ellipsoid: the
// second algorithm's ellipsoid is checked elsewhere).
func convexShape(s sweep.Shape) (convex.Shape, bool) {
	switch s.Kind {
	case sweep.KindCapsule:
		return convex.Capsule{Radius: s.Capsule.Radius, HalfSeg: s.Capsule.HalfSegment}, true
	case sweep.KindBox:
		return convex.Box{Axes: s.Box.Axes}, true
	}
	return nil, false
}

// algoHit is one algorithm's first contact over a mesh: T, point, normal,
// and the triangle (the lowest index of those touched first).
type algoHit struct {
	name          string
	t             float64
	point, normal mgl64.Vec3
	triangle      int
}

// earliest runs a one-triangle sweep over the triangles that could be
// touched and keeps the first contact, the lowest index on a tie.
func earliest(name string, tris []geom.Triangle, s sweep.Shape, a, b mgl64.Vec3, one func(geom.Triangle) (algoHit, bool)) (algoHit, bool) {
	best, found := algoHit{name: name, t: math.Inf(1)}, false
	for _, i := range candidates(tris, s, a, b) { // in increasing order
		if h, ok := one(tris[i]); ok && h.t < best.t {
			h.name, h.triangle = name, i
			best, found = h, true
		}
	}
	return best, found
}

// TestBuiltinShapesThreeAgree: for every built-in scene whose shape is a
// capsule or a box, the core (Mesh.Cast), the second algorithm (package
// convex, conservative advancement on GJK) and the oracle (bisection on
// the exact distance) give the same first contact: T within 1e-6 shape
// units of travel, and, where the contact is unique, points and normals
// within 1e-5 shape units; where it is not (a box face on a face), each
// point is a valid contact and the normals still agree.
func TestBuiltinShapesThreeAgree(t *testing.T) {
	const tolT, tolP = 1e-6, 1e-5
	checked := 0
	for _, name := range Builtins() {
		s, err := Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		cs, ok := convexShape(s.Shape)
		if !ok {
			continue
		}
		checked++
		t.Run(name, func(t *testing.T) {
			tris, delta, unit := s.Mesh.Tris(), s.Delta(), s.Shape.Unit()
			core, okCore := sweep.NewMesh(tris).Cast(s.Shape, s.Start, delta)
			second, okSecond := earliest("convex", tris, s.Shape, s.Start, s.End, func(tri geom.Triangle) (algoHit, bool) {
				h, ok := convex.Sweep(cs, s.Start, delta, tri)
				return algoHit{t: h.T, point: h.Point, normal: h.Normal}, ok
			})
			ref, okRef := earliest("oracle", tris, s.Shape, s.Start, s.End, func(tri geom.Triangle) (algoHit, bool) {
				c, ok := oracleContact(s.Shape, s.Start, delta, tri)
				return algoHit{t: c.T, point: c.Point, normal: c.Normal}, ok
			})
			if okCore != okSecond || okCore != okRef {
				t.Fatalf("hit: core %v, convex %v, oracle %v", okCore, okSecond, okRef)
			}
			if !okCore {
				return
			}
			hits := []algoHit{{"core", core.T, core.Point, core.Normal, core.Triangle}, second, ref}
			center := s.At(ref.t)
			unique := uniqueContact(s.Shape, ref.normal, tris[ref.triangle])
			for _, h := range hits {
				t.Logf("%-6s t %.15g point %v normal %v triangle %d", h.name, h.t, h.point, h.normal, h.triangle)
				if d := math.Abs(h.t-ref.t) * geom.Len(delta) / unit; !(d <= tolT) {
					t.Errorf("%s: t %.15g, oracle %.15g: %.3g shape units of travel apart", h.name, h.t, ref.t, d)
				}
				if d := geom.Len(h.normal.Sub(ref.normal)); !(d <= tolP) {
					t.Errorf("%s: normal %v, oracle %v", h.name, h.normal, ref.normal)
				}
				if unique {
					if d := geom.Len(h.point.Sub(ref.point)) / unit; !(d <= tolP) {
						t.Errorf("%s: point %v, oracle %v: %.3g shape units apart (the contact is unique)", h.name, h.point, ref.point, d)
					}
				} else if msg := validContact(s.Shape, center, h.point, tris[h.triangle], tolP); msg != "" {
					t.Errorf("%s: %s", h.name, msg)
				}
			}
			t.Logf("contact unique: %v", unique)
		})
	}
	if checked < 3 {
		t.Errorf("%d built-in scenes with a capsule or a box, want at least 3", checked)
	}
}
