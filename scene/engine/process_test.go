package engine

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
	"sweepdbg/sweep"
)

// floorMesh is one triangle, y = 0 with 0 <= x, z, x + z <= 4.
func floorMesh() *Mesh {
	return NewMesh([]geom.Triangle{{{0, 0, 0}, {4, 0, 0}, {0, 0, 4}}})
}

// fallQuery drops a unit sphere on (1, ., 1) from y = 3 to y = -2: first
// contact at y = 1, T = 0.4 (by hand).
func fallQuery(m *Mesh) Query {
	return Query{Mesh: m, Motion: sweep.Motion{Shape: sweep.EllipsoidShape(sweep.Sphere(1)), Start: mgl64.Vec3{1, 3, 1}, End: mgl64.Vec3{1, -2, 1}}}
}

func TestProcessGood(t *testing.T) {
	p, err := startFake(t, "good", 0)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if p.Name() != "fake" || p.Ops() != OpSweep|OpSlide {
		t.Fatalf("hello: name %q ops %v", p.Name(), p.Ops())
	}
	m := floorMesh()
	for range 3 { // the mesh goes once; later sweeps reuse it
		a, err := p.Sweep(t.Context(), fallQuery(m))
		if err != nil {
			t.Fatal(err)
		}
		if !a.Hit || a.First.T != 0.4 || a.Has&(sweep.HasPoint|sweep.HasNormal|sweep.HasTriangle|sweep.HasFeature) == 0 {
			t.Fatalf("answer %+v", a)
		}
	}
	if p.seq != 5 { // hello, mesh, three sweeps
		t.Errorf("%d requests, want 5", p.seq)
	}
	if x := p.LastReply(); string(x.Extra()["time_us"]) != "3" {
		t.Errorf("extra fields %v", x.Extra())
	}
	m2 := floorMesh()
	if _, err := p.Sweep(t.Context(), fallQuery(m2)); err != nil || p.seq != 7 {
		t.Fatalf("a new mesh is sent before its sweep: %v, %d requests", err, p.seq)
	}
	// Back to the first mesh: the engine may have forgotten it and its id
	// is never used again, so it goes again under a fresh id.
	if _, err := p.Sweep(t.Context(), fallQuery(m)); err != nil || p.seq != 9 || p.wire.ID == m.ID || p.wire.ID == m2.ID {
		t.Fatalf("an older mesh is re-sent under a new id: %v, %d requests, id %d (meshes %d, %d)", err, p.seq, p.wire.ID, m.ID, m2.ID)
	}
	var ae *answerError
	if _, err := p.Slide(t.Context(), fallQuery(m)); !errors.As(err, &ae) || p.Err() != nil {
		t.Fatalf("an {\"error\"} answer is an answerError and no break: %v", err)
	}
	pg := p.Pgid()
	if err := p.Close(); err != nil {
		t.Errorf("Close of an engine that wrote only its answers: %v", err)
	}
	if !groupGone(pg) {
		t.Error("process group still there after Close")
	}
	if _, err := p.Sweep(t.Context(), fallQuery(m)); !errors.Is(err, errClosed) {
		t.Errorf("sweep after Close: %v", err)
	}
}

// TestProcessBroken: each misbehaviour gives a BrokenError with its reason,
// the stderr tail where there is one, and no process left behind.
func TestProcessBroken(t *testing.T) {
	cases := []struct {
		mode    string
		reason  error
		stderr  string
		excerpt string
	}{
		{"exit-start", ErrExited, "cannot load level", ""},
		{"badhello", errBadHello, "", `"{\"protocol\":2`},
		{"exit-mid", ErrExited, "panic: index out of range", ""},
		{"silent", ErrExited, "", ""},
		{"hang", errTimeout, "", ""},
		{"notjson", errNotObject, "", `"oops \x1b[31mred"`},
		{"array", errNotObject, "", `"[1,2]"`},
		{"long", errLineTooLong, "", `"{\"hit\":false,\"pad\":\"xxx`},
		{"two", errExtraLine, "", `"{\"hit\":`},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			t.Parallel()
			err := breakFake(t, c.mode)
			var be *BrokenError
			if !errors.As(err, &be) || !errors.Is(err, c.reason) {
				t.Fatalf("error %v, want a BrokenError for %v", err, c.reason)
			}
			if c.stderr != "" && !strings.Contains(strings.Join(be.StderrTail, "\n"), c.stderr) {
				t.Errorf("stderr tail %q lacks %q", be.StderrTail, c.stderr)
			}
			if !strings.HasPrefix(be.Excerpt, c.excerpt) || len(be.Excerpt) > 4*excerptMax+8 {
				t.Errorf("excerpt %q, want it to start with %q", be.Excerpt, c.excerpt)
			}
			if !strings.Contains(err.Error(), be.Request.Op) {
				t.Errorf("error %q does not name the request", err)
			}
		})
	}
}

