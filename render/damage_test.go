package render

import (
	"fmt"
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
)

// checkDisjoint fails unless parts lie within bounds, overlap none of
// each other, and cover every pixel of rs within bounds.
func checkDisjoint(t *testing.T, rs, parts []image.Rectangle, bounds image.Rectangle) {
	t.Helper()
	for i, a := range parts {
		if !a.In(bounds) || a.Empty() {
			t.Errorf("part %v empty or outside %v", a, bounds)
		}
		for _, b := range parts[i+1:] {
			if a.Overlaps(b) {
				t.Errorf("parts %v and %v overlap", a, b)
			}
		}
	}
	for _, r := range rs {
		r = r.Intersect(bounds)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if !covered(parts, image.Pt(x, y)) {
					t.Fatalf("pixel (%d,%d) of %v is in no part of %v", x, y, r, parts)
				}
			}
		}
	}
}

func covered(parts []image.Rectangle, p image.Point) bool {
	for _, q := range parts {
		if p.In(q) {
			return true
		}
	}
	return false
}

// disjoint covers what it is given with rectangles that do not overlap:
// panels stacked with a small gap become one, a band across the window
// overlapping a panel column is cut around it, and random rectangles
// come out covered, inside the bounds, and overlapping nothing.
func TestDisjoint(t *testing.T) {
	bounds := image.Rect(0, 0, 1280, 800)
	left := []image.Rectangle{image.Rect(5, 5, 277, 217), image.Rect(5, 221, 277, 403), image.Rect(5, 407, 277, 649)}
	if got := disjoint(left, bounds); len(got) != 1 || got[0] != image.Rect(5, 5, 277, 649) {
		t.Errorf("a column of panels gave %v, want their bounding box", got)
	}
	far := []image.Rectangle{image.Rect(5, 5, 277, 649), image.Rect(1003, 5, 1275, 773)}
	if got := disjoint(far, bounds); len(got) != 2 {
		t.Errorf("two columns across the window gave %v, want them apart", got)
	}
	band := append(far, image.Rect(0, 762, 1280, 800), image.Rect(-50, -50, 10, 10), image.Rect(2000, 0, 2100, 10))
	got := disjoint(band, bounds)
	checkDisjoint(t, band, got, bounds)
	n := 0
	for y := range bounds.Max.Y {
		for x := range bounds.Max.X {
			if covered(band, image.Pt(x, y)) {
				n++
			}
		}
	}
	if a := area(got); a > 1.05*float64(n) {
		t.Errorf("the columns and the status band gave %v, %.0f pixels for %d covered", got, a, n)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	small := image.Rect(0, 0, 60, 40)
	for range 200 {
		var rs []image.Rectangle
		for range 1 + rng.IntN(6) {
			x, y := rng.IntN(80)-10, rng.IntN(60)-10
			rs = append(rs, image.Rect(x, y, x+rng.IntN(30), y+rng.IntN(30)))
		}
		checkDisjoint(t, rs, disjoint(rs, small), small)
	}
}

// DrawParts redraws the view inside the rectangles it is given as well
// as where the view changed: with something else drawn over those
// rectangles since the last frame (translucent panels), the frame equals
// the whole one, pose moves after pose moves, and what it redrew does
// not overlap; it leaves alone rectangles covered by something opaque
// drawn over the view (opaque panels), cutting the changed part there.
func TestPixelsDrawParts(t *testing.T) {
	f, cam, opt := smallDefaultView(t)
	part, whole := NewRenderer(), NewRenderer()
	dst, ref := screenPair(t, cam.Width, cam.Height)
	// Two panel columns, a status line crossing one of them, a rectangle
	// half outside the view.
	must := []image.Rectangle{image.Rect(2, 2, 40, 100), image.Rect(2, 104, 40, 200), image.Rect(440, 2, 478, 292),
		image.Rect(0, 288, 480, 300), image.Rect(450, -20, 520, 20)}
	// An opaque panel over a panel column, and one in the middle of the
	// view where the pose moves: drawn over dst before each frame and
	// over ref after it, as a caller compositing opaque panels would.
	covered := []image.Rectangle{image.Rect(2, 2, 40, 100), image.Rect(180, 80, 300, 200)}
	cover := func(img *ebiten.Image) {
		for _, r := range covered {
			img.SubImage(r).(*ebiten.Image).Fill(color.RGBA{40, 200, 40, 255})
		}
	}
	dirty := func() {
		for _, r := range must {
			dst.SubImage(r).(*ebiten.Image).Fill(image.White)
		}
		cover(dst)
	}
	part.Draw(dst, f, cam, opt)
	whole.Draw(ref, f, cam, opt)
	cut := 0
	for i, d := range []mgl64.Vec3{{}, {0.05, 0, 0}, {0.05, 0.02, 0}, {0, 0, -0.04}} {
		f.Scene.Start = f.Scene.Start.Add(d)
		answerAgain(f)
		dirty()
		parts := part.DrawParts(dst, f, cam, opt, must, covered)
		if len(parts) == 1 && parts[0] == dst.Bounds() {
			t.Errorf("move %d: DrawParts drew the whole view, want parts", i)
		}
		checkDisjoint(t, without(must, covered), parts, dst.Bounds())
		for _, p := range parts {
			for _, c := range covered {
				if p.Overlaps(c) {
					t.Errorf("move %d: part %v overlaps the covered %v", i, p, c)
				}
			}
			if p.Overlaps(covered[1].Inset(-1)) {
				cut++ // a part reaching the covered middle: cut at its edge
			}
		}
		whole.Draw(ref, f, cam, opt)
		cover(ref)
		expectSamePixels(t, dst, ref, fmt.Sprintf("move %d: the frame drawn in parts %v", i, parts))
	}
	if cut == 0 {
		t.Error("no changed part reached the covered middle of the view: the test does not cut a changed part")
	}
	if parts := part.DrawParts(dst, f, cam, opt, nil, nil); len(parts) != 0 {
		t.Errorf("nothing changed and nothing asked, yet DrawParts drew %v", parts)
	}
}

// An overlay added to the middle of the list (a contact marker appearing
// as the pose moves) changes its own place, not that of every overlay
// after it: the legend and the gizmo drawn last stay outside the changed
// rectangle. So do labels, lines and poses (diffLists): an element
// taken from or added to the middle, or changed in place.
func TestDiffOverlaysInsertedInMiddle(t *testing.T) {
	r := NewRenderer()
	p, l := &r.last, &r.lists
	col := color.RGBA{200, 200, 200, 255}
	add := func(ovs *[]overlay, pts *[]float32, kind overlayKind, xy ...float32) {
		*ovs = append(*ovs, overlay{kind: kind, p0: len(*pts), p1: len(*pts) + len(xy), col: col, width: 2})
		*pts = append(*pts, xy...)
	}
	add(&p.ovs, &p.pts, ovStroke, 100, 100, 120, 110) // the path
	add(&p.ovs, &p.pts, ovDisc, 900, 700)             // the gizmo, far away
	add(&l.ovs, &l.pts, ovStroke, 100, 100, 120, 110)
	add(&l.ovs, &l.pts, ovDisc, 130, 120) // a contact marker, new
	add(&l.ovs, &l.pts, ovDisc, 900, 700)
	var d box2
	r.diffOverlays(&d)
	if d.empty() || d.x1 > 200 || d.y1 > 200 || d.x0 > 130 || d.y0 > 120 {
		t.Errorf("a disc added at (130, 120) before the gizmo at (900, 700) changed %+v, want about the disc alone", d)
	}

	type call struct {
		old bool
		i   int
	}
	for _, c := range []struct {
		old, cur string
		want     []call
	}{
		{"abcd", "abxcd", []call{{false, 2}}},
		{"abxcd", "abcd", []call{{true, 2}}},
		{"abcd", "axcd", []call{{true, 1}, {false, 1}}},
		{"abcd", "xbcy", []call{{true, 0}, {false, 0}, {true, 3}, {false, 3}}},
		{"abcd", "abcd", nil},
		{"", "ab", []call{{false, 0}, {false, 1}}},
		{"aab", "ab", []call{{true, 1}}},
	} {
		var got []call
		diffLists(len(c.old), len(c.cur), func(i, j int) bool { return c.old[i] == c.cur[j] },
			func(i int) { got = append(got, call{true, i}) }, func(j int) { got = append(got, call{false, j}) })
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("diffLists(%q, %q) reported %v, want %v", c.old, c.cur, got, c.want)
		}
	}
}

