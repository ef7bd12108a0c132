package hunt

import (
	"context"
	"fmt"
	"math"
	"sort"

	"sweepdbg/scene"
)

// job is one of a hunt's parallel searches: it takes the shard's next
// case in turn, checks it with a checker (and engines) of its own, hands
// the problems to the hunter, which merges them in case order, and
// shrinks the new kinds that merge reveals.
type job struct {
	h *hunter
	k *checker
}

// shrinkJob is the first case of a new kind, to shrink and write.
type shrinkJob struct {
	finding int // index in Summary.Findings
	c       Case
	p       Problem
}

// freeTries is how many times caseAt draws a case looking for one whose
// start is clear of the mesh: random and aimed motions often start inside
// some other triangle, and such cases only exercise T = 0.
const freeTries = 3

func (j *job) run(ctx context.Context) {
	h := j.h
	for {
		n, ok := h.claim(ctx)
		if !ok {
			return
		}
		c, w := h.caseAt(h.cfg.Shard.CaseIndex(n))
		probs := j.k.check(w, c)
		if err := j.k.engineErr(); err != nil {
			h.fail(err)
			return
		}
		for _, s := range h.merge(n, c, probs) {
			if !j.shrink(ctx, s) {
				return
			}
		}
	}
}

// caseAt is case k of the seed, preferring one with a clear start (each
// of up to freeTries draws from the case's own random source), and its
// world.
func (h *hunter) caseAt(k uint64) (Case, *world) {
	g := h.gen.at(h.cfg.Seed, k)
	for i := 1; ; i++ {
		c := g.next()
		w := h.full.forCase(c)
		if d, _ := w.geo.Dist(c.Start); d > 1 || i == freeTries {
			return c, w
		}
	}
}

// claim hands out the shard's next ordinal; false once the hunt is over
// (time, case budget, StopAfter, an error or ctx).
func (h *hunter) claim(ctx context.Context) (uint64, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.stopped || h.err != nil || ctx.Err() != nil || !h.cfg.Shard.owns(h.claimed, h.cfg.Cases) ||
		!h.deadline.IsZero() && h.cfg.Now().After(h.deadline) {
		return 0, false
	}
	n := h.claimed
	h.claimed++
	return n, true
}

// merge takes the problems of the shard's case n and merges every tried
// case it can into the summary in case order (so the first case of a kind
// is the one with the lowest index, whichever job tried it first). It
// returns the new kinds to shrink.
func (h *hunter) merge(n uint64, c Case, probs []Problem) []shrinkJob {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.stopped {
		return nil
	}
	h.pending[n] = probs
	if len(probs) > 0 {
		h.cases[n] = c
	}
	var jobs []shrinkJob
	for !h.stopped {
		next, ok := h.pending[h.folded]
		if !ok {
			break
		}
		jobs = append(jobs, h.fold(h.cases[h.folded], next)...)
		delete(h.pending, h.folded)
		delete(h.cases, h.folded)
		h.folded++
	}
	return jobs
}

// fold counts the case at ordinal h.folded (with h.mu held): later cases
// of a known kind are counted, the first of a new kind is returned to be
// shrunk.
func (h *hunter) fold(c Case, probs []Problem) []shrinkJob {
	h.sum.Cases++
	h.spread(probs)
	var jobs []shrinkJob
	for _, p := range probs {
		if i, ok := h.kinds[p.Kind]; ok {
			f := &h.sum.Findings[i]
			f.Count++
			f.Worst = math.Max(f.Worst, p.Worst)
			continue
		}
		h.kinds[p.Kind] = len(h.sum.Findings)
		h.shrinking[p.Kind] = true
		jobs = append(jobs, shrinkJob{len(h.sum.Findings), c, p})
		h.sum.Findings = append(h.sum.Findings, Finding{Kind: p.Kind, Count: 1, Worst: p.Worst, Index: h.cfg.Shard.CaseIndex(h.folded)})
	}
	if h.cfg.StopAfter > 0 && len(h.sum.Findings) >= h.cfg.StopAfter {
		h.stopped = true
	}
	return jobs
}

// shrink shrinks a new kind's first case, writes its fixture and fills in
// the finding; false when the hunt must stop (a fixture not written, a
// broken engine).
func (j *job) shrink(ctx context.Context, s shrinkJob) bool {
	h := j.h
	small, final := j.shrinkCase(ctx, s.c, s.p)
	fx, err := j.fixture(small, final)
	var path string
	if err == nil {
		path, err = scene.ExportByContent(h.cfg.Out, fx)
	}
	h.mu.Lock()
	f := &h.sum.Findings[s.finding]
	f.Detail, f.Saved, f.Case, f.Triangles, f.Fixture = final.Detail, final.Worst, small, len(small.Tris), path
	delete(h.shrinking, s.p.Kind)
	h.mu.Unlock()
	if err != nil {
		h.fail(fmt.Errorf("hunt: writing the fixture of %q: %w", s.p.Kind, err))
		return false
	}
	if err := j.k.engineErr(); err != nil {
		h.fail(err)
		return false
	}
	return true
}

// shrinkCase shrinks c while it fails as p does, and returns it with its
// problem of that kind.
func (j *job) shrinkCase(ctx context.Context, c Case, p Problem) (Case, Problem) {
	s := &shrinker{fails: failsAs(j.k, p.Kind), now: j.h.cfg.Now, deadline: j.h.shrinkDeadline(), ctx: ctx}
	small := s.shrink(c)
	if j.k.eng != nil {
		small = fewer(small, s.fails)
		j.k.eng.forget()
	}
	final := p
	for _, q := range j.k.check(newWorld(small), small) {
		if q.Kind == p.Kind {
			final = q
		}
	}
	return small, final
}

// spread counts, for each engine wrong in a case's problems, how far off
// it is (its largest amount in the case), with h.mu held.
func (h *hunter) spread(probs []Problem) {
	worst := map[string]float64{}
	for _, p := range probs {
		if w, ok := worst[p.Engine]; p.Engine != "" && (!ok || p.Worst > w || math.IsNaN(p.Worst)) {
			worst[p.Engine] = p.Worst
		}
	}
	for e, w := range worst {
		s := h.spreads[e]
		if s == nil {
			s = &spread{}
			h.spreads[e] = s
		}
		s.add(w)
	}
}

// noise is the summary's NoiseHints, by engine name.
func (h *hunter) noise() []NoiseHint {
	h.mu.Lock()
	defer h.mu.Unlock()
	var hints []NoiseHint
	for e, s := range h.spreads {
		if n, ok := s.hint(h.cfg.Judge.Tolerance().T); ok {
			n.Engine = e
			hints = append(hints, n)
		}
	}
	sort.Slice(hints, func(i, j int) bool { return hints[i].Engine < hints[j].Engine })
	return hints
}
