//go:build amd64 && !purego && !amd64.v3

#include "go_asm.h"
#include "textflag.h"

// Registers shared by the macros below: the triangle's vertices v0, v1,
// v2 in Y7, Y8, Y9, the start in Y10 and the motion (dw) in Y11, each in
// the lanes x, y, z (lane 3 zero); AX, BX, CX and DX point at the
// ellipsoid, the triangle, the start and the motion. X13 and X14 are
// scratch everywhere. The operations are the Go code's in its order,
// scalar where it is scalar; addition and multiplication are commutative
// in IEEE arithmetic, so only the order of the operations matters, not
// that of two operands.

// GATHER3 loads the float64 at OFF, OFF+STEP and OFF+2*STEP from R into
// the lanes 0, 1, 2 of Y (X is its lower half; lane 3 is zero), one
// element at a time: STEP 8 is a vector as stored, STEP 24 a column of
// the axes (the lanes: the three axes' components along one world axis).
// The caller has just stored its arguments, and a load that spans two of
// its stores, as a 16- or 32-byte load of a vector at offset 24 would,
// waits for them to reach the cache instead of being forwarded from them.
#define GATHER3(R, OFF, STEP, X, Y) \
	VMOVSD (OFF)(R), X; \
	VMOVHPD (OFF+STEP)(R), X, X; \
	VMOVSD (OFF+2*STEP)(R), X14; \
	VINSERTF128 $1, X14, Y, Y

// LOAD3 loads the vector (three float64) at OFF(R) into Y: GATHER3.
#define LOAD3(R, OFF, X, Y) GATHER3(R, OFF, 8, X, Y)

// BEYOND ANDs into Y1 and Y2 the comparisons of the vertex in V: s = v -
// c (c in Y5) above w (Y4), and below -w (Y6). Y0 and Y3 are scratch.
#define BEYOND(V) \
	VSUBPD Y5, V, Y0; \
	VCMPPD $0x1e, Y4, Y0, Y3; \
	VANDPD Y3, Y1, Y1; \
	VCMPPD $0x11, Y6, Y0, Y3; \
	VANDPD Y3, Y2, Y2

// HSUM sets the low lane of XD to (x + y) + z of the lanes of Y (X is its
// lower half), the order of vec3.dot's sums. z is taken first: a VEX
// scalar operation on X clears Y's upper half.
#define HSUM(Y, X, XD) \
	VEXTRACTF128 $1, Y, X14; \
	VUNPCKHPD X, X, X13; \
	VADDSD X13, X, XD; \
	VADDSD X14, XD, XD

// EDGES sets e1 = v1 - v0 (Y1), e2 = v2 - v0 (Y2) and bw = begin - v0
// (Y3): setFrame (vec3.sub).
#define EDGES \
	VSUBPD Y7, Y8, Y1; \
	VSUBPD Y7, Y9, Y2; \
	VSUBPD Y7, Y10, Y3

// NORMAL sets nw = e1 x e2 (Y4; vec3.cross: e1.yzx·e2.zxy - e1.zxy·e2.yzx,
// each product rounded, the lanes rotated by VPERMPD: yzx is 0xc9, zxy
// 0xd2), ee = |e1|²·|e2|² (X5) and nn = |nw|² (X6): triFrame.plane.
#define NORMAL \
	VPERMPD $0xc9, Y1, Y4; \
	VPERMPD $0xd2, Y2, Y5; \
	VMULPD Y5, Y4, Y4; \
	VPERMPD $0xd2, Y1, Y5; \
	VPERMPD $0xc9, Y2, Y6; \
	VMULPD Y6, Y5, Y5; \
	VSUBPD Y5, Y4, Y4; \
	VMULPD Y1, Y1, Y5; \
	HSUM(Y5, X5, X5); \
	VMULPD Y2, Y2, Y6; \
	HSUM(Y6, X6, X6); \
	VMULSD X6, X5, X5; \
	VMULPD Y4, Y4, Y6; \
	HSUM(Y6, X6, X6)

// SLABDOTS sets bn = bw·nw (X8) and dn = dw·nw (X9) (vec3.dot), over v1
// and v2.
#define SLABDOTS \
	VMULPD Y4, Y3, Y8; \
	HSUM(Y8, X8, X8); \
	VMULPD Y4, Y11, Y9; \
	HSUM(Y9, X9, X9)

// MAPNORMAL sets n = axes·nw (Y12), each lane an axis's dot with nw,
// (cx·nw.x + cy·nw.y) + cz·nw.z with cx the axes' x components
// (mat3.apply with the axes as rows), and leaves the columns cx, cy, cz in
// Y13, Y10, Y0, over the start.
#define MAPNORMAL \
	GATHER3(AX, 0, 24, X13, Y13); \
	VPERMPD $0x00, Y4, Y12; \
	VMULPD Y12, Y13, Y12; \
	GATHER3(AX, 8, 24, X10, Y10); \
	VPERMPD $0x55, Y4, Y14; \
	VMULPD Y14, Y10, Y14; \
	VADDPD Y14, Y12, Y12; \
	GATHER3(AX, 16, 24, X0, Y0); \
	VPERMPD $0xaa, Y4, Y14; \
	VMULPD Y14, Y0, Y14; \
	VADDPD Y14, Y12, Y12

