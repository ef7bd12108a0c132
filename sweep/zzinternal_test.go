package sweep

import (
	"math/rand/v2"
	"testing"
	"github.com/go-gl/mathgl/mgl64"
	"sweepdbg/geom"
)

type zc struct{ q Query; tri geom.Triangle }

func zcases(filter func(q *Query, tri geom.Triangle) bool) []zc {
	r := rand.New(rand.NewPCG(5, 6))
	var out []zc
	u := func(lo, hi float64) float64 { return lo + (hi-lo)*r.Float64() }
	for len(out) < 1024 {
		qq := mgl64.Quat{W: r.NormFloat64(), V: mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}}.Normalize().Mat4().Mat3()
		e := Ellipsoid{Axes: [3]mgl64.Vec3{qq.Col(0).Mul(u(.5, 2)), qq.Col(1).Mul(u(.5, 2)), qq.Col(2).Mul(u(.5, 2))}}
		d := mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}.Normalize().Mul(u(0, 10))
		q := NewQuery(e, mgl64.Vec3{u(-8, 8), u(-8, 8), u(-8, 8)}, d)
		var tri geom.Triangle
		for i := range tri { tri[i] = mgl64.Vec3{u(-5, 5), u(-5, 5), u(-5, 5)} }
		if filter(&q, tri) { out = append(out, zc{q, tri}) }
	}
	return out
}

func planeRejects(q *Query, tri geom.Triangle) bool {
	origin := v3(tri[0])
	e1, e2 := v3(tri[1]).sub(origin), v3(tri[2]).sub(origin)
	b, d := q.worldToUnit.apply(v3(q.begin).sub(origin)), q.unitDelta
	nw, _ := planeNormal(e1, e2)
	n := q.normalMap.apply(nw)
	_, ok := planeSweptSphere(b.dot(n), d.dot(n), n.length(), 1)
	return !ok
}

func benchZ(b *testing.B, cs []zc) {
	n := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := &cs[i%len(cs)]
		if _, ok := c.q.Triangle(c.tri, 1); ok { n++ }
	}
	zsink = n
}
var zsink int
func BenchmarkZReject(b *testing.B) { benchZ(b, zcases(planeRejects)) }
func BenchmarkZPass(b *testing.B) { benchZ(b, zcases(func(q *Query, t geom.Triangle) bool { return !planeRejects(q, t) })) }
func BenchmarkZAll(b *testing.B) { benchZ(b, zcases(func(q *Query, t geom.Triangle) bool { return true })) }
