package render

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/internal/testenv"
	"sweepdbg/render/view"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// coreFrame loads the built-in scene name and runs the real core on it,
// as the ui does every frame.
func coreFrame(t testing.TB, name string) *Frame {
	t.Helper()
	sc, err := scene.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	m := sweep.NewMesh(sc.Mesh.Tris())
	f := &Frame{Scene: sc, Mesh: m}
	f.Answer = m.Answer(sc.Motion)
	return f
}

// exactPixels returns the pixels of img exactly equal to c.
func exactPixels(img *image.RGBA, c color.RGBA) []image.Point {
	var out []image.Point
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if img.RGBAAt(x, y) == c {
				out = append(out, image.Pt(x, y))
			}
		}
	}
	return out
}

// poseRect returns the screen rectangle of the pose's drag box, grown by
// pad pixels.
func poseRect(cam Camera, e sweep.Shape, c mgl64.Vec3, pad int) image.Rectangle {
	var l drawLists
	l.setCamera(cam)
	x0, y0, x1, y1, _ := l.screenRect(PoseBox(e, c))
	return image.Rect(int(x0)-pad, int(y0)-pad, int(x1)+pad, int(y1)+pad)
}

// TestPixelsDefaultScene: the default scene's frame, with the real core,
// contains each of the four pose colours exactly, and (nearly) all of a
// colour's exact pixels lie where that pose is on screen. With -shot=FILE
// it also saves the frame.
func TestPixelsDefaultScene(t *testing.T) {
	needDisplay(t)
	f := coreFrame(t, scene.DefaultName)
	if !f.Answer.Hit || len(f.Answer.Slide.Steps) == 0 {
		t.Fatalf("the default scene should hit and slide (core result %+v, slide %+v)", f.Answer.First, f.Answer.Slide)
	}
	cam := FitView(f, 1280, 800)
	cam.Bounds = frameBounds(f)
	img := renderRGBA(t, nil, f, cam, view.Default())
	if *shotPath != "" {
		writePNG(t, *shotPath, img)
	}
	contact, _ := f.ContactPose()
	for _, pc := range []struct {
		pose scene.Pose
		at   mgl64.Vec3
	}{{scene.PoseStart, f.Scene.Start}, {scene.PoseEnd, f.Scene.End}, {scene.PoseContact, contact}, {scene.PoseSlide, f.Answer.Slide.Final}} {
		px := exactPixels(img, PoseColor(pc.pose))
		if len(px) < 20 {
			t.Errorf("%s pose colour %v: %d exact pixels, want at least 20", pc.pose, PoseColor(pc.pose), len(px))
			continue
		}
		r := poseRect(cam, f.Scene.Shape, pc.at, 2)
		in := 0
		for _, p := range px {
			if p.In(r) {
				in++
			}
		}
		if in < len(px)*9/10 {
			t.Errorf("%s pose colour: only %d of %d exact pixels within the pose's screen box %v", pc.pose, in, len(px), r)
		}
	}
}

// wallFrame is a wall (two triangles, z = 0, |x|, |y| <= 3, facing +z)
// with a sphere of radius 0.8 at start and the end pose far to the side.
func wallFrame(start mgl64.Vec3) *Frame {
	sc := &scene.Scene{
		Name: "wall",
		Mesh: scene.Mesh{
			Vertices:  []mgl64.Vec3{{-3, -3, 0}, {3, -3, 0}, {3, 3, 0}, {-3, 3, 0}},
			Triangles: [][3]int{{0, 1, 2}, {0, 2, 3}},
		},
		Motion: sweep.Motion{Shape: sweep.EllipsoidShape(sweep.Sphere(0.8)), Start: start, End: mgl64.Vec3{6, 0, 2}},
	}
	return &Frame{Scene: sc, Answer: sweep.Answer{Slide: sweep.SlideResult{Final: sc.End}}}
}

// frontCam looks at the origin from +z, 10 units away.
func frontCam(w, h int) Camera {
	c := NewCamera(w, h)
	c.SetPreset(Front)
	return c
}

// plainOptions: no grid, edges or labels, so flat faces are one colour.
func plainOptions() view.Options {
	o := view.Default()
	o.Grid, o.Edges, o.Labels = false, false, false
	return o
}

