package render

import (
	"math"
	"testing"
)

// coverage evaluates the batch at (x, y) on the CPU as the GPU would: the
// sum over the triangles containing the point of ovSrc's coverage, with
// the custom values interpolated.
func (b *ovBatch) coverage(x, y float64) float64 {
	sum := 0.0
	for t := 0; t+2 < len(b.idx); t += 3 {
		v := [3]int{int(b.idx[t]), int(b.idx[t+1]), int(b.idx[t+2])}
		p := func(i int) (float64, float64) { return float64(b.verts[v[i]].DstX), float64(b.verts[v[i]].DstY) }
		x0, y0 := p(0)
		x1, y1 := p(1)
		x2, y2 := p(2)
		d := (x1-x0)*(y2-y0) - (x2-x0)*(y1-y0)
		if d == 0 {
			continue
		}
		w1 := ((x-x0)*(y2-y0) - (x2-x0)*(y-y0)) / d
		w2 := ((x1-x0)*(y-y0) - (x-x0)*(y1-y0)) / d
		w0 := 1 - w1 - w2
		if w0 < 0 || w1 < 0 || w2 < 0 {
			continue
		}
		var c [4]float64
		for i, w := range [3]float64{w0, w1, w2} {
			vx := b.verts[v[i]]
			c[0] += w * float64(vx.Custom0)
			c[1] += w * float64(vx.Custom1)
			c[2] += w * float64(vx.Custom2)
			c[3] += w * float64(vx.Custom3)
		}
		dist := math.Hypot(math.Min(c[0], 0)+math.Min(c[2], 0), c[1])
		sum += math.Max(0, math.Min(1, c[3]+0.5-dist))
	}
	return sum
}

// TestOverlayStrokeCoverage: a closed square stroke covers its sides and
// its corners fully, nothing well inside or outside, and no pixel twice
// (the corners are mitred, not overlapping caps, so a translucent stroke
// is even); an open polyline gets round caps; a disc covers its inside.
func TestOverlayStrokeCoverage(t *testing.T) {
	var b ovBatch
	b.stroke([]float32{10, 10, 50, 10, 50, 40, 10, 40}, 1.5, true)
	for _, c := range []struct {
		x, y, want float64
		what       string
	}{
		{30, 10, 1, "a side"}, {50, 25, 1, "a side"}, {10.2, 9.9, 1, "a corner"}, {9.9, 10.2, 1, "a corner"}, {50.8, 40.7, 1, "a corner's outside"},
		{30, 25, 0, "the inside"}, {30, 5, 0, "the outside"}, {53.5, 43.5, 0, "beyond the miter"},
	} {
		if got := b.coverage(c.x, c.y); math.Abs(got-c.want) > 1e-3 {
			t.Errorf("closed square at %s (%g, %g): coverage %g, want %g", c.what, c.x, c.y, got, c.want)
		}
	}
	// Sample points off the quads' shared edges (the diagonals through
	// the corners), where a GPU covers a pixel once and this sum would
	// count both sides.
	for y := 0.5137; y < 50; y += 0.25 {
		for x := 0.5; x < 60; x += 0.25 {
			if got := b.coverage(x, y); got > 1+1e-3 {
				t.Fatalf("closed square covers (%g, %g) %g times", x, y, got)
			}
		}
	}
	b.reset()
	b.stroke([]float32{10, 10, 30, 10}, 2, false)
	if got := b.coverage(8.5, 10); got < 0.999 {
		t.Errorf("open segment's round cap at 1.5 px before the start: coverage %g, want 1", got)
	}
	if got := b.coverage(8, 8); got > 0.1 {
		t.Errorf("open segment's round cap is square: coverage %g at the corner", got)
	}
	b.reset()
	b.disc(20, 20, 5)
	if got, in, out := b.coverage(20.3, 19.8), b.coverage(23.1, 22.9), b.coverage(24.1, 23.9); got != 1 || in != 1 || out != 0 {
		t.Errorf("disc: coverage %g near the centre, %g inside, %g outside; want 1, 1, 0", got, in, out)
	}
}
