package ui

import (
	"image"
	"testing"
	"time"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/internal/cpuclock"
	"sweepdbg/scene"
)

// BenchmarkDragRefresh is the drawing of a drag's panel refresh at
// 1280x800 on the default scene: the start pose moved a hair, the panels
// built, and the frames that draw the refresh's groups (drawLayered),
// each waited for (one pixel read back, so a software rasteriser's work
// counts). "changed" draws the panels whose content may have changed
// (panelKeys), "all" every panel (the screen's keys forgotten before each
// refresh), "none" the frames in between (no refresh: the view's changed
// part alone). cpu-ms/frame is the process's CPU time a frame, the
// rasteriser's threads included, cpu-ms/op that of a refresh and its
// frames, cpu-ms/worst that of the costliest frame of each (the frames
// that make a drag's slowest intervals); it needs a display: run the test binary
// with SWEEPDBG_UI_PIXEL_TEST=1 under xvfb-run.
func BenchmarkDragRefresh(b *testing.B) {
	if !displayOK {
		b.Skip("needs the game loop: run the test binary with " + pixelEnv + "=1 under xvfb-run")
	}
	for _, mode := range []string{"none", "changed", "all"} {
		b.Run(mode, func(b *testing.B) { benchRefresh(b, mode) })
	}
}

func benchRefresh(b *testing.B, mode string) {
	g, err := setup(Options{Fresh: true, ConfigDir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	g.scale, g.w, g.h = 1, 1280, 800
	g.cam.Width, g.cam.Height = g.w, g.h
	g.frameSelection()
	g.app.Refresh()
	build := func() {
		if _, err := g.dui.Update(func(ctx *debugui.Context) error {
			g.build(ctx, g.w, g.h)
			return nil
		}); err != nil {
			b.Fatal(err)
		}
	}
	build()
	g.mode = mouseDrag
	screen := ebiten.NewImageWithOptions(image.Rect(0, 0, g.w, g.h), &ebiten.NewImageOptions{Unmanaged: true})
	defer screen.Deallocate()
	// A frame is waited for by reading one pixel of it through an image
	// of its own (reading the screen's would read back all of it).
	px := make([]byte, 4)
	probe := ebiten.NewImageWithOptions(image.Rect(0, 0, 1, 1), &ebiten.NewImageOptions{Unmanaged: true})
	defer probe.Deallocate()
	wait := func() {
		probe.DrawImage(screen.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image), &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy})
		probe.ReadPixels(px)
	}
	g.drawLayered(screen)
	wait()
	start := g.app.Doc.Scene.Start
	frames, i := 0, 0
	var worst time.Duration // the costliest frame of each refresh, summed
	t0 := time.Now()
	cpu, _ := cpuclock.Process()
	for b.Loop() {
		i++
		g.app.Preview(scene.PoseStart, start.Add(mgl64.Vec3{0.01 * float64(i%2), 0, 0}))
		g.app.Refresh()
		if mode != "none" {
			build()
			g.layer.due = true
			if mode == "all" {
				g.layer.keys = nil
			}
		}
		var most time.Duration
		for first := true; first || g.layer.left > 0 && mode != "none"; first = false {
			c0, _ := cpuclock.Process()
			g.drawLayered(screen)
			wait()
			c1, _ := cpuclock.Process()
			most = max(most, c1-c0)
			frames++
		}
		worst += most
	}
	end, _ := cpuclock.Process()
	b.ReportMetric(float64(end-cpu)/float64(frames)/1e6, "cpu-ms/frame")
	b.ReportMetric(float64(end-cpu)/float64(b.N)/1e6, "cpu-ms/op")
	b.ReportMetric(float64(worst)/float64(b.N)/1e6, "cpu-ms/worst")
	b.ReportMetric(float64(time.Since(t0))/float64(frames)/1e6, "ms/frame")
}
