package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/goregular"

	"sweepdbg/render/view"
)

// Look of the view's drawn parts.
const (
	edgeOpacity = 0.55 // triangle edges over their face colour
	depthTol    = 4    // 24-bit depth quanta a fragment may lie behind the stored depth and still show (interpolation rounding)
	lineTol     = 16   // the same for lines, which must win ties with the surface they lie on (the grid on a floor)
	xrayOpacity = 0.28 // hidden parts of poses
	ghostAlpha  = 0.16 // slide-step ghosts
	outlinePx   = 1.6  // pose outline width, pixels
	labelSize   = 14   // label text size, pixels at Scale 1
	messageSize = 20   // the view message's size
)

var edgeColour = [3]float32{0.12, 0.13, 0.16}

// Renderer draws frames. It keeps GPU resources (shaders, depth images) and
// the CPU draw lists between frames; use one Renderer per view, from the
// game's Draw (the Ebitengine main thread).
type Renderer struct {
	// Scale multiplies text sizes and overlay line widths (the device
	// scale factor on HiDPI screens). 0 means 1.
	Scale float64

	lists   drawLists
	shaders shaderSet
	err     error // shader compilation failure: Draw then shows only this message

	depth [3]*ebiten.Image // the poses' depth pre-pass images A, B, C
	// depthDirty are the rectangles of depth that hold something (the
	// last poses drawn there); the rest of the images is clear.
	depthDirty []image.Rectangle
	clearVerts []ebiten.Vertex
	clearIdx   []uint32
	cache      sceneCache    // the scene's colour and depth, kept while only the poses move
	last       lastFrame     // what the last frame drew, for DrawChanged (damage.go)
	view       *ebiten.Image // the view when dst does not start at (0, 0)
	quad       [4]ebiten.Vertex
	ovs        ovBatch // the overlays' triangles
	font       *text.GoTextFaceSource
	labelFace  text.GoTextFace // measures labels' widths (diffLabels)
}

// shaderSet holds the compiled Kage programs: the depth passes A, B, C
// for triangles and the poses' shapes, and the colour passes.
type shaderSet struct {
	triDepth, shapeDepth   [3]*ebiten.Shader
	triColour, shapeColour *ebiten.Shader
	line                   *ebiten.Shader
	clear                  *ebiten.Shader // writes transparent black (with BlendCopy: clears)
	overlay                *ebiten.Shader // the 2D overlays (strokes.go)
}

// quadIdx triangulates a quad given as corners 0..3 (top-left, top-right,
// bottom-left, bottom-right).
var quadIdx = []uint32{0, 1, 2, 1, 3, 2}

// NewRenderer compiles the shaders and loads the label font. It can be
// called before the game loop runs. A failure to compile (a bug, never
// input-dependent) is kept and shown in the view instead of the scene.
func NewRenderer() *Renderer {
	r := &Renderer{}
	r.err = r.compile()
	src, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil && r.err == nil {
		r.err = fmt.Errorf("render: loading the label font: %w", err)
	}
	r.font = src
	return r
}

func (r *Renderer) compile() error {
	type job struct {
		dst  **ebiten.Shader
		name string
		src  string
	}
	jobs := []job{
		{&r.shaders.triColour, "triangle colour", triColourSrc},
		{&r.shaders.shapeColour, "shape colour", shapeColourSrc},
		{&r.shaders.line, "line", lineSrc},
		{&r.shaders.clear, "clear", clearSrc},
		{&r.shaders.overlay, "overlay", ovSrc},
	}
	for pass := 0; pass < 3; pass++ {
		jobs = append(jobs,
			job{&r.shaders.triDepth[pass], fmt.Sprintf("triangle depth %c", 'A'+pass), depthShader("", triDepthBody, pass)},
			job{&r.shaders.shapeDepth[pass], fmt.Sprintf("shape depth %c", 'A'+pass), depthShader(shapeUniforms, shapeHitBody, pass)})
	}
	for _, j := range jobs {
		sh, err := ebiten.NewShader([]byte(j.src))
		if err != nil {
			return fmt.Errorf("render: compiling the %s shader: %w", j.name, err)
		}
		*j.dst = sh
	}
	return nil
}

