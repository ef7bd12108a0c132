//go:build amd64 && !purego && !amd64.v3

#include "go_asm.h"
#include "textflag.h"

// edge3AVX2: sweptCircle.edgeVertex's values for the three vertices
// and edges of a triangle, lane i for vertex i (v1) and the edge from it
// to the next vertex (v2), lane 3 vertex 0 again (padding, never read).
// Why they are the Go code's, bit for bit (as in leaf4_amd64.s):
//
//   - Each lane makes the operations of edgeVertex and lowestRoot in
//     their order: no FMA (Go on the baseline amd64 rounds x*y and then
//     x*y + z; see haveEdge3 for GOAMD64=v3), vec3.dot as (x*x' + y*y') +
//     z*z', vec3.sub per coordinate, vec3.madd as a + b*s, 2*x, 4*a*c as
//     (4*a)*c, -2*c / (b + sqrt(disc)) as ((-2)*c) / (b + sqrt(disc))
//     (VSQRTPD rounds as math.Sqrt does, correctly) and Go's unary minus
//     as an XOR of the sign bit. Addition and multiplication are
//     commutative in IEEE arithmetic, so the order of two operands does
//     not matter, only the order of the operations.
//   - The constants are edgeConsts, the Go code's own constant
//     expressions.
//   - Comparisons are GT_OQ (0x1e), GE_OQ (0x1d) and LE_OQ (0x12): Go's
//     >, >= and <=, false for NaN.
//   - lowestRoot's t for c >= 0 is +0: the quotient's lanes cleared by an
//     ANDN with the mask c >= 0.
//   - The order of two operands decides which NaN an operation returns
//     when both are NaN. In a sweep no NaN comes in (the vertices and the
//     motion are finite): one arises only from an overflow (Inf - Inf,
//     0*Inf), the processor's default NaN in the lanes as in Go's scalar
//     code, and a NaN t or f is never kept (it fails t <= upper and
//     0 <= f). TestEdgeVertex3MatchesScalar and FuzzEdgeVertex3 also give
//     NaN inputs.

#define EC(i) ·edgeConsts+(8*i)(SB)

// LOADV loads coordinate OFF of the three vertices into lanes 0-2 of YD
// and vertex 0's into lane 3. Scratch: XT.
#define LOADV(OFF, XD, YD, XT) \
	VMOVSD (0*24+OFF)(DI), XD; \
	VMOVHPD (1*24+OFF)(DI), XD, XD; \
	VMOVSD (2*24+OFF)(DI), XT; \
	VMOVHPD (0*24+OFF)(DI), XT, XT; \
	VINSERTF128 $1, XT, YD, YD

// DOT sets YD to (AX*BX + AY*BY) + AZ*BZ. Scratch: YT.
#define DOT(AX_, AY_, AZ_, BX_, BY_, BZ_, YD, YT) \
	VMULPD BX_, AX_, YD; \
	VMULPD BY_, AY_, YT; \
	VADDPD YT, YD, YD; \
	VMULPD BZ_, AZ_, YT; \
	VADDPD YT, YD, YD

// ROOT is lowestRoot on a, b, c (YA, YB, YC) but for the test against
// upper: it sets YT to t (+0 where c >= 0) and YK to the lanes where c
// >= 0 or b > 0. YA is scratch.
#define ROOT(YA, YB, YC, YT, YK) \
	VMULPD YB, YB, YT; \
	VBROADCASTSD EC(1), YK; \
	VMULPD YA, YK, YK; \
	VMULPD YC, YK, YK; \
	VSUBPD YK, YT, YT; \
	VSQRTPD YT, YT; \
	VADDPD YT, YB, YT; \
	VBROADCASTSD EC(2), YK; \
	VMULPD YC, YK, YK; \
	VDIVPD YT, YK, YT; \
	VXORPD YA, YA, YA; \
	VCMPPD $0x1d, YA, YC, YK; \
	VANDNPD YT, YK, YT; \
	VCMPPD $0x1e, YA, YB, YA; \
	VORPD YA, YK, YK

