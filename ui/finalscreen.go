package ui

import "github.com/hajimehoshi/ebiten/v2"

// finalCopySrc is the shader that copies the game's screen onto the
// window's framebuffer: each pixel composited over opaque black, what
// ebiten.DefaultDrawFinalScreen gives over the black Ebitengine fills the
// framebuffer with, written without reading the framebuffer back.
const finalCopySrc = `//kage:unit pixels

package main

func Fragment(dstPos vec4, srcPos vec2, color vec4) vec4 {
	c := imageSrc0UnsafeAt(srcPos)
	return vec4(c.rgb, 1)
}
`

var _ ebiten.FinalScreenDrawer = (*game)(nil)

// finalCopy is finalCopySrc compiled (nil until the first frame needs it).
var finalCopy *ebiten.Shader

// DrawFinalScreen draws the game's screen onto the window's framebuffer
// (ebiten.FinalScreenDrawer). Every frame Ebitengine presents does this
// over the whole window, and on a software rasteriser it is one of the
// largest costs of a frame in which little changed: its default draws the
// screen with the general image shader (source region clamps, colour
// scale) blended over the black it filled the framebuffer with. When the
// screen is drawn at its size without scaling (the window's device
// pixels, as Layout asks) a copy without blending gives the same pixels
// for less; otherwise the default draws it.
func (g *game) DrawFinalScreen(screen ebiten.FinalScreen, offscreen *ebiten.Image, geoM ebiten.GeoM) {
	if !plainCopy(geoM) {
		ebiten.DefaultDrawFinalScreen(screen, offscreen, geoM)
		return
	}
	if finalCopy == nil {
		sh, err := ebiten.NewShader([]byte(finalCopySrc))
		if err != nil {
			panic(err) // a constant shader: a bug, found by any test that draws
		}
		finalCopy = sh
	}
	op := &ebiten.DrawRectShaderOptions{Blend: ebiten.BlendCopy}
	op.GeoM = geoM
	op.Images[0] = offscreen
	b := offscreen.Bounds()
	screen.DrawRectShader(b.Dx(), b.Dy(), finalCopy, op)
}

// plainCopy reports whether geoM only moves by whole pixels.
func plainCopy(geoM ebiten.GeoM) bool {
	a, b, c, d, tx, ty := geoM.Element(0, 0), geoM.Element(0, 1), geoM.Element(1, 0), geoM.Element(1, 1), geoM.Element(0, 2), geoM.Element(1, 2)
	return a == 1 && b == 0 && c == 0 && d == 1 && tx == float64(int(tx)) && ty == float64(int(ty))
}
