package hunt

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"sweepdbg/internal/testenv"
	"sweepdbg/scene/engine"
	"sweepdbg/sweep"
)

// mixedEngine is the exact core wrong in three ways: it misses vertex
// hits, calls edge hits face hits, and reports face hits late. It takes
// up to 300 µs longer at random, so that the jobs finish their cases out
// of order.
type mixedEngine struct{ lateEngine }

func (mixedEngine) Name() string { return "mixed" }
func (m mixedEngine) Sweep(ctx context.Context, q engine.Query) (sweep.Answer, error) {
	time.Sleep(time.Duration(rand.IntN(300)) * time.Microsecond)
	a, err := m.Engine.Sweep(ctx, q)
	switch {
	case !a.Hit:
	case a.First.Feature == sweep.Vertex:
		a.Hit, a.First = false, sweep.Hit{}
	case a.First.Feature == sweep.Edge:
		a.First.Feature = sweep.Face
	default:
		a.First.T = min(1, a.First.T+0.25)
	}
	return a, err
}

// lateJobs is one mixed engine per job.
func lateJobs(jobs int) [][]engine.Engine {
	sets := make([][]engine.Engine, jobs)
	for i := range sets {
		sets[i] = []engine.Engine{mixedEngine{lateEngine{engine.Core()}}}
	}
	return sets
}

