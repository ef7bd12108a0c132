package engine

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
)

// exactOf is the core's answer to q.
func exactOf(q Query) sweep.Answer {
	return q.Mesh.Core.Answer(q.Motion)
}

// TestJudgeSweepEdges moves one field of the exact answer of fallQuery
// (T 0.4, point (1,0,1), normal +y; the unit-space motion is 5 long) just
// inside and just outside the default tolerance of 1e-4.
func TestJudgeSweepEdges(t *testing.T) {
	q := fallQuery(floorMesh())
	exact := exactOf(q)
	cases := []struct {
		name string
		edit func(h *sweep.Hit)
		rule string // "" when it agrees
	}{
		{"exact", func(h *sweep.Hit) {}, ""},
		{"t inside", func(h *sweep.Hit) { h.T += 0.99e-4 / 5 }, ""},
		{"t outside", func(h *sweep.Hit) { h.T += 1.01e-4 / 5 }, "t"},
		{"t early outside", func(h *sweep.Hit) { h.T -= 1.01e-4 / 5 }, "t"},
		{"point inside", func(h *sweep.Hit) { h.Point[0] += 0.99e-4 }, ""},
		{"point outside", func(h *sweep.Hit) { h.Point[0] += 1.01e-4 }, "point"},
		{"normal inside", func(h *sweep.Hit) { h.Normal[2] += 0.99e-4 }, ""},
		{"normal outside", func(h *sweep.Hit) { h.Normal[2] += 1.01e-4 }, "normal"},
		{"feature", func(h *sweep.Hit) { h.Feature = sweep.Vertex }, "feature"},
		{"triangle", func(h *sweep.Hit) { h.Triangle = 7 }, "triangle"},
		{"nan t", func(h *sweep.Hit) { h.T = math.NaN() }, "nonfinite"},
		{"inf point", func(h *sweep.Hit) { h.Point[1] = math.Inf(-1) }, "nonfinite"},
	}
	for _, c := range cases {
		got := exact
		c.edit(&got.First)
		v := q.Judge(judge.Judge{}, OpSweep, exact, got)
		if c.rule == "" && v.State != judge.Agrees || c.rule != "" && (v.State != judge.Wrong || v.Rule != c.rule) {
			t.Errorf("%s: %v, want rule %q", c.name, v, c.rule)
		}
	}
	miss := exact
	miss.Hit = false
	if v := q.Judge(judge.Judge{}, OpSweep, exact, miss); v.Rule != "miss" || math.Abs(v.By-1) > 1e-9 {
		t.Errorf("a miss through the floor: %v, want miss by 1", v) // the center passes y = 0: unit distance 0
	}
}

// TestJudgeGraze: a motion whose closest approach is 1 - 0.5e-4 may be
// called a miss; at 1 - 2e-4 it may not.
func TestJudgeGraze(t *testing.T) {
	m := floorMesh()
	for _, c := range []struct {
		y    float64
		want judge.State
	}{{1 - 0.5e-4, judge.Agrees}, {1 - 2e-4, judge.Wrong}} {
		q := Query{Mesh: m, Motion: sweep.Motion{Shape: sweep.EllipsoidShape(sweep.Sphere(1)), Start: mgl64.Vec3{1, c.y, -3}, End: mgl64.Vec3{1, c.y, 6}}}
		exact := exactOf(q)
		if !exact.Hit {
			t.Fatalf("y %v: the core misses", c.y)
		}
		if v := q.Judge(judge.Judge{}, OpSweep, exact, sweep.Answer{}); v.State != c.want {
			t.Errorf("y %v: %v, want %v", c.y, v, c.want)
		}
	}
}

