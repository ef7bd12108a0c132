package sweep

import "math/bits"

// The narrow phase's front end for a leaf's triangles, four at once
// (sweepLeaves). A leaf holds at most maxLeaf triangles; most of those a
// cast reads are rejected by the float32 box test (Mesh.loadNear;
// Mesh.loadNear64's on float64 vertices) or by the ball early out
// (Query.outOfReach) after the unit-space transform (Query.frame), or by
// the plane stage (triFrame.plane: missesSlab and the entry time), or by
// the face stage's prune (faceStage in Query.triangle). leaf4AVX2
// (leaf4_amd64.s; for float64 vertices too) makes these
// decisions for up to four of the leaf's triangles side by side, one per
// lane of the AVX2 registers, with the same IEEE operations in the same
// order as the box test, frame, outOfReach, plane and triangle, so that
// it rejects exactly the triangles they reject (TestLeaf4MatchesScalar;
// a triangle whose normal plane would recompute exactly is left to
// plane). It also stores frame's values for those triangles (leafFrame),
// from which the triangles it keeps take the scalar path, and the face
// contacts the face stage finds, which sweepLeaves finishes directly.

// leafFrame holds what Query.frame computes for each triangle of one pass
// of leaf4AVX2 (up to leafLanes of a leaf's triangles), as leaf4AVX2 has
// computed it, one triangle per column (float64): rows 0-2 are the
// coordinates of vertex 0 (the origin), 3-5 those of bw = begin - origin,
// 6-8 and 9-11 those of the world edges e1 and e2 (as triFrame holds
// them), 12-14 those of the unit-space begin u.b, 15-17 and 18-20 those of
// the unit-space vertices u.verts[1] and u.verts[2]. For a triangle in
// whose plane the face stage finds a contact (faceLanes), rows 21-23 hold
// the unit-space face normal face, 24-26 the center at the entry time c1
// and 27 the entry time t1, as Query.triangle computes them against the
// pass's best T (leaf4AVX2's FACE); for one where the face stage decides
// there is none (edgeLanes), rows 21-23 hold face. The columns are in the
// leaf's order.
type leafFrame [frameRows][leafLanes]float64

// frameRows is the number of rows of a leafFrame: nine vectors and t1.
const frameRows = 28

// faceLanes is where leaf4AVX2's keep has its face-contact bits: bit
// faceLanes+i for triangle i.
const faceLanes = 2 * leafLanes

// edgeLanes is where leaf4AVX2's keep has the bits of the triangles whose
// first contact, if any, faceStage leaves to the edges and vertices
// (faceEdges): bit edgeLanes+i for triangle i.
const edgeLanes = 3 * leafLanes

// begin writes into s what Query.frame writes for every triangle of q
// alike: the motion dw and the unit-space vertex 0 (the origin, zero).
// load and edgeFace leave them as they are. sweepLeaves writes them
// before each triangle that takes one of those two paths, rather than once
// a sweep: few triangles take them (0.07 a cast on lqdm13_a3), most go to
// faceContact, which reads neither.
func (fr *leafFrame) begin(q *Query, s *triScratch) {
	s.f.dw, s.u.verts[0] = v3p(&q.delta), vec3{}
}

// load fills s with column i of fr: after begin, s holds what Query.frame
// would write for that triangle (bit for bit: TestLeaf4MatchesScalar). One
// field at a time: a composite literal of the vertices is built aside and
// copied.
func (fr *leafFrame) load(i int, s *triScratch) {
	i &= leafLanes - 1
	f, u := &s.f, &s.u
	f.origin = vec3{fr[0][i], fr[1][i], fr[2][i]}
	f.bw = vec3{fr[3][i], fr[4][i], fr[5][i]}
	f.e1 = vec3{fr[6][i], fr[7][i], fr[8][i]}
	f.e2 = vec3{fr[9][i], fr[10][i], fr[11][i]}
	u.b = vec3{fr[12][i], fr[13][i], fr[14][i]}
	u.verts[1] = vec3{fr[15][i], fr[16][i], fr[17][i]}
	u.verts[2] = vec3{fr[18][i], fr[19][i], fr[20][i]}
}

