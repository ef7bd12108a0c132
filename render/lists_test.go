package render

import (
	"image"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/geom"
	"sweepdbg/render/view"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// TestZeta: the reversed depth is 1 - window z (checked against the
// projection matrix directly), 1 on the near plane and 0 on the far plane.
func TestZeta(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for i := 0; i < 500; i++ {
		c := randCamera(rng)
		pr := c.projector()
		n, f := c.DepthRange()
		_, _, fwd := c.basis()
		for _, d := range []float64{n, f, n + (f-n)*rng.Float64()} {
			p := c.Eye().Add(fwd.Mul(d))
			q := c.ViewProj().Mul4x1(p.Vec4(1))
			want := 1 - (q[2]/q[3]+1)/2
			if got := pr.zeta(pr.clip(p)); !near(got, want, 1e-9) {
				t.Fatalf("camera %+v depth %v: zeta %v, want %v", c, d, got, want)
			}
		}
		if z := pr.zeta(pr.clip(c.Eye().Add(fwd.Mul(n)))); !near(z, 1, 1e-9) {
			t.Fatalf("zeta at the near plane %v, want 1", z)
		}
		if z := pr.zeta(pr.clip(c.Eye().Add(fwd.Mul(f)))); !near(z, 0, 1e-9) {
			t.Fatalf("zeta at the far plane %v, want 0", z)
		}
	}
}

// triScene is a scene of the given triangles with the poses far away.
func triScene(tris ...geom.Triangle) *scene.Scene {
	sc := &scene.Scene{Motion: sweep.Motion{Shape: sweep.EllipsoidShape(sweep.Sphere(0.5)), Start: mgl64.Vec3{0, 0, -50}, End: mgl64.Vec3{0, 0, -60}}}
	for _, tri := range tris {
		n := len(sc.Mesh.Vertices)
		sc.Mesh.Vertices = append(sc.Mesh.Vertices, tri[:]...)
		sc.Mesh.Triangles = append(sc.Mesh.Triangles, [3]int{n, n + 1, n + 2})
	}
	return sc
}

// TestBuildCullsAndClips: a triangle in view is emitted whole, one behind
// the eye is dropped, one through the eye's plane is clipped (every kept
// vertex in front of the near plane), one off to the side is culled.
func TestBuildCullsAndClips(t *testing.T) {
	cam := frontCam(400, 300) // eye at (0, 0, 10) looking -z
	inView := geom.Triangle{{-1, -1, 0}, {1, -1, 0}, {0, 1, 0}}
	behind := geom.Triangle{{-1, -1, 20}, {1, -1, 20}, {0, 1, 20}}
	through := geom.Triangle{{-1, -1, 0}, {1, -1, 0}, {0, -1, 30}}
	aside := geom.Triangle{{100, 0, 0}, {101, 0, 0}, {100, 1, 0}}
	f := &Frame{Scene: triScene(inView, behind, through, aside)}
	var l drawLists
	opt := view.Default()
	opt.Grid = false
	l.Build(f, cam, opt)
	c := &l.chunks[0]
	if len(l.chunks) != 1 || len(c.verts) != 3 {
		t.Fatalf("%d chunks, unclipped vertices %d; want 1 chunk with the 3 of the triangle in view", len(l.chunks), len(c.verts))
	}
	if len(c.cidx) < 3 {
		t.Fatalf("clipped triangle indices: %d, want the clipped triangle", len(c.cidx))
	}
	for _, v := range c.cverts {
		if v.Custom0 > 1+1e-6 || v.Custom0 < 0 {
			t.Errorf("clipped vertex depth %v outside [0, 1] (behind the near plane?)", v.Custom0)
		}
	}
	if got, want := l.TriangleCount(), 1+len(c.cidx)/3; got != want {
		t.Errorf("TriangleCount %d, want %d", got, want)
	}
	// The triangle in view: its vertices are its corners' pixels.
	for j, p := range inView {
		x, y, _ := cam.Project(p)
		if v := c.verts[j]; !near(float64(v.DstX), x, 1e-3) || !near(float64(v.DstY), y, 1e-3) {
			t.Errorf("vertex %d at (%v, %v), want (%v, %v)", j, v.DstX, v.DstY, x, y)
		}
	}
}

// TestBuildReusesTriangles: with the camera and mesh unchanged the scene
// vertices are not rebuilt; moving the camera or loading another mesh
// rebuilds them.
func TestBuildReusesTriangles(t *testing.T) {
	cam := frontCam(400, 300)
	f := &Frame{Scene: triScene(geom.Triangle{{-1, -1, 0}, {1, -1, 0}, {0, 1, 0}})}
	var l drawLists
	opt := view.Default()
	l.Build(f, cam, opt)
	before := l.tris[0]
	l.tris[0].DstX = -12345 // a rebuild would overwrite this
	f.Answer.Hit = true     // the hit changes every frame; the triangles do not depend on it
	l.Build(f, cam, opt)
	if l.tris[0].DstX != -12345 {
		t.Error("camera unchanged: triangles were rebuilt")
	}
	cam.Orbit(5, 0)
	l.Build(f, cam, opt)
	if l.tris[0].DstX == -12345 || l.tris[0] == before {
		t.Error("camera moved: triangles were not rebuilt")
	}
	l.tris[0].DstX = -12345
	f.Scene = triScene(geom.Triangle{{-1, -1, 0}, {1, -1, 0}, {0, 1, 0}})
	l.Build(f, cam, opt)
	if l.tris[0].DstX == -12345 {
		t.Error("new mesh: triangles were not rebuilt")
	}
}

// TestBuildHighlightAndFlags: the hit triangle is queued again with the
// hit flag; a triangle seen from behind carries the back flag.
func TestBuildHighlightAndFlags(t *testing.T) {
	cam := frontCam(400, 300)
	front := geom.Triangle{{-1, -1, 0}, {1, -1, 0}, {0, 1, 0}} // counter-clockwise from +z
	back := geom.Triangle{{2, -1, 0}, {2, 1, 0}, {3, -1, 0}}   // clockwise from +z
	f := &Frame{Scene: triScene(front, back), Answer: sweep.Answer{Hit: true, First: sweep.Hit{Triangle: 1}}}
	var l drawLists
	l.Build(f, cam, view.Default())
	if l.tris[0].ColorA != flagFront || l.tris[3].ColorA != flagBack {
		t.Errorf("flags %v, %v; want front, back", l.tris[0].ColorA, l.tris[3].ColorA)
	}
	if len(l.htriIdx) != 3 || l.htris[0].ColorA != flagHit {
		t.Fatalf("highlight: %d indices, flag %v", len(l.htriIdx), l.htris)
	}
	x, _, _ := cam.Project(back[0])
	if !near(float64(l.htris[0].DstX), x, 1e-3) {
		t.Errorf("highlight is not the hit triangle: x %v, want %v", l.htris[0].DstX, x)
	}
	f.Answer.First.Triangle = 7 // out of range: nothing, no panic
	l.Build(f, cam, view.Default())
	if len(l.htriIdx) != 0 {
		t.Error("out-of-range hit triangle highlighted")
	}
}

// TestBuildLabelsAndMessage: the contact label carries the t-value and the
// feature; without contact the view says so.
func TestBuildLabelsAndMessage(t *testing.T) {
	cam := frontCam(400, 300)
	f := wallFrame(mgl64.Vec3{0, 0, 2})
	f.Scene.End = mgl64.Vec3{0, 0, -2}
	var l drawLists
	l.Build(f, cam, view.Default())
	if l.message != "no contact" {
		t.Errorf("message %q without a hit, want \"no contact\"", l.message)
	}
	f.Answer.Hit = true
	f.Answer.First = sweep.Hit{T: 0.42131, Point: mgl64.Vec3{0, 0, 0}, Normal: mgl64.Vec3{0, 0, 1}, Feature: sweep.Edge}
	f.Answer.Slide = sweep.SlideResult{Steps: []sweep.SlideStep{{Hit: f.Answer.First, Contact: mgl64.Vec3{0, 0, 0.8}}}, Final: mgl64.Vec3{0.5, 0, 0.8}}
	l.Build(f, cam, view.Default())
	if l.message != "" {
		t.Errorf("message %q with a hit", l.message)
	}
	var texts []string
	for _, lb := range l.labels {
		texts = append(texts, lb.text)
	}
	all := strings.Join(texts, "|")
	for _, want := range []string{"start", "end", "contact  t = 0.4213  edge", "slide  1 contact"} {
		if !strings.Contains(all, want) {
			t.Errorf("labels %q lack %q", all, want)
		}
	}
	opt := view.Default()
	opt.Labels = false
	l.Build(f, cam, opt)
	if len(l.labels) != 0 {
		t.Errorf("labels off: %d labels", len(l.labels))
	}
}

func TestNearestFeature(t *testing.T) {
	tri := geom.Triangle{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}}
	for _, tc := range []struct {
		p          mgl64.Vec3
		edge, vert int
	}{
		{mgl64.Vec3{2, -0.1, 0}, 0, 0},  // below edge 0-1, nearer vertex 0 (tie broken low)
		{mgl64.Vec3{2.2, 2.1, 0}, 1, 1}, // on the hypotenuse 1-2, nearer vertex 1
		{mgl64.Vec3{-0.1, 3, 1}, 2, 2},  // beside edge 2-0, nearest vertex 2
	} {
		if e := nearestEdge(tri, tc.p); e != tc.edge {
			t.Errorf("point %v: nearest edge %d, want %d", tc.p, e, tc.edge)
		}
		if v := nearestVertex(tri, tc.p); v != tc.vert {
			t.Errorf("point %v: nearest vertex %d, want %d", tc.p, v, tc.vert)
		}
	}
}

