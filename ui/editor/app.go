package editor

import (
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/render/view"
	"sweepdbg/scene"
	"sweepdbg/scene/meshfile"
	"sweepdbg/sweep"
)

// Result is the core's answer for the current Doc (see App.RunCore) and
// how long it took; Rev is the App.Rev it was computed at.
type Result struct {
	Answer    sweep.Answer // Mesh.Answer(start -> end): the first contact and the slide
	Micros    float64      // wall time of the core's call, microseconds
	AvgMicros float64      // Micros smoothed over the recent runs (see coreTimeWeight)
	Rev       uint64       // the revision of the Doc the answer is for
}

// coreTimeWeight is the weight of the newest run in the core time shown:
// an exponential moving average over about the last 1/coreTimeWeight runs,
// so the readout does not jump with every frame of a drag.
const coreTimeWeight = 0.2

// smooth returns the moving average after a run that took x, given the
// previous average prev (0 before the first run).
func smooth(prev, x float64) float64 {
	if prev == 0 {
		return x
	}
	return prev + float64(coreTimeWeight*(x-prev))
}

// App is the debugger's state and every edit it supports, with no window:
// the window (package ui) feeds it input, and tests drive it directly.
// Every edit goes through Edit, so every edit is one undo step. An App is
// used from one goroutine (the window's Update).
type App struct {
	Doc     Doc
	History history
	Result  Result
	Recent  []string // recently opened files, newest first
	// Ups is the up axis each level file was last opened with, by
	// absolute path (the Scene panel's choice, kept in the session).
	Ups map[string]UpAxis

	Msg    string    // the status line's last message
	MsgErr bool      // Msg reports an error
	MsgAt  time.Time // when Msg was set

	// Rev is the Doc's revision: it grows by one with every change of the
	// Doc (edits, undo and redo, loads, drag previews, play ticks shown)
	// and never repeats, so "did anything change" is a comparison of Rev
	// with the revision something was last computed or saved at.
	Rev uint64

	// Selection is the pose last grabbed in the view (F frames it); a
	// load clears it.
	Selection Selection
	// Triangle is the triangle last clicked in the view (the Result panel
	// shows its row); a load clears it.
	Triangle triangleSelection

	// The work derived from the Doc, which the App owns and Update runs in
	// its order (the window only shows it and forwards input):
	Opinions opinionCache // the three first-contact opinions on the shown motion
	Probe    probeCache   // the precision probe
	Engines  *Engines     // the live engines; nil until some are started
	Hunter   *hunter      // the running hunt; nil when none
	Loading  *loader      // the file being opened; nil when none

	ran bool // RunCore has run at least once (Result is for some revision)
}

// UpdateDerived brings the derived work up to date with the Doc, in this
// order: the core's answer (Refresh), the opinions and the probe (each
// skipped on a large mesh unless forced: the Compare and Probe buttons),
// then the live engines, which are judged against the core's answer.
func (a *App) UpdateDerived(forceOpinions, forceProbe bool) {
	a.Refresh()
	a.Opinions.Update(a.Doc, a.Rev, forceOpinions)
	a.Probe.Update(a.Doc, a.Rev, a.Result.Answer, forceProbe)
	if a.Engines.Len() > 0 {
		a.Engines.Update(a.Doc, a.Rev, a.Result)
	}
}

// maxRecent is the number of recent files remembered.
const maxRecent = 8

// NewDoc prepares a loaded scene for editing: it checks the ellipsoid and
// the poses, decomposes the ellipsoid into radii and rotation and builds
// the core's mesh. view and grid carry the View panel's settings over.
func NewDoc(s *scene.Scene, source string, view view.Options, grid float64) (Doc, error) {
	if s == nil {
		return Doc{}, errors.New("no scene")
	}
	shape := ShapeFrom(s.Shape)
	if err := shape.Validate(); err != nil {
		return Doc{}, fmt.Errorf("scene %q: %s: %w", s.Name, s.Kind, err)
	}
	if err := finiteVec("start", s.Start); err != nil {
		return Doc{}, fmt.Errorf("scene %q: %w", s.Name, err)
	}
	if err := finiteVec("end", s.End); err != nil {
		return Doc{}, fmt.Errorf("scene %q: %w", s.Name, err)
	}
	if !(grid > 0) {
		grid = DefaultGrid
	}
	return Doc{
		Scene: s, Mesh: sweep.NewMesh(s.Mesh.Tris()), MeshRev: nextMeshRev(),
		Shape: shape, View: view, Grid: grid, Source: source, ExpectFor: expectFor(s),
	}, nil
}

