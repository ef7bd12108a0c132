package scene

import (
	"flag"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/assets"
	"sweepdbg/geom"
	"sweepdbg/internal/atomicfile"
	"sweepdbg/sweep"
	"sweepdbg/sweep/oracle"
)

// update makes TestBuiltins rewrite the expect block of every built-in
// scene (assets/scenes/*.json) from the core's result, after checking that
// result against the oracle:
//
//	go test ./scene -run TestBuiltins -update
var update = flag.Bool("update", false, "rewrite the built-in scenes' expectations from the core (after the oracle agrees)")

// oracleTolerance is how far the core and the oracle may differ in T,
// contact points, normals and slide poses. It is the fixtures' default
// tolerance: both are far more accurate (1e-12 and better) on these scenes,
// but a grazing contact turns a tiny distance error into a larger one in T.
const oracleTolerance = DefaultTolerance

// TestBuiltinsMatchAssets checks that the list of built-in scenes and the
// embedded files agree, and that there are at least twelve.
func TestBuiltinsMatchAssets(t *testing.T) {
	files, err := fs.Glob(assets.Scenes, "scenes/*.json")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), ".json"))
	}
	listed := Builtins()
	sort.Strings(names)
	sort.Strings(listed)
	if strings.Join(names, " ") != strings.Join(listed, " ") {
		t.Errorf("assets/scenes holds %v, Builtins lists %v", names, listed)
	}
	if len(listed) < 12 {
		t.Errorf("%d built-in scenes, want at least 12", len(listed))
	}
	if Builtins()[0] != DefaultName {
		t.Errorf("Builtins()[0] = %q, want the default %q first", Builtins()[0], DefaultName)
	}
	if _, err := Builtin("no-such-scene"); err == nil || !strings.Contains(err.Error(), DefaultName) {
		t.Errorf("Builtin(unknown) = %v, want an error listing the scenes", err)
	}
}

// TestBuiltins replays every built-in scene: each has a name matching its
// file, a description, and an expectation of every field, which the core
// meets and the oracle confirms (first contact and every piece of the
// slide). With -update it rewrites the expectations instead.
func TestBuiltins(t *testing.T) {
	for _, name := range Builtins() {
		t.Run(name, func(t *testing.T) {
			s, err := Builtin(name)
			if err != nil {
				t.Fatal(err)
			}
			if s.Name != name || s.Description() == "" {
				t.Errorf("scene %q in %s.json, description %q", s.Name, name, s.Description())
			}
			r, err := Replay(s)
			if err != nil {
				t.Fatal(err)
			}
			checkAgainstOracle(t, s, r)
			if *update {
				if !t.Failed() {
					writeExpectation(t, name, r)
				}
				return
			}
			checkComplete(t, s.Expect)
			for _, m := range r.Mismatches {
				t.Errorf("core disagrees with the written expectation: %s", m)
			}
			if h, ok := oracleHit(s); ok == r.Answer.Hit { // a disagreement on the hit itself is reported above
				e := s.Expect.clone()
				if ok && !uniqueContact(s.Shape, h.Normal, s.Mesh.Tris()[h.Triangle]) {
					e.Point, e.Feature = nil, nil // any point of the contact is right: compareContact checks the core's
				}
				for _, m := range e.Check(answer(h, ok, r.Answer.Slide)) {
					t.Errorf("oracle disagrees with the written expectation: %s", m)
				}
			}
		})
	}
}

// oracleHit is the oracle's first contact for the scene's sweep as a
// sweep.Hit, so that Expect.Check can hold it to the written expectation.
// Of triangles touched at the same time it names the expected one if that
// is among them.
func oracleHit(s *Scene) (sweep.Hit, bool) {
	c, tied, ok := oracleFirst(s.Mesh.Tris(), s.Shape, s.Start, s.End)
	if !ok {
		return sweep.Hit{}, false
	}
	h := sweep.Hit{T: c.T, Point: c.Point, Normal: c.Normal, Triangle: tied[0]}
	for _, f := range []sweep.Feature{sweep.Face, sweep.Edge, sweep.Vertex} {
		if f.String() == c.Feature {
			h.Feature = f
		}
	}
	for _, i := range tied {
		if s.Expect != nil && s.Expect.Triangle != nil && i == *s.Expect.Triangle {
			h.Triangle = i
		}
	}
	return h, true
}