// TestPoseBox: the box of an ellipsoid rotated 45 degrees about z, by hand:
// axes (a, a, 0)/sqrt2, (-b, b, 0)/sqrt2, (0, 0, c) give half-extents
// sqrt((a^2+b^2)/2) in x and y and c in z.
func TestPoseBox(t *testing.T) {
	a, b, c := 2.0, 1.0, 0.5
	r := 1 / math.Sqrt2
	e := sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{a * r, a * r, 0}, {-b * r, b * r, 0}, {0, 0, c}}}
	box := PoseBox(sweep.EllipsoidShape(e), mgl64.Vec3{1, 2, 3})
	h := math.Sqrt((a*a + b*b) / 2)
	want := geom.AABB{Min: mgl64.Vec3{1 - h, 2 - h, 3 - c}, Max: mgl64.Vec3{1 + h, 2 + h, 3 + c}}
	if !vecNear(box.Min, want.Min, 1e-12) || !vecNear(box.Max, want.Max, 1e-12) {
		t.Errorf("PoseBox %v, want %v", box, want)
	}
}

// TestFitViewAvoidsWalls: with a wall between NewCamera's direction and
// the start pose, FitView turns to a direction from which no pose is
// hidden, and every pose is on screen.
func TestFitViewAvoidsWalls(t *testing.T) {
	base := NewCamera(800, 600)
	eyeDir := base.Eye().Normalize() // from the origin toward the default eye
	// A big wall facing the default eye, 1.5 units toward it.
	u := eyeDir.Cross(mgl64.Vec3{0, 1, 0}).Normalize()
	v := u.Cross(eyeDir)
	c := eyeDir.Mul(1.5).Add(u.Mul(0.7)) // off-centre: the ray crosses no edge
	corner := func(su, sv float64) mgl64.Vec3 { return c.Add(u.Mul(su * 4)).Add(v.Mul(sv * 4)) }
	sc := triScene(geom.Triangle{corner(-1, -1), corner(1, -1), corner(1, 1)}, geom.Triangle{corner(-1, -1), corner(1, 1), corner(-1, 1)})
	sc.Start, sc.End = mgl64.Vec3{0, 0, 0}, mgl64.Vec3{0.5, 0, 0}
	f := &Frame{Scene: sc}
	if n := hiddenPoses(base.Eye(), []mgl64.Vec3{sc.Start}, sc.Mesh.Tris()); n != 1 {
		t.Fatalf("test setup: the wall should hide the start from the default eye (hidden %d)", n)
	}
	cam := FitView(f, 800, 600)
	if n := hiddenPoses(cam.Eye(), []mgl64.Vec3{sc.Start}, sc.Mesh.Tris()); n != 0 {
		t.Errorf("FitView's eye %v still has %d poses hidden", cam.Eye(), n)
	}
	for _, p := range []mgl64.Vec3{sc.Start, sc.End} {
		x, y, ok := cam.Project(p)
		if !ok || x < 0 || y < 0 || x > 800 || y > 600 {
			t.Errorf("pose %v at (%v, %v, %v): off screen", p, x, y, ok)
		}
	}
	if c := FitView(nil, 800, 600); c.Distance != NewCamera(800, 600).Distance {
		t.Error("FitView(nil) is not NewCamera")
	}
}

