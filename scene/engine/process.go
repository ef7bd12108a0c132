package engine

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"sweepdbg/sweep"
)

// DefaultTimeout is how long a live engine may take to answer one request
// when Options.Timeout is zero.
const DefaultTimeout = 5 * time.Second

// Options tune a live engine. The zero value is ready to use.
type Options struct {
	// Timeout is the limit on one request, hello and mesh included; 0 (or
	// less) means DefaultTimeout.
	Timeout time.Duration
	// StderrLines is how many of the engine's last standard-error lines are
	// kept for BrokenError; 0 (or less) means 20.
	StderrLines int
	// Dir is the engine's working directory; "" means the debugger's.
	Dir string
	// Env is the engine's environment; nil means the debugger's.
	Env []string
}

// Why a live engine is broken: the Reason of a BrokenError, checkable
// with errors.Is. Malformed answers give the protocol errors
// (errNotObject, errLineTooLong, errMissingField, errBadField,
// errBadHello).
var (
	errCannotStart = errors.New("cannot start")
	ErrExited      = errors.New("exited")
	errTimeout     = errors.New("took longer than its time limit")
	errExtraLine   = errors.New("wrote a line nobody asked for")
	errClosed      = errors.New("closed")
	ErrUnsupported = errors.New("op not in the engine's hello")
	errEmptyCmd    = errors.New("empty engine command")
)

// Request names one request of a live engine in errors: its op ("hello",
// "mesh", "sweep", "slide"), its sequence number (1 for hello) and the mesh
// id it concerns (0 for hello).
type Request struct {
	Op   string
	Seq  int64
	Mesh int64
}

// String reads e.g. "sweep #12 (mesh 3)", "mesh #2 (defines mesh 1)" or
// "hello #1".
func (r Request) String() string {
	s := r.Op + " #" + strconv.FormatInt(r.Seq, 10)
	switch {
	case r.Mesh == 0:
		return s
	case r.Op == "mesh":
		return s + " (defines mesh " + strconv.FormatInt(r.Mesh, 10) + ")"
	}
	return s + " (mesh " + strconv.FormatInt(r.Mesh, 10) + ")"
}

// exitError is the Reason of a BrokenError for an engine that ended on its
// own (errors.Is(err, ErrExited) holds): how it ended.
type exitError struct {
	Code   int    // its exit code; -1 when a signal killed it
	Signal string // the signal that killed it, e.g. "SIGSEGV" (Unix); "" otherwise
}

// Error reads "killed by signal SIGSEGV", "exited with code 3" or, for a
// Windows status such as an access violation, "exited with code
// 0xC0000005".
func (e *exitError) Error() string {
	switch {
	case e.Signal != "":
		return "killed by signal " + e.Signal
	case e.Code > 0xFFFF:
		return fmt.Sprintf("exited with code 0x%X", e.Code)
	}
	return "exited with code " + strconv.Itoa(e.Code)
}

// Unwrap returns ErrExited.
func (e *exitError) Unwrap() error { return ErrExited }

// exitOf describes a process state that ended on its own.
func exitOf(ps *os.ProcessState) *exitError {
	return &exitError{Code: ps.ExitCode(), Signal: signalName(ps)}
}

// BrokenError says a live engine broke: it exited, hung past its time
// limit, wrote something that is not one JSON object on one line, wrote a
// line nobody asked for or one over 1 MiB, or answered hello wrongly. Its
// process group has been killed; Restart starts it again.
type BrokenError struct {
	Engine string // the engine's name from hello, or its command's base name before that
	// Command is the engine's command line as given (e.g. to --engine),
	// set while the engine is known only by its command's base name (it
	// broke before its hello named it, or the hello gave no name), so that
	// two engines run from one program with different arguments are told
	// apart; "" once the hello named it. As written: Error quotes it.
	Command string
	Request Request // the request it broke on, or after (see After)
	// After says the engine broke after Request was answered: it wrote
	// more than the answers and no request followed (found by Close).
	After  bool
	Reason error // ErrExited, errTimeout, errExtraLine, a protocol error, ...
	// Excerpt is what the engine wrote, quoted and escaped (at most 200
	// bytes before escaping); "" when it wrote nothing.
	Excerpt string
	// StderrTail is the engine's last standard-error lines, as written
	// (escape them before printing).
	StderrTail []string
}

