package sweep

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// Generators of meshes shaped like real game levels, for the level
// benchmarks and the exactness test on them (we ship no level files):
//
//   - blockLevel: a Quake-era level of about 17,000 triangles. Z is up and
//     every coordinate is an integer (map units, a player is 32 x 32 x 56).
//     A grid of rooms joined by corridors, made of axis-aligned boxes:
//     floors and ceilings cut into coplanar pieces of very different sizes
//     (as a BSP compiler leaves them), walls with door openings, stairs,
//     ramps, pillars and small trim boxes along the walls, so that big
//     floor triangles lie next to tiny ones.
//   - denseMap: a scanned, prop-heavy map of about 59,000 triangles in
//     metres (Z up, about 15 cm median edge): a bumpy floor and rocks, every
//     coordinate rounded to float32 as a glTF file stores it.

// levelBuilder collects triangles.
type levelBuilder struct{ tris []geom.Triangle }

func (l *levelBuilder) quad(a, b, c, d mgl64.Vec3) {
	l.tris = append(l.tris, geom.Triangle{a, b, c}, geom.Triangle{a, c, d})
}

// box adds the six faces of the axis-aligned box lo..hi (12 triangles).
func (l *levelBuilder) box(lo, hi mgl64.Vec3) {
	v := func(i, j, k int) mgl64.Vec3 {
		p := lo
		if i == 1 {
			p[0] = hi[0]
		}
		if j == 1 {
			p[1] = hi[1]
		}
		if k == 1 {
			p[2] = hi[2]
		}
		return p
	}
	l.quad(v(0, 0, 0), v(0, 1, 0), v(1, 1, 0), v(1, 0, 0)) // bottom
	l.quad(v(0, 0, 1), v(1, 0, 1), v(1, 1, 1), v(0, 1, 1)) // top
	l.quad(v(0, 0, 0), v(1, 0, 0), v(1, 0, 1), v(0, 0, 1))
	l.quad(v(0, 1, 0), v(0, 1, 1), v(1, 1, 1), v(1, 1, 0))
	l.quad(v(0, 0, 0), v(0, 0, 1), v(0, 1, 1), v(0, 1, 0))
	l.quad(v(1, 0, 0), v(1, 1, 0), v(1, 1, 1), v(1, 0, 1))
}

// rect adds the horizontal rectangle x0..x1, y0..y1 at height z, cut into
// coplanar pieces at random integer positions (depth levels of cuts).
func (l *levelBuilder) rect(rng *rand.Rand, x0, y0, x1, y1, z float64, depth int) {
	if depth > 0 && x1-x0 > 16 && y1-y0 > 16 {
		if rng.IntN(2) == 0 {
			c := x0 + 1 + float64(rng.IntN(int(x1-x0)-1))
			l.rect(rng, x0, y0, c, y1, z, depth-1)
			l.rect(rng, c, y0, x1, y1, z, depth-1)
		} else {
			c := y0 + 1 + float64(rng.IntN(int(y1-y0)-1))
			l.rect(rng, x0, y0, x1, c, z, depth-1)
			l.rect(rng, x0, c, x1, y1, z, depth-1)
		}
		return
	}
	l.quad(mgl64.Vec3{x0, y0, z}, mgl64.Vec3{x1, y0, z}, mgl64.Vec3{x1, y1, z}, mgl64.Vec3{x0, y1, z})
}

// wallX adds a wall in the plane y = y from x0 to x1, floor z0 to ceiling
// z1, with a door opening (width dw, height dh) centred at dx when dw > 0:
// three coplanar pieces around the opening.
func (l *levelBuilder) wallX(x0, x1, y, z0, z1, dx, dw, dh float64) {
	w := func(a, b, lo, hi float64) {
		l.quad(mgl64.Vec3{a, y, lo}, mgl64.Vec3{b, y, lo}, mgl64.Vec3{b, y, hi}, mgl64.Vec3{a, y, hi})
	}
	if dw <= 0 {
		w(x0, x1, z0, z1)
		return
	}
	w(x0, dx-float64(dw/2), z0, z1)
	w(dx+float64(dw/2), x1, z0, z1)
	w(dx-float64(dw/2), dx+float64(dw/2), z0+dh, z1)
}

