//go:build amd64 && !purego && !amd64.v3

#include "go_asm.h"
#include "textflag.h"

// leaf4AVX2: Mesh.loadNear's box test and Query.frame then
// Query.outOfReach for up to four triangles, one per lane, storing frame's
// values (leafFrame) for the triangles kept, then triFrame.plane's slab
// test (PLANE, whose comment has its own argument); leaf4wide<> the same
// on float64 vertices (VADDR and BOX64 below). Why the decisions and the
// stored values are those of the Go code, bit for bit:
//
//   - The triangles are read as Mesh.load reads them: the indices in the
//     triangle's word (a | b<<10 | c<<20, 10 bits each) plus its group's
//     vertex base, each vertex's three float32 coordinates.
//   - The box test compares the float32 coordinates with nearBox's float32
//     bounds, as outside32 does. "x, y and z all above hi" is "min(x, y, z)
//     above hi" and "all below lo" is "max below lo": the vertices of a
//     mesh are finite (no NaN, for which MINPS and MAXPS pick an operand
//     rather than propagate), min and max of finite values are one of
//     them, and a comparison does not see the sign of a zero, the only
//     thing MINPS's choice between equal values can change. GT_OQ and
//     LT_OQ are Go's > and <.
//   - The vertices are widened to float64 exactly (VCVTPS2PD), as
//     Mesh.load does, and from there each lane makes the operations of
//     frame and outOfReach in their order: no FMA (Go on the baseline
//     amd64 rounds x*y and then x*y + z; see haveLeaf4 for GOAMD64=v3),
//     vec3.dot and lenSq as (x*x' + y*y') + z*z', mat3.apply as three dots
//     of the rows, lin3's diagonal as three products, madd as a + b*s, and
//     the sums of the margin left to right. Addition and multiplication
//     are commutative in IEEE arithmetic, so the order of two operands
//     does not matter, only the order of the operations.
//   - max(g², |v1-g|², |v2-g|²): each is a sum of squares, so +0, positive,
//     +Inf or NaN (never -0). Without NaN, MAXPD gives Go's max (there is
//     no zero of the other sign to choose). Go's max is NaN when any is
//     NaN, which MAXPD does not propagate from its first operand; the sum
//     of the three is NaN exactly then (no -Inf to cancel a +Inf), and a
//     lane whose sum is NaN is never rejected, as Go's x, NaN, would not be.
//   - t = min(-pd/|D|², upper) when pd < 0, else 0: MINPD with upper first
//     returns the quotient when it is NaN (Go's min too), and otherwise
//     the smaller, except that for equal values it returns the quotient,
//     where Go would return -0 for min(+0, -0). The quotient is never -0
//     (-pd > 0 divided by |D|² >= 0), so this happens only with upper = -0
//     and t is then +0 here, -0 in Go. t enters only c = p + d*t, where
//     d*t is then a zero of either sign and p + d*t differs at most in the
//     sign of a zero component of c, which c.lenSq() squares away. The
//     lanes with pd >= 0 or NaN (LT_OQ false) get +0, Go's 0.0.
//   - worldToUnit when it is diagonal (lin3.diag): the diagonal products,
//     as frame does, otherwise the full product, also as frame does (the
//     two differ in the sign of zeros, which no decision of outOfReach
//     sees, by the same squaring, but a stored value would show).
//   - The stored values (the origin, bw and the edges in world space, u.b
//     and the vertices in unit space) are those of frame's operations,
//     made as above. No input is NaN (the vertices, begin and the map are
//     finite), so a NaN comes only from an overflow to Inf (Inf - Inf,
//     0*Inf): the processor's default NaN, in the lanes as in Go's scalar
//     code, and passed on unchanged by the later operations of both.
//   - x > 0 and x*x > 4*rr are GT_OQ comparisons, false for NaN as in Go.

// LANE(i, A, B, C) reads the vertices of triangle i of the leaf (its
// 32-bit word at 4*i(R8)) into A, B and C, one 16-byte load each: the
// vertex's three float32 coordinates in lanes 0-2, and in lane 3 the four
// bytes after them (the next vertex's x, or Mesh.vert32's padding after the
// last vertex: see Mesh.narrow), which nothing reads. The three 10-bit
// indices are relative to R13 (the word's top two bits are zero: the
// third needs no mask), the float32 vertices from its group's vertex base
// on (BASE). (Nine 4-byte loads inserted into the rows, the former form,
// read the same coordinates with three times as many loads:
// docs/performance.md, "The cast path's memory traffic (`walk7`,
// 2026-11-28)".)
#define LANE(i, A, B, C) \
	MOVL (4*(i))(R8), AX; \
	MOVQ AX, CX; \
	ANDQ $const_triIdxMask, CX; \
	LEAQ (CX)(CX*2), CX; \
	VMOVUPS 0(R13)(CX*4), A; \
	MOVQ AX, CX; \
	SHRQ $const_triIdxBits, CX; \
	ANDQ $const_triIdxMask, CX; \
	LEAQ (CX)(CX*2), CX; \
	VMOVUPS 0(R13)(CX*4), B; \
	SHRQ $(2*const_triIdxBits), AX; \
	LEAQ (AX)(AX*2), AX; \
	VMOVUPS 0(R13)(AX*4), C

// PAIRS interleaves the vertices of two lanes, the first's in A, B, C and
// the second's in A2, B2, C2: A becomes the x and y coordinates of vertex
// a of both ([x, x', y, y']), AH their z ([z, z', -, -]), and likewise B,
// BH and C, CH (VUNPCKLPS, VUNPCKHPS).
#define PAIRS(A, B, C, A2, B2, C2, AH, BH, CH) \
	VUNPCKHPS A2, A, AH; \
	VUNPCKLPS A2, A, A; \
	VUNPCKHPS B2, B, BH; \
	VUNPCKLPS B2, B, B; \
	VUNPCKHPS C2, C, CH; \
	VUNPCKLPS C2, C, C

// BASE sets R13 to the address of the vertex at the base of the group of
// the triangle at DX in leaf order: R9 + 12*vbase[DX >> groupShift]
// (vbase at R11).
#define BASE \
	SHRQ $const_groupShift, DX; \
	MOVL (R11)(DX*4), DX; \
	LEAQ (DX)(DX*2), DX; \
	LEAQ (R9)(DX*4), R13