// Error reads e.g. `engine "my-engine" broke on sweep #3 (mesh 1): took
// longer than its time limit`, with the command when it is set (`engine
// "eng" (command "./eng --mode a") broke on hello #1: exited`), "after"
// for After, and the excerpt when there is one.
func (e *BrokenError) Error() string {
	s := "engine " + strconv.Quote(e.Engine)
	if e.Command != "" && e.Command != e.Engine {
		s += " (command " + strconv.Quote(clip(e.Command)) + ")"
	}
	on := " broke on "
	if e.After {
		on = " broke after "
	}
	s += on + e.Request.String() + ": " + e.Reason.Error()
	if e.Excerpt != "" {
		s += " (wrote " + e.Excerpt + ")"
	}
	return s
}

// Unwrap returns Reason.
func (e *BrokenError) Unwrap() error { return e.Reason }

// answerError is an engine's own {"error":"..."} answer: not broken, it
// just could not answer this request.
type answerError struct {
	Engine  string
	Request Request
	Message string // as the engine wrote it (escape before printing)
}

// Error quotes the engine's message.
func (e *answerError) Error() string {
	return "engine " + strconv.Quote(e.Engine) + " could not answer " + e.Request.String() + ": " + strconv.Quote(clip(e.Message))
}

// lineMsg is one line from the engine's stdout, or why there is none. b
// comes from the free buffers and goes back with release.
type lineMsg struct {
	b   []byte
	err error
}

// Process is a live engine: a child process, in its own process group,
// speaking the engine protocol on its stdin and stdout. Not safe for
// concurrent use.
type Process struct {
	cmdline string // as given to Start, for BrokenError.Command
	args    []string
	opt     Options
	name    string
	named   bool // name came from the hello
	ops     Ops
	shapes  Shapes
	seq     int64
	lastReq Request        // the request written last
	cur     *Mesh          // the mesh sent last: the only one the engine surely knows
	wire    Mesh           // the id cur was sent under (ID only), as the queries name it
	used    map[int64]bool // ids sent so far: an old id is never used again
	buf     []byte
	last    Reply
	broken  error

	cmd        *exec.Cmd
	group      group // the child and everything it starts (group_*.go)
	stdin      io.WriteCloser
	stderr     *tail
	lines      chan lineMsg
	free       chan []byte   // line buffers the reader may fill again (see release)
	done       chan struct{} // closed when the process is being stopped
	readerDone chan struct{}
	exited     chan struct{} // closed when the child has been reaped
	pending    atomic.Bool   // a request awaits its answer line
	timer      *time.Timer
	stopOnce   sync.Once
}

// Start starts the engine cmdline ("CMD ARGS", split by SplitCommand) and
// performs the hello handshake. Errors are *BrokenError (errCannotStart,
// ErrExited, errTimeout, errBadHello, ...) with nothing left running, or
// errEmptyCmd / a quoting error from SplitCommand. ctx bounds the
// handshake only.
func Start(ctx context.Context, cmdline string, opt Options) (*Process, error) {
	args, err := SplitCommand(cmdline)
	if err != nil {
		return nil, fmt.Errorf("engine command %s: %w", strconv.Quote(clip(cmdline)), err)
	}
	if opt.Timeout <= 0 {
		opt.Timeout = DefaultTimeout
	}
	if opt.StderrLines <= 0 {
		opt.StderrLines = 20
	}
	p := &Process{cmdline: cmdline, args: args, opt: opt}
	if err := p.start(ctx); err != nil {
		return nil, err
	}
	return p, nil
}