// wallY is wallX in the plane x = x.
func (l *levelBuilder) wallY(y0, y1, x, z0, z1, dy, dw, dh float64) {
	w := func(a, b, lo, hi float64) {
		l.quad(mgl64.Vec3{x, a, lo}, mgl64.Vec3{x, a, hi}, mgl64.Vec3{x, b, hi}, mgl64.Vec3{x, b, lo})
	}
	if dw <= 0 {
		w(y0, y1, z0, z1)
		return
	}
	w(y0, dy-float64(dw/2), z0, z1)
	w(dy+float64(dw/2), y1, z0, z1)
	w(dy-float64(dw/2), dy+float64(dw/2), z0+dh, z1)
}

// levelRoom is one room of blockLevel: its floor rectangle and heights.
type levelRoom struct{ x0, y0, x1, y1, floor, ceil float64 }

const (
	levelRooms = 7   // rooms per side
	levelCell  = 768 // map units between room origins
	levelDoor  = 96  // door and corridor width
)

// blockLevel returns the Quake-like level (fixed seed) and its rooms.
func blockLevel() ([]geom.Triangle, []levelRoom) {
	rng := rand.New(rand.NewPCG(1996, 6))
	var l levelBuilder
	rooms := make([]levelRoom, 0, levelRooms*levelRooms)
	ri := func(lo, hi int) float64 { return float64(lo + rng.IntN(hi-lo+1)) }
	for i := 0; i < levelRooms; i++ {
		for j := 0; j < levelRooms; j++ {
			ox, oy := float64(i*levelCell), float64(j*levelCell)
			r := levelRoom{x0: ox + ri(0, 64), y0: oy + ri(0, 64), floor: float64(16 * ri(0, 4))}
			r.x1, r.y1, r.ceil = ox+ri(448, 640), oy+ri(448, 640), r.floor+ri(128, 288)
			rooms = append(rooms, r)
			l.room(rng, r, i+1 < levelRooms, j+1 < levelRooms)
		}
	}
	// Corridors to the east and north neighbours: floor, ceiling, two walls.
	for i := 0; i < levelRooms; i++ {
		for j := 0; j < levelRooms; j++ {
			a := rooms[i*levelRooms+j]
			if i+1 < levelRooms {
				b := rooms[(i+1)*levelRooms+j]
				l.corridor(rng, a.x1, b.x0, doorCenter(a.y0, a.y1), math.Max(a.floor, b.floor), true)
			}
			if j+1 < levelRooms {
				b := rooms[i*levelRooms+j+1]
				l.corridor(rng, a.y1, b.y0, doorCenter(a.x0, a.x1), math.Max(a.floor, b.floor), false)
			}
		}
	}
	return l.tris, rooms
}

func doorCenter(a, b float64) float64 { return math.Floor(float64((a + b) / 2)) }

