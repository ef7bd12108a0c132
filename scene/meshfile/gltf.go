package meshfile

import (
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/qmuntal/gltf"

	"sweepdbg/internal/safeopen"
	"sweepdbg/scene"
)

// loadGLTF reads the triangles of a glTF 2.0 file, JSON (.gltf, with its
// buffers in .bin files beside it or in data URIs) or binary (.glb).
//
// It takes every triangle primitive (modes TRIANGLES, TRIANGLE_STRIP and
// TRIANGLE_FAN, indexed or not) of the nodes of the default scene (scene 0
// when none is named; every root node when the file has no scenes; every
// mesh untransformed when it has no nodes), with the node transforms
// (matrix or translation/rotation/scale) applied through the hierarchy in
// float64 and each world position then rounded to float32, the precision
// of the file's positions and of an engine's collision mesh
// (docs/architecture.md, "A level's vertices"). Points and lines are skipped without error. Positions may be float or, as
// KHR_mesh_quantization allows, (normalized) 8- or 16-bit integers.
//
// Files come from bug reports, so the loader trusts nothing in them:
//   - A buffer or image URI must be a data: URI or a relative path that
//     stays inside the file's folder; absolute paths, "..", other schemes
//     (http:, https:, file:, ...) and symbolic links leading out of the
//     folder are refused with an error naming the field
//     ("level.gltf: buffers[0].uri ..."). Nothing outside the folder is
//     read and nothing is fetched. Images are never read at all.
//   - Every index, offset, length, stride and count is checked against the
//     data that is really there before anything is allocated for it, and
//     the result is bounded by scene.MaxVertices and scene.MaxTriangles.
//   - Coordinates and transforms must be finite.
//
// Sparse accessors, skins and morph targets are not supported (a sparse
// position accessor is an error; skins and targets are ignored). Cancelling
// ctx stops the load with an error wrapping ctx.Err().
func loadGLTF(ctx context.Context, path string, progress progressFunc) (scene.Mesh, error) {
	l := &gltfLoader{ctx: ctx, path: path, meter: loadMeter{progress: progress}}
	return l.run(l.load)
}

// readGLTF is loadGLTF for a file's bytes already in memory (a file
// dropped on the browser page), named name in errors. Its buffers must be
// inside it (a .glb's binary chunk or data: URIs): a buffer in another
// file is an error.
func readGLTF(ctx context.Context, name string, data []byte, progress progressFunc) (scene.Mesh, error) {
	l := &gltfLoader{ctx: ctx, path: name, meter: loadMeter{progress: progress}}
	return l.run(func() error {
		if int64(len(data)) > gltfLimit() {
			return l.errorf("%w: %s, the limit is %s", scene.ErrTooLarge, safeopen.ByteSize(int64(len(data))), safeopen.ByteSize(gltfLimit()))
		}
		return l.parse(data)
	})
}

// run runs one load step and returns the mesh, turning a panic into an
// error.
func (l *gltfLoader) run(step func() error) (m scene.Mesh, err error) {
	defer func() {
		// Nothing below should panic: every input is checked before use.
		// This is a last line of defence for the gltf library's code.
		if r := recover(); r != nil {
			m, err = scene.Mesh{}, &scene.Error{File: l.path, Err: fmt.Errorf("malformed glTF file (%v): %w", r, errGLTFPanic)}
		}
	}()
	if err := step(); err != nil {
		return scene.Mesh{}, err
	}
	l.meter.finish()
	return l.mesh, nil
}

// errGLTFPanic marks an error made from a recovered panic.
var errGLTFPanic = errors.New("internal error while decoding")

// Progress phases of a glTF load: reading the file ends at gltfReadDone,
// reading external buffers at gltfBuffersDone, building the mesh at 1.
const (
	gltfReadDone    = 0.4
	gltfBuffersDone = 0.7
)

// gltfChunk is how much the loader reads at once between looks at the
// context and progress reports (4 MiB).
const gltfChunk = 4 << 20

// gltfLoader holds the state of one loadGLTF.
type gltfLoader struct {
	ctx   context.Context
	path  string
	meter loadMeter
	root  *os.Root // the file's folder; every external read goes through it
	doc   gltf.Document
	bin   []byte // the BIN chunk of a .glb, or nil
	mesh  scene.Mesh
}

// errorf formats an *Error that names the file.
func (l *gltfLoader) errorf(format string, args ...any) error {
	return &scene.Error{File: l.path, Err: fmt.Errorf(format, args...)}
}