// checkComplete requires every field of the expectation.
func checkComplete(t *testing.T, e *Expect) {
	t.Helper()
	if e == nil || e.Hit == nil || e.T == nil || e.Point == nil || e.Normal == nil ||
		e.Feature == nil || e.Triangle == nil || e.Final == nil {
		t.Errorf("expectation %+v lacks a field (want hit, t, point, normal, feature, triangle, final); run with -update", e)
	}
}

// writeExpectation rewrites the expect block of the stored scene from the
// core's result, rounded to 1e-12 to drop rounding noise.
func writeExpectation(t *testing.T, name string, r *ReplayResult) {
	raw, err := builtinRaw(name)
	if err != nil {
		t.Fatal(err)
	}
	round := func(v mgl64.Vec3) *mgl64.Vec3 {
		for i := range v {
			v[i] = math.Round(float64(v[i]*1e12))/1e12 + 0 // + 0 turns -0 into 0
		}
		return &v
	}
	e := &Expect{Hit: &r.Answer.Hit, Final: round(r.Answer.Slide.Final)}
	if r.Answer.Hit {
		h := r.Answer.First
		tt, feat, tri := round(mgl64.Vec3{h.T})[0], h.Feature.String(), h.Triangle
		e.T, e.Point, e.Normal, e.Feature, e.Triangle = &tt, round(h.Point), round(h.Normal), &feat, &tri
	}
	raw.Expect = e
	path := filepath.Join("..", "assets", builtinPath(name))
	if err := atomicfile.Write(path, encode(raw), true); err != nil {
		t.Fatal(err)
	}
	t.Logf("updated %s", path)
}

// candidates returns the indices, in increasing order, of the triangles
// whose bounds overlap the bounds of shape s swept from a to b (a triangle
// outside them cannot be touched), so that the oracle need not visit all
// of a dense mesh.
func candidates(tris []geom.Triangle, s sweep.Shape, a, b mgl64.Vec3) []int {
	ext := s.Extent().Add(mgl64.Vec3{1e-9, 1e-9, 1e-9})
	box := geom.EmptyAABB().Extend(a).Extend(b).Expand(ext)
	var out []int
	for i, tri := range tris {
		if box.Overlaps(geom.EmptyAABB().Extend(tri[0]).Extend(tri[1]).Extend(tri[2])) {
			out = append(out, i)
		}
	}
	return out
}

// oracleFirst is the oracle's first contact of shape s moving from a to b
// over the triangles, and every triangle touched within oracleTolerance of
// that time (ties, such as a contact on an edge two triangles share).
func oracleFirst(tris []geom.Triangle, s sweep.Shape, a, b mgl64.Vec3) (oracle.Contact, []int, bool) {
	type hit struct {
		c oracle.Contact
		i int
	}
	var hits []hit
	for _, i := range candidates(tris, s, a, b) {
		if c, ok := oracleContact(s, a, b.Sub(a), tris[i]); ok {
			hits = append(hits, hit{c, i})
		}
	}
	if len(hits) == 0 {
		return oracle.Contact{}, nil, false
	}
	sort.SliceStable(hits, func(x, y int) bool { return hits[x].c.T < hits[y].c.T })
	var tied []int
	for _, h := range hits {
		if h.c.T-hits[0].c.T <= oracleTolerance {
			tied = append(tied, h.i)
		}
	}
	return hits[0].c, tied, true
}

