//go:build amd64 && !purego

#include "textflag.h"

// AXIS applies axis i (its slabAxis at offset P of DI) to the four
// children of the node at SI: X8, X9 hold minus the entry times of
// children 0-1 and 2-3, X10, X11 their exit times; X7 is zero. Codes are
// widened to int32 and converted, then decoded as o + q*s (separately
// rounded: no FMA in SSE2), offset, scaled and folded in with MINPD, as
// enterChildren does in Go.
#define AXIS(i, P) \
	MOVSS (4*i)(SI), X0; \
	CVTSS2SD X0, X0; \
	UNPCKLPD X0, X0; \
	MOVBQSX (52+i)(SI), AX; \
	ADDQ $1023, AX; \
	SHLQ $52, AX; \
	MOVQ AX, X1; \
	UNPCKLPD X1, X1; \
	MOVQ (P+0)(DI), AX; \
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
	MOVUPS (P+16)(DI), X4; \
	SUBPD X4, X3; \
	SUBPD X4, X2; \
	MOVUPS (P+48)(DI), X4; \
	MULPD X4, X3; \
	MULPD X4, X2; \
	MINPD X3, X8; \
	MINPD X2, X9; \
	MOVQ (P+8)(DI), AX; \
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
	MOVUPS (P+32)(DI), X4; \
	SUBPD X4, X3; \
	SUBPD X4, X2; \
	MOVUPS (P+64)(DI), X4; \
	MULPD X4, X3; \
	MULPD X4, X2; \
	MINPD X3, X10; \
	MINPD X2, X11

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
	AXIS(1, 80)
	AXIS(2, 160)
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

// AXIS4(i, P) is AXIS for all four children at once in YMM registers
// (AVX2): Y8 holds minus the entry times, Y10 the exit times. The same
// operations in the same order as AXIS (VPMOVZXBD and VCVTDQ2PD widen the
// codes exactly; VMINPD picks as MINPD does), so the same bits.
#define AXIS4(i, P) \
	MOVSS (4*i)(SI), X0; \
	CVTSS2SD X0, X0; \
	VBROADCASTSD X0, Y0; \
	MOVBQSX (52+i)(SI), AX; \
	ADDQ $1023, AX; \
	SHLQ $52, AX; \
	MOVQ AX, X1; \
	VBROADCASTSD X1, Y1; \
	MOVQ (P+0)(DI), AX; \
	VPMOVZXBD (SI)(AX*1), X2; \
	VCVTDQ2PD X2, Y2; \
	VMULPD Y1, Y2, Y2; \
	VADDPD Y0, Y2, Y2; \
	VBROADCASTSD (P+16)(DI), Y4; \
	VSUBPD Y4, Y2, Y2; \
	VBROADCASTSD (P+48)(DI), Y4; \
	VMULPD Y4, Y2, Y2; \
	VMINPD Y2, Y8, Y8; \
	MOVQ (P+8)(DI), AX; \
	VPMOVZXBD (SI)(AX*1), X3; \
	VCVTDQ2PD X3, Y3; \
	VMULPD Y1, Y3, Y3; \
	VADDPD Y0, Y3, Y3; \
	VBROADCASTSD (P+32)(DI), Y4; \
	VSUBPD Y4, Y3, Y3; \
	VBROADCASTSD (P+64)(DI), Y4; \
	VMULPD Y4, Y3, Y3; \
	VMINPD Y3, Y10, Y10

// func slab4AVX2(n *wnode, a *[3]slabAxis, tmax float64, t, x *[4]float64) (in int)
TEXT ·slab4AVX2(SB), NOSPLIT, $0-48
	MOVQ n+0(FP), SI
	MOVQ a+8(FP), DI
	VBROADCASTSD tmax+16(FP), Y10
	VXORPD Y8, Y8, Y8
	AXIS4(0, 0)
	AXIS4(1, 80)
	AXIS4(2, 160)
	VXORPD Y12, Y12, Y12
	VSUBPD Y8, Y12, Y12
	MOVQ t+24(FP), AX
	VMOVUPD Y12, 0(AX)
	MOVQ x+32(FP), AX
	VMOVUPD Y10, 0(AX)
	VCMPPD $2, Y10, Y12, Y13 // t <= x (LE_OS: false for a NaN)
	VMOVMSKPD Y13, AX
	MOVQ AX, in+40(FP)
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