// start runs the command and says hello.
func (p *Process) start(ctx context.Context) error {
	p.name, p.named, p.ops, p.shapes, p.seq, p.broken = filepath.Base(p.args[0]), false, 0, 0, 0, nil
	p.cur, p.wire.ID, p.used = nil, 0, map[int64]bool{}
	p.stopOnce = sync.Once{}
	if err := p.spawn(); err != nil {
		p.broken = p.brokenError(Request{Op: "hello", Seq: 1}, fmt.Errorf("%w: %w", errCannotStart, err), nil)
		return p.broken
	}
	req := p.next("hello", 0)
	line, err := p.roundTrip(ctx, appendHello(p.buf[:0]), req)
	if err != nil {
		return err
	}
	defer p.release(line)
	h, ops, shapes, err := decodeHello(line)
	if err != nil {
		return p.fail(req, err, line)
	}
	if h.Name != "" {
		p.name, p.named = h.Name, true
	}
	p.ops, p.shapes = ops, shapes
	return nil
}

// spawn starts the child with its pipes and the stdout reader.
func (p *Process) spawn() error {
	cmd := exec.Command(p.args[0], p.args[1:]...)
	cmd.Dir, cmd.Env = p.opt.Dir, p.opt.Env
	p.group = group{}
	p.group.prepare(cmd)
	p.stderr = newTail(p.opt.StderrLines)
	cmd.Stderr = p.stderr
	cmd.WaitDelay = time.Second // a grandchild that escaped the group cannot hold Wait on stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	cmd.Stdout = w
	if err := cmd.Start(); err != nil {
		r.Close()
		w.Close()
		return err
	}
	w.Close()
	if err := p.group.started(); err != nil {
		p.group.kill()
		_ = cmd.Wait()
		r.Close()
		return err
	}
	p.cmd, p.stdin = cmd, stdin
	p.exited = make(chan struct{})
	go reap(cmd, p.exited)
	p.lines, p.done, p.readerDone = make(chan lineMsg, 2), make(chan struct{}), make(chan struct{})
	p.free = make(chan []byte, freeBuffers)
	p.pending.Store(false)
	go p.read(r)
	return nil
}

// reap waits for the child (its ProcessState then says how it ended)
// and closes exited.
func reap(cmd *exec.Cmd, exited chan<- struct{}) {
	_ = cmd.Wait()
	close(exited)
}

// freeBuffers is how many line buffers wait for the reader at most: the
// last reply's, the one being decoded and one being filled circulate.
const freeBuffers = 4

// read feeds the engine's stdout lines to p.lines until EOF, an error, a
// line over maxLine or an unsolicited line, then closes r. Lines are read
// into released buffers when there are some, so that a steady stream of
// answers allocates nothing.
//
// A line is unsolicited when no request is pending as it is read, or when
// some of it had already arrived with the answer before it: bytes read
// past an answer line came before the next request was sent (that waits
// for this answer), whenever this goroutine gets to them. Checking only
// the pending flag let a reader that ran late under load take the second
// line of one answer as the answer to the next request, and the next
// answer as the one after, never noticing.
func (p *Process) read(r *os.File) {
	defer close(p.readerDone)
	defer r.Close()
	br := bufio.NewReaderSize(r, 64<<10)
	ahead := false // bytes past the last answer had arrived with it
	for {
		var buf []byte
		select {
		case buf = <-p.free:
		default:
		}
		b, err := readLineInto(br, buf, maxLine)
		switch {
		case err != nil:
		case ahead || !p.pending.CompareAndSwap(true, false):
			err = errExtraLine
		}
		ahead = br.Buffered() > 0
		select {
		case p.lines <- lineMsg{b, err}:
		case <-p.done:
			return
		}
		if err != nil {
			return
		}
	}
}

// readLine reads one line without its '\n' (a copy); io.EOF at the end
// (a last line without '\n' is ErrExited: the engine stopped mid-answer),
// errLineTooLong past maxLine.
func readLine(br *bufio.Reader) ([]byte, error) { return readLineInto(br, nil, maxLine) }