// checkAgainstOracle compares the core's first contact with the oracle's,
// then walks the slide's path (start, each contact and resume pose, final)
// and checks with the oracle that each piece ending at a contact first
// touches there, and the last piece touches nothing before Final.
func checkAgainstOracle(t *testing.T, s *Scene, r *ReplayResult) {
	t.Helper()
	tris := s.Mesh.Tris()
	c, tied, ok := oracleFirst(tris, s.Shape, s.Start, s.End)
	if ok != r.Answer.Hit {
		t.Fatalf("core hit = %v, oracle hit = %v", r.Answer.Hit, ok)
	}
	if ok {
		compareContact(t, "first contact", s.Shape, tris, r.Answer.First, c, tied)
		if d := math.Abs(r.Answer.First.T - c.T); !(d <= oracleTolerance) {
			t.Errorf("first contact: core t %v, oracle t %v", r.Answer.First.T, c.T)
		}
	}
	if ok && c.T == 0 {
		return // starts overlapping: every piece of the slide does; nothing more to check
	}
	from := s.Start
	for i, st := range r.Answer.Slide.Steps {
		piece := fmt.Sprintf("slide step %d", i)
		// The contact pose is at unit distance 1 up to rounding; carry the
		// piece a little past it so that the oracle sees the touch.
		past := st.Contact
		if dir := st.Contact.Sub(from); geom.Len(dir) > 0 {
			past = past.Add(geom.Scale(geom.Normalize(dir), oracleTolerance/10))
		}
		c, tied, ok := oracleFirst(tris, s.Shape, from, past)
		if !ok {
			t.Errorf("%s: the oracle finds no contact moving from %v to the contact pose %v", piece, from, st.Contact)
		} else {
			compareContact(t, piece, s.Shape, tris, st.Hit, c, tied)
			if d := geom.Len(c.Center.Sub(st.Contact)); !(d <= oracleTolerance) {
				t.Errorf("%s: the oracle's first contact is at center %v, %.3g before the core's contact pose %v", piece, c.Center, d, st.Contact)
			}
		}
		from = st.Resume
	}
	if c, _, ok := oracleFirst(tris, s.Shape, from, r.Answer.Slide.Final); ok {
		if d := geom.Len(c.Center.Sub(r.Answer.Slide.Final)); !(d <= oracleTolerance) {
			t.Errorf("last piece of the slide touches triangle at %v, %.3g before the final pose %v", c.Point, d, r.Answer.Slide.Final)
		}
	}
}

// compareContact checks point, normal and feature of a core hit against
// the oracle's contact, and the triangle against the tied set. Where the
// contact is not unique (a box face on a face: uniqueContact) any point of
// it is right, so the core's point is checked to be a contact (on its
// triangle and on the shape at the oracle's center) and the feature, which
// depends on the point, is not compared.
func compareContact(t *testing.T, what string, s sweep.Shape, tris []geom.Triangle, h sweep.Hit, c oracle.Contact, tied []int) {
	t.Helper()
	switch {
	case c.Normal == (mgl64.Vec3{}) || uniqueContact(s, c.Normal, tris[tied[0]]):
		if d := geom.Len(h.Point.Sub(c.Point)); !(d <= oracleTolerance) {
			t.Errorf("%s: core point %v, oracle point %v", what, h.Point, c.Point)
		}
		if h.Feature.String() != c.Feature {
			t.Errorf("%s: core feature %v, oracle feature %s", what, h.Feature, c.Feature)
		}
	case h.Triangle >= 0 && h.Triangle < len(tris):
		if msg := validContact(s, c.Center, h.Point, tris[h.Triangle], oracleTolerance); msg != "" {
			t.Errorf("%s: the contact is not unique, but the core's is not one: %s", what, msg)
		}
	}
	if c.Normal != (mgl64.Vec3{}) {
		if d := geom.Len(h.Normal.Sub(c.Normal)); !(d <= oracleTolerance) {
			t.Errorf("%s: core normal %v, oracle normal %v", what, h.Normal, c.Normal)
		}
	}
	found := false
	for _, i := range tied {
		found = found || i == h.Triangle
	}
	if !found {
		t.Errorf("%s: core triangle %d, oracle's first triangles %v", what, h.Triangle, tied)
	}
}

// TestFarSceneMatchesNear checks that wall-ramp-far, the default scene
// moved by 1e5 on every axis, gives the same result moved by the same
// offset: precision does not depend on the distance from the origin.
func TestFarSceneMatchesNear(t *testing.T) {
	near, far := replayBuiltin(t, "wall-ramp"), replayBuiltin(t, "wall-ramp-far")
	off := mgl64.Vec3{1e5, 1e5, 1e5}
	if near.Answer.Hit != far.Answer.Hit || len(near.Answer.Slide.Steps) != len(far.Answer.Slide.Steps) {
		t.Fatalf("near: hit %v, %d steps; far: hit %v, %d steps", near.Answer.Hit, len(near.Answer.Slide.Steps), far.Answer.Hit, len(far.Answer.Slide.Steps))
	}
	const tol = 1e-6
	if d := math.Abs(near.Answer.First.T - far.Answer.First.T); d > tol || near.Answer.First.Triangle != far.Answer.First.Triangle {
		t.Errorf("first contact: near t %v tri %d, far t %v tri %d", near.Answer.First.T, near.Answer.First.Triangle, far.Answer.First.T, far.Answer.First.Triangle)
	}
	pairs := [][2]mgl64.Vec3{{near.Answer.First.Point.Add(off), far.Answer.First.Point}, {near.Answer.Slide.Final.Add(off), far.Answer.Slide.Final}}
	for i := range near.Answer.Slide.Steps {
		pairs = append(pairs, [2]mgl64.Vec3{near.Answer.Slide.Steps[i].Contact.Add(off), far.Answer.Slide.Steps[i].Contact})
	}
	for _, p := range pairs {
		if d := geom.Len(p[0].Sub(p[1])); d > tol {
			t.Errorf("far pose %v differs from near pose + 1e5 = %v by %.3g", p[1], p[0], d)
		}
	}
}