// TestPixelsXRay: a pose behind a wall shows through it (x-ray): its
// outline in the exact pose colour and a green tint at its center; with
// x-ray off the wall hides it completely. In front of the wall the pose is
// drawn solid.
func TestPixelsXRay(t *testing.T) {
	needDisplay(t)
	cam := frontCam(400, 300)
	r := NewRenderer()
	behind := wallFrame(mgl64.Vec3{0, 0, -2})
	opt := plainOptions()
	on := renderRGBA(t, r, behind, cam, opt)
	opt.XRay = false
	off := renderRGBA(t, r, behind, cam, opt)

	// A pixel over the hidden pose, below its center (off the path overlay).
	px, py, _ := cam.Project(mgl64.Vec3{0, -0.4, -2})
	wall := off.RGBAAt(int(px), int(py))
	if wall != off.RGBAAt(120, 60) {
		t.Fatalf("x-ray off: pixel over the hidden pose %v differs from the bare wall %v", wall, off.RGBAAt(120, 60))
	}
	if n := len(exactPixels(off, colorStart)); n != 0 {
		t.Errorf("x-ray off: %d start-colour pixels through the wall", n)
	}
	if n := len(exactPixels(on, colorStart)); n < 20 {
		t.Errorf("x-ray on: %d start-colour (outline) pixels, want at least 20", n)
	}
	c := on.RGBAAt(int(px), int(py))
	if c == wall || !(int(c.G)-int(c.R) > int(wall.G)-int(wall.R)+10) {
		t.Errorf("x-ray on: center %v is not the wall %v tinted green", c, wall)
	}

	front := renderRGBA(t, r, wallFrame(mgl64.Vec3{0, 0, 2}), cam, plainOptions())
	px, py, _ = cam.Project(mgl64.Vec3{0, -0.4, 2.7})
	if c := front.RGBAAt(int(px), int(py)); !(c.G > 0x80 && c.R < 0x40 && c.B < 0x50) {
		t.Errorf("pose in front of the wall: center %v, want solid lit green", c)
	}
}

// TestPixelsDepthOrder: occlusion follows depth, not drawing order. Two
// overlapping quads, the far one drawn last; the hit triangle's tint tells
// which one shows at the view's center.
func TestPixelsDepthOrder(t *testing.T) {
	needDisplay(t)
	cam := frontCam(300, 300)
	sc := &scene.Scene{
		Name: "two quads",
		Mesh: scene.Mesh{
			Vertices: []mgl64.Vec3{
				{-1, -1, 1}, {1, -1, 1}, {1, 1, 1}, {-1, 1, 1}, // near quad, z = 1
				{-2, -2, -1}, {2, -2, -1}, {2, 2, -1}, {-2, 2, -1}, // far quad, z = -1
			},
			Triangles: [][3]int{{0, 1, 2}, {0, 2, 3}, {4, 5, 6}, {4, 6, 7}},
		},
		Motion: sweep.Motion{Shape: sweep.EllipsoidShape(sweep.Sphere(0.1)), Start: mgl64.Vec3{50, 0, 0}, End: mgl64.Vec3{60, 0, 0}}, // poses off screen
	}
	f := &Frame{Scene: sc, Answer: sweep.Answer{Hit: true, Slide: sweep.SlideResult{Final: sc.End}}}
	opt := plainOptions()
	opt.Normals = false
	r := NewRenderer()
	// (0.3, -0.3) lies in triangle 0 of the near quad ({0,1,2}: below the
	// diagonal) and in triangle 2 of the far quad.
	x, y, _ := cam.Project(mgl64.Vec3{0.3, -0.3, 1})
	at := func(hit int) color.RGBA {
		f.Answer.First = sweep.Hit{Triangle: hit, Point: mgl64.Vec3{50, 0, 0}}
		return renderRGBA(t, r, f, cam, opt).RGBAAt(int(x), int(y))
	}
	yellowish := func(c color.RGBA) bool { return int(c.R)-int(c.B) > 40 }
	if c := at(2); yellowish(c) {
		t.Errorf("far triangle tinted: center %v shows it through the near quad", c)
	}
	if c := at(0); !yellowish(c) {
		t.Errorf("near triangle tinted: center %v does not show it", c)
	}
	// The same with the near quad drawn last.
	sc.Mesh.Triangles = [][3]int{{4, 5, 6}, {4, 6, 7}, {0, 1, 2}, {0, 2, 3}}
	if c := at(0); yellowish(c) {
		t.Errorf("far triangle (drawn first) tinted: center %v shows it", c)
	}
	if c := at(2); !yellowish(c) {
		t.Errorf("near triangle (drawn last) tinted: center %v does not show it", c)
	}
}

// TestPixelsEdges: with edges on, the shared diagonal of a quad facing the
// camera is drawn darker than the faces; with edges off it is not there.
func TestPixelsEdges(t *testing.T) {
	needDisplay(t)
	cam := frontCam(300, 300)
	f := wallFrame(mgl64.Vec3{40, 0, 0})
	opt := plainOptions()
	x, y, _ := cam.Project(mgl64.Vec3{0.5, 0.5, 0}) // on the diagonal (0,0)-(3,3)
	ix, iy, _ := cam.Project(mgl64.Vec3{1, 0, 0})   // inside triangle {0,1,2}
	opt.Edges = true
	on := renderRGBA(t, nil, f, cam, opt)
	opt.Edges = false
	off := renderRGBA(t, nil, f, cam, opt)
	face := off.RGBAAt(int(ix), int(iy))
	if c := off.RGBAAt(int(x), int(y)); c != face {
		t.Errorf("edges off: diagonal pixel %v differs from the face %v", c, face)
	}
	if c := on.RGBAAt(int(x), int(y)); !(int(c.R)+int(c.G)+int(c.B) < int(face.R)+int(face.G)+int(face.B)-60) {
		t.Errorf("edges on: diagonal pixel %v not clearly darker than the face %v", c, face)
	}
}