// Lists returns the draw lists of the last frame drawn (for inspection and
// tests; valid until the next Draw).
func (r *Renderer) Lists() *drawLists { return &r.lists }

// Rasterisations returns how many times the renderer has rasterised the
// scene's triangles so far (a frame that only moved the poses reuses the
// kept images and does not count): for frame logs and benchmarks.
func (r *Renderer) Rasterisations() int { return r.cache.draws }

// Draw draws the whole 3D view of f, seen by cam with options opt, into
// dst, which should be cam.Width x cam.Height pixels (what lies outside
// that is left alone). Every pixel of that rectangle is overwritten with
// an opaque colour, so dst need not be cleared first. A nil frame or
// scene draws the empty view.
func (r *Renderer) Draw(dst *ebiten.Image, f *Frame, cam Camera, opt view.Options) {
	if dst == nil {
		return
	}
	w, h := max(cam.Width, 1), max(cam.Height, 1)
	cam.Width, cam.Height = w, h
	target := dst
	if dst.Bounds().Min != (image.Point{}) {
		r.view = ensureImage(r.view, w, h)
		target = r.view
	}
	r.lists.Build(f, cam, opt)
	if r.err != nil {
		target.Fill(colBG)
		r.drawText(target, r.err.Error(), 10, 10, 14, colMessage)
	} else {
		r.drawScene(target, opt)
	}
	r.drawOverlays(target)
	r.drawLabels(target)
	r.remember(dst, target == dst && r.err == nil, opt)
	if target != dst {
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(float64(dst.Bounds().Min.X), float64(dst.Bounds().Min.Y))
		dst.DrawImage(target, op)
	}
}

// ensureImage returns img if it is w x h, else a new unmanaged image (off
// the shared atlas: it is redrawn whole every frame).
func ensureImage(img *ebiten.Image, w, h int) *ebiten.Image {
	if img != nil && img.Bounds().Dx() == w && img.Bounds().Dy() == h {
		return img
	}
	if img != nil {
		img.Deallocate()
	}
	return ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
}

// maxBlend keeps the per-channel maximum: the depth images' blend (the
// reversed depth is larger nearer the eye).
var maxBlend = ebiten.Blend{
	BlendFactorSourceRGB: ebiten.BlendFactorOne, BlendFactorSourceAlpha: ebiten.BlendFactorOne,
	BlendFactorDestinationRGB: ebiten.BlendFactorOne, BlendFactorDestinationAlpha: ebiten.BlendFactorOne,
	BlendOperationRGB: ebiten.BlendOperationMax, BlendOperationAlpha: ebiten.BlendOperationMax,
}

// drawTriangles draws the scene triangles (each chunk's unclipped, then
// clipped ones) with sh, and the hit triangle's highlight when highlight
// is set.
func (l *drawLists) drawTriangles(dst *ebiten.Image, sh *ebiten.Shader, op *ebiten.DrawTrianglesShaderOptions, highlight bool) {
	for i := range l.chunks {
		c := &l.chunks[i]
		if len(c.verts) > 0 {
			dst.DrawTrianglesShader32(c.verts, l.seq[:len(c.verts)], sh, op)
		}
		if len(c.cidx) > 0 {
			dst.DrawTrianglesShader32(c.cverts, c.cidx, sh, op)
		}
	}
	if highlight && len(l.htriIdx) > 0 {
		dst.DrawTrianglesShader32(l.htris, l.htriIdx, sh, op)
	}
}

// drawShape runs sh over e's screen rectangle with the ray-cast
// uniforms plus extra.
func (r *Renderer) drawShape(dst *ebiten.Image, e *shapeDraw, sh *ebiten.Shader, op *ebiten.DrawTrianglesShaderOptions, extra map[string]any) {
	l := &r.lists
	vp := l.pr.m
	w, h := l.cam.size()
	u := map[string]any{
		"InvVP":  mat4Uniform(vp.Inv()),
		"VP":     mat4Uniform(vp),
		"Center": vec3Uniform(e.center.Sub(l.pr.o)),
		"Inv":    mat3Uniform(e.inv),
		"Kind":   float32(e.kind),
		"Half":   float32(e.half),
		"Size":   []float32{float32(w), float32(h)},
		"ZA":     float32(l.pr.zA),
		"ZB":     float32(l.pr.zB),
		"Ortho":  boolUniform(l.cam.Ortho),
		"Origin": []float32{float32(dst.Bounds().Min.X), float32(dst.Bounds().Min.Y)},
	}
	for k, v := range extra {
		u[k] = v
	}
	op.Uniforms = u
	for i, p := range [4][2]float64{{e.x0, e.y0}, {e.x1, e.y0}, {e.x0, e.y1}, {e.x1, e.y1}} {
		r.quad[i] = ebiten.Vertex{DstX: float32(p[0]), DstY: float32(p[1]), ColorA: 1}
	}
	dst.DrawTrianglesShader32(r.quad[:], quadIdx, sh, op)
}

