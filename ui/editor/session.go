package editor

import (
	"sweepdbg/geom"

	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/internal/atomicfile"
	"sweepdbg/render/view"
	"sweepdbg/scene"
	"sweepdbg/sweep"
)

// sessionVersion is the session file's format version. Version 2 gave
// the session its own JSON names for the view toggles and the shape;
// version 1 files (the same fields, named as the Go fields were, which
// encoding/json matches without regard to case) still load. Other
// versions are ignored with a message.
const sessionVersion = 2

// oldestSessionVersion is the oldest session format that still loads.
const oldestSessionVersion = 1

// SessionFile is the session's file name inside the config directory.
const SessionFile = "session.json"

// Session is what the window remembers between launches: the scene (as
// fixture JSON, so it is complete even when its file has changed), the
// ellipsoid panel's radii and rotation, the View settings, the camera, the
// Scene panel's path field and recent files, whether help is shown and
// where the panels are.
// Its types are the session format's own (SessionShape, sessionView,
// CameraState), so renaming a field of the editor or the renderer does not
// change the file.
type Session struct {
	Version int             `json:"version"`
	Scene   json.RawMessage `json:"scene"`
	Source  string          `json:"source,omitempty"`
	Shape   SessionShape    `json:"shape"`
	View    sessionView     `json:"view"`
	Grid    float64         `json:"grid"`
	Camera  CameraState     `json:"camera"`
	Recent  []string        `json:"recent,omitempty"`
	Path    string          `json:"path,omitempty"` // the Scene panel's path field
	Help    bool            `json:"help,omitempty"`
	// Panels is where each panel was, by name, as [x0, y0, x1, y1] in
	// panel units (window pixels divided by the UI scale).
	Panels map[string][4]int `json:"panels,omitempty"`
	// Ups is the up axis ("Y" or "Z") each level file was opened with.
	Ups map[string]string `json:"ups,omitempty"`
	// ExpectFor is the motion the scene's expectation was written for
	// (Doc.ExpectFor); omitted without one. A session without it takes
	// the saved motion as the expectation's.
	ExpectFor *storedMotion `json:"expectFor,omitempty"`
	// compact: Scene is compact valid JSON (NewSession made it), which
	// SaveSession writes as it is.
	compact bool
}

// UpAxes returns the session's up axes as App.Ups keeps them.
func (s *Session) UpAxes() map[string]UpAxis {
	out := map[string]UpAxis{}
	for p, u := range s.Ups {
		switch u {
		case "Y":
			out[p] = UpY
		case "Z":
			out[p] = UpZ
		}
	}
	return out
}

// SetUpAxes stores App.Ups in the session.
func (s *Session) SetUpAxes(ups map[string]UpAxis) {
	s.Ups = map[string]string{}
	for p, u := range ups {
		if u != UpAuto {
			s.Ups[p] = u.String()
		}
	}
}

// storedMotion is Motion as the session file stores it: the semi-axes,
// start and end in world units, the slide's iteration limit and skin.
type storedMotion struct {
	Axes          [3]mgl64.Vec3 `json:"axes"`            // the ellipsoid's (sessions from before capsules and boxes)
	Shape         *sweep.Shape  `json:"shape,omitempty"` // the whole shape; when present it wins over Axes
	Start         mgl64.Vec3    `json:"start"`
	End           mgl64.Vec3    `json:"end"`
	MaxIterations int           `json:"maxIterations"`
	Skin          float64       `json:"skin"`
}

// sessionMotion is m as stored (nil for nil).
func sessionMotion(m *sweep.Motion) *storedMotion {
	if m == nil {
		return nil
	}
	sh := m.Shape
	return &storedMotion{Axes: m.Ellipsoid.Axes, Shape: &sh, Start: m.Start, End: m.End,
		MaxIterations: m.Slide.MaxIterations, Skin: m.Slide.Skin}
}