// TestBuildChunksMatchSerial: the parallel build emits exactly what a
// single goroutine does, chunk after chunk, on a mesh big enough to split
// (with triangles culled and clipped along the way).
func TestBuildChunksMatchSerial(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	var tris []geom.Triangle
	for i := 0; i < 4*parallelMin; i++ {
		c := mgl64.Vec3{rng.Float64()*30 - 15, rng.Float64()*30 - 15, rng.Float64()*30 - 15}
		tris = append(tris, geom.Triangle{c, c.Add(mgl64.Vec3{rng.Float64(), 0, 0.3}), c.Add(mgl64.Vec3{0, rng.Float64(), 0})})
	}
	f := &Frame{Scene: triScene(tris...)}
	cam := frontCam(640, 480) // the eye at z = 10 is inside the cloud: clipping happens
	serial := drawLists{maxParts: 1}
	parallel := drawLists{maxParts: 4}
	serial.Build(f, cam, view.Default())
	parallel.Build(f, cam, view.Default())
	if len(serial.chunks) != 1 || len(parallel.chunks) != 4 {
		t.Fatalf("chunks: serial %d, parallel %d", len(serial.chunks), len(parallel.chunks))
	}
	var verts, cverts []ebiten.Vertex
	for _, c := range parallel.chunks {
		verts = append(verts, c.verts...)
		cverts = append(cverts, c.cverts...)
	}
	s := serial.chunks[0]
	if len(s.cverts) == 0 || len(verts) == len(tris)*3 {
		t.Fatalf("test setup: want some triangles clipped (%d) and some culled (%d of %d kept)", len(s.cverts), len(verts), len(tris)*3)
	}
	if !slices.Equal(verts, s.verts) || !slices.Equal(cverts, s.cverts) {
		t.Error("parallel build differs from the serial one")
	}
	if serial.TriangleCount() != parallel.TriangleCount() {
		t.Errorf("triangle counts %d and %d", serial.TriangleCount(), parallel.TriangleCount())
	}
}

