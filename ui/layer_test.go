package ui

import (
	"errors"
	"image"
	"slices"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/internal/testenv"
	"sweepdbg/render"
	"sweepdbg/scene"
)

// While a pose is dragged, what is drawn over the view is bounded by
// overRects: every panel with the border debugui draws one pixel outside
// it and the status line, opaque; the Scene panel's dropdown list below
// its button, not; a window twice the size (UI scale 2) doubles them;
// with a panel collapsed or the help shown where it draws is not known.
func TestOverRects(t *testing.T) {
	g := newTestGame(t)
	g.scale, g.w, g.h = 1, 1280, 800
	updatePanels(t, g)
	opaque, other, known, plain := g.overRects()
	rs := append(slices.Clip(opaque), other...)
	if !known || !plain {
		t.Fatalf("with every panel open and at rest, known %v and plain %v, want both", known, plain)
	}
	in := func(r image.Rectangle, rs []image.Rectangle) bool {
		for _, q := range rs {
			if r.In(q) {
				return true
			}
		}
		return false
	}
	for _, name := range panelNames {
		if b := g.panels.shown[name]; b.Empty() || !in(b.Inset(-1), opaque) {
			t.Errorf("panel %s at %v (with its border) is in none of the opaque %v", name, b, opaque)
		}
	}
	sc := g.panels.shown[panelScene]
	if list := image.Rect(sc.Min.X, sc.Min.Y+30, sc.Max.X, sc.Min.Y+30+12*18); !in(list, rs) {
		t.Errorf("a dropdown list %v under the Scene panel's first row is in none of %v", list, rs)
	}
	if bar := image.Rect(0, g.h-statusH, g.w, g.h); !in(bar, opaque) {
		t.Errorf("the status line %v is in none of the opaque %v", bar, opaque)
	}
	if progress := image.Rect(0, g.h-statusH-1, g.w, g.h-statusH); in(progress, opaque) {
		t.Errorf("the row above the status line %v (the progress bars, translucent) is in the opaque %v", progress, opaque)
	}
	g.scale, g.w, g.h = 2, 2560, 1600
	opaque2, other2, _, _ := g.overRects()
	rs2 := append(opaque2, other2...)
	if len(rs2) != len(rs) {
		t.Fatalf("at UI scale 2, %v, want as many as %v", rs2, rs)
	}
	for i, r := range rs {
		if want := image.Rect(2*r.Min.X, 2*r.Min.Y, 2*r.Max.X, 2*r.Max.Y); rs2[i] != want {
			t.Errorf("at UI scale 2, rectangle %d is %v, want %v", i, rs2[i], want)
		}
	}
	delete(g.panels.shown, panelView) // as when it is collapsed: not built
	if _, _, known, _ := g.overRects(); known {
		t.Error("with a panel collapsed, overRects claims to know where the layer draws")
	}
	updatePanels(t, g)
	g.run(cmdHelp)
	if _, _, known, _ := g.overRects(); known {
		t.Error("with the help shown, overRects claims to know where the layer draws")
	}
}

// A drag frame drawn through the layer equals the frame drawn whole,
// pixel for pixel: the refresh frames every layerRefresh (the view
// redrawn only where it changed and under the translucent parts, the
// panels drawn over it) equal the whole view with the panels drawn over
// it, the frames between them (the changed part of the view outside the
// panels) the whole view with the panels as last drawn (or, when they
// draw the view whole, the panels as last built and the status line as
// it is), as the pose moves under a panel and out again. So with the panels drawn straight
// onto the screen (all they draw is opaque) and through the layer (a
// banner across the view, translucent around its text).
func TestPixelsLayerRefresh(t *testing.T) {
	if !inLoop(t) {
		return
	}
	for _, banner := range []bool{false, true} {
		layerFrames(t, banner)
	}
}

