package hunt

import (
	"sweepdbg/geom"

	"context"
	"math"
	"math/rand/v2"
	"testing"

	"sweepdbg/scene/engine"
	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
)

// logUniform is n amounts spread evenly on a log scale over [lo, hi].
func logUniform(n int, lo, hi float64) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = float64(lo * math.Pow(hi/lo, float64(i)/float64(max(1, n-1))))
	}
	return xs
}

func spreadOf(xs ...[]float64) *spread {
	s := &spread{}
	for _, x := range xs {
		for _, v := range x {
			s.add(v)
		}
	}
	return s
}

// TestNoiseHint: amounts clustered just above the tolerance with a few
// real bugs far above give a hint with the cut between them; amounts of
// real bugs alone, or spread without a gap, give none.
func TestNoiseHint(t *testing.T) {
	const tol = 1e-4
	noise := logUniform(412, 1.01e-4, 1.8e-4)
	bugs := logUniform(18, 3e-3, 10)
	for _, c := range []struct {
		name   string
		s      *spread
		ok     bool
		want   NoiseHint
		reason string
	}{
		{"noise and bugs", spreadOf(noise, bugs), true, NoiseHint{Total: 430, Below: 412, Under: 2e-4, Tolerance: 3e-4}, ""},
		{"noise and bugs, shuffled", shuffled(noise, bugs), true, NoiseHint{Total: 430, Below: 412, Under: 2e-4, Tolerance: 3e-4}, "the order of the cases must not matter"},
		{"noise and crashes", spreadOf(noise, []float64{math.Inf(1), math.NaN()}), true, NoiseHint{Total: 414, Below: 412, Under: 2e-4, Tolerance: 3e-4}, "+Inf and NaN count among the rest"},
		{"noise alone", spreadOf(noise), true, NoiseHint{Total: 412, Below: 412, Under: 2e-4, Tolerance: 3e-4}, ""},
		{"bugs alone", spreadOf(bugs), false, NoiseHint{}, "nothing lies near the tolerance"},
		{"no gap", spreadOf(logUniform(400, 1.01e-4, 1)), false, NoiseHint{}, "amounts spread evenly have no gap"},
		{"few near the tolerance", spreadOf(noise[:3], bugs), false, NoiseHint{}, "3 cases are no cluster"},
		{"noise a minority", spreadOf(noise[:20], logUniform(40, 3e-3, 10)), false, NoiseHint{}, "the noise must be most of the cases"},
	} {
		got, ok := c.s.hint(tol)
		if ok != c.ok || ok && (got.Total != c.want.Total || got.Below != c.want.Below ||
			!near(got.Under, c.want.Under) || !near(got.Tolerance, c.want.Tolerance)) {
			t.Errorf("%s: %+v %v, want %+v %v (%s)", c.name, got, ok, c.want, c.ok, c.reason)
		}
	}
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Abs(b) }

func shuffled(xs ...[]float64) *spread {
	var all []float64
	for _, x := range xs {
		all = append(all, x...)
	}
	r := rand.New(rand.NewPCG(1, 2))
	r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	return spreadOf(all)
}

// noisyEngine is the exact core with every hit's point moved along the
// ellipsoid's first axis: by 1.5e-4 (unit-sphere distance) as noise, and
// by 0.05 as a real bug on about one case in eight (by the start's bits).
type noisyEngine struct{ engine.Engine }

func (noisyEngine) Name() string    { return "noisy" }
func (noisyEngine) Ops() engine.Ops { return engine.OpSweep }
func (n noisyEngine) Sweep(ctx context.Context, q engine.Query) (sweep.Answer, error) {
	a, err := n.Engine.Sweep(ctx, q)
	if a.Hit {
		off := 1.5e-4
		if math.Float64bits(q.Start[0])>>20%8 == 0 {
			off = 0.05
		}
		a.First.Point = a.First.Point.Add(geom.Scale(q.Ellipsoid.Axes[0], off))
	}
	return a, err
}

// TestHuntNoiseHint: a hunt of an engine that is mostly off by noise
// suggests a tolerance between the noise and its real bug; at that
// tolerance the hunt still finds the bug and suggests nothing.
func TestHuntNoiseHint(t *testing.T) {
	cfg := Config{Scene: floorScene(t), Cases: 300, Seed: 1, Out: t.TempDir(), Engines: [][]engine.Engine{{noisyEngine{engine.Core()}}}}
	sum, err := Run(t.Context(), cfg, nil)
	if err != nil || len(sum.Noise) != 1 {
		t.Fatalf("%v, noise %+v: want one hint", err, sum.Noise)
	}
	n := sum.Noise[0]
	if n.Engine != "noisy" || !near(n.Under, 2e-4) || !near(n.Tolerance, 3e-4) || n.Below < noiseMin || n.Above() < 1 {
		t.Errorf("hint %+v: want noisy's noise under 2e-4, tolerance 3e-4, cases on both sides", n)
	}
	cfg.Judge.Tol, cfg.Out = judge.Uniform(n.Tolerance), t.TempDir()
	sum, err = Run(t.Context(), cfg, nil)
	if err != nil || len(sum.Noise) != 0 || len(sum.Findings) == 0 {
		t.Errorf("at tolerance %g: %v, noise %+v, %d findings; want the bug found and no hint", n.Tolerance, err, sum.Noise, len(sum.Findings))
	}
	cases := 0
	for _, f := range sum.Findings {
		cases += f.Count
		if f.Worst < 0.01 {
			t.Errorf("at tolerance %g: finding %+v is noise", n.Tolerance, f)
		}
	}
	if cases != n.Above() {
		t.Errorf("at tolerance %g: %d wrong cases, the hint said %d would be kept", n.Tolerance, cases, n.Above())
	}
}
