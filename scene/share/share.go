// Package share turns a fixture into a link and a link back into a
// fixture, so a collision bug travels as one address: the page's address
// followed by "#fixture=" and the fixture's JSON compressed with raw
// DEFLATE (RFC 1951) and written in unpadded base64url (RFC 4648 section
// 5). The format is fixed (docs/share-links.md); other tools build links
// the same way.
//
// Decoding is for untrusted links: the inflated JSON is bounded by
// scene.MaxFixtureSize (a link that inflates without end, a "zip bomb", is
// refused after reading scene.MaxFixtureSize+1 bytes), and every error is
// an *Error whose Kind says what was wrong (ErrNoFixture, ErrEncoding,
// ErrCompression, ErrTooLarge, ErrFixture) for errors.Is.
package share

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"sweepdbg/scene"
)

// Marker is what precedes the fixture in a link: the fragment starts with
// it ("#fixture=...").
const Marker = "#fixture="

// maxInflated is the most bytes of fixture JSON a link may inflate to:
// scene.MaxFixtureSize, the bound on a fixture file.
const maxInflated = scene.MaxFixtureSize

// DefaultBase is the address `debugger link` puts before the fragment
// when given no --base: the site's page relative to where the site is
// served (make web writes it to bin/web/index.html), so a link is
// "index.html#fixture=..." until a real address is given.
const DefaultBase = "index.html"

// The kinds of bad links; an *Error's Kind is one of them.
var (
	// ErrNoFixture: the text has no "#fixture=" fragment, or it is empty.
	ErrNoFixture = errors.New("the link carries no fixture (no #fixture= part)")
	// ErrEncoding: the fragment is not unpadded base64url.
	ErrEncoding = errors.New("the fixture is not unpadded base64url (the link is damaged)")
	// ErrCompression: the bytes are not complete raw DEFLATE data (a
	// truncated or damaged link).
	ErrCompression = errors.New("the fixture is not complete DEFLATE data (the link is truncated or damaged)")
	// ErrTooLarge: the fixture inflates beyond scene.MaxFixtureSize. It wraps
	// scene.ErrTooLarge.
	ErrTooLarge = fmt.Errorf("the fixture inflates beyond %d MiB: %w", maxInflated>>20, scene.ErrTooLarge)
	// ErrFixture: the JSON is not a valid fixture; the *Error's Err is
	// the *scene.Error naming the field.
	ErrFixture = errors.New("the link's fixture is invalid")
)

// Error is a link that could not be opened: Kind is one of the Err values
// above, Err the cause underneath (nil when Kind says it all). errors.Is
// finds both, and errors.As finds a *scene.Error inside an ErrFixture.
type Error struct {
	Kind error
	Err  error
}

// Error is "share link: KIND: CAUSE", escaped for printing (a cause can
// quote text from the link).
func (e *Error) Error() string {
	msg := "share link: " + e.Kind.Error()
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return scene.Printable(msg)
}

// Unwrap returns Kind and Err.
func (e *Error) Unwrap() []error {
	if e.Err == nil {
		return []error{e.Kind}
	}
	return []error{e.Kind, e.Err}
}

// Encode compresses fixture JSON into a link's fragment payload (what
// follows "#fixture="): the JSON compacted, raw DEFLATE at the best
// compression, unpadded base64url. It refuses text that is not JSON.
func Encode(fixture []byte) (string, error) {
	var compact bytes.Buffer
	if err := json.Compact(&compact, fixture); err != nil {
		return "", fmt.Errorf("share: the fixture is not JSON: %w", err)
	}
	var z bytes.Buffer
	w, err := flate.NewWriter(&z, flate.BestCompression)
	if err != nil {
		return "", err
	}
	if _, err := w.Write(compact.Bytes()); err != nil {
		return "", err
	}
	if err := w.Close(); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(z.Bytes()), nil
}

// encodeScene encodes s as a fixture (scene.Scene.Marshal, which refuses an
// invalid scene) into a fragment payload.
func encodeScene(s *scene.Scene) (string, error) {
	data, err := s.Marshal()
	if err != nil {
		return "", err
	}
	return Encode(data)
}

// Link returns base (any fragment it has dropped) + "#fixture=" +
// the payload of s.
func Link(base string, s *scene.Scene) (string, error) {
	payload, err := encodeScene(s)
	if err != nil {
		return "", err
	}
	base, _, _ = strings.Cut(base, "#")
	return base + Marker + payload, nil
}

// payloadOf returns the fixture payload of a link: what follows "#fixture="
// in a whole address, a fragment ("#fixture=...") or a bare payload
// prefixed "fixture=". It is ("", false) when text has none; a payload
// ends at the next "&" (room for later fragment fields).
func payloadOf(text string) (string, bool) {
	text = strings.TrimSpace(text)
	_, after, ok := strings.Cut(text, Marker)
	if !ok {
		after, ok = strings.CutPrefix(text, Marker[1:])
	}
	if !ok {
		return "", false
	}
	after, _, _ = strings.Cut(after, "&")
	return after, true
}

// IsLink reports whether text is a share link (has a "#fixture=" part);
// the window's FILE argument is taken as a link when it is one.
func IsLink(text string) bool { return strings.Contains(text, Marker) }

// Open decodes the fixture of a link: what follows "#fixture=" in a whole
// address, a fragment ("#fixture=...") or a bare payload prefixed
// "fixture=", up to the next "&".
func Open(text string) (*scene.Scene, error) {
	payload, ok := payloadOf(text)
	if !ok || payload == "" {
		return nil, &Error{Kind: ErrNoFixture}
	}
	return Decode(payload)
}

// Decode turns a fragment payload back into a validated fixture. Errors
// are *Error values (see the package comment); Decode never panics and
// never inflates more than scene.MaxFixtureSize+1 bytes.
func Decode(payload string) (*scene.Scene, error) {
	data, err := inflate(payload)
	if err != nil {
		return nil, err
	}
	s, err := scene.Parse(data)
	if err != nil {
		return nil, &Error{Kind: ErrFixture, Err: err}
	}
	return s, nil
}

// inflate returns the fixture JSON of a payload without parsing it.
func inflate(payload string) ([]byte, error) {
	if payload == "" {
		return nil, &Error{Kind: ErrNoFixture}
	}
	z, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return nil, &Error{Kind: ErrEncoding, Err: err}
	}
	r := flate.NewReader(bytes.NewReader(z))
	defer r.Close()
	data, err := io.ReadAll(io.LimitReader(r, maxInflated+1))
	switch {
	case len(data) > maxInflated:
		return nil, &Error{Kind: ErrTooLarge}
	case err != nil:
		return nil, &Error{Kind: ErrCompression, Err: err}
	}
	return data, nil
}
