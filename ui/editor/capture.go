package editor

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/render/view"
	"sweepdbg/scene"
	"sweepdbg/scene/engine"
	"sweepdbg/scene/judge"
	"sweepdbg/sweep"
)

// Captures in the window: a game's recorded queries (.jsonl) are read and
// judged against the core in the background, then shown as a timeline of
// frames; the wrong ones can be stepped through and exported as fixtures
// that expect the core's answer (so they fail on the game's code).

// captureFrame is one query line of a capture, as much as the timeline
// needs: the query (its mesh shared with the other frames on it), the
// game's recorded answer and the verdict on it.
type captureFrame struct {
	Line     int
	Frame    int64
	HasFrame bool
	Label    string // escaped: safe to draw
	Op       engine.Ops
	Query    engine.Query
	Answer   sweep.Answer
	Verdict  judge.Verdict
}

// Capture is a judged capture: its frames, the cursor on one of them and
// the tally. Read it from the window's goroutine once Poll handed it over.
type Capture struct {
	Path   string
	Frames []captureFrame
	Tally  engine.Tally
	Err    error // why reading stopped early (a read error), nil at the end of the file
	Cursor int

	meshes map[*engine.Mesh]scene.Mesh // the indexed meshes of the frames' scenes
}

// CaptureLoader reads and judges a capture in a goroutine.
type CaptureLoader struct {
	cancel context.CancelFunc
	done   chan *Capture
	once   sync.Once
}

// StartCapture reads and judges the capture at path in the background
// with tolerance tol (0: the default).
func StartCapture(path string, tol float64) *CaptureLoader {
	return startCapture(func(ctx context.Context) *Capture { return readCapture(ctx, path, tol) })
}

// StartCaptureData judges a capture already read into memory (a file
// dropped on the browser page or chosen there: it has a name, no path)
// in the background with tolerance tol (0: the default).
func StartCaptureData(name string, data []byte, tol float64) *CaptureLoader {
	return startCapture(func(ctx context.Context) *Capture {
		return judgeCapture(ctx, name, bytes.NewReader(data), tol)
	})
}

// startCapture runs read in a goroutine of its own.
func startCapture(read func(context.Context) *Capture) *CaptureLoader {
	ctx, cancel := context.WithCancel(context.Background())
	l := &CaptureLoader{cancel: cancel, done: make(chan *Capture, 1)}
	go func() {
		defer cancel()
		l.done <- read(ctx)
	}()
	return l
}

// Poll returns the judged capture once reading ended.
func (l *CaptureLoader) Poll() (*Capture, bool) {
	select {
	case c := <-l.done:
		return c, true
	default:
		return nil, false
	}
}

// Cancel stops reading; Poll then hands over what was read.
func (l *CaptureLoader) Cancel() { l.once.Do(l.cancel) }

// readCapture reads and judges the capture at path (see StartCapture).
func readCapture(ctx context.Context, path string, tol float64) *Capture {
	f, err := os.Open(path)
	if err != nil {
		return &Capture{Path: path, Err: err, meshes: map[*engine.Mesh]scene.Mesh{}}
	}
	defer f.Close()
	return judgeCapture(ctx, path, f, tol)
}

// judgeCapture reads and judges the capture in, known as path.
func judgeCapture(ctx context.Context, path string, in io.Reader, tol float64) *Capture {
	c := &Capture{Path: path, meshes: map[*engine.Mesh]scene.Mesh{}}
	c.Tally, c.Err = engine.JudgeCapture(ctx, in, judge.Judge{Tol: judge.Uniform(tol)}, func(r engine.Record, v judge.Verdict) error {
		if r.Query.Mesh != nil {
			c.Frames = append(c.Frames, captureFrame{Line: r.Line, Frame: r.Frame, HasFrame: r.HasFrame,
				Label: Escape(r.Label), Op: r.Op, Query: r.Query, Answer: r.Answer.Answer, Verdict: v})
		}
		return nil
	})
	return c
}

// Current returns the frame under the cursor.
func (c *Capture) Current() (*captureFrame, bool) {
	if c == nil || c.Cursor < 0 || c.Cursor >= len(c.Frames) {
		return nil, false
	}
	return &c.Frames[c.Cursor], true
}

// Seek moves the cursor to frame i, clamped.
func (c *Capture) Seek(i int) { c.Cursor = max(0, min(i, len(c.Frames)-1)) }

// NextWrong moves the cursor to the next wrong frame after it (dir 1) or
// before it (dir -1); false, cursor unmoved, when there is none.
func (c *Capture) NextWrong(dir int) bool {
	for i := c.Cursor + dir; i >= 0 && i < len(c.Frames); i += dir {
		if c.Frames[i].Verdict.State == judge.Wrong {
			c.Cursor = i
			return true
		}
	}
	return false
}

// Describe names a frame: "line 12 frame 340 sweep \"jump\"".
func (f *captureFrame) Describe() string {
	s := fmt.Sprintf("line %d", f.Line)
	if f.HasFrame {
		s += fmt.Sprintf(" frame %d", f.Frame)
	}
	op := "sweep"
	if f.Op == engine.OpSlide {
		op = "slide"
	}
	s += " " + op
	if f.Label != "" {
		s += " \"" + f.Label + "\""
	}
	return s
}

// Scene is frame i's query as a scene, its expectation the core's answer.
func (c *Capture) Scene(i int) *scene.Scene {
	f := &c.Frames[i]
	q := f.Query
	m, ok := c.meshes[q.Mesh]
	if !ok {
		m = indexed(q.Mesh)
		c.meshes[q.Mesh] = m
	}
	s := &scene.Scene{Name: fmt.Sprintf("capture-line-%d", f.Line), Mesh: m, Motion: q.Motion}
	s.Slide = q.Slide.WithDefaults(q.Shape)
	s.Expect = expectOf(Result{Answer: q.Mesh.Core.Answer(s.Motion)})
	return s
}

// indexed is an engine mesh as a scene mesh (three vertices a triangle).
func indexed(m *engine.Mesh) scene.Mesh {
	out := scene.Mesh{Vertices: make([]mgl64.Vec3, 0, 3*len(m.Tris)), Triangles: make([][3]int, len(m.Tris))}
	for i, t := range m.Tris {
		out.Vertices = append(out.Vertices, t[0], t[1], t[2])
		out.Triangles[i] = [3]int{3 * i, 3*i + 1, 3*i + 2}
	}
	return out
}

// Doc is frame i as a Doc to show (the core's mesh shared with the
// frame's query).
func (c *Capture) Doc(i int, v view.Options, grid float64) (Doc, error) {
	s := c.Scene(i)
	s.Expect = nil
	shape := ShapeFrom(s.Shape)
	if err := shape.Validate(); err != nil {
		return Doc{}, fmt.Errorf("capture line %d: %s: %w", c.Frames[i].Line, s.Kind, err)
	}
	if !(grid > 0) {
		grid = DefaultGrid
	}
	return Doc{Scene: s, Mesh: c.Frames[i].Query.Mesh.Core, Shape: shape, View: v, Grid: grid, Source: c.Path}, nil
}

// Export writes frame i as a fixture into dir (a fresh name) expecting
// the core's answer, and returns its path.
func (c *Capture) Export(i int, dir string, now time.Time) (string, error) {
	if i < 0 || i >= len(c.Frames) {
		return "", fmt.Errorf("export: no capture frame %d", i)
	}
	path, err := scene.Export(dir, c.Scene(i), now)
	if err != nil {
		return "", fmt.Errorf("export capture line %d: %w", c.Frames[i].Line, err)
	}
	return path, nil
}