// faceContact returns, for triangle i of the pass, what the face contact
// that Query.triangle makes (faceContact(t1, c1, face)) is made of, from
// the values leaf4AVX2 left in fr (rows 21-27), and what finish takes with
// it: the face normal, the unit-space begin u.b and the origin (vertex 0)
// of frame. Scalars and vectors only: a contact (48 bytes) is kept in
// memory by the compiler, and one returned was built, copied and read
// back (docs/performance.md, "The cast path's memory traffic (`walk7`,
// 2026-11-28)").
func (fr *leafFrame) faceContact(i int) (t1 float64, c1, face, b, origin vec3) {
	i &= leafLanes - 1
	face = vec3{fr[21][i], fr[22][i], fr[23][i]}
	c1 = vec3{fr[24][i], fr[25][i], fr[26][i]}
	b = vec3{fr[12][i], fr[13][i], fr[14][i]}
	origin = vec3{fr[0][i], fr[1][i], fr[2][i]}
	return fr[27][i], c1, face, b, origin
}

// filter runs leaf4AVX2 (which takes the float64 vertices' form itself)
// on the n triangles of the leaf from at against the best T upper,
// filling c.fr, and returns its keep.
func (c *sweepCtx) filter(at, n uint32, upper float64) uint {
	return uint(leaf4AVX2(c, int(at), int(n), upper))
}

// edgeFace fills u with triangle i's unit-space begin and vertices and
// returns its face normal and origin, for a triangle whose first contact,
// if any, leaf4AVX2 found faceStage leaves to the edges and vertices (bit
// edgeLanes+i): what Query.edgeStage takes.
func (fr *leafFrame) edgeFace(i int, u *unitTri) (face, origin vec3) {
	i &= leafLanes - 1
	u.b = vec3{fr[12][i], fr[13][i], fr[14][i]}
	u.verts[1] = vec3{fr[15][i], fr[16][i], fr[17][i]}
	u.verts[2] = vec3{fr[18][i], fr[19][i], fr[20][i]}
	face = vec3{fr[21][i], fr[22][i], fr[23][i]}
	return face, vec3{fr[0][i], fr[1][i], fr[2][i]}
}

// useLeaf4 reports whether a sweep of q takes sweepLeaves: where the CPU
// has AVX2 and outOfReach runs before the plane stage (q.reachFirst; the
// rare ill-conditioned ellipsoid keeps sweepNear's loop).
func useLeaf4(q *Query) bool { return leaf4On && useAVX2 && q.reachFirst }

// leaf4On is haveLeaf4, a variable so that tests can compare sweepLeaves
// with sweepNear's scalar loop.
var leaf4On = haveLeaf4

// leafLanes is the number of triangles leaf4AVX2 takes at once: one per
// lane of the AVX2 registers (four float64). A leaf of up to maxLeaf
// triangles takes one pass per leafLanes of them.
const leafLanes = 4