// readLineInto is readLine copying into dst[:0] (nil: a new slice), with
// lines capped at limit bytes.
func readLineInto(br *bufio.Reader, dst []byte, limit int) ([]byte, error) {
	b, err := br.ReadSlice('\n')
	if err == nil {
		return append(dst[:0], b[:len(b)-1]...), nil
	}
	long := dst[:0]
	for errors.Is(err, bufio.ErrBufferFull) {
		long = append(long, b...)
		if len(long) > limit {
			return long[:excerptMax], errLineTooLong
		}
		b, err = br.ReadSlice('\n')
	}
	long = append(long, b...)
	if err != nil {
		return long, ErrExited
	}
	if len(long)-1 > limit {
		return long[:excerptMax], errLineTooLong
	}
	return long[:len(long)-1], nil
}

// next numbers a new request.
func (p *Process) next(op string, mesh int64) Request {
	p.seq++
	return Request{Op: op, Seq: p.seq, Mesh: mesh}
}

// roundTrip writes one request line and waits for its answer line. Any
// failure breaks the engine.
func (p *Process) roundTrip(ctx context.Context, req []byte, r Request) ([]byte, error) {
	if p.broken != nil {
		return nil, p.broken
	}
	select {
	case m := <-p.lines: // a line or an exit while idle
		return nil, p.failMsg(r, m)
	default:
	}
	p.pending.Store(true)
	p.lastReq = r
	if _, err := p.stdin.Write(req); err != nil {
		return nil, p.fail(r, ErrExited, nil)
	}
	if p.timer == nil {
		p.timer = time.NewTimer(p.opt.Timeout)
	} else {
		p.timer.Reset(p.opt.Timeout)
	}
	select {
	case m := <-p.lines:
		p.timer.Stop()
		if m.err != nil {
			return nil, p.failMsg(r, m)
		}
		return m.b, nil
	case <-p.timer.C:
		return nil, p.fail(r, errTimeout, nil)
	case <-ctx.Done():
		p.timer.Stop()
		return nil, p.fail(r, ctx.Err(), nil)
	}
}

// release gives a line buffer back to the reader once nothing refers to
// it any more.
func (p *Process) release(b []byte) {
	if cap(b) == 0 || cap(b) > 2*maxLine {
		return
	}
	select {
	case p.free <- b[:0]:
	default:
	}
}

// failMsg breaks the engine for a line message: its error, or
// errExtraLine for a line that came while no request was pending.
func (p *Process) failMsg(r Request, m lineMsg) error {
	reason := m.err
	if reason == nil || errors.Is(reason, io.EOF) {
		reason = ErrExited
	}
	return p.fail(r, reason, m.b)
}

// exitGrace is how long an engine whose output ended may take to exit on
// its own before it is killed: its exit status then says how it ended.
const exitGrace = 250 * time.Millisecond

// fail stops the engine and records why it broke.
func (p *Process) fail(r Request, reason error, line []byte) error {
	if errors.Is(reason, ErrExited) {
		reason = p.howExited(reason)
	}
	p.stop()
	e := p.brokenError(r, reason, line)
	p.broken = e
	return e
}

// howExited waits up to exitGrace for the process to end and returns its
// exit status as an *exitError; reason when it is still running (it only
// closed its output).
func (p *Process) howExited(reason error) error {
	t := time.NewTimer(exitGrace)
	defer t.Stop()
	select {
	case <-p.exited:
		if ps := p.cmd.ProcessState; ps != nil {
			return exitOf(ps)
		}
	case <-t.C:
	}
	return reason
}

// brokenError describes the engine broken on r for reason, quoting what
// it wrote (line, when not empty).
func (p *Process) brokenError(r Request, reason error, line []byte) *BrokenError {
	e := &BrokenError{Engine: p.name, Request: r, Reason: reason, StderrTail: p.stderr.Lines()}
	if !p.named {
		e.Command = p.cmdline
	}
	if len(line) > 0 {
		e.Excerpt = Excerpt(line)
	}
	return e
}

