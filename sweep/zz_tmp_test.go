package sweep

import "testing"

func BenchmarkZZCPU(b *testing.B) {
	_, m := benchTerrain()
	qs := benchQueries()
	e := Sphere(0.5)
	defer lockThread()()
	best := 1e9
	for r := 0; r < 15; r++ {
		c0, _ := threadCPU()
		for _, q := range qs {
			m.Sweep(e, q.begin, q.delta)
		}
		c1, _ := threadCPU()
		if d := float64((c1 - c0).Nanoseconds()) / float64(len(qs)) / 1e3; d < best {
			best = d
		}
	}
	b.ReportMetric(best, "min-cpu-us")
}

func BenchmarkZZSlideCPU(b *testing.B) {
	_, m := benchTerrain()
	qs := benchQueries()
	e := Sphere(0.5)
	defer lockThread()()
	best := 1e9
	steps := 0
	for r := 0; r < 10; r++ {
		c0, _ := threadCPU()
		for _, q := range qs {
			res := m.Slide(e, q.begin, q.begin.Add(q.delta), SlideOptions{})
			steps += len(res.Steps)
		}
		c1, _ := threadCPU()
		if d := float64((c1 - c0).Nanoseconds()) / float64(len(qs)) / 1e3; d < best {
			best = d
		}
	}
	b.ReportMetric(best, "min-cpu-us")
	b.ReportMetric(float64(steps)/float64(10*len(qs)), "steps")
}