// sweepLeaves is sweepNear's loop, or for float64 vertices (c.near false)
// Mesh.sweepIn's own, with a leaf's box tests and ball early outs made by
// leaf4AVX2 (either form of vertices), leafLanes triangles a pass, against the best
// T at the pass's start (upper); when a hit lowers the best T while
// triangles of the pass remain to be tested, the pass is filtered again
// against the new best T, which becomes upper, so that every triangle is
// tested with the best T equal to the upper it was filtered against. Its
// answers are those loops': a triangle the box test rejects is one
// loadNear (loadNear64) rejects; one the ball test rejects is one
// outOfReach rejects with maxT = upper, as testInBox would; one the plane
// test rejects is one triFrame.plane rejects (by missesSlab or by its
// entry time) with maxT = upper; one the face test rejects is one
// Query.triangle's faceStage prunes with maxT = upper (FACE in
// leaf4_amd64.s). Each of these rejections is also one for which the
// exact stages find no contact with any maxT up to upper (outOfReach's
// argument holds for every t in [0, upper]; plane's only grows stricter
// as maxT falls, see PLANE; faceStage's: the sphere does not touch the
// triangle by upper), so a triangle rejected before a hit lowered the
// best T, and filtered again or not, is one the scalar loops find no
// hit for either. Every survivor takes frame's values from leaf4AVX2
// (leafFrame.load) rather than running frame again, and is tested from
// there on (Query.afterReach), but for a face contact leaf4AVX2 found,
// which is finished from the values it left (leafFrame.faceContact),
// and for a triangle whose faceStage leaf4AVX2 decided leaves the
// contact to the edges and vertices (faceEdges, bit edgeLanes+i), which
// goes straight to those (Query.edgeStage) with the face normal
// leaf4AVX2 left (leafFrame.edgeFace): plane and triangle, run with
// maxT = upper on the same frame, would keep it, find the same face
// normal and outcome and call edgeStage with those values, after no
// outOfReach (q.reachFirst: it ran in the filter). The face contact is
// what plane and triangle find with maxT = upper: t1, c1 and face are
// theirs bit for bit, plane keeps t1 <= upper, and faceStage finds the
// contact.
func (c *sweepCtx) sweepLeaves(w *walker) {
	for {
		first, count, ok := w.next(c.r.bestT)
		if !ok {
			return
		}
		end := first + count
		for at := first; at < end; at += leafLanes {
			upper := c.r.bestT
			n := min(end-at, leafLanes)
			keep := c.filter(at, n, upper)
			// keep: bit i set if triangle at+i passes the box test, bit
			// leafLanes+i if it passes the ball, plane and face tests
			// too, bit faceLanes+i if it has a face contact, bit
			// edgeLanes+i if faceStage leaves it to the edges. The
			// loop visits those survivors (in the leaf's order), without an
			// iteration for each triangle only the box test kept, with the
			// best T equal to upper: once a hit has lowered the best T
			// while survivors remain, the pass is filtered again against
			// the new best T, and the survivors after the hit are those of
			// that filter.
			for cand := keep >> leafLanes & (1<<leafLanes - 1); cand != 0; {
				i := bits.TrailingZeros(cand)
				cand &= cand - 1
				// testInBox on frame's values: for a face contact
				// leaf4AVX2 found, the contact plane and triangle find
				// (faceContact); for one it left to the edges and
				// vertices, those; else the plane stage and the rest.
				var ok bool
				switch {
				case keep>>(faceLanes+i)&1 != 0:
					t1, c1, face, b, origin := c.fr.faceContact(i)
					ok = t1 <= upper && c.q.finish(faceContact(t1, c1, face), b, c.q.unitDelta, face, origin, &c.h)
				case keep>>(edgeLanes+i)&1 != 0:
					c.fr.begin(c.q, &c.s)
					face, origin := c.fr.edgeFace(i, &c.s.u)
					ok = c.q.edgeStage(&c.s.u, face, origin, upper, &c.h)
				default:
					c.fr.begin(c.q, &c.s)
					c.fr.load(i, &c.s)
					ok = c.q.afterReach(upper, &c.h, &c.s)
				}
				k := at + uint32(i)
				if !ok || !c.blocks(&c.h) {
					continue
				}
				if c.r.offer(c.h, c.m.id(k)); c.r.bestT == 0 {
					c.atStart(w, k+1, end)
					return
				}
				if c.r.bestT != upper && cand != 0 {
					upper = c.r.bestT
					keep = c.filter(at, n, upper)
					cand = keep >> leafLanes & (1<<leafLanes - 1) &^ (2<<i - 1)
				}
			}
		}
	}
}