// TestPixelsLabels: labels are drawn beside the poses (the region right of
// the start pose changes when labels are on), and a frame without contact
// says so at the top of the view.
func TestPixelsLabels(t *testing.T) {
	needDisplay(t)
	cam := frontCam(500, 300)
	f := wallFrame(mgl64.Vec3{-2, 1, 2})
	r := NewRenderer()
	opt := plainOptions()
	opt.Labels = true
	on := renderRGBA(t, r, f, cam, opt)
	opt.Labels = false
	off := renderRGBA(t, r, f, cam, opt)
	x, y, _ := cam.Project(f.Scene.Start)
	right, _, _ := cam.basis()
	rx, _, _ := cam.Project(f.Scene.Start.Add(right.Mul(0.8)))
	region := image.Rect(int(rx)+5, int(y)-15, int(rx)+80, int(y)+15)
	if d := testenv.CountDiffIn(on, off, region); d < 30 {
		t.Errorf("labels: %d pixels differ beside the start pose (x %v), want a label", d, x)
	}
	// "no contact": Answer.Hit is false here; the message sits at the top.
	top := image.Rect(150, 0, 350, 45)
	if d := countBright(on, top); d < 30 {
		t.Errorf("no-contact message: %d bright pixels at the top, want text", d)
	}
	f.Answer.Hit = true
	f.Answer.First = sweep.Hit{T: 0.5, Point: mgl64.Vec3{0, 0, 0}, Normal: mgl64.Vec3{0, 0, 1}}
	hit := renderRGBA(t, r, f, cam, opt)
	if d := countBright(hit, top); d != 0 {
		t.Errorf("frame with contact: %d bright pixels where the no-contact message goes", d)
	}
}

// countBright counts pixels whose channels all exceed 0xb0 (text, not the
// dark background).
func countBright(img *image.RGBA, r image.Rectangle) int {
	n := 0
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if c := img.RGBAAt(x, y); c.R > 0xb0 && c.G > 0xb0 && c.B > 0xb0 {
				n++
			}
		}
	}
	return n
}

// TestPixelsSubImageAndBadInput: drawing into a sub-image at an offset
// gives the same pixels as drawing into an image of its own; a frame with
// NaN and Inf coordinates, a degenerate ellipsoid or out-of-range indices
// draws without panicking (what can be drawn is).
func TestPixelsSubImageAndBadInput(t *testing.T) {
	needDisplay(t)
	cam := frontCam(200, 150)
	f := wallFrame(mgl64.Vec3{0, 0, 2})
	r := NewRenderer()
	want := renderRGBA(t, r, f, cam, view.Default())
	big := ebiten.NewImage(300, 250)
	defer big.Deallocate()
	sub := big.SubImage(image.Rect(50, 60, 250, 210)).(*ebiten.Image)
	r.Draw(sub, f, cam, view.Default())
	got := image.NewRGBA(image.Rect(0, 0, 300, 250))
	big.ReadPixels(got.Pix)
	diff := 0
	for y := 0; y < 150; y++ {
		for x := 0; x < 200; x++ {
			if want.RGBAAt(x, y) != got.RGBAAt(x+50, y+60) {
				diff++
			}
		}
	}
	if diff != 0 {
		t.Errorf("sub-image draw differs in %d pixels", diff)
	}

	nan, inf := math.NaN(), math.Inf(1)
	bad := wallFrame(mgl64.Vec3{nan, 0, 0})
	bad.Scene.End = mgl64.Vec3{inf, 0, 0}
	bad.Scene.Mesh.Vertices = append(bad.Scene.Mesh.Vertices, mgl64.Vec3{nan, inf, 0})
	bad.Scene.Mesh.Triangles = append(bad.Scene.Mesh.Triangles, [3]int{0, 1, 4}, [3]int{0, 1, 99}, [3]int{-1, 0, 1})
	bad.Answer.Hit = true
	bad.Answer.First = sweep.Hit{T: nan, Point: mgl64.Vec3{nan, 0, 0}, Normal: mgl64.Vec3{inf, 0, 0}, Triangle: 99}
	bad.Answer.Slide = sweep.SlideResult{Steps: []sweep.SlideStep{{Contact: mgl64.Vec3{nan, nan, nan}}}, Final: mgl64.Vec3{inf, -inf, 0}}
	renderRGBA(t, r, bad, cam, view.Default())
	flat := wallFrame(mgl64.Vec3{0, 0, 2})
	flat.Scene.Ellipsoid = sweep.Ellipsoid{} // all axes zero
	renderRGBA(t, r, flat, cam, view.Default())
	renderRGBA(t, r, nil, cam, view.Default())
	renderRGBA(t, r, &Frame{}, cam, view.Default())
}