// Motion is the stored motion back as a Motion.
func (s *storedMotion) Motion() sweep.Motion {
	sh := sweep.EllipsoidShape(sweep.Ellipsoid{Axes: s.Axes})
	if s.Shape != nil {
		sh = *s.Shape
	}
	return sweep.Motion{Shape: sh, Start: s.Start, End: s.End,
		Slide: sweep.SlideOptions{MaxIterations: s.MaxIterations, Skin: s.Skin}}
}

// SessionShape is Shape as the session file stores it. Kind is
// "ellipsoid", "capsule" or "box" (sweep.ShapeKind's String); a session
// saved before capsules and boxes has none and is an ellipsoid.
type SessionShape struct {
	Kind   string     `json:"kind,omitempty"`
	Radii  [3]float64 `json:"radii"`            // world units: semi-axes or half extents
	Rot    [3]float64 `json:"rot"`              // yaw, pitch, roll in degrees
	Radius float64    `json:"radius,omitempty"` // a capsule's
	Half   float64    `json:"half,omitempty"`   // a capsule's half segment length
}

// sessionShape is s as stored.
func sessionShape(s Shape) SessionShape {
	return SessionShape{Kind: s.Kind.String(), Radii: s.Radii, Rot: s.Rot, Radius: s.Radius, Half: s.Half}
}

// Shape is the stored shape back; an unknown kind is refused.
func (s SessionShape) Shape() (Shape, error) {
	out := Shape{Radii: s.Radii, Rot: s.Rot, Radius: s.Radius, Half: s.Half}
	if s.Kind == "" {
		return out, nil
	}
	for _, k := range Kinds {
		if k.String() == s.Kind {
			out.Kind = k
			return out, nil
		}
	}
	return Shape{}, fmt.Errorf("unknown shape kind %q", scene.Printable(s.Kind))
}

// sessionView is view.Options as the session file stores it.
type sessionView struct {
	Normals   bool `json:"normals"`
	Edges     bool `json:"edges"`
	Ghosts    bool `json:"ghosts"`
	Labels    bool `json:"labels"`
	Grid      bool `json:"grid"`
	BackFaces bool `json:"backFaces"`
	XRay      bool `json:"xRay"`
	BVH       bool `json:"bvh,omitempty"`
	NoLegend  bool `json:"noLegend,omitempty"` // omitted: a session saved before the toggle shows the legend
}

// Options returns the toggles as the renderer takes them.
func (v sessionView) Options() view.Options { return view.Options(v) }

// CameraState is the part of the window's camera a session keeps (the
// viewport size comes from the window): the orbit target, yaw and pitch
// in radians, the distance from the target in world units, the vertical
// field of view in radians and whether the projection is orthographic.
type CameraState struct {
	Target   mgl64.Vec3 `json:"target"`
	Yaw      float64    `json:"yaw"`   // radians
	Pitch    float64    `json:"pitch"` // radians
	Distance float64    `json:"distance"`
	FovY     float64    `json:"fovY"` // radians
	Ortho    bool       `json:"ortho"`
}

// maxCameraValue bounds the magnitude of every camera value a session may
// hold (target coordinates, yaw, pitch, distance): far beyond any scene
// (the precision probe moves scenes 1e7 from the origin), far below where
// float64 arithmetic on them overflows.
const maxCameraValue = 1e12

// errCamera marks a saved camera that Validate refuses.
var errCamera = errors.New("invalid camera")

// Validate refuses a state the camera cannot take: a target, yaw or pitch
// that is not finite or larger than maxCameraValue, a distance outside
// (0, maxCameraValue], or a field of view outside (0, 3.1) radians. The
// error wraps errCamera.
func (s CameraState) Validate() error {
	if !sane(s.Target[0]) || !sane(s.Target[1]) || !sane(s.Target[2]) || !sane(s.Yaw) || !sane(s.Pitch) ||
		!(s.Distance > 0) || !sane(s.Distance) || !(s.FovY > 0 && s.FovY < 3.1) {
		return fmt.Errorf("%w (distance %g, target %v)", errCamera, s.Distance, s.Target)
	}
	return nil
}

// sane reports whether x is finite and at most maxCameraValue in magnitude.
func sane(x float64) bool { return math.Abs(x) <= maxCameraValue }

