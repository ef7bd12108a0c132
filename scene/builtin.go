package scene

import (
	"encoding/json"
	"fmt"
	"strings"

	"sweepdbg/assets"
)

// DefaultName is the built-in scene the debugger opens with: an ellipsoid
// that lands on a ramp, slides up it and into the crease where the ramp
// meets a wall (two or more slide steps).
const DefaultName = "wall-ramp"

// builtinNames lists the built-in scenes in the order they are presented;
// each is assets/scenes/<name>.json. A test checks that the list and the
// directory agree.
var builtinNames = []string{
	"wall-ramp", "floor", "ramp", "stairs", "crease", "spike", "thin-wall", "bullet",
	"slivers", "seam", "room", "embedded", "wall-ramp-far", "terrain",
	"capsule-slope", "box-ledge", "capsule-step",
}

// Builtins returns the names of the built-in scenes, the default first.
func Builtins() []string { return append([]string(nil), builtinNames...) }

// Builtin returns a fresh copy of the named built-in scene (the caller may
// change it). Each is a fixture (version 1, or 2 for a capsule or a box)
// with its expected result written in (by `go test ./scene -run
// TestBuiltins -update`, after the oracle agrees with the core); scenes
// too large to store (the dense terrain) are generated here. An unknown name gives an error listing the known ones.
func Builtin(name string) (*Scene, error) {
	s, err := builtinRaw(name)
	if err != nil {
		return nil, err
	}
	if err := generateMesh(s); err != nil {
		return nil, InFile(builtinPath(name), err)
	}
	if err := s.Validate(); err != nil {
		return nil, InFile(builtinPath(name), err)
	}
	return s, nil
}

// builtinPath is the embedded file of a built-in scene.
func builtinPath(name string) string { return "scenes/" + name + ".json" }

// builtinRaw decodes the embedded file of a built-in scene as stored,
// before any generator runs and without validation.
func builtinRaw(name string) (*Scene, error) {
	known := false
	for _, n := range builtinNames {
		known = known || n == name
	}
	if !known {
		return nil, fmt.Errorf("no built-in scene %q (have %s)", name, strings.Join(builtinNames, ", "))
	}
	data, err := assets.Scenes.ReadFile(builtinPath(name))
	if err != nil {
		return nil, fmt.Errorf("built-in scene %q: %w", name, err)
	}
	s, err := decode(data)
	if err != nil {
		return nil, InFile(builtinPath(name), err)
	}
	return s, nil
}

// Description returns the one-line description kept in the fixture's
// "description" field (an extra field, kept through load and save), or ""
// when it has none.
func (s *Scene) Description() string {
	var d string
	if raw, ok := s.Extra["description"]; ok && json.Unmarshal(raw, &d) == nil {
		return d
	}
	return ""
}

// generatorField is the extra field of a stored built-in whose mesh is
// generated at load time instead of stored. It is removed once the mesh is
// built, so the scene (and any export of it) is an ordinary fixture.
const generatorField = "generator"

// terrainParams configure the generated terrain: a height field of
// Cells x Cells squares (two triangles each) covering Size x Size world
// units centred on the origin.
type terrainParams struct {
	Cells int     `json:"cells"`
	Size  float64 `json:"size"`
}

// generateMesh replaces the mesh of a scene that has a "generator" field.
func generateMesh(s *Scene) error {
	raw, ok := s.Extra[generatorField]
	if !ok {
		return nil
	}
	var g struct {
		Terrain *terrainParams `json:"terrain"`
	}
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&g); err != nil || g.Terrain == nil {
		return fieldErr(generatorField, "want {\"terrain\": {\"cells\": N, \"size\": S}} (%v)", err)
	}
	p := *g.Terrain
	if p.Cells < 1 || p.Cells > 2000 || !(p.Size > 0 && p.Size <= MaxCoordinate) {
		return fieldErr(generatorField+".terrain", "cells %d (want 1..2000) or size %v (want > 0) out of range", p.Cells, p.Size)
	}
	s.Mesh = terrainMesh(p)
	delete(s.Extra, generatorField)
	if len(s.Extra) == 0 {
		s.Extra = nil
	}
	return nil
}
