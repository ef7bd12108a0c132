package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// capsuleNoExpect is passing's scene with a capsule and no expectation
// (the core's capsule cast is another change's; this checks the engines).
var capsuleNoExpect = func() string {
	s := strings.Replace(passing, `"version": 1`, `"version": 2`, 1)
	s = strings.Replace(s, `"ellipsoid": {"axes": [[0.5,0,0],[0,1,0],[0,0,0.5]]}`, `"capsule": {"radius": 0.5, "halfSegment": [0, 0.5, 0]}`, 1)
	i := strings.Index(s, `,
  "expect"`)
	return s[:i] + "\n}"
}()

// TestReplayEngineSatOut: an engine whose hello lists no shapes (ellipsoids
// only) is not asked about a capsule: replay says it sat out, in the text
// and in --json (state unanswered, rule "sat out"), and that is no failure
// (exit 0); the same engine on an ellipsoid fixture is judged as always.
func TestReplayEngineSatOut(t *testing.T) {
	p := fixtures(t, map[string]string{"capsule.json": capsuleNoExpect, "pass.json": passing})
	eng := fakeEngineCmd(t, "good")
	code, out, errOut := runCmd("replay", "--engine", eng, p["capsule.json"], p["pass.json"])
	want := `sweep sat out (engine "fake-good" sat out the sweep: it does not answer capsules (its hello lists ellipsoid))`
	if code != exitOK || !strings.Contains(out, `PASS `+p["capsule.json"]+` engine "fake-good": `+want) ||
		!strings.Contains(out, `PASS `+p["pass.json"]+` engine "fake-good": sweep agrees`) || errOut != "" {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 0, the capsule sat out and the ellipsoid judged", code, out, errOut)
	}
	code, out, _ = runCmd("replay", "--json", "--engine", eng, p["capsule.json"])
	var rep struct {
		Engine []struct {
			Pass     bool
			Verdicts []struct{ Op, State, Rule, Detail string }
		}
	}
	if err := json.Unmarshal([]byte(strings.SplitN(out, "\n", 2)[0]), &rep); err != nil || code != exitOK || len(rep.Engine) != 1 {
		t.Fatalf("--json: exit %d, %v\n%s", code, err, out)
	}
	e := rep.Engine[0]
	if !e.Pass || len(e.Verdicts) != 2 {
		t.Fatalf("--json engine report %+v, want a pass with a sweep and a slide verdict", e)
	}
	for _, v := range e.Verdicts {
		if v.State != "unanswered" || v.Rule != "sat out" || !strings.Contains(v.Detail, "does not answer capsules") {
			t.Errorf("--json verdict %+v, want unanswered, rule sat out", v)
		}
	}
}