// layerFrames drags the start pose of a fresh game under the left panel
// column and back, through drawLayered, with a banner shown or not, and
// compares each frame with the one drawn whole.
func layerFrames(t *testing.T, banner bool) {
	t.Helper()
	g := newTestGame(t)
	g.scale, g.w, g.h = 1, 1280, 800
	g.cam.Width, g.cam.Height = g.w, g.h
	g.frameSelection()
	g.app.Refresh()
	if banner {
		g.startPlay()
		g.play.Running, g.play.Note = false, "paused: a banner across the view"
	}
	updatePanels(t, g)
	g.mode = mouseDrag
	unmanaged := &ebiten.NewImageOptions{Unmanaged: true}
	screen := ebiten.NewImageWithOptions(image.Rect(0, 0, g.w, g.h), unmanaged)
	ref := ebiten.NewImageWithOptions(image.Rect(0, 0, g.w, g.h), unmanaged)
	over := ebiten.NewImageWithOptions(image.Rect(0, 0, g.w, g.h), unmanaged)  // the panels as the screen shows them
	fresh := ebiten.NewImageWithOptions(image.Rect(0, 0, g.w, g.h), unmanaged) // the panels as last built
	defer fresh.Deallocate()
	groups := 0 // refreshes that drew a group of the panels, not all
	defer screen.Deallocate()
	defer ref.Deallocate()
	defer over.Deallocate()
	refRend := render.NewRenderer()
	read := func(img *ebiten.Image) *image.RGBA {
		out := image.NewRGBA(img.Bounds())
		img.ReadPixels(out.Pix)
		return out
	}
	g.drawLayered(screen) // the first frame draws everything
	g.drawOver(over)
	if g.layer.opaque == nil {
		t.Fatal("after the first drag frame the layer knows no opaque rectangle")
	}
	if g.layer.direct == banner {
		t.Errorf("banner %v: the panels drawn straight onto the screen %v, want %v", banner, g.layer.direct, !banner)
	}
	// The start pose, stepped to under the left panel column and back.
	start := g.app.Doc.Scene.Start
	v := g.panels.shown[panelView]
	left := g.cam.Ray(float64(v.Min.X+100), float64(v.Min.Y+100)).At(start.Sub(g.cam.Eye()).Len())
	for i := range 8 {
		k := float64(min(i, 8-i)) / 4
		g.app.Preview(scene.PoseStart, start.Add(left.Sub(start).Mul(k)))
		g.app.Refresh()
		refresh := i%2 == 1
		if refresh { // as an Update does after layerRefresh (buildPanelsNow)
			updatePanels(t, g)
			g.layer.due = true
		}
		g.drawLayered(screen)
		f := g.frame()
		refRend.Draw(ref, &f, g.cam, g.app.Doc.View)
		// The panels as last built, in the rectangles this frame drew
		// them in; as they were elsewhere.
		fresh.Clear()
		g.drawOver(fresh)
		for _, r := range g.layer.drewOver {
			op := &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy}
			op.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y))
			over.SubImage(r).(*ebiten.Image).DrawImage(fresh.SubImage(r).(*ebiten.Image), op)
		}
		if refresh && g.layer.direct && !slices.Contains(g.layer.drewOver, screen.Bounds()) {
			groups++
		}
		ref.DrawImage(over, nil)
		if n := testenv.CountDiff(read(screen), read(ref)); n > 0 {
			t.Errorf("banner %v, step %d (refresh %v): the layered frame differs from the whole one in %d pixels", banner, i, refresh, n)
		}
	}
	if groups == 0 && !banner {
		t.Error("no refresh drew a group of the panels (panelGroups): the test does not draw them in turn")
	}
}

