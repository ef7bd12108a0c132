package hunt

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/scene"
	"sweepdbg/scene/judge"
	"sweepdbg/scene/opinions"
	"sweepdbg/sweep"
)

// huntTime is how long each built-in scene is hunted in by the tests.
func huntTime() time.Duration {
	if testing.Short() {
		return 400 * time.Millisecond
	}
	return 3 * time.Second
}

// floorTris is the square -10 <= x, z <= 10 in the plane y = 0.
var floorTris = []geom.Triangle{
	{{-10, 0, -10}, {10, 0, -10}, {10, 0, 10}},
	{{-10, 0, -10}, {10, 0, 10}, {-10, 0, 10}},
}

// TestJudgeSlide feeds hand-made slide results for a unit sphere over the
// floor to the slide checks.
func TestJudgeSlide(t *testing.T) {
	k := &checker{tol: judge.Exact}
	c := Case{Tris: floorTris, Motion: sweep.Motion{Shape: sweep.EllipsoidShape(sweep.Sphere(1)), Start: mgl64.Vec3{0, 3, 0}, End: mgl64.Vec3{5, -1, 0}, Slide: sweep.SlideOptions{MaxIterations: 5, Skin: 0.001}}}
	geo := judge.NewGeometry(c.Shape, c.Tris)
	// The first contact: the center at (1, 1, 0), normal +y, nudged up by
	// the skin.
	step := sweep.SlideStep{Hit: sweep.Hit{T: 0.5, Point: mgl64.Vec3{1, 0, 0}, Normal: mgl64.Vec3{0, 1, 0}}, Contact: mgl64.Vec3{1, 1, 0}, Resume: mgl64.Vec3{1, 1.001, 0}}
	cases := []struct {
		name  string
		res   sweep.SlideResult
		kind  string
		worst float64
	}{
		// Glides the whole tangential motion (4 along x): fine.
		{"right", sweep.SlideResult{Steps: []sweep.SlideStep{step}, Final: mgl64.Vec3{5, 1.001, 0}}, "", 0},
		// Straight down to y = -3 without a contact: the center crosses
		// the floor (distance 0, 1 deep).
		{"through", sweep.SlideResult{Final: mgl64.Vec3{0, -3, 0}}, KindSlideThrough, 1},
		// Ends with the center 0.5 above the floor: 0.5 deep.
		{"inside", sweep.SlideResult{Final: mgl64.Vec3{0, 0.5, 0}}, KindSlideInside, 0.5},
		// Stays at the resume pose although the 4 units along +x are free:
		// half of the probe (2 of 4) not made, over 4.
		{"stuck", sweep.SlideResult{Steps: []sweep.SlideStep{step}, Final: step.Resume}, KindSlideStuck, 0.5},
		{"nan", sweep.SlideResult{Final: mgl64.Vec3{math.NaN(), 0, 0}}, KindSlideNaN, math.Inf(1)},
	}
	for _, tc := range cases {
		probs := k.judgeSlide(geo, c, tc.res)
		if tc.kind == "" {
			if len(probs) != 0 {
				t.Errorf("%s: %+v", tc.name, probs)
			}
			continue
		}
		if len(probs) != 1 || probs[0].Kind != tc.kind || !(math.Abs(probs[0].Worst-tc.worst) < 1e-9 || probs[0].Worst == tc.worst) {
			t.Errorf("%s: %+v, want %s worst %g", tc.name, probs, tc.kind, tc.worst)
		}
	}
}