// NEXTBASE(i, L) sets R13 for lane i, whose triangle is at R12 + i: the
// previous lane's unless the triangle starts a group (then BASE), jumping
// to L when it does not.
#define NEXTBASE(i, L) \
	LEAQ (i)(R12), DX; \
	TESTQ $(const_groupSize-1), DX; \
	JNZ L; \
	BASE

// BOX folds axis i's box test (the rows A, B, C of the three vertices)
// into X12 (lane set: the triangle lies outside the box): the minimum of
// the three coordinates above hi, or the maximum below lo.
#define BOX(i, A, B, C) \
	VMINPS B, A, X13; \
	VMINPS C, X13, X13; \
	VMAXPS B, A, X14; \
	VMAXPS C, X14, X14; \
	VBROADCASTSS (nearBox_hi+4*(i))(BX), X9; \
	VCMPPS $0x1e, X9, X13, X13; \
	VBROADCASTSS (nearBox_lo+4*(i))(BX), X9; \
	VCMPPS $0x11, X9, X14, X14; \
	VORPS X13, X12, X12; \
	VORPS X14, X12, X12

// ROW sets OUT to row R (an offset in DI) of worldToUnit dotted with the
// vector in X, Y, Z: (r.x*X + r.y*Y) + r.z*Z. Y14 and Y15 are scratch.
#define ROW(R, X, Y, Z, OUT) \
	VBROADCASTSD (R+vec3_x)(DI), Y14; \
	VMULPD X, Y14, OUT; \
	VBROADCASTSD (R+vec3_y)(DI), Y14; \
	VMULPD Y, Y14, Y15; \
	VADDPD Y15, OUT, OUT; \
	VBROADCASTSD (R+vec3_z)(DI), Y14; \
	VMULPD Z, Y14, Y15; \
	VADDPD Y15, OUT, OUT

#define W ((Query_shape+shape_worldToUnit)+lin3_mat3)

// APPLY replaces the vector in X, Y, Z by worldToUnit times it
// (mat3.apply), through Y9-Y11.
#define APPLY(X, Y, Z) \
	ROW(W+mat3_r0, X, Y, Z, Y9); \
	ROW(W+mat3_r1, X, Y, Z, Y10); \
	ROW(W+mat3_r2, X, Y, Z, Y11); \
	VMOVAPD Y9, X; \
	VMOVAPD Y10, Y; \
	VMOVAPD Y11, Z

// LENSQ sets X to the squared length of the vector in X, Y, Z,
// (X*X + Y*Y) + Z*Z, overwriting Y and Z.
#define LENSQ(X, Y, Z) \
	VMULPD X, X, X; \
	VMULPD Y, Y, Y; \
	VADDPD Y, X, X; \
	VMULPD Z, Z, Z; \
	VADDPD Z, X, X

// STORE9(B) stores Y0-Y8 at SI as rows B to B+8 of a leafFrame (row k at
// 32*k bytes): bw, e1 and e2 for B = 3, u.b, v1 and v2 for B = 12.
#define STORE9(B) \
	VMOVUPD Y0, (32*(B))(SI); \
	VMOVUPD Y1, (32*(B+1))(SI); \
	VMOVUPD Y2, (32*(B+2))(SI); \
	VMOVUPD Y3, (32*(B+3))(SI); \
	VMOVUPD Y4, (32*(B+4))(SI); \
	VMOVUPD Y5, (32*(B+5))(SI); \
	VMOVUPD Y6, (32*(B+6))(SI); \
	VMOVUPD Y7, (32*(B+7))(SI); \
	VMOVUPD Y8, (32*(B+8))(SI)

// ZERO3 zeroes three lanes' registers (a lane past the leaf's end).
#define ZERO3(A, B, C) \
	VXORPS A, A, A; \
	VXORPS B, B, B; \
	VXORPS C, C, C

// GATHER reads the n (R10, 1 to 4) triangles of a leaf whose words start
// at R8 (the first at R12 in leaf order; vertices at R9, group bases at
// R11) into lanes 0 to n-1 of X0-X8 (row 3j+k: coordinate k of vertex j),
// the other lanes zero: each lane's vertices with LANE (lane 0 into X9,
// X11, X13, lane 1 into X0-X2, lane 2 into X1, X4, X7, lane 3 into X0, X3,
// X6, zeros for a lane beyond n), lanes 0 and 1 interleaved (PAIRS) into
// X9-X14 before lanes 2 and 3 are read, lanes 2 and 3 into X1, X2, X4,
// X5, X7, X8, then the rows from the two pairs' halves (VMOVLHPS,
// VMOVHLPS). L1-L3, Z1-Z3, P01 and P23 are the labels it uses (each
// TEXT names its own). Scratch: X9-X14, AX, CX, DX.
#define GATHER(L1, L2, L3, Z1, Z2, Z3, P01, P23) \
	MOVQ R12, DX; \
	BASE; \
	LANE(0, X9, X11, X13); \
	CMPQ R10, $1; \
	JEQ Z1; \
	NEXTBASE(1, L1); \
L1: \
	LANE(1, X0, X1, X2); \
	JMP P01; \
Z1: \
	ZERO3(X0, X1, X2); \
P01: \
	PAIRS(X9, X11, X13, X0, X1, X2, X10, X12, X14); \
	CMPQ R10, $2; \
	JLE Z2; \
	NEXTBASE(2, L2); \
L2: \
	LANE(2, X1, X4, X7); \
	CMPQ R10, $3; \
	JEQ Z3; \
	NEXTBASE(3, L3); \
L3: \
	LANE(3, X0, X3, X6); \
	JMP P23; \
Z2: \
	ZERO3(X1, X4, X7); \
Z3: \
	ZERO3(X0, X3, X6); \
P23: \
	PAIRS(X1, X4, X7, X0, X3, X6, X2, X5, X8); \
	VMOVLHPS X1, X9, X0; \
	VMOVHLPS X9, X1, X1; \
	VMOVLHPS X2, X10, X2; \
	VMOVLHPS X4, X11, X3; \
	VMOVHLPS X11, X4, X4; \
	VMOVLHPS X5, X12, X5; \
	VMOVLHPS X7, X13, X6; \
	VMOVHLPS X13, X7, X7; \
	VMOVLHPS X8, X14, X8

