package render

// The Kage shaders of the depth pre-pass and the colour pass.
//
// Depth is the reversed depth zeta = 1 - window z (1 at the near plane, 0
// at the far plane; see projector.zeta), quantised to 24 bits, q =
// round(zeta * (2^24-1)), and kept in three 8-bit images with
// BlendOperationMax (nearer is larger). Pass A writes q's high byte into
// image A's red channel, so A ends up holding each pixel's largest high
// byte. Pass B reads A and writes (high, middle) into image B only from
// fragments whose high byte equals A's (the nearest bucket), so B holds the
// largest (high, middle) pair; pass C reads B the same way and writes all
// three bytes into image C, which then holds the nearest depth. The colour
// pass reads C and discards fragments behind it. zeta is affine in screen
// space (an affine function of 1/w), so the interpolated vertex value is
// exact; being reversed, it keeps float32's relative precision where
// window z would crowd toward 1.
//
// Image 0 of every pass that reads depth is the depth image, sized like the
// destination; the colour passes also read image 1, the poses' depth
// (the scene's is kept between frames), and test against the nearer.
// Pixel positions are mapped between them through their origins on their
// textures.

// kageHeader is shared by every shader: the unit directive and the depth
// helpers.
const kageHeader = `//kage:unit pixels

package main

// depthQ quantises the reversed depth z in [0, 1] to 24 bits.
func depthQ(z float) float {
	return floor(clamp(z, 0.0, 1.0)*16777215.0 + 0.5)
}

// depthBytes splits a quantised depth into its high, middle and low bytes.
// Every step is exact in float32 (q < 2^24, divisions by powers of two).
func depthBytes(q float) vec3 {
	hi := floor(q / 65536.0)
	r := q - hi*65536.0
	mid := floor(r / 256.0)
	return vec3(hi, mid, r-mid*256.0)
}

// depthAt reads image 0 at the destination pixel dstPos, as bytes.
func depthAt(dstPos vec2) vec3 {
	t := imageSrc0UnsafeAt(dstPos - imageDstOrigin() + imageSrc0Origin())
	return floor(t.rgb*255.0 + 0.5)
}

// storedQ is the nearest quantised depth at dstPos: the larger of those
// images 0 and 1 hold (the scene's and the poses' final depth images).
func storedQ(dstPos vec2) float {
	a := depthAt(dstPos)
	t := imageSrc1UnsafeAt(dstPos - imageDstOrigin() + imageSrc1Origin())
	b := floor(t.rgb*255.0 + 0.5)
	return max(a.r*65536.0+a.g*256.0+a.b, b.r*65536.0+b.g*256.0+b.b)
}

// depthPass returns what depth pass 0, 1 or 2 (A, B, C) writes for a
// fragment at dstPos with reversed depth z; alpha -1 means discard (a
// nearer surface owns a higher byte).
func depthPass(pass int, dstPos vec2, z float) vec4 {
	b := depthBytes(depthQ(z))
	if pass == 0 {
		return vec4(b.x/255.0, 0, 0, 1)
	}
	s := depthAt(dstPos)
	if pass == 1 {
		if b.x < s.r {
			return vec4(0, 0, 0, -1)
		}
		return vec4(b.x/255.0, b.y/255.0, 0, 1)
	}
	if b.x*256.0+b.y < s.r*256.0+s.g {
		return vec4(0, 0, 0, -1)
	}
	return vec4(b/255.0, 1)
}
`

// depthShader returns a depth-pass shader: prelude (uniforms and
// functions), then the Fragment body that must set z (the reversed
// depth), then the pass's write. The pass number is baked in as a
// constant.
func depthShader(prelude, body string, pass int) string {
	return kageHeader + prelude + `
func Fragment(dstPos vec4, srcPos vec2, color vec4, custom vec4) vec4 {` + body + `
	out := depthPass(` + string(rune('0'+pass)) + `, dstPos.xy, z)
	if out.a < 0.0 {
		discard()
	}
	return out
}
`
}

// Triangle shaders. Vertex layout (triVertex): color.rgb the barycentric
// weights, color.a the base colour flag, custom.x the window depth,
// custom.yzw the world position relative to the camera's Target.
// triDepthBody reads a scene vertex's interpolated reversed depth.
const triDepthBody = `
	z := custom.x`

