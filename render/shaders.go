package render

// The Kage shaders of the depth pre-pass and the colour pass.
//
// Depth is window-space z in [0, 1] quantised to 16 bits (q = round(z *
// 65535)) and kept in two 8-bit images with BlendOperationMin: pass A
// writes the high byte hi = floor(q / 256) into image A's red channel, so
// A ends up holding each pixel's smallest hi; pass B reads A and writes (hi,
// lo) into image B's red and green channels only from fragments whose hi
// equals A's (the nearest 256-wide bucket), so B's green is the smallest lo
// among those: B holds the lexicographic minimum, the nearest depth. The
// colour pass reads B and discards fragments behind it. Window z is affine
// in screen space (it is an affine function of 1/w), so the interpolated
// vertex depth is exact.
//
// Image 0 of every pass that reads depth is the depth image, sized like the
// destination; pixel positions are mapped between them through their
// origins on their textures.

// kageHeader is shared by every shader: the unit directive and the depth
// helpers.
const kageHeader = `//kage:unit pixels

package main

// depthQ quantises window depth z in [0, 1] to 16 bits.
func depthQ(z float) float {
	return floor(clamp(z, 0.0, 1.0)*65535.0 + 0.5)
}

// depthHi is the high byte of a quantised depth q.
func depthHi(q float) float {
	return floor(q / 256.0)
}

// depthAt reads image 0 at the destination pixel dstPos.
func depthAt(dstPos vec2) vec4 {
	return imageSrc0UnsafeAt(dstPos - imageDstOrigin() + imageSrc0Origin())
}

// storedQ is the quantised depth image B holds at dstPos.
func storedQ(dstPos vec2) float {
	t := depthAt(dstPos)
	return floor(t.r*255.0+0.5)*256.0 + floor(t.g*255.0+0.5)
}
`

// Triangle shaders. Vertex layout (triVertex): color.rgb the barycentric
// weights, color.a the base colour flag, custom.x the window depth,
// custom.yzw the world position relative to the camera's Target.
const (
	triDepthASrc = kageHeader + `
func Fragment(dstPos vec4, srcPos vec2, color vec4, custom vec4) vec4 {
	hi := depthHi(depthQ(custom.x))
	return vec4(hi/255.0, 0, 0, 1)
}
`
	triDepthBSrc = kageHeader + `
func Fragment(dstPos vec4, srcPos vec2, color vec4, custom vec4) vec4 {
	q := depthQ(custom.x)
	hi := depthHi(q)
	if hi > floor(depthAt(dstPos.xy).r*255.0+0.5) {
		discard()
	}
	return vec4(hi/255.0, (q-hi*256.0)/255.0, 0, 1)
}
`
	// The colour pass: flat shading, ambient plus Lambert, by the face
	// normal derived from the screen derivatives of the interpolated
	// world position (they span the triangle's plane), turned toward the
	// eye so both sides are lit; the base colour by the vertex flag; edges
	// blended in where a barycentric weight is within about a pixel of 0
	// (weight / its screen derivative is the distance to that edge in
	// pixels).
	triColourSrc = kageHeader + `
// Edges is the opacity of triangle edges (0: none).
var Edges float

// EdgeColor is the colour of triangle edges.
var EdgeColor vec3

// Light is the unit direction toward the light, world space.
var Light vec3

// Eye is the eye relative to the camera's Target (perspective).
var Eye vec3

// Fwd is the view direction; Ortho is 1 for an orthographic camera.
var Fwd vec3
var Ortho float

// The base colours of front faces, back faces and the hit triangle.
var FrontColor vec3
var BackColor vec3
var HitColor vec3

func Fragment(dstPos vec4, srcPos vec2, color vec4, custom vec4) vec4 {
	fw := fwidth(color.rgb)
	d := color.rgb / max(fw, vec3(1e-6))
	e := min(d.x, min(d.y, d.z))
	// Edges fade out on triangles under about 10 pixels across (a weight
	// changing by more than 0.1 per pixel), where they would only be noise.
	fade := clamp(2.0-max(fw.x, max(fw.y, fw.z))*10.0, 0.0, 1.0)
	w := custom.yzw
	n := cross(dfdx(w), dfdy(w))
	if depthQ(custom.x) > storedQ(dstPos.xy)+1.0 {
		discard()
	}
	toEye := Eye - w
	if Ortho > 0.0 {
		toEye = -Fwd
	}
	ln := length(n)
	if ln > 0.0 {
		n = n / ln
	} else {
		n = normalize(toEye)
	}
	if dot(n, toEye) < 0.0 {
		n = -n
	}
	k := 0.38 + 0.62*max(dot(n, Light), 0.0)
	base := FrontColor
	if color.a > 1.5 {
		base = HitColor
	} else if color.a > 0.5 {
		base = BackColor
	}
	a := Edges * fade * (1.0 - clamp(e-0.5, 0.0, 1.0))
	return vec4(mix(base*k, EdgeColor, a), 1)
}
`
)