// A panel moved this frame (by its title bar) is opaque only where it was
// both before and after the move: debugui draws its frame where it was,
// so the fill must not reach past that frame, and the rest of its place
// is listed as possibly translucent.
func TestMovedPanelFill(t *testing.T) {
	g := newTestGame(t)
	g.scale, g.w, g.h = 1, 1280, 800
	updatePanels(t, g)
	now := g.panels.shown[panelView]
	before := now.Add(image.Pt(40, 0)) // as if it was 40 units right last frame
	g.panels.current[panelView] = before
	updatePanels(t, g)
	if fill, want := g.panels.fill[panelView], now.Intersect(before); fill != want {
		t.Fatalf("moved panel filled at %v, want %v (where it was and is)", fill, want)
	}
	opaque, other, _, plain := g.overRects()
	if !slices.Contains(other, now.Inset(-1)) || slices.Contains(opaque, now.Inset(-1)) || plain {
		t.Errorf("moved panel %v: opaque %v, other %v, plain %v; want it among the others only, not plain", now, opaque, other, plain)
	}
	updatePanels(t, g) // at rest again: all of it
	if fill := g.panels.fill[panelView]; fill != now {
		t.Errorf("panel at rest filled at %v, want %v", fill, now)
	}
}

// While a pose is dragged with the button held, the panels are built only
// in the first Update that finds the layer due, which stays due until a
// frame draws it; otherwise (no drag, the button released, no layer
// drawn yet) every Update builds them.
func TestBuildPanelsOnlyWhenLayerDue(t *testing.T) {
	t0 := time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)
	var p panelLayer
	if !p.buildNow(true, true, t0) {
		t.Error("no layer drawn yet: the panels must be built")
	}
	p.drawn = t0
	for _, tc := range []struct {
		layered, held bool
		at            time.Duration
		want, due     bool
	}{
		{false, true, 0, true, false},                     // no drag
		{true, false, 0, true, false},                     // the release
		{true, true, 10 * time.Millisecond, false, false}, // a drag frame in between
		{true, true, layerRefresh - 1, false, false},
		{true, true, layerRefresh, true, true},      // due: built, noted
		{true, true, layerRefresh + 1, false, true}, // built already for the coming frame
		{true, false, layerRefresh + 2, true, true}, // the release builds
	} {
		if got := p.buildNow(tc.layered, tc.held, t0.Add(tc.at)); got != tc.want || p.due != tc.due {
			t.Errorf("layered %v, held %v, %v after the layer: build %v, due %v; want %v, %v", tc.layered, tc.held, tc.at, got, p.due, tc.want, tc.due)
		}
	}
	p.drawn, p.due = t0.Add(layerRefresh+2), false // as drawLayered does when it draws the layer
	if p.buildNow(true, true, p.drawn.Add(time.Millisecond)) {
		t.Error("right after the layer was drawn the panels were built again")
	}
}

// A plain drag's refresh draws the panels in groups, one a frame, split
// by area: with every panel to draw, two groups that together hold every
// rectangle a plain drag draws over the view, each group's rectangles
// apart from the other's, the status line in one group; with the Result
// and Shape panels and the status line (a pose's drag), Result alone
// and the other two.
func TestPanelGroups(t *testing.T) {
	g := newTestGame(t)
	g.scale, g.w, g.h = 1, 1280, 800
	updatePanels(t, g)
	opaque, _, _, plain := g.overRects()
	if !plain {
		t.Fatal("the default layout at rest is not plain")
	}
	groups := panelGroups(opaque)
	if len(groups) != 2 {
		t.Fatalf("groups %v, want two (the panel columns)", groups)
	}
	var all []image.Rectangle
	for _, grp := range groups {
		all = append(all, grp...)
	}
	for _, r := range opaque {
		if !slices.ContainsFunc(all, func(q image.Rectangle) bool { return r.In(q) }) {
			t.Errorf("%v is in no group of %v", r, groups)
		}
	}
	for _, a := range groups[0] {
		for _, b := range groups[1] {
			if a.Overlaps(b) {
				t.Errorf("group rectangles %v and %v overlap", a, b)
			}
		}
	}
	status := opaque[len(opaque)-1]
	if n := slices.Index(all, status); n < 0 || slices.Index(all[n+1:], status) >= 0 {
		t.Errorf("the status line %v is not in exactly one group of %v", status, groups)
	}
	result, shape := g.panelRect(panelResult), g.panelRect(panelShape)
	got := panelGroups([]image.Rectangle{shape, result, status})
	want := [][]image.Rectangle{{result}, {shape, status}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("the groups of Shape, Result and the status line: %v, want %v", got, want)
	}
}

