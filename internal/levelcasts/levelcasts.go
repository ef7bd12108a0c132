// Package levelcasts makes player-sized casts over a level's triangles for
// timing the core on any level (debugger bench --level, the real-level
// benchmarks in sweep) and for exporting the same casts to another engine
// (internal/castfile). Seeds are fixed, so two runs on one level make the
// same casts.
//
// Two sets: Random, casts from random points near random triangles in
// random directions (what debugger bench --level has always timed), and
// Character, casts the way a character controller moves over a level that
// is upright (Y up): walking along floors from a pose resting on them,
// falling onto them, and moving into walls (and so into the corners where
// walls meet floors and each other).
package levelcasts

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"sweepdbg/geom"
)

// Cast is one cast of the player's center: from Begin, moving by Delta.
type Cast struct {
	Begin, Delta mgl64.Vec3
	Kind         Kind
}

// Kind says what a character cast imitates.
type Kind uint8

const (
	KindRandom Kind = iota // Random's casts
	KindWalk               // along a floor, from resting on it
	KindFall               // down onto a floor, from above it
	KindWall               // into a wall, from near it
)

func (k Kind) String() string {
	return [...]string{"random", "walk", "fall", "wall"}[k]
}

// Random returns n casts near the level's surfaces: from a random point of
// a random non-degenerate triangle (every triangle alike, whatever its
// size), 1 to 3 times size out along its normal (either side: a wall is
// walked along from both), moving up to 4 times size in a random
// direction, as a player moving for a few ticks. size is the player's
// largest half-extent.
func Random(tris []geom.Triangle, size float64, n int) []Cast {
	rng := rand.New(rand.NewPCG(14, 50))
	casts := make([]Cast, 0, n)
	for tries := 0; len(casts) < n && tries < 100*n; tries++ {
		t := tris[rng.IntN(len(tris))]
		nrm, ok := unitNormal(t)
		if !ok {
			continue
		}
		p := pointOn(t, rng)
		side := float64(1 - 2*rng.IntN(2))
		begin := p.Add(geom.Scale(nrm, float64(side*size*(1+float64(2*float64(rng.Float64()))))))
		dir := geom.Normalize(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()})
		casts = append(casts, Cast{begin, geom.Scale(dir, float64(4*size*rng.Float64())), KindRandom})
	}
	return casts
}

