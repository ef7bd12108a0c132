package hunt

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/scene"
	"sweepdbg/scene/judge"
	"sweepdbg/scene/opinions"
)

// note is what a fixture written by the hunter records in its "hunt"
// field (an extra top-level field, kept by load and save).
type note struct {
	Kind   string   `json:"kind"`
	Worst  number   `json:"worst"`
	Detail string   `json:"detail"`
	Scene  string   `json:"scene"` // the scene hunted in
	Seed   uint64   `json:"seed"`
	Report []string `json:"report,omitempty"` // the three opinions, one line each
}

// number is a float64 that JSON-encodes NaN and ±Inf (a NaN finding's
// Worst) as the strings "NaN", "+Inf" and "-Inf".
type number float64

// MarshalJSON implements json.Marshaler.
func (x number) MarshalJSON() ([]byte, error) {
	f := float64(x)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return []byte(`"` + fmt.Sprint(f) + `"`), nil
	}
	return json.Marshal(f)
}

// unsafe matches what a fixture name leaves out.
var unsafe = regexp.MustCompile(`[^a-z0-9]+`)

// fixtureName turns a kind into a fixture name: "hunt-t-unitspace".
func fixtureName(kind string) string {
	return "hunt-" + strings.Trim(unsafe.ReplaceAllString(strings.ToLower(kind), "-"), "-")
}

// sceneOf turns a shrunk case into a fixture scene. Its expectation is the
// first contact of an algorithm that is not blamed (the oracle's, or the
// core's when the oracle is blamed), so that `debugger replay` fails on the
// fixture exactly while the core is the one in the wrong; slide findings
// carry no expectation (the "hunt" note says what went wrong).
func sceneOf(c Case, p Problem, from string, seed uint64, tol judge.Tolerance) (*scene.Scene, error) {
	s := &scene.Scene{Name: fixtureName(p.Kind), Motion: c.Motion, Extra: map[string]json.RawMessage{}}
	index := map[mgl64.Vec3]int{}
	for _, t := range c.Tris {
		var tri [3]int
		for k, v := range t {
			i, ok := index[v]
			if !ok {
				i = len(s.Mesh.Vertices)
				index[v] = i
				s.Mesh.Vertices = append(s.Mesh.Vertices, v)
			}
			tri[k] = i
		}
		s.Mesh.Triangles = append(s.Mesh.Triangles, tri)
	}
	n := note{Kind: p.Kind, Worst: number(p.Worst), Detail: p.Detail, Scene: from, Seed: seed}
	if !strings.HasPrefix(p.Kind, "slide") {
		w := newWorld(c)
		rep := opinions.Compare(w.geo, w.mesh, c.Motion, tol)
		n.Report = strings.Split(strings.TrimSpace(rep.String()), "\n")
		s.Expect = expectOf(rep, p.Kind, tol)
	}
	for key, v := range map[string]any{"hunt": n, "description": fmt.Sprintf("found by debugger hunt in %s: %s (%s)", from, p.Kind, p.Detail)} {
		raw, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("hunt: fixture %s: %w", s.Name, err)
		}
		s.Extra[key] = raw
	}
	return s, s.Validate()
}

// expectOf is the expectation of a disagreement fixture: the oracle's
// answer, or the core's when the oracle is the one blamed.
func expectOf(rep *opinions.Report, kind string, tol judge.Tolerance) *scene.Expect {
	ref := rep.Opinions[2]
	if strings.Contains(kind, opinions.Oracle) && !strings.Contains(kind, opinions.Rouwe) {
		ref = rep.Opinions[0]
	}
	hit := ref.OK
	e := &scene.Expect{Hit: &hit}
	if hit {
		h := ref.Hit
		// Not the feature: it differs legitimately on ties (a vertex lies
		// on two edges).
		t, point, normal, tolT := h.T, h.Point, h.Normal, tol.T
		e.T, e.Point, e.Normal, e.Tolerance = &t, &point, &normal, &tolT
	}
	return e
}
