package render

import (
	"testing"
	"time"

	"sweepdbg/internal/cpuclock"
	"sweepdbg/render/view"
	"sweepdbg/scene"
)

// BenchmarkFrameCPU is the CPU side of one frame as the ui runs it: the
// core (Mesh.Sweep and Mesh.Slide from start to end, the mesh built once
// per scene) plus building the draw lists, at 1280x800 with every option
// on. The target is at most 2 ms on the default scene and 8 ms on the
// 100k-triangle terrain. "drag" keeps the camera still (the scene
// triangles' vertices are reused, as while dragging a pose); "orbit" turns
// the camera a little every frame, so every scene vertex is reprojected.
// The lists-only figures show the renderer's share of an orbit frame.
func BenchmarkFrameCPU(b *testing.B) {
	for _, name := range []string{scene.DefaultName, "terrain"} {
		f := coreFrame(b, name)
		sc := f.Scene
		cams := [2]Camera{FitView(f, 1280, 800), FitView(f, 1280, 800)}
		cams[1].Orbit(3, 1)
		opt := view.Default()
		var l drawLists
		frame := func(i int, orbit bool) {
			f.Answer = f.Mesh.Answer(sc.Motion)
			cam := cams[0]
			if orbit {
				cam = cams[i%2]
			}
			l.Build(f, cam, opt)
		}
		for _, mode := range []string{"drag", "orbit"} {
			b.Run(name+"/"+mode, func(b *testing.B) {
				b.ReportAllocs()
				cpu := cpuTime()
				i := 0
				for b.Loop() {
					frame(i, mode == "orbit")
					i++
				}
				reportCPU(b, cpu)
				b.ReportMetric(float64(l.TriangleCount()), "tris")
			})
		}
		b.Run(name+"/orbit-lists-only", func(b *testing.B) {
			b.ReportAllocs()
			cpu := cpuTime()
			i := 0
			for b.Loop() {
				l.Build(f, cams[i%2], opt)
				i++
			}
			reportCPU(b, cpu)
		})
	}
}

// cpuTime returns the CPU time (user + system) the process has used, or 0
// where the system cannot say. On a shared machine it is a steadier figure
// than the wall-clock ns/op, which counts the time other processes hold
// the CPUs.
func cpuTime() time.Duration {
	d, _ := cpuclock.Process()
	return d
}

// reportCPU reports the process CPU time per iteration since start, in
// milliseconds (summed over threads: the parallel build counts every core).
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N)/1e6, "cpu-ms/op")
}