// BOXMASK sets DX to the lanes among the first n (R10) whose triangle
// GATHER read passes the box test against the nearBox at BX (bit i for
// lane i). Scratch: X9, X12-X14, AX, CX.
#define BOXMASK \
	VXORPS X12, X12, X12; \
	BOX(0, X0, X3, X6); \
	BOX(1, X1, X4, X7); \
	BOX(2, X2, X5, X8); \
	VMOVMSKPS X12, DX; \
	NOTQ DX; \
	MOVQ $1, AX; \
	MOVQ R10, CX; \
	SHLQ CX, AX; \
	DECQ AX; \
	ANDQ AX, DX

// LEAFARGS loads what leaf4AVX2 and leaf4wide<> share (the same frame
// layout) from their arguments and the sweepCtx c: the words of the
// triangles from first on (Mesh.tris) in R8, the mesh's vertices (its
// field V: vert32 or verts) in R9, c.q in DI, n in R10, Mesh.vbase in
// R11, first in R12; c itself is left in SI. (The sweepCtx and its mesh
// are in memory already: the caller passes four words rather than nine
// loaded from them.) It also prefetches the triangles' original indices
// (Mesh.ids), which a hit among them reads when sweepLeaves offers it
// (Mesh.id), hundreds of instructions later: see docs/performance.md,
// "The edge stage in lanes (`edge9`, 2026-11-28)". Scratch: CX.
#define LEAFARGS(V) \
	MOVQ c+0(FP), SI; \
	MOVQ first+8(FP), R12; \
	MOVQ n+16(FP), R10; \
	MOVQ sweepCtx_q(SI), DI; \
	MOVQ sweepCtx_m(SI), AX; \
	MOVQ Mesh_ids(AX), CX; \
	PREFETCHT0 (CX)(R12*2); \
	MOVQ Mesh_tris(AX), R8; \
	LEAQ (R8)(R12*4), R8; \
	MOVQ V(AX), R9; \
	MOVQ Mesh_vbase(AX), R11

// func leaf4AVX2(c *sweepCtx, first, n int, upper float64) (keep int)
//
// For float64 vertices (c.near false) it goes on in leaf4wide<>.
TEXT ·leaf4AVX2(SB), NOSPLIT, $0-40
	MOVQ c+0(FP), SI
	CMPB sweepCtx_near(SI), $0
	JNE near
	JMP leaf4wide<>(SB)

near:
	LEAFARGS(Mesh_vert32)
	LEAQ sweepCtx_box(SI), BX
	// Lanes beyond n are zeros rather than stale values (which might be
	// subnormal, slow in some units). No decision reads them.
	GATHER(lane1, lane2, lane3, zero1, zero2, zero3, pair01, pair23)
	BOXMASK // the lanes in the box
	JZ none

	VCVTPS2PD X0, Y0
	VCVTPS2PD X1, Y1
	VCVTPS2PD X2, Y2
	VCVTPS2PD X3, Y3
	VCVTPS2PD X4, Y4
	VCVTPS2PD X5, Y5
	VCVTPS2PD X6, Y6
	VCVTPS2PD X7, Y7
	VCVTPS2PD X8, Y8
	JMP leaf4frame<>(SB)

none:
	MOVQ $0, keep+32(FP)
	VZEROUPPER
	RET

#define NM ((Query_shape+shape_normalMap)+lin3_mat3)

// PLANE sets Y10 to the lanes whose triangle triFrame.plane would reject
// (by missesSlab, or by planeSweptSphere's entry time) against maxT =
// upper, from the edges and bw stored in fr
// (SI) and q's delta and normal map (DI): nw = e1 x e2 (vec3.cross), ee =
// |e1|²|e2|², a lane decided only when the plain cross product stands
// (not nw·nw < crossRecheck*ee, where plane recomputes it exactly) and
// the plane is usable (nw·nw > SliverSine²*ee); then n = normalMap nw
// (three products when diagonal, else three dots), bn = bw·nw, dn =
// dw·nw and missesSlab(bn, dn, n·n, upper): centerSide's flip as an XOR
// of bn's sign bit (the same as multiplying by ±1 but for a NaN's sign,
// which no comparison sees), rm = n·n*(1 + 1e-12), left = bn + upper*dn,
// rejected when bn² > rm and (dn is not below 0, or left > 0 and left² >
// rm); then planeSweptSphere's test with ln = sqrt(n·n) (vec3.length;
// VSQRTPD rounds as math.Sqrt does, correctly), kept when dist <= ln or
// when dn < 0 and t1 = (dist - ln) / -dn (negation exact: an XOR of the
// sign) is at most upper, else rejected. The same operations in the same
// order as the Go code, as for frame; GT_OQ, LT_OQ and LE_OQ are Go's >,
// < and <=, false for NaN. A rejection against upper is one against any
// best T up to it: left only grows as maxT falls (dn < 0 there), t1 does
// not depend on maxT, and the rest does not either. It leaves for FACE
// dist in Y0, nd in Y1, ln in Y3, t1 in Y15 (+0 where dist <= ln), nd <
// 0 in Y6, the sign bit in Y9, upper in Y14, the lanes it decides in Y12
// and n in fr's rows FN. Scratch: Y0-Y15, CX.
#define PLANE \
	VMOVUPD (32*6)(SI), Y0; \
	VMOVUPD (32*7)(SI), Y1; \
	VMOVUPD (32*8)(SI), Y2; \
	VMOVUPD (32*9)(SI), Y3; \
	VMOVUPD (32*10)(SI), Y4; \
	VMOVUPD (32*11)(SI), Y5; \
	VMULPD Y5, Y1, Y6; \
	VMULPD Y4, Y2, Y9; \
	VSUBPD Y9, Y6, Y6; \
	VMULPD Y3, Y2, Y7; \
	VMULPD Y5, Y0, Y9; \
	VSUBPD Y9, Y7, Y7; \
	VMULPD Y4, Y0, Y8; \
	VMULPD Y3, Y1, Y9; \
	VSUBPD Y9, Y8, Y8; \
	LENSQ(Y0, Y1, Y2); \
	LENSQ(Y3, Y4, Y5); \
	VMULPD Y3, Y0, Y0; \
	VMULPD Y6, Y6, Y10; \
	VMULPD Y7, Y7, Y11; \
	VADDPD Y11, Y10, Y10; \
	VMULPD Y8, Y8, Y11; \
	VADDPD Y11, Y10, Y10; \
	VBROADCASTSD ·leafConsts+32(SB), Y11; \
	VMULPD Y0, Y11, Y11; \
	VCMPPD $0x11, Y11, Y10, Y12; \
	VBROADCASTSD ·leafConsts+40(SB), Y11; \
	VMULPD Y0, Y11, Y11; \
	VCMPPD $0x1e, Y11, Y10, Y13; \
	VANDNPD Y13, Y12, Y12; \
	MOVBLZX ((Query_shape+shape_normalMap)+lin3_diag)(DI), CX; \
	TESTL CX, CX; \
	JZ planefull; \
	VBROADCASTSD ((Query_shape+shape_normalMap)+lin3_d+vec3_x)(DI), Y3; \
	VMULPD Y6, Y3, Y3; \
	VBROADCASTSD ((Query_shape+shape_normalMap)+lin3_d+vec3_y)(DI), Y4; \
	VMULPD Y7, Y4, Y4; \
	VBROADCASTSD ((Query_shape+shape_normalMap)+lin3_d+vec3_z)(DI), Y5; \
	VMULPD Y8, Y5, Y5; \
	JMP planemapped; \
