package editor

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// touchTolerance is how close to 1 a pose's unit-sphere distance to a
// triangle must be for the pose to touch it: the core's promised accuracy.
const touchTolerance = 1e-6

// PickTriangle returns the triangle of d's mesh the ray r meets first (the
// core's Mesh.Raycast), and false when it meets none.
func PickTriangle(d Doc, r geom.Ray) (int, bool) {
	if d.Mesh == nil {
		return 0, false
	}
	i, _, ok := d.Mesh.Raycast(r)
	return i, ok
}

// triangleInfo is what the window shows about one triangle: its index,
// corners and unit normal, and each pose of the current motion touching
// it with that pose's unit-sphere distance.
type triangleInfo struct {
	Index    int
	Corners  [3]mgl64.Vec3
	Normal   mgl64.Vec3 // (B-A)×(C-A), normalised; zero for a degenerate triangle
	Touching []poseDist
}

// poseDist is a pose and its unit-sphere distance to a triangle.
type poseDist struct {
	Pose scene.Pose
	Dist float64
}

// InspectTriangle describes triangle i of d's mesh under the answer a for
// d's motion (the contact pose needs a hit, the slide pose the slide);
// ok is false when i is not a valid triangle.
func InspectTriangle(d Doc, a sweep.Answer, i int) (triangleInfo, bool) {
	cs := triangleCorners(d, i)
	if len(cs) != 3 {
		return triangleInfo{}, false
	}
	tri := geom.Triangle{cs[0], cs[1], cs[2]}
	info := triangleInfo{Index: i, Corners: tri}
	if n := geom.PlainCross(tri[1].Sub(tri[0]), tri[2].Sub(tri[0])); geom.Len(n) > 0 {
		info.Normal = geom.Normalize(n)
	}
	for _, p := range posesOf(d, a) {
		if dist := unitDistance(d.Scene.Ellipsoid, p.center, tri); math.Abs(dist-1) <= touchTolerance {
			info.Touching = append(info.Touching, poseDist{p.pose, dist})
		}
	}
	return info, true
}

// placed is a pose and its center.
type placed struct {
	pose   scene.Pose
	center mgl64.Vec3
}

// posesOf lists the poses the view draws for d's motion: start, contact
// (with a hit), slide (where the slide ends, when it touched something)
// and end.
func posesOf(d Doc, a sweep.Answer) []placed {
	s := d.Scene
	out := []placed{{scene.PoseStart, s.Start}}
	if c, ok := a.ContactCenter(s.Start, s.End); ok {
		out = append(out, placed{scene.PoseContact, c})
	}
	if a.Slid && len(a.Slide.Steps) > 0 {
		out = append(out, placed{scene.PoseSlide, a.Slide.Final})
	}
	return append(out, placed{scene.PoseEnd, s.End})
}

// unitDistance is the distance from the ellipsoid e centered at center to
// the triangle in the core's unit-sphere space (the ellipsoid mapped to
// the unit sphere by sweep.Query): 1 is touching, less is overlapping. A
// singular ellipsoid gives +Inf.
func unitDistance(e sweep.Ellipsoid, center mgl64.Vec3, tri geom.Triangle) float64 {
	q := sweep.NewQuery(e, center, mgl64.Vec3{})
	if !q.Valid() {
		return math.Inf(1)
	}
	var u geom.Triangle
	for k, v := range tri {
		u[k] = q.ToUnit(v.Sub(center))
	}
	p, _, _ := geom.ClosestPointTriangle(mgl64.Vec3{}, u)
	return geom.Len(p)
}

// TriangleLines formats a triangle's description for the Result panel and
// the hover tip: index, corners, normal and the poses touching it.
func TriangleLines(info triangleInfo) []string {
	out := []string{fmt.Sprintf("triangle %d", info.Index)}
	for k, v := range info.Corners {
		out = append(out, fmt.Sprintf("  v%d %s", k, Vec(v)))
	}
	out = append(out, "  normal "+Vec(info.Normal))
	if len(info.Touching) == 0 {
		return append(out, "  touched by no pose")
	}
	var names []string
	for _, t := range info.Touching {
		names = append(names, fmt.Sprintf("%s (%.7f)", t.Pose, t.Dist))
	}
	return append(out, "  touched by "+strings.Join(names, ", "))
}

// triangleSelection is the triangle clicked in the view; Valid is false
// when none.
type triangleSelection struct {
	Index int
	Valid bool
}

// SelectTriangle makes triangle i the selected one (ok false clears the
// selection) and says so.
func (a *App) SelectTriangle(i int, ok bool) {
	a.Triangle = triangleSelection{Index: i, Valid: ok}
	if ok {
		a.Say("selected triangle %d", i)
	}
}