// huntCases runs a hunt of the floor with mixed engines, a case budget and
// no time limit.
func huntCases(t *testing.T, jobs, cases int, shard Shard, out string) Summary {
	t.Helper()
	sum, err := Run(t.Context(), Config{Scene: floorScene(t), Cases: cases, Seed: 5, Shard: shard, Out: out, Jobs: jobs, Engines: lateJobs(jobs)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// TestJobsSameFindings: with a case budget, one job and two give the same
// summary (cases, kinds in the same order, counts, worst values, shrunk
// cases, first case indices) and the same fixture files, byte for byte.
func TestJobsSameFindings(t *testing.T) {
	const cases = 240
	dir1, dir2 := t.TempDir(), t.TempDir()
	one := huntCases(t, 1, cases, Shard{}, dir1)
	two := huntCases(t, 2, cases, Shard{}, dir2)
	if one.Cases != cases || len(one.Findings) < 2 {
		t.Fatalf("one job: %d cases, %d findings; want %d cases and at least two kinds", one.Cases, len(one.Findings), cases)
	}
	if two.Cases != one.Cases || len(two.Findings) != len(one.Findings) {
		t.Fatalf("two jobs: %d cases, %d findings; one job: %d, %d", two.Cases, len(two.Findings), one.Cases, len(one.Findings))
	}
	for i, f := range one.Findings {
		g := two.Findings[i]
		if filepath.Base(f.Fixture) != filepath.Base(g.Fixture) {
			t.Errorf("finding %d: fixtures %s and %s", i, f.Fixture, g.Fixture)
		}
		f.Fixture, g.Fixture = "", ""
		if !reflect.DeepEqual(f, g) {
			t.Errorf("finding %d: one job %+v\ntwo jobs %+v", i, f, g)
		}
	}
	if a, b := testenv.ReadDir(t, dir1), testenv.ReadDir(t, dir2); !reflect.DeepEqual(a, b) || len(a) != len(one.Findings) {
		t.Errorf("fixtures differ or are missing: one job %v, two jobs %v", keys(a), keys(b))
	}
}

// TestJobsStopAfter: StopAfter ends the hunt at the same case (in case
// order) for one job and three.
func TestJobsStopAfter(t *testing.T) {
	var sums []Summary
	for _, jobs := range []int{1, 3} {
		sum, err := Run(t.Context(), Config{Scene: floorScene(t), Cases: 500, Seed: 5, Out: t.TempDir(), StopAfter: 1, Jobs: jobs, Engines: lateJobs(jobs)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		sums = append(sums, sum)
	}
	a, b := sums[0], sums[1]
	if len(a.Findings) != 1 || a.Cases != int(a.Findings[0].Index)+1 {
		t.Fatalf("one job: %d cases, findings %+v: want one, found at the last case", a.Cases, a.Findings)
	}
	if b.Cases != a.Cases || len(b.Findings) != 1 || b.Findings[0].Kind != a.Findings[0].Kind || b.Findings[0].Index != a.Findings[0].Index {
		t.Errorf("three jobs: %d cases, %+v; one job: %d cases, %+v", b.Cases, b.Findings, a.Cases, a.Findings)
	}
}

// TestShardIndices: the shards of a seed take pairwise disjoint case
// indices whose union is what the unsharded hunt takes for the same
// budget.
func TestShardIndices(t *testing.T) {
	const cases = 100
	whole := Shard{}.Indices(cases)
	if len(whole) != cases || whole[0] != 0 || whole[cases-1] != cases-1 {
		t.Fatalf("unsharded: %v", whole)
	}
	seen := map[uint64]int{}
	for i := range 3 {
		for _, k := range (Shard{i, 3}).Indices(cases) {
			if j, ok := seen[k]; ok {
				t.Errorf("case %d in shards %d and %d", k, j, i)
			}
			seen[k] = i
		}
	}
	if len(seen) != len(whole) {
		t.Errorf("the shards cover %d cases, the unsharded hunt %d", len(seen), len(whole))
	}
	for _, k := range whole {
		if _, ok := seen[k]; !ok {
			t.Errorf("case %d in no shard", k)
		}
	}
}

// TestShardsMerge: three shards of one seed hunting into one folder try
// as many cases as the unsharded hunt, their counts per kind add up to
// its counts, the first case of each kind is the lowest of the shards'
// first cases, and every fixture is named by its kind and content.
func TestShardsMerge(t *testing.T) {
	const cases = 150
	whole := huntCases(t, 1, cases, Shard{}, t.TempDir())
	dir := t.TempDir()
	total := 0
	counts, first := map[string]int{}, map[string]uint64{}
	for i := range 3 {
		sum := huntCases(t, 2, cases, Shard{i, 3}, dir)
		total += sum.Cases
		for _, f := range sum.Findings {
			if f.Index%3 != uint64(i) {
				t.Errorf("shard %d/3 found %q at case %d", i, f.Kind, f.Index)
			}
			if k, ok := first[f.Kind]; !ok || f.Index < k {
				first[f.Kind] = f.Index
			}
			counts[f.Kind] += f.Count
		}
	}
	if total != whole.Cases {
		t.Errorf("the shards tried %d cases, the unsharded hunt %d", total, whole.Cases)
	}
	for _, f := range whole.Findings {
		if counts[f.Kind] != f.Count || first[f.Kind] != f.Index {
			t.Errorf("%q: shards count %d first at %d; unsharded %d at %d", f.Kind, counts[f.Kind], first[f.Kind], f.Count, f.Index)
		}
	}
	if len(counts) != len(whole.Findings) {
		t.Errorf("the shards found kinds %v, the unsharded hunt %d kinds", counts, len(whole.Findings))
	}
	for name, data := range testenv.ReadDir(t, dir) {
		sum := sha256.Sum256(data)
		if !strings.HasPrefix(name, "hunt-mixed-") || !strings.HasSuffix(name, "-"+hex.EncodeToString(sum[:4])+".json") {
			t.Errorf("fixture %s is not named hunt-mixed-RULE-<hash of its bytes>.json", name)
		}
	}
}

// TestShardParse: good and bad shards.
func TestShardParse(t *testing.T) {
	if s, err := ParseShard("2/4"); err != nil || s != (Shard{2, 4}) || s.String() != "2/4" {
		t.Errorf("2/4: %v, %v", s, err)
	}
	for _, bad := range []string{"", "1", "4/4", "-1/4", "0/0", "a/b", "1/2/3", " 1/2"} {
		if _, err := ParseShard(bad); !errors.Is(err, ErrBadShard) {
			t.Errorf("%q: %v, want ErrBadShard", bad, err)
		}
	}
	if _, err := Run(t.Context(), Config{Scene: floorScene(t), Shard: Shard{3, 2}}, nil); !errors.Is(err, ErrBadShard) {
		t.Errorf("Run with shard 3/2: %v", err)
	}
}

// TestCaseAtDeterministic: case k is the same however many cases were
// drawn before it, and different cases differ.
func TestCaseAtDeterministic(t *testing.T) {
	h := &hunter{cfg: Config{Seed: 9}, gen: newGenerator(floorScene(t))}
	h.full = newWorld(Case{Tris: h.gen.tris, Motion: sweep.Motion{Shape: sweep.EllipsoidShape(floorScene(t).Ellipsoid)}})
	a, _ := h.caseAt(7)
	h.caseAt(3)
	b, _ := h.caseAt(7)
	c, _ := h.caseAt(8)
	if !reflect.DeepEqual(a, b) || reflect.DeepEqual(a, c) {
		t.Errorf("case 7 twice: %+v, %+v; case 8: %+v", a, b, c)
	}
}

func keys(m map[string][]byte) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestCasesNoTimeLimit: with a case budget and no Duration the hunt tries
// every case of the budget however much time passes (the clock here
// jumps an hour at every look); with a Duration as well, the time ends it.
func TestCasesNoTimeLimit(t *testing.T) {
	var now time.Time
	clock := func() time.Time { now = now.Add(time.Hour); return now }
	sum, err := Run(t.Context(), Config{Scene: floorScene(t), Cases: 50, Seed: 1, Out: t.TempDir(), Now: clock}, nil)
	if err != nil || sum.Cases != 50 {
		t.Errorf("no Duration: %d cases, %v; want 50", sum.Cases, err)
	}
	sum, err = Run(t.Context(), Config{Scene: floorScene(t), Cases: 50, Duration: time.Minute, Seed: 1, Out: t.TempDir(), Now: clock}, nil)
	if err != nil || sum.Cases != 0 {
		t.Errorf("a Duration of a minute on a clock that jumps an hour: %d cases, %v; want none", sum.Cases, err)
	}
}