planefull: \
	ROW(NM+mat3_r0, Y6, Y7, Y8, Y3); \
	ROW(NM+mat3_r1, Y6, Y7, Y8, Y4); \
	ROW(NM+mat3_r2, Y6, Y7, Y8, Y5); \
planemapped: \
	VMOVUPD Y3, (FN+0)(SI); \
	VMOVUPD Y4, (FN+32)(SI); \
	VMOVUPD Y5, (FN+64)(SI); \
	LENSQ(Y3, Y4, Y5); \
	VMOVUPD (32*3)(SI), Y0; \
	VMULPD Y6, Y0, Y0; \
	VMOVUPD (32*4)(SI), Y1; \
	VMULPD Y7, Y1, Y1; \
	VADDPD Y1, Y0, Y0; \
	VMOVUPD (32*5)(SI), Y1; \
	VMULPD Y8, Y1, Y1; \
	VADDPD Y1, Y0, Y0; \
	VBROADCASTSD (Query_delta+0)(DI), Y1; \
	VMULPD Y6, Y1, Y1; \
	VBROADCASTSD (Query_delta+8)(DI), Y2; \
	VMULPD Y7, Y2, Y2; \
	VADDPD Y2, Y1, Y1; \
	VBROADCASTSD (Query_delta+16)(DI), Y2; \
	VMULPD Y8, Y2, Y2; \
	VADDPD Y2, Y1, Y1; \
	MOVQ $0x8000000000000000, CX; \
	VMOVQ CX, X9; \
	VBROADCASTSD X9, Y9; \
	VANDPD Y9, Y0, Y13; \
	VXORPD Y13, Y0, Y0; \
	VXORPD Y13, Y1, Y1; \
	VBROADCASTSD ·leafConsts+48(SB), Y2; \
	VMULPD Y2, Y3, Y11; \
	VBROADCASTSD upper+24(FP), Y14; \
	VMULPD Y1, Y14, Y2; \
	VADDPD Y2, Y0, Y2; \
	VMULPD Y0, Y0, Y4; \
	VCMPPD $0x1e, Y11, Y4, Y4; \
	VXORPD Y5, Y5, Y5; \
	VCMPPD $0x11, Y5, Y1, Y6; \
	VCMPPD $0x1e, Y5, Y2, Y7; \
	VMULPD Y2, Y2, Y8; \
	VCMPPD $0x1e, Y11, Y8, Y8; \
	VANDPD Y8, Y7, Y7; \
	VANDNPD Y6, Y7, Y10; \
	VANDNPD Y4, Y10, Y10; \
	VSQRTPD Y3, Y3; \
	VCMPPD $0x12, Y3, Y0, Y4; \
	VSUBPD Y3, Y0, Y2; \
	VXORPD Y9, Y1, Y5; \
	VDIVPD Y5, Y2, Y2; \
	VANDNPD Y2, Y4, Y15; \
	VCMPPD $0x12, Y14, Y2, Y2; \
	VANDPD Y2, Y6, Y2; \
	VORPD Y4, Y2, Y2; \
	VANDNPD Y12, Y2, Y2; \
	VANDPD Y12, Y10, Y10; \
	VORPD Y2, Y10, Y10

// Where FACE keeps its values: in fr (SI), the rows of the plane normal
// n (PLANE), which FACE turns into face (from FN), then c1 (from FC) and
// t1 (FT), which it leaves there for the scalar path (leafFrame); in
// leaf4frame<>'s own frame, dc = c2 - c1 (from FD).
#define FN (32*21)
#define FC (32*24)
#define FT (32*27)
#define FD 0

// CENTERS(k) makes coordinate k of c1 = u.b + d*t1 and c2 = u.b + d*t2
// (vec3.madd; d = q.unitDelta, t1 in Y15, t2 in Y2), stores c1's and
// dc = c2 - c1's (vec3.sub) and leaves their squares in Y5 and Y7, which
// FACE sums left to right into |c1|² and |c2|², as lenSq does. Scratch:
// Y4.
#define CENTERS(k) \
	VBROADCASTSD (Query_unitDelta+8*(k))(DI), Y4; \
	VMULPD Y15, Y4, Y5; \
	VADDPD (32*(12+(k)))(SI), Y5, Y5; \
	VMULPD Y2, Y4, Y7; \
	VADDPD (32*(12+(k)))(SI), Y7, Y7; \
	VMOVUPD Y5, (FC+32*(k))(SI); \
	VSUBPD Y5, Y7, Y4; \
	VMOVUPD Y4, (FD+32*(k))(SP); \
	VMULPD Y5, Y5, Y5; \
	VMULPD Y7, Y7, Y7