// Say sets the status line's message.
func (a *App) Say(format string, args ...any) {
	a.Msg, a.MsgErr, a.MsgAt = fmt.Sprintf(format, args...), false, time.Now()
}

// Fail reports err on the status line (and in the panels).
func (a *App) Fail(err error) {
	a.Msg, a.MsgErr, a.MsgAt = err.Error(), true, time.Now()
}

// Edit applies f to a copy of the current Doc. When f succeeds the copy
// becomes current and the old Doc one undo step; when it fails nothing
// changes and the error (prefixed by what) goes to the status line.
func (a *App) Edit(what string, f func(d *Doc) error) error {
	if a.Doc.Scene == nil {
		err := fmt.Errorf("%s: no scene open", what)
		a.Fail(err)
		return err
	}
	next := a.Doc.Clone()
	if err := f(&next); err != nil {
		err = fmt.Errorf("%s: %w", what, err)
		a.Fail(err)
		return err
	}
	a.History.Record(a.Doc)
	prev := a.Doc
	a.SetDoc(next)
	if c := change(prev, next); c != "" {
		a.Say("%s", c) // also replaces an error the edit may have fixed
	} else {
		a.Say("%s", what)
	}
	return nil
}

// Replace makes d current as one undo step (a scene load, a finished drag).
func (a *App) Replace(what string, d Doc) {
	a.History.Record(a.Doc)
	a.SetDoc(d)
	a.Say("%s", what)
}

// SetDoc makes d current without an undo step and bumps Rev: for what
// shows a Doc that is not an edit (a drag in progress, a play tick).
func (a *App) SetDoc(d Doc) {
	a.Doc = d
	a.Rev++
}

// Undo steps back one edit.
func (a *App) Undo() { a.travel(a.History.Undo, "undo") }

// Redo steps forward one undone edit.
func (a *App) Redo() { a.travel(a.History.Redo, "redo") }

// travel makes the Doc that step returns current and says so.
func (a *App) travel(step func(Doc) (Doc, bool), what string) {
	prev := a.Doc
	d, ok := step(a.Doc)
	if !ok {
		a.Say("nothing to %s", what)
		return
	}
	a.SetDoc(d)
	if c := change(prev, d); c != "" {
		a.Say("%s: %s", what, c)
	} else {
		a.Say("%s", what)
	}
}

// SetShape sets the shape: its kind, sizes and rotation.
func (a *App) SetShape(s Shape) error {
	return a.Edit(s.Kind.String(), func(d *Doc) error {
		if err := s.Validate(); err != nil {
			return err
		}
		d.Shape = s
		d.Scene.Shape = s.Sweep()
		return nil
	})
}

// SetKind turns the shape into kind, keeping a sensible size (Shape.As).
func (a *App) SetKind(kind sweep.ShapeKind) error {
	return a.SetShape(a.Doc.Shape.As(kind))
}

// SetPose moves the start (scene.PoseStart) or end (scene.PoseEnd)
// center to p; other poses and non-finite coordinates are refused.
func (a *App) SetPose(pose scene.Pose, p mgl64.Vec3) error {
	return a.Edit(pose.String(), func(d *Doc) error {
		if err := finiteVec(pose.String(), p); err != nil {
			return err
		}
		return setPose(d, pose, p)
	})
}

func setPose(d *Doc, pose scene.Pose, p mgl64.Vec3) error {
	switch pose {
	case scene.PoseStart:
		d.Scene.Start = p
	case scene.PoseEnd:
		d.Scene.End = p
	default:
		return fmt.Errorf("pose %d cannot be moved", pose)
	}
	return nil
}

// PoseAt returns the center of the start or end pose in d.
func (d Doc) PoseAt(pose scene.Pose) mgl64.Vec3 {
	if pose == scene.PoseEnd {
		return d.Scene.End
	}
	return d.Scene.Start
}

// Swap exchanges the start and end centers.
func (a *App) Swap() error {
	return a.Edit("swap", func(d *Doc) error {
		d.Scene.Start, d.Scene.End = d.Scene.End, d.Scene.Start
		return nil
	})
}