// boolUniform is 1 for true and 0 for false.
func boolUniform(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

func mat4Uniform(m mgl64.Mat4) []float32 {
	out := make([]float32, 16)
	for i, v := range m { // both column-major
		out[i] = float32(v)
	}
	return out
}

func mat3Uniform(m mgl64.Mat3) []float32 {
	out := make([]float32, 9)
	for i, v := range m {
		out[i] = float32(v)
	}
	return out
}

func vec3Uniform(v mgl64.Vec3) []float32 {
	return []float32{float32(v[0]), float32(v[1]), float32(v[2])}
}

// premul returns c (straight alpha) premultiplied, as image/color expects.
func premul(c color.RGBA) color.RGBA {
	m := func(v uint8) uint8 { return uint8((uint32(v)*uint32(c.A) + 127) / 255) }
	return color.RGBA{m(c.R), m(c.G), m(c.B), c.A}
}

// drawOverlays draws the 2D overlays in one draw call (strokes.go).
func (r *Renderer) drawOverlays(dst *ebiten.Image) {
	l := &r.lists
	sc := float64(r.scale())
	b := &r.ovs
	b.reset()
	for _, o := range l.ovs {
		pts := l.pts[o.p0:o.p1]
		if len(pts) < 2 {
			continue
		}
		c := premul(o.col)
		b.col = [4]float32{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255, float32(c.A) / 255}
		w := float64(o.width) * sc
		switch {
		case o.kind == ovDisc:
			b.disc(float64(pts[0]), float64(pts[1]), w)
		case o.kind == ovFill:
			b.fill(pts)
		case len(pts) >= 4:
			b.stroke(pts, w/2, o.closed)
		}
	}
	if len(b.idx) > 0 {
		dst.DrawTrianglesShader32(b.verts, b.idx, r.shaders.overlay, &ebiten.DrawTrianglesShaderOptions{})
	}
}

func (r *Renderer) scale() float64 {
	if !(r.Scale > 0) || math.IsInf(r.Scale, 0) {
		return 1
	}
	return r.Scale
}

// drawLabels draws the pose labels and the view message.
func (r *Renderer) drawLabels(dst *ebiten.Image) {
	l := &r.lists
	s := r.scale()
	for _, ls := range [2][]label{l.labels, l.hud} {
		for _, lb := range ls {
			r.drawText(dst, lb.text, lb.x, lb.y-labelSize*(s-1)/2, labelSize*s, lb.col)
		}
	}
	if l.message != "" && r.font != nil {
		face := &text.GoTextFace{Source: r.font, Size: messageSize * s}
		tw, _ := text.Measure(l.message, face, 0)
		w, _ := l.cam.size()
		r.drawText(dst, l.message, (w-tw)/2, 14*s, messageSize*s, colMessage)
	}
}

// drawText draws str at (x, y) (top-left) with a dark shadow.
func (r *Renderer) drawText(dst *ebiten.Image, str string, x, y, size float64, col color.RGBA) {
	if r.font == nil {
		return
	}
	face := &text.GoTextFace{Source: r.font, Size: size}
	for _, pass := range []struct {
		dx, dy float64
		c      color.RGBA
	}{{1, 1, color.RGBA{0, 0, 0, 0xd0}}, {0, 0, col}} {
		op := &text.DrawOptions{}
		op.GeoM.Translate(x+pass.dx, y+pass.dy)
		op.ColorScale.ScaleWithColor(premul(pass.c))
		text.Draw(dst, str, face, op)
	}
}