// load does the whole job: the file, its buffers, the scene, the mesh.
func (l *gltfLoader) load() error {
	if err := loadCancelled(l.ctx, l.path); err != nil {
		return err
	}
	// The file itself is the user's choice; only what it refers to is
	// confined to its folder.
	f, size, err := openFile(l.path, scene.MaxFileBytes)
	if err != nil {
		return err
	}
	defer f.Close()
	root, err := os.OpenRoot(filepath.Dir(l.path))
	if err != nil {
		return l.errorf("open the file's folder: %w", safeopen.UnwrapPath(err))
	}
	defer root.Close()
	l.root = root
	data, err := l.readN(f, filepath.Base(l.path), size, 0, gltfReadDone)
	if err != nil {
		return err
	}
	return l.parse(data)
}

// parse does the job for the bytes of the file: the document, its
// buffers, the scene, the mesh. External buffers are read through l.root;
// with a nil root (a document parsed from memory) they are an error.
func (l *gltfLoader) parse(data []byte) error {
	if err := l.decode(data); err != nil {
		return err
	}
	if err := l.checkBuffers(); err != nil {
		return err
	}
	inst, err := l.instances()
	if err != nil {
		return err
	}
	plan, err := l.plan(inst)
	if err != nil {
		return err
	}
	if err := l.loadBuffers(plan.buffers); err != nil {
		return err
	}
	return l.build(plan)
}

// readN reads exactly n bytes of r in chunks, looking at the context and
// reporting progress from p0 to p1 between chunks.
func (l *gltfLoader) readN(r io.Reader, name string, n int64, p0, p1 float64) ([]byte, error) {
	if n > gltfLimit() {
		return nil, l.errorf("%q: %w: %s, the limit is %s", name, scene.ErrTooLarge, safeopen.ByteSize(n), safeopen.ByteSize(gltfLimit()))
	}
	buf := make([]byte, n)
	for done := 0; done < len(buf); {
		if err := loadCancelled(l.ctx, l.path); err != nil {
			return nil, err
		}
		k, err := io.ReadFull(r, buf[done:min(done+gltfChunk, len(buf))])
		done += k
		if err != nil {
			return nil, l.errorf("read %q: %w", name, safeopen.UnwrapPath(err))
		}
		l.meter.report(p0 + (p1-p0)*float64(done)/float64(len(buf)))
	}
	return buf, nil
}

// gltfLimit is the most bytes a file, a chunk or a buffer may have:
// scene.MaxFileBytes, but never more than gltfMaxBuffer.
func gltfLimit() int64 { return min(scene.MaxFileBytes, gltfMaxBuffer) }

// GLB layout (glTF 2.0 specification, section 4.4 "GLB File Format
// Specification"): a 12-byte header (magic, version, length), then chunks of
// (length, type, data), the first being JSON and the optional second BIN.
const (
	glbMagic     = 0x46546C67 // "glTF"
	glbChunkJSON = 0x4E4F534A // "JSON"
	glbChunkBIN  = 0x004E4942 // "BIN\0"
)

// decode parses the JSON document, splitting a .glb into its chunks first.
func (l *gltfLoader) decode(data []byte) error {
	jsonData := data
	if len(data) >= 4 && binary.LittleEndian.Uint32(data) == glbMagic {
		var err error
		if jsonData, l.bin, err = splitGLB(data); err != nil {
			return l.errorf("GLB: %w", err)
		}
	}
	if err := json.Unmarshal(jsonData, &l.doc); err != nil {
		return l.errorf("bad glTF JSON: %w", err)
	}
	if v := l.doc.Asset.Version; !strings.HasPrefix(v, "2.") {
		return l.errorf("asset.version %q: only glTF 2.0 is supported", v)
	}
	for i, ext := range l.doc.ExtensionsRequired {
		if !gltfExtensionHarmless(ext) {
			return l.errorf("extensionsRequired[%d]: extension %q is not supported", i, ext)
		}
	}
	return nil
}

// gltfExtensionHarmless reports whether a file requiring extension ext can
// still be loaded: KHR_mesh_quantization is handled (integer positions),
// and material, texture and light extensions do not change the geometry.
// Anything else (Draco or meshopt compression, GPU instancing, ...) could
// make the loaded triangles wrong, so such a file is refused.
func gltfExtensionHarmless(ext string) bool {
	if ext == "KHR_mesh_quantization" {
		return true
	}
	for _, prefix := range []string{"KHR_materials_", "KHR_texture_", "EXT_texture_", "KHR_lights_"} {
		if strings.HasPrefix(ext, prefix) {
			return true
		}
	}
	return false
}