// SetView sets the View panel's toggles.
func (a *App) SetView(o view.Options) error {
	return a.Edit("view", func(d *Doc) error { d.View = o; return nil })
}

// SetGrid sets the snapping step (world units, positive and finite).
func (a *App) SetGrid(g float64) error {
	return a.Edit("grid", func(d *Doc) error {
		if !(g > 0) || math.IsInf(g, 0) {
			return fmt.Errorf("grid step %g: must be positive and finite", g)
		}
		d.Grid = g
		return nil
	})
}

// maxSlideIterations bounds the slide's iteration count field.
const maxSlideIterations = 1000

// SetSlide sets collide-and-slide's options: MaxIterations in [1, 1000],
// Skin finite and in [0, 1) world units.
func (a *App) SetSlide(o sweep.SlideOptions) error {
	return a.Edit("slide options", func(d *Doc) error {
		if o.MaxIterations < 1 || o.MaxIterations > maxSlideIterations {
			return fmt.Errorf("max iterations %d: must be in [1, %d]", o.MaxIterations, maxSlideIterations)
		}
		if !(o.Skin >= 0 && o.Skin < 1) {
			return fmt.Errorf("skin %g: must be in [0, 1)", o.Skin)
		}
		d.Scene.Slide = o
		return nil
	})
}

// SlideOptions returns the effective slide options of the scene (see
// scene.Scene.EffectiveSlideOptions: the core's defaults for what the
// scene leaves out).
func (d Doc) SlideOptions() sweep.SlideOptions {
	return d.Scene.EffectiveSlideOptions()
}

// Selection is the pose the user last grabbed: Valid is false when none.
type Selection struct {
	Pose  scene.Pose
	Valid bool
}

// Load makes d (a freshly opened scene) current as one undo step,
// clears the selected pose and triangle and remembers its file among the recent ones.
func (a *App) Load(d Doc) {
	a.Selection, a.Triangle = Selection{}, triangleSelection{}
	if a.Doc.Scene != nil && meshfile.IsLevel(d.Source) {
		d = d.WithKind(a.Doc.Shape.Kind)
	}
	a.Replace(fmt.Sprintf("opened %s (%d triangles)", d.Describe(), len(d.Scene.Mesh.Triangles)), d)
	if d.Source != "" {
		a.AddRecent(d.Source)
	}
}

// WithKind returns d with its shape turned into kind (Shape.As): a level
// opened while a capsule or a box is edited gets the player FitLevel
// guessed as that kind, the capsule of the same height and radius.
func (d Doc) WithKind(kind sweep.ShapeKind) Doc {
	if d.Scene == nil || d.Shape.Kind == kind {
		return d
	}
	d = d.Clone()
	d.Shape = d.Shape.As(kind)
	d.Scene.Shape = d.Shape.Sweep()
	return d
}

// UpFor returns the up axis remembered for the level file path (UpAuto
// when none).
func (a *App) UpFor(path string) UpAxis {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return a.Ups[path]
}

// RememberUp records the up axis a level file was opened with.
func (a *App) RememberUp(path string, up UpAxis) {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	if a.Ups == nil {
		a.Ups = map[string]UpAxis{}
	}
	a.Ups[path] = up
}

// Describe names where d's scene came from: its file, "shared fixture
// NAME" (a link or a dropped file), or "built-in scene NAME".
func (d Doc) Describe() string {
	switch {
	case d.Source != "":
		return d.Source
	case d.Shared:
		return "shared fixture " + d.Scene.Name
	}
	return "built-in scene " + d.Scene.Name
}

// AddRecent puts path first in the recent-files list, as an absolute path
// (the list must still work after a start from another directory).
func (a *App) AddRecent(path string) {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	out := []string{path}
	for _, p := range a.Recent {
		if p != path && len(out) < maxRecent {
			out = append(out, p)
		}
	}
	a.Recent = out
}

// Refresh runs the core (RunCore) when the Doc changed since it last ran,
// so the core runs once per change however often it is called; it
// reports whether it ran.
func (a *App) Refresh() bool {
	if a.ran && a.Result.Rev == a.Rev {
		return false
	}
	a.RunCore()
	return true
}