// A changed label's rectangle (diffLabels, from the text's advance in the
// label font) holds every pixel drawing it touches, its shadow included,
// at UI scales 1 and 2, for glyphs that reach left or right of their
// advance or below the baseline.
func TestLabelBoxHoldsInk(t *testing.T) {
	needDisplay(t)
	dst, _ := screenPair(t, 640, 120)
	for _, scale := range []float64{1, 2} {
		for _, s := range []string{"start", "contact  t = 0.8308  edge", "jjj fff WWW @@", "slide 2 contacts", "ÄÖÜ ∞ ±0.25"} {
			r := NewRenderer()
			r.Scale = scale
			lb := label{x: 40, y: 30, text: s, col: color.RGBA{255, 255, 255, 255}}
			dst.Clear()
			r.lists.labels = []label{lb}
			r.drawLabels(dst)
			var d box2
			r.diffLabels(&d, nil, []label{lb})
			img := readImage(dst)
			for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
				for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
					if img.RGBAAt(x, y).A == 0 {
						continue
					}
					if float64(x) < d.x0 || float64(x) >= d.x1 || float64(y) < d.y0 || float64(y) >= d.y1 {
						t.Fatalf("scale %v, label %q: pixel (%d, %d) drawn outside its rectangle %+v", scale, s, x, y, d)
					}
				}
			}
		}
	}
}