// breakFake runs mode's fake engine until it breaks (at most four sweeps:
// a second line may come after the next request was sent) and checks
// that its process group is gone.
func breakFake(t *testing.T, mode string) error {
	p, err := startFake(t, mode, 300*time.Millisecond)
	if err != nil {
		return err
	}
	defer p.Close()
	m := floorMesh()
	for range 4 {
		if _, err = p.Sweep(t.Context(), fallQuery(m)); err != nil {
			break
		}
	}
	if !groupGone(p.Pgid()) {
		t.Errorf("%s: process group %d still there", mode, p.Pgid())
	}
	return err
}

// TestProcessNonFinite: non-finite answers decode; they are not broken.
func TestProcessNonFinite(t *testing.T) {
	p, err := startFake(t, "nan", 0)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	a, err := p.Sweep(t.Context(), fallQuery(floorMesh()))
	if err != nil || !a.Hit || a.First.T == a.First.T || a.First.Point[1] > -1e308 || a.First.Point[2] < 1e308 {
		t.Fatalf("answer %+v, %v", a, err)
	}
}

func TestProcessRestart(t *testing.T) {
	p, err := startFake(t, "hang", 100*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	m := floorMesh()
	if _, err := p.Sweep(t.Context(), fallQuery(m)); !errors.Is(err, errTimeout) {
		t.Fatalf("want a timeout, got %v", err)
	}
	old := p.Pgid()
	if err := p.Restart(t.Context()); err != nil || p.Err() != nil {
		t.Fatalf("restart: %v", err)
	}
	if p.Pgid() == old || !groupGone(old) || groupGone(p.Pgid()) {
		t.Errorf("restart: old group %d, new %d", old, p.Pgid())
	}
}

func TestSplitCommand(t *testing.T) {
	cases := map[string][]string{
		`eng`:                       {"eng"},
		`  a  b\ c 'd e' "f \"g\""`: {"a", "b c", "d e", `f "g"`},
		`x''y ""`:                   {"xy", ""},
		`'/p q/eng' --x=1`:          {"/p q/eng", "--x=1"},
	}
	for in, want := range cases {
		got, err := SplitCommand(in)
		if err != nil || strings.Join(got, "|") != strings.Join(want, "|") || len(got) != len(want) {
			t.Errorf("SplitCommand(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := SplitCommand(" "); !errors.Is(err, errEmptyCmd) {
		t.Errorf("blank: %v", err)
	}
	if _, err := SplitCommand(`a 'b`); !errors.Is(err, errUnterminatedQuote) {
		t.Errorf("open quote: %v", err)
	}
	if _, err := Start(t.Context(), "/nonexistent/engine", Options{}); !errors.Is(err, errCannotStart) {
		t.Errorf("missing binary: %v", err)
	}
}

// TestBrokenNamesCommand: engines run from one program with different
// arguments are told apart by their command while only the command's file
// name names them; once the hello names an engine, that name is enough.
func TestBrokenNamesCommand(t *testing.T) {
	msgs := map[string]string{}
	for _, variant := range []string{"a", "b"} {
		opt := Options{Env: append(os.Environ(), fakeEnv+"=exit-start", "GORACE=atexit_sleep_ms=0")}
		_, err := Start(t.Context(), fakeCmd(t)+" --mode "+variant, opt)
		var be *BrokenError
		if !errors.As(err, &be) || !errors.Is(err, ErrExited) {
			t.Fatalf("variant %s: %v, want a BrokenError for ErrExited", variant, err)
		}
		if !strings.Contains(err.Error(), "--mode "+variant+`") broke on hello #1`) {
			t.Errorf("variant %s: %q does not name the command", variant, err)
		}
		msgs[variant] = err.Error()
	}
	if msgs["a"] == msgs["b"] {
		t.Errorf("both variants read %q", msgs["a"])
	}
	err := breakFake(t, "notjson") // its hello names it "fake"
	var be *BrokenError
	if !errors.As(err, &be) {
		t.Fatalf("notjson: %v, want a BrokenError", err)
	}
	if be.Command != "" || !strings.HasPrefix(err.Error(), `engine "fake" broke on sweep`) {
		t.Errorf("a named engine: %v (command %q), want it named by its hello only", err, be.Command)
	}
}

// TestCloseFindsExtraLine: an engine that writes two lines to its last
// request, with no request after it to notice, is broken at Close, named
// with the request after which the extra line came.
func TestCloseFindsExtraLine(t *testing.T) {
	p, err := startFake(t, "two", 0)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if _, err := p.Sweep(t.Context(), fallQuery(floorMesh())); err != nil {
		t.Fatalf("the first line answers the sweep: %v", err)
	}
	pg := p.Pgid()
	err = p.Close()
	var be *BrokenError
	if !errors.As(err, &be) || !errors.Is(err, errExtraLine) || !be.After || be.Request.Op != "sweep" || be.Request.Seq != 3 {
		t.Fatalf("Close: %v, want a BrokenError after sweep #3 for errExtraLine", err)
	}
	if !strings.Contains(err.Error(), `engine "fake" broke after sweep #3 (mesh `) || !strings.Contains(be.Excerpt, `\"hit\":true`) {
		t.Errorf("message %q, want it to name the engine, the request and the extra line", err)
	}
	if !groupGone(pg) {
		t.Error("process group still there after Close")
	}
	if err := p.Close(); err != nil || !errors.Is(p.Err(), errExtraLine) {
		t.Errorf("second Close: %v, Err %v; want nil and the break kept", err, p.Err())
	}
}

// TestProcessExitCode: an engine that exits is broken with its exit code
// in the message (3 before its hello, 2 on a sweep), and the reason is
// still ErrExited.
func TestProcessExitCode(t *testing.T) {
	for mode, want := range map[string]string{"exit-start": "broke on hello #1: exited with code 3", "exit-mid": "): exited with code 2"} {
		err := breakFake(t, mode)
		var ee *exitError
		if !errors.As(err, &ee) || !errors.Is(err, ErrExited) || ee.Signal != "" || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v (%#v), want an exitError, ErrExited, and %q", mode, err, ee, want)
		}
	}
}

func TestRequestString(t *testing.T) {
	for r, want := range map[Request]string{
		{Op: "hello", Seq: 1}:           "hello #1",
		{Op: "mesh", Seq: 2, Mesh: 1}:   "mesh #2 (defines mesh 1)",
		{Op: "sweep", Seq: 3, Mesh: 1}:  "sweep #3 (mesh 1)",
		{Op: "slide", Seq: 12, Mesh: 4}: "slide #12 (mesh 4)",
	} {
		if got := r.String(); got != want {
			t.Errorf("%+v: %q, want %q", r, got, want)
		}
	}
}

func TestExitErrorText(t *testing.T) {
	for e, want := range map[exitError]string{
		{Code: 3}:                     "exited with code 3",
		{Code: -1, Signal: "SIGSEGV"}: "killed by signal SIGSEGV",
		{Code: 0xC0000005}:            "exited with code 0xC0000005",
	} {
		if got := e.Error(); got != want {
			t.Errorf("%+v: %q, want %q", e, got, want)
		}
	}
}

// TestReadLineAheadIsExtra: a line that had arrived with an answer is
// unsolicited even when the reader gets to it only after the next request
// was sent (pending again), as a reader running late under load does;
// a line that arrives after its request is an answer.
func TestReadLineAheadIsExtra(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	p := &Process{lines: make(chan lineMsg), done: make(chan struct{}), readerDone: make(chan struct{}), free: make(chan []byte, freeBuffers)}
	defer close(p.done)
	go p.read(r)
	ask := func() { p.pending.Store(true) }
	ask()
	if _, err := w.WriteString("{\"a\":1}\n"); err != nil {
		t.Fatal(err)
	}
	if m := <-p.lines; m.err != nil || string(m.b) != `{"a":1}` {
		t.Fatalf("first answer %q, %v", m.b, m.err)
	}
	ask()
	if _, err := w.WriteString("{\"a\":2}\n{\"extra\":1}\n"); err != nil {
		t.Fatal(err)
	}
	// The reader takes the answer (pending goes false) and then waits to
	// hand it over (p.lines has no room); the next request is sent before
	// it reads the line that came with the answer.
	for deadline := time.Now().Add(10 * time.Second); p.pending.Load(); {
		if time.Now().After(deadline) {
			t.Fatal("the reader never took the second answer")
		}
		time.Sleep(time.Millisecond)
	}
	ask()
	if m := <-p.lines; m.err != nil || string(m.b) != `{"a":2}` {
		t.Fatalf("second answer %q, %v", m.b, m.err)
	}
	if m := <-p.lines; !errors.Is(m.err, errExtraLine) || string(m.b) != `{"extra":1}` {
		t.Fatalf("line that came with the answer: %q, %v; want errExtraLine", m.b, m.err)
	}
}