// TestDepthBoundsKeepPlanes: content that leaves the kept box sideways but
// stays within its depth range keeps the box (and the planes), and content
// beyond the range refits it.
func TestDepthBoundsKeepPlanes(t *testing.T) {
	var l drawLists
	cam := NewCamera(1280, 800)
	cam.Target, cam.Distance, cam.Yaw, cam.Pitch = mgl64.Vec3{}, 20, 0, 0 // the front view: x is across it
	b := geom.AABB{Min: mgl64.Vec3{-5, -1, -5}, Max: mgl64.Vec3{5, 1, 5}}
	first := l.depthBounds(b, cam)
	_, _, fwd := cam.basis()
	side := mgl64.Vec3{30, 0, 0} // across the view: no change of depth
	moved := b.Union(geom.AABB{Min: side, Max: side.Add(mgl64.Vec3{0.5, 0.5, 0.5})})
	if first.Contains(moved.Max) && first.Contains(moved.Min) {
		t.Fatal("the test needs content outside the kept box")
	}
	if got := l.depthBounds(moved, cam); got != first {
		t.Errorf("content beside the box, within its depth: box %v, want the kept %v", got, first)
	}
	deep := b.Union(geom.AABB{Min: fwd.Mul(60), Max: fwd.Mul(61)})
	if got := l.depthBounds(deep, cam); got == first {
		t.Errorf("content beyond the far plane kept the box %v", got)
	}
}

