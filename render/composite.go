package render

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sweepdbg/render/view"
)

// sceneCache keeps the scene's rasterised triangles between frames: their
// lit colour over the background and their depth (images A, B, C). While
// only the poses move (a drag on a big level) a frame draws the poses'
// depth alone, merges it with the kept depth, and composites the poses
// against the kept colour, testing against the nearer of both depths,
// instead of rasterising the scene again. The
// key changes when the camera, the viewport, the mesh or the toggles the
// triangles are drawn with change.
type sceneCache struct {
	colour *ebiten.Image
	depth  [3]*ebiten.Image
	blank  *ebiten.Image // cleared: the "poses' depth" while the scene itself is drawn
	key    sceneKey
	valid  bool
	draws  int // how many times the scene was rasterised (tests)
}

// sceneKey is what the kept scene images depend on.
type sceneKey struct {
	rev         int // drawLists.sceneRev: bumped whenever the triangles were rebuilt
	edges, back bool
	w, h        int
}

// drawScene draws the scene (from the cache when it is still valid), the
// hit triangle's highlight, the depth-tested lines and the poses into dst.
func (r *Renderer) drawScene(dst *ebiten.Image, opt view.Options) {
	l := &r.lists
	w, h := max(l.cam.Width, 1), max(l.cam.Height, 1)
	c := &r.cache
	key := sceneKey{rev: l.sceneRev, edges: opt.Edges, back: opt.BackFaces, w: w, h: h}
	if !c.valid || key != c.key || c.colour == nil || c.colour.Bounds().Dx() != w || c.colour.Bounds().Dy() != h {
		r.rasteriseScene(w, h, opt)
		c.key, c.valid = key, true
	}
	r.poseDepth(w, h)
	dst.DrawImage(c.colour, &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy})
	r.colourPass(dst, opt, c.depth[2], r.depth[2])
}

// rasteriseScene draws the scene triangles alone into the cache: their
// depth, then their lit colour over the background.
func (r *Renderer) rasteriseScene(w, h int, opt view.Options) {
	c := &r.cache
	for i := range c.depth {
		c.depth[i] = ensureImage(c.depth[i], w, h)
	}
	c.colour = ensureImage(c.colour, w, h)
	if c.blank == nil || c.blank.Bounds().Dx() != w || c.blank.Bounds().Dy() != h {
		c.blank = ensureImage(c.blank, w, h)
		c.blank.Clear()
	}
	r.sceneDepth(c.depth)
	c.colour.Fill(colBG)
	op := &ebiten.DrawTrianglesShaderOptions{}
	op.Images[0], op.Images[1] = c.depth[2], c.blank
	op.Uniforms = r.triUniforms(opt)
	r.lists.drawTriangles(c.colour, r.shaders.triColour, op, false)
	c.draws++
}

// poseDepth fills the poses' depth images r.depth with the solid poses'
// depth and nothing else. Only the poses' screen rectangles are touched:
// the rectangles last frame's poses wrote are cleared (in one draw per
// image) instead of the whole image, then the poses are drawn, so the
// cost is the poses' area, not the viewport's.
func (r *Renderer) poseDepth(w, h int) {
	for i := range r.depth {
		if img := ensureImage(r.depth[i], w, h); img != r.depth[i] {
			r.depth[i], r.depthDirty = img, r.depthDirty[:0] // a new image is clear
		}
	}
	l := &r.lists
	r.clearVerts, r.clearIdx = r.clearVerts[:0], r.clearIdx[:0]
	for _, q := range r.depthDirty {
		base := uint32(len(r.clearVerts))
		for _, p := range [4][2]int{{q.Min.X, q.Min.Y}, {q.Max.X, q.Min.Y}, {q.Min.X, q.Max.Y}, {q.Max.X, q.Max.Y}} {
			r.clearVerts = append(r.clearVerts, ebiten.Vertex{DstX: float32(p[0]), DstY: float32(p[1])})
		}
		for _, k := range quadIdx {
			r.clearIdx = append(r.clearIdx, base+k)
		}
	}
	r.depthDirty = r.depthDirty[:0]
	for i := range l.shapes {
		if e := &l.shapes[i]; !e.ghost {
			r.depthDirty = append(r.depthDirty, image.Rect(int(math.Floor(e.x0)), int(math.Floor(e.y0)), int(math.Ceil(e.x1)), int(math.Ceil(e.y1))))
		}
	}
	for pass, img := range r.depth {
		if len(r.clearIdx) > 0 {
			img.DrawTrianglesShader32(r.clearVerts, r.clearIdx, r.shaders.clear, &ebiten.DrawTrianglesShaderOptions{Blend: ebiten.BlendCopy})
		}
		op := &ebiten.DrawTrianglesShaderOptions{Blend: maxBlend}
		if pass > 0 {
			op.Images[0] = r.depth[pass-1]
		}
		for i := range l.shapes {
			if !l.shapes[i].ghost {
				r.drawShape(img, &l.shapes[i], r.shaders.shapeDepth[pass], op, nil)
			}
		}
	}
}