const (
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

// Tol is how many depth quanta a fragment may lie behind the stored depth
// and still show.
var Tol float

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
	if depthQ(custom.x) < storedQ(dstPos.xy)-Tol {
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

// clearSrc writes transparent black: drawn with BlendCopy it clears the
// pixels it covers.
const clearSrc = `//kage:unit pixels

package main

func Fragment(dstPos vec4, srcPos vec2, color vec4, custom vec4) vec4 {
	return vec4(0)
}
`

// lineSrc draws depth-tested lines (lineQuad): color is the straight-alpha
// colour, custom.x the window depth, custom.y the opacity where hidden.
// Tol lets lines lying on a surface (the grid on a floor) win the tie.
const lineSrc = kageHeader + `
var Tol float

func Fragment(dstPos vec4, srcPos vec2, color vec4, custom vec4) vec4 {
	a := color.a
	if depthQ(custom.x) < storedQ(dstPos.xy)-Tol {
		if custom.y <= 0.0 {
			discard()
		}
		a *= custom.y
	}
	return vec4(color.rgb*a, a)
}
`

// shapeRay and shapeCut ray-cast the pose's shape at the fragment.
// shapeRay unprojects the pixel's ray (ra at the near plane to rb at the
// far plane) with the inverse view-projection, maps it into the shape's
// local space (Inv: o + s d; see shapeFrame), and casts it (shapeHit:
// the near and far roots and the silhouette measure m, which is negative
// for rays that miss and falls about linearly to 0 at the silhouette).
// shapeCut discards rays that miss (or meet the shape only behind the near
// plane) and defines s (the near root, at least 0) and z (the hit's
// reversed depth, as projector.zeta computes it from ZA, ZB and Ortho).
// Anything needing screen derivatives goes between the two, before any
// discard.
const shapeRay = `
	p := dstPos.xy - imageDstOrigin() + Origin
	ndc := vec2(p.x/Size.x*2.0-1.0, 1.0-p.y/Size.y*2.0)
	n4 := InvVP * vec4(ndc, -1, 1)
	f4 := InvVP * vec4(ndc, 1, 1)
	ra := n4.xyz / n4.w
	rb := f4.xyz / f4.w
	o := Inv * (ra - Center)
	d := Inv * (rb - ra)
	hit := shapeHit(o, d)
	m := hit.z
`

const shapeCut = `
	if m < 0.0 || hit.y < 0.0 || hit.x > hit.y {
		discard()
	}
	s := max(hit.x, 0.0)
	cp := VP * vec4(ra+s*(rb-ra), 1)
	z := ZA/cp.w + ZB
	if Ortho > 0.0 {
		z = ZB - ZA*cp.z
	}
`

// shapeHit is the ray-cast of each kind in local space: Kind 0 the unit
// sphere, 1 the capsule of radius 1 around the segment z in [-Half, Half],
// 2 the cube [-1, 1]³. It returns (near root, far root, silhouette
// measure m). The sphere's m is the discriminant of |o + s d|² = 1. The
// capsule is the union of the infinite cylinder x² + y² = 1 cut to |z| <=
// Half and the two end spheres, so its near root is the least of theirs
// and its far root the greatest; its m is 1 - dist², dist the distance
// from the ray's line to the segment (Ericson, Real-Time Collision
// Detection, §5.3.7 and §5.1.9). The cube is the slab test (Ericson
// §5.3.3), its m the length of the slabs' common interval (far - near).
const shapeHitSrc = `
// sphereRoots returns the roots (near, far) of |o + s d|² = 1 and its
// discriminant (the roots are NaN when it is negative).
func sphereRoots(o vec3, d vec3) vec3 {
	qa := dot(d, d)
	qb := dot(o, d)
	disc := qb*qb - qa*(dot(o, o)-1.0)
	root := sqrt(disc)
	return vec3((-qb-root)/qa, (-qb+root)/qa, disc)
}

func capsuleHit(o vec3, d vec3) vec3 {
	near := 1e30
	far := -1e30
	for i := 0; i < 2; i++ {
		c := sphereRoots(o-vec3(0, 0, (float(i)*2.0-1.0)*Half), d)
		if c.z >= 0.0 {
			near = min(near, c.x)
			far = max(far, c.y)
		}
	}
	a := d.x*d.x + d.y*d.y
	b := o.x*d.x + o.y*d.y
	disc := b*b - a*(o.x*o.x+o.y*o.y-1.0)
	if a > 1e-12*dot(d, d) && disc >= 0.0 {
		root := sqrt(disc)
		s0 := (-b - root) / a
		s1 := (-b + root) / a
		if abs(o.z+s0*d.z) <= Half {
			near = min(near, s0)
		}
		if abs(o.z+s1*d.z) <= Half {
			far = max(far, s1)
		}
	}
	// The distance from the line o + s d to the segment: with w the part
	// of a vector perpendicular to d, dist² = |w(o) - t w(e_z)|² at the
	// t in [-Half, Half] nearest the unconstrained minimum.
	op := o - d*(dot(o, d)/dot(d, d))
	zp := vec3(0, 0, 1) - d*(d.z/dot(d, d))
	t := 0.0
	if dot(zp, zp) > 1e-12 {
		t = dot(op, zp) / dot(zp, zp)
	}
	t = clamp(t, -Half, Half)
	q := op - t*zp
	return vec3(near, far, 1.0-dot(q, q))
}

func boxHit(o vec3, d vec3) vec3 {
	dd := d
	if abs(dd.x) < 1e-20 {
		dd.x = 1e-20
	}
	if abs(dd.y) < 1e-20 {
		dd.y = 1e-20
	}
	if abs(dd.z) < 1e-20 {
		dd.z = 1e-20
	}
	t1 := (vec3(-1.0) - o) / dd
	t2 := (vec3(1.0) - o) / dd
	lo := min(t1, t2)
	hi := max(t1, t2)
	near := max(lo.x, max(lo.y, lo.z))
	far := min(hi.x, min(hi.y, hi.z))
	return vec3(near, far, far-near)
}

func shapeHit(o vec3, d vec3) vec3 {
	if Kind > 1.5 {
		return boxHit(o, d)
	}
	if Kind > 0.5 {
		return capsuleHit(o, d)
	}
	return sphereRoots(o, d)
}

// localNormal is the outward normal (not unit) at the local point u of
// the shape's surface.
func localNormal(u vec3) vec3 {
	if Kind > 1.5 {
		a := abs(u)
		if a.x >= a.y && a.x >= a.z {
			return vec3(sign(u.x), 0, 0)
		}
		if a.y >= a.z {
			return vec3(0, sign(u.y), 0)
		}
		return vec3(0, 0, sign(u.z))
	}
	if Kind > 0.5 {
		return u - vec3(0, 0, clamp(u.z, -Half, Half))
	}
	return u
}

// edgeDist is how far the local point u on the cube's surface is from the
// nearest of its edges: 1 less the middle of |u.x|, |u.y|, |u.z| (one of
// them is 1 on a face). It is continuous across the edges, so its screen
// derivative is finite there.
func edgeDist(u vec3) float {
	a := abs(u)
	mid := max(min(a.x, a.y), min(max(a.x, a.y), a.z))
	return 1.0 - mid
}
`

// shapeHitBody is the whole ray-cast of a depth pass.
const shapeHitBody = shapeRay + shapeCut

// shapeUniforms are the ray-cast's inputs: the inverse view-projection
// and view-projection, the shape's center, world-to-local matrix, kind
// (0 ellipsoid, 1 capsule, 2 box: sweep.ShapeKind) and a capsule's half
// segment in local units, the viewport size in pixels, and the
// destination's top-left pixel in the view (not zero when it is a part of
// the view: Renderer.DrawChanged); then the functions of shapeHitSrc.
const shapeUniforms = `
var Origin vec2
var InvVP mat4
var VP mat4
var Center vec3
var Inv mat3
var Kind float
var Half float
var Size vec2
var ZA float
var ZB float
var Ortho float
` + shapeHitSrc

const (
	// The colour pass: Lambert lighting clamped at 1, so the brightest part
	// and the outline (within OutlinePx of the silhouette) are exactly
	// Color; a box's edges are drawn in Color too, the hidden ones (on the
	// far side, through the box) at half strength. Hidden parts are drawn
	// at XRay opacity (0: not at all) inside a full-strength outline, so a
	// pose inside a wall is never lost; ghosts are faint and only where
	// visible.
	shapeColourSrc = kageHeader + shapeUniforms + `
var InvT mat3
var Color vec3
var Light vec3
var Ghost float
var XRay float
var OutlinePx float
var Tol float

func Fragment(dstPos vec4, srcPos vec2, color vec4, custom vec4) vec4 {` + shapeRay + `
	// The distance to the silhouette in pixels: m falls about linearly to
	// 0 there, so m over its screen derivative measures it; the same for
	// a box's edges on the near and the far side.
	band := m / max(fwidth(m), 1e-30)
	en := edgeDist(o + max(hit.x, 0.0)*d)
	ef := edgeDist(o + hit.y*d)
	nearEdge := en / max(fwidth(en), 1e-30)
	farEdge := ef / max(fwidth(ef), 1e-30)` + shapeCut + `
	nrm := normalize(InvT * localNormal(o+s*d))
	k := min(1.0, 0.32+0.95*max(dot(nrm, Light), 0.0))
	c := Color * k
	rim := band < OutlinePx
	if Kind > 1.5 {
		rim = rim || nearEdge < OutlinePx
		if !rim && farEdge < OutlinePx {
			c = mix(c, Color, 0.5)
		}
	}
	if rim {
		c = Color
	}
	visible := depthQ(z) >= storedQ(dstPos.xy)-Tol
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