func replayBuiltin(t *testing.T, name string) *ReplayResult {
	t.Helper()
	s, err := Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Replay(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestDefaultSceneIsInteresting: the default scene hits something and the
// slide makes at least two contacts, on two different planes.
func TestDefaultSceneIsInteresting(t *testing.T) {
	r := replayBuiltin(t, DefaultName)
	if !r.Answer.Hit || len(r.Answer.Slide.Steps) < 2 {
		t.Fatalf("default scene: hit %v, %d slide steps; want a hit and 2 or more steps", r.Answer.Hit, len(r.Answer.Slide.Steps))
	}
	n0, n1 := r.Answer.Slide.Steps[0].Hit.Normal, r.Answer.Slide.Steps[1].Hit.Normal
	if geom.Dot(n0, n1) > 0.99 {
		t.Errorf("default scene's first two contacts have the same normal %v", n0)
	}
}

// TestTerrain checks the generated terrain: at least 100k triangles, every
// vertex on the height function, and the generator field gone.
func TestTerrain(t *testing.T) {
	s, err := Builtin("terrain")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(s.Mesh.Triangles); n < 100000 {
		t.Errorf("terrain has %d triangles, want at least 100000", n)
	}
	for _, i := range []int{0, 777, len(s.Mesh.Vertices) - 1} {
		v := s.Mesh.Vertices[i]
		if v[1] != hillHeight(v[0], v[2]) {
			t.Errorf("vertex %d = %v is not on the height field (%v)", i, v, hillHeight(v[0], v[2]))
		}
	}
	if _, ok := s.Extra[generatorField]; ok {
		t.Errorf("generated scene still has the %q field", generatorField)
	}
}

// TestTestdataFixtures replays every fixture under scene/testdata. This is
// how an export becomes a regression test: drop the file exported from the
// debugger into scene/testdata and run go test ./scene.
func TestTestdataFixtures(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures in testdata (%v)", err)
	}
	for _, p := range files {
		s, err := Load(p)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		r, err := Replay(s)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		for _, m := range r.Mismatches {
			t.Errorf("%s: %s", p, m)
		}
	}
}

// TestBuiltinFilesAreCanonical checks that each stored scene is exactly
// what Marshal writes, so -update and hand edits leave no diff noise.
func TestBuiltinFilesAreCanonical(t *testing.T) {
	for _, name := range Builtins() {
		data, err := os.ReadFile(filepath.Join("..", "assets", builtinPath(name)))
		if err != nil {
			t.Fatal(err)
		}
		raw, err := builtinRaw(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := encode(raw); string(got) != string(data) {
			t.Errorf("%s.json is not in canonical form; re-encoding gives\n%s", name, got)
		}
	}
}

// TestOracleCatchesWrongExpectation: the oracle comparison of TestBuiltins
// can fail. thin-wall's contact is hand-derivable (the unit sphere's
// center, moving along x in the wall's plane, meets the wall's edge x = 0
// at x = -0.5: t = 1.5/4 = 0.375, point (0, 1.5, 0)); the oracle confirms
// it and rejects a t and a point moved by 1e-3.
func TestOracleCatchesWrongExpectation(t *testing.T) {
	s, err := Builtin("thin-wall")
	if err != nil {
		t.Fatal(err)
	}
	h, ok := oracleHit(s)
	if !ok || math.Abs(h.T-0.375) > 1e-9 || geom.Len(h.Point.Sub(mgl64.Vec3{0, 1.5, 0})) > 1e-9 || h.Feature != sweep.Edge {
		t.Fatalf("oracle: %+v, %v; want edge contact at t 0.375, point (0, 1.5, 0)", h, ok)
	}
	*s.Expect.T += 1e-3
	s.Expect.Point[1] -= 1e-3
	if got := fields(s.Expect.Check(answer(h, ok, sweep.SlideResult{Final: *s.Expect.Final}))); got != "t point" {
		t.Errorf("wrong expectation checked against the oracle: mismatches %q, want t point", got)
	}
}
