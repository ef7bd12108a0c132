// Package examples holds the engine adapters and capture writers a user
// copies (engines/go, engines/python, engines/c, capture/c,
// capture/python; see engines/README.md and docs/engine-protocol.md), and
// the tests that build and run every one of them against hand-derived
// answers.
package examples