// room adds a room's floor, ceiling, walls (with doors east and north
// when there is a neighbour, and west and south always, as the
// neighbours' doors), pillars, a staircase, a ramp and trim.
func (l *levelBuilder) room(rng *rand.Rand, r levelRoom, east, north bool) {
	l.rect(rng, r.x0, r.y0, r.x1, r.y1, r.floor, 3)
	l.rect(rng, r.x0, r.y0, r.x1, r.y1, r.ceil, 2)
	h := r.ceil - r.floor
	door := func(has bool) float64 {
		if has {
			return levelDoor
		}
		return 0
	}
	cx, cy := doorCenter(r.x0, r.x1), doorCenter(r.y0, r.y1)
	l.wallX(r.x0, r.x1, r.y0, r.floor, r.ceil, cx, door(r.y0 > levelCell/2), 112)
	l.wallX(r.x0, r.x1, r.y1, r.floor, r.ceil, cx, door(north), 112)
	l.wallY(r.y0, r.y1, r.x0, r.floor, r.ceil, cy, door(r.x0 > levelCell/2), 112)
	l.wallY(r.y0, r.y1, r.x1, r.floor, r.ceil, cy, door(east), 112)
	ri := func(lo, hi int) float64 { return float64(lo + rng.IntN(hi-lo+1)) }
	for p := 0; p < 4; p++ { // pillars
		x, y := r.x0+ri(64, int(r.x1-r.x0)-96), r.y0+ri(64, int(r.y1-r.y0)-96)
		w := ri(16, 48)
		l.box(mgl64.Vec3{x, y, r.floor}, mgl64.Vec3{x + w, y + w, r.ceil})
	}
	// Stairs along the west wall: 16-unit risers, 24-unit treads.
	sy := r.y0 + ri(16, 64)
	for s := 0.0; s < 8 && 16*(s+1) < h-64; s++ {
		l.box(mgl64.Vec3{r.x0 + 8 + float64(24*s), sy, r.floor}, mgl64.Vec3{r.x0 + 8 + float64(24*(s+1)), sy + 96, r.floor + float64(16*(s+1))})
	}
	// A ramp (a wedge) along the south wall, rising 64 over 192.
	rx, ry := r.x1-224, r.y0+ri(8, 32)
	a, b := mgl64.Vec3{rx, ry, r.floor}, mgl64.Vec3{rx, ry + 80, r.floor}
	c, d := mgl64.Vec3{rx + 192, ry + 80, r.floor + 64}, mgl64.Vec3{rx + 192, ry, r.floor + 64}
	l.quad(a, b, c, d)
	l.quad(d, c, mgl64.Vec3{rx + 192, ry + 80, r.floor}, mgl64.Vec3{rx + 192, ry, r.floor})
	l.tris = append(l.tris, geom.Triangle{a, d, mgl64.Vec3{rx + 192, ry, r.floor}}, geom.Triangle{b, mgl64.Vec3{rx + 192, ry + 80, r.floor}, c})
	// Trim: small boxes (2-8 units) along the north and east walls' feet.
	for x := r.x0 + 8; x+16 < r.x1; x += ri(48, 128) {
		l.box(mgl64.Vec3{x, r.y1 - ri(2, 8), r.floor}, mgl64.Vec3{x + ri(4, 16), r.y1, r.floor + ri(2, 8)})
	}
	for y := r.y0 + 8; y+16 < r.y1; y += ri(48, 128) {
		l.box(mgl64.Vec3{r.x1 - ri(2, 8), y, r.floor}, mgl64.Vec3{r.x1, y + ri(4, 16), r.floor + ri(2, 8)})
	}
}

// corridor adds a corridor from a to b along x (alongX) or y, centred at
// c on the other axis, with its floor at z: floor, ceiling and two walls.
func (l *levelBuilder) corridor(rng *rand.Rand, a, b, c, z float64, alongX bool) {
	lo, hi := c-levelDoor/2, c+levelDoor/2
	if alongX {
		l.rect(rng, a, lo, b, hi, z, 1)
		l.rect(rng, a, lo, b, hi, z+112, 0)
		l.wallX(a, b, lo, z, z+112, 0, 0, 0)
		l.wallX(a, b, hi, z, z+112, 0, 0, 0)
		return
	}
	l.rect(rng, lo, a, hi, b, z, 1)
	l.rect(rng, lo, a, hi, b, z+112, 0)
	l.wallY(a, b, lo, z, z+112, 0, 0, 0)
	l.wallY(a, b, hi, z, z+112, 0, 0, 0)
}

// levelPlayer is the player of blockLevel: 32 x 32 x 56 map units.
var levelPlayer = Ellipsoid{Axes: [3]mgl64.Vec3{{16, 0, 0}, {0, 16, 0}, {0, 0, 28}}}

// levelCasts returns n player casts in the rooms of blockLevel (fixed
// seed): from a point 0-96 above a room's floor, moving up to 128 units
// sideways (a few ticks of running) and 64 down to 16 up.
func levelCasts(rooms []levelRoom, n int) []benchQuery {
	rng := rand.New(rand.NewPCG(1996, 7))
	qs := make([]benchQuery, n)
	for i := range qs {
		r := rooms[rng.IntN(len(rooms))]
		x, y := r.x0+20+float64(rng.Float64()*(r.x1-r.x0-40)), r.y0+20+float64(rng.Float64()*(r.y1-r.y0-40))
		z := r.floor + 28 + float64(rng.Float64()*96)
		a, s := float64(2*math.Pi*rng.Float64()), float64(128*rng.Float64())
		qs[i] = benchQuery{mgl64.Vec3{x, y, z}, mgl64.Vec3{float64(s * math.Cos(a)), float64(s * math.Sin(a)), -64 + float64(80*rng.Float64())}}
	}
	return qs
}