// stop kills the process group and reaps the child and the reader; safe
// to call more than once.
func (p *Process) stop() {
	if p.cmd == nil {
		return
	}
	p.stopOnce.Do(func() {
		p.group.kill()
		close(p.done)
		p.stdin.Close()
		<-p.exited     // reaped by reap
		<-p.readerDone // the group is dead, so stdout reaches EOF
	})
}

// Name returns the engine's name from its hello.
func (p *Process) Name() string { return p.name }

// Ops returns the ops the engine's hello listed.
func (p *Process) Ops() Ops { return p.ops }

// Shapes returns the shapes the engine's hello listed (EllipsoidOnly when
// it listed none).
func (p *Process) Shapes() Shapes { return p.shapes }

// Err returns the *BrokenError the engine broke with (or errClosed after
// Close), nil while it runs.
func (p *Process) Err() error { return p.broken }

// StderrTail returns the engine's last standard-error lines (escape them
// before printing).
func (p *Process) StderrTail() []string { return p.stderr.Lines() }

// LastReply returns the last sweep or slide answer as decoded, with its
// raw line (for the fields the protocol does not name, Reply.Extra). The
// line is a copy, the caller's to keep.
func (p *Process) LastReply() Reply {
	r := p.last
	r.Line = bytes.Clone(r.Line)
	return r
}

// closeGrace is how long Close waits, after closing a running engine's
// standard input, for it to exit or to write what it still had to write.
const closeGrace = 250 * time.Millisecond

// Close ends the engine: it closes the engine's standard input, waits up
// to closeGrace for it to exit, then kills its process group. It returns
// a *BrokenError (After set, naming the last request; Reason errExtraLine,
// or errLineTooLong) when the engine wrote anything after its last answer
// (output written later than the grace is not seen), else nil; closing a
// broken or closed engine returns nil. Later requests fail with that
// error or errClosed.
func (p *Process) Close() error {
	var err error
	if p.broken == nil && p.cmd != nil {
		err = p.leftover()
	}
	p.stop()
	switch {
	case err != nil:
		p.broken = err
	case p.broken == nil:
		p.broken = errClosed
	}
	return err
}

// leftover closes the engine's standard input and waits up to closeGrace
// for its next output: its exit (EOF) is a clean end; a line, or part of
// one, is output beyond its answers.
func (p *Process) leftover() error {
	p.stdin.Close()
	grace := time.NewTimer(closeGrace)
	defer grace.Stop()
	var m lineMsg
	select {
	case m = <-p.lines:
	case <-grace.C:
		return nil
	}
	if errors.Is(m.err, ErrExited) && len(m.b) == 0 {
		return nil
	}
	reason := m.err
	if errors.Is(reason, ErrExited) { // a last line without its '\n'
		reason = errExtraLine
	}
	e := p.brokenError(p.lastReq, reason, m.b)
	e.After = true
	return e
}

// Restart kills the engine (if it still runs) and starts it again with a
// new handshake; meshes are sent again before their next query.
func (p *Process) Restart(ctx context.Context) error {
	p.stop()
	return p.start(ctx)
}

// Sweep asks the engine for the first contact of q. Errors: *BrokenError,
// *answerError, ErrUnsupported, a *SatOutError when the engine does not
// list q's shape, or errNotFinite for a query JSON cannot carry (in the
// last three the engine is not asked and stays up).
func (p *Process) Sweep(ctx context.Context, q Query) (sweep.Answer, error) {
	return p.ask(ctx, OpSweep, &q)
}

// Slide asks the engine to collide-and-slide q; errors as for Sweep.
func (p *Process) Slide(ctx context.Context, q Query) (sweep.Answer, error) {
	return p.ask(ctx, OpSlide, &q)
}

