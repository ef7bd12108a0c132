package render

import (
	"flag"
	"image"
	"image/color"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

var shapeShots = flag.String("shapeshots", "", "write TestPixelsShapes' frames into this folder")

// testCapsule is tilted toward the camera and to the side, so its
// profile is neither a circle nor an axis-aligned stadium.
var testCapsule = sweep.CapsuleShape(sweep.Capsule{Radius: 0.5, HalfSegment: mgl64.Vec3{0.5, 0.8, 0.3}})

// testBox is rotated about all three axes (R = Ry(30°)·Rx(20°)·Rz(10°)),
// half extents 0.9, 0.6, 0.4.
func testBox() sweep.Shape {
	r := mgl64.Rotate3DY(mgl64.DegToRad(30)).Mul3(mgl64.Rotate3DX(mgl64.DegToRad(20))).Mul3(mgl64.Rotate3DZ(mgl64.DegToRad(10)))
	return sweep.BoxShape(sweep.Box{Axes: [3]mgl64.Vec3{r.Col(0).Mul(0.9), r.Col(1).Mul(0.6), r.Col(2).Mul(0.4)}})
}

// scaled returns s with every size multiplied by k about its center.
func scaled(s sweep.Shape, k float64) sweep.Shape {
	s.Capsule.Radius *= k
	s.Capsule.HalfSegment = s.Capsule.HalfSegment.Mul(k)
	for i := range 3 {
		s.Box.Axes[i] = s.Box.Axes[i].Mul(k)
		s.Ellipsoid.Axes[i] = s.Ellipsoid.Axes[i].Mul(k)
	}
	return s
}

// poseHue reports whether c is the pose colour col shaded (k·col for k in
// [0.25, 1], each channel within 8 levels): what the colour pass draws
// for a visible pose, its lit faces and its outline.
func poseHue(c, col color.RGBA) bool {
	v := mgl64.Vec3{float64(c.R), float64(c.G), float64(c.B)}
	w := mgl64.Vec3{float64(col.R), float64(col.G), float64(col.B)}
	k := v.Dot(w) / w.Dot(w)
	if k < 0.25 || k > 1.02 {
		return false
	}
	d := v.Sub(w.Mul(k))
	return math.Max(math.Abs(d[0]), math.Max(math.Abs(d[1]), math.Abs(d[2]))) <= 8
}

// TestPixelsShapes: a capsule's and a box's start pose in front of a
// wall are drawn where the shape is. Every pixel of the pose's screen box
// (away from the start-end path line) is classified by its pick ray
// (RayShape): where the ray hits the shape shrunk by 6% the pixel is the
// pose colour shaded, where it misses the shape grown by 6% it is not.
// The outline gives exact start-colour pixels. A capsule with a zero half
// segment (a sphere) and the ellipsoid take the same path.
func TestPixelsShapes(t *testing.T) {
	needDisplay(t)
	cam := frontCam(480, 360)
	r := NewRenderer()
	start := mgl64.Vec3{0, 0, 2}
	sphere := sweep.CapsuleShape(sweep.Capsule{Radius: 0.7})
	ell := sweep.EllipsoidShape(sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{0.9, 0, 0}, {0, 0.5, 0}, {0, 0, 0.6}}})
	for _, tc := range []struct {
		name  string
		shape sweep.Shape
	}{{"capsule", testCapsule}, {"box", testBox()}, {"sphere capsule", sphere}, {"ellipsoid", ell}} {
		t.Run(tc.name, func(t *testing.T) {
			f := wallFrame(start)
			f.Scene.Shape = tc.shape
			img := renderRGBA(t, r, f, cam, plainOptions())
			if *shapeShots != "" {
				writePNG(t, filepath.Join(*shapeShots, strings.ReplaceAll(tc.name, " ", "-")+".png"), img)
			}
			in, out, inOK, outBad := classifyPose(cam, img, tc.shape, start)
			if in < 200 || inOK < in*97/100 {
				t.Errorf("%d of %d pixels inside the shape are the start colour shaded, want at least 97%%", inOK, in)
			}
			if out < 100 || outBad != 0 {
				t.Errorf("%d of %d pixels outside the shape (in its screen box) are the start colour", outBad, out)
			}
			if n := len(exactPixels(img, colorStart)); n < 20 {
				t.Errorf("%d exact start-colour (outline) pixels, want at least 20", n)
			}
		})
	}
}

// classifyPose counts the pixels of the pose's screen box (less those
// the overlays drawn over the pose cover: the start-end path and the
// drag box's edges) whose pick ray hits shape s shrunk (in) or misses it
// grown (out), and how many of each are drawn as expected.
func classifyPose(cam Camera, img *image.RGBA, s sweep.Shape, c mgl64.Vec3) (in, out, inOK, outBad int) {
	box := poseRect(cam, s, c, 4)
	_, pathY, _ := cam.Project(c)
	edges := screenEdges(cam, PoseBox(s, c))
	for y := box.Min.Y; y < box.Max.Y; y++ {
		if math.Abs(float64(y)+0.5-pathY) < 4 {
			continue
		}
		for x := box.Min.X; x < box.Max.X; x++ {
			if nearSegment(edges, float64(x)+0.5, float64(y)+0.5, 3) {
				continue
			}
			ray := cam.Ray(float64(x)+0.5, float64(y)+0.5)
			hue := poseHue(img.RGBAAt(x, y), colorStart)
			if _, hit := RayShape(ray, scaled(s, 0.94), c); hit {
				in++
				if hue {
					inOK++
				}
			} else if _, hit := RayShape(ray, scaled(s, 1.06), c); !hit {
				out++
				if hue {
					outBad++
				}
			}
		}
	}
	return in, out, inOK, outBad
}

