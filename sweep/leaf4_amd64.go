//go:build amd64 && !purego && !amd64.v3

package sweep

import "sweepdbg/geom"

// haveLeaf4 reports whether leaf4AVX2 is the assembly of leaf4_amd64.s.
// Not with GOAMD64=v3 or above: there the compiler fuses x*y + z in Go
// code into one FMA (one rounding), and the assembly, which rounds the
// product and the sum separately as Go does on the baseline amd64, would
// no longer make the same decisions.
const haveLeaf4 = true

// leaf4AVX2 reads the n (1 to 4) triangles of c.m from the one at first
// in leaf order (their words in Mesh.tris: vertex indices relative to the
// base of the triangle's group, Mesh.vbase[(first+i) >> groupShift]) from
// the float32 vertices (Mesh.vert32), and makes the box test of
// Mesh.loadNear against c.box, the ball early out of Query.outOfReach
// and the rejections of triFrame.plane (missesSlab and planeSweptSphere's
// entry time; both with maxT = upper) for all of them at once, each in
// one lane of the AVX2 registers, with the same IEEE operations in the
// same order as the Go code (c.q is the query). It returns bit i set when
// triangle i passes the box test (loadNear keeps it), and bit 4+i when it
// also passes the ball, plane and face tests (frame then outOfReach
// keeps it, plane does not reject it, and Query.triangle's faceStage does
// not prune it: a triangle whose normal plane would recompute exactly,
// or that has no usable plane, passes), and bit 8+i (faceLanes) when
// faceStage then finds a face contact, whose values it leaves in c.fr
// (rows 21-27, leafFrame.faceContact), or bit 12+i (edgeLanes) when
// faceStage decides there is none (faceEdges: the face normal is left in
// c.fr's rows 21-23, leafFrame.edgeFace); when any passes the box test it
// also stores in c.fr what Query.frame computes for each of the n
// triangles (in the same way, bit for bit). For float64 vertices
// (Mesh.verts; c.near false) the box test is Mesh.loadNear64's against the
// query's own box (boxLo, boxHi), then the same ball, plane and face
// tests and frame values. It reads c.m, c.q and c.box itself: a call
// passes four words (docs/performance.md, "The cast
// path's memory traffic (`walk7`, 2026-11-28)").
// Call it only when useAVX2 is true; the ball bits mean something only
// when q.reachFirst. The argument that the decisions are the same is in
// leaf4_amd64.s.
//
//go:noescape
func leaf4AVX2(c *sweepCtx, first, n int, upper float64) (keep int)

// leafBoxAVX2 is leaf4AVX2's box test alone: it reads the n (1 to 4)
// triangles as leaf4AVX2 does and returns bit i set when triangle i passes
// Mesh.loadNear's box test against b (the same decisions, bit for bit:
// the same instructions; TestLeaf4MatchesScalar compares them). A capsule's or a
// box's mesh loop (castCtx.loop) takes it on float32 vertices. Call it
// only when useAVX2 is true.
//
//go:noescape
func leafBoxAVX2(tris *uint32, verts *[3]float32, b *nearBox, n int, vbase *uint32, first int) (in int)

// leafConsts are outOfReach's constants and plane's (crossRecheck,
// SliverSine², missesSlab's 1 + 1e-12), read by leaf4AVX2: the same Go
// constant expressions, so the same float64 values.
var leafConsts = [7]float64{1.0 / 3, 1, 1e-6, 4, crossRecheck, geom.SliverSine * geom.SliverSine, 1 + 1e-12}