func TestJudgeSlide(t *testing.T) {
	m := floorMesh()
	q := Query{Mesh: m, Motion: sweep.Motion{Shape: sweep.EllipsoidShape(sweep.Sphere(1)), Start: mgl64.Vec3{1, 3, 1}, End: mgl64.Vec3{2, -2, 1}}}
	exact := exactOf(q)
	ok := exact
	if v := q.Judge(judge.Judge{}, OpSlide, exact, ok); v.State != judge.Agrees {
		t.Fatalf("the core's own slide: %v", v)
	}
	cases := []struct {
		name  string
		final mgl64.Vec3
		steps []sweep.SlideStep
		rule  string
	}{
		{"inside", mgl64.Vec3{1.5, 0.5, 1}, nil, "inside"},
		{"through", mgl64.Vec3{1, -3, 1}, nil, "passes-through"},
		{"through via steps", mgl64.Vec3{1, 3, 1.5}, []sweep.SlideStep{{Contact: mgl64.Vec3{1, -3, 1}}}, "passes-through"},
		{"sticks", q.Start, nil, "sticks"},
		{"nan", mgl64.Vec3{math.NaN(), 1, 1}, nil, "nonfinite"},
		{"rests elsewhere", mgl64.Vec3{1.2, 1.0005, 1}, nil, ""},
	}
	for _, c := range cases {
		got := sweep.Answer{Slid: true, Slide: sweep.SlideResult{Final: c.final, Steps: c.steps}}
		if c.steps != nil {
			got.Has = sweep.HasSteps
		}
		v := q.Judge(judge.Judge{}, OpSlide, exact, got)
		if c.rule == "" && v.State != judge.Agrees || c.rule != "" && (v.State != judge.Wrong || v.Rule != c.rule) {
			t.Errorf("%s: %v, want rule %q", c.name, v, c.rule)
		}
	}
}

// TestJudgeSlideTiny: on a motion shorter than the skin the core's own
// slide does not stick.
func TestJudgeSlideTiny(t *testing.T) {
	q := Query{Mesh: floorMesh(), Motion: sweep.Motion{Shape: sweep.EllipsoidShape(sweep.Sphere(1)), Start: mgl64.Vec3{1, 2, 1}, End: mgl64.Vec3{1.0002, 2.0002, 1.0004}}}
	exact := exactOf(q)
	if v := q.Judge(judge.Judge{}, OpSlide, exact, exact); v.State != judge.Agrees {
		t.Errorf("the core's own slide of a tiny motion: %v", v)
	}
}

func TestOpinionsAgree(t *testing.T) {
	q := fallQuery(floorMesh())
	r, errs := Opinions(t.Context(), q, Builtins(), judge.Exact)
	for _, err := range errs {
		if err != nil && !SatOut(err) { // the convex method sits out ellipsoids
			t.Fatal(err)
		}
	}
	if !r.Agree() || len(r.Opinions) != 3 || r.Opinions[0].Algorithm != coreName || len(r.Candidates) == 0 {
		t.Fatalf("report:\n%s", r)
	}
	bad := &planted{Engine: Core(), dt: 0.01}
	r, _ = Opinions(t.Context(), q, []Engine{Core(), bad, oracleEngine()}, judge.Exact)
	if r.Agree() || !strings.Contains(r.String(), "t: core vs planted") || len(r.Disagreements) != 1 {
		t.Fatalf("a planted error is reported against the referee only:\n%s", r)
	}
}

// planted is an engine whose sweeps are another's with T moved by dt.
type planted struct {
	Engine
	dt float64
}

func (p *planted) Name() string { return "planted" }

func (p *planted) Sweep(ctx context.Context, q Query) (sweep.Answer, error) {
	a, err := p.Engine.Sweep(ctx, q)
	a.First.T += p.dt
	return a, err
}

// TestJudgeFarHit: a hit claimed where no triangle comes within reach of
// the motion is wrong by how far the claimed contact lies from the
// ellipsoid (finite, by hand: the center at T 0.5 is (1, 9.5, 1), 9.5 from
// the claimed point (1, 0, 1), so 8.5 beyond the surface).
func TestJudgeFarHit(t *testing.T) {
	q := Query{Mesh: floorMesh(), Motion: sweep.Motion{Shape: sweep.EllipsoidShape(sweep.Sphere(1)), Start: mgl64.Vec3{1, 10, 1}, End: mgl64.Vec3{1, 9, 1}}}
	got := sweep.Answer{Hit: true, First: sweep.Hit{T: 0.5, Point: mgl64.Vec3{1, 0, 1}}, Has: sweep.HasPoint}
	v := q.Judge(judge.Judge{}, OpSweep, exactOf(q), got)
	if v.State != judge.Wrong || v.Rule != "hit" || math.Abs(v.By-8.5) > 1e-12 {
		t.Errorf("verdict %v, want wrong: hit by 8.5", v)
	}
	got.Has = 0 // nothing to measure: at least 1
	if v := q.Judge(judge.Judge{}, OpSweep, exactOf(q), got); v.Rule != "hit" || v.By != 1 {
		t.Errorf("without a point: %v, want wrong: hit by 1", v)
	}
}