// EDGEM and EDGES are one edge of faceStage, from u to v: EDGEM takes
// the edge e = v - u in Y0-Y2 and leaves m = face x e (vec3.cross; face
// at FN) in Y3-Y5 and ee = rr*|e|² (rr in Y14) in Y6; the caller then
// puts c1 - u in Y0-Y2, and EDGES makes s1 = m·(c1 - u) and s2 = s1 +
// m·dc (dc at FD), ORs into Y11 the lanes where s1 < 0, s2 < 0, s1² >
// ee and s2² > ee (the circle beyond the edge's line at both ends) and
// ANDs into Y13 those where s1 >= 0 (GE_OQ, Go's >=). Scratch: Y0-Y9.
#define EDGEM \
	VMULPD (FN+32)(SI), Y2, Y3; \
	VMULPD (FN+64)(SI), Y1, Y6; \
	VSUBPD Y6, Y3, Y3; \
	VMULPD (FN+64)(SI), Y0, Y4; \
	VMULPD (FN+0)(SI), Y2, Y6; \
	VSUBPD Y6, Y4, Y4; \
	VMULPD (FN+0)(SI), Y1, Y5; \
	VMULPD (FN+32)(SI), Y0, Y6; \
	VSUBPD Y6, Y5, Y5; \
	VMULPD Y0, Y0, Y6; \
	VMULPD Y1, Y1, Y7; \
	VADDPD Y7, Y6, Y6; \
	VMULPD Y2, Y2, Y7; \
	VADDPD Y7, Y6, Y6; \
	VMULPD Y6, Y14, Y6

#define EDGES \
	VMULPD Y3, Y0, Y7; \
	VMULPD Y4, Y1, Y8; \
	VADDPD Y8, Y7, Y7; \
	VMULPD Y5, Y2, Y8; \
	VADDPD Y8, Y7, Y7; \
	VMULPD (FD+0)(SP), Y3, Y8; \
	VMULPD (FD+32)(SP), Y4, Y9; \
	VADDPD Y9, Y8, Y8; \
	VMULPD (FD+64)(SP), Y5, Y9; \
	VADDPD Y9, Y8, Y8; \
	VADDPD Y8, Y7, Y8; \
	VXORPD Y9, Y9, Y9; \
	VCMPPD $0x1d, Y9, Y7, Y0; \
	VANDPD Y0, Y13, Y13; \
	VCMPPD $0x11, Y9, Y7, Y0; \
	VCMPPD $0x11, Y9, Y8, Y1; \
	VANDPD Y1, Y0, Y0; \
	VMULPD Y7, Y7, Y7; \
	VCMPPD $0x1e, Y6, Y7, Y7; \
	VMULPD Y8, Y8, Y8; \
	VCMPPD $0x1e, Y6, Y8, Y8; \
	VANDPD Y8, Y7, Y7; \
	VANDPD Y7, Y0, Y0; \
	VORPD Y0, Y11, Y11

// FACE sets Y11 to the lanes whose triangle Query.triangle would prune
// by faceStage (faceOut) once plane has kept it against maxT = upper, Y13
// to those where every edge has s1 >= 0 (faceStage's inside: unless
// pruned, a face contact at t1), and leaves face, c1 and t1 in fr's rows
// FN, FC and FT (leafFrame), from what PLANE leaves: dist in Y0, nd in
// Y1, ln in Y3, t1 in Y15, nd < 0 in Y6, the sign bit in Y9, upper in
// Y14, n at FN. The same
// operations in the same order as the Go code: face = n*(1/ln)
// (vec3.mul); t2 = slabExit's min(upper, (dist + ln)/-nd) for nd < 0,
// min(upper, (ln - dist)/nd) for nd > 0, else upper, with one division
// of the numerator chosen by nd's sign by |nd| (an AND of the sign bit:
// -nd for nd < 0 and nd for nd > 0, bitwise), which is each case's own
// quotient (VMINPD with upper
// first returns the quotient when it is NaN, as Go's min does; for equal
// values the quotient, which differs from Go's min(+0, -0) = -0 only in
// the sign of a zero t2, which c2 = b + d*t2 and dist + t2*nd carry at
// most into the sign of a zero, and every decision below squares or
// compares without seeing it); c1 and c2 (CENTERS); circleReach's rr: 1
// unless d1 = dist + t1*nd > 0, d2 = dist + t2*nd > 0 and rr = (1 - dm²) +
// 1e-6*((1 + |c1|²) + |c2|²) < 1, dm = min(d1, d2)/ln (both positive and
// not NaN where it counts, so VMINPD is Go's min); then faceStage's three
// edges (EDGEM, EDGES), from the previous vertex: v2 to the origin (e = 0 - v2,
// as vec3.sub computes it, and c1 - v2), the origin to v1 (e = v1 and
// c1, which subtracting the origin's zeros leaves bitwise the same), v1
// to v2. Scratch: Y0-Y15.
#define FACE \
	VBROADCASTSD ·leafConsts+8(SB), Y2; \
	VDIVPD Y3, Y2, Y2; \
	VMULPD (FN+0)(SI), Y2, Y4; \
	VMOVUPD Y4, (FN+0)(SI); \
	VMULPD (FN+32)(SI), Y2, Y4; \
	VMOVUPD Y4, (FN+32)(SI); \
	VMULPD (FN+64)(SI), Y2, Y4; \
	VMOVUPD Y4, (FN+64)(SI); \
	VADDPD Y3, Y0, Y2; \
	VSUBPD Y0, Y3, Y4; \
	VANDPD Y6, Y2, Y2; \
	VANDNPD Y4, Y6, Y4; \
	VORPD Y4, Y2, Y2; \
	VANDNPD Y1, Y9, Y5; \
	VDIVPD Y5, Y2, Y2; \
	VXORPD Y7, Y7, Y7; \
	VCMPPD $0x1e, Y7, Y1, Y7; \
	VORPD Y6, Y7, Y7; \
	VANDPD Y7, Y2, Y2; \
	VANDNPD Y14, Y7, Y7; \
	VORPD Y7, Y2, Y2; \
	VMINPD Y2, Y14, Y2; \
	CENTERS(0); \
	VMOVAPD Y5, Y8; \
	VMOVAPD Y7, Y11; \
	CENTERS(1); \
	VADDPD Y5, Y8, Y8; \
	VADDPD Y7, Y11, Y11; \
	CENTERS(2); \
	VADDPD Y5, Y8, Y8; \
	VADDPD Y7, Y11, Y11; \
	VMOVUPD Y15, FT(SI); \
	VMULPD Y1, Y15, Y4; \
	VADDPD Y4, Y0, Y4; \
	VMULPD Y1, Y2, Y5; \
	VADDPD Y5, Y0, Y5; \
	VXORPD Y6, Y6, Y6; \
	VCMPPD $0x1e, Y6, Y4, Y7; \
	VCMPPD $0x1e, Y6, Y5, Y13; \
	VANDPD Y13, Y7, Y7; \
	VMINPD Y5, Y4, Y4; \
	VDIVPD Y3, Y4, Y4; \
	VMULPD Y4, Y4, Y4; \
	VBROADCASTSD ·leafConsts+8(SB), Y13; \
	VSUBPD Y4, Y13, Y4; \
	VADDPD Y8, Y13, Y8; \
	VADDPD Y11, Y8, Y8; \
	VBROADCASTSD ·leafConsts+16(SB), Y5; \
	VMULPD Y5, Y8, Y8; \
	VADDPD Y8, Y4, Y4; \
	VCMPPD $0x11, Y13, Y4, Y5; \
	VANDPD Y5, Y7, Y7; \
	VANDPD Y7, Y4, Y4; \
	VANDNPD Y13, Y7, Y7; \
	VORPD Y7, Y4, Y14; \
	VXORPD Y11, Y11, Y11; \
	VPCMPEQQ Y13, Y13, Y13; \
	VXORPD Y0, Y0, Y0; \
	VSUBPD (32*18)(SI), Y0, Y0; \
	VXORPD Y1, Y1, Y1; \
	VSUBPD (32*19)(SI), Y1, Y1; \
	VXORPD Y2, Y2, Y2; \
	VSUBPD (32*20)(SI), Y2, Y2; \
	EDGEM; \
	VMOVUPD (FC+0)(SI), Y0; \
	VSUBPD (32*18)(SI), Y0, Y0; \
	VMOVUPD (FC+32)(SI), Y1; \
	VSUBPD (32*19)(SI), Y1, Y1; \
	VMOVUPD (FC+64)(SI), Y2; \
	VSUBPD (32*20)(SI), Y2, Y2; \
	EDGES; \
	VMOVUPD (32*15)(SI), Y0; \
	VMOVUPD (32*16)(SI), Y1; \
	VMOVUPD (32*17)(SI), Y2; \
	EDGEM; \
	VMOVUPD (FC+0)(SI), Y0; \
	VMOVUPD (FC+32)(SI), Y1; \
	VMOVUPD (FC+64)(SI), Y2; \
	EDGES; \
	VMOVUPD (32*18)(SI), Y0; \
	VSUBPD (32*15)(SI), Y0, Y0; \
	VMOVUPD (32*19)(SI), Y1; \
	VSUBPD (32*16)(SI), Y1, Y1; \
	VMOVUPD (32*20)(SI), Y2; \
	VSUBPD (32*17)(SI), Y2, Y2; \
	EDGEM; \
	VMOVUPD (FC+0)(SI), Y0; \
	VSUBPD (32*15)(SI), Y0, Y0; \
	VMOVUPD (FC+32)(SI), Y1; \
	VSUBPD (32*16)(SI), Y1, Y1; \
	VMOVUPD (FC+64)(SI), Y2; \
	VSUBPD (32*17)(SI), Y2, Y2; \
	EDGES