// sceneDepth fills the depth images A, B and C of dst in turn (each pass
// reads the one before) from the scene triangles; C ends up with each
// pixel's nearest depth.
func (r *Renderer) sceneDepth(dst [3]*ebiten.Image) {
	for pass, img := range dst {
		img.Clear()
		op := &ebiten.DrawTrianglesShaderOptions{Blend: maxBlend}
		if pass > 0 {
			op.Images[0] = dst[pass-1]
		}
		r.lists.drawTriangles(img, r.shaders.triDepth[pass], op, false)
	}
}

// triUniforms returns the triangle colour shader's uniforms.
func (r *Renderer) triUniforms(opt view.Options) map[string]any {
	l := &r.lists
	edges := float32(0)
	if opt.Edges {
		edges = edgeOpacity
	}
	back := colFront
	if opt.BackFaces {
		back = colBack
	}
	return map[string]any{
		"Edges": edges, "EdgeColor": edgeColour[:], "Tol": float32(depthTol),
		"Light": vec3Uniform(l.lit), "Eye": vec3Uniform(l.eye.Sub(l.cam.Target)),
		"Fwd": vec3Uniform(l.fwd), "Ortho": boolUniform(l.cam.Ortho),
		"FrontColor": colFront[:], "BackColor": back[:], "HitColor": colHitTri[:],
	}
}

// colourPass draws, over the scene's colour and tested against the
// nearer of the scene's and the poses' depth, the hit triangle's
// highlight, the depth-tested lines and the poses.
func (r *Renderer) colourPass(dst *ebiten.Image, opt view.Options, sceneDepth, poseDepth *ebiten.Image) {
	l := &r.lists
	op := &ebiten.DrawTrianglesShaderOptions{}
	op.Images[0], op.Images[1] = sceneDepth, poseDepth
	if len(l.htriIdx) > 0 {
		op.Uniforms = r.triUniforms(opt)
		dst.DrawTrianglesShader32(l.htris, l.htriIdx, r.shaders.triColour, op)
	}
	if len(l.lineIdx) > 0 {
		op.Uniforms = map[string]any{"Tol": float32(lineTol)}
		dst.DrawTrianglesShader32(l.lines, l.lineIdx, r.shaders.line, op)
	}
	xray := float32(0)
	if opt.XRay {
		xray = xrayOpacity
	}
	for i := range l.shapes {
		e := &l.shapes[i]
		c := PoseColor(e.pose)
		ghost := float32(0)
		if e.ghost {
			ghost = ghostAlpha
		}
		r.drawShape(dst, e, r.shaders.shapeColour, op, map[string]any{
			"InvT":      mat3Uniform(e.inv.Transpose()),
			"Color":     []float32{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255},
			"Light":     vec3Uniform(l.lit),
			"Ghost":     ghost,
			"XRay":      xray,
			"OutlinePx": float32(outlinePx),
			"Tol":       float32(depthTol),
		})
	}
}