// ask sends q's mesh if needed, then q, and decodes the answer.
func (p *Process) ask(ctx context.Context, op Ops, q *Query) (sweep.Answer, error) {
	if p.broken != nil {
		return sweep.Answer{}, p.broken
	}
	if p.ops&op == 0 {
		return sweep.Answer{}, fmt.Errorf("engine %s: %s: %w", strconv.Quote(p.name), opName(op), ErrUnsupported)
	}
	if err := checkShape(p.name, op, p.shapes, q); err != nil {
		return sweep.Answer{}, err
	}
	if err := p.ensureMesh(ctx, q.Mesh); err != nil {
		return sweep.Answer{}, err
	}
	wq := *q
	wq.Mesh = &p.wire
	buf, err := appendQuery(p.buf[:0], op, &wq)
	if err != nil {
		return sweep.Answer{}, fmt.Errorf("engine %s: %s: %w", strconv.Quote(p.name), opName(op), err)
	}
	p.buf = buf
	r := p.next(opName(op), p.wire.ID)
	line, err := p.roundTrip(ctx, buf, r)
	if err != nil {
		return sweep.Answer{}, err
	}
	rep, err := decodeReply(op, line)
	if err != nil {
		err = p.fail(r, err, line)
		p.release(line)
		return sweep.Answer{}, err
	}
	if rep.Error != "" {
		p.release(line)
		return sweep.Answer{}, &answerError{Engine: p.name, Request: r, Message: rep.Error}
	}
	p.release(p.last.Line)
	p.last = rep
	return rep.Answer, nil
}

// meshAck is the answer to a mesh request.
type meshAck struct {
	OK    *bool   `json:"ok"`
	Error *string `json:"error"`
}

// ensureMesh sends m unless it is the mesh sent last. An engine may
// forget every mesh but the newest, and an old id is never used again
// (docs/engine-protocol.md, "mesh"), so a mesh asked about again after
// another one was sent goes again under a fresh id (otherwise under its
// own, Mesh.ID). The id the queries must name is p.wire.ID.
func (p *Process) ensureMesh(ctx context.Context, m *Mesh) error {
	if m == p.cur {
		return nil
	}
	id := m.ID
	if p.used[id] {
		id = lastID.Add(1)
	}
	buf, err := appendMesh(p.buf[:0], &Mesh{ID: id, Tris: m.Tris})
	if err != nil {
		return fmt.Errorf("engine %s: %w", strconv.Quote(p.name), err)
	}
	p.buf = buf
	r := p.next("mesh", id)
	line, err := p.roundTrip(ctx, buf, r)
	if err != nil {
		return err
	}
	defer p.release(line)
	var ack meshAck
	switch err := decodeObject(line, &ack); {
	case err != nil:
		return p.fail(r, err, line)
	case ack.Error != nil:
		return &answerError{Engine: p.name, Request: r, Message: *ack.Error}
	case ack.OK == nil || !*ack.OK:
		return p.fail(r, fmt.Errorf("%w: ok", errMissingField), line)
	}
	p.cur, p.wire.ID, p.used[id] = m, id, true
	return nil
}

// opName is the protocol's name of a query op.
func opName(op Ops) string {
	if op == OpSlide {
		return "slide"
	}
	return "sweep"
}

// tail is an io.Writer keeping the last n lines written to it (each cut
// at 512 bytes); safe for concurrent use.
type tail struct {
	mu      sync.Mutex
	n       int
	lines   []string
	partial []byte
}

func newTail(n int) *tail { return &tail{n: n} }

// lineMax is the longest stderr line kept, in bytes.
const lineMax = 512

// Write splits b into lines and keeps the last n.
func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, c := range b {
		if c == '\n' {
			t.push()
			continue
		}
		if len(t.partial) < lineMax {
			t.partial = append(t.partial, c)
		}
	}
	return len(b), nil
}

// push ends the partial line.
func (t *tail) push() {
	t.lines = append(t.lines, string(t.partial))
	t.partial = t.partial[:0]
	if len(t.lines) > t.n {
		t.lines = t.lines[len(t.lines)-t.n:]
	}
}

// Lines returns the kept lines, the unfinished last one included.
func (t *tail) Lines() []string {
	if t == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	out := append([]string(nil), t.lines...)
	if len(t.partial) > 0 {
		out = append(out, string(t.partial))
	}
	if len(out) > t.n {
		out = out[len(out)-t.n:]
	}
	return out
}