// leaf4frame<> is the part of leaf4AVX2 and leaf4wide<> after the box
// test, entered by a jump from either (so with their arguments, which
// have the same layout): Query.frame then Query.outOfReach on the rows
// Y0-Y8 (row 3j+k: coordinate k of vertex j, float64, one triangle a
// lane), with DI = q and DX the lanes in the box, which it returns in
// bits 0-3 of keep, those that pass the ball test, PLANE's tests and
// FACE's prune too in bits 4-7, and among those the ones FACE found a
// face contact for (its values left in fr) in bits 8-11 and the ones it
// decided have none, faceStage's faceEdges (face left in fr), in bits
// 12-15.
TEXT leaf4frame<>(SB), NOSPLIT, $96-40
	// frame: a in Y0-Y2 (stored: the origin), the edges b - a in Y3-Y5
	// and c - a in Y6-Y8, then begin - a in Y0-Y2 (stored with the edges,
	// rows 3-11 of fr).
	MOVQ c+0(FP), SI
	LEAQ sweepCtx_fr(SI), SI
	VMOVUPD Y0, (32*0)(SI)
	VMOVUPD Y1, (32*1)(SI)
	VMOVUPD Y2, (32*2)(SI)
	VSUBPD Y0, Y3, Y3
	VSUBPD Y1, Y4, Y4
	VSUBPD Y2, Y5, Y5
	VSUBPD Y0, Y6, Y6
	VSUBPD Y1, Y7, Y7
	VSUBPD Y2, Y8, Y8
	VBROADCASTSD ((Query_start+start_begin)+0)(DI), Y9
	VSUBPD Y0, Y9, Y0
	VBROADCASTSD ((Query_start+start_begin)+8)(DI), Y9
	VSUBPD Y1, Y9, Y1
	VBROADCASTSD ((Query_start+start_begin)+16)(DI), Y9
	VSUBPD Y2, Y9, Y2
	STORE9(3)

	// To unit space: u.b in Y0-Y2, v1 in Y3-Y5, v2 in Y6-Y8 (stored:
	// rows 12-20 of fr).
	MOVBLZX ((Query_shape+shape_worldToUnit)+lin3_diag)(DI), AX
	TESTL AX, AX
	JZ full
	VBROADCASTSD ((Query_shape+shape_worldToUnit)+lin3_d+vec3_x)(DI), Y12
	VBROADCASTSD ((Query_shape+shape_worldToUnit)+lin3_d+vec3_y)(DI), Y13
	VBROADCASTSD ((Query_shape+shape_worldToUnit)+lin3_d+vec3_z)(DI), Y14
	VMULPD Y0, Y12, Y0
	VMULPD Y1, Y13, Y1
	VMULPD Y2, Y14, Y2
	VMULPD Y3, Y12, Y3
	VMULPD Y4, Y13, Y4
	VMULPD Y5, Y14, Y5
	VMULPD Y6, Y12, Y6
	VMULPD Y7, Y13, Y7
	VMULPD Y8, Y14, Y8
	JMP mapped

full:
	APPLY(Y0, Y1, Y2)
	APPLY(Y3, Y4, Y5)
	APPLY(Y6, Y7, Y8)