// Character returns n casts of a player with the given half-extents (an
// axis-aligned ellipsoid or box, Y up: half[1] is half its height) moving
// the way a character does over the level, which must be upright (Y up).
// Floors are triangles facing up within 45° (a counter-clockwise front
// face, as OBJ and glTF files have it, so a ceiling is no floor), walls
// those within 20° of vertical; both are drawn by area, as a player's position is, so a
// room-sized floor is walked on more than a strip of trim. Of the casts:
//
//   - half walk: from a pose resting on a floor (the ellipsoid touching the
//     floor's plane at the drawn point, as after the previous tick's move;
//     a quarter of them lifted by 1/1000 of the height, a controller's
//     skin), moving horizontally up to a quarter of the height (a few
//     ticks of running) in a random direction, with a slight fall (up to
//     1/50 of the height: gravity's pull between ground checks);
//   - a quarter fall: from 0 to 1 height above a floor, moving down by that
//     gap and up to a quarter of the height more, drifting sideways up to
//     a quarter of the height;
//   - a quarter wall: from 0 to a quarter of the height off a wall's front
//     (the side its normal points to, inside the level), at the drawn
//     point's height, moving into it at up to 80° from its normal
//     (sliding along it), horizontally, by the gap and up to a quarter of
//     the height more.
//
// The pose's distance from a plane is the player's support distance along
// the plane's normal (exact for the ellipsoid, so a walk starts touching
// its floor); the casts depend only on the half-extents, so the same
// level and half-extents give the same casts. A level with no floor (or
// no wall) gets the other kinds only; one with neither gets none.
func Character(tris []geom.Triangle, half mgl64.Vec3, n int) []Cast {
	rng := rand.New(rand.NewPCG(24, 7))
	h := float64(2 * half[1])
	floors, walls := newPicker(), newPicker()
	for i, t := range tris {
		nrm, ok := unitNormal(t)
		if !ok {
			continue
		}
		a := float64(0.5 * geom.Len(geom.Cross(t[1].Sub(t[0]), t[2].Sub(t[0]))))
		switch {
		case nrm[1] >= math.Sqrt2/2:
			floors.add(i, a)
		case math.Abs(nrm[1]) <= math.Sin(20*math.Pi/180):
			walls.add(i, a)
		}
	}
	casts := make([]Cast, 0, n)
	if floors.total == 0 && walls.total == 0 {
		return casts
	}
	for len(casts) < n {
		u := float64(rng.Float64())
		kind := KindWalk
		switch {
		case u >= 0.75:
			kind = KindWall
		case u >= 0.5:
			kind = KindFall
		}
		if kind == KindWall && walls.total == 0 || kind != KindWall && floors.total == 0 {
			continue
		}
		switch kind {
		case KindWalk, KindFall:
			t := tris[floors.pick(rng)]
			nrm, _ := unitNormal(t)
			p := pointOn(t, rng)
			begin := p.Add(geom.Scale(nrm, support(half, nrm)))
			a := float64(2 * math.Pi * rng.Float64())
			side := mgl64.Vec3{math.Cos(a), 0, math.Sin(a)}
			if kind == KindWalk {
				if rng.IntN(4) == 0 {
					begin[1] += h / 1000
				}
				d := geom.Scale(side, float64(h/4*rng.Float64()))
				d[1] = float64(-h / 50 * rng.Float64())
				casts = append(casts, Cast{begin, d, kind})
				continue
			}
			gap := float64(h * rng.Float64())
			begin[1] += gap
			d := geom.Scale(side, float64(h/4*rng.Float64()))
			d[1] = -(gap + float64(h/4*rng.Float64()))
			casts = append(casts, Cast{begin, d, kind})
		case KindWall:
			t := tris[walls.pick(rng)]
			nrm, _ := unitNormal(t)
			flat := geom.Normalize(mgl64.Vec3{nrm[0], 0, nrm[2]})
			p := pointOn(t, rng)
			gap := float64(h / 4 * rng.Float64())
			begin := p.Add(geom.Scale(nrm, support(half, nrm)+gap))
			a := (float64(2*float64(rng.Float64())) - 1) * 80 * math.Pi / 180
			c, s := math.Cos(a), math.Sin(a)
			into := mgl64.Vec3{-(float64(c*flat[0]) - float64(s*flat[2])), 0, -(float64(s*flat[0]) + float64(c*flat[2]))}
			casts = append(casts, Cast{begin, geom.Scale(into, gap+float64(h/4*rng.Float64())), kind})
		}
	}
	return casts
}

// support returns the distance from the center of the axis-aligned
// ellipsoid with the given half-extents to its tangent plane of unit
// normal n.
func support(half, n mgl64.Vec3) float64 {
	return math.Sqrt(float64(half[0]*half[0]*n[0]*n[0]) + float64(half[1]*half[1]*n[1]*n[1]) + float64(half[2]*half[2]*n[2]*n[2]))
}

// unitNormal returns t's unit normal, false for a degenerate triangle.
func unitNormal(t geom.Triangle) (mgl64.Vec3, bool) {
	nrm := t.Normal()
	l := geom.Len(nrm)
	if !(l > 0) || math.IsInf(l, 0) {
		return mgl64.Vec3{}, false
	}
	return geom.Scale(nrm, 1/l), true
}

// pointOn returns a uniformly random point of t.
func pointOn(t geom.Triangle, rng *rand.Rand) mgl64.Vec3 {
	u, v := float64(rng.Float64()), float64(rng.Float64())
	if u+v > 1 {
		u, v = 1-u, 1-v
	}
	return t[0].Add(geom.Scale(t[1].Sub(t[0]), u)).Add(geom.Scale(t[2].Sub(t[0]), v))
}

// picker draws triangle indices with probability proportional to area.
type picker struct {
	idx   []int
	cum   []float64
	total float64
}

func newPicker() *picker { return &picker{} }

func (p *picker) add(i int, area float64) {
	if !(area > 0) || math.IsInf(area, 0) {
		return
	}
	p.total += area
	p.idx = append(p.idx, i)
	p.cum = append(p.cum, p.total)
}

func (p *picker) pick(rng *rand.Rand) int {
	k, _ := slices.BinarySearch(p.cum, float64(rng.Float64()*p.total))
	return p.idx[min(k, len(p.idx)-1)]
}