// SessionPath returns dir/session.json, where dir is configDir or, when
// empty, os.UserConfigDir()/sweepdbg.
func SessionPath(configDir string) (string, error) {
	if configDir == "" {
		base, err := os.UserConfigDir()
		if err != nil {
			return "", fmt.Errorf("session: %w", err)
		}
		configDir = filepath.Join(base, "sweepdbg")
	}
	return filepath.Join(configDir, SessionFile), nil
}

// SceneJSON caches the fixture JSON of the scene last saved, by the
// App.Rev it was saved at, so that a save after only the camera or the
// panels changed does not encode the scene again; and the JSON of its
// mesh by Doc.MeshRev, so that a save after only the poses or the
// ellipsoid changed (every few seconds of a drag on a big level) does not
// encode the mesh again. The JSON is compact, as the session file holds
// it. The zero value is empty; not safe for concurrent use (the game
// saves under its save mutex).
type SceneJSON struct {
	rev     uint64 // the App.Rev data is for
	data    []byte // nil: nothing cached
	meshRev uint64 // the Doc.MeshRev mesh is for
	mesh    []byte // the compact "mesh" value; nil: nothing cached
}

// meshHole stands for the mesh in the scene encoded around it: `"mesh":0`
// appears nowhere else in compact fixture JSON (a string holding it has
// its quotes escaped).
var meshHole = []byte(`"mesh":0`)

// encode returns d's scene (the Doc at revision rev) as compact fixture
// JSON, from the cache when rev is the revision last encoded, else with
// the mesh from the cache when d.MeshRev is the mesh last encoded. A nil
// cache always encodes.
func (c *SceneJSON) encode(d Doc, rev uint64) ([]byte, error) {
	if c == nil {
		c = &SceneJSON{}
	}
	if c.rev == rev && c.data != nil {
		return c.data, nil
	}
	s := d.Scene
	if c.mesh == nil || c.meshRev != d.MeshRev || d.MeshRev == 0 {
		raw, err := s.MeshJSON()
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		b.Grow(len(raw))
		if err := json.Compact(&b, raw); err != nil {
			return nil, err
		}
		c.meshRev, c.mesh = d.MeshRev, b.Bytes()
	}
	rest, err := s.MarshalWithMesh([]byte("0"))
	if err != nil {
		return nil, err
	}
	// Compacted as json.Marshal compacts a RawMessage (escaping HTML
	// characters in strings): the mesh has no strings.
	if rest, err = json.Marshal(json.RawMessage(rest)); err != nil {
		return nil, err
	}
	i := bytes.Index(rest, meshHole)
	if i < 0 {
		return nil, errors.New("session: the scene's mesh field is missing")
	}
	data := make([]byte, 0, len(rest)+len(c.mesh))
	data = append(append(append(data, rest[:i+len(meshHole)-1]...), c.mesh...), rest[i+len(meshHole):]...)
	c.rev, c.data = rev, data
	return data, nil
}

// NewSession captures the state to save, d being the Doc at App.Rev rev,
// encoding the scene through cache (nil: no cache).
func NewSession(d Doc, rev uint64, cam CameraState, recent []string, path string, help bool, cache *SceneJSON) (*Session, error) {
	data, err := cache.encode(d, rev)
	if err != nil {
		return nil, fmt.Errorf("session: %w", err)
	}
	return &Session{
		Version: sessionVersion, Scene: data, Source: d.Source, Shape: sessionShape(d.Shape),
		View: sessionView(d.View), Grid: d.Grid, Camera: cam, Recent: recent, Path: path, Help: help,
		ExpectFor: sessionMotion(d.ExpectFor), compact: true,
	}, nil
}

// sceneHole stands for the scene in a session encoded around it: the
// first `"scene":0` of the encoding is the field (Version comes before
// it, and a string holding it has its quotes escaped).
var sceneHole = []byte(`"scene":0`)