// RunCore runs the core (Mesh.Answer: the sweep and the slide) for the
// current Doc, times it and stamps the Result with Rev. A panic in the
// core (which would be a core bug) is caught and reported on the status
// line instead of closing the window.
func (a *App) RunCore() {
	d, rev := a.Doc, a.Rev
	a.ran = true
	if d.Scene == nil || d.Mesh == nil {
		a.Result = Result{Rev: rev}
		return
	}
	defer func() {
		if r := recover(); r != nil {
			a.Result = Result{Answer: sweep.Answer{Slid: true, Slide: sweep.SlideResult{Final: d.Scene.Start}}, Rev: rev}
			a.Fail(fmt.Errorf("core failed: %v", r))
		}
	}()
	s := d.Scene
	t0 := time.Now()
	ans := d.Mesh.Answer(motionOf(s))
	us := float64(time.Since(t0).Nanoseconds()) / 1e3
	a.Result = Result{Answer: ans, Micros: us, AvgMicros: smooth(a.Result.AvgMicros, us), Rev: rev}
}

// Moment returns the current scene as a fixture: the poses, the effective
// slide options, and the current result as "expect" so that replaying the
// fixture checks the core still answers the same.
func (a *App) Moment() *scene.Scene {
	s := *a.Doc.Scene
	s.Slide = a.Doc.SlideOptions()
	s.Expect = expectOf(a.Result)
	return &s
}

// CroppedMoment is Moment cropped to the triangles within reach of the
// motion and its slide (scene.Crop, with the current answer) when crop
// is true and that drops any; dropped is how many it dropped. The
// cropped fixture's answer is the same, its triangles renumbered.
func (a *App) CroppedMoment(crop bool) (s *scene.Scene, dropped int) {
	s = a.Moment()
	if !crop {
		return s, 0
	}
	c, kept := scene.Crop(s, a.Result.Answer, 0)
	return c, len(s.Mesh.Triangles) - len(kept)
}

// expectTolerance is the absolute per-component tolerance written into
// exported fixtures: the core is deterministic, so this only absorbs the
// decimal round trip and harmless reordering of floating-point sums.
const expectTolerance = 1e-6

func expectOf(r Result) *scene.Expect {
	hit := r.Answer.Hit
	final := r.Answer.Slide.Final
	tol := expectTolerance
	e := &scene.Expect{Hit: &hit, Final: &final, Tolerance: &tol}
	if hit {
		h := r.Answer.First
		feature := h.Feature.String()
		e.T, e.Point, e.Normal, e.Feature, e.Triangle = &h.T, &h.Point, &h.Normal, &feature, &h.Triangle
	}
	return e
}

// ExportFixture writes the current moment (see Moment) into dir as a new
// fixture named <scene>-<date>-<time>.json (scene.Export: atomic, never
// overwriting an earlier export) and returns the path written.
func (a *App) ExportFixture(dir string, now time.Time) (string, error) {
	if a.Doc.Scene == nil {
		return "", errors.New("export: no scene open")
	}
	path, err := scene.Export(dir, a.Moment(), now)
	if err != nil {
		return "", fmt.Errorf("export: %w", err)
	}
	return path, nil
}

// finiteVec returns an error naming name and the component when v has a
// NaN or infinite component, nil otherwise.
func finiteVec(name string, v mgl64.Vec3) error {
	for i, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("%s %c = %g: must be a finite number", name, "xyz"[i], x)
		}
	}
	return nil
}

// Preview moves a pose without an undo step: a drag in progress, whose
// end Commit records as one step.
func (a *App) Preview(pose scene.Pose, p mgl64.Vec3) {
	d := a.Doc.Clone()
	if finiteVec(pose.String(), p) != nil || setPose(&d, pose, p) != nil {
		return
	}
	a.SetDoc(d)
}

// ShowMotion shows the motion from start to end without an undo step (a
// play tick under the timeline's cursor); Rev grows like for any change.
func (a *App) ShowMotion(start, end mgl64.Vec3) {
	if a.Doc.Scene == nil {
		return
	}
	d := a.Doc.Clone()
	d.Scene.Start, d.Scene.End = start, end
	a.SetDoc(d)
}

// Commit records before (the state when a drag began) as one undo step if
// the current Doc moved away from it, and says what.
func (a *App) Commit(before Doc, what string) {
	if before.Scene == nil || a.Doc.Scene == nil ||
		(before.Scene.Start == a.Doc.Scene.Start && before.Scene.End == a.Doc.Scene.End) {
		return
	}
	a.History.Record(before)
	if c := change(before, a.Doc); c != "" {
		what = c
	}
	a.Say("%s", what)
}