// lineSrc draws depth-tested lines (lineQuad): color is the straight-alpha
// colour, custom.x the window depth, custom.y the opacity where hidden.
// Tol lets lines lying on a surface (the grid on a floor) win the tie.
const lineSrc = kageHeader + `
var Tol float

func Fragment(dstPos vec4, srcPos vec2, color vec4, custom vec4) vec4 {
	a := color.a
	if depthQ(custom.x) > storedQ(dstPos.xy)+Tol {
		if custom.y <= 0.0 {
			discard()
		}
		a *= custom.y
	}
	return vec4(color.rgb*a, a)
}
`

// ellHit ray-casts the ellipsoid at the fragment: it unprojects the
// pixel's ray (ra at the near plane to rb at the far plane) with the
// inverse view-projection, maps it into the space where the ellipsoid is
// the unit sphere (Inv), and solves |o + s d|^2 = 1 for the nearer root. It
// defines u (the unit-sphere point hit), z (its window depth) and band (the
// distance to the silhouette in pixels: the discriminant over its screen
// derivative, since it falls linearly to 0 at the silhouette).
const ellHit = `
	p := dstPos.xy - imageDstOrigin()
	ndc := vec2(p.x/Size.x*2.0-1.0, 1.0-p.y/Size.y*2.0)
	n4 := InvVP * vec4(ndc, -1, 1)
	f4 := InvVP * vec4(ndc, 1, 1)
	ra := n4.xyz / n4.w
	rb := f4.xyz / f4.w
	o := Inv * (ra - Center)
	d := Inv * (rb - ra)
	qa := dot(d, d)
	qb := dot(o, d)
	qc := dot(o, o) - 1.0
	disc := qb*qb - qa*qc
	band := disc / max(fwidth(disc), 1e-30)
	if disc < 0.0 {
		discard()
	}
	root := sqrt(disc)
	if (-qb+root)/qa < 0.0 {
		discard()
	}
	s := max((-qb-root)/qa, 0.0)
	u := o + s*d
	cp := VP * vec4(ra+s*(rb-ra), 1)
	z := cp.z/cp.w*0.5 + 0.5
`

// ellUniforms are the ray-cast's inputs: the inverse view-projection and
// view-projection, the ellipsoid's center and world-to-unit-sphere matrix,
// and the viewport size in pixels.
const ellUniforms = `
var InvVP mat4
var VP mat4
var Center vec3
var Inv mat3
var Size vec2
`

const (
	ellDepthASrc = kageHeader + ellUniforms + `
func Fragment(dstPos vec4, srcPos vec2, color vec4, custom vec4) vec4 {` + ellHit + `
	hi := depthHi(depthQ(z))
	return vec4(hi/255.0, 0, 0, 1) + 0.0*vec4(u, band)
}
`
	ellDepthBSrc = kageHeader + ellUniforms + `
func Fragment(dstPos vec4, srcPos vec2, color vec4, custom vec4) vec4 {` + ellHit + `
	q := depthQ(z)
	hi := depthHi(q)
	if hi > floor(depthAt(dstPos.xy).r*255.0+0.5) {
		discard()
	}
	return vec4(hi/255.0, (q-hi*256.0)/255.0, 0, 1) + 0.0*vec4(u, band)
}
`
	// The colour pass: Lambert lighting clamped at 1, so the brightest part
	// and the outline (within OutlinePx of the silhouette) are exactly
	// Color. Hidden parts are drawn at XRay opacity (0: not at all) inside a
	// full-strength outline, so a pose inside a wall is never lost; ghosts
	// are faint and only where visible.
	ellColourSrc = kageHeader + ellUniforms + `
var InvT mat3
var Color vec3
var Light vec3
var Ghost float
var XRay float
var OutlinePx float

func Fragment(dstPos vec4, srcPos vec2, color vec4, custom vec4) vec4 {` + ellHit + `
	nrm := normalize(InvT * u)
	k := min(1.0, 0.32+0.95*max(dot(nrm, Light), 0.0))
	c := Color * k
	rim := band < OutlinePx
	if rim {
		c = Color
	}
	visible := depthQ(z) <= storedQ(dstPos.xy)+1.0
	if Ghost > 0.0 {
		if !visible {
			discard()
		}
		a := Ghost
		if rim {
			a = min(1.0, Ghost*2.5)
		}
		return vec4(c*a, a)
	}
	if visible {
		return vec4(c, 1)
	}
	if XRay <= 0.0 {
		discard()
	}
	if rim {
		return vec4(Color, 1)
	}
	return vec4(c*XRay, XRay)
}
`
)