// TestPixelsChangedPanelRedrawn drags the start pose and, between
// refreshes, changes what the Scene, View and tools panels show (their
// content does not follow the pose, so a refresh draws them only when
// their key changed: panelKeys): once a refresh and the frames drawing
// its groups are drawn, every panel on the screen must be as the panels
// were last built. A refresh after the pose alone moved, twice (debugui
// measures a panel's content in one build and draws its scroll bar from
// that in the next), must not draw those three panels.
func TestPixelsChangedPanelRedrawn(t *testing.T) {
	if !inLoop(t) {
		return
	}
	g := newTestGame(t)
	g.scale, g.w, g.h = 1, 1280, 800
	g.cam.Width, g.cam.Height = g.w, g.h
	g.frameSelection()
	g.app.Refresh()
	for range 3 { // debugui measures the panels' content in one build and uses it in the next
		updatePanels(t, g)
	}
	g.mode = mouseDrag
	unmanaged := &ebiten.NewImageOptions{Unmanaged: true}
	screen := ebiten.NewImageWithOptions(image.Rect(0, 0, g.w, g.h), unmanaged)
	fresh := ebiten.NewImageWithOptions(image.Rect(0, 0, g.w, g.h), unmanaged)
	defer screen.Deallocate()
	defer fresh.Deallocate()
	g.drawLayered(screen) // the first frame draws everything
	start := g.app.Doc.Scene.Start
	changes := []struct {
		what   string
		change func()
	}{
		{"nothing but the pose", func() {}},
		{"the path field (Scene panel)", func() { g.panels.path = "/tmp/a-typed-path.obj" }},
		{"an error (Scene panel, scrolled)", func() { g.app.Fail(errors.New("a planted error the Scene panel lists")) }},
		{"slide iterations (View panel)", func() {
			o := g.app.Doc.SlideOptions()
			o.MaxIterations += 2
			if err := g.app.SetSlide(o); err != nil {
				t.Fatal(err)
			}
		}},
		{"hunt seconds (tools panel)", func() { g.panels.huntSeconds = 17 }},
		{"nothing but the pose", func() {}},
		{"nothing but the pose", func() {}},
	}
	for i, c := range changes {
		g.app.Preview(scene.PoseStart, start.Add(mgl64.Vec3{float64(i + 1), 0, 0}))
		g.app.Refresh()
		c.change()
		updatePanels(t, g) // as an Update does after layerRefresh (buildPanelsNow)
		g.layer.due = true
		var drew []image.Rectangle
		for first := true; first || g.layer.left > 0; first = false {
			g.drawLayered(screen)
			drew = append(drew, g.layer.drewOver...)
		}
		if !g.layer.direct {
			t.Fatalf("%s: the refresh did not draw the panels straight onto the screen", c.what)
		}
		fresh.Clear()
		g.drawOver(fresh)
		got, want := read(screen), read(fresh)
		for _, name := range panelNames {
			if n := testenv.CountDiffIn(got, want, g.panelRect(name)); n > 0 {
				t.Errorf("after %s: the %s panel on the screen differs from the panels as built in %d pixels", c.what, name, n)
			}
		}
		if i < len(changes)-1 {
			continue
		}
		for _, name := range []string{panelScene, panelView, panelTools} {
			if slices.ContainsFunc(drew, func(r image.Rectangle) bool { return r.Overlaps(g.panelRect(name)) }) {
				t.Errorf("after %s: the refresh drew the %s panel again (drew %v)", c.what, name, drew)
			}
		}
	}
}

// read returns img's pixels.
func read(img *ebiten.Image) *image.RGBA {
	out := image.NewRGBA(img.Bounds())
	img.ReadPixels(out.Pix)
	return out
}