mapped:
	STORE9(12)

	// outOfReach. g = (v1 + v2)*(1/3) in Y9-Y11.
	VBROADCASTSD ·leafConsts+0(SB), Y15
	VADDPD Y6, Y3, Y9
	VMULPD Y15, Y9, Y9
	VADDPD Y7, Y4, Y10
	VMULPD Y15, Y10, Y10
	VADDPD Y8, Y5, Y11
	VMULPD Y15, Y11, Y11
	// |g|² in Y12, |v1 - g|² in Y3, |v2 - g|² in Y6.
	VMULPD Y9, Y9, Y12
	VMULPD Y10, Y10, Y13
	VADDPD Y13, Y12, Y12
	VMULPD Y11, Y11, Y13
	VADDPD Y13, Y12, Y12
	VSUBPD Y9, Y3, Y3
	VSUBPD Y10, Y4, Y4
	VSUBPD Y11, Y5, Y5
	LENSQ(Y3, Y4, Y5)
	VSUBPD Y9, Y6, Y6
	VSUBPD Y10, Y7, Y7
	VSUBPD Y11, Y8, Y8
	LENSQ(Y6, Y7, Y8)
	// Their sum (Y4: NaN exactly when one is) and rr, their maximum (Y13).
	VADDPD Y3, Y12, Y4
	VADDPD Y6, Y4, Y4
	VMAXPD Y3, Y12, Y13
	VMAXPD Y6, Y13, Y13
	// p = u.b - g in Y0-Y2, |p|² in Y5.
	VSUBPD Y9, Y0, Y0
	VSUBPD Y10, Y1, Y1
	VSUBPD Y11, Y2, Y2
	VMULPD Y0, Y0, Y5
	VMULPD Y1, Y1, Y7
	VADDPD Y7, Y5, Y5
	VMULPD Y2, Y2, Y7
	VADDPD Y7, Y5, Y5
	// d = unitDelta in Y9-Y11, pd = p·d in Y6.
	VBROADCASTSD (Query_unitDelta+vec3_x)(DI), Y9
	VBROADCASTSD (Query_unitDelta+vec3_y)(DI), Y10
	VBROADCASTSD (Query_unitDelta+vec3_z)(DI), Y11
	VMULPD Y9, Y0, Y6
	VMULPD Y10, Y1, Y7
	VADDPD Y7, Y6, Y6
	VMULPD Y11, Y2, Y7
	VADDPD Y7, Y6, Y6
	// t = pd < 0 ? min(-pd/|D|², upper) : 0 in Y3; |D|² in Y8.
	VBROADCASTSD (Query_unitDeltaSq)(DI), Y8
	MOVQ $0x8000000000000000, AX
	VMOVQ AX, X7 // VEX-encoded: a legacy SSE MOVQ with the upper halves of the YMM registers dirty costs a state transition (Intel® 64 and IA-32 Architectures Optimization Reference Manual, "Mixing AVX code with SSE code")
	VBROADCASTSD X7, Y7
	VXORPD Y7, Y6, Y3
	VDIVPD Y8, Y3, Y3
	VBROADCASTSD upper+24(FP), Y14
	VMINPD Y3, Y14, Y3
	VXORPD Y15, Y15, Y15
	VCMPPD $0x11, Y15, Y6, Y7
	VANDPD Y7, Y3, Y3
	// c = p + d*t, |c|² in Y0.
	VMULPD Y3, Y9, Y9
	VADDPD Y9, Y0, Y0
	VMULPD Y3, Y10, Y10
	VADDPD Y10, Y1, Y1
	VMULPD Y3, Y11, Y11
	VADDPD Y11, Y2, Y2
	LENSQ(Y0, Y1, Y2)
	// x = |c|² - 1 - rr - 1e-6*(1 + rr + |p|² + |D|²) in Y0.
	VBROADCASTSD ·leafConsts+8(SB), Y1
	VSUBPD Y1, Y0, Y0
	VSUBPD Y13, Y0, Y0
	VADDPD Y13, Y1, Y2
	VADDPD Y5, Y2, Y2
	VADDPD Y8, Y2, Y2
	VBROADCASTSD ·leafConsts+16(SB), Y3
	VMULPD Y2, Y3, Y2
	VSUBPD Y2, Y0, Y0
	// Rejected: x > 0 and x*x > 4*rr, and rr not NaN.
	VCMPPD $0x1e, Y15, Y0, Y6
	VMULPD Y0, Y0, Y7
	VBROADCASTSD ·leafConsts+24(SB), Y9
	VMULPD Y13, Y9, Y9
	VCMPPD $0x1e, Y9, Y7, Y7
	VANDPD Y7, Y6, Y6
	VCMPPD $0x07, Y4, Y4, Y7
	VANDPD Y7, Y6, Y6
	VMOVMSKPD Y6, AX
	NOTQ AX
	ANDQ DX, AX
	JZ planed
	PLANE
	XORQ R8, R8
	VANDNPD Y12, Y10, Y13 // the lanes that reach the face stage
	VMOVMSKPD Y13, CX
	ANDQ AX, CX
	MOVQ CX, R9 // the same lanes, for the edge bits (MOVQ keeps the flags)
	JZ faced
	FACE
	VANDPD Y12, Y11, Y11
	VORPD Y11, Y10, Y10
	VANDNPD Y12, Y10, Y0
	VANDPD Y13, Y0, Y0
	VMOVMSKPD Y0, R8 // the lanes kept with a face contact

faced:
	VMOVMSKPD Y10, CX
	NOTQ CX
	ANDQ CX, AX
	ANDQ AX, R8
	// The lanes kept that reached the face stage without a face contact:
	// faceStage's outcome for them is faceEdges.
	ANDQ AX, R9
	MOVQ R8, CX
	NOTQ CX
	ANDQ CX, R9
	SHLQ $12, R9
	ORQ R9, DX
	SHLQ $8, R8
	ORQ R8, DX

planed:
	SHLQ $4, AX
	ORQ AX, DX
	MOVQ DX, keep+32(FP)
	VZEROUPPER
	RET