// func sweptCullAVX(e *Ellipsoid, tri *geom.Triangle, begin, delta *mgl64.Vec3) (cull int)
//
// outsideSweptBox with the three world axes in the lanes x, y, z of one
// AVX register (lane 3 holds zeros, which no comparison passes): the same
// IEEE operations in the same order, lane by lane. For a triangle that
// test keeps, the rejection of triFrame.plane by missesSlab against maxT =
// 1, as ellipsoidTriangleInBox reaches it (see plane below).
TEXT ·sweptCullAVX(SB), NOSPLIT, $0-40
	MOVQ e+0(FP), AX
	MOVQ tri+8(FP), BX
	MOVQ begin+16(FP), CX
	MOVQ delta+24(FP), DX

	// ext = sqrt(a0² + a1² + a2²), summed in that order (extentK).
	LOAD3(AX, 0, X0, Y0)
	VMULPD Y0, Y0, Y0
	LOAD3(AX, 24, X1, Y1)
	VMULPD Y1, Y1, Y1
	VADDPD Y1, Y0, Y0
	LOAD3(AX, 48, X1, Y1)
	VMULPD Y1, Y1, Y1
	VADDPD Y1, Y0, Y0
	VSQRTPD Y0, Y0

	// c = b + 0.5·d (Y5), w = 0.5·|d| + ext, w += 1e-9·(w + |c|) (Y4),
	// -w (Y6): slabAbout.
	VBROADCASTSD ·boxConsts+0(SB), Y2 // 0.5
	VBROADCASTSD ·boxConsts+16(SB), Y3 // the mask of all bits but the sign
	LOAD3(DX, 0, X11, Y11)
	VMULPD Y2, Y11, Y5
	LOAD3(CX, 0, X10, Y10)
	VADDPD Y5, Y10, Y5
	VANDPD Y3, Y11, Y4
	VMULPD Y2, Y4, Y4
	VADDPD Y0, Y4, Y4
	VANDPD Y3, Y5, Y6
	VADDPD Y6, Y4, Y6
	VBROADCASTSD ·boxConsts+8(SB), Y2 // 1e-9
	VMULPD Y2, Y6, Y6
	VADDPD Y6, Y4, Y4
	VBROADCASTSD ·boxConsts+24(SB), Y2 // the sign bit
	VXORPD Y2, Y4, Y6

	// s = v - c for each vertex; Y1: every s > w, Y2: every s < -w
	// (allBeyond; GT_OQ and LT_OQ are false for a NaN, as Go's > and <).
	LOAD3(BX, 0, X7, Y7)
	VSUBPD Y5, Y7, Y0
	VCMPPD $0x1e, Y4, Y0, Y1
	VCMPPD $0x11, Y6, Y0, Y2
	LOAD3(BX, 24, X8, Y8)
	BEYOND(Y8)
	LOAD3(BX, 48, X9, Y9)
	BEYOND(Y9)

	VORPD Y2, Y1, Y1
	VMOVMSKPD Y1, SI
	ANDL $7, SI
	JZ plane
	VZEROUPPER
	MOVQ $1, cull+32(FP) // cullBox
	RET

	// The plane stage up to missesSlab (triFrame.plane against maxT = 1,
	// as ellipsoidTriangleInBox runs it). A triangle is decided here only
	// when the plain cross product stands (not nn < crossRecheck·ee,
	// where plane recomputes it exactly) and the plane is usable (nn >
	// SliverSine²·ee); the others are kept, for the Go code to decide.
	// rr = |n|² with n = axes·nw: plane takes three products instead when
	// the axes are diagonal (lin3), which changes only the sign of a zero
	// lane of n when nw is finite, and nw is finite whenever the plane is
	// usable (an infinite or NaN component makes nn infinite or NaN, or ee
	// infinite, and nn > SliverSine²·ee false), so rr is plane's. Then
	// missesSlab(bn, dn, rr, 1): centerSide's flip as an XOR of bn's sign
	// bit (multiplying by ±1 but for a NaN's sign, which no comparison
	// sees), rm = rr·(1 + 1e-12), left = dist + nd (maxT·nd is nd for
	// maxT = 1), rejected when dist² > rm and (not nd < 0, or left > 0 and
	// left² > rm). GT_OQ is Go's >, NLT_UQ its !(a < b), true for a NaN.
	// crossRecheck, SliverSine² and 1 + 1e-12 are leafConsts 4 to 6.
