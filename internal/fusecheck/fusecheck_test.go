package fusecheck

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sweepdbg/internal/testenv"
)

// answerPackages matches the symbols of the packages whose floating-point
// arithmetic makes an answer (see the package comment).
var answerPackages = regexp.MustCompile(`^sweepdbg/(geom|sweep|scene|internal/levelcasts|internal/castfile|ui/editor)(_test)?[./]`)

// fused matches arm64's fused multiply-add instructions, as go tool
// objdump prints them: FMADDD, FMSUBD, FNMADDD, FNMSUBD and their single
// precision forms.
var fused = regexp.MustCompile(`\tF(N)?M(ADD|SUB)[DS] `)

// TestNoFusedMultiplyAdd builds the debugger and the core's tests for
// linux/arm64 and fails on every fused multiply-add in a function of an
// answer package, naming the function and the source line, except on a
// line that calls math.FMA (an explicit fused multiply-add, the same on
// every CPU: geom.DiffProd).
func TestNoFusedMultiplyAdd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds for arm64: not in -short")
	}
	root := repoRoot(t)
	dir := t.TempDir()
	for _, b := range [][]string{
		{"build", "-o", filepath.Join(dir, "debugger"), "./cmd/debugger"},
		{"test", "-c", "-o", filepath.Join(dir, "sweep.test"), "./sweep"},
	} {
		cmd := exec.Command(testenv.GoTool(), b...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH=arm64", "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(b, " "), err, out)
		}
	}
	explicit := explicitFMALines(t, root)
	for _, bin := range []string{"debugger", "sweep.test"} {
		out, err := exec.Command(testenv.GoTool(), "tool", "objdump", filepath.Join(dir, bin)).Output()
		if err != nil {
			t.Fatalf("go tool objdump %s: %v", bin, err)
		}
		l := scan(out, explicit)
		for _, f := range l.fused {
			if answerPackages.MatchString(f.fn) {
				t.Errorf("%s: %s: a fused multiply-add at %s: round the product (float64(x*y)) or call geom's rounded form (docs/architecture.md, \"The same answers on every CPU\")", bin, f.fn, f.line)
			}
		}
		for _, c := range l.calls {
			if bin == "debugger" && corePackages.MatchString(c.fn) && l.fuses[c.callee] && !allowedCalls[c.fn+" -> "+c.callee] {
				t.Errorf("%s: %s calls %s, which fuses multiply-adds on arm64: call geom's rounded form", bin, c.fn, c.callee)
			}
		}
	}
}

// corePackages matches the functions that compute or judge an answer from
// its inputs, which must not call a function that fuses (an mgl64 method
// too large to inline, math.Sin's polynomial): the core and its
// references, the judge, the fixture and level loaders. Generators of
// inputs (the hunter, the cast generators) may: a fixture carries its
// inputs.
var corePackages = regexp.MustCompile(`^sweepdbg/(geom|sweep|sweep/convex|sweep/oracle|sweep/unitspace|scene|scene/judge|scene/meshfile)\.`)

// allowedCalls are the core functions' calls into fusing code that make
// no answer: each with the reason.
var allowedCalls = map[string]bool{
	// The built-in terrain's heights (math.Sin, math.Cos) may differ in
	// their last bits between CPUs; a fixture made on it carries its
	// triangles.
	"sweepdbg/scene.hillHeight -> math.sin": true,
	"sweepdbg/scene.hillHeight -> math.cos": true,
	"sweepdbg/scene.hillHeight -> math.Sin": true,
	"sweepdbg/scene.hillHeight -> math.Cos": true,
	// Polygon validation adds the turning angles (math.Atan2) and compares
	// the sum with 2π with a tolerance: a message, not an answer.
	"sweepdbg/geom.Polygon.checkConvex -> math.atan2": true,
	// The angle between two axes a fixture's shape gets wrong (math.Acos),
	// in the error message.
	"sweepdbg/scene.checkAxes -> math.asin": true,
	// A level's default start pose, over the triangle nearest its middle
	// (math.Hypot): a fixture carries its poses.
	"sweepdbg/scene/meshfile.middleTriangle -> math.hypot": true,
}

type fusedAt struct{ fn, line string }

type callAt struct{ fn, callee string }

// listing is what scan finds in an objdump listing: the fused
// instructions by function and "file.go:line" (except those of explicit,
// the lines calling math.FMA), every call by caller and
// callee, and which functions contain a fused instruction.
type listing struct {
	fused []fusedAt
	calls []callAt
	fuses map[string]bool
}

var callRe = regexp.MustCompile(`\tCALL ([^(\t ]+)\(SB\)`)

func scan(out []byte, explicit map[string]bool) listing {
	l := listing{fuses: map[string]bool{}}
	fn := ""
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "TEXT "); ok {
			fn, _, _ = strings.Cut(rest, "(SB)")
			continue
		}
		if fused.MatchString(line) && !explicit[strings.Fields(line)[0]] {
			l.fuses[fn] = true
			l.fused = append(l.fused, fusedAt{fn, strings.Fields(line)[0]})
		}
		if m := callRe.FindStringSubmatch(line); m != nil {
			l.calls = append(l.calls, callAt{fn, m[1]})
		}
	}
	return l
}

// explicitFMALines is the set of "file.go:line" (objdump names files by
// their base name) of the repository's lines that call math.FMA.
func explicitFMALines(t *testing.T, root string) map[string]bool {
	lines := map[string]bool{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for i, l := range strings.Split(string(data), "\n") {
			if strings.Contains(l, "math.FMA(") {
				lines[filepath.Base(p)+":"+strconv.Itoa(i+1)] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return lines
}

// repoRoot is the module's root, two folders up from this package.
func repoRoot(t *testing.T) string {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Dir(filepath.Dir(wd))
}