// TestBlame: the algorithm in most disagreements of a field is blamed; a
// lone pair is named as a pair.
func TestBlame(t *testing.T) {
	ds := []opinions.Disagreement{
		{Field: "t", A: opinions.Rouwe, B: opinions.UnitSpace, Diff: 1e-3},
		{Field: "t", A: opinions.UnitSpace, B: opinions.Oracle, Diff: 2e-3},
		{Field: "point", A: opinions.Rouwe, B: opinions.Oracle, Diff: 1e-4},
		{Field: "normal", A: opinions.Oracle, B: opinions.GeometryCheck, Diff: 0.1},
	}
	got := blame(ds)
	want := []Problem{{Kind: "t: unitspace", Worst: 2e-3}, {Kind: "point: core/oracle", Worst: 1e-4}, {Kind: "normal: oracle", Worst: 0.1}}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		if got[i].Kind != want[i].Kind || got[i].Worst != want[i].Worst || got[i].Detail == "" {
			t.Errorf("problem %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestShrink runs the shrinker with a made-up failure: "triangles 7 and 23
// are present, the start has x > 0.3, the motion is longer than 0.5 and
// the ellipsoid is valid". The result is derived by hand from the order of
// the steps: ddmin leaves exactly those two triangles; the start walks
// toward the end (3.3 along x) by halves, quarters and tenths while the
// motion stays longer than 0.5, to x = 3.4815; rounding then takes the
// start to (5, 0, 0) (grid 10 gives x = 0), the end to the origin (grid
// 10), and the ellipsoid to a sphere of its mean semi-axis 0.6, rounded to
// 1 (grids 10, 5 and 2 give 0).
func TestShrink(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	tris := make([]geom.Triangle, 50)
	for i := range tris {
		for k := range tris[i] {
			tris[i][k] = mgl64.Vec3{float64(r.Float64() * 3), float64(r.Float64() * 3), float64(r.Float64() * 3)}
		}
	}
	t7, t23 := tris[7], tris[23]
	has := func(ts []geom.Triangle, x geom.Triangle) bool {
		for _, y := range ts {
			if y == x {
				return true
			}
		}
		return false
	}
	fails := func(c Case) bool {
		return has(c.Tris, t7) && has(c.Tris, t23) && c.Start[0] > 0.3 && geom.Len(c.End.Sub(c.Start)) > 0.5 && c.Ellipsoid.Validate() == nil
	}
	start := mgl64.Vec3{0.73456, 0.1234, 2.34567}
	c := Case{Tris: tris, Motion: sweep.Motion{Shape: sweep.EllipsoidShape(sweep.Ellipsoid{Axes: [3]mgl64.Vec3{{0.3, 0, 0}, {0, 0.6, 0}, {0, 0, 0.9}}}), Start: start, End: start.Add(mgl64.Vec3{3.3, 0, 0})}}
	s := &shrinker{fails: fails, deadline: time.Now().Add(time.Minute), now: time.Now}
	got := s.shrink(c)
	if len(got.Tris) != 2 || got.Tris[0] != t7 || got.Tris[1] != t23 {
		t.Errorf("triangles %v, want [%v %v]", got.Tris, t7, t23)
	}
	if got.Start != (mgl64.Vec3{5, 0, 0}) || got.End != (mgl64.Vec3{}) || got.Ellipsoid != sweep.Sphere(1) {
		t.Errorf("start %v end %v ellipsoid %v, want (5, 0, 0), the origin, a unit sphere", got.Start, got.End, got.Ellipsoid)
	}
}

func TestRoundVec(t *testing.T) {
	got := roundVec(mgl64.Vec3{0.2999999, -0.04, 12.345}, 0.1)
	if got != (mgl64.Vec3{0.3, 0, 12.3}) || math.Signbit(got[1]) {
		t.Errorf("roundVec = %v", got)
	}
}

// TestFixture: a finding's fixture is a valid scene that loads back as the
// same case, with the hunt's note and the oracle's expectation.
func TestFixture(t *testing.T) {
	c := Case{Tris: floorTris, Motion: sweep.Motion{Shape: sweep.EllipsoidShape(sweep.Sphere(1)), Start: mgl64.Vec3{1, 3, 1}, End: mgl64.Vec3{1, -2, 1}, Slide: sweep.SlideOptions{MaxIterations: 3, Skin: 0.01}}}
	p := Problem{Kind: "t: core", Worst: 0.5, Detail: "made up"}
	s, err := sceneOf(c, p, "floor", 42, judge.Exact)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path, err := scene.ExportByContent(dir, s)
	if err != nil {
		t.Fatal(err)
	}
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	if want := "hunt-t-core-" + hex.EncodeToString(sum[:4]) + ".json"; filepath.Base(path) != want {
		t.Errorf("fixture name %s, want %s", path, want)
	}
	if again, err := scene.ExportByContent(dir, s); err != nil || again != path {
		t.Errorf("the same fixture again: %q, %v; want %q", again, err, path)
	}
	back, err := scene.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	got := caseOf(back)
	if len(got.Tris) != 2 || got.Tris[0] != c.Tris[0] || got.Tris[1] != c.Tris[1] || got.Start != c.Start || got.End != c.End || got.Ellipsoid != c.Ellipsoid || got.Slide != c.Slide {
		t.Errorf("loaded case %+v, want %+v", got, c)
	}
	// Falling from y = 3 by 5 onto the floor: the oracle's T is 0.4.
	if e := back.Expect; e == nil || e.Hit == nil || !*e.Hit || e.T == nil || math.Abs(*e.T-0.4) > 1e-12 {
		t.Errorf("expectation %+v", back.Expect)
	}
	if !strings.Contains(string(back.Extra["hunt"]), `"kind":"t: core"`) {
		t.Errorf("hunt note %s", back.Extra["hunt"])
	}
}

// caseOf is the case a fixture describes.
func caseOf(s *scene.Scene) Case {
	return Case{Tris: s.Mesh.Tris(), Motion: sweep.Motion{Shape: sweep.EllipsoidShape(s.Ellipsoid), Start: s.Start, End: s.End, Slide: s.Slide}}
}

func TestRunBadConfig(t *testing.T) {
	if _, err := Run(t.Context(), Config{}, nil); err == nil {
		t.Error("no error without a scene")
	}
	s, err := scene.Builtin(scene.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	s.Ellipsoid.Axes[0] = mgl64.Vec3{}
	if _, err := Run(t.Context(), Config{Scene: s}, nil); err == nil || !strings.Contains(err.Error(), s.Name) {
		t.Errorf("invalid scene: %v", err)
	}
}
