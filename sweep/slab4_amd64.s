//go:build amd64 && !purego

#include "textflag.h"

// SIDE folds one side of axis P's slabs (the min or the max bounds of the
// four children) into A (children 0-1) and B (children 2-3): the codes at
// the offset stored at P+Q of DI are widened to int32 and converted,
// decoded as o + q*s with the origin in X0 and the step in X1 (separately
// rounded: no FMA in SSE2), offset by the slabAxis value at P+O, scaled by
// the one at P+S and folded in with MINPD, as enterChildren does in Go.
// X7 is zero.
#define SIDE(P, Q, O, S, A, B) \
	MOVQ (P+Q)(DI), AX; \
	MOVSS (SI)(AX*1), X2; \
	PUNPCKLBW X7, X2; \
	PUNPCKLWL X7, X2; \
	CVTPL2PD X2, X3; \
	PSHUFD $0xEE, X2, X2; \
	CVTPL2PD X2, X2; \
	MULPD X1, X3; \
	MULPD X1, X2; \
	ADDPD X0, X3; \
	ADDPD X0, X2; \
	MOVSD (P+O)(DI), X4; \
	UNPCKLPD X4, X4; \
	SUBPD X4, X3; \
	SUBPD X4, X2; \
	MOVSD (P+S)(DI), X4; \
	UNPCKLPD X4, X4; \
	MULPD X4, X3; \
	MULPD X4, X2; \
	MINPD X3, A; \
	MINPD X2, B

// AXIS applies axis i (its slabAxis at offset P of DI) to the four
// children of the node at SI: X8, X9 hold minus the entry times of
// children 0-1 and 2-3, X10, X11 their exit times. It loads the node's
// origin (X0) and power-of-two step (X1, built from its exponent) on the
// axis, then folds in both sides (SIDE).
#define AXIS(i, P) \
	MOVSS (4*i)(SI), X0; \
	CVTSS2SD X0, X0; \
	UNPCKLPD X0, X0; \
	MOVBQSX (52+i)(SI), AX; \
	ADDQ $1023, AX; \
	SHLQ $52, AX; \
	MOVQ AX, X1; \
	UNPCKLPD X1, X1; \
	SIDE(P, 0, 16, 32, X8, X9); \
	SIDE(P, 8, 24, 40, X10, X11)

// func slab4(n *wnode, a *[3]slabAxis, tmax float64, t, x *[4]float64)
TEXT ·slab4(SB), NOSPLIT, $0-40
	MOVQ n+0(FP), SI
	MOVQ a+8(FP), DI
	MOVSD tmax+16(FP), X10
	UNPCKLPD X10, X10
	MOVUPS X10, X11
	XORPS X8, X8
	XORPS X9, X9
	PXOR X7, X7
	AXIS(0, 0)
	AXIS(1, 48)
	AXIS(2, 96)
	XORPS X12, X12
	SUBPD X8, X12
	XORPS X13, X13
	SUBPD X9, X13
	MOVQ t+24(FP), AX
	MOVUPS X12, 0(AX)
	MOVUPS X13, 16(AX)
	MOVQ x+32(FP), AX
	MOVUPS X10, 0(AX)
	MOVUPS X11, 16(AX)
	RET

// SIDE4 is SIDE for all four children at once in YMM registers (AVX2),
// into A, with X5/Y5 as scratch. The same operations in the same order as
// SIDE (VPMOVZXBD and VCVTDQ2PD widen the codes exactly; VMINPD picks as
// MINPD does), so the same bits.
#define SIDE4(P, Q, O, S, A) \
	MOVQ (P+Q)(DI), AX; \
	VPMOVZXBD (SI)(AX*1), X5; \
	VCVTDQ2PD X5, Y5; \
	VMULPD Y1, Y5, Y5; \
	VADDPD Y0, Y5, Y5; \
	VBROADCASTSD (P+O)(DI), Y4; \
	VSUBPD Y4, Y5, Y5; \
	VBROADCASTSD (P+S)(DI), Y4; \
	VMULPD Y4, Y5, Y5; \
	VMINPD Y5, A, A

// AXIS4(i, P) is AXIS in YMM registers (AVX2): Y8 holds minus the entry
// times of the four children, Y10 their exit times.
#define AXIS4(i, P) \
	MOVSS (4*i)(SI), X0; \
	CVTSS2SD X0, X0; \
	VBROADCASTSD X0, Y0; \
	MOVBQSX (52+i)(SI), AX; \
	ADDQ $1023, AX; \
	SHLQ $52, AX; \
	MOVQ AX, X1; \
	VBROADCASTSD X1, Y1; \
	SIDE4(P, 0, 16, 32, Y8); \
	SIDE4(P, 8, 24, 40, Y10)

// func slab4AVX2(n *wnode, a *[3]slabAxis, tmax float64, t *[4]float64) (in int)
TEXT ·slab4AVX2(SB), NOSPLIT, $0-40
	MOVQ n+0(FP), SI
	MOVQ a+8(FP), DI
	VBROADCASTSD tmax+16(FP), Y10
	VXORPD Y8, Y8, Y8
	AXIS4(0, 0)
	AXIS4(1, 48)
	AXIS4(2, 96)
	VXORPD Y12, Y12, Y12
	VSUBPD Y8, Y12, Y12
	MOVQ t+24(FP), AX
	VMOVUPD Y12, 0(AX)
	VCMPPD $2, Y10, Y12, Y13 // t <= x (LE_OS: false for a NaN)
	VMOVMSKPD Y13, AX
	MOVBQZX 55(SI), DX // n.live
	ANDQ DX, AX
	MOVQ AX, in+32(FP)
	VZEROUPPER
	RET

// func cpuid(leaf, sub uint32) (a, b, c, d uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, a+8(FP)
	MOVL BX, b+12(FP)
	MOVL CX, c+16(FP)
	MOVL DX, d+20(FP)
	RET

// func xgetbv0() (a, d uint32)
TEXT ·xgetbv0(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, a+0(FP)
	MOVL DX, d+4(FP)
	RET
