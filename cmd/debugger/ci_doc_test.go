package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// yamlBlocks returns the ```yaml blocks of a Markdown file by the comment
// on their first line ("# .github/workflows/engine-hunt.yml").
func yamlBlocks(t *testing.T, path string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, m := range regexp.MustCompile("(?ms)^```yaml\n(.*?)^```").FindAllStringSubmatch(string(data), -1) {
		first, _, _ := strings.Cut(m[1], "\n")
		out[strings.TrimSpace(strings.TrimPrefix(first, "#"))] = m[1]
	}
	return out
}

// node is parsed YAML, walked by path: node{v}.at("spec", "completions").
type node struct{ v any }

func (n node) at(keys ...any) node {
	for _, k := range keys {
		switch v := n.v.(type) {
		case map[string]any:
			n = node{v[fmt.Sprint(k)]}
		case []any:
			i, ok := k.(int)
			if !ok || i < 0 || i >= len(v) {
				return node{}
			}
			n = node{v[i]}
		default:
			return node{}
		}
	}
	return n
}

func (n node) str() string { s, _ := n.v.(string); return s }
func (n node) list() []any { l, _ := n.v.([]any); return l }

func parseYAML(t *testing.T, name, text string) node {
	t.Helper()
	var v any
	if err := yaml.Unmarshal([]byte(text), &v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return node{v}
}

// TestCIDoc: the GitHub Actions workflow and the Kubernetes Job of
// docs/ci.md parse as YAML and have what they need, and their hunt and
// replay command lines work as the document says: every shard into one
// folder, then the replay over it, with the debugger built from here and
// the example C engine, on a small case budget.
func TestCIDoc(t *testing.T) {
	blocks := yamlBlocks(t, "../../docs/ci.md")
	wf := parseYAML(t, "workflow", blocks[".github/workflows/engine-hunt.yml"])
	job := parseYAML(t, "job", blocks["k8s/engine-hunt-job.yaml"])
	shards := checkWorkflow(t, wf)
	jobShards := checkJob(t, job)
	naive := needNaive(t)
	bin := debuggerBinary(t)

	env := map[string]string{"SEED": wf.at("env", "SEED").str(), "CASES": "120"}
	dir := workDir(t)
	var cmds [][]string
	for _, shard := range shards {
		cmds = append(cmds, workflowCommands(t, wf, "hunt", map[string]string{"${{ matrix.shard }}": shard})...)
	}
	runDocCommands(t, bin, naive, dir, env, cmds)
	runDocCommands(t, bin, naive, dir, env, workflowCommands(t, wf, "verdict", nil))

	// The Job: every index into one volume, then the replay over it.
	env["CASES"] = "160"
	for i := range jobShards {
		env["JOB_COMPLETION_INDEX"] = strconv.Itoa(i)
		runDocCommands(t, bin, naive, dir, env, jobCommands(t, job))
	}
	runDocCommands(t, bin, naive, dir, env, [][]string{{"debugger", "replay", "--engine", "/opt/engine/my-engine", "/findings"}})
}

// workDir is a working directory with the saved fixtures the workflow
// replays: one the example engine passes (it slides with a skin of its
// own, so the fixture does not expect the core's final position).
func workDir(t *testing.T) string {
	dir := t.TempDir()
	saved := filepath.Join(dir, "tests", "fixtures")
	if err := os.MkdirAll(saved, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(saved, "by-hand.json"), []byte(strings.Replace(passing, `"final": [1,1.001,1], `, "", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// checkWorkflow checks the workflow's structure and returns its shards.
func checkWorkflow(t *testing.T, wf node) []string {
	t.Helper()
	if wf.at("on").v == nil || wf.at("jobs", "hunt").v == nil || wf.at("env", "SEED").str() == "" {
		t.Fatalf("workflow: want on, env.SEED and jobs.hunt: %v", wf.v)
	}
	var shards []string
	for _, s := range wf.at("jobs", "hunt", "strategy", "matrix", "shard").list() {
		shards = append(shards, fmt.Sprint(s))
	}
	for i, s := range shards {
		if s != strconv.Itoa(i) {
			t.Errorf("workflow: matrix shards %v, want 0 .. N-1", shards)
		}
	}
	if len(shards) < 2 || !strings.Contains(runScripts(wf, "hunt"), fmt.Sprintf("--shard ${{ matrix.shard }}/%d ", len(shards))) {
		t.Errorf("workflow: %d shards; want at least 2 and hunt --shard ${{ matrix.shard }}/%d", len(shards), len(shards))
	}
	verdict := wf.at("jobs", "verdict")
	if verdict.at("needs").str() != "hunt" || verdict.at("if").str() != "always()" || !strings.Contains(runScripts(wf, "verdict"), "replay") {
		t.Errorf("workflow: want a verdict job after the hunt (needs: hunt, if: always()) that replays: %v", verdict.v)
	}
	if !strings.Contains(fmt.Sprint(verdict.v), "merge-multiple:true") {
		t.Errorf("workflow: the verdict job does not merge the findings artifacts")
	}
	return shards
}

// checkJob checks the Indexed Job's fields and returns its completions.
func checkJob(t *testing.T, job node) int {
	t.Helper()
	spec := job.at("spec")
	completions, _ := spec.at("completions").v.(int)
	parallelism, _ := spec.at("parallelism").v.(int)
	if job.at("apiVersion").str() != "batch/v1" || job.at("kind").str() != "Job" || job.at("metadata", "name").str() == "" {
		t.Errorf("job: want apiVersion batch/v1, kind Job and a name: %v", job.v)
	}
	if spec.at("completionMode").str() != "Indexed" || completions < 2 || completions != parallelism {
		t.Errorf("job: completionMode %q, completions %d, parallelism %d; want Indexed and completions == parallelism >= 2",
			spec.at("completionMode").str(), completions, parallelism)
	}
	pod := spec.at("template", "spec")
	if r := pod.at("restartPolicy").str(); r != "Never" && r != "OnFailure" {
		t.Errorf("job: restartPolicy %q, want Never or OnFailure", r)
	}
	args := fmt.Sprint(pod.at("containers", 0, "args").v)
	if !strings.Contains(args, fmt.Sprintf("--shard $JOB_COMPLETION_INDEX/%d ", completions)) {
		t.Errorf("job: args %s; want --shard $JOB_COMPLETION_INDEX/%d", args, completions)
	}
	return completions
}

// runScripts joins the run scripts of a workflow job's steps.
func runScripts(wf node, job string) string {
	var b strings.Builder
	for _, s := range wf.at("jobs", job, "steps").list() {
		b.WriteString(node{s}.at("run").str())
		b.WriteString("\n")
	}
	return b.String()
}

// workflowCommands are the debugger command lines of a workflow job's run
// steps (up to a "||"), with the replacements made.
func workflowCommands(t *testing.T, wf node, job string, repl map[string]string) [][]string {
	t.Helper()
	script := runScripts(wf, job)
	for from, to := range repl {
		script = strings.ReplaceAll(script, from, to)
	}
	return debuggerLines(t, strings.Split(script, "\n"))
}

// jobCommands are the debugger command lines of the Job's container.
func jobCommands(t *testing.T, job node) [][]string {
	t.Helper()
	var lines []string
	for _, a := range job.at("spec", "template", "spec", "containers", 0, "args").list() {
		lines = append(lines, strings.Split(fmt.Sprint(a), ";")...)
	}
	return debuggerLines(t, lines)
}

// debuggerLines splits the lines that run the debugger into words.
func debuggerLines(t *testing.T, lines []string) [][]string {
	t.Helper()
	var out [][]string
	for _, l := range lines {
		l, _, _ = strings.Cut(l, "||")
		w := strings.Fields(l)
		if len(w) > 1 && (w[0] == "./debugger" || w[0] == "debugger") {
			out = append(out, w)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no debugger command in %q", lines)
	}
	return out
}

// runDocCommands runs each command with the real binary in dir: $VARS
// from env, the engine as the naive one, /findings as dir/findings (quotes
// stripped: the document's words need none). Hunts may exit 1
// (findings), as the document's "test $status -le 1" allows; a replay of
// the findings must exit 1 (the naive engine is wrong on them), of the
// saved fixtures 0.
func runDocCommands(t *testing.T, bin, engine, dir string, env map[string]string, cmds [][]string) {
	t.Helper()
	for _, words := range cmds {
		args := make([]string, 0, len(words)-1)
		for _, w := range words[1:] {
			w = os.Expand(strings.Trim(w, `"`), func(k string) string { return env[k] })
			switch {
			case w == "./my-engine" || w == "/opt/engine/my-engine":
				w = engine
			case strings.HasPrefix(w, "/findings"):
				w = filepath.Join(dir, "findings")
			}
			args = append(args, w)
		}
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		code, out := runBinary(t, cmd)
		want := []int{exitOK, exitFail}
		switch {
		case args[0] != "replay":
		case strings.Contains(args[len(args)-1], "findings"):
			want = []int{exitFail}
		default:
			want = []int{exitOK}
		}
		if !slices.Contains(want, code) {
			t.Errorf("debugger %s: exit %d, want %v\n%s", strings.Join(args, " "), code, want, out)
		}
	}
}
