package render

import (
	"image"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/render/view"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// bigFrame is a rolling height field of about n triangles, 200 units
// across, with the default ellipsoid moving over its middle and the core's
// answer: a stand-in for a big game level.
func bigFrame(tb testing.TB, n int) *Frame {
	tb.Helper()
	cells := int(math.Sqrt(float64(n) / 2))
	const size = 200.0
	m := scene.Mesh{}
	height := func(x, z float64) float64 { return 2*math.Sin(0.13*x)*math.Cos(0.11*z) + 0.5*math.Sin(0.7*x+0.3*z) }
	for i := 0; i <= cells; i++ {
		for j := 0; j <= cells; j++ {
			x, z := -size/2+size*float64(j)/float64(cells), -size/2+size*float64(i)/float64(cells)
			m.Vertices = append(m.Vertices, mgl64.Vec3{x, height(x, z), z})
		}
	}
	for i := 0; i < cells; i++ {
		for j := 0; j < cells; j++ {
			a := i*(cells+1) + j
			m.Triangles = append(m.Triangles, [3]int{a, a + cells + 1, a + 1}, [3]int{a + 1, a + cells + 1, a + cells + 2})
		}
	}
	sc := &scene.Scene{Name: "big", Mesh: m, Motion: sweep.Motion{Shape: sweep.EllipsoidShape(sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{0.5, 0, 0}, {0, 0.9, 0}, {0, 0, 0.5}}}), Start: mgl64.Vec3{-6, 4, -3}, End: mgl64.Vec3{6, -1, 3}}}
	mesh := sweep.NewMesh(m.Tris())
	return &Frame{Scene: sc, Mesh: mesh, Answer: mesh.Answer(sc.Motion)}
}

// dragFrames returns the frame's poses nudged back and forth, as a drag
// moves them every frame.
func dragStep(f *Frame, i int) {
	sc := f.Scene
	d := mgl64.Vec3{0.01, 0, 0}
	if i%2 == 1 {
		d = d.Mul(-1)
	}
	sc.Start = sc.Start.Add(d)
	f.Answer = f.Mesh.Answer(sc.Motion)
}

// BenchmarkDragCPU is the CPU side of a frame while a pose is dragged (the
// camera still, the start pose moving every frame): the core's answer
// plus the draw lists, at 1280x800 with every option on, on the default
// scene and on 100k- and 1M-triangle height fields. The goal is 1 ms on
// the first two and 4 ms on the last.
func BenchmarkDragCPU(b *testing.B) {
	for _, c := range []struct {
		name string
		f    func() *Frame
	}{
		{"default", func() *Frame { return coreFrame(b, scene.DefaultName) }},
		{"100k", func() *Frame { return bigFrame(b, 100_000) }},
		{"1M", func() *Frame { return bigFrame(b, 1_000_000) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			f := c.f()
			cam := FitView(f, 1280, 800)
			opt := view.Default()
			var l drawLists
			l.Build(f, cam, opt)
			b.ReportAllocs()
			cpu := cpuTime()
			i := 0
			for b.Loop() {
				dragStep(f, i)
				l.Build(f, cam, opt)
				i++
			}
			reportCPU(b, cpu)
		})
	}
}

// BenchmarkDragDraw is a whole drawn frame while a pose is dragged at
// 1280x800, until the GPU (under Xvfb, a software rasteriser) has
// finished it (a 1-pixel ReadPixels), on the default scene and a
// 1M-triangle height field: the kept scene images make it the poses'
// cost, not the scene's. "drag-close" is zoomed in on the poses so they
// cover much of the view; "orbit" turns the camera every frame instead,
// so the scene is rasterised every frame, for comparison. median-ms is
// the median frame. It needs a display.
//
// cpu-ms/op is the process's CPU time per frame, llvmpipe's threads
// included: steadier than the wall time on a shared machine.
//
// Measured on a shared 2-core machine (Mesa llvmpipe), alternating runs,
// 60 frames each: the overlays batched into one draw (strokes.go) took
// 1M/drag from 30.0-30.5 to 11.0-12.3 cpu-ms, 1M/drag-close from 53 to
// 24-27, default/drag from 40-41 to 20-22 (docs/performance.md, "Window
// frame rate"). A window's drag frame also redraws only the changed part
// of the view (Renderer.DrawChanged), which this benchmark does not use:
// it draws whole frames. Nothing here scales with the triangle count (the
// CPU side, drawLists.Build, is 0.1 ms).
func BenchmarkDragDraw(b *testing.B) {
	if !displayOK {
		b.Skip("needs a display (run under xvfb-run)")
	}
	for _, c := range []struct {
		name string
		f    func() *Frame
	}{
		{"default", func() *Frame { return coreFrame(b, scene.DefaultName) }},
		{"1M", func() *Frame { return bigFrame(b, 1_000_000) }},
	} {
		f := c.f()
		for _, mode := range []string{"drag", "drag-close", "orbit"} {
			b.Run(c.name+"/"+mode, func(b *testing.B) { benchDraw(b, f, mode) })
		}
	}
}

func benchDraw(b *testing.B, f *Frame, mode string) {
	cam := FitView(f, 1280, 800)
	orbit := mode == "orbit"
	if mode == "drag-close" { // zoomed in on the poses: they cover much of the view
		cam.Target = f.Scene.Start.Add(f.Scene.End).Mul(0.5)
		cam.Distance = 10
	}
	opt := view.Default()
	r := NewRenderer()
	dst := ebiten.NewImage(1280, 800)
	defer dst.Deallocate()
	px := make([]byte, 4)
	r.Draw(dst, f, cam, opt)
	dst.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image).ReadPixels(px)
	var frames []time.Duration
	i := 0
	cpu := cpuTime()
	for b.Loop() {
		t0 := time.Now()
		if orbit {
			cam.Orbit(1, 0)
		} else {
			dragStep(f, i)
		}
		r.Draw(dst, f, cam, opt)
		dst.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image).ReadPixels(px)
		frames = append(frames, time.Since(t0))
		i++
	}
	reportCPU(b, cpu)
	slices.Sort(frames)
	b.ReportMetric(float64(frames[len(frames)/2])/1e6, "median-ms")
	b.ReportMetric(float64(r.cache.draws)/float64(b.N+1), "rasterisations/op")
}