// splitGLB returns the JSON and BIN chunks of a GLB file, checking every
// length against the bytes really present.
func splitGLB(data []byte) (jsonChunk, bin []byte, err error) {
	if len(data) < 12 {
		return nil, nil, errors.New("truncated header")
	}
	if v := binary.LittleEndian.Uint32(data[4:]); v != 2 {
		return nil, nil, fmt.Errorf("version %d, want 2", v)
	}
	switch n := binary.LittleEndian.Uint32(data[8:]); {
	case n < 12:
		return nil, nil, fmt.Errorf("header length %d is shorter than the 12-byte header", n)
	case uint64(n) > uint64(len(data)):
		return nil, nil, fmt.Errorf("header length %d but the file has %d bytes (truncated?)", n, len(data))
	default:
		data = data[:n]
	}
	rest := data[12:]
	chunk := func() (typ uint32, body []byte, err error) {
		if len(rest) < 8 {
			return 0, nil, errors.New("truncated chunk header")
		}
		n, typ := binary.LittleEndian.Uint32(rest), binary.LittleEndian.Uint32(rest[4:])
		if uint64(n) > uint64(len(rest)-8) {
			return 0, nil, fmt.Errorf("chunk length %d but only %d bytes follow (truncated?)", n, len(rest)-8)
		}
		body, rest = rest[8:8+n], rest[8+n:]
		return typ, body, nil
	}
	typ, jsonChunk, err := chunk()
	if err != nil {
		return nil, nil, err
	}
	if typ != glbChunkJSON {
		return nil, nil, fmt.Errorf("first chunk has type %#x, want JSON", typ)
	}
	if len(rest) == 0 {
		return jsonChunk, nil, nil
	}
	typ, bin, err = chunk()
	if err != nil {
		return nil, nil, err
	}
	if typ != glbChunkBIN {
		return jsonChunk, nil, nil // an unknown chunk; the spec says to ignore it
	}
	return jsonChunk, bin, nil
}

// gltfMaxBuffer bounds a buffer's declared byteLength (1 TiB) whatever
// scene.MaxFileBytes says, so that offset and size arithmetic on int cannot
// overflow.
const gltfMaxBuffer = 1 << 40

// checkBuffers checks every buffer's byteLength (at most gltfLimit, and
// all of them together too, since all may be read) and refuses every buffer or
// image URI that is neither a data: URI nor a relative path inside the
// folder, used or not.
func (l *gltfLoader) checkBuffers() error {
	var total int64
	for i, b := range l.doc.Buffers {
		if b == nil {
			return l.errorf("buffers[%d]: null", i)
		}
		if b.ByteLength < 0 {
			return l.errorf("buffers[%d].byteLength %d is negative", i, b.ByteLength)
		}
		if total += int64(b.ByteLength); int64(b.ByteLength) > gltfLimit() || total > gltfLimit() {
			return l.errorf("buffers[%d].byteLength %d: %w: the buffers' limit is %s in all", i, b.ByteLength, scene.ErrTooLarge, safeopen.ByteSize(gltfLimit()))
		}
		if b.URI == "" {
			continue
		}
		if _, _, err := parseGLTFURI(b.URI); err != nil {
			return l.errorf("buffers[%d].uri %q: %w", i, gltfClipURI(b.URI), err)
		}
	}
	for i, im := range l.doc.Images {
		if im == nil || im.URI == "" {
			continue
		}
		if _, _, err := parseGLTFURI(im.URI); err != nil {
			return l.errorf("images[%d].uri %q: %w", i, gltfClipURI(im.URI), err)
		}
	}
	return nil
}