plane:
	EDGES
	NORMAL
	SLABDOTS
	MAPNORMAL
	VMULPD Y12, Y12, Y12
	HSUM(Y12, X12, X12)

	// Decided here (X3).
	VMOVSD ·leafConsts+32(SB), X1
	VMULSD X5, X1, X1
	VCMPSD $0x15, X1, X6, X3
	VMOVSD ·leafConsts+40(SB), X1
	VMULSD X5, X1, X1
	VCMPSD $0x1e, X1, X6, X1
	VANDPD X1, X3, X3

	// missesSlab: dist (X8), nd (X9), rm (X12), left (X1).
	VMOVSD ·boxConsts+24(SB), X1
	VANDPD X1, X8, X1
	VXORPD X1, X8, X8
	VXORPD X1, X9, X9
	VMOVSD ·leafConsts+48(SB), X1
	VMULSD X1, X12, X12
	VADDSD X9, X8, X1
	VMULSD X8, X8, X8
	VCMPSD $0x1e, X12, X8, X8
	VXORPD X0, X0, X0
	VCMPSD $0x15, X0, X9, X9
	VMULSD X1, X1, X2
	VCMPSD $0x1e, X12, X2, X2
	VCMPSD $0x1e, X0, X1, X1
	VANDPD X1, X2, X2
	VORPD X2, X9, X9
	VANDPD X9, X8, X8
	VANDPD X3, X8, X8

	VMOVMSKPD X8, SI
	ANDL $1, SI
	ADDL SI, SI // cullPlane (2) or cullKeep (0)
	VZEROUPPER
	MOVQ SI, cull+32(FP)
	RET

// STORE3(Y, X, OFF) stores the vector in Y (X its lower half) at OFF(DI):
// three float64, not the fourth lane.
#define STORE3(Y, X, OFF) \
	VMOVUPD X, (OFF)(DI); \
	VEXTRACTF128 $1, Y, X14; \
	VMOVSD X14, (OFF+16)(DI)

// func planeFrameAVX(f *triFrame, e *Ellipsoid, tri *geom.Triangle, begin, delta *mgl64.Vec3) (ok bool)
//
// setFrame, then triFrame.plane's values before its slab test with the
// axes as the normal's map (see sweptCullAVX for the operations and their
// order): f's origin, e1, e2, bw, dw, nw and usable, and when usable n,
// bn and dn. n is mat3.apply's (MAPNORMAL) unless the axes are diagonal
// (every off-diagonal component == 0, lin3.setDiag: NEQ_UQ is Go's !=,
// true for a NaN), where it is lin3's three products d·nw (vec3.scale). It
// reports false, having stored nothing, where plane would recompute nw
// exactly (nn < crossRecheck·ee; LT_OQ is Go's <).
TEXT ·planeFrameAVX(SB), NOSPLIT, $0-41
	MOVQ f+0(FP), DI
	MOVQ e+8(FP), AX
	MOVQ tri+16(FP), BX
	MOVQ begin+24(FP), CX
	MOVQ delta+32(FP), DX
	LOAD3(BX, 0, X7, Y7)
	LOAD3(BX, 24, X8, Y8)
	LOAD3(BX, 48, X9, Y9)
	LOAD3(CX, 0, X10, Y10)
	LOAD3(DX, 0, X11, Y11)
	EDGES
	NORMAL
	VMOVSD ·leafConsts+32(SB), X0
	VMULSD X5, X0, X0
	VCMPSD $0x11, X0, X6, X0
	VMOVMSKPD X0, SI
	TESTL $1, SI
	JNZ exact

	SLABDOTS
	STORE3(Y7, X7, triFrame_origin)
	STORE3(Y1, X1, triFrame_e1)
	STORE3(Y2, X2, triFrame_e2)
	STORE3(Y3, X3, triFrame_bw)
	STORE3(Y11, X11, triFrame_dw)
	STORE3(Y4, X4, triFrame_nw)
	VMOVSD ·leafConsts+40(SB), X0
	VMULSD X5, X0, X0
	VCMPSD $0x1e, X0, X6, X0
	VMOVMSKPD X0, SI
	ANDL $1, SI
	MOVB SI, triFrame_usable(DI)
	JZ done

	VMOVSD X8, triFrame_bn(DI)
	VMOVSD X9, triFrame_dn(DI)
	MAPNORMAL
	// diag: cx's lanes 1, 2, cy's 0, 2 and cz's 0, 1 all zero.
	VBLENDPD $1, Y10, Y13, Y1
	VBLENDPD $4, Y10, Y0, Y2
	VXORPD Y3, Y3, Y3
	VCMPPD $0x04, Y3, Y1, Y1
	VCMPPD $0x04, Y3, Y2, Y2
	VORPD Y2, Y1, Y1
	VMOVMSKPD Y1, SI
	ANDL $7, SI
	JNZ mapped
	VBLENDPD $2, Y10, Y13, Y12
	VBLENDPD $4, Y0, Y12, Y12
	VMULPD Y4, Y12, Y12
mapped:
	STORE3(Y12, X12, triFrame_n)
done:
	VZEROUPPER
	MOVB $1, ok+40(FP)
	RET
exact:
	VZEROUPPER
	MOVB $0, ok+40(FP)
	RET