// marshal encodes s as json.Marshal does. A scene NewSession made is
// compact and valid already, so it is spliced into the rest instead of
// being scanned and compacted again (tens of megabytes for a big level).
func (s *Session) marshal() ([]byte, error) {
	if !s.compact || len(s.Scene) == 0 {
		return json.Marshal(s)
	}
	rest := *s
	rest.Scene = json.RawMessage("0")
	data, err := json.Marshal(&rest)
	if err != nil {
		return nil, err
	}
	i := bytes.Index(data, sceneHole)
	if i < 0 {
		return json.Marshal(s)
	}
	out := make([]byte, 0, len(data)+len(s.Scene))
	return append(append(append(out, data[:i+len(sceneHole)-1]...), s.Scene...), data[i+len(sceneHole):]...), nil
}

// Encode returns s as the session file's JSON (what SaveSession writes).
func (s *Session) Encode() ([]byte, error) { return s.marshal() }

// SaveSession writes s to path atomically.
func SaveSession(path string, s *Session) error {
	data, err := s.marshal()
	if err != nil {
		return fmt.Errorf("session: %w", err)
	}
	if err := atomicfile.WriteFile(path, data, true); err != nil {
		return fmt.Errorf("session: %w", err)
	}
	return nil
}

// LoadSession reads the session at path. A missing file returns (nil,
// nil); a corrupt or unknown-version file returns an error naming it (the
// caller ignores the session and says so).
func LoadSession(path string) (*Session, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	var s *Session
	if err == nil {
		s, err = ParseSession(data)
	}
	if err != nil {
		return nil, fmt.Errorf("session %s: %w", scene.Printable(path), err)
	}
	return s, nil
}

// ParseSession decodes a session file's bytes, refusing a version it does
// not know. It does not check the scene (Doc does) or the camera
// (CameraState.Validate).
func ParseSession(data []byte) (*Session, error) {
	var s Session
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	if s.Version < oldestSessionVersion || s.Version > sessionVersion {
		return nil, fmt.Errorf("version %d, want %d to %d", s.Version, oldestSessionVersion, sessionVersion)
	}
	return &s, nil
}

// Doc rebuilds the session's Doc: the scene from its fixture JSON (which
// holds the shape, whatever its kind), with the saved editor shape (the
// angles as the user typed them) when it still describes the scene's.
func (s *Session) Doc() (Doc, error) {
	sc, err := scene.Parse(s.Scene)
	if err != nil {
		return Doc{}, fmt.Errorf("session scene: %w", err)
	}
	d, err := NewDoc(sc, s.Source, s.View.Options(), s.Grid)
	if err != nil {
		return Doc{}, fmt.Errorf("session: %w", err)
	}
	if sh, err := s.Shape.Shape(); err == nil && sh.Validate() == nil && sameShape(sh.Sweep(), sc.Shape) {
		d.Shape = sh // keeps the angles the user typed (the decomposition may differ)
	}
	if s.ExpectFor != nil && d.ExpectFor != nil {
		m := s.ExpectFor.Motion()
		d.ExpectFor = &m
	}
	return d, nil
}

// sameShape reports whether a and b are one shape, up to the fixture's
// decimal round trip (sameAxes).
func sameShape(a, b sweep.Shape) bool {
	switch {
	case a.Kind != b.Kind:
		return false
	case a.Kind == sweep.KindCapsule:
		c, d := a.Capsule, b.Capsule
		return math.Abs(c.Radius-d.Radius) <= 1e-9*(1+c.Radius) && sameAxes([3]mgl64.Vec3{c.HalfSegment}, [3]mgl64.Vec3{d.HalfSegment})
	case a.Kind == sweep.KindBox:
		return sameAxes(a.Box.Axes, b.Box.Axes)
	}
	return sameAxes(a.Ellipsoid.Axes, b.Ellipsoid.Axes)
}

// sameAxes compares semi-axes up to sign with a tolerance relative to
// their size (the fixture's decimal round trip).
func sameAxes(a, b [3]mgl64.Vec3) bool {
	for i := range a {
		tol := float64(1e-9 * (1 + geom.Len(a[i])))
		if geom.Len(a[i].Sub(b[i])) > tol && geom.Len(a[i].Add(b[i])) > tol {
			return false
		}
	}
	return true
}