// TestDepthBoundsKeepPlanesEyeInside: with the eye inside the content (a
// view inside a level) the near plane is far*nearFarRatio; content that
// shrinks a little (a pose dragged down) keeps the box, although the
// fitted near plane would come a hair closer.
func TestDepthBoundsKeepPlanesEyeInside(t *testing.T) {
	var l drawLists
	cam := NewCamera(1280, 800)
	cam.Target, cam.Distance, cam.Yaw, cam.Pitch = mgl64.Vec3{}, 20, 0.6, 0.45
	b := geom.AABB{Min: mgl64.Vec3{-200, -4, -200}, Max: mgl64.Vec3{200, 6, 200}}
	first := l.depthBounds(b, cam)
	c := cam
	c.Bounds = first
	if _, _, clamped := c.depthRange(); !clamped {
		t.Fatal("the test needs the eye inside the box (near clamped to far*nearFarRatio)")
	}
	lower := b
	lower.Max[1] = 5.9
	c.Bounds = lower.Expand(lower.Size().Mul(depthSlack))
	n1, _ := c.DepthRange()
	c.Bounds = first
	if n0, _ := c.DepthRange(); n1 >= n0 {
		t.Fatalf("test setup: the refitted near plane %g should be nearer than the kept %g", n1, n0)
	}
	if got := l.depthBounds(lower, cam); got != first {
		t.Errorf("content a little lower: box %v, want the kept %v", got, first)
	}
}

// The legend keeps to legendShare of the free area's height and clear of
// the gizmo: one column in a tall view, more columns in a short wide one,
// and a one-line note where no layout fits.
func TestLegendLayout(t *testing.T) {
	entries := Legend(view.Default())
	for _, c := range []struct {
		name string
		area image.Rectangle
		cols int // 0: the note
	}{
		{"tall", image.Rect(0, 0, 800, 800), 1},
		{"short and wide", image.Rect(0, 0, 1200, 300), 2},
		{"short and narrow", image.Rect(270, 0, 530, 480), 0},
	} {
		var l drawLists
		l.buildLegend(entries, c.area)
		r := l.legendRect
		if c.cols == 0 {
			if !r.Empty() || len(l.hud) != 1 || l.hud[0].text != legendNote {
				t.Errorf("%s: legend at %v, hud %v; want only the note", c.name, r, l.hud)
			}
			continue
		}
		rows := (len(entries) + c.cols - 1) / c.cols
		if r.Empty() || float64(r.Dy()) > legendShare*float64(c.area.Dy()) || r.Max.X > c.area.Max.X-2*gizmoMargin {
			t.Errorf("%s: legend at %v in %v: too tall or over the gizmo", c.name, r, c.area)
		}
		if got := float64(r.Dy()); math.Abs(got-(float64(rows)*labelLineH+8)) > 1 {
			t.Errorf("%s: legend %v px tall, want %d rows (%d columns)", c.name, got, rows, c.cols)
		}
		if len(l.hud) != len(entries) {
			t.Errorf("%s: %d legend texts, want %d", c.name, len(l.hud), len(entries))
		}
	}
}

// TestEngineLabelsBothPoses: an engine's contact and slide outlines each
// carry its name, so they are told from the core's poses they overlap,
// and no label overlaps another once placed.
func TestEngineLabelsBothPoses(t *testing.T) {
	cam := frontCam(400, 300)
	f := wallFrame(mgl64.Vec3{0, 0, 2})
	f.Scene.End = mgl64.Vec3{0, 0, -2}
	f.Answer.Hit = true
	f.Answer.First = sweep.Hit{T: 0.3, Point: mgl64.Vec3{0, 0, 0}, Normal: mgl64.Vec3{0, 0, 1}, Feature: sweep.Face}
	f.Answer.Slide = sweep.SlideResult{Steps: []sweep.SlideStep{{Hit: f.Answer.First, Contact: mgl64.Vec3{0, 0, 0.8}}}, Final: mgl64.Vec3{0.5, 0, 0.8}}
	f.Engines = []EnginePose{{Name: "naive", Color: EngineColor(0), Contact: mgl64.Vec3{0, 0, 0.8}, Final: mgl64.Vec3{0.5, 0, 0.8}, HasContact: true, HasFinal: true}}
	var l drawLists
	l.Build(f, cam, view.Default())
	have := map[string]bool{}
	for i, lb := range l.labels {
		have[lb.text] = true
		for _, o := range l.labels[:i] {
			if lb.box().overlaps(o.box()) {
				t.Errorf("label %q overlaps %q", lb.text, o.text)
			}
		}
	}
	if !have["naive contact"] || !have["naive slide"] {
		t.Errorf("labels %v, want the engine named at both poses", have)
	}
}