// parseGLTFURI classifies a URI: a data: URI (isData true, no path) or a
// relative path inside the folder, returned slash-separated and unescaped.
// Anything else is an error.
func parseGLTFURI(uri string) (path string, isData bool, err error) {
	if len(uri) >= 5 && strings.EqualFold(uri[:5], "data:") {
		return "", true, nil
	}
	u, err := url.Parse(uri)
	if err != nil {
		return "", false, fmt.Errorf("not a valid URI: %w", err)
	}
	if u.Scheme != "" {
		return "", false, fmt.Errorf("scheme %q refused: only data: URIs and paths inside the file's folder are allowed", u.Scheme)
	}
	if u.Host != "" || strings.HasPrefix(uri, "//") {
		return "", false, errors.New("network address refused: only data: URIs and paths inside the file's folder are allowed")
	}
	p := strings.ReplaceAll(u.Path, `\`, "/") // files written on Windows
	if !filepath.IsLocal(filepath.FromSlash(p)) {
		return "", false, errors.New("refers outside the file's folder")
	}
	return p, false, nil
}

// decodeDataURI returns the bytes of a base64 data: URI.
func decodeDataURI(uri string) ([]byte, error) {
	header, payload, ok := strings.Cut(uri, ",")
	if !ok {
		return nil, errors.New("data URI without a comma")
	}
	if !strings.HasSuffix(strings.ToLower(header), ";base64") {
		return nil, errors.New("only base64 data URIs are supported")
	}
	b, err := base64.StdEncoding.DecodeString(payload)
	if err != nil {
		if b, err = base64.RawStdEncoding.DecodeString(payload); err != nil {
			return nil, fmt.Errorf("bad base64: %w", err)
		}
	}
	return b, nil
}

// gltfClipURI shortens a URI for an error message (data URIs can be
// megabytes).
func gltfClipURI(s string) string {
	if len(s) > 64 {
		return s[:61] + "..."
	}
	return s
}

// loadBuffers fills Data of the buffers marked in need, each with exactly
// its byteLength bytes.
func (l *gltfLoader) loadBuffers(need []bool) error {
	var total, done int64
	for i, b := range l.doc.Buffers {
		if need[i] {
			total += int64(b.ByteLength)
		}
	}
	for i, b := range l.doc.Buffers {
		if !need[i] {
			continue
		}
		p0 := gltfReadDone + (gltfBuffersDone-gltfReadDone)*float64(done)/float64(max(total, 1))
		done += int64(b.ByteLength)
		p1 := gltfReadDone + (gltfBuffersDone-gltfReadDone)*float64(done)/float64(max(total, 1))
		data, err := l.bufferData(i, b, p0, p1)
		if err != nil {
			return err
		}
		b.Data = data
	}
	l.meter.report(gltfBuffersDone)
	return nil
}

// bufferData returns the first byteLength bytes of buffer i, from the GLB
// BIN chunk, a data URI or a file in the folder.
func (l *gltfLoader) bufferData(i int, b *gltf.Buffer, p0, p1 float64) ([]byte, error) {
	n := b.ByteLength
	var src []byte
	switch path, isData, err := parseGLTFURI(b.URI); {
	case b.URI == "" && i == 0 && l.bin != nil:
		src = l.bin
	case b.URI == "":
		return nil, l.errorf("buffers[%d].uri: missing (and no GLB BIN chunk)", i)
	case l.root == nil && !isData:
		return nil, l.errorf("buffers[%d].uri %q: external files are not read here", i, gltfClipURI(b.URI))
	case err != nil: // checked already by checkURIs; kept for safety
		return nil, l.errorf("buffers[%d].uri %q: %w", i, gltfClipURI(b.URI), err)
	case isData:
		if src, err = decodeDataURI(b.URI); err != nil {
			return nil, l.errorf("buffers[%d].uri: %w", i, err)
		}
	default:
		return l.readBufferFile(i, path, n, p0, p1)
	}
	if len(src) < n {
		return nil, l.errorf("buffers[%d]: byteLength is %d but only %d bytes are there", i, n, len(src))
	}
	return src[:n:n], nil
}

// readBufferFile reads the first n bytes of the file at the slash-separated
// path inside the folder, for buffers[i].
func (l *gltfLoader) readBufferFile(i int, path string, n int, p0, p1 float64) ([]byte, error) {
	f, size, err := safeopen.Regular(filepath.FromSlash(path), gltfLimit(), l.root.Stat, l.root.OpenFile)
	if err != nil {
		// The error names no file; the .gltf is named below, with the field.
		return nil, l.errorf("buffers[%d].uri %q: %w", i, gltfClipURI(path), err)
	}
	defer f.Close()
	if size < int64(n) {
		return nil, l.errorf("buffers[%d]: byteLength is %d but %q has only %d bytes", i, n, gltfClipURI(path), size)
	}
	return l.readN(f, path, int64(n), p0, p1)
}