// TestJudgeSlideEmbeddedStart: a slide that starts overlapping the mesh
// may rest as deep as it began (the core's own slide on the built-in
// "embedded" does), but not deeper.
func TestJudgeSlideEmbeddedStart(t *testing.T) {
	tris := []geom.Triangle{{{-4, 0, -4}, {4, 0, 4}, {4, 0, -4}}, {{-4, 0, -4}, {-4, 0, 4}, {4, 0, 4}}}
	m := MeshOf(tris, sweep.NewMesh(tris))
	q := Query{Mesh: m, Motion: sweep.Motion{Shape: sweep.EllipsoidShape(sweep.Sphere(0.5)), Start: mgl64.Vec3{0, 0.3, 0}, End: mgl64.Vec3{3, 0.2, 0}}}
	exact := exactOf(q)
	if v := q.Judge(judge.Judge{}, OpSlide, exact, exact); v.State != judge.Agrees {
		t.Fatalf("the core's own slide: %v", v)
	}
	deeper := sweep.Answer{Slid: true, Slide: sweep.SlideResult{Final: mgl64.Vec3{3, 0.2, 0}}}
	v := q.Judge(judge.Judge{}, OpSlide, exact, deeper)
	if v.State != judge.Wrong || v.Rule != "inside" || math.Abs(v.By-0.2) > 1e-9 {
		t.Errorf("deeper than the start: %v, want inside by 0.2", v)
	}
}

// TestJudgeSweepKinds: a wrong sweep names its most telling difference
// (the feature before t and point), and its Kind the rule with the exact
// contact's feature.
func TestJudgeSweepKinds(t *testing.T) {
	q := fallQuery(floorMesh())
	exact := exactOf(q)
	late := exact
	late.First.T += 0.01
	late.First.Point[0] += 0.01
	vertex := late
	vertex.First.Feature = sweep.Vertex
	miss := exact
	miss.Hit = false

	touching := q
	touching.Start = mgl64.Vec3{1, 0.5, 1}
	exactTouching := exactOf(touching)
	missTouching := exactTouching
	missTouching.Hit = false

	over := q
	over.Start, over.End = mgl64.Vec3{1, 3, 1}, mgl64.Vec3{3, 3, 1}
	hit := exact
	hit.First.T = 0.5
	cases := []struct {
		name     string
		q        Query
		exact    sweep.Answer
		got      sweep.Answer
		rule     string
		kind     string
		wantFeat string
	}{
		{"feature before t and point", q, exact, vertex, "feature", "feature face->vertex", "face->vertex"},
		{"t before point", q, exact, late, "t", "t (face)", "face"},
		{"miss", q, exact, miss, "miss", "miss (face)", "face"},
		{"miss at the start", touching, exactTouching, missTouching, "miss", "miss (at start)", judge.FeatureStart},
		{"hit where the core misses", over, exactOf(over), hit, "hit", "hit", ""},
		{"agrees", q, exact, exact, "", "", ""},
	}
	for _, c := range cases {
		v := c.q.Judge(judge.Judge{}, OpSweep, c.exact, c.got)
		if v.Rule != c.rule || v.Kind() != c.kind || v.Feature != c.wantFeat {
			t.Errorf("%s: %v, feature %q, kind %q; want rule %q, feature %q, kind %q", c.name, v, v.Feature, v.Kind(), c.rule, c.wantFeat, c.kind)
		}
	}
}