const (
	denseCells = 100  // floor cells per side
	denseCell  = 0.15 // metres
	denseRocks = 62
)

// denseMap returns the scanned-looking map (fixed seed).
func denseMap() []geom.Triangle {
	rng := rand.New(rand.NewPCG(2024, 8))
	f32 := func(v mgl64.Vec3) mgl64.Vec3 {
		return mgl64.Vec3{float64(float32(v[0])), float64(float32(v[1])), float64(float32(v[2]))}
	}
	var l levelBuilder
	fv := func(i, j int) mgl64.Vec3 {
		x, y := float64(float64(i)*denseCell), float64(float64(j)*denseCell)
		return f32(mgl64.Vec3{x, y, denseFloor(x, y)})
	}
	for i := 0; i < denseCells; i++ {
		for j := 0; j < denseCells; j++ {
			l.quad(fv(i, j), fv(i+1, j), fv(i+1, j+1), fv(i, j+1))
		}
	}
	const nLon, nLat = 24, 14
	for k := 0; k < denseRocks; k++ {
		side := denseCells * denseCell
		c := mgl64.Vec3{float64(rng.Float64() * side), float64(rng.Float64() * side), 0}
		rad := mgl64.Vec3{0.3 + float64(0.5*rng.Float64()), 0.3 + float64(0.5*rng.Float64()), 0.2 + float64(0.6*rng.Float64())}
		c[2] = denseFloor(c[0], c[1]) + float64(0.3*rad[2])
		jit := make([]float64, (nLat+1)*nLon)
		for i := range jit {
			jit[i] = 1 + float64(0.08*(float64(rng.Float64())-0.5))
		}
		v := func(i, j int) mgl64.Vec3 {
			th, ph := math.Pi*float64(i)/nLat, 2*math.Pi*float64(j%nLon)/nLon
			s := jit[i*nLon+j%nLon]
			if i == 0 || i == nLat {
				s = 1
			}
			return f32(c.Add(mgl64.Vec3{float64(rad[0] * s * math.Sin(th) * math.Cos(ph)), float64(rad[1] * s * math.Sin(th) * math.Sin(ph)), float64(rad[2] * math.Cos(th))}))
		}
		for i := 0; i < nLat; i++ {
			for j := 0; j < nLon; j++ {
				switch i {
				case 0:
					l.tris = append(l.tris, geom.Triangle{v(0, 0), v(1, j), v(1, j+1)})
				case nLat - 1:
					l.tris = append(l.tris, geom.Triangle{v(i, j), v(nLat, 0), v(i, j+1)})
				default:
					l.quad(v(i, j), v(i+1, j), v(i+1, j+1), v(i, j+1))
				}
			}
		}
	}
	return l.tris
}

// denseFloor is the floor height of denseMap: a few centimetres of bumps.
func denseFloor(x, y float64) float64 {
	return float64(0.04*math.Sin(float64(3*x))*math.Cos(float64(2.3*y))) + float64(0.02*math.Sin(float64(11*x)+float64(7*y)))
}

// densePlayer is the player of denseMap: 0.6 x 0.6 x 1.8 metres.
var densePlayer = Ellipsoid{Axes: [3]mgl64.Vec3{{0.3, 0, 0}, {0, 0.3, 0}, {0, 0, 0.9}}}

// denseCasts returns n player casts over denseMap (fixed seed): from
// 0.9-1.4 m above the floor, up to 1 m sideways and 0.6 m down to 0.1 up.
func denseCasts(n int) []benchQuery {
	rng := rand.New(rand.NewPCG(2024, 9))
	side := denseCells * denseCell
	qs := make([]benchQuery, n)
	for i := range qs {
		x, y := 0.5+float64(rng.Float64()*(side-1)), 0.5+float64(rng.Float64()*(side-1))
		z := denseFloor(x, y) + 0.9 + float64(0.5*rng.Float64())
		a, s := float64(2*math.Pi*rng.Float64()), float64(rng.Float64())
		qs[i] = benchQuery{mgl64.Vec3{x, y, z}, mgl64.Vec3{float64(s * math.Cos(a)), float64(s * math.Sin(a)), -0.6 + float64(0.7*rng.Float64())}}
	}
	return qs
}