// func edge3AVX2(s *sweptCircle, verts *[3]vec3, size2, upper float64, l *edge3Vals) (cand int)
TEXT ·edge3AVX2(SB), NOSPLIT, $0-48
	MOVQ s+0(FP), SI
	MOVQ verts+8(FP), DI
	MOVQ l+32(FP), DX
	LOADV(0, X0, Y0, X3) // v1, lanes 0-2 vertices 0-2
	LOADV(8, X1, Y1, X3)
	LOADV(16, X2, Y2, X3)
	VBROADCASTSD (sweptCircle_B+0)(SI), Y10
	VBROADCASTSD (sweptCircle_B+8)(SI), Y11
	VBROADCASTSD (sweptCircle_B+16)(SI), Y12
	VBROADCASTSD (sweptCircle_D+0)(SI), Y13
	VBROADCASTSD (sweptCircle_D+8)(SI), Y14
	VBROADCASTSD (sweptCircle_D+16)(SI), Y15

	// 3.4, the vertex: bv = v1 - B, vv = bv·bv, a = r1 - dd,
	// b = r2 + 2*(D·bv), c = r3 - vv.
	VSUBPD Y10, Y0, Y3
	VSUBPD Y11, Y1, Y4
	VSUBPD Y12, Y2, Y5
	DOT(Y3, Y4, Y5, Y3, Y4, Y5, Y6, Y7)       // vv
	DOT(Y13, Y14, Y15, Y3, Y4, Y5, Y7, Y8)    // D·bv
	DOT(Y13, Y14, Y15, Y13, Y14, Y15, Y8, Y9) // dd
	VBROADCASTSD sweptCircle_r1(SI), Y3
	VSUBPD Y8, Y3, Y3
	VBROADCASTSD EC(0), Y4
	VMULPD Y7, Y4, Y7
	VBROADCASTSD sweptCircle_r2(SI), Y4
	VADDPD Y7, Y4, Y4
	VBROADCASTSD sweptCircle_r3(SI), Y5
	VSUBPD Y6, Y5, Y5
	VMOVUPD Y5, edge3Vals_cv(DX)
	ROOT(Y3, Y4, Y5, Y7, Y9)
	VMOVUPD Y7, edge3Vals_tv(DX)
	VBROADCASTSD upper+24(FP), Y3
	VCMPPD $0x12, Y3, Y7, Y7
	VANDPD Y7, Y9, Y9
	VMOVMSKPD Y9, CX // the vertex candidates: a root and tv <= upper

	// 3.5, the edge: e = v2 - v1 (v2 is v1's lanes rotated down by one),
	// then vb = B - v1.
	VPERMPD $0xc9, Y0, Y3
	VSUBPD Y0, Y3, Y3
	VPERMPD $0xc9, Y1, Y4
	VSUBPD Y1, Y4, Y4
	VPERMPD $0xc9, Y2, Y5
	VSUBPD Y2, Y5, Y5
	VMOVUPD Y3, edge3Vals_ex(DX)
	VMOVUPD Y4, edge3Vals_ey(DX)
	VMOVUPD Y5, edge3Vals_ez(DX)
	VSUBPD Y0, Y10, Y0
	VSUBPD Y1, Y11, Y1
	VSUBPD Y2, Y12, Y2

	// ee = e·e; m2 = 2e-24*(vv + dd + 1)*ee; isEdge: ee > minEdgeSq*size2
	// and ee > tinyEdgeSq.
	DOT(Y3, Y4, Y5, Y3, Y4, Y5, Y7, Y9)
	VMOVUPD Y7, edge3Vals_ee(DX)
	VADDPD Y8, Y6, Y6
	VBROADCASTSD EC(6), Y9
	VADDPD Y9, Y6, Y6
	VBROADCASTSD EC(5), Y9
	VMULPD Y6, Y9, Y6
	VMULPD Y7, Y6, Y6
	VMOVUPD Y6, edge3Vals_m2(DX)
	VBROADCASTSD size2+16(FP), Y6
	VBROADCASTSD EC(3), Y9
	VMULPD Y6, Y9, Y6
	VCMPPD $0x1e, Y6, Y7, Y6
	VBROADCASTSD EC(4), Y9
	VCMPPD $0x1e, Y9, Y7, Y9
	VANDPD Y9, Y6, Y6
	VMOVMSKPD Y6, BX // isEdge

	// f0 = vb·e, g = D·e, then bPerp = vb + e*(-f0/ee) and
	// dPerp = D + e*(-g/ee).
	DOT(Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y9)
	VMOVUPD Y6, edge3Vals_f0(DX)
	DOT(Y13, Y14, Y15, Y3, Y4, Y5, Y8, Y9)
	VMOVUPD Y8, edge3Vals_g(DX)
	VBROADCASTSD EC(7), Y9
	VXORPD Y9, Y6, Y10
	VDIVPD Y7, Y10, Y10 // -f0/ee
	VXORPD Y9, Y8, Y11
	VDIVPD Y7, Y11, Y11 // -g/ee
	VMULPD Y10, Y3, Y6
	VADDPD Y6, Y0, Y6
	VMULPD Y10, Y4, Y7
	VADDPD Y7, Y1, Y7
	VMULPD Y10, Y5, Y8
	VADDPD Y8, Y2, Y8 // bPerp: Y6-Y8
	VMULPD Y11, Y3, Y9
	VADDPD Y9, Y13, Y9
	VMULPD Y11, Y4, Y10
	VADDPD Y10, Y14, Y10
	VMULPD Y11, Y5, Y11
	VADDPD Y11, Y15, Y11 // dPerp: Y9-Y11

	// a = r1 - dPerp·dPerp, b = r2 - 2*(dPerp·bPerp),
	// c = r3 - bPerp·bPerp.
	DOT(Y9, Y10, Y11, Y9, Y10, Y11, Y3, Y4)
	VBROADCASTSD sweptCircle_r1(SI), Y4
	VSUBPD Y3, Y4, Y3
	DOT(Y9, Y10, Y11, Y6, Y7, Y8, Y4, Y5)
	VBROADCASTSD EC(0), Y5
	VMULPD Y4, Y5, Y4
	VBROADCASTSD sweptCircle_r2(SI), Y5
	VSUBPD Y4, Y5, Y4
	DOT(Y6, Y7, Y8, Y6, Y7, Y8, Y5, Y9)
	VBROADCASTSD sweptCircle_r3(SI), Y9
	VSUBPD Y5, Y9, Y5
	VMOVUPD Y5, edge3Vals_ce(DX)
	ROOT(Y3, Y4, Y5, Y6, Y8)
	VMOVUPD Y6, edge3Vals_te(DX)

	// f = (vb + D*t)·e; on the edge: f >= 0 and f <= ee.
	VMULPD Y6, Y13, Y9
	VADDPD Y9, Y0, Y9
	VMULPD Y6, Y14, Y10
	VADDPD Y10, Y1, Y10
	VMULPD Y6, Y15, Y11
	VADDPD Y11, Y2, Y11
	VMULPD edge3Vals_ex(DX), Y9, Y9
	VMULPD edge3Vals_ey(DX), Y10, Y10
	VADDPD Y10, Y9, Y9
	VMULPD edge3Vals_ez(DX), Y11, Y11
	VADDPD Y11, Y9, Y9
	VMOVUPD Y9, edge3Vals_f(DX)
	VXORPD Y10, Y10, Y10
	VCMPPD $0x1d, Y10, Y9, Y10
	VMOVUPD edge3Vals_ee(DX), Y11
	VCMPPD $0x12, Y11, Y9, Y11
	VANDPD Y11, Y10, Y10
	VANDPD Y10, Y8, Y8
	VBROADCASTSD upper+24(FP), Y3
	VCMPPD $0x12, Y3, Y6, Y6
	VANDPD Y6, Y8, Y8
	VMOVMSKPD Y8, AX // the edge candidates: a root, on the edge, te <= upper
	ANDQ BX, AX // and an edge
	SHLQ $4, AX
	ORQ CX, AX
	ANDQ $0x77, AX
	MOVQ AX, cand+40(FP)
	VZEROUPPER
	RET
