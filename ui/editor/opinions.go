package editor

import (
	"context"
	"fmt"
	"math"
	"strings"

	"sweepdbg/scene/engine"
	"sweepdbg/scene/judge"
	"sweepdbg/scene/opinions"
	"sweepdbg/sweep"
)

// Second opinions: the Result panel shows the core's first contact beside
// the other built-in engines' (the course's unit-sphere-space method and
// the numeric oracle), compared by engine.Opinions with the core as the
// referee, and the rejected candidates of the hit triangle.

// opinionsAutoLimit is the largest mesh (triangles) whose opinions are
// computed on every change of the motion; above it the oracle's scan is
// too slow for dragging and the panel offers a Compare button instead.
const opinionsAutoLimit = 50000

// opinionCache caches the three opinions on the current motion. They are
// computed again only when the Doc's revision (App.Rev) changes, never
// per frame.
type opinionCache struct {
	rev     uint64           // the revision Report (or Skipped) is for
	ran     bool             // rev is set
	meshRev uint64           // the Doc.MeshRev emesh wraps
	emesh   *engine.Mesh     // the engines' view of the Doc mesh (it keeps the oracle's index)
	Report  *opinions.Report // nil when not computed (see Skipped) or no scene
	// Skipped says why Report is nil for the current scene: the mesh has
	// more than opinionsAutoLimit triangles and Compare was not asked for.
	Skipped string
}

// Update computes the opinions for d's motion at revision rev if the
// revision changed since the last call; force computes them even for a
// large mesh (the Compare button). It reports whether it computed.
func (o *opinionCache) Update(d Doc, rev uint64, force bool) bool {
	if d.Scene == nil || d.Mesh == nil {
		*o = opinionCache{}
		return false
	}
	if o.ran && rev == o.rev && (o.Report != nil || !force) {
		return false
	}
	o.ran, o.rev, o.Report, o.Skipped = true, rev, nil, ""
	n := len(d.Scene.Mesh.Triangles)
	if n > opinionsAutoLimit && !force {
		o.Skipped = fmt.Sprintf("second opinions skipped: %d triangles (> %d); press Compare", n, opinionsAutoLimit)
		return false
	}
	if o.meshRev != d.MeshRev || o.emesh == nil {
		o.meshRev, o.emesh = d.MeshRev, engine.MeshOf(d.Scene.Mesh.Tris(), d.Mesh)
	}
	q := engine.Query{Mesh: o.emesh, Motion: motionOf(d.Scene)}
	o.Report, _ = engine.Opinions(context.Background(), q, engine.Builtins(), judge.Exact) // built-in engines never fail
	return true
}

// For reports whether the cached opinions (Report or Skipped) are for
// revision rev.
func (o *opinionCache) For(rev uint64) bool { return o.ran && o.rev == rev }

// Disagree returns the banner text when the opinions disagree beyond
// tolerance ("algorithms disagree: t: core vs oracle, off by 3.2e-04;
// ..."), "" when they agree or were not computed.
func (o *opinionCache) Disagree() string {
	r := o.Report
	if r == nil || r.Agree() {
		return ""
	}
	var parts []string
	for _, d := range r.Disagreements {
		parts = append(parts, d.String())
	}
	return "algorithms disagree: " + strings.Join(parts, "; ")
}

// OpinionRow is one line of the opinions table; Bad marks a line naming
// an algorithm or field in a disagreement (drawn highlighted).
type OpinionRow struct {
	Text string
	Bad  bool
}

// OpinionRows formats the report for the Result panel: per algorithm its
// verdict, T, point, normal, feature and triangle (rows of an algorithm
// that takes part in a disagreement are marked Bad), then the verdict,
// then the rejected candidates of the hit triangle with their roots and
// reasons.
func OpinionRows(o *opinionCache) []OpinionRow {
	var out []OpinionRow
	add := func(bad bool, format string, args ...any) {
		out = append(out, OpinionRow{fmt.Sprintf(format, args...), bad})
	}
	if o.Report == nil {
		if o.Skipped != "" {
			add(false, "%s", o.Skipped)
		}
		return out
	}
	r := o.Report
	involved := map[string]bool{}
	for _, d := range r.Disagreements {
		involved[d.A], involved[d.B] = true, true
	}
	for _, op := range r.Opinions {
		bad := involved[op.Algorithm]
		if !op.OK {
			add(bad, "%-9s no contact (err %.1e)", op.Algorithm, op.Err)
			continue
		}
		h := op.Hit
		add(bad, "%-9s t %.6f  %s tri %d", op.Algorithm, h.T, h.Feature, h.Triangle)
		add(bad, "   p %s", Vec(h.Point))
		add(bad, "   n %s", Vec(h.Normal))
	}
	if r.Agree() {
		add(false, "agree within tolerance (t %.0e)", r.Tolerance.T)
	} else {
		for _, d := range r.Disagreements {
			add(true, "! %s: %s vs %s %.1e", d.Field, d.A, d.B, d.Diff)
		}
	}
	if len(r.Candidates) > 0 {
		add(false, "candidates (unit-space, hit triangle):")
		for _, c := range r.Candidates {
			add(false, "  %s: %s", CandidateName(c.Feature, c.Index), CandidateText(c.T, c.Reason))
		}
	}
	return out
}

// CandidateName reads "face", "edge 1" or "vertex 2".
func CandidateName(f sweep.Feature, i int) string {
	if i < 0 {
		return f.String()
	}
	return fmt.Sprintf("%s %d", f, i)
}

// CandidateText is a candidate's root and why it won or lost, e.g. "t
// 0.5000 winner"; just the reason when t is NaN (no root).
func CandidateText(t float64, reason string) string {
	if math.IsNaN(t) {
		return reason
	}
	return fmt.Sprintf("t %.4f %s", t, reason)
}