// VADDR(i, T, A, B, C) sets A, B and C to the addresses of the three
// float64 vertices of triangle i of the leaf (its word at 4*i(R8)), as
// Mesh.triVerts finds them: the 10-bit indices relative to its group's
// vertex base, vbase[(R12 + i) >> groupShift] (vbase at R11), 24 bytes a
// vertex from R9. T is scratch.
#define VADDR(i, T, A, B, C) \
	LEAQ (i)(R12), A; \
	SHRQ $const_groupShift, A; \
	MOVL (R11)(A*4), A; \
	LEAQ (A)(A*2), A; \
	LEAQ (R9)(A*8), T; \
	MOVL (4*(i))(R8), C; \
	MOVQ C, A; \
	ANDQ $const_triIdxMask, A; \
	LEAQ (A)(A*2), A; \
	LEAQ (T)(A*8), A; \
	MOVQ C, B; \
	SHRQ $const_triIdxBits, B; \
	ANDQ $const_triIdxMask, B; \
	LEAQ (B)(B*2), B; \
	LEAQ (T)(B*8), B; \
	SHRQ $(2*const_triIdxBits), C; \
	LEAQ (C)(C*2), C; \
	LEAQ (T)(C*8), C

// PAIR(OFF, P, Q, X) sets the low half of X to the float64s at OFF(P)
// (lane 0 or 2) and OFF(Q) (lane 1 or 3), zeroing the rest.
#define PAIR(OFF, P, Q, X) \
	VMOVSD (OFF)(P), X; \
	VMOVHPD (OFF)(Q), X, X

// LOWROWS fills the low halves of the rows X0-X8 (row 3j+k: coordinate k
// of vertex j) with lanes 0 and 1: vertices a, b, c at AX, BX, CX (lane
// 0) and DX, SI, R10 (lane 1).
#define LOWROWS \
	PAIR(0, AX, DX, X0); \
	PAIR(8, AX, DX, X1); \
	PAIR(16, AX, DX, X2); \
	PAIR(0, BX, SI, X3); \
	PAIR(8, BX, SI, X4); \
	PAIR(16, BX, SI, X5); \
	PAIR(0, CX, R10, X6); \
	PAIR(8, CX, R10, X7); \
	PAIR(16, CX, R10, X8)

// HIGH(OFF, P, Q, X, Y) sets the high half of row Y to lanes 2 and 3
// (PAIR(OFF, P, Q, X) through X).
#define HIGH(OFF, P, Q, X, Y) \
	PAIR(OFF, P, Q, X); \
	VINSERTF128 $1, X, Y, Y

// HIGHROWS fills the high halves of Y0-Y8 with lanes 2 and 3, whose
// vertices are where LOWROWS reads lanes 0 and 1.
#define HIGHROWS \
	HIGH(0, AX, DX, X9, Y0); \
	HIGH(8, AX, DX, X10, Y1); \
	HIGH(16, AX, DX, X11, Y2); \
	HIGH(0, BX, SI, X9, Y3); \
	HIGH(8, BX, SI, X10, Y4); \
	HIGH(16, BX, SI, X11, Y5); \
	HIGH(0, CX, R10, X9, Y6); \
	HIGH(8, CX, R10, X10, Y7); \
	HIGH(16, CX, R10, X11, Y8)

// BOX64 is BOX for float64 rows against the query's own box (Query.boxLo
// and boxHi, DI = q), as outside64 compares: the same argument holds for
// MINPD and MAXPD.
#define BOX64(i, A, B, C) \
	VMINPD B, A, Y13; \
	VMINPD C, Y13, Y13; \
	VMAXPD B, A, Y14; \
	VMAXPD C, Y14, Y14; \
	VBROADCASTSD ((Query_start+start_boxHi)+8*(i))(DI), Y9; \
	VCMPPD $0x1e, Y9, Y13, Y13; \
	VBROADCASTSD ((Query_start+start_boxLo)+8*(i))(DI), Y9; \
	VCMPPD $0x11, Y9, Y14, Y14; \
	VORPD Y13, Y12, Y12; \
	VORPD Y14, Y12, Y12

// leaf4wide<> is leaf4AVX2 for float64 vertices, entered by a jump from it
// (so with its arguments): the rows are read as they are (each
// lane's vertex coordinates are the float64s Mesh.loadNear64 copies), and
// the box test is outside64's on them. A lane beyond n repeats a lane
// below n (lane 1 repeats lane 0, lanes 2 and 3 repeat lanes 0 and 1, or
// lane 3 lane 2): finite values, which no decision reads.
TEXT leaf4wide<>(SB), NOSPLIT, $0-40
	LEAFARGS(Mesh_verts)
	VADDR(0, R13, AX, BX, CX)
	CMPQ R10, $1
	JEQ one
	VADDR(1, R13, DX, SI, R10)
	JMP low

one:
	MOVQ AX, DX
	MOVQ BX, SI
	MOVQ CX, R10

low:
	LOWROWS
	CMPQ n+16(FP), $2
	JLE high
	VADDR(2, R13, AX, BX, CX)
	CMPQ n+16(FP), $3
	JEQ three
	VADDR(3, R13, DX, SI, R10)
	JMP high

three:
	MOVQ AX, DX
	MOVQ BX, SI
	MOVQ CX, R10

high:
	HIGHROWS
	VXORPD Y12, Y12, Y12
	BOX64(0, Y0, Y3, Y6)
	BOX64(1, Y1, Y4, Y7)
	BOX64(2, Y2, Y5, Y8)
	VMOVMSKPD Y12, DX
	NOTQ DX
	MOVQ $1, AX
	MOVQ n+16(FP), CX
	SHLQ CX, AX
	DECQ AX
	ANDQ AX, DX // the lanes in the box
	JZ none
	JMP leaf4frame<>(SB)

none:
	MOVQ $0, keep+32(FP)
	VZEROUPPER
	RET

// func leafBoxAVX2(tris *uint32, verts *[3]float32, b *nearBox, n int, vbase *uint32, first int) (in int)
TEXT ·leafBoxAVX2(SB), NOSPLIT, $0-56
	MOVQ tris+0(FP), R8
	MOVQ verts+8(FP), R9
	MOVQ b+16(FP), BX
	MOVQ n+24(FP), R10
	MOVQ vbase+32(FP), R11
	MOVQ first+40(FP), R12
	GATHER(lane1, lane2, lane3, zero1, zero2, zero3, pair01, pair23)
	BOXMASK
	MOVQ DX, in+48(FP)
	VZEROUPPER
	RET
