package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/render"
	"sweepdbg/scene"
)

// sessionVersion is the session file's format version; other versions are
// ignored with a message.
const sessionVersion = 1

// sessionFile is the session's file name inside the config directory.
const sessionFile = "session.json"

// Session is what the window remembers between launches: the scene (as
// fixture JSON, so it is complete even when its file has changed), the
// ellipsoid panel's radii and rotation, the View settings, the camera, the
// Scene panel's path field and recent files, and whether help is shown.
type Session struct {
	Version int             `json:"version"`
	Scene   json.RawMessage `json:"scene"`
	Source  string          `json:"source,omitempty"`
	Shape   Shape           `json:"shape"`
	View    render.Options  `json:"view"`
	Grid    float64         `json:"grid"`
	Camera  CameraState     `json:"camera"`
	Recent  []string        `json:"recent,omitempty"`
	Path    string          `json:"path,omitempty"` // the Scene panel's path field
	Help    bool            `json:"help,omitempty"`
}

// CameraState is the part of render.Camera a session keeps (the viewport
// size comes from the window).
type CameraState struct {
	Target   mgl64.Vec3 `json:"target"`
	Yaw      float64    `json:"yaw"`   // radians
	Pitch    float64    `json:"pitch"` // radians
	Distance float64    `json:"distance"`
	FovY     float64    `json:"fovY"` // radians
	Ortho    bool       `json:"ortho"`
}

func cameraState(c render.Camera) CameraState {
	return CameraState{Target: c.Target, Yaw: c.Yaw, Pitch: c.Pitch, Distance: c.Distance, FovY: c.FovY, Ortho: c.Ortho}
}

// apply copies the state into c, keeping c's viewport; a state with
// non-finite or non-positive values is refused.
func (s CameraState) apply(c *render.Camera) error {
	if finiteVec("camera target", s.Target) != nil || !finite(s.Yaw) || !finite(s.Pitch) ||
		!(s.Distance > 0) || !finite(s.Distance) || !(s.FovY > 0 && s.FovY < 3.1) {
		return errors.New("camera: invalid values")
	}
	c.Target, c.Yaw, c.Pitch, c.Distance, c.FovY, c.Ortho = s.Target, s.Yaw, s.Pitch, s.Distance, s.FovY, s.Ortho
	return nil
}

func finite(x float64) bool { return finiteVec("", mgl64.Vec3{x}) == nil }

// sessionPath returns dir/session.json, where dir is configDir or, when
// empty, os.UserConfigDir()/sweepdbg.
func sessionPath(configDir string) (string, error) {
	if configDir == "" {
		base, err := os.UserConfigDir()
		if err != nil {
			return "", fmt.Errorf("session: %w", err)
		}
		configDir = filepath.Join(base, "sweepdbg")
	}
	return filepath.Join(configDir, sessionFile), nil
}

// sceneJSON caches the fixture JSON of the last scene saved, so that a
// save after only the camera or the panels changed does not encode a large
// mesh again. Scenes in a Doc are never modified in place, so the pointer
// identifies the content. The zero value is empty; not safe for
// concurrent use (the game saves under its save mutex).
type sceneJSON struct {
	scene *scene.Scene
	data  []byte
}

// encode returns s as fixture JSON, from the cache when s was the last
// scene encoded. A nil cache always encodes.
func (c *sceneJSON) encode(s *scene.Scene) ([]byte, error) {
	if c != nil && c.scene == s && c.data != nil {
		return c.data, nil
	}
	data, err := s.Marshal()
	if err == nil && c != nil {
		c.scene, c.data = s, data
	}
	return data, err
}

// newSession captures the state to save, encoding the scene through cache
// (nil: no cache).
func newSession(d Doc, cam render.Camera, recent []string, path string, help bool, cache *sceneJSON) (*Session, error) {
	data, err := cache.encode(d.Scene)
	if err != nil {
		return nil, fmt.Errorf("session: %w", err)
	}
	return &Session{
		Version: sessionVersion, Scene: data, Source: d.Source, Shape: d.Shape,
		View: d.View, Grid: d.Grid, Camera: cameraState(cam), Recent: recent, Path: path, Help: help,
	}, nil
}

// saveSession writes s to path atomically.
func saveSession(path string, s *Session) error {
	data, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("session: %w", err)
	}
	if err := scene.WriteFile(path, data, true); err != nil {
		return fmt.Errorf("session: %w", err)
	}
	return nil
}

// loadSession reads the session at path. A missing file returns (nil,
// nil); a corrupt or unknown-version file returns an error naming it (the
// caller ignores the session and says so).
func loadSession(path string) (*Session, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("session %s: %w", path, err)
	}
	var s Session
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("session %s: %w", path, err)
	}
	if s.Version != sessionVersion {
		return nil, fmt.Errorf("session %s: version %d, want %d", path, s.Version, sessionVersion)
	}
	return &s, nil
}

// Doc rebuilds the session's Doc: the scene from its fixture JSON, with the
// saved radii and rotation when they still describe the scene's ellipsoid.
func (s *Session) Doc() (Doc, error) {
	sc, err := scene.Parse(s.Scene)
	if err != nil {
		return Doc{}, fmt.Errorf("session scene: %w", err)
	}
	d, err := NewDoc(sc, s.Source, s.View, s.Grid)
	if err != nil {
		return Doc{}, fmt.Errorf("session: %w", err)
	}
	if s.Shape.Validate() == nil && sameAxes(s.Shape.Ellipsoid().Axes, sc.Ellipsoid.Axes) {
		d.Shape = s.Shape // keeps the angles the user typed (the decomposition may differ)
	}
	return d, nil
}

// sameAxes compares semi-axes up to sign with a tolerance relative to
// their size (the fixture's decimal round trip).
func sameAxes(a, b [3]mgl64.Vec3) bool {
	for i := range a {
		tol := 1e-9 * (1 + a[i].Len())
		if a[i].Sub(b[i]).Len() > tol && a[i].Add(b[i]).Len() > tol {
			return false
		}
	}
	return true
}