// screenEdges returns the twelve edges of b projected, as pixel segments
// (x0, y0, x1, y1).
func screenEdges(cam Camera, b geom.AABB) [][4]float64 {
	corner := func(i int) mgl64.Vec3 {
		p := b.Min
		for k := range 3 {
			if i>>k&1 == 1 {
				p[k] = b.Max[k]
			}
		}
		return p
	}
	var out [][4]float64
	for i := range 8 {
		for k := range 3 {
			if j := i | 1<<k; j != i {
				x0, y0, _ := cam.Project(corner(i))
				x1, y1, _ := cam.Project(corner(j))
				out = append(out, [4]float64{x0, y0, x1, y1})
			}
		}
	}
	return out
}

// nearSegment reports whether (x, y) is within d pixels of one of segs.
func nearSegment(segs [][4]float64, x, y, d float64) bool {
	for _, s := range segs {
		dx, dy := s[2]-s[0], s[3]-s[1]
		t := 0.0
		if l := dx*dx + dy*dy; l > 0 {
			t = math.Max(0, math.Min(1, ((x-s[0])*dx+(y-s[1])*dy)/l))
		}
		if math.Hypot(x-s[0]-t*dx, y-s[1]-t*dy) <= d {
			return true
		}
	}
	return false
}

// TestRayShape checks the pick rays against hand-worked cases: a capsule
// along y hit on its side, on its end cap, missed beside its cap's
// corner, and from inside; a box rotated 45° about y hit on its front
// edge and missed beside it; an ellipsoid as sweep.RayEllipsoid.
func TestRayShape(t *testing.T) {
	cap := sweep.CapsuleShape(sweep.Capsule{Radius: 1, HalfSegment: mgl64.Vec3{0, 2, 0}})
	a := math.Sqrt2 / 2
	box := sweep.BoxShape(sweep.Box{Axes: [3]mgl64.Vec3{{a, 0, -a}, {0, 1, 0}, {a, 0, a}}})
	down := mgl64.Vec3{0, 0, -1}
	for _, tc := range []struct {
		name   string
		s      sweep.Shape
		origin mgl64.Vec3
		dir    mgl64.Vec3
		want   float64 // -1: miss
	}{
		{"capsule side", cap, mgl64.Vec3{0, 1, 10}, down, 9},
		{"capsule cap", cap, mgl64.Vec3{0, 10, 0}, mgl64.Vec3{0, -2, 0}, 3.5},
		{"capsule beside the cap", cap, mgl64.Vec3{0.9, 2.9, 10}, down, -1},
		{"capsule cap off axis", cap, mgl64.Vec3{0.6, 2.6, 10}, down, 10 - math.Sqrt(1-0.72)},
		{"capsule from inside", cap, mgl64.Vec3{0, -2.5, 0}, down, 0},
		{"capsule behind", cap, mgl64.Vec3{0, 0, -10}, down, -1},
		{"sphere capsule", sweep.CapsuleShape(sweep.Capsule{Radius: 2}), mgl64.Vec3{0, 0, 10}, down, 8},
		{"box edge", box, mgl64.Vec3{0, 0, 10}, down, 10 - math.Sqrt2},
		{"box face", box, mgl64.Vec3{0.5, 0.5, 10}, down, 10 - (math.Sqrt2 - 0.5)},
		{"box beside", box, mgl64.Vec3{1.5, 0, 10}, down, -1},
		{"box above", box, mgl64.Vec3{0, 1.01, 10}, down, -1},
		{"box from inside", box, mgl64.Vec3{0.2, 0.2, 0.2}, down, 0},
		{"ellipsoid", sweep.EllipsoidShape(sweep.Sphere(1)), mgl64.Vec3{0, 0, 5}, down, 4},
	} {
		s, ok := RayShape(geom.Ray{Origin: tc.origin, Dir: tc.dir}, tc.s, mgl64.Vec3{})
		if tc.want < 0 {
			if ok {
				t.Errorf("%s: hit at %g, want a miss", tc.name, s)
			}
			continue
		}
		if !ok || math.Abs(s-tc.want) > 1e-9 {
			t.Errorf("%s: (%g, %v), want %g", tc.name, s, ok, tc.want)
		}
	}
	if _, ok := RayShape(geom.Ray{Origin: mgl64.Vec3{0, 0, 5}, Dir: down}, sweep.CapsuleShape(sweep.Capsule{Radius: -1}), mgl64.Vec3{}); ok {
		t.Error("an invalid capsule was hit")
	}
}
